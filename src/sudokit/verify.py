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

    units = np.asarray(shape.units, dtype=np.intp)  # (3N, N) cell indices
    values = solutions.astype(np.uint64)
    # digit d becomes bit d-1; a blank (0) becomes no bit at all
    bits = np.where(values > 0, np.left_shift(np.uint64(1), values - np.uint64(1)), np.uint64(0))
    seen = np.bitwise_or.reduce(bits[:, units], axis=2)  # (B, 3N)
    # N cells holding all N digits: each exactly once
    complete = (seen == np.uint64(shape.full_mask)).all(axis=1)
    kept = ((puzzles == 0) | (puzzles == solutions)).all(axis=1)
    return complete & kept
