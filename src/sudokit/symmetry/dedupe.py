"""Removing isomorphs (or exact duplicates) from a collection: the first puzzle of each class
is kept, in input order.

A puzzle's *key* is a 16-byte BLAKE2b digest of its canonical form (or, for exact
duplicates, of its cells as written): two keys collide by chance with a probability of
about n^2 / 2^129 for n puzzles (below 10^-20 for a billion).

Small collections keep the set of keys seen in memory (``first_of_each``). Larger ones go
through ``Spill``, in memory bounded by one bucket and one bit per puzzle: pass 1 writes
(key, index) pairs into bucket files by the key's first bytes, pass 2 sorts each bucket
and marks the first index of each key in a bitmap, pass 3 (the caller's) streams the input
again and keeps the marked puzzles.

>>> from sudokit import Grid
>>> a = Grid("1" + "." * 80)
>>> list(first_of_each([a, Grid("." * 80 + "5"), Grid("2" + "." * 80)]))
[0]
>>> list(first_of_each([a, Grid("." * 80 + "5")], exact=True))
[0, 1]
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from typing import BinaryIO

from ..candidates import Candidates
from ..grid import Grid
from .canon import CLASHED, TRANSFORM_BYTES, checked, forms_of

#: Bytes per key.
DIGEST = 16

#: Bytes per (key, index) pair in a bucket file.
PAIR = DIGEST + 8

#: A bucket of at most about this many bytes is sorted at once (pass 2).
BUCKET_BYTES = 64 << 20

#: The most bucket files open at once.
MAX_BUCKETS = 512


def digest(data: bytes) -> bytes:
    """The 16-byte key of ``data``."""
    return hashlib.blake2b(data, digest_size=DIGEST).digest()


def exact_key(item: Grid | Candidates) -> bytes:
    """The key of a puzzle as written (any size; a pencil-mark board by its marks)."""
    if isinstance(item, Candidates):
        return digest(b"m%d:" % item.n + ",".join(map(str, item.masks)).encode())
    return digest(b"g%d:" % item.n + bytes(item.cells))


def class_keys(cells: bytes, count: int) -> tuple[list[bytes], int]:
    """The keys of the classes of ``count`` 9x9 puzzles (81 bytes each, 0 for a blank), and
    how many of them have givens that clash: those have no canonical form and are keyed as
    written (so that only their exact copies are dropped)."""
    forms, transforms = forms_of(cells, count)
    keys = []
    clashes = 0
    for i in range(count):
        if transforms[TRANSFORM_BYTES * i] == CLASHED:
            keys.append(digest(b"x" + cells[81 * i:81 * (i + 1)]))
            clashes += 1
        else:
            keys.append(digest(bytes(forms[81 * i:81 * (i + 1)])))
    return keys, clashes


def class_keys_of(cells: bytes) -> tuple[list[bytes], int]:
    """``class_keys`` of the 9x9 puzzles of ``cells`` (81 bytes each): a piece of work for
    an executor (a module-level function of plain data, so that it travels to a cluster)."""
    return class_keys(cells, len(cells) // 81)


def first_of_each(grids: Iterable[Grid], exact: bool = False) -> Iterator[int]:
    """The indices of the first puzzle of each class (of each set of exact duplicates with
    ``exact``) among ``grids``, in order. Without ``exact``, the puzzles must be 9x9 with
    givens that do not clash."""
    seen: set[bytes] = set()
    for i, grid in enumerate(grids):
        if exact:
            key = exact_key(grid)
        else:
            key = class_keys(bytes(checked(grid, "first_of_each").cells), 1)[0][0]
        if key not in seen:
            seen.add(key)
            yield i


def buckets_for(size: int) -> int:
    """How many bucket files an input of ``size`` bytes (lines of about 82) needs so that
    each holds about ``BUCKET_BYTES``: a power of two, 16 to ``MAX_BUCKETS``."""
    want = size // 82 * PAIR // BUCKET_BYTES + 1
    count = 16
    while count < want and count < MAX_BUCKETS:
        count *= 2
    return count


class Spill:
    """The (key, index) pairs of a collection in bucket files under a temporary directory,
    and the bitmap of the indices to keep. Use as a context manager (the files go away)."""

    def __init__(self, buckets: int = 16, directory: str | None = None) -> None:
        if type(buckets) is not int or not 1 <= buckets <= MAX_BUCKETS:
            raise ValueError(f"Spill: buckets must be 1 to {MAX_BUCKETS}, not {buckets!r}")
        self._dir = tempfile.TemporaryDirectory(prefix="sudokit-dedupe-", dir=directory)
        self.buckets = buckets
        self.count = 0
        self._files: list[BinaryIO] = [
            open(os.path.join(self._dir.name, f"{b:04d}"), "wb")  # noqa: SIM115 - closed in close()
            for b in range(buckets)]

    def add(self, keys: Sequence[bytes]) -> None:
        """Note the keys of the next ``len(keys)`` puzzles (indices go on from the last)."""
        import numpy as np  # deferred: only a spilled run needs NumPy

        n = len(keys)
        pairs = np.empty(n, dtype=[("key", f"S{DIGEST}"), ("index", "<u8")])
        pairs["key"] = np.frombuffer(b"".join(keys), dtype=f"S{DIGEST}")
        pairs["index"] = np.arange(self.count, self.count + n, dtype=np.uint64)
        head = np.frombuffer(b"".join(keys), dtype=">u2")[::DIGEST // 2]
        bucket = head % self.buckets
        order = np.argsort(bucket, kind="stable")
        bounds = np.searchsorted(bucket[order], np.arange(self.buckets + 1))
        for b in range(self.buckets):
            if bounds[b] < bounds[b + 1]:
                self._files[b].write(pairs[order[bounds[b]:bounds[b + 1]]].tobytes())
        self.count += n

    def kept(self) -> bytearray:
        """The bitmap (bit i of byte i // 8) of the first index of each key."""
        import numpy as np  # deferred: only a spilled run needs NumPy

        bits = np.zeros((self.count + 7) // 8, dtype=np.uint8)
        for f in self._files:
            f.close()
        for b in range(self.buckets):
            data = np.fromfile(os.path.join(self._dir.name, f"{b:04d}"),
                               dtype=[("hi", ">u8"), ("lo", ">u8"), ("index", "<u8")])
            if not data.size:
                continue
            order = np.lexsort((data["index"], data["lo"], data["hi"]))
            data = data[order]
            first = np.ones(data.size, dtype=bool)
            first[1:] = (data["hi"][1:] != data["hi"][:-1]) | (data["lo"][1:] != data["lo"][:-1])
            index = data["index"][first]
            np.bitwise_or.at(bits, index >> 3, (1 << (index & 7)).astype(np.uint8))
        return bytearray(bits.tobytes())

    def close(self) -> None:
        """Remove the bucket files."""
        for f in self._files:
            f.close()
        self._dir.cleanup()

    def __enter__(self) -> Spill:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def is_kept(bitmap: bytearray, index: int) -> bool:
    """Whether ``index`` is marked in a bitmap of ``Spill.kept``."""
    return bool(bitmap[index >> 3] >> (index & 7) & 1)

