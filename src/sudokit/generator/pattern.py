"""Puzzles whose givens are exactly a pattern (a mask of given cells).

A mask is written as one character a cell, in reading order: ``x``, ``X``, ``1`` or ``*``
for a given, ``.`` or ``0`` for a blank; white space is ignored, so nine lines of nine
characters work too. Its length gives the size (81: 9x9).

How a puzzle is made: a random solution grid is filled and its digits kept in the mask's
cells. While the puzzle has several solutions, a random given takes a random other digit,
and keeps it when the puzzle still has a solution and no more of them than before (counted
up to :data:`COUNT_LIMIT`); a fresh grid is filled after :data:`RESTART` counts in a row
that found no fewer. A puzzle
with one solution is kept when it has the asked level or technique (the rater says). A
mask whose givens cannot make a unique puzzle in any grid is refused at once
(:func:`impossible`); any other is given ``tries`` counts.

>>> mask = parse_mask("x.x.x.x.x.x.x.x.x." * 4 + "x.x.x.x.x")
>>> len(mask.cells), mask.shape.n
(41, 9)
>>> made = generate_to_pattern(mask, seed=1)
>>> all(bool(v) == (i in mask.cells) for i, v in enumerate(made.puzzle.cells))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from ..errors import GenerateError, GenerateGaveUp, ParseError
from ..grid import Grid
from ..logic.rating import rate
from ..logic.select import ladder_of
from ..shape import Shape
from ..solver import search
from .choices import DIFFICULTIES
from .make import Generated, Seed, fewest_clues, generate_solution_grid, stream_key
from .targeted import plan_for, request
from .targeted_search import Plan, verified

#: The characters of a mask: a given, a blank.
GIVEN = frozenset("xX1*")
BLANK = frozenset(".0")

#: Solution counts made per puzzle by default (about 0.1 ms each on 9x9).
DEFAULT_TRIES = 20_000

#: Counts made in a row without fewer solutions before a fresh grid is filled (100: the
#: fewest tries over masks of 24 to 41 givens, measured with 30, 100 and 300).
RESTART = 100

#: The count of a puzzle's solutions stops here: a change of a given is kept when the
#: count does not grow (past this, every change counts the same).
COUNT_LIMIT = 50


class Mask(NamedTuple):
    """A pattern of givens: its shape and the given cells, in order."""

    shape: Shape
    cells: frozenset[int]

    def line(self) -> str:
        """The mask as one line of ``x`` and ``.``."""
        return "".join("x" if i in self.cells else "." for i in range(self.shape.ncells))


def parse_mask(text: str, box: tuple[int, int] | None = None) -> Mask:
    """The mask written in ``text`` (ParseError naming a bad character or length)."""
    if not isinstance(text, str):
        raise TypeError(f"parse_mask: text must be a str, not {type(text).__name__}")
    chars = "".join(text.split())
    for i, ch in enumerate(chars):
        if ch not in GIVEN and ch not in BLANK:
            raise ParseError(f"mask: {ch!r} at character {i + 1} is neither a given "
                             "(x, X, 1, *) nor a blank (. or 0)")
    try:
        shape = Shape.from_cell_count(len(chars), box)
    except ValueError:
        raise ParseError(f"mask: {len(chars)} cells make no sudoku grid (81 for 9x9)") from None
    return Mask(shape, frozenset(i for i, ch in enumerate(chars) if ch in GIVEN))


def impossible(mask: Mask) -> str | None:
    """Why no grid can make a unique puzzle of ``mask`` (None when some might): too few
    givens, or two rows of one band (two columns of one stack) with no given, whose
    digits could swap."""
    shape = mask.shape
    fewest = fewest_clues(shape)
    if len(mask.cells) < fewest:
        return (f"a {shape.n}x{shape.n} puzzle needs at least {fewest} givens; the mask has "
                f"{len(mask.cells)}")
    empty_rows = [r for r, row in enumerate(shape.rows) if not mask.cells & set(row)]
    empty_cols = [c for c, col in enumerate(shape.cols) if not mask.cells & set(col)]
    for lines, per, word, group in ((empty_rows, shape.box_rows, "rows", "band"),
                                    (empty_cols, shape.box_cols, "columns", "stack")):
        for a, b in zip(lines, lines[1:], strict=False):
            if a // per == b // per:
                return (f"{word} {a + 1} and {b + 1} have no given and lie in one {group}: "
                        "their digits can always swap")
    return None


def generate_to_pattern(mask: Mask, *, difficulty: str | None = None,
                        technique: str | None = None, techniques: str | None = None,
                        exclude: str | None = None, seed: Seed = None,
                        tries: int | None = None) -> Generated:
    """One puzzle whose givens are exactly ``mask``'s cells, with one solution (and, when
    asked, rated ``difficulty``, or needing ``technique`` and nothing harder, as
    :func:`sudokit.generator.targeted.generate_for` means it). GenerateError for a mask
    that cannot make one, GenerateGaveUp when ``tries`` grids found none."""
    return next(iter_generate_to_pattern(1, mask, difficulty=difficulty, technique=technique,
                                         techniques=techniques, exclude=exclude, seed=seed,
                                         tries=tries))


def iter_generate_to_pattern(count: int, mask: Mask, *, difficulty: str | None = None,
                             technique: str | None = None, techniques: str | None = None,
                             exclude: str | None = None, seed: Seed = None,
                             tries: int | None = None) -> Iterator[Generated]:
    """``count`` puzzles of ``mask``, as :func:`generate_to_pattern` makes them, in order
    (puzzle i from its own random stream of ``seed``). The options are checked at once."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a whole number from 0, not {count!r}")
    check = _checker(mask, difficulty, technique, techniques, exclude)
    tries = DEFAULT_TRIES if tries is None else tries
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise ValueError(f"tries must be a whole number from 1, not {tries!r}")
    base = random.SystemRandom().getrandbits(128) if seed is None else seed
    return _made(count, mask, check, base, tries)


class _Checker(NamedTuple):
    ladder: tuple[str, ...] | None
    difficulty: str | None
    plan: Plan | None
    wanted: str


def _checker(mask: Mask, difficulty: str | None, technique: str | None,
             techniques: str | None, exclude: str | None) -> _Checker:
    if not isinstance(mask, Mask):
        raise TypeError(f"mask must be a Mask (see parse_mask), not {type(mask).__name__}")
    why_not = impossible(mask)
    if why_not is not None:
        raise GenerateError(f"no unique puzzle has this pattern: {why_not}")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not "
                         f"{difficulty!r}")
    plan = None
    if technique is not None:
        if difficulty is not None:
            raise GenerateError("a pattern takes --difficulty or --technique, not both")
        if mask.shape.n != 9:
            raise GenerateError("puzzles that need a technique are 9x9")
        plan = plan_for(request(technique, techniques=techniques, exclude=exclude))
    ladder = None
    if difficulty is not None and (techniques is not None or exclude is not None):
        from ..logic.select import choose  # the ladder's names only when one is chosen

        ladder = tuple(t.key for t in choose(techniques, exclude))
    wanted = (f"needing {technique}" if technique else f"rated {difficulty}" if difficulty
              else "")
    return _Checker(ladder, difficulty, plan, wanted)


def _made(count: int, mask: Mask, check: _Checker, base: Seed, tries: int
          ) -> Iterator[Generated]:
    seen: set[tuple[int, ...]] = set()
    for index in range(count):
        rng = random.Random(stream_key(base, index))
        made = _one(mask, check, rng, tries, seen)
        seen.add(made.puzzle.cells)
        yield made


def _one(mask: Mask, check: _Checker, rng: random.Random, tries: int,
         seen: set[tuple[int, ...]]) -> Generated:
    """A puzzle of ``mask`` within ``tries`` counts: from a random grid's digits in the
    mask's cells, one given at a time takes another digit when the puzzle keeps a
    solution and does not gain solutions, until it has one; a fresh grid after
    :data:`RESTART` counts without fewer solutions, and after a unique puzzle that is not
    wanted."""
    shape = mask.shape
    given = sorted(mask.cells)
    left = tries
    while left > 0:
        filled = generate_solution_grid(shape.n, box=(shape.box_rows, shape.box_cols),
                                        seed=rng.getrandbits(64))
        cells = [v if i in mask.cells else 0 for i, v in enumerate(filled.cells)]
        found = search(Grid.unchecked(tuple(cells), shape), limit=COUNT_LIMIT).count
        left -= 1
        stalled = 0
        while found > 1 and left > 0 and stalled < RESTART:
            left -= 1
            stalled += 1
            cell = rng.choice(given)
            was, cells[cell] = cells[cell], rng.randrange(1, shape.n + 1)
            trial = Grid.unchecked(tuple(cells), shape)
            count = search(trial, limit=COUNT_LIMIT).count if trial.is_valid() else 0
            if 0 < count <= found:
                stalled = 0 if count < found else stalled
                found = count
            else:  # no solution left, or more than before
                cells[cell] = was
        if found == 1:
            made = _unique(tuple(cells), shape, check, seen)
            if made is not None:
                return made
    what = f" {check.wanted}" if check.wanted else ""
    raise GenerateGaveUp(f"gave up: no unique puzzle{what} with this pattern of "
                         f"{len(mask.cells)} givens in {tries} tries; more tries (--tries) "
                         "may find one, more givens make it likelier")


def _unique(cells: tuple[int, ...], shape: Shape, check: _Checker,
            seen: set[tuple[int, ...]]) -> Generated | None:
    """The puzzle of ``cells`` with its solution, proved unique by the solver, when it is
    new and meets the asked level or technique."""
    if cells in seen:
        return None
    puzzle = Grid.unchecked(cells, shape)
    result = search(puzzle, limit=2)  # the solver checks the solution it gives
    if result.count != 1 or result.solution is None:
        raise AssertionError(f"internal error: a pattern's puzzle is not unique: {puzzle!r}")
    if not _fits(check, puzzle, result.solution):
        return None
    return Generated(puzzle, result.solution)


def _fits(check: _Checker, puzzle: Grid, solution: Grid) -> bool:
    """Does a unique puzzle meet the asked level or technique?"""
    if check.difficulty is not None:
        if check.ladder is None:
            return rate(puzzle).level == check.difficulty
        return rate(puzzle, techniques=ladder_of(check.ladder, "create")).level == \
            check.difficulty
    if check.plan is not None:
        return verified(check.plan, puzzle, solution) is not None
    return True


