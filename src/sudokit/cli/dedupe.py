"""``sudoku dedupe``: keep the first puzzle of each isomorph class (or of each set of exact
duplicates), in input order, the records written as they were read."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..errors import ShapeError
from ._cluster import add_cluster_argument, cluster_executor
from ._inputs import Tally, add_input_arguments, add_jobs_argument, each_chunk
from .canon import cells_of, pieces
from .env import Env

if TYPE_CHECKING:
    from ..executors import Executor

#: Inputs of more bytes than this (all files together) are deduplicated in bounded
#: memory, through bucket files; smaller ones (and standard input) keep their keys in a set.
IN_MEMORY_BYTES = 256 << 20


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku dedupe`` and its options."""
    p = sub.add_parser(
        "dedupe",
        help="keep the first 9x9 puzzle of each isomorph class, in order",
        description="Write the first puzzle of each class of puzzles that are the same up to "
        "the symmetries of sudoku (the same canonical form; see 'sudoku canon'), in input "
        "order, each record as it was read; with --exact, the first of each set of puzzles "
        "with the same cells (any size). Inputs larger than 256 MiB are read twice, with "
        "the keys in temporary bucket files (memory: one bucket and a bit per puzzle). "
        "Puzzles whose givens clash are compared as written. See docs/symmetry.md.",
    )
    add_input_arguments(p)
    p.add_argument("--exact", action="store_true",
                   help="drop exact duplicates only (the same cells), not other isomorphs")
    p.add_argument("--stats", action="store_true",
                   help="say on standard error how many puzzles were read and how many "
                   "classes (puzzles kept) they make")
    p.add_argument("--temp-dir", metavar="DIR",
                   help="where a large input's bucket files go (default: the system's "
                   "temporary directory)")
    add_jobs_argument(p)
    add_cluster_argument(p)


def run(args: argparse.Namespace, env: Env) -> int:
    """Write the kept records, in order; the exit status."""
    tally = Tally()
    names = args.files or ["-"]
    size = sum(os.path.getsize(n) for n in names if n != "-" and os.path.isfile(n))
    with _executor(args) as executor:
        if "-" not in names and size > IN_MEMORY_BYTES:
            counts = _spilled(args, env, tally, size, executor)
        else:
            counts = _in_memory(args, env, tally, executor)
    read, kept, clashes = counts
    if clashes and not args.exact:
        env.warn(f"{clashes} puzzle{'s' * (clashes != 1)} with clashing givens "
                 "(no canonical form) compared as written")
    if args.stats:
        what = "distinct puzzles" if args.exact else "classes"
        env.warn(f"{read} puzzles read, {kept} {what} kept, {read - kept} dropped")
    return tally.status


def _keyed(args: argparse.Namespace, env: Env, tally: Tally, executor: Executor
           ) -> Iterator[tuple[Any, list[Any], list[bytes | None], int]]:
    """(input, items, key of each of their records or None when unreadable, clashes)
    for the items of every input in pieces, in order; the canonical forms are searched by
    ``executor`` (threads, or a cluster), a few pieces ahead."""
    # imported when needed: the command's start-up stays fast
    from ..formats import Batch
    from ..symmetry.dedupe import class_keys_of, exact_key

    if args.exact:
        for opened, piece in pieces(each_chunk(args, env, tally)):
            keys: list[bytes | None] = []
            for item in piece:
                records = item.records() if isinstance(item, Batch) else [item]
                keys.extend(None if r.error is not None or r.item is None
                            else exact_key(r.item) for r in records)
            yield opened, piece, keys, 0
        return
    held: deque[tuple[Any, list[Any]]] = deque()

    def cells() -> Iterator[bytes]:
        for opened, piece in pieces(each_chunk(args, env, tally)):
            for item in piece:
                _check(item, opened.source)
            held.append((opened, piece))
            yield b"".join(cells_of(item) for item in piece)

    for piece_keys, clashes in executor.map(class_keys_of, cells()):
        opened, piece = held.popleft()
        yield opened, piece, _spread(piece, piece_keys), clashes


def _spread(piece: list[Any], found: list[bytes]) -> list[bytes | None]:
    """The keys of a piece's records in order: None for an unreadable one (it has none)."""
    at = iter(found)
    keys: list[bytes | None] = []
    for item in piece:
        rows = getattr(item, "rows", None)
        if rows is not None:
            keys.extend(next(at) for _ in range(rows))
        else:
            keys.append(None if item.error is not None else next(at))
    return keys


def _check(item: Any, source: str) -> None:
    """Refuse a puzzle that has no canonical form here (another size, pencil marks)."""
    # imported when needed: the command's start-up stays fast
    from ..grid import Grid
    from ..symmetry.canon import SHAPE

    if getattr(item, "rows", None) is not None:
        if item.shape != SHAPE:
            raise ShapeError(f"{source}, line {item.line}: a {item.shape.n}x{item.shape.n} "
                             "puzzle: isomorphs are found among 9x9 puzzles with 3x3 boxes "
                             "(--exact drops exact duplicates of any size)")
        return
    if item.error is not None:
        return
    if not isinstance(item.item, Grid) or item.item.shape != SHAPE:
        what = (f"a {item.item.n}x{item.item.n} puzzle" if isinstance(item.item, Grid)
                else "a board of pencil marks")
        raise ShapeError(f"{source}, line {item.line}: {what}: isomorphs are found among "
                         "9x9 puzzles of digits with 3x3 boxes (--exact drops exact "
                         "duplicates of any size)")


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor]:
    """Where the canonical forms are searched: the cluster of --cluster, else --jobs
    threads (the search lets go of the GIL)."""
    # imported when needed: the command's start-up stays fast
    from ..executors import InlineExecutor, thread_executor

    with cluster_executor(args) as cluster:
        if cluster is not None:
            yield cluster
            return
        with (thread_executor(args.jobs) if args.jobs > 1 else InlineExecutor()) as pool:
            yield pool


def _in_memory(args: argparse.Namespace, env: Env, tally: Tally, executor: Executor
               ) -> tuple[int, int, int]:
    """One pass, the keys seen kept in a set; (read, kept, clashes)."""
    out = _Out(env)
    seen: set[bytes] = set()
    read = kept = clashes = 0
    try:
        for opened, piece, keys, piece_clashes in _keyed(args, env, tally, executor):
            clashes += piece_clashes
            marks = []
            for key in keys:
                if key is None:
                    marks.append(True)
                    continue
                read += 1
                new = key not in seen
                if new:
                    seen.add(key)
                    kept += 1
                marks.append(new)
            out.write(opened, piece, marks)
    finally:
        out.close()
    return read, kept, clashes


def _spilled(args: argparse.Namespace, env: Env, tally: Tally, size: int,
             executor: Executor) -> tuple[int, int, int]:
    """Three passes in bounded memory (see ``sudokit.symmetry.dedupe``); (read, kept,
    clashes)."""
    # imported when needed: the command's start-up stays fast
    from ..symmetry.dedupe import Spill, buckets_for, is_kept

    quiet = Env(stdin=env.stdin, stdout=io.BytesIO(), stderr=io.StringIO(),
                stdin_isatty=False)  # the first pass says nothing: the last one reports
    quiet.show_progress = False
    clashes = 0
    with Spill(buckets_for(size), args.temp_dir) as spill:
        for _, _, keys, piece_clashes in _keyed(args, quiet, Tally(), executor):
            clashes += piece_clashes
            spill.add([k for k in keys if k is not None])
        bitmap = spill.kept()
        read = spill.count
    kept = 0
    index = 0
    out = _Out(env)
    try:
        for opened, piece in pieces(each_chunk(args, env, tally)):
            marks = []
            for item in piece:
                rows = getattr(item, "rows", None)
                if rows is None and item.error is not None:  # unreadable: kept in place
                    marks.append(True)
                    continue
                for _ in range(rows or 1):
                    keep = is_kept(bitmap, index)
                    index += 1
                    kept += keep
                    marks.append(keep)
            out.write(opened, piece, marks)
    finally:
        out.close()
    return read, kept, clashes


class _Out:
    """The records kept, written in their input's format, as they were read."""

    def __init__(self, env: Env) -> None:
        self.env = env
        self.writer: Any = None

    def write(self, opened: Any, piece: list[Any], marks: list[bool]) -> None:
        """Write the items of ``piece`` whose records are marked (one mark a record)."""
        # imported when needed: the command's start-up stays fast
        from .. import formats

        if self.writer is None or self.writer.fmt != opened.format:
            self.close()
            self.writer = formats.Writer(opened.format, self.env.stdout)
        at = 0
        for item in piece:
            rows = getattr(item, "rows", None)
            if rows is None:
                if marks[at]:
                    self._record(item)
                at += 1
                continue
            mine = marks[at:at + rows]
            at += rows
            if opened.format == "line":
                self._batch_lines(item, mine)
            else:
                for record, keep in zip(item.records(), mine, strict=True):
                    if keep:
                        self._record(record)

    def _record(self, record: Any) -> None:
        if record.error is not None:  # reported when read
            self.writer.write_message(f"ERROR: {record.error}", record.style)
        else:
            self.writer.write(record.item, record.style)

    def _batch_lines(self, batch: Any, marks: list[bool]) -> None:
        """The marked lines of a run of lines, its comments before and after kept."""
        n = batch.shape.ncells
        style = batch.style
        symbols = (style.blank[:1] or ".").encode() + b"123456789"
        table = bytes.maketrans(bytes(range(10)), symbols)
        eol = style.eol.encode()
        rows = [batch.cells[i * n:(i + 1) * n] for i, keep in enumerate(marks) if keep]
        if n != 81:  # other sizes write through the line format's own encoder
            for record, keep in zip(batch.records(), marks, strict=True):
                if keep:
                    self._record(record)
            return
        self.writer.write_encoded(b"".join(r.translate(table) + eol for r in rows), style,
                                  len(rows))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None
