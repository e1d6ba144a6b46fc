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
import time
from typing import Generic, TypeVar, overload

from . import engine, validate
from .candidates import Candidates
from .errors import SolveTimeout
from .grid import Grid, is_solution
from .sheets import SheetGrid

#: What a search answers with: a Grid, or a SheetGrid for a puzzle of overlapping grids.
Answer = TypeVar("Answer", Grid, SheetGrid)

#: Cells visited between looks at the clock when a time limit is set (a round of
#: propagation costs about one visit per cell): a few milliseconds of work.
_CELL_VISITS_PER_CLOCK_CHECK = 200_000

#: Rounds run at a time under a ``rounds`` budget.
_ROUNDS_PER_STEP = 1_000


class SearchStatus(enum.Enum):
    """How a search ended (``SolveResult.status``)."""

    SOLVED = "solved"
    NO_SOLUTION = "no solution"
    TIMED_OUT = "timed out"


#: The name ``SearchStatus`` had before 0.2 (kept for one release).
Status = SearchStatus


class _Found(Generic[Answer]):
    """What one search found (the face of :class:`SolveResult` and
    :class:`SheetSolveResult`)."""

    __slots__ = ("status", "solution", "count", "guesses")

    def __init__(self, status: SearchStatus, solution: Answer | None, count: int,
                 guesses: int) -> None:
        self.status = status
        self.solution: Answer | None = solution
        self.count = count
        self.guesses = guesses

    @property
    def unique(self) -> bool:
        return self.count == 1 and self.status is SearchStatus.SOLVED

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Found) or type(other) is not type(self):
            return NotImplemented
        return (self.status, self.solution, self.count, self.guesses) == (
            other.status, other.solution, other.count, other.guesses
        )

    __hash__ = None  # type: ignore[assignment]  # equal by value, and not meant as a key

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status}, solution={self.solution!r}, "
            f"count={self.count}, guesses={self.guesses})"
        )


class SolveResult(_Found[Grid]):
    """What one search found: ``count`` solutions (up to its limit), the first of them,
    and how many guesses it took. ``status`` is SOLVED when at least one was found."""

    __slots__ = ()


class SheetSolveResult(_Found[SheetGrid]):
    """The same of a puzzle of overlapping grids: its first solution is a SheetGrid."""

    __slots__ = ()


@overload
def search(puzzle: SheetGrid, *, limit: int = 1, time_limit: float | None = None,
           rounds: int | None = None) -> SheetSolveResult: ...


@overload
def search(puzzle: Grid | Candidates, *, limit: int = 1, time_limit: float | None = None,
           rounds: int | None = None) -> SolveResult: ...


def search(
    puzzle: Grid | Candidates | SheetGrid,
    *,
    limit: int = 1,
    time_limit: float | None = None,
    rounds: int | None = None,
) -> SolveResult | SheetSolveResult:
    """Look for up to ``limit`` solutions of ``puzzle`` within ``time_limit`` seconds.

    ``puzzle`` is a Grid, or a Candidates board whose solutions keep each cell within its
    candidates, or a SheetGrid (overlapping grids such as samurai), answered with a
    SheetGrid. ``rounds`` bounds the work instead of the clock, so that the same puzzle
    times out (or not) on any machine: at most about that many rounds of propagation, run
    by the general engine (the one every shape has). A grid is searched under its rules
    (``grid.rules``): the classic ones, or those of a variant such as X or jigsaw."""
    if isinstance(puzzle, SheetGrid):
        return _search_sheet(puzzle, limit, time_limit, rounds)
    puzzle = validate.puzzle(puzzle, "search")
    limit = validate.limit(limit, "search")
    time_limit = validate.seconds(time_limit, "search")
    if rounds is not None and validate.whole(rounds, "search", "rounds") < 1:
        raise ValueError(f"search: rounds must be at least 1, got {rounds}")
    shape = puzzle.shape
    rules = puzzle.own_rules if isinstance(puzzle, Grid) else None
    if rules is not None:
        s = engine.rules_engine(rules)
    else:
        s = engine.engine_for(shape) if rounds is None else engine.general_engine(shape)
    if isinstance(puzzle, Candidates):
        loaded = s.reset_masks(puzzle.masks, limit)
    else:
        loaded = s.reset(puzzle.cells, limit)
    if not loaded:
        return SolveResult(SearchStatus.NO_SOLUTION, None, 0, 0)
    status = _run(s, rounds, time_limit, shape.ncells)
    count, guesses = s.counts()
    return SolveResult(status, _first_solution(s, puzzle, count), count, guesses)


def _run(s: engine.Engine, rounds: int | None, time_limit: float | None, ncells: int
         ) -> SearchStatus:
    """Run the loaded engine to its end, or until ``rounds`` or ``time_limit`` is spent
    (TIMED_OUT); SOLVED or NO_SOLUTION by the count it reached."""
    if rounds is not None:
        spent = 0
        step = min(rounds, _ROUNDS_PER_STEP)
        while s.run(step) != engine.DONE:
            spent += step
            if spent >= rounds:
                return SearchStatus.TIMED_OUT
    elif time_limit is None:
        while s.run(1 << 30) != engine.DONE:
            pass
    else:
        deadline = time.monotonic() + time_limit
        step = max(8, _CELL_VISITS_PER_CLOCK_CHECK // ncells)
        while s.run(step) != engine.DONE:
            if time.monotonic() > deadline:
                return SearchStatus.TIMED_OUT
    return SearchStatus.SOLVED if s.counts()[0] else SearchStatus.NO_SOLUTION


def _search_sheet(puzzle: SheetGrid, limit: int, time_limit: float | None,
                  rounds: int | None) -> SheetSolveResult:
    """:func:`search` of a puzzle of overlapping grids, on the rules engine."""
    limit = validate.limit(limit, "search")
    time_limit = validate.seconds(time_limit, "search")
    if rounds is not None and validate.whole(rounds, "search", "rounds") < 1:
        raise ValueError(f"search: rounds must be at least 1, got {rounds}")
    s = engine.sheet_engine(puzzle.sheet)
    if not s.reset(puzzle.digits, limit):
        return SheetSolveResult(SearchStatus.NO_SOLUTION, None, 0, 0)
    status = _run(s, rounds, time_limit, puzzle.sheet.ncells)
    count, guesses = s.counts()
    solution = None
    if count:
        solution = SheetGrid.unchecked(puzzle.sheet, tuple(s.solution()))
        if not solution.is_solution_of(puzzle):  # never trust an answer unchecked
            raise AssertionError(f"engine returned an invalid solution for {puzzle!r}")
    return SheetSolveResult(status, solution, count, guesses)


def _first_solution(s: engine.Engine, puzzle: Grid | Candidates, count: int) -> Grid | None:
    if not count:
        return None
    rules = puzzle.own_rules if isinstance(puzzle, Grid) else None
    solution = Grid.unchecked(tuple(s.solution()), puzzle.shape, rules)
    if not _keeps(solution, puzzle):  # never trust an answer unchecked
        raise AssertionError(f"engine returned an invalid solution for {puzzle!r}")
    return solution


def _keeps(solution: Grid, puzzle: Grid | Candidates) -> bool:
    """Is ``solution`` a solved grid that respects every given (or candidate) of ``puzzle``?"""
    if isinstance(puzzle, Grid):
        rules = puzzle.own_rules
        if rules is not None and (rules.constraints or rules.negative_pairs) \
                and not rules.keeps(solution.cells):  # cages, lines, dots and signs
            return False
        return is_solution(solution, puzzle)
    return solution.is_solved() and all(
        m >> (v - 1) & 1 for m, v in zip(puzzle.masks, solution.cells, strict=True)
    )


@overload
def solve(puzzle: SheetGrid, *, time_limit: float | None = None) -> SheetGrid | None: ...


@overload
def solve(puzzle: Grid | Candidates, *, time_limit: float | None = None) -> Grid | None: ...


def solve(puzzle: Grid | Candidates | SheetGrid, *, time_limit: float | None = None
          ) -> Grid | SheetGrid | None:
    """One solution of ``puzzle`` (any one, if it has several), or None if it has none;
    a SheetGrid's is a SheetGrid."""
    if not isinstance(puzzle, SheetGrid):
        validate.puzzle(puzzle, "solve")
    result = search(puzzle, limit=1, time_limit=time_limit)
    if result.status is SearchStatus.TIMED_OUT:
        raise SolveTimeout(f"no solution found within {time_limit} s")
    return result.solution


def count_solutions(puzzle: Grid | Candidates | SheetGrid, limit: int = 2) -> int:
    """How many solutions ``puzzle`` has, counting no further than ``limit``."""
    if not isinstance(puzzle, SheetGrid):
        validate.puzzle(puzzle, "count_solutions")
    return search(puzzle, limit=limit).count


def has_unique_solution(puzzle: Grid | Candidates | SheetGrid) -> bool:
    """True when ``puzzle`` has exactly one solution."""
    if not isinstance(puzzle, SheetGrid):
        validate.puzzle(puzzle, "has_unique_solution")
    return count_solutions(puzzle, 2) == 1
