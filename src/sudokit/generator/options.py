"""What a puzzle is made to: the options of ``generate`` checked and settled before any
work starts, and the symmetry patterns the clues may keep.

:func:`checked_options` refuses what cannot be made at once (a size past :data:`MAX_SIZE`,
fewer clues than :func:`fewest_clues`, a clue count no group of :func:`symmetry_orbits`
adds up to, an unknown symmetry or difficulty) and fills in the defaults: how many
solution grids to try, and the guesses each uniqueness test may spend.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .. import engine, validate
from ..constraints import FAMILIES
from ..errors import GenerateError, RulesError, UnsupportedRulesError
from ..rules import PRESETS, Rules, parse_names
from ..shape import Shape
from ..sheets import preset_key
from .choices import DIFFICULTIES, SYMMETRIES

_SYMMETRY_ALIASES = {"full": "dihedral"}

#: The largest grid a puzzle is made for: a 36x36 takes seconds; proving a 49x49 puzzle
#: unique does not end in minutes, so larger sizes are refused at once (ValueError).
MAX_SIZE = 36

#: The largest grid a puzzle is made for a ``difficulty``: each try is rated, and rating a
#: 25x25 takes seconds, a 36x36 minutes and gigabytes (refused at once, ValueError).
MAX_RATED_SIZE = 25

#: The largest grid a puzzle under variant rules is made for (its search runs in Python).
MAX_VARIANT_SIZE = 16

#: The clues drawn on the grid that a puzzle is made with (cages grown on its solution,
#: lines and dots placed where its solution keeps them), and the largest grid for them.
DRAWN = ("killer", "thermo", "arrow", "kropki")
MAX_DRAWN_SIZE = 9

#: The levels a puzzle with drawn clues of each family is made for. Each try is rated by
#: the ladder up to the level asked, without a time limit: its work is bounded (every step
#: takes out a candidate, and no technique up to expert nests chains), so a seed makes the
#: same puzzle on any machine. Extreme puzzles need nested forcing chains, whose work on a
#: board of few givens and many clues runs to minutes: that level is refused; so is every
#: level for arrows, which the techniques up to expert seldom solve at all.
_UP_TO_EXPERT = ("easy", "medium", "hard", "expert")
DRAWN_LEVELS: dict[str, tuple[str, ...]] = {
    "killer": _UP_TO_EXPERT, "thermo": _UP_TO_EXPERT, "kropki": _UP_TO_EXPERT, "arrow": ()}

#: The cells of a killer puzzle's cages, fewest and most, when not asked for.
CAGE_SIZE = (2, 5)

#: The fewest clues with which a puzzle of each box shape can have one solution: proven
#: for 9x9 (McGuire, Tugemann, Civario 2012) and known for 4x4 and 6x6. Any other size
#: needs at least N-1: with two digits absent from the clues, swapping them in a
#: solution gives a second one.
_FEWEST_CLUES = {(2, 2): 4, (2, 3): 8, (3, 2): 8, (3, 3): 17}

#: Guess budgets for each uniqueness test (-1: none). Up to 12x12 the tests are cheap and
#: run to the end (and to 16x16 for minimal puzzles); above, a test that needs more
#: guesses keeps its clue: generation stays fast and every puzzle is still proven unique,
#: but a minimal puzzle needs every test finished, which at 25x25 rarely happens.
UNBOUNDED = -1
_LARGE_BUDGET = 10
_MINIMAL_BUDGET_LARGE = 1_000


class RulesPlan(NamedTuple):
    """The rules puzzles are made under: ``base`` holds the fixed ones; with
    ``fresh_regions`` each puzzle gets new jigsaw regions, with ``fresh_parity`` new odd
    and even cells, chosen from its solution (``base`` then holds stand-ins for them);
    ``drawn`` names the families of clues drawn anew on each puzzle's solution (of
    :data:`DRAWN`), its cages of ``cage_size`` cells (fewest, most)."""

    base: Rules
    fresh_regions: bool = False
    fresh_parity: bool = False
    drawn: tuple[str, ...] = ()
    cage_size: tuple[int, int] = CAGE_SIZE

    def describe(self) -> str:
        """The rules in words: ``"jigsaw + X 9x9"``."""
        rules = self.base.replace(odd=(0,)) if self.fresh_parity else self.base
        if not self.drawn:
            return rules.describe()
        names = set(rules.names) | set(self.drawn)
        words = " + ".join(PRESETS[name] for name in PRESETS if name in names)
        return f"{words} {rules.size}x{rules.size}"


class GenerateOptions(NamedTuple):
    """The settled options of a run of ``generate`` (made by :func:`checked_options`)."""

    shape: Shape
    clues: int | None
    symmetry: str
    minimal: bool
    difficulty: str | None
    tries: int
    #: the technique keys that rate a puzzle for ``difficulty`` (None: the whole ladder)
    ladder: tuple[str, ...] | None = None
    #: the variant rules each puzzle is made under (None: the classic rules)
    rules: RulesPlan | None = None

    @property
    def walks(self) -> bool:
        """Whether an exact clue count is sought by a walk from a minimal puzzle: moving
        one clue at a time, it keeps no symmetry, and its end is not always minimal."""
        return self.clues is not None and self.symmetry == "none" and not self.minimal

    @property
    def budget(self) -> int:
        """Guesses allowed to one uniqueness test (see UNBOUNDED)."""
        n = self.shape.n
        if n <= 12 or (self.minimal and n <= 16):
            return UNBOUNDED
        return _MINIMAL_BUDGET_LARGE if self.minimal else _LARGE_BUDGET


def symmetry_orbits(shape: Shape, symmetry: str) -> list[tuple[int, ...]]:
    """The groups of cells that a ``symmetry`` pattern gives or blanks together."""
    name = symmetry_name(symmetry)
    n = shape.n
    last = n - 1
    moves: list[Callable[[int, int], tuple[int, int]]] = {
        "none": [],
        "rot180": [lambda r, c: (last - r, last - c)],
        "rot90": [lambda r, c: (c, last - r)],
        "mirror": [lambda r, c: (r, last - c)],
        "flip": [lambda r, c: (last - r, c)],
        "diagonal": [lambda r, c: (c, r)],
        "antidiagonal": [lambda r, c: (last - c, last - r)],
        "dihedral": [lambda r, c: (c, last - r), lambda r, c: (r, last - c)],
    }[name]
    def images(cell: int) -> list[int | None]:
        r, c = divmod(cell, n)
        return [r2 * n + c2 for r2, c2 in (move(r, c) for move in moves)]

    found = orbits_under(shape.ncells, images)
    assert found is not None  # (a move of a square grid never leaves it)
    return found


def orbits_under(ncells: int, images: Callable[[int], list[int | None]]
                 ) -> list[tuple[int, ...]] | None:
    """The orbits of the cells 0..``ncells``-1 under the moves whose images of a cell
    ``images`` gives (the least closed sets of cells), or None when a move takes a cell out
    of them (an image None)."""
    placed: set[int] = set()
    orbits = []
    for cell in range(ncells):
        if cell in placed:
            continue
        orbit = {cell}
        todo = [cell]
        while todo:
            for other in images(todo.pop()):
                if other is None:
                    return None
                if other not in orbit:
                    orbit.add(other)
                    todo.append(other)
        placed |= orbit
        orbits.append(tuple(sorted(orbit)))
    return orbits


def symmetry_name(symmetry: str) -> str:
    """The pattern a ``symmetry`` names ("full" is "dihedral"); GenerateError if none."""
    name = _SYMMETRY_ALIASES.get(symmetry, symmetry)
    if name not in SYMMETRIES:
        choices = ", ".join([*SYMMETRIES, *_SYMMETRY_ALIASES])
        raise GenerateError(f"unknown symmetry {symmetry!r} (one of: {choices})")
    return name


def fewest_clues(shape: Shape) -> int:
    """The fewest clues a puzzle of this shape can have and still have one solution
    (a proven bound for 4x4, 6x6 and 9x9; N-1 for the others)."""
    return _FEWEST_CLUES.get((shape.box_rows, shape.box_cols), shape.n - 1)


def checked_options(
    size: int,
    box: tuple[int, int] | None,
    clues: int | None,
    symmetry: str,
    minimal: bool,
    difficulty: str | None,
    tries: int | None,
    techniques: str | None = None,
    exclude: str | None = None,
    rules: Rules | str | None = None,
    cage_size: tuple[int, int] | None = None,
) -> GenerateOptions:
    plan = checked_rules(rules, size, box, cage_size)
    shape = Shape.for_size(size, box) if plan is None else plan.base.shape
    if clues is not None:
        clues = validate.whole(clues, "generate", "clues")
    if tries is not None:
        tries = validate.whole(tries, "generate", "tries")
    if not isinstance(symmetry, str):
        raise TypeError(f"generate: symmetry must be a str (one of {', '.join(SYMMETRIES)}), "
                        f"not {type(symmetry).__name__}")
    if difficulty is not None and not isinstance(difficulty, str):
        raise TypeError(f"generate: difficulty must be a str or None, not "
                        f"{type(difficulty).__name__}")
    if shape.n > MAX_SIZE:
        raise GenerateError(f"size {shape.n}: puzzles are made up to {MAX_SIZE}x{MAX_SIZE} (a "
                            f"{MAX_SIZE}x{MAX_SIZE} takes seconds; proving a {shape.n}x{shape.n}"
                            " puzzle unique does not end in minutes)")
    name = symmetry_name(symmetry)
    label = f"{shape.n}x{shape.n}"
    if plan is not None and "killer" in plan.drawn and (
            clues is not None or minimal or name != "none"):
        raise GenerateError(f"{plan.describe()} puzzles are made with no givens: leave out "
                            "clues, minimal and symmetry")
    if clues is not None:
        floor = fewest_clues(shape) if plan is None else 0  # variants: no bound known
        if clues < floor:
            why = " (proven by McGuire et al., 2012)" if shape.n == 9 else ""
            raise GenerateError(
                f"no {label} puzzle with {clues} clues has exactly one solution: "
                f"it needs at least {floor}{why}")
        if clues > shape.ncells:
            raise GenerateError(f"a {label} grid has only {shape.ncells} cells, "
                                f"not room for {clues} clues")
        orbits = symmetry_orbits(shape, name)
        if not reachable(clues, orbits):
            sizes = sorted({len(o) for o in orbits})
            raise GenerateError(
                f"{clues} clues cannot make a {name}-symmetric pattern on a {label} grid "
                f"(its cells go in groups of {' and '.join(map(str, sizes))})")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise GenerateError(f"unknown difficulty {difficulty!r} "
                            f"(one of: {', '.join(DIFFICULTIES)})")
    if plan is not None and plan.drawn and difficulty is not None:
        _check_drawn_level(plan, difficulty)
    if difficulty is not None and shape.n > MAX_RATED_SIZE:
        raise GenerateError(f"difficulty {difficulty!r}: puzzles are made for a difficulty up "
                            f"to {MAX_RATED_SIZE}x{MAX_RATED_SIZE} (rating each {label} try "
                            "takes minutes and gigabytes)")
    if tries is None:
        tries = _default_tries(shape, clues, minimal, name, difficulty) if plan is None \
            else (_DRAWN_TRIES if difficulty is None else _DRAWN_RATED_TRIES) if plan.drawn \
            else _VARIANT_TRIES if difficulty is None else _VARIANT_RATED_TRIES
    elif tries < 1:
        raise ValueError(f"tries must be at least 1, got {tries}")
    ladder = None
    capped = plan is not None and plan.drawn and difficulty is not None
    if techniques is not None or exclude is not None or capped:
        from ..logic.select import choose  # the rater only when a ladder is chosen
        from ..logic.step import Level

        chosen = choose(techniques, exclude)
        if capped:  # drawn clues are rated by a ladder that stops at the level asked
            chosen = tuple(t for t in chosen if t.level <= Level[str(difficulty).upper()])
        ladder = tuple(t.key for t in chosen)
        if not ladder:
            raise GenerateError("--techniques/--exclude leave no technique to rate with")
    return GenerateOptions(shape, clues, name, minimal, difficulty, tries, ladder, plan)


def _check_drawn_level(plan: RulesPlan, difficulty: str) -> None:
    """UnsupportedRulesError when no puzzle with the clues of ``plan.drawn`` is made for
    ``difficulty`` (see :data:`DRAWN_LEVELS`)."""
    for family in plan.drawn:
        levels = DRAWN_LEVELS.get(family, ())
        if difficulty in levels:
            continue
        if not levels:
            # arrows with single-cell circles and as few givens as keep one solution: the
            # techniques up to expert solved none of 500 tries
            raise UnsupportedRulesError(
                f"making {plan.describe()} puzzles of a difficulty is not supported: the "
                f"techniques up to expert solve almost no {family} puzzle made (as few givens "
                "as keep one solution)")
        # past expert the rater needs nested forcing chains, whose work on a board of few
        # givens and many clues has no bound short of minutes; a time limit instead would
        # make the same seed give another puzzle on another machine
        raise UnsupportedRulesError(
            f"making {plan.describe()} puzzles of {difficulty} difficulty is not supported: "
            "rating one needs nested forcing chains, whose work has no bound (levels: "
            f"{', '.join(levels)})")


def checked_rules(rules: Rules | str | None, size: int, box: tuple[int, int] | None,
                  cage_size: tuple[int, int] | None = None) -> RulesPlan | None:
    """What ``rules=`` asks for, checked: a :class:`Rules` value, or preset names such as
    ``"jigsaw+x"`` ("jigsaw" makes new regions for each puzzle, "even-odd" new odd and even
    cells, "killer", "thermo", "arrow" and "kropki" new cages, lines or dots: see
    :data:`DRAWN`); None for the classic rules. RulesError for rules this size cannot
    have, UnsupportedRulesError for clues no puzzle is made with yet, GenerateError for
    rules of another size or a ``cage_size`` without killer rules."""
    if rules is None:
        if cage_size is not None:
            raise GenerateError("generate: cage_size goes with killer puzzles "
                                "(rules='killer')")
        return None
    n = validate.whole(size, "generate", "size")
    if isinstance(rules, Rules):
        if rules.size != n:
            raise GenerateError(f"generate: rules are for {rules.size}x{rules.size}, the size "
                                f"asked is {n}x{n}")
        plan = RulesPlan(rules)
    elif isinstance(rules, str):
        layouts = [part.strip() for part in rules.split("+") if preset_key(part)]
        if layouts and "+" in rules:
            raise UnsupportedRulesError(f"generate: {layouts[0]} puzzles (overlapping grids) "
                                        f"cannot be combined with other rules ({rules!r})")
        if layouts:
            raise GenerateError(f"generate: {rules.strip()} puzzles are sheets of overlapping "
                                f"grids: make them with sudokit.generator.generate_sheet("
                                f"{rules.strip()!r})")
        names = parse_names(rules)
        flags = {flag: True for flag, name in _FLAG_NAMES.items() if name in names}
        # A stand-in map of columns for fresh regions: the rules of the size checked now.
        regions = [cell % n for cell in range(n * n)] if "jigsaw" in names else None
        plan = RulesPlan(Rules(n, regions=regions, box=box).replace(**flags),
                         fresh_regions="jigsaw" in names, fresh_parity="even-odd" in names,
                         drawn=_drawn(names))
    else:
        raise TypeError(f"generate: rules must be a Rules or preset names such as "
                        f"'jigsaw+x', not {type(rules).__name__}")
    if cage_size is not None:
        if "killer" not in plan.drawn:
            raise GenerateError(f"generate: cage_size goes with killer puzzles (rules="
                                f"'killer'), not {plan.describe()}")
        plan = plan._replace(cage_size=checked_cage_size(cage_size, n))
    elif plan.drawn:
        plan = plan._replace(cage_size=(min(CAGE_SIZE[0], n), min(CAGE_SIZE[1], n)))
    if plan.base.is_classic and not plan.fresh_parity and not plan.drawn:
        return None
    if plan.drawn and n > MAX_DRAWN_SIZE:
        raise GenerateError(f"size {n}: {plan.describe()} puzzles are made up to "
                            f"{MAX_DRAWN_SIZE}x{MAX_DRAWN_SIZE}")
    if n > MAX_VARIANT_SIZE:
        raise GenerateError(f"size {n}: puzzles under {plan.describe()} rules are made up to "
                            f"{MAX_VARIANT_SIZE}x{MAX_VARIANT_SIZE}")
    if not plan.fresh_regions and not _has_grid(plan.base):
        raise RulesError(f"{plan.describe()}: no grid of this size keeps these rules, so "
                         "no puzzle can have them")
    return plan


def _drawn(names: list[str]) -> tuple[str, ...]:
    """The families of :data:`DRAWN` among preset ``names``; UnsupportedRulesError for one
    whose clues no puzzle is made with yet (they come with a puzzle's file)."""
    for name in names:
        if name in FAMILIES and name not in DRAWN:
            raise UnsupportedRulesError(
                f"creating {FAMILIES[name]} puzzles is not supported yet (puzzles are made "
                f"with clues drawn of {', '.join(DRAWN)})")
    return tuple(name for name in DRAWN if name in names)


def checked_cage_size(cage_size: tuple[int, int], n: int) -> tuple[int, int]:
    """``cage_size`` (fewest, most cells of a cage), checked for an N x N grid: whole
    numbers with 1 <= fewest <= most <= N (a cage's digits differ)."""
    if isinstance(cage_size, str | bytes) or not hasattr(cage_size, "__len__") \
            or len(cage_size) != 2:
        raise TypeError(f"generate: cage_size must be (fewest, most) cells, not "
                        f"{cage_size!r}")
    low = validate.whole(cage_size[0], "generate", "cage_size")
    high = validate.whole(cage_size[1], "generate", "cage_size")
    if not 1 <= low <= high <= n:
        raise GenerateError(f"cage size {low}-{high}: a cage of a {n}x{n} killer holds 1 to "
                            f"{n} cells (its digits differ), the fewest first")
    if not any(m * low <= n * n <= m * high for m in range(1, n * n + 1)):
        cells = f"{low}" if low == high else f"{low} to {high}"
        raise GenerateError(f"cage size {low}-{high}: the {n * n} cells of a {n}x{n} grid do "
                            f"not split into cages of {cells} cells")
    return low, high


#: Rounds the rules engine may spend proving that no grid keeps a set of rules (about ten
#: seconds: windoku with non-consecutive takes nine); past them the maker simply tries.
_EMPTY_PROOF_ROUNDS = 20_000_000

#: What :func:`_has_grid` found, per set of rules, in this process.
_GRIDS_FOUND: dict[Rules, bool] = {}


def _has_grid(rules: Rules) -> bool:
    """False when the rules engine proves that no full grid keeps ``rules`` (True when
    it finds one, or runs out of rounds first)."""
    found = _GRIDS_FOUND.get(rules)
    if found is None:
        search = engine.rules_engine(rules)
        search.reset([0] * (rules.size * rules.size), 1)
        done = search.run(_EMPTY_PROOF_ROUNDS) == engine.DONE
        found = _GRIDS_FOUND[rules] = not done or search.counts()[0] > 0
    return found


#: The flags of :class:`Rules` and the preset names that set them.
_FLAG_NAMES = {"diagonals": "x", "windows": "windoku", "anti_king": "anti-king",
               "anti_knight": "anti-knight", "non_consecutive": "non-consecutive",
               "disjoint": "disjoint", "centre_dot": "centre-dot"}


def reachable(total: int, orbits: list[tuple[int, ...]]) -> bool:
    """Can some of the orbits add up to exactly ``total`` cells? (a bitset subset sum)"""
    sums = 1
    for orbit in orbits:
        sums |= sums << len(orbit)
    return bool(sums >> total & 1)


def wanted_puzzle(label: str, minimal: bool, clues: int | None, symmetry: str,
                  difficulty: str | None, rated: str = "of {} difficulty") -> str:
    """What a search that gave up was asked for, in words: "minimal 9x9 puzzle with 25
    clues and rot180 symmetry of hard difficulty" (``rated`` words the difficulty)."""
    wanted = []
    if clues is not None:
        wanted.append(f"{clues} clues")
    if symmetry != "none":
        wanted.append(f"{symmetry} symmetry")
    what = ("minimal " if minimal else "") + f"{label} puzzle"
    if wanted:
        what += " with " + " and ".join(wanted)
    if difficulty is not None:
        what += " " + rated.format(difficulty)
    return what


#: Solution grids tried for a puzzle under variant rules (a try takes a few tenths of a
#: second on 9x9, the search running in Python).
_VARIANT_TRIES = 50
#: ... and for one with clues drawn on it: a killer of 2-5 cells nearly always comes from
#: the first (a few tenths of a second at most); cages of 4 to 6 cells from one in four,
#: of 5 to 9 cells seldom at all (each try then spends its questions: seconds).
_DRAWN_TRIES = 10
#: ... and for a difficulty: each try is rated too, by the ladder up to the level asked
#: (under a second for a killer, a few hundredths for lines and dots).
_DRAWN_RATED_TRIES = 100
#: ... and for a difficulty: each try is rated too (30 ms to 0.3 s on 9x9, seconds for a
#: minimal anti-knight puzzle, nearly always extreme). A level one try in ten reaches is
#: missed by 50 tries once in 200 puzzles (a hard jigsaw was, making 200), by 200 tries
#: practically never.
_VARIANT_RATED_TRIES = 200


def _default_tries(shape: Shape, clues: int | None, minimal: bool, symmetry: str,
                   difficulty: str | None) -> int:
    """About as many solution grids as a few seconds allow (a 9x9 one takes ~0.3 ms to
    fill and dig, a walk up to ~0.1 s, a rating ~5 ms)."""
    if clues is None and not minimal and difficulty is None:
        return 100  # the default target nearly always succeeds at the first try
    if difficulty is not None:
        # Tries a level needed over seeds 0-19, the most (the mean): 6x6 expert 1275 (355),
        # 8x8 extreme about 5,600 on average, 9x9 extreme 1188 (366), 12x12 hard 35 (10), 16x16
        # hard 80 (19). Each try is rated (0.1 ms at 4x4, 1 ms at 8x8, 2 ms at 9x9, 30 ms at
        # 12x12, 60 ms at 16x16), so a level that cannot be made (4x4 above easy, 6x6 extreme)
        # gives up within seconds, 20 at most.
        if shape.n < 9:
            return 20_000
        return 5_000 if shape.n == 9 else 200 if shape.n <= 16 else 20
    if clues is not None and symmetry == "none" and not minimal:
        return 100 if shape.n <= 9 else 20  # each try may walk
    if shape.n <= 9:
        return 10_000
    if shape.n <= 12:
        return 1_000
    if shape.n <= 16:
        return 50
    return 2 if minimal else 5
