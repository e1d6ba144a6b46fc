"""Check many answers at once: is each row of an array a solution of the matching puzzle?

The batch paths never hand out an answer unchecked; checking puzzle by puzzle in Python would
cost more than solving, so the check is done on whole arrays with NumPy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .shape import Shape

if TYPE_CHECKING:
    import numpy as np


def valid_solutions(puzzles: np.ndarray, solutions: np.ndarray, shape: Shape) -> np.ndarray:
    """A boolean per row: does ``solutions[i]`` keep every given of ``puzzles[i]`` and hold
    each digit 1..N exactly once in every row, column and box?"""
    import numpy as np

    bits = _digit_bits(shape.n)[solutions]  # (B, N*N): digit d as bit d-1, anything else 0
    # the k-th cell of every unit at once, OR-ed over k: (B, 3N) masks of the digits seen
    by_position = np.asarray(shape.units, dtype=np.intp).T
    seen = np.take(bits, by_position[0], axis=1)
    for cells in by_position[1:]:
        seen |= np.take(bits, cells, axis=1)
    # N cells holding all N digits: each exactly once
    complete = (seen == shape.full_mask).all(axis=1)
    changed = (puzzles != solutions) & (puzzles != 0)
    return complete & ~changed.any(axis=1)


def _digit_bits(n: int) -> np.ndarray:
    """Value -> its bit (1 -> 1, 2 -> 2, 3 -> 4, ...) for the digits 1..n; 0 for every other
    byte, so a blank or an out-of-range value never completes a unit. The narrowest integer
    type that holds n bits keeps the arrays small."""
    import numpy as np

    dtype = np.uint16 if n <= 16 else np.uint32 if n <= 32 else np.uint64
    table = np.zeros(256, dtype=dtype)
    table[1 : n + 1] = np.left_shift(1, np.arange(n, dtype=dtype), dtype=dtype)
    return table
