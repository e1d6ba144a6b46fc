"""Many puzzles at once: a NumPy array in, NumPy arrays out, the loop in compiled code.

>>> import numpy as np
>>> from sudokit.batch import solve_array
>>> line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
>>> puzzles = np.array([[0 if c == "." else int(c) for c in line]] * 2, dtype=np.uint8)
>>> result = solve_array(puzzles, limit=2)
>>> result.counts.tolist(), result.solutions[0, :9].tolist()
([1, 1], [4, 6, 8, 9, 3, 1, 5, 2, 7])

9x9 puzzles go through the band kernel (``_kernel9``), which runs a whole chunk of rows
without the GIL, so ``jobs`` threads use ``jobs`` cores. Other sizes go puzzle by puzzle
through the general engine. NumPy is imported here and nowhere in ``import sudokit``.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import numpy as np

from . import engine, validate
from .engine.arrays import check_solutions
from .errors import CellCountError, ShapeError, SymbolError
from .executors import make_executor
from .shape import Shape

#: Rows per piece of work when the batch is split over threads: small enough that a few
#: hard puzzles in one piece do not leave the other threads idle, large enough that the
#: per-call cost (a fresh kernel, a Python call) stays under a percent.
_CHUNK_ROWS = 2048
_MIN_CHUNK_ROWS = 64


@dataclass(frozen=True)
class BatchResult:
    """What ``solve_array`` found, row for row with its input.

    ``solutions``: (B, N*N) uint8, the first solution of each puzzle (zeros where there is
    none); ``counts``: (B,) int64, solutions found, up to the limit; ``guesses``: (B,) int64,
    the guesses the search made.
    """

    solutions: np.ndarray
    counts: np.ndarray
    guesses: np.ndarray

    def __len__(self) -> int:
        return len(self.counts)

    @property
    def solved(self) -> np.ndarray:
        """(B,) bool: the puzzles that have at least one solution."""
        return self.counts > 0

    @property
    def unique(self) -> np.ndarray:
        """(B,) bool: the puzzles with exactly one solution (meaningful when limit >= 2)."""
        return self.counts == 1


def solve_array(
    puzzles: object,
    *,
    limit: int = 1,
    jobs: int | None = 1,
    box: tuple[int, int] | None = None,
) -> BatchResult:
    """Search each row of ``puzzles`` (a (B, N*N) array of digits, 0 for a blank) for up to
    ``limit`` solutions; rows come back in input order, none dropped.

    ``limit=1`` finds a solution, ``limit=2`` also tells unique puzzles from the rest.
    ``jobs`` threads share the work (None or 0: one per core). ``box`` gives the box shape
    for sizes whose natural one is not wanted (as in ``Shape.for_size``).
    """
    limit = validate.limit(limit, "solve_array")
    jobs = validate.jobs(jobs, "solve_array")
    array, shape = checked_array(puzzles, box)
    rows = array.shape[0]
    solutions = np.zeros_like(array)
    counts = np.zeros(rows, dtype=np.int64)
    guesses = np.zeros(rows, dtype=np.int64)
    workers = _workers(jobs, rows)
    solve_rows = engine.rows_solver(shape)

    def work(lo: int) -> None:
        hi = min(lo + step, rows)
        solve_rows(array[lo:hi], solutions[lo:hi], counts[lo:hi], guesses[lo:hi], limit)

    # several pieces per thread, so that one thread's hard pieces do not leave the others
    # idle at the end
    step = max(1, rows) if workers == 1 else min(
        _CHUNK_ROWS, max(_MIN_CHUNK_ROWS, math.ceil(rows / (workers * 8))))
    with make_executor("threads", workers) as pool:
        for _ in pool.map(work, range(0, rows, step)):
            pass
    return BatchResult(solutions, counts, guesses)


def solve_checked(puzzles: np.ndarray, shape: Shape, limit: int = 1, jobs: int | None = 1,
                  device: str = "cpu") -> tuple[np.ndarray, np.ndarray]:
    """(solutions, counts) of a (B, N*N) uint8 array of puzzles of ``shape``, on the device
    :func:`sudokit.engine.device_for` picks, every solution checked against the rules and
    the givens before it is returned (a wrong one raises AssertionError: a bug)."""
    if not isinstance(puzzles, np.ndarray):
        raise TypeError(f"solve_checked: puzzles must be a NumPy array, not "
                        f"{type(puzzles).__name__}")
    limit = validate.limit(limit, "solve_checked")
    if engine.device_for(device, len(puzzles), shape) == "gpu":
        from .gpu import solve_on_gpu  # the GPU package only when a GPU is asked for

        return solve_on_gpu(puzzles, limit=limit, jobs=jobs)
    result = solve_array(puzzles, limit=limit, jobs=jobs, box=(shape.box_rows, shape.box_cols))
    check_solutions(puzzles, result.solutions, result.counts, shape)
    return result.solutions, result.counts


def count_array(
    puzzles: object,
    *,
    limit: int = 2,
    jobs: int | None = 1,
    box: tuple[int, int] | None = None,
) -> np.ndarray:
    """(B,) int64: how many solutions each row of ``puzzles`` has, counting no further than
    ``limit`` (the default, 2, tells unique puzzles apart)."""
    return solve_array(puzzles, limit=limit, jobs=jobs, box=box).counts


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


def _workers(jobs: int | None, rows: int) -> int:
    if jobs is not None and jobs < 0:
        raise ValueError(f"jobs must be at least 1 (or 0 for every core), got {jobs}")
    wanted = jobs or os.cpu_count() or 1
    return max(1, min(wanted, math.ceil(rows / 64)))
