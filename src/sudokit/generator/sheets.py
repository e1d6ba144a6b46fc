"""Make puzzles on sheets of overlapping grids: samurai, twodoku, butterfly, sohei, windmill,
flower, or any :class:`~sudokit.sheets.Sheet`.

>>> from sudokit.generator.sheets import generate_sheet
>>> puzzle = generate_sheet("twodoku", seed=5)
>>> puzzle.sheet.name, puzzle.sheet.ncells, puzzle == generate_sheet("twodoku", seed=5)
('twodoku', 153, True)

How a puzzle is made, as for a single grid: a random full sheet, then its cells blanked in
a random order (or in groups that a turn or reflection of the sheet maps onto each other,
for a symmetric pattern), each blank kept only while the sheet has exactly one solution.
The full sheet starts from a few random digits in every grid that break no rule, which the
rules engine completes within a budget of rounds (a start that runs past it is dropped),
and its digits are then relabelled at random. Every search is the rules engine's, given
the sheet's peers and houses; every puzzle is proven unique once more by the solver, a
count to two whose one solution must be the sheet it was dug from, before it is returned.
Puzzle ``i`` of a run takes its own random stream from (seed, i), as classic puzzles do:
a seed gives the same puzzles on the compiled and the pure-Python core, with any ``jobs``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator
from functools import partial
from typing import NamedTuple

from .. import engine, validate
from ..engine import Engine
from ..errors import GenerateError, GenerateGaveUp
from ..executors import process_executor
from ..sheets import Sheet, SheetGrid
from ..solver import search as search_puzzle
from .choices import DIFFICULTIES, SYMMETRIES
from .make import Seed, stream_key
from .options import orbits_under, reachable, symmetry_name, wanted_puzzle
from .variants import default_target, dug, fewest_blanks, is_minimal

#: A full sheet starts from this many random digits in each grid, completed by the rules
#: engine within a budget of rounds; the starts made before a try is given up.
_START_DIGITS = 5
_FILL_ROUNDS = 20_000
_FILL_STARTS = 60

#: Tries (full sheets dug) for a puzzle: the default dig nearly always succeeds at the
#: first; an exact clue count, a symmetric minimal pattern or a difficulty may need more.
_TRIES = 20
_SEEKING_TRIES = 50
_RATED_TRIES = 100


#: A hard puzzle is dug to a random count of givens up to this share of its cells: on
#: samurai half of those dug to 110 givens of 369 rate hard, one in ten of those dug as far
#: as they go (most rate expert), one in ten with the default 78 to 187 givens; on the
#: sheets whose grids overlap more (butterfly, flower) as far as they go is 30 to 40
#: givens of 144 or 189 and the rest rates easy.
_HARD_SHARE = 0.3


class SheetGenerated(NamedTuple):
    """A sheet puzzle and its one solution."""

    puzzle: SheetGrid
    solution: SheetGrid


class SheetOptions(NamedTuple):
    """The settled options of a run (made by :func:`checked_sheet_options`)."""

    sheet: Sheet
    clues: int | None
    symmetry: str
    minimal: bool
    difficulty: str | None
    tries: int


def sheet_of(sheet: Sheet | str) -> Sheet:
    """``sheet`` itself, or the preset it names ("samurai", "gattai-5", ...): RulesError
    for another name, TypeError for another type."""
    if isinstance(sheet, Sheet):
        return sheet
    if isinstance(sheet, str):
        return Sheet.preset(sheet)
    raise TypeError(f"generate_sheet: sheet must be a Sheet or a preset name such as "
                    f"'samurai', not {type(sheet).__name__}")


def checked_sheet_options(sheet: Sheet | str, clues: int | None = None,
                          symmetry: str = "none", minimal: bool = False,
                          difficulty: str | None = None,
                          tries: int | None = None) -> SheetOptions:
    """The options of :func:`generate_sheet`, checked before any work starts."""
    layout = sheet_of(sheet)
    if not isinstance(symmetry, str):
        raise TypeError(f"generate_sheet: symmetry must be a str (one of "
                        f"{', '.join(SYMMETRIES)}), not {type(symmetry).__name__}")
    name = symmetry_name(symmetry)
    orbits = sheet_orbits(layout, name)  # refuses a symmetry the layout does not keep
    if clues is not None:
        clues = validate.whole(clues, "generate_sheet", "clues")
        if not 0 < clues <= layout.ncells:
            raise GenerateError(f"a {_label(layout)} puzzle has {layout.ncells} cells: "
                                f"clues must be 1 to {layout.ncells}, not {clues}")
        if not reachable(clues, orbits):
            raise GenerateError(f"{clues} clues cannot make a {name}-symmetric pattern on a "
                                f"{_label(layout)} sheet (its cells go in groups of "
                                f"{' and '.join(map(str, sorted({len(o) for o in orbits})))})")
    if difficulty is not None and (not isinstance(difficulty, str)
                                   or difficulty not in DIFFICULTIES):
        raise GenerateError(f"unknown difficulty {difficulty!r} "
                            f"(one of: {', '.join(DIFFICULTIES)})")
    if tries is None:
        seeking = clues is not None or (minimal and name != "none")
        tries = _RATED_TRIES if difficulty is not None else _SEEKING_TRIES if seeking \
            else _TRIES
    else:
        tries = validate.whole(tries, "generate_sheet", "tries")
        if tries < 1:
            raise ValueError(f"tries must be at least 1, got {tries}")
    return SheetOptions(layout, clues, name, bool(minimal), difficulty, tries)


def _label(sheet: Sheet) -> str:
    """``"samurai"``, or ``"overlapping-grid"`` for a sheet that is no preset."""
    return sheet.name or "overlapping-grid"


#: The moves of each symmetry on a sheet of R rows and C columns (those that turn the
#: sheet a quarter or reflect it on a diagonal need R == C).
_MOVES: dict[str, tuple[Callable[[int, int, int, int], tuple[int, int]], ...]] = {
    "none": (),
    "rot180": (lambda r, c, rows, cols: (rows - 1 - r, cols - 1 - c),),
    "rot90": (lambda r, c, rows, cols: (c, rows - 1 - r),),
    "mirror": (lambda r, c, rows, cols: (r, cols - 1 - c),),
    "flip": (lambda r, c, rows, cols: (rows - 1 - r, c),),
    "diagonal": (lambda r, c, rows, cols: (c, r),),
    "antidiagonal": (lambda r, c, rows, cols: (cols - 1 - c, rows - 1 - r),),
    "dihedral": (lambda r, c, rows, cols: (c, rows - 1 - r),
                 lambda r, c, rows, cols: (r, cols - 1 - c)),
}


def kept_symmetries(sheet: Sheet) -> tuple[str, ...]:
    """The symmetries whose moves keep ``sheet``'s cells in play: every one for samurai,
    butterfly, sohei and flower; none, rot180, diagonal and antidiagonal for twodoku;
    none, rot180 and rot90 for windmill."""
    return tuple(name for name in SYMMETRIES if _orbits(sheet, name) is not None)


def sheet_orbits(sheet: Sheet, symmetry: str) -> list[tuple[int, ...]]:
    """The groups of cell indices that a ``symmetry`` pattern of the sheet gives or blanks
    together. GenerateError for a symmetry whose moves take a cell in play out of play."""
    name = symmetry_name(symmetry)
    orbits = _orbits(sheet, name)
    if orbits is None:
        raise GenerateError(f"the {_label(sheet)} layout has no {name} symmetry: a cell in "
                            f"play would turn out of play (it keeps "
                            f"{', '.join(kept_symmetries(sheet))})")
    return orbits


def _orbits(sheet: Sheet, name: str) -> list[tuple[int, ...]] | None:
    rows, cols = sheet.rows, sheet.cols
    moves = _MOVES[name]
    if rows != cols and name in ("rot90", "diagonal", "antidiagonal", "dihedral"):
        return None
    def images(cell: int) -> list[int | None]:
        r, c = sheet.position(cell)
        return [sheet.index(*move(r, c, rows, cols)) for move in moves]

    return orbits_under(sheet.ncells, images)


# -- the public calls -----------------------------------------------------------------
def generate_sheet(
    sheet: Sheet | str = "samurai",
    *,
    clues: int | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    difficulty: str | None = None,
    seed: Seed = None,
    tries: int | None = None,
) -> SheetGrid:
    """One random puzzle of overlapping grids with exactly one solution.

    - ``sheet``: a :class:`~sudokit.sheets.Sheet`, or a preset's name: samurai, twodoku,
      butterfly, sohei, windmill, flower (or another name of one, such as "gattai-5").
    - ``clues``: exactly this many givens; by default 40 to 64 in 81 cells are blank.
    - ``symmetry``: a pattern of givens that a turn or reflection of the whole sheet keeps
      (one of :data:`~sudokit.generator.choices.SYMMETRIES` that the layout keeps: every
      preset keeps "rot180").
    - ``minimal``: no given can be removed without a second solution appearing.
    - ``difficulty``: one of :data:`~sudokit.generator.choices.DIFFICULTIES`, the level
      :func:`sudokit.logic.rating.rate` gives the puzzle.
    - ``seed``, ``tries``: as :func:`sudokit.generate` takes them.

    Raises GenerateError for options no puzzle can meet, GenerateGaveUp when the tries run
    out, RulesError for a name that is no preset."""
    return next(iter_generate_sheets(1, sheet, clues=clues, symmetry=symmetry,
                                     minimal=minimal, difficulty=difficulty, seed=seed,
                                     tries=tries)).puzzle


def iter_generate_sheets(
    count: int,
    sheet: Sheet | str = "samurai",
    *,
    clues: int | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    difficulty: str | None = None,
    seed: Seed = None,
    tries: int | None = None,
    jobs: int = 1,
) -> Iterator[SheetGenerated]:
    """Yield ``count`` different (puzzle, solution) pairs in order, as they are made, each
    as :func:`generate_sheet` makes it, on ``jobs`` processes (the same puzzles whatever
    ``jobs`` is). The options are checked at once, before anything is made."""
    count = validate.whole(count, "iter_generate_sheets", "count")
    jobs = validate.whole(jobs, "iter_generate_sheets", "jobs")
    if count < 0:
        raise ValueError(f"count must be at least 0, got {count}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    options = checked_sheet_options(sheet, clues, symmetry, minimal, difficulty, tries)
    if seed is None or isinstance(seed, random.Random):
        seed = stream_key(seed, 0)  # drawn once: the run's puzzles come from one base
    else:
        stream_key(seed, 0)  # a seed of another type is refused now, not at the first puzzle
    return _distinct(options, seed, count, jobs)


def _distinct(options: SheetOptions, seed: Seed, count: int,
              jobs: int) -> Iterator[SheetGenerated]:
    """Puzzles 0..count-1 in order, each different from those before it (a duplicate is
    made again from the index's next stream)."""
    seen: set[Hashable] = set()
    keys = (stream_key(seed, i) for i in range(count))
    make = partial(make_sheet, options)
    if jobs == 1 or count <= 1:
        made: Iterator[SheetGenerated] = map(make, keys)
        yield from _new(made, options, seed, seen)
        return
    with process_executor(jobs, ahead=4 * jobs - 1) as executor:
        yield from _new(executor.map(make, keys), options, seed, seen)


def _new(made: Iterator[SheetGenerated], options: SheetOptions, seed: Seed,
         seen: set[Hashable]) -> Iterator[SheetGenerated]:
    for index, result in enumerate(made):
        attempt = 0
        while result.puzzle.digits in seen:
            attempt += 1
            if attempt > 1000:
                raise GenerateGaveUp(
                    f"gave up: found only {len(seen)} different puzzles with these options")
            result = make_sheet(options, stream_key(seed, index, attempt))
        seen.add(result.puzzle.digits)
        yield result


# -- making one -----------------------------------------------------------------------
def make_sheet(options: SheetOptions, key: int) -> SheetGenerated:
    """The puzzle and solution of the random stream ``key``: the whole recipe, tries
    included. GenerateGaveUp when ``options.tries`` full sheets give none that meets the
    options."""
    sheet = options.sheet
    rng = random.Random(key)
    search = engine.sheet_engine(sheet)
    masks = [(1 << sheet.size) - 1] * sheet.ncells
    orbits = sheet_orbits(sheet, options.symmetry)
    for _ in range(options.tries):
        solution = random_full_sheet(sheet, rng, search)
        if solution is None:
            continue
        puzzle = dug(search, masks, solution, orbits, _target(options, rng), rng)
        givens = sum(1 for d in puzzle if d)
        if options.clues is not None and givens != options.clues:
            continue
        if options.clues is None and not options.minimal and \
                sheet.ncells - givens < fewest_blanks(sheet.ncells):
            continue
        # one blank at a time, every cell tried once: what had to stay still has to, so
        # the dig is minimal already; groups of blanks are tested cell by cell
        if options.minimal and options.symmetry != "none" and \
                not is_minimal(search, masks, puzzle, solution):
            continue
        made = SheetGrid.unchecked(sheet, tuple(puzzle))
        if options.difficulty is not None and _level(made) != options.difficulty:
            continue
        return _proven(made, solution)
    raise GenerateGaveUp(_gave_up_message(options))


def _level(puzzle: SheetGrid) -> str:
    """The level the rater gives ``puzzle`` (no time limit: its work is bounded by the
    ladder, so a seed makes the same puzzle on any machine)."""
    from ..logic.rating import rate  # the rater only when a difficulty is asked for

    return rate(puzzle).level


def _target(options: SheetOptions, rng: random.Random) -> int:
    """The clues to dig down to (0: as few as will go)."""
    if options.minimal:
        return 0
    if options.clues is not None:
        return options.clues
    if options.difficulty == "hard":
        return rng.randrange(round(_HARD_SHARE * options.sheet.ncells) + 1)
    if options.difficulty not in (None, "easy", "medium"):
        return 0  # the fewer the clues, the likelier an expert or extreme puzzle
    return default_target(options.sheet.ncells, rng)


def random_full_sheet(sheet: Sheet, rng: random.Random,
                      search: Engine | None = None) -> list[int] | None:
    """A random solution of the empty ``sheet`` (one digit per cell index), or None when
    no start of a few random digits in each grid was completed by the rules engine within
    its budget. ``search``: the sheet's engine, when the caller has one."""
    if search is None:
        search = engine.sheet_engine(sheet)
    for _ in range(_FILL_STARTS):
        start = _random_start(sheet, rng)
        if not search.reset(start, 1):
            continue
        if search.run(_FILL_ROUNDS) != engine.DONE or not search.counts()[0]:
            continue
        relabel = list(range(1, sheet.size + 1))
        rng.shuffle(relabel)
        return [relabel[d - 1] for d in search.solution()]
    return None


def _random_start(sheet: Sheet, rng: random.Random) -> list[int]:
    """A few random digits in random cells of every grid, none breaking a rule with
    another."""
    cells = [0] * sheet.ncells
    peers = sheet.peers
    for k in range(len(sheet.grids)):
        for cell in rng.sample(sheet.grid_cells(k), _START_DIGITS):
            if cells[cell]:
                continue
            taken = {cells[p] for p in peers[cell]}
            allowed = [d for d in range(1, sheet.size + 1) if d not in taken]
            if allowed:
                cells[cell] = rng.choice(allowed)
    return cells


def _proven(made: SheetGrid, solution: list[int]) -> SheetGenerated:
    """The final, independent proof by the solver: a count to two, whose one solution must
    be the sheet the puzzle was dug from (the solver checks that it keeps the rules)."""
    proof = search_puzzle(made, limit=2)
    if proof.count != 1 or proof.solution is None or list(proof.solution.digits) != solution:
        raise AssertionError(f"internal error: generated puzzle is not unique: {made!r}")
    return SheetGenerated(made, proof.solution)


def _gave_up_message(options: SheetOptions) -> str:
    what = wanted_puzzle(_label(options.sheet), options.minimal, options.clues,
                         options.symmetry, options.difficulty)
    hint = "more tries (--tries) may find one"
    if options.minimal and options.symmetry != "none":
        hint = "a symmetric pattern is seldom minimal: more tries (--tries) or no symmetry"
    return f"gave up: no {what} found in {options.tries} tries; {hint}"


__all__ = [
    "SheetGenerated",
    "SheetOptions",
    "checked_sheet_options",
    "generate_sheet",
    "iter_generate_sheets",
    "kept_symmetries",
    "make_sheet",
    "random_full_sheet",
    "sheet_of",
    "sheet_orbits",
]
