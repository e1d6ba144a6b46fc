"""Solve and count: the public face of the engine.

>>> from sudokit import Grid, solve, count_solutions
>>> puzzle = Grid(
...     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
>>> count_solutions(puzzle)
1
>>> solve(puzzle).to_line()[:9]
'468931527'
"""

from __future__ import annotations

import enum
import threading
import time
from types import ModuleType

from . import engine
from .candidates import Candidates
from .grid import Grid, is_solution
from .shape import Shape

#: Cells visited between looks at the clock when a time limit is set (a round of
#: propagation costs about one visit per cell): a few milliseconds of work.
_CELL_VISITS_PER_CLOCK_CHECK = 200_000


class Status(enum.Enum):
    """How a search ended."""

    SOLVED = "solved"
    NO_SOLUTION = "no solution"
    TIMED_OUT = "timed out"


class SolveResult:
    """What one search found: ``count`` solutions (up to its limit), the first of them,
    and how many guesses it took. ``status`` is SOLVED when at least one was found."""

    __slots__ = ("status", "solution", "count", "guesses")

    def __init__(self, status: Status, solution: Grid | None, count: int, guesses: int) -> None:
        self.status = status
        self.solution = solution
        self.count = count
        self.guesses = guesses

    @property
    def unique(self) -> bool:
        return self.count == 1 and self.status is Status.SOLVED

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SolveResult):
            return NotImplemented
        return (self.status, self.solution, self.count, self.guesses) == (
            other.status, other.solution, other.count, other.guesses
        )

    __hash__ = None  # type: ignore[assignment]  # equal by value, and not meant as a key

    def __repr__(self) -> str:
        return (
            f"SolveResult(status={self.status}, solution={self.solution!r}, "
            f"count={self.count}, guesses={self.guesses})"
        )


_local = threading.local()


def _search_for(shape: Shape, core: ModuleType) -> object:
    """A Search object for this shape, one per thread (they hold mutable state)."""
    cache = getattr(_local, "searches", None)
    if cache is None:
        cache = _local.searches = {}
    key = (shape, core.__name__)
    search = cache.get(key)
    if search is None:
        if core.__name__.startswith("sudokit._kernel9"):
            search = cache[key] = core.Kernel9()
        else:
            peers = [p for cell_peers in shape.peers for p in cell_peers]
            units = [c for unit in shape.units for c in unit]
            search = cache[key] = core.Search(shape.n, peers, units)
    return search


def _engine_for(shape: Shape, pure: bool | None) -> ModuleType:
    """The 9x9 band kernel for 9x9 boxes of 3x3, else the general engine. Both have the
    same face: reset / reset_masks / run / counts / solution."""
    if shape.box_rows == 3 and shape.box_cols == 3:
        return engine.load("_kernel9", pure)
    return engine.load("_core", pure)


def search(
    puzzle: Grid | Candidates,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    pure: bool | None = None,
) -> SolveResult:
    """Look for up to ``limit`` solutions of ``puzzle`` within ``time_limit`` seconds.

    ``puzzle`` is a Grid, or a Candidates board whose solutions keep each cell within its
    candidates."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    core = _engine_for(puzzle.shape, pure)
    s = _search_for(puzzle.shape, core)
    if isinstance(puzzle, Candidates):
        loaded = s.reset_masks(puzzle.masks, limit)  # type: ignore[attr-defined]
    else:
        loaded = s.reset(puzzle.cells, limit)  # type: ignore[attr-defined]
    if not loaded:
        return SolveResult(Status.NO_SOLUTION, None, 0, 0)
    if time_limit is None:
        while s.run(1 << 30) != core.DONE:  # type: ignore[attr-defined]
            pass
    else:
        deadline = time.monotonic() + time_limit
        rounds = max(8, _CELL_VISITS_PER_CLOCK_CHECK // puzzle.shape.ncells)
        while s.run(rounds) != core.DONE:  # type: ignore[attr-defined]
            if time.monotonic() > deadline:
                count, guesses = s.counts()  # type: ignore[attr-defined]
                return SolveResult(
                    Status.TIMED_OUT, _first_solution(s, puzzle, count), count, guesses
                )
    count, guesses = s.counts()  # type: ignore[attr-defined]
    status = Status.SOLVED if count else Status.NO_SOLUTION
    return SolveResult(status, _first_solution(s, puzzle, count), count, guesses)


def _first_solution(s: object, puzzle: Grid | Candidates, count: int) -> Grid | None:
    if not count:
        return None
    solution = Grid._trusted(tuple(s.solution()), puzzle.shape)  # type: ignore[attr-defined]
    if not _keeps(solution, puzzle):  # never trust an answer unchecked
        raise AssertionError(f"engine returned an invalid solution for {puzzle!r}")
    return solution


def _keeps(solution: Grid, puzzle: Grid | Candidates) -> bool:
    """Is ``solution`` a solved grid that respects every given (or candidate) of ``puzzle``?"""
    if isinstance(puzzle, Grid):
        return is_solution(solution, puzzle)
    return solution.is_solved() and all(
        m >> (v - 1) & 1 for m, v in zip(puzzle.masks, solution.cells, strict=True)
    )


def solve(puzzle: Grid | Candidates, *, time_limit: float | None = None) -> Grid | None:
    """One solution of ``puzzle`` (any one, if it has several), or None if it has none."""
    result = search(puzzle, limit=1, time_limit=time_limit)
    if result.status is Status.TIMED_OUT:
        raise TimeoutError(f"no solution found within {time_limit} s")
    return result.solution


def count_solutions(puzzle: Grid | Candidates, limit: int = 2) -> int:
    """How many solutions ``puzzle`` has, counting no further than ``limit``."""
    return search(puzzle, limit=limit).count


def has_unique_solution(puzzle: Grid | Candidates) -> bool:
    """True when ``puzzle`` has exactly one solution."""
    return count_solutions(puzzle, 2) == 1
