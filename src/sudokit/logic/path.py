"""Solving like a human: the next step, and the whole path of steps.

>>> from sudokit import Grid
>>> from sudokit.logic import next_step, solve_path
>>> puzzle = Grid(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> print(next_step(puzzle))
Hidden Single [r1c6]: r1c6=8
>>> path = solve_path(puzzle)
>>> path.solved, len(path.steps), str(path.level)
(True, 51, 'easy')
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

from .. import validate
from ..candidates import Candidates
from ..grid import Grid
from ..sheets import SheetGrid
from .board import Board
from .graphs.hypothesis import OutOfTime
from .sheet_geometry import sheet_geometry
from .step import Level, Step, Technique
from .techniques import LADDER
from .techniques.brute_force import BRUTE_FORCE
from .techniques.hidden_single import HIDDEN_SINGLE
from .techniques.naked_single import NAKED_SINGLE
from .variants import ladder_for

Puzzle = Grid | Candidates | SheetGrid
#: What a path reaches: the candidate board of one grid, or the digits placed on a sheet of
#: overlapping grids.
Reached = TypeVar("Reached", Candidates, SheetGrid)

#: What the output says when uniqueness techniques were left out, and why.
SKIPPED_NOT_UNIQUE = (
    "uniqueness techniques (unique rectangles, BUG+1) skipped: the puzzle has more than one "
    "solution"
)
SKIPPED_NO_SOLUTION = "the puzzle has no solution: no step can be trusted"
#: The note of a path cut short by its time limit (followed by the limit).
GAVE_UP = "gave up after"


@dataclass(frozen=True)
class Path(Generic[Reached]):
    """The steps that solve a puzzle (or as far as logic goes).

    ``solved`` is True when the steps fill the grid (a grid with a solution); ``final`` is
    the candidate board they reach (on overlapping grids, a SheetGrid: the digits placed by
    then); ``solutions`` is how many solutions the puzzle has (0,
    1, or 2 for "two or more"); ``notes`` says what was skipped and why.
    """

    steps: tuple[Step, ...]
    solved: bool
    final: Reached
    solutions: int
    notes: tuple[str, ...] = ()
    #: the technique whose effort each step counts (see :func:`effort_key`); empty when
    #: the path was not made by :func:`solve_path`
    effort_keys: tuple[str, ...] = ()
    #: the time limit (seconds) that stopped the path (None: it was not stopped)
    gave_up: float | None = None
    #: the score the next step needed at least, when the time limit stopped the path
    floor: float = 0.0
    #: the puzzle the path starts from (its step viewer needs it)
    start: Puzzle | None = field(default=None, repr=False, compare=False)

    def _repr_html_(self) -> str:
        """In a notebook: the step viewer of :mod:`sudokit.pictures.walkthrough`."""
        # loaded only when it is needed: importing the logic stays light
        from ..pictures.walkthrough import viewer

        return viewer(self)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def level(self) -> Level | None:
        """The level of the hardest step (None when there are no steps)."""
        return max((s.level for s in self.steps), default=None)

    @property
    def guesses(self) -> int:
        """How many brute-force steps the path took."""
        return sum(1 for s in self.steps if s.key == BRUTE_FORCE.key)

    def __str__(self) -> str:
        if self.solutions == 0:
            return "no solution: no steps"
        hardest = max(self.steps, key=lambda s: s.level, default=None)
        end = "solved" if self.solved else "stuck"
        return (f"{end} after {len(self.steps)} step{'s' * (len(self.steps) != 1)}"
                + (f" (hardest: {hardest.technique})" if hardest is not None else ""))

    def to_dict(self) -> dict[str, Any]:
        """The path as a JSON-ready dict: each step's ``to_dict``, how it ended."""
        return {"steps": [s.to_dict() for s in self.steps], "solved": self.solved,
                "solutions": self.solutions, "notes": list(self.notes)}


def checked_puzzle(puzzle: object, function: str) -> Puzzle:
    """``puzzle`` when it is a Grid, a Candidates board or a SheetGrid (TypeError else)."""
    if isinstance(puzzle, SheetGrid):
        return puzzle
    try:
        return validate.puzzle(puzzle, function)
    except TypeError as e:
        raise TypeError(str(e).replace("a Grid or a Candidates board",
                                       "a Grid, a Candidates board or a SheetGrid")) from None


def board_of(puzzle: Puzzle) -> Board:
    """The working board of ``puzzle``: its givens placed, the candidates they leave."""
    if isinstance(puzzle, Grid):
        return Board.from_grid(puzzle)
    if isinstance(puzzle, SheetGrid):
        return Board.from_cells(sheet_geometry(puzzle.sheet), puzzle.digits)
    return Board.from_candidates(puzzle)


def final_of(board: Board) -> Candidates | SheetGrid:
    """What a path reaches on ``board``: its candidates (on overlapping grids, the digits
    placed)."""
    sheet = board.geo.sheet
    if sheet is not None:
        return SheetGrid.unchecked(sheet, tuple(board.values))
    return board.to_candidates()


def checked_techniques(techniques: object, function: str) -> tuple[Technique, ...]:
    """``techniques`` (None: the whole ladder) as a tuple, or TypeError when it is not
    Techniques (the names of the command line are read by :func:`sudokit.logic.select.choose`)."""
    if techniques is None:
        return LADDER
    if isinstance(techniques, str | bytes) or not hasattr(techniques, "__iter__"):
        raise TypeError(f"{function}: techniques must be Techniques (see "
                        f"sudokit.logic.select.choose for names), not {type(techniques).__name__}")
    out = tuple(techniques)
    for t in out:
        if not isinstance(t, Technique):
            raise TypeError(f"{function}: techniques must be Techniques (see "
                            f"sudokit.logic.select.choose for names), not {t!r}")
    return out


def _count(board: Board, puzzle: Puzzle) -> None:
    """Count the solutions (to two) and keep one, on the board."""
    from ..solver import search  # loaded only when it is needed: importing the logic stays light

    result = search(puzzle, limit=2)
    board.solutions = result.count
    solution = result.solution
    board.solution = (None if solution is None else solution.digits
                      if isinstance(solution, SheetGrid) else solution.cells)


#: The most candidates a board may have for the expert and extreme techniques (chains, ALS,
#: forcing chains) to be tried: their tables grow with the square of the candidates (tens
#: of gigabytes on an open 64x64 board). Only a board larger than 25x25 can have more.
MAX_EXPERT_CANDIDATES = 16_384


def too_crowded(board: Board) -> bool:
    """Has ``board`` more candidates than the expert and extreme techniques are tried on
    (:data:`MAX_EXPERT_CANDIDATES`)?"""
    return (board.geo.n ** 3 > MAX_EXPERT_CANDIDATES  # counted only where it can be
            and sum(dc.bit_count() for dc in board.dcells) > MAX_EXPERT_CANDIDATES)


def find_step(board: Board, techniques: Iterable[Technique] = LADDER) -> Step | None:
    """The first step of the first technique that has one (uniqueness techniques only on a
    board known to have one solution; the expert and extreme ones only on a board of at
    most :data:`MAX_EXPERT_CANDIDATES` candidates). Where a deadline is set (a time limit
    of :func:`solve_path`), OutOfTime when it has passed before the next technique. Under
    a variant's rules the ladder is the one :func:`sudokit.logic.variants.ladder_for` makes:
    the rules' own steps first, and only the techniques sound there."""
    if not board.geo.classic:  # a variant's rules: its own steps, and sound techniques only
        techniques = ladder_for(board.geo, tuple(techniques))
    unique = board.unique
    deadline = board.memo.get("deadline")
    crowded = too_crowded(board)
    for tech in techniques:
        if tech.uniqueness and not unique:
            continue
        if crowded and tech.level >= Level.EXPERT:
            continue
        if deadline is not None and time.monotonic() > deadline:  # type: ignore[operator]
            raise OutOfTime
        step = tech.find(board)
        if step is not None:
            return step
    return None


def _notes(board: Board, techniques: Iterable[Technique]) -> tuple[str, ...]:
    if board.solutions == 0:
        return (SKIPPED_NO_SOLUTION,)
    left_out = _none_runs(board, tuple(techniques))
    if board.unique or not any(t.uniqueness for t in techniques):
        return left_out
    return (SKIPPED_NOT_UNIQUE, *left_out)


def _none_runs(board: Board, techniques: tuple[Technique, ...]) -> tuple[str, ...]:
    """The note of a ladder none of whose techniques runs under the board's rules (each is
    left out there), so that a path that finds nothing says why."""
    if board.geo.classic or not techniques:
        return ()
    runs = {t.key for t in ladder_for(board.geo, techniques)}
    if any(t.key in runs for t in techniques):
        return ()
    where = "on overlapping grids" if board.geo.sheet is not None else \
        f"under the rules of {board.geo.rules.describe()}"
    names = ", ".join(dict.fromkeys(t.name for t in techniques))
    return (f"none of the techniques asked for runs {where}: {names}",)


def next_step(
    puzzle: Puzzle,
    *,
    unique: bool | None = None,
    guess: bool = False,
    techniques: Iterable[Technique] | None = None,
) -> Step | None:
    """The easiest step that can be made on ``puzzle`` (a Grid, a Candidates board, or a
    SheetGrid of overlapping grids), or None when no technique applies (or the puzzle is
    solved, or has no solution).

    Uniqueness techniques are used only when the puzzle has exactly one solution: pass
    ``unique=True`` if that is known, else it is proven by counting (``unique=False`` skips
    them without counting). With ``guess=True`` a stuck puzzle gets a brute-force step.
    ``techniques`` (default: the whole ladder, easiest first) limits the techniques tried.
    """
    checked_puzzle(puzzle, "next_step")
    techniques = checked_techniques(techniques, "next_step")
    board = board_of(puzzle)
    if unique is None or guess:
        _count(board, puzzle)
        if board.solutions == 0:
            return None
        if unique is not None:
            board.solutions = 1 if unique else 2
    else:
        board.solutions = 1 if unique else None
    step = find_step(board, techniques)
    if step is None and guess:
        step = BRUTE_FORCE.find(board)
    return step


@dataclass(frozen=True)
class Hint:
    """The next step for a puzzle (None when it is solved, stuck, or has no solution), with
    how many solutions the puzzle has (0, 1, 2 for "two or more") and what was skipped."""

    step: Step | None
    solutions: int
    solved: bool
    notes: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.solutions == 0:
            text = "no solution: no step can be trusted"
        elif self.solved:
            text = "solved: no step left"
        elif self.step is None:
            text = "no technique applies"
        else:
            text = str(self.step)
        return text + "".join(f"  # {note}" for note in self.notes)

    def to_dict(self) -> dict[str, Any]:
        """The hint as a JSON-ready dict (the step's own ``to_dict``, or None)."""
        return {"step": None if self.step is None else self.step.to_dict(),
                "solutions": self.solutions, "solved": self.solved, "notes": list(self.notes)}


def hint(puzzle: Puzzle, *, guess: bool = True,
         techniques: Iterable[Technique] | None = None) -> Hint:
    """The easiest step on ``puzzle``, as :func:`next_step` finds it (by default falling back
    on brute force when logic is stuck), with the facts a hint should mention."""
    checked_puzzle(puzzle, "hint")
    techniques = checked_techniques(techniques, "hint")
    board = board_of(puzzle)
    _count(board, puzzle)
    notes = _notes(board, techniques)
    step = None
    if board.solutions:
        step = find_step(board, techniques)
        if step is None and guess:
            step = BRUTE_FORCE.find(board)
    return Hint(step, board.solutions or 0, board.is_solved() and board.solutions != 0, notes)


def effort_key(board: Board, step: Step) -> str:
    """The technique whose effort a step counts, as HoDoKu would take it: HoDoKu looks for
    naked singles before hidden singles, so a hidden single taken while a naked single was
    available counts as the (cheaper) naked single."""
    # (an unplaced cell with at most one candidate is a naked single there)
    if step.key == HIDDEN_SINGLE.key and board.unsolved & ~board.crowded_cells()[1]:
        return NAKED_SINGLE.key
    return step.key


@overload
def solve_path(puzzle: Grid | Candidates, *, guess: bool = False,
               techniques: Iterable[Technique] | None = None,
               time_limit: float | None = None) -> Path[Candidates]: ...


@overload
def solve_path(puzzle: SheetGrid, *, guess: bool = False,
               techniques: Iterable[Technique] | None = None,
               time_limit: float | None = None) -> Path[SheetGrid]: ...


def solve_path(
    puzzle: Puzzle,
    *,
    guess: bool = False,
    techniques: Iterable[Technique] | None = None,
    time_limit: float | None = None,
) -> Path[Any]:
    """Every step from ``puzzle`` until it is solved or no technique applies.

    The puzzle's solutions are counted first: uniqueness techniques run only when there is
    exactly one, and a puzzle with none gets no steps. With ``guess=True`` a brute-force step
    (a digit from a solution found by search) is taken whenever logic is stuck, so the path
    of a solvable puzzle always ends solved. ``techniques`` defaults to the whole ladder.
    With ``time_limit`` (seconds) the path stops when the time is spent (a step under way is
    cut short only inside the nested forcing chains): ``gave_up`` says after how long, and a
    note says so.
    """
    checked_puzzle(puzzle, "solve_path")
    techniques = checked_techniques(techniques, "solve_path")
    time_limit = validate.seconds(time_limit, "solve_path")
    start = time.monotonic()
    board = board_of(puzzle)
    if time_limit is not None:
        board.memo["deadline"] = start + time_limit
    _count(board, puzzle)
    steps: list[Step] = []
    keys: list[str] = []
    gave_up = None
    floor = 0.0
    if board.solutions:
        try:
            while board.unsolved:
                if time_limit is not None and steps and time.monotonic() > start + time_limit:
                    raise OutOfTime
                step = find_step(board, techniques)
                if step is None and guess:
                    step = BRUTE_FORCE.find(board)
                if step is None:
                    break
                steps.append(step)
                keys.append(effort_key(board, step))
                step.apply_to(board)
        except OutOfTime as e:
            gave_up = time_limit
            floor = e.floor
    notes = _notes(board, techniques)
    if gave_up is not None:
        left = int(board.unsolved).bit_count()
        notes += (
            f"{GAVE_UP} {gave_up:g} s with {left} cells left: only the steps found so far count",
        )
    final: Any = final_of(board)
    return Path(
        tuple(steps),
        # a full grid that breaks the rules is filled, not solved
        not board.unsolved and board.solutions != 0,
        final,
        board.solutions or 0,
        notes,
        tuple(keys),
        gave_up,
        floor,
        puzzle,
    )
