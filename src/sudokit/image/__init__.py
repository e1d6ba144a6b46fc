"""Reading a sudoku from a photo (the ``photo`` extra: OpenCV's headless wheel and NumPy). It
may import the formats, the solver, the engine and the values under them.

>>> from sudokit import image
>>> reading = image.read("puzzle.jpg")              # doctest: +SKIP
>>> reading.grid, reading.unique, reading.doubtful  # doctest: +SKIP
>>> image.kind_of(b"RIFF....WEBPVP8 "), image.kind_of(b"4...3.......6..8...") is None
('webp', True)

:func:`read` finds the grid (the largest quadrilateral whose inside shows a 9 x 9 grid's
lines; where no outline shows one, the grid's lines themselves:
:mod:`sudokit.image.gridlines`), straightens it, cuts its 81 cells, tells empty cells
from digits, and reads each digit with a small convolutional network shipped with the
package (run in NumPy). The solver then
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
from .kinds import kind_of

if TYPE_CHECKING:
    import numpy as np

    from .reading import Reading

__all__ = ["ImageError", "kind_of", "read"]


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
