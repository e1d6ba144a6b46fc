"""Check many answers at once: is each row of an array a solution of the matching puzzle?

The batch paths never hand out an answer unchecked; checking puzzle by puzzle in Python would
cost more than solving, so the check is done on whole arrays with NumPy.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import CellCountError, ShapeError, SymbolError
from ..rules import Rules
from ..shape import Shape


def valid_solutions(puzzles: np.ndarray, solutions: np.ndarray, shape: Shape) -> np.ndarray:
    """A boolean per row: does ``solutions[i]`` keep every given of ``puzzles[i]`` and hold
    each digit 1..N exactly once in every row, column and box?"""
    checked(puzzles, solutions, shape, "valid_solutions")
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


def valid_under_rules(puzzles: np.ndarray, solutions: np.ndarray, rules: Rules) -> np.ndarray:
    """A boolean per row: does ``solutions[i]`` keep every given of ``puzzles[i]`` and keep
    every one of ``rules``: each house's digits all different, the pairs that may not
    repeat a digit, the neighbours that may not hold consecutive digits, the odd and even
    cells, and the cages, lines, dots and signs (``Rules.keeps``)?"""
    if not isinstance(rules, Rules):
        raise TypeError(f"valid_under_rules: rules must be a Rules, not {type(rules).__name__}")
    checked(puzzles, solutions, rules.shape, "valid_under_rules")
    ok = ~((puzzles != solutions) & (puzzles != 0)).any(axis=1)
    values = solutions.astype(np.int64)
    bits = _digit_bits(rules.size)[solutions].astype(np.uint64)
    for house in rules.houses:
        seen = np.zeros(len(solutions), dtype=np.uint64)
        count = np.zeros(len(solutions), dtype=np.uint64)
        for cell in house:
            seen |= bits[:, cell]
        for k in range(rules.size):
            count += (seen >> np.uint64(k)) & np.uint64(1)
        ok &= count == len(house)
    for a, b in rules.differ:
        ok &= values[:, a] != values[:, b]
    for a, b in rules.non_consecutive_pairs:
        ok &= np.abs(values[:, a] - values[:, b]) != 1
    allowed = np.asarray(rules.cell_masks, dtype=np.uint64)
    ok &= ((bits & allowed) != 0).all(axis=1)
    if rules.constraints or rules.negative_pairs:  # cages, lines, dots and signs: their words
        for row in np.flatnonzero(ok):
            ok[row] = rules.keeps(solutions[row].tolist())
    return ok


#: Rows checked at once by check_solutions, which keeps its temporary arrays small.
_CHECK_ROWS = 1 << 16


def check_solutions(puzzles: np.ndarray, solutions: np.ndarray, counts: np.ndarray,
                    shape: Shape, engine: str = "the batch engine",
                    rules: Rules | None = None) -> None:
    """Raise AssertionError, naming the first row, if any row with a count above 0 has a
    solution that breaks a rule (the classic ones, or ``rules``) or changes a given. A
    wrong answer is a bug in ``engine``, never expected; the batch paths call this so that
    none is ever handed out."""
    checked(puzzles, solutions, shape, "check_solutions")
    if not isinstance(counts, np.ndarray) or counts.shape != puzzles.shape[:1]:
        raise ValueError(f"check_solutions: counts must be an array of one count per puzzle, "
                         f"shape ({len(puzzles)},), not {np.shape(counts)}")
    for lo in range(0, len(puzzles), _CHECK_ROWS):
        hi = lo + _CHECK_ROWS
        solved = counts[lo:hi] > 0
        if rules is not None and not rules.is_classic:
            ok = valid_under_rules(puzzles[lo:hi][solved], solutions[lo:hi][solved], rules)
        elif solved.all():
            ok = valid_solutions(puzzles[lo:hi], solutions[lo:hi], shape)
        else:
            ok = valid_solutions(puzzles[lo:hi][solved], solutions[lo:hi][solved], shape)
        if not ok.all():
            row = lo + int(np.flatnonzero(solved)[np.argmin(ok)])
            raise AssertionError(f"{engine} returned a wrong solution for row {row}")


def checked(puzzles: np.ndarray, solutions: np.ndarray, shape: Shape, function: str) -> None:
    """TypeError or ValueError, naming the argument, unless ``puzzles`` and ``solutions``
    are integer arrays of one puzzle of ``shape`` (a Shape) per row, row for row."""
    if not isinstance(shape, Shape):
        raise TypeError(f"{function}: shape must be a Shape, not {type(shape).__name__}")
    for name, array in (("puzzles", puzzles), ("solutions", solutions)):
        if not isinstance(array, np.ndarray) or array.dtype.kind not in "iu":
            raise TypeError(f"{function}: {name} must be an integer NumPy array, not "
                            f"{getattr(array, 'dtype', type(array).__name__)}")
        if array.ndim != 2 or array.shape[1] != shape.ncells:
            raise ValueError(f"{function}: {name} must be an array of shape (B, "
                             f"{shape.ncells}), not {array.shape}")
    if puzzles.shape != solutions.shape:
        raise ValueError(f"{function}: puzzles and solutions must have as many rows, not "
                         f"{puzzles.shape[0]} and {solutions.shape[0]}")


def _digit_bits(n: int) -> np.ndarray:
    """Value -> its bit (1 -> 1, 2 -> 2, 3 -> 4, ...) for the digits 1..n; 0 for every other
    byte, so a blank or an out-of-range value never completes a unit. The narrowest integer
    type that holds n bits keeps the arrays small."""
    dtype = np.uint16 if n <= 16 else np.uint32 if n <= 32 else np.uint64
    table = np.zeros(256, dtype=dtype)
    table[1 : n + 1] = np.left_shift(1, np.arange(n, dtype=dtype), dtype=dtype)
    return table


def checked_array(puzzles: object, box: tuple[int, int] | None = None
                  ) -> tuple[np.ndarray, Shape]:
    """A C-contiguous (B, N*N) uint8 array of digits 0..N, and its shape; or an error that
    says what is wrong and in which row."""
    raw = np.asarray(puzzles)
    if raw.ndim != 2:
        raise ShapeError(f"puzzles must be a 2-D array (one puzzle per row), got shape "
                         f"{raw.shape}")
    if raw.dtype.kind not in "iu":
        raise SymbolError(f"puzzles must hold integer digits, got dtype {raw.dtype}")
    ncells = raw.shape[1]
    n = math.isqrt(ncells)
    if n * n != ncells or n == 0:
        raise CellCountError(f"a row of {ncells} cells is not a square grid")
    shape = Shape.for_size(n, box)
    if raw.size:
        bad = (raw < 0) | (raw > n)
        if bad.any():
            row, col = (int(i) for i in np.argwhere(bad)[0])
            raise SymbolError(f"row {row}, cell {col}: {raw[row, col]} is not a digit of a "
                              f"{n}x{n} sudoku (0 for a blank, 1..{n})")
    return np.ascontiguousarray(raw, dtype=np.uint8), shape
