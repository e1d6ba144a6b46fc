"""Make puzzles under variant rules: jigsaw, X, windoku, anti-king, anti-knight,
non-consecutive, disjoint groups, centre dot, even-odd, and their combinations.

>>> from sudokit import generate
>>> puzzle = generate(rules="x", seed=3)
>>> puzzle.rules.describe(), puzzle == generate(rules="x", seed=3)
('X 9x9', True)

How a puzzle is made, as for the classic ones: a random solution grid under the rules,
then its cells blanked in a random order (or in groups, for a symmetric pattern), each
blank kept only while the puzzle has exactly one solution. Jigsaw puzzles get a new map of
regions each (:mod:`.regions`), kept only when a solution grid under it is found; even-odd
puzzles get new odd and even cells, a random third of the cells marked with the parity of
their digit in the solution.

Every search is the rules engine's (``engine.rules_engine``). A solution grid starts from
two or three random digits that break no rule, which the engine completes within a budget
of rounds (a start that runs past it is dropped: on the tightest rules, such as X with
anti-knight, a few starts in ten do); the grid is then turned or reflected and its digits
relabelled at random wherever the rules still hold. A blank is kept when no solution has
another digit in its cell; every puzzle is proven unique once more by the solver, a count
to two, before it is returned.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

from .. import engine
from ..engine import Engine
from ..errors import GenerateGaveUp
from ..grid import Grid
from ..rules import Rules
from ..solver import SearchStatus
from ..solver import search as search_puzzle
from .killer import Undecided, caged
from .lines import drawn
from .options import GenerateOptions, RulesPlan, symmetry_orbits, wanted_puzzle
from .regions import random_regions

#: Default blanks, as fractions of the cells (as for classic puzzles: 40 to 64 of 81).
_BLANKS_LOW = 40 / 81
_BLANKS_HIGH = 64 / 81

#: The share of cells marked odd or even in a fresh even-odd puzzle.
PARITY_SHARE = 1 / 3

#: A fill: a few random digits (as many as one of these), completed by the rules engine
#: within a budget of propagation rounds; the starts made before a grid is given up.
_SEED_GIVENS = (2, 3)
_FILL_ROUNDS = 10_000
_FILL_STARTS = 60

#: Rounds of propagation a uniqueness test runs between looks at whether it is done.
_ROUNDS = 1 << 30

#: Rounds of propagation a question of a killer's uniqueness may take in all (with cages
#: of 2-5 cells nearly every count takes under a thousand; cages of 4 cells and more,
#: with no givens, can take millions), and the final proof of a puzzle with drawn clues.
#: Rounds, not seconds: a seed makes the same puzzle on any machine.
QUESTION_ROUNDS = 30_000
PROOF_ROUNDS = 1_000_000


def make_variant(options: GenerateOptions, key: int) -> tuple[Grid, Grid]:
    """Puzzle and solution under ``options.rules`` from the random stream ``key``.
    GenerateGaveUp when ``options.tries`` solution grids give none that meets the
    options."""
    plan = options.rules
    if plan is None:
        raise ValueError("make_variant: the options hold no variant rules")
    rng = random.Random(key)
    orbits = symmetry_orbits(plan.base.shape, options.symmetry)
    for _ in range(options.tries):
        filled = _filled(plan, rng)
        if filled is None:
            continue
        rules, solution = filled
        if plan.drawn:
            clued = _clued(plan, rules, solution, rng)
            if clued is None:
                continue
            rules = clued
        search = engine.rules_engine(rules)
        puzzle = [0] * len(solution) if "killer" in plan.drawn else \
            dug(search, rules.cell_masks, solution, orbits, _target(options, rng), rng)
        givens = sum(1 for d in puzzle if d)
        if options.clues is not None and givens != options.clues:
            continue
        if options.clues is None and not options.minimal and \
                len(puzzle) - givens < fewest_blanks(len(puzzle)):
            continue
        if options.minimal and not is_minimal(search, rules.cell_masks, puzzle, solution):
            continue
        made = Grid.unchecked(tuple(puzzle), rules.shape, rules)
        if options.difficulty is not None and options.difficulty != (
                capped_level(made, options.ladder) if plan.drawn
                else _confirmed_level(made, options.difficulty, options.ladder)):
            continue
        # the proof: a count to two by the solver (bounded where clues are drawn)
        proof = search_puzzle(made, limit=2, rounds=PROOF_ROUNDS if plan.drawn else None)
        if proof.status is SearchStatus.TIMED_OUT:
            continue
        if proof.count != 1 or proof.solution is None or list(proof.solution.cells) != solution \
                or not rules.keeps(solution):
            raise AssertionError(f"internal error: generated puzzle is not unique: {made!r}")
        return made, proof.solution
    raise GenerateGaveUp(_gave_up_message(plan, options))


def level_of(puzzle: Grid, ladder: tuple[str, ...] | None = None) -> str:
    """The level the rater gives ``puzzle`` under its rules, with the techniques of
    ``ladder`` (keys; None: the whole ladder)."""
    from ..logic.rating import rate  # the rater only when a difficulty is asked for

    if ladder is None:
        return rate(puzzle).level
    from ..logic.select import ladder_of  # the technique table only for a ladder of its own

    return rate(puzzle, techniques=ladder_of(ladder, "create")).level


def _confirmed_level(puzzle: Grid, level: str, ladder: tuple[str, ...] | None) -> str | None:
    """The level the rater gives ``puzzle`` when the techniques up to ``level`` solve it with
    ``level`` its hardest, else None. The techniques up to a level take the same path as the
    whole ladder wherever the whole ladder stays at or under it, so a try the rater would
    put higher is dropped as soon as they get stuck, before the costly techniques above.
    Extreme is the top, reached by guessing too: only the whole rater tells it."""
    if level != "extreme" and capped_level(puzzle, _ladder_up_to(level, ladder)) != level:
        return None
    return level_of(puzzle, ladder)


@lru_cache(maxsize=16)
def _ladder_up_to(level: str, ladder: tuple[str, ...] | None) -> tuple[str, ...]:
    """The keys of ``ladder`` (None: the default ladder) whose level is ``level`` or
    lower, in ladder order."""
    from ..logic.select import choose, ladder_of  # the technique table only for a level
    from ..logic.step import Level

    chosen = choose() if ladder is None else tuple(ladder_of(ladder, "create") or ())
    top = Level[level.upper()]
    return tuple(t.key for t in chosen if t.level <= top)


def capped_level(puzzle: Grid, ladder: tuple[str, ...] | None) -> str | None:
    """The level of ``puzzle``'s hardest step when the techniques of ``ladder`` (keys)
    solve it; None when they get stuck (the puzzle is harder than the ladder goes). No
    guess is taken and no time limit is set: the work is bounded by the ladder, so the
    answer is the same on any machine."""
    from ..logic.path import solve_path  # the rater only when a difficulty is asked for
    from ..logic.select import ladder_of  # the technique table likewise

    techniques = ladder_of(ladder, "create")
    path = solve_path(puzzle, techniques=techniques)
    if not path.solved or not path.steps:
        return None
    return str(max(step.level for step in path.steps))


def random_solution(rules: Rules, rng: random.Random,
                    starts: int = _FILL_STARTS) -> list[int] | None:
    """A random solution grid under ``rules`` (N*N digits), or None when ``starts``
    tries found none. Each try places a few random digits that break no rule, has the
    rules engine complete them within a budget, and turns, reflects and relabels the
    result at random where that keeps the rules."""
    search = engine.rules_engine(rules)
    for _ in range(starts):
        cells = _random_givens(rules, rng, rng.choice(_SEED_GIVENS))
        if cells is None or not search.reset(cells, 1):
            continue
        if search.run(_FILL_ROUNDS) != engine.DONE or not search.counts()[0]:
            continue
        return _shuffled(search, search.solution(), rules.size, rng)
    return None


def _random_givens(rules: Rules, rng: random.Random, count: int) -> list[int] | None:
    """``count`` random digits in random cells, none breaking a rule with another."""
    n = rules.size
    cells = [0] * (n * n)
    near: dict[int, list[int]] = {}
    for a, b in rules.non_consecutive_pairs:
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    for cell in rng.sample(range(n * n), count):
        allowed = [d for d in range(1, n + 1) if rules.cell_masks[cell] >> (d - 1) & 1
                   and all(cells[p] != d for p in rules.peers[cell])
                   and all(abs(cells[q] - d) != 1 for q in near.get(cell, ()) if cells[q])]
        if not allowed:
            return None
        cells[cell] = rng.choice(allowed)
    return cells


def _shuffled(search: Engine, solution: list[int], n: int, rng: random.Random) -> list[int]:
    """``solution`` turned or reflected, and its digits relabelled, at random, each kept
    only where the rules still hold (a jigsaw's regions do not turn along; only the
    relabelling 1..N to N..1 keeps non-consecutive digits apart)."""
    turn = rng.randrange(8)
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    for grid in (_turned(solution, n, turn), solution):
        for relabel in (digits, list(range(n, 0, -1))):
            moved = [relabel[d - 1] for d in grid]
            if _count(search, moved, 1):
                return moved
        if _count(search, grid, 1):
            return grid
    return solution


def _turned(cells: list[int], n: int, turn: int) -> list[int]:
    """One of the eight turns and reflections of the square (0 leaves it as it is)."""
    out = []
    for r in range(n):
        for c in range(n):
            rr, cc = (c, r) if turn & 4 else (r, c)
            rr = n - 1 - rr if turn & 1 else rr
            cc = n - 1 - cc if turn & 2 else cc
            out.append(cells[rr * n + cc])
    return out


def _filled(plan: RulesPlan, rng: random.Random) -> tuple[Rules, list[int]] | None:
    """Rules for one puzzle (fresh regions and parities where the plan asks) and a random
    solution under them; None when no solution was found."""
    if plan.fresh_regions:
        filled = _fresh_regions(plan.base, rng)
    else:
        found = random_solution(plan.base, rng)
        filled = None if found is None else (plan.base, found)
    if filled is None:
        return None
    rules, solution = filled
    if plan.fresh_parity:
        marked = rng.sample(range(len(solution)), round(PARITY_SHARE * len(solution)))
        rules = rules.replace(odd=[c for c in marked if solution[c] % 2],
                              even=[c for c in marked if not solution[c] % 2])
    return rules, solution


def _fresh_regions(base: Rules, rng: random.Random) -> tuple[Rules, list[int]] | None:
    """A new jigsaw map and a solution under it. For a size with boxes the solution comes
    first, under the standard boxes, and the map is traded from the boxes keeping each
    region's digits different: a random map under a rule such as anti-knight or
    non-consecutive seldom has a solution at all. For a size without boxes (5, 7) a random
    map is drawn, and kept when a solution is found under it."""
    n = base.size
    if base.shape.box_rows > 1:
        solution = random_solution(base.replace(regions=None), rng)
        if solution is None:
            return None
        return base.replace(regions=random_regions(n, rng, solution)), solution
    rules = base.replace(regions=random_regions(n, rng))
    solution = random_solution(rules, rng)
    return None if solution is None else (rules, solution)


def _clued(plan: RulesPlan, rules: Rules, solution: list[int],
           rng: random.Random) -> Rules | None:
    """``rules`` with the clues of ``plan.drawn`` drawn where ``solution`` keeps them:
    lines and dots (:mod:`.lines`), then killer cages (:mod:`.killer`) under which the
    empty grid has one solution; None when no such cages were found."""
    rules = drawn(rules, solution, plan.drawn, rng)
    if "killer" not in plan.drawn:
        return rules
    return caged(rules, solution, plan.cage_size, rng, another_solution)


def another_solution(rules: Rules, puzzle: Sequence[int],
                     solution: Sequence[int]) -> list[int] | None:
    """A solution of ``puzzle`` under ``rules`` other than ``solution`` (which keeps
    them), by the rules engine; None when ``solution`` is its only one; Undecided when its
    searches run past :data:`QUESTION_ROUNDS` in all."""
    search = engine.rules_engine(rules)
    budget = [QUESTION_ROUNDS]
    if not search.reset(list(puzzle), 2) or _bounded_count(search, budget) < 2:
        return None
    first = search.solution()
    if first != list(solution):
        return first
    # the first one found is ``solution``: ask each blank for another digit in turn
    for cell, digit in enumerate(puzzle):
        if digit:
            continue
        masks = [1 << (d - 1) if d else m for d, m in zip(puzzle, rules.cell_masks, strict=True)]
        masks[cell] &= ~(1 << (solution[cell] - 1))
        if search.reset_masks(masks, 1) and _bounded_count(search, budget):
            return search.solution()
    raise AssertionError("internal error: two solutions counted, one found")


#: Rounds a bounded search runs between looks at what is left of its budget.
_CHUNK = 1_000


def _bounded_count(search: Engine, budget: list[int]) -> int:
    """The solutions of the board loaded, counted to its limit within the rounds left in
    ``budget`` (what it spends taken off); Undecided when they run out."""
    while search.run(_CHUNK) != engine.DONE:
        budget[0] -= _CHUNK
        if budget[0] <= 0:
            raise Undecided(f"the searches of a question ran past {QUESTION_ROUNDS} rounds")
    return search.counts()[0]


def _target(options: GenerateOptions, rng: random.Random) -> int:
    """The clues to dig down to (0: as few as will go)."""
    if options.clues is not None:
        return 0 if options.minimal else options.clues
    if options.rules is not None and options.rules.drawn:
        return 0  # lines and dots: as few givens as keep one solution
    if options.minimal or options.difficulty not in (None, "easy", "medium"):
        return 0  # the fewer the clues, the likelier a hard puzzle
    return default_target(options.shape.ncells, rng)


def default_target(ncells: int, rng: random.Random) -> int:
    """A random number of clues to dig down to when none is asked for: as for classic
    puzzles, 40 to 64 of 81 cells blank, the same share of any other count of cells."""
    low = fewest_blanks(ncells)
    high = max(low, math.floor(_BLANKS_HIGH * ncells))
    return ncells - (low + rng.randrange(high - low + 1))


def fewest_blanks(ncells: int) -> int:
    """The fewest blanks a puzzle of ``ncells`` cells is made with when no clue count,
    minimality or difficulty asks otherwise (40 of 81)."""
    return math.ceil(_BLANKS_LOW * ncells)


def dug(search: Engine, masks: Sequence[int], solution: list[int],
        orbits: list[tuple[int, ...]], target: int, rng: random.Random) -> list[int]:
    """Blank the orbits of ``solution`` in a random order, each only while one solution
    stays, until ``target`` clues are left or none can go. ``search`` is the engine of the
    rules, ``masks`` the digits each cell may hold under them."""
    puzzle = list(solution)
    left = len(puzzle)
    order = list(orbits)
    rng.shuffle(order)
    for orbit in order:
        if left - len(orbit) < target:
            continue
        for cell in orbit:
            puzzle[cell] = 0
        if _unique_without(search, masks, puzzle, solution, orbit):
            left -= len(orbit)
            if left == target:
                break
        else:
            for cell in orbit:
                puzzle[cell] = solution[cell]
    return puzzle


def _unique_without(search: Engine, masks: Sequence[int], puzzle: list[int],
                    solution: list[int], blanked: tuple[int, ...]) -> bool:
    """Whether ``puzzle`` (``solution`` with ``blanked`` among its blanks, the puzzle
    unique before they went) still has one solution. Another one must differ in a blanked
    cell: one blank is tested by asking for a solution with another digit there."""
    if len(blanked) > 1:
        return _count(search, puzzle, 2) == 1
    cell = blanked[0]
    loaded = [1 << (d - 1) if d else m for d, m in zip(puzzle, masks, strict=True)]
    loaded[cell] &= ~(1 << (solution[cell] - 1))
    if not search.reset_masks(loaded, 1):
        return True
    return _count(search, None, 1) == 0


def _count(search: Engine, cells: list[int] | None, limit: int) -> int:
    """Solutions counted to ``limit`` (of ``cells``, or of the board already loaded)."""
    if cells is not None and not search.reset(cells, limit):
        return 0
    while search.run(_ROUNDS) != engine.DONE:
        pass
    return search.counts()[0]


def is_minimal(search: Engine, masks: Sequence[int], puzzle: list[int],
               solution: list[int]) -> bool:
    """No given of ``puzzle`` can go without a second solution appearing."""
    for cell, digit in enumerate(puzzle):
        if digit:
            puzzle[cell] = 0
            alone = _unique_without(search, masks, puzzle, solution, (cell,))
            puzzle[cell] = digit
            if alone:
                return False
    return True


def _gave_up_message(plan: RulesPlan, options: GenerateOptions) -> str:
    what = wanted_puzzle(plan.describe(), options.minimal, options.clues, options.symmetry,
                         options.difficulty)
    hint = "more tries (--tries)"
    if "killer" in plan.drawn:  # large cages seldom leave one solution with no givens
        hint = "smaller cages (--cage-size) or more tries (--tries)"
    if options.difficulty is not None and plan.drawn:
        # small cages make easy killers (cells of one or two), medium ones (two or three)
        hint = "an easier difficulty, " + hint.replace(" or ", ", ", hint.count(" or ") - 1) \
            if "killer" in plan.drawn else "an easier difficulty or " + hint
    return f"gave up: no {what} found in {options.tries} tries; {hint} may find one"
