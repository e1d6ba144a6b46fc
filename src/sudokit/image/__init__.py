"""Reading a sudoku from a photo (the ``photo`` extra: OpenCV's headless wheel and NumPy).

>>> from sudokit import image
>>> reading = image.read("puzzle.jpg")              # doctest: +SKIP
>>> reading.grid, reading.unique, reading.doubtful  # doctest: +SKIP
>>> image.kind_of(b"RIFF....WEBPVP8 "), image.kind_of(b"4...3.......6..8...") is None
('webp', True)

:func:`read` finds the grid (the largest quadrilateral whose inside shows a 9 x 9 grid's
lines), straightens it, cuts its 81 cells, tells empty cells from digits, and reads each digit
with a small convolutional network shipped with the package (run in NumPy). The solver then
checks the reading: a puzzle with clashing digits, no solution or several is not final, and
the network's next choices are tried in its least confident cells until the puzzle has exactly
one solution (:mod:`sudokit.image.repair`).

:func:`kind_of` tells a photo by its first bytes; it is cheap (OpenCV is imported only when a
photo is read: its import alone takes a tenth of a second).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..errors import ImageError
from ..extras import install_hint

if TYPE_CHECKING:
    import numpy as np

    from .reading import Reading

__all__ = ["ImageError", "kind_of", "read"]


def kind_of(head: bytes) -> str | None:
    """'jpeg', 'png' or 'webp' when ``head`` (a file's first 12 bytes or more) starts like
    one of them, else None."""
    if not isinstance(head, bytes | bytearray | memoryview):
        raise TypeError(f"kind_of: head must be bytes (a file's first bytes), not "
                        f"{type(head).__name__}")
    head = bytes(head[:12])
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    return None


def read(source: str | os.PathLike[str] | bytes | np.ndarray) -> Reading:
    """Read the sudoku in a photo (file name, file bytes, or image array): a Reading with
    the grid, a confidence per cell, the grid's corners and the alternatives considered.
    See :func:`sudokit.image.reading.read`."""
    try:
        # deferred: OpenCV is an optional extra and slow to import
        from .reading import read as read_photo
    except ImportError as e:
        raise ImageError(
            f"reading photos needs the photo extra ({install_hint('photo')}): {e}"
        ) from None
    return read_photo(source)
