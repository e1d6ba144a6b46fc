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
through the general engine, and puzzles under other rules than the classic ones
(``rules=``) through the rules engine. NumPy is imported here and nowhere in
``import sudokit``.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import numpy as np

from . import engine, validate
from .engine.arrays import check_solutions, checked_array
from .executors import make_executor
from .rules import Rules
from .shape import Shape, is_whole

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
    rules: Rules | None = None,
) -> BatchResult:
    """Search each row of ``puzzles`` (a (B, N*N) array of digits, 0 for a blank) for up to
    ``limit`` solutions; rows come back in input order, none dropped.

    ``limit=1`` finds a solution, ``limit=2`` also tells unique puzzles from the rest.
    ``jobs`` threads share the work (None or 0: one per core). ``box`` gives the box shape
    for sizes whose natural one is not wanted (as in ``Shape.for_size``). ``rules``: the
    puzzles' rules, when they are not the classic ones (a :class:`~sudokit.rules.Rules`).
    """
    limit = validate.limit(limit, "solve_array")
    jobs = validate.jobs(jobs, "solve_array")
    array, shape = checked_array(puzzles, _box_of(rules, box, "solve_array"))
    if rules is not None and rules.size != shape.n:
        raise ValueError(f"solve_array: rules are for {rules.size}x{rules.size} puzzles, the "
                         f"rows hold {shape.n}x{shape.n} ones")
    rows = array.shape[0]
    solutions = np.zeros_like(array)
    counts = np.zeros(rows, dtype=np.int64)
    guesses = np.zeros(rows, dtype=np.int64)
    workers = _workers(jobs, rows)
    solve_rows = engine.rows_solver(shape, rules)

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
                  device: str = "cpu", rules: Rules | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """(solutions, counts) of a (B, N*N) uint8 array of puzzles of ``shape``, on the device
    :func:`device_for` picks, every solution checked against the rules and
    the givens before it is returned (a wrong one raises AssertionError: a bug). Puzzles
    under ``rules`` other than the classic ones are solved on the CPU."""
    if not isinstance(puzzles, np.ndarray):
        raise TypeError(f"solve_checked: puzzles must be a NumPy array, not "
                        f"{type(puzzles).__name__}")
    limit = validate.limit(limit, "solve_checked")
    variant = rules is not None and not rules.is_classic
    if not variant and device_for(device, len(puzzles), shape) == "gpu":
        return _solve_on_gpu(puzzles, limit, jobs)
    result = solve_array(puzzles, limit=limit, jobs=jobs, box=(shape.box_rows, shape.box_cols),
                         rules=rules if variant else None)
    check_solutions(puzzles, result.solutions, result.counts, shape,
                    rules=rules if variant else None)
    return result.solutions, result.counts


def device_for(device: str, rows: int, shape: Shape) -> str:
    """'cpu' or 'gpu': where an array of ``rows`` puzzles of ``shape`` is solved when
    ``device`` ('cpu', 'gpu' or 'auto') is asked for. Only 9x9 puzzles go to the GPU;
    for them :func:`sudokit.gpu.choose_device` decides (and raises GpuUnavailable, with
    the reason, when 'gpu' cannot be had)."""
    engine.checked_shape(shape, "device_for")
    if not is_whole(rows) or rows < 0:
        raise ValueError(f"device_for: rows must be a whole number from 0, not {rows!r}")
    if not isinstance(device, str) or device not in engine.DEVICES:
        raise ValueError(f"device_for: device must be one of {', '.join(engine.DEVICES)}, not "
                         f"{device!r}")
    if device == "cpu" or (shape.box_rows, shape.box_cols) != (3, 3):
        return "cpu"
    from .gpu import choose_device  # the GPU package only when a GPU is asked for

    return choose_device(device, rows, shape.ncells)


def _solve_on_gpu(puzzles: np.ndarray, limit: int, jobs: int | None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """(solutions, counts) of a (B, 81) uint8 array of 9x9 puzzles from the GPU kernel,
    what it gives up on finished by the CPU engine (``jobs`` threads), every solution
    checked."""
    from . import gpu  # the GPU package only when a GPU is asked for

    found = gpu.solve_array_gpu(puzzles, limit=limit)
    solutions = found.solutions
    counts = found.counts.astype(np.int64)
    unfinished = np.flatnonzero(found.status != gpu.GpuStatus.SOLVED)
    unfinished = unfinished[found.status[unfinished] != gpu.GpuStatus.NO_SOLUTION]
    if unfinished.size:  # gave up: the CPU engine has no budget
        rest = solve_array(puzzles[unfinished], limit=limit, jobs=jobs)
        solutions[unfinished] = rest.solutions
        counts[unfinished] = rest.counts
    check_solutions(puzzles, solutions, counts, Shape.for_size(9), "the GPU kernel")
    return solutions, counts


def count_array(
    puzzles: object,
    *,
    limit: int = 2,
    jobs: int | None = 1,
    box: tuple[int, int] | None = None,
    rules: Rules | None = None,
) -> np.ndarray:
    """(B,) int64: how many solutions each row of ``puzzles`` has, counting no further than
    ``limit`` (the default, 2, tells unique puzzles apart), under ``rules`` when given."""
    return solve_array(puzzles, limit=limit, jobs=jobs, box=box, rules=rules).counts


def _box_of(rules: object, box: tuple[int, int] | None, function: str
            ) -> tuple[int, int] | None:
    """The box shape the rows are read with: ``box``, else that of ``rules`` when given."""
    if rules is None:
        return box
    if not isinstance(rules, Rules):
        raise TypeError(f"{function}: rules must be a Rules or None, not "
                        f"{type(rules).__name__}")
    return box if box is not None else (rules.shape.box_rows, rules.shape.box_cols)


def _workers(jobs: int | None, rows: int) -> int:
    if jobs is not None and jobs < 0:
        raise ValueError(f"jobs must be at least 1 (or 0 for every core), got {jobs}")
    wanted = jobs or os.cpu_count() or 1
    return max(1, min(wanted, math.ceil(rows / 64)))
