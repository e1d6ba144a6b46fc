"""The search behind :mod:`sudokit.generator.targeted`: walks through the solves of random minimal
puzzles to a place where an asked technique is the next step, the clues that finish the
solve after it, and the rater's final check (see there for the recipe)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, NamedTuple

from .. import engine
from ..candidates import Candidates
from ..grid import Grid
from ..logic.board import Board, bits, geometry
from ..logic.path import find_step, solve_path
from ..logic.rating import Rating, rating_of
from ..logic.step import Step, Technique
from ..shape import Shape
from ..solver import count_solutions
from ._singles9 import (
    CLAIMING,
    HIDDEN_PAIR,
    KITE,
    NAKED_PAIR,
    POINTING,
    W_WING,
    XY_WING,
    candidates,
    settle_basic,
)
from .make import minimal_digs

#: The cleanness levels: what the steps other than the asked technique's may be.
CLEANNESS = {
    0: "any step not harder than the asked techniques",
    1: "the simple technique set before and after the asked technique",
    2: "the simple technique set before it, singles only after it",
    3: "singles only, before and after it",
}
@dataclass(frozen=True)
class Request:
    """Checked options of a technique-made puzzle (plain data: it pickles)."""

    targets: frozenset[str]
    ladder: tuple[str, ...]
    cleanness: int
    score_min: float | None
    score_max: float | None
    tries: int
    #: every clue needed for the one solution (no clue can go without a second appearing)
    minimal: bool = False

    def describe(self) -> str:
        """The request in words, for a message."""
        what = ", ".join(sorted(self.targets))
        band = ""
        if self.score_min is not None or self.score_max is not None:
            low = "" if self.score_min is None else f"{self.score_min:g}"
            high = "" if self.score_max is None else f"{self.score_max:g}"
            band = f", score {low}..{high}"
        return f"{what} (cleanness {self.cleanness}{band}{', minimal' * self.minimal})"



#: The singles: every puzzle has them, so they are never a target by themselves.
SINGLES = frozenset({"full-house", "hidden-single", "naked-single"})

#: HoDoKu's "simple sudoku technique set" (SSTS) as far as the ladder has it: singles,
#: locked candidates, naked and hidden subsets, basic fish, XY-Wing and simple colouring.
SIMPLE_SET = SINGLES | frozenset({
    "pointing", "claiming", "naked-pair", "hidden-pair", "naked-triple", "hidden-triple",
    "naked-quad", "hidden-quad", "x-wing", "swordfish", "jellyfish", "xy-wing",
    "simple-colouring",
})

#: The minimal puzzles dug from each random grid, each the start of a walk: a second dig
#: of a grid costs 60% of a fresh puzzle, and each puzzle alone is as random as a fresh one
#: (so the places per walk stay the same). Measured on X-Chain's walks: 1.07 times the
#: walks a second with two digs a grid, 1.09 with three, 1.10 with four.
_DIGS_PER_GRID = 3
#: Cells looked at, when a walk adds a clue, for one that lets an asked technique apply.
_LOOKAHEAD = 8
#: Clues added after the asked technique before a try is given up.
_MOST_ROUNDS = 60
#: Cells tried for each of those clues: first some that sharpen the technique's step (see
#: :func:`sharpening_clues`), then as many of the others.
_CELLS_PER_ROUND = 12
#: The techniques the search tries first, in this order, where any step up to the asked
#: technique may be taken (cleanness 0, no score cap): there the order only decides how
#: fast a solve reaches a board where nothing easier than the asked technique applies, the
#: same board whatever the order (the final check solves in the ladder's own order). Cheap,
#: frequent patterns first, then the chains that stand for many patterns at once (the
#: ladder tries them late, after every rarer, costlier pattern has failed); the rest follow
#: in ladder order.
_TRIED_FIRST = ("pointing", "claiming", "naked-pair", "hidden-pair", "2-string-kite", "w-wing",
               "xy-wing", "xy-chain", "aic", "grouped-aic")
#: The other easier techniques the search tries next, in this order: the one-digit patterns
#: that most often come before an asked chain (counted on the boards of X-Chain walks where
#: X-Chain applied: Skyscraper 1,644 steps, Finned X-Wing 1,348, X-Wing 1,090, Empty
#: Rectangle 825, the colourings 575 and 570, XYZ-Wing 254, Swordfish 247, Finned Swordfish
#: 150 of 7,141); the subsets last, which cost most to search and were the step 171
#: times. Then the rest in ladder order (X-Chain's walks: 1.08 times the places a second).
_TRIED_NEXT = ("skyscraper", "x-wing", "finned-x-wing", "empty-rectangle", "simple-colouring",
               "multi-colouring", "swordfish", "xyz-wing", "finned-swordfish")
_TRIED_LAST = ("naked-triple", "hidden-triple", "naked-quad", "hidden-quad")
#: Easier techniques whose steps the search takes all at once, in compiled code, where
#: their order does not matter (the same frequent, cheap patterns that it tries first): the
#: board they end on together with the singles is the one taking them step by step ends on.
_TAKEN_AT_ONCE = {"pointing": POINTING, "claiming": CLAIMING, "naked-pair": NAKED_PAIR,
                  "hidden-pair": HIDDEN_PAIR, "2-string-kite": KITE, "xy-wing": XY_WING,
                  "w-wing": W_WING}
#: Techniques that look at one digit's candidates alone (fish, one-digit chains and
#: colouring). Their puzzles are looked for from minimal puzzles dug digit by digit (see
#: :func:`sudokit.generator.minimal_digs`): one digit keeps few or no clues there, and
#: its candidates are where such patterns are needed (1.5 to 10 times fewer walks a puzzle,
#: docs/create.md); the techniques of several digits (wings, rectangles, ALS) need more
#: walks from them, not fewer, and keep the random order.
_ONE_DIGIT = frozenset({
    "x-wing", "swordfish", "jellyfish", "finned-x-wing", "finned-swordfish",
    "finned-jellyfish", "sashimi-x-wing", "sashimi-swordfish", "sashimi-jellyfish",
    "franken-fish", "mutant-fish", "finned-franken-fish", "finned-mutant-fish",
    "skyscraper", "2-string-kite", "empty-rectangle", "simple-colouring", "multi-colouring",
    "x-chain", "grouped-x-chain",
})
_SHAPE = Shape.for_size(9)
_GEOMETRY = geometry(_SHAPE)


class Made(NamedTuple):
    """A puzzle made for a technique: the puzzle and its solution, the candidate board just
    before the first step of an asked technique (``practice``), that step, and the rating
    that checked it."""

    puzzle: Grid
    solution: Grid
    practice: Candidates
    step: Step
    rating: Rating


@lru_cache(maxsize=64)
def techniques_of(keys: tuple[str, ...]) -> tuple[Technique, ...]:
    """The techniques of these keys, in that order."""
    from ..logic.select import ladder_of  # the ladder's modules: loaded with the first plan

    return tuple(ladder_of(keys, "create") or ())


class Plan:
    """What a search needs from a request, built once per process: the ladder cut after
    the latest asked technique (singles left out: they are run to the end first, as the
    ladder would), and each technique's place on the ladder."""

    def __init__(self, req: Request) -> None:
        self.req = req
        self.ladder = techniques_of(req.ladder)
        self.place = {k: i for i, k in enumerate(req.ladder)}
        self.last = max(self.place[k] for k in req.targets)
        self.cut = tuple(t for t in self.ladder[: self.last + 1] if t.key not in SINGLES)
        #: the asked techniques themselves
        self.wanted = tuple(t for t in self.cut if t.key in req.targets)
        #: the cut ladder in the order the search tries it (the final check keeps the ladder's)
        self.order = self._search_order()
        #: the head of ``order`` that the walk tries before it asks whether an asked
        #: technique applies (the cheap, frequent easier patterns), and the rest of it
        #: (empty head: the walk takes the order as it is)
        head = self._frequent()
        self.frequent, self.later = self.order[:head], self.order[head:]
        #: the walk searches the frequent patterns before it asks for an asked technique
        self.lazy = head > 0
        #: the easier techniques taken with the singles, all at once (flags of
        #: :func:`sudokit.generator._singles9.settle_basic`; 0: none, the singles alone), where the
        #: order of the steps is free; left out of ``frequent`` and ``rest``
        at_once = {t.key for t in self.frequent if t.key in _TAKEN_AT_ONCE}
        self.basic = sum(_TAKEN_AT_ONCE[k] for k in at_once)
        self.frequent = tuple(t for t in self.frequent if t.key not in at_once)
        #: the search order less the techniques taken with the singles
        self.rest = tuple(t for t in self.order if t.key not in at_once)
        #: the locked candidates are taken with the singles: a start those alone solve
        #: (about half of them) is known solved before its candidate board is made
        self.lines_at_once = self.basic & (POINTING | CLAIMING) == POINTING | CLAIMING
        #: the walks start from minimal puzzles dug digit by digit (every asked technique
        #: looks at one digit)
        self.by_digit = all(k in _ONE_DIGIT for k in req.targets)

    def _search_order(self) -> tuple[Technique, ...]:
        req = self.req
        if req.cleanness or req.score_max is not None:
            return self.cut  # a step may be forbidden: the easiest one must be found first
        first = min(self.place[k] for k in req.targets)
        easier = [t for t in self.cut if self.place[t.key] < first]
        rest = [t for t in self.cut if self.place[t.key] >= first]
        ahead = {k: i for i, k in enumerate(_TRIED_FIRST + _TRIED_NEXT)}
        last = set(_TRIED_LAST)
        ladder = len(self.place)

        def rank(t: Technique) -> int:
            if t.key in ahead:
                return ahead[t.key]
            return len(ahead) + self.place[t.key] + (ladder if t.key in last else 0)

        easier.sort(key=rank)
        return (*easier, *rest)

    def _frequent(self) -> int:
        if self.order is self.cut:
            return 0  # the ladder's order: every step must be found in turn
        count = 0
        for tech in self.order:
            if tech.key not in _TRIED_FIRST or self.target(tech.key):
                break
            count += 1
        return count

    def walk_step(self, board: Board) -> Step | None:
        """The walk's next step on ``board``: the step the search order finds, except that
        where none of the cheap, frequent easier patterns applies and no asked technique
        does either, the rarer easier ones are not searched and the walk is told it is
        stuck (None): it then adds a clue. Those rare patterns cost most of a search that
        fails, on the boards a walk meets most; where an asked technique applies, the
        whole order is searched, so a place is still exact (nothing easier applies)."""
        if not self.lazy:
            return find_step(board, self.order)
        step = find_step(board, self.frequent)
        if step is not None:
            return step
        if not self.wanted_applies(board):
            return None
        return find_step(board, self.later)

    def wanted_applies(self, board: Board) -> bool:
        """Has an asked technique a step on ``board``, wherever it stands on the ladder?"""
        return any(tech.has_step(board) for tech in self.wanted)

    def rank(self, key: str) -> int:
        """The place of a step's technique on the ladder (a sashimi fish is found by the
        finned search)."""
        return self.place.get(key.replace("sashimi-", "finned-"), len(self.place))

    def target(self, key: str) -> bool:
        """Is this a step of an asked technique?"""
        return key.replace("sashimi-", "finned-") in self.req.targets

    def allowed(self, step: Step, after: bool) -> bool:
        """May the path take this step (besides the asked techniques')?"""
        req = self.req
        if req.score_max is not None and step.score > req.score_max:
            return False
        if self.target(step.key):
            return True
        if self.rank(step.key) > self.last:
            return False
        key = step.key
        if req.cleanness == 3 or (after and req.cleanness == 2):
            return key in SINGLES
        if req.cleanness >= 1:
            return key in SIMPLE_SET
        return True


# -- the search -------------------------------------------------------------------------
def _close(board: Board, basic: int = 0) -> None:
    """Place every single (naked or hidden) until none is left: the state the ladder
    reaches before any other step, since it tries singles first; with ``basic`` (a plan's
    flags), take the steps of those easier techniques too, until none is left. (The hottest
    loop of the search: found and taken in compiled code, and the board takes the state
    they end in at once, as taking them one by one would leave it.)"""
    settled = settle_basic(board.masks, board.values, basic)
    if settled is not None:
        board.take(*settled)


def _board(givens: list[int], solution: tuple[int, ...], basic: int = 0) -> Board:
    """The candidate board of ``givens``, closed as :func:`_close` closes it (made in one
    go from the compiled singles' state: the walks start thousands of these a second)."""
    masks = candidates(givens)
    settled = settle_basic(masks, givens, basic)
    if settled is None:
        board = Board(_GEOMETRY, masks, list(givens))
    else:
        board = Board.of_state(_GEOMETRY, *settled)
    board.solutions = 1  # the givens are a unique puzzle's plus clues of its solution
    board.solution = solution
    return board


def _lines_solve(givens: list[int]) -> bool:
    """Do the singles and locked candidates alone solve the puzzle ``givens``? The band
    solver's rules without a guess answer in 1.6 µs, where making the closed candidate
    board takes 45 (they are the same rules: see ``_kernel9``)."""
    kernel: Any = engine.engine_for(_SHAPE)
    return bool(kernel.settles(givens))


class _Replay(NamedTuple):
    """How the cut ladder's solve of a puzzle went: where it stopped (``board``, solved or
    not), the first step of an asked technique (``hit``) and the board just before it, and
    the step the options forbid that stopped it (None: solved, or stuck)."""

    board: Board
    hit: Step | None
    before: Board | None
    blocker: Step | None


def _replay(plan: Plan, givens: list[int], solution: tuple[int, ...]) -> _Replay:
    """Solve the puzzle as the rater does, with the ladder cut after the asked techniques,
    until solved, stuck, or at a step the options forbid."""
    board = _board(givens, solution, plan.basic)
    hit: Step | None = None
    before: Board | None = None
    while True:
        _close(board, plan.basic)
        if not board.unsolved:
            return _Replay(board, hit, before, None)
        step = find_step(board, plan.rest)
        if step is None:
            return _Replay(board, hit, before, None)
        if not plan.allowed(step, hit is not None):
            return _Replay(board, hit, before, step)
        if hit is None and plan.target(step.key):
            hit, before = step, board.copy()
        step.apply_to(board)


def _step_cells(step: Step) -> list[int]:
    """The cells a step looks at or changes."""
    names = [*step.cells, *(e.cell for e in step.eliminations)]
    return list(dict.fromkeys(_SHAPE.parse_cell(name) for name in names))


def _cells(step: Step, board: Board) -> list[int]:
    """The unsolved cells a step looks at or changes."""
    return [c for c in _step_cells(step) if board.unsolved >> c & 1]


class _Place(NamedTuple):
    """A place the walk found: the puzzle so far (``givens``, a copy) and its solution, the
    walk's board there and the asked technique's step, the next one on it."""

    givens: list[int]
    solution: tuple[int, ...]
    before: Board
    hit: Step


def _walks(plan: Plan, rng: random.Random) -> Iterator[_Place]:
    """The walks from :data:`_DIGS_PER_GRID` random minimal puzzles dug from one random
    grid, one after the other, and their places."""
    puzzles, answer = minimal_digs(rng.getrandbits(64), _DIGS_PER_GRID, plan.by_digit)
    solution = tuple(answer)
    for givens in puzzles:
        yield from _walk(plan, rng, givens, solution)


def _walk(plan: Plan, rng: random.Random, givens: list[int],
          solution: tuple[int, ...]) -> Iterator[_Place]:
    """A random minimal puzzle (``givens``, changed in place), solved with the cut ladder,
    steered towards the asked technique by clues from its solution. Yields a
    :class:`_Place` each time a step of an asked technique comes next, then takes that
    step and goes on: a later place in the same solve, with less of it left after the
    technique, may be easier to finish.

    Where the solve is stuck or blocked by a step the options forbid, a clue goes in (in
    the blocking step's cells, to break its pattern), chosen where possible so that an
    asked technique then applies."""
    if plan.lines_at_once and _lines_solve(givens):
        return  # the closed board would be solved: no place on the way
    board = _board(givens, solution, plan.basic)  # closed: most walks end here, solved
    while board.unsolved:
        step = plan.walk_step(board)
        if step is not None and plan.allowed(step, False):
            if plan.target(step.key):
                yield _Place(givens.copy(), solution, board.copy(), step)
            step.apply_to(board)
            _close(board, plan.basic)
            continue
        # stuck, or a forbidden step: a clue in that step's cells breaks its pattern
        cells = (_cells(step, board) if step is not None else []) or list(bits(board.unsolved))
        rng.shuffle(cells)
        cell = _promising(plan, board, solution, cells[:_LOOKAHEAD])
        if cell is None:
            cell = cells[0]
        givens[cell] = solution[cell]
        board.place(cell, solution[cell])
        _close(board, plan.basic)


def _promising(plan: Plan, board: Board, solution: tuple[int, ...],
               cells: list[int]) -> int | None:
    """The first of ``cells`` whose clue (with the singles it makes) leaves a board where an
    asked technique applies (None if none does)."""
    for cell in cells:
        trial = board.copy()
        trial.place(cell, solution[cell])
        _close(trial)
        if trial.unsolved and plan.wanted_applies(trial):
            return cell
    return None


def _away(board: Board, hit: Step, blocker: Step | None, rng: random.Random) -> list[int]:
    """Unsolved cells to try a clue in, to finish after the asked technique: first those
    of the step that blocked, then those that see none of the technique's cells (a clue
    there is least likely to make the technique unneeded), then the others."""
    geo = board.geo
    used = set(_step_cells(hit))
    seen = 0
    for c in used:
        seen |= geo.peer_bits[c] | 1 << c
    first = [c for c in _cells(blocker, board) if c not in used] if blocker else []
    far = list(bits(board.unsolved & ~seen))
    near = [c for c in bits(board.unsolved & seen) if c not in used]
    rng.shuffle(first)
    rng.shuffle(far)
    rng.shuffle(near)
    return list(dict.fromkeys(first + far + near))


def sharpening_clues(before: Board, step: Step, solution: tuple[int, ...]) -> list[int]:
    """Unsolved cells of ``before``, in cell order, whose clue (from ``solution``) takes
    out of a cell that ``step`` eliminates from one of its other candidates (neither the
    eliminated digit nor the cell's own): with the cell down to those two, the step makes
    it a naked single.

    Why: where the technique's step places nothing, the board after it is stuck again and
    a clue that gets it moving nearly always gets the board before it moving too (the
    technique is no longer needed); where the step leads to a placement, the rest is
    nearly always finished. Measured on Swordfish and X-Chain: 1.2 times the puzzles."""
    geo = before.geo
    found = 0
    for elimination in step.eliminations:
        cell = _SHAPE.parse_cell(elimination.cell)
        kept = 1 << (elimination.digit - 1) | 1 << (solution[cell] - 1)
        third = before.masks[cell] & ~kept
        for peer in bits(geo.peer_bits[cell] & before.unsolved):
            if third >> (solution[peer] - 1) & 1:
                found |= 1 << peer
    return list(bits(found))


def _reach(board: Board, solution: tuple[int, ...], cell: int) -> int:
    """How many candidates a clue in ``cell`` takes out at once: the cell's others, and its
    digit in the cell's peers. The board before the technique is one clue from being solved
    without it, nearly always; the clues that take out least are the likeliest to leave the
    technique needed (1.15 times the Swordfish and X-Chain puzzles, tried first)."""
    digit = solution[cell]
    return (board.masks[cell].bit_count() - 1
            + (board.dcells[digit - 1] & board.geo.peer_bits[cell]).bit_count())


def _onward(plan: Plan, before: Board, hit: Step) -> _Replay:
    """From the board just before the asked technique's step: take the step and go on with
    the cut ladder until solved, stuck, or at a step the options forbid."""
    board = before.copy()
    hit.apply_to(board)
    while True:
        _close(board, plan.basic)
        if not board.unsolved:
            return _Replay(board, hit, before, None)
        step = find_step(board, plan.rest)
        if step is None:
            return _Replay(board, hit, before, None)
        if not plan.allowed(step, True):
            return _Replay(board, hit, before, step)
        step.apply_to(board)


def _next_hit(plan: Plan, board: Board) -> Step | None:
    """Go on solving ``board`` (in place) with the cut ladder up to the next step of an
    asked technique, and return that step (None when the solve ends, sticks or is
    blocked before one)."""
    while True:
        _close(board, plan.basic)
        if not board.unsolved:
            return None
        step = find_step(board, plan.rest)
        if step is None or not plan.allowed(step, False):
            return None
        if plan.target(step.key):
            return step
        step.apply_to(board)


def _complete(plan: Plan, place: _Place, rng: random.Random) -> list[int] | None:
    """Add clues until the solve meets an asked technique and ends solved within the
    options, or None when no clue tried keeps the technique needed.

    Clues are tried first where they make the technique's step place a digit, then in the
    other cells outside the step, in each group those that take out fewest candidates
    first (ties in :func:`_away`'s order, shuffled within its parts). A clue is tried on
    the board just before the technique's step: with it placed and the singles it makes
    taken, a step of an asked technique must still be the next one (the solve up to there
    is then the same as from the puzzle with that clue, or nearly so: the thinning and the
    final check solve the puzzle from its start). It starts from the walk's own board at
    the place, not from a new solve of the puzzle so far."""
    givens, solution, before, hit = place
    run = _onward(plan, before, hit)
    for _ in range(_MOST_ROUNDS):
        if not run.board.unsolved:
            return givens
        sharpening = sharpening_clues(before, hit, solution)
        rng.shuffle(sharpening)
        away = _away(run.board, hit, run.blocker, rng)
        gentlest_first = partial(_reach, before, solution)
        sharpening.sort(key=gentlest_first)  # a stable sort: ties stay in random order
        away.sort(key=gentlest_first)
        tried = dict.fromkeys(sharpening[:_CELLS_PER_ROUND] + away[:_CELLS_PER_ROUND])
        for cell in tried:
            board = before.copy()
            board.place(cell, solution[cell])
            step = _next_hit(plan, board)
            if step is not None:
                givens = givens.copy()
                givens[cell] = solution[cell]
                before, hit = board, step
                run = _onward(plan, before, hit)
                break
        else:
            return None
    return None


def _thin(plan: Plan, givens: list[int], start: tuple[int, ...], solution: tuple[int, ...],
          rng: random.Random, unique: bool = False) -> bool:
    """Take out (in place), one by one in a random order, each clue added to ``start`` (with
    ``unique``, any clue, while one solution stays) that the puzzle can do without: the
    replayed solve still needs an asked technique and ends solved within the options.
    Whether a clue stayed for the technique's sake alone."""
    cells = [c for c, v in enumerate(givens) if v and (unique or not start[c])]
    rng.shuffle(cells)
    kept = False
    for cell in cells:
        givens[cell] = 0
        if unique and not _unique(givens):
            givens[cell] = solution[cell]
            continue
        run = _replay(plan, givens, solution)
        if run.hit is None or run.board.unsolved:
            givens[cell] = solution[cell]
            kept = True
    return kept


def _unique(givens: list[int]) -> bool:
    return count_solutions(Grid.unchecked(tuple(givens), _SHAPE), 2) == 1  # (one solution)


def _minimal(givens: list[int]) -> bool:  # (every clue keeps a second solution out)
    return not any(v and _unique(givens[:c] + [0] + givens[c + 1:]) for c, v in enumerate(givens))


def attempt(plan: Plan, rng: random.Random) -> Made | None:
    """One try: walks from random minimal puzzles of one grid; the first place where the
    asked technique comes next and the rest can be finished is completed, thinned and
    checked."""
    for place in _walks(plan, rng):
        start = tuple(place.givens)  # the walk's clues are needed to reach it: kept
        solution = place.solution
        done = _complete(plan, place, rng)
        if done is None:
            continue
        if done != list(start):
            _thin(plan, done, start, solution, rng)
        if plan.req.minimal and _thin(plan, done, start, solution, rng, unique=True) \
                and not _minimal(done):
            continue  # a clue the technique needs is not needed for the one solution
        return verified(plan, Grid.unchecked(tuple(done), _SHAPE),
                         Grid.unchecked(solution, _SHAPE))
    return None


def verified(plan: Plan, puzzle: Grid, solution: Grid) -> Made | None:
    """The final check, by the rater itself on the whole chosen ladder (it counts the
    solutions anew): the Made puzzle, or None when any condition fails."""
    path = solve_path(puzzle, techniques=plan.ladder)
    if path.solutions != 1 or not path.solved:
        return None
    board = Board.from_grid(puzzle)
    first: Step | None = None
    practice: Candidates | None = None
    for step in path.steps:
        if plan.rank(step.key) > plan.last or not plan.allowed(step, first is not None):
            return None
        if first is None and plan.target(step.key):
            first, practice = step, board.to_candidates()
        step.apply_to(board)
    if first is None or practice is None:
        return None
    rating = rating_of(path)
    req = plan.req
    if req.score_min is not None and rating.score < req.score_min:
        return None
    if req.score_max is not None and rating.score > req.score_max:
        return None
    if board.to_grid() != solution:
        raise AssertionError(f"internal error: the path of {puzzle!r} ends elsewhere")
    return Made(puzzle, solution, practice, first, rating)
