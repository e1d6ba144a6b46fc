"""Puzzles made for a technique: every one needs an asked technique and nothing harder.

>>> from sudokit.targeted import generate_for
>>> made = generate_for("xy-wing", seed=3)
>>> made.step.technique, made.rating.solutions
('XY-Wing', 1)

What "needs" and "harder" mean is the rater's: the puzzle is solved by the technique ladder,
easiest technique first (:mod:`sudokit.logic`), and its path must take at least one step of
an asked technique, and no step of a technique that the ladder tries after the latest-tried
of the asked ones (the ``order`` column of ``sudoku rate --scale``). A path takes a
technique only when nothing earlier on the ladder applies, so the asked technique is needed
by the rater's way of solving.

``cleanness`` limits the other steps, as HoDoKu's generator does (the steps of the asked
techniques themselves are always allowed; "before" is before the first of them):

- 0: any step not harder than the asked techniques;
- 1: only steps of the simple technique set (:data:`SIMPLE_SET`: singles, locked
  candidates, subsets, basic fish, XY-Wing, simple colouring), before and after;
- 2: the simple set before, singles after;
- 3: singles only, before and after.

How a puzzle is found (no rejection sampling: most techniques are too rare in random
puzzles for that): a random minimal puzzle is solved with the ladder cut after the asked
techniques; whenever the solve is stuck, or about to take a step the options forbid, a clue
from the solution is added (in the offending step's cells, to break its pattern) and the
solve goes on, until a step of an asked technique is the next one. From that puzzle the
clues added are kept while the solve, replayed from the start, still meets the asked
technique; the part after it is completed by more clues, each tried away from the
technique's cells and kept only if the replayed solve still needs the technique. The added
clues that can go are then thinned out, and the final puzzle is rated by the real rater,
which must agree on every condition (one solution, the asked technique, nothing harder, the
cleanness, the score band) before the puzzle is returned.

Randomness is :mod:`sudokit.generator`'s: puzzle i of a run takes its own random stream
from (seed, i), so a seed gives the same puzzles whatever the number of processes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import NamedTuple

from .candidates import Candidates
from .errors import GenerateError, GenerateGaveUp
from .generator import Generated, Seed, random_minimal, stream_key
from .grid import Grid
from .logic.board import Board, bits
from .logic.path import find_step, solve_path
from .logic.rating import Rating, rating_of
from .logic.select import choose, keys_of
from .logic.step import Level, Step, Technique
from .shape import Shape

#: The singles: every puzzle has them, so they are never a target by themselves.
SINGLES = frozenset({"full-house", "hidden-single", "naked-single"})

#: HoDoKu's "simple sudoku technique set" (SSTS) as far as the ladder has it: singles,
#: locked candidates, naked and hidden subsets, basic fish, XY-Wing and simple colouring.
SIMPLE_SET = SINGLES | frozenset({
    "pointing", "claiming", "naked-pair", "hidden-pair", "naked-triple", "hidden-triple",
    "naked-quad", "hidden-quad", "x-wing", "swordfish", "jellyfish", "xy-wing",
    "simple-colouring",
})

#: The cleanness levels: what the steps other than the asked technique's may be.
CLEANNESS = {
    0: "any step not harder than the asked techniques",
    1: "the simple technique set before and after the asked technique",
    2: "the simple technique set before it, singles only after it",
    3: "singles only, before and after it",
}

#: Solutions grids tried for each puzzle before giving up: the rarest common techniques
#: (Swordfish, X-Chain) take a few thousand; about 3 ms each.
DEFAULT_TRIES = 5_000

#: Cells looked at, when a walk adds a clue, for one that lets an asked technique apply.
_LOOKAHEAD = 8
#: Clues added after the asked technique before a try is given up.
_MOST_ROUNDS = 60
#: Cells tried for each of those clues.
_CELLS_PER_ROUND = 12

_SHAPE = Shape.for_size(9)


class Made(NamedTuple):
    """A puzzle made for a technique: the puzzle and its solution, the candidate board just
    before the first step of an asked technique (``practice``), that step, and the rating
    that checked it."""

    puzzle: Grid
    solution: Grid
    practice: Candidates
    step: Step
    rating: Rating


@dataclass(frozen=True)
class Request:
    """Checked options of a technique-made puzzle (plain data: it pickles)."""

    targets: frozenset[str]
    ladder: tuple[str, ...]
    cleanness: int
    score_min: float | None
    score_max: float | None
    tries: int

    def describe(self) -> str:
        """The request in words, for a message."""
        what = ", ".join(sorted(self.targets))
        band = ""
        if self.score_min is not None or self.score_max is not None:
            low = "" if self.score_min is None else f"{self.score_min:g}"
            high = "" if self.score_max is None else f"{self.score_max:g}"
            band = f", score {low}..{high}"
        return f"{what} (cleanness {self.cleanness}{band})"


# -- options --------------------------------------------------------------------------
def request(
    technique: str | None = None,
    *,
    cleanness: int = 0,
    score_min: float | None = None,
    score_max: float | None = None,
    techniques: str | None = None,
    exclude: str | None = None,
    tries: int | None = None,
) -> Request:
    """Check the options of :func:`generate_for` (GenerateError for options no puzzle can
    meet, ValueError for an unknown technique name)."""
    ladder = choose(techniques, exclude)
    if not ladder:
        raise GenerateError("--techniques/--exclude leave no technique to solve with")
    keys = [t.key for t in ladder]
    if cleanness not in CLEANNESS:
        raise GenerateError(f"cleanness is 0, 1, 2 or 3, not {cleanness}")
    if score_min is not None and score_max is not None and score_min > score_max:
        raise GenerateError(f"the score band {score_min:g}..{score_max:g} is empty")
    if technique is not None:
        asked = [k.replace("sashimi-", "finned-") for k in keys_of(technique)]
        missing = [k for k in asked if k not in keys]
        if missing:
            raise GenerateError(f"{', '.join(missing)} is not on the ladder chosen by "
                                "--techniques/--exclude")
        targets = [k for k in asked if k not in SINGLES]
        if not targets:
            raise GenerateError("singles are in every puzzle: ask for a technique beyond "
                                "them (or use --difficulty easy)")
        if score_max is not None and all(_score(k) > score_max for k in targets):
            raise GenerateError(f"{', '.join(targets)} scores above --score-max "
                                f"{score_max:g}")
    else:
        if score_min is None and score_max is None:
            raise GenerateError("name a technique, or a score band")
        low = -1.0 if score_min is None else score_min
        high = 99.0 if score_max is None else score_max
        targets = [t.key for t in ladder if t.key not in SINGLES and low <= t.score <= high]
        if not targets:
            raise GenerateError(f"no technique on the ladder has a score in {low:g}..{high:g} "
                                f"(they run from {min(t.score for t in ladder):g} to "
                                f"{max(t.score for t in ladder):g})")
    _check_reach(ladder, targets, score_min)
    if tries is None:
        tries = DEFAULT_TRIES
    elif tries < 1:
        raise ValueError(f"tries must be at least 1, got {tries}")
    return Request(frozenset(targets), tuple(keys), cleanness, score_min, score_max, tries)


#: How far a hidden single's score (1.5 in a line) lies above its technique's base
#: score: the most a step of a technique up to the hard level scores above its base.
_FIXED_SLACK = 0.3


def _check_reach(ladder: tuple[Technique, ...], targets: list[str],
                 score_min: float | None) -> None:
    """GenerateError when no path up to the asked techniques can score ``score_min``: their
    steps up to the hard level score their base (chains and nets, from the expert level
    on, grow with their length: they are left to the tries)."""
    if score_min is None:
        return
    last = max(i for i, t in enumerate(ladder) if t.key in targets)
    cut = ladder[: last + 1]
    if any(t.level > Level.HARD for t in cut):
        return
    top = max(t.score for t in cut)
    if score_min > top + _FIXED_SLACK:
        raise GenerateError(f"no puzzle that needs nothing harder than {ladder[last].name} "
                            f"scores {score_min:g} or more (its steps score at most "
                            f"{top:g})")


def _score(key: str) -> float:
    return _techniques((key,))[0].score


@lru_cache(maxsize=64)
def _techniques(keys: tuple[str, ...]) -> tuple[Technique, ...]:
    from .logic.techniques import BY_KEY

    return tuple(BY_KEY[k] for k in keys)


class _Plan:
    """What a search needs from a request, built once per process: the ladder cut after
    the latest asked technique (singles left out: they are run to the end first, as the
    ladder would), and each technique's place on the ladder."""

    def __init__(self, req: Request) -> None:
        self.req = req
        self.ladder = _techniques(req.ladder)
        self.place = {k: i for i, k in enumerate(req.ladder)}
        self.last = max(self.place[k] for k in req.targets)
        self.cut = tuple(t for t in self.ladder[: self.last + 1] if t.key not in SINGLES)
        #: the asked techniques themselves
        self.wanted = tuple(t for t in self.cut if t.key in req.targets)

    def wanted_step(self, board: Board) -> Step | None:
        """A step of an asked technique on ``board``, wherever it stands on the ladder."""
        for tech in self.wanted:
            step = tech.find(board)
            if step is not None:
                return step
        return None

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


@lru_cache(maxsize=8)
def _plan(req: Request) -> _Plan:
    return _Plan(req)


# -- public API -------------------------------------------------------------------------
def generate_for(
    technique: str | None = None,
    *,
    cleanness: int = 0,
    score_min: float | None = None,
    score_max: float | None = None,
    techniques: str | None = None,
    exclude: str | None = None,
    seed: Seed = None,
    tries: int | None = None,
) -> Made:
    """A 9x9 puzzle with one solution that needs ``technique`` and nothing harder.

    - ``technique``: one or more technique names or keys, comma-separated (``"x-wing"``,
      ``"XY-Wing,xyz-wing"``, a level word such as ``"hard"``); the puzzle needs at least
      one of them, and no technique that the ladder tries after the latest of them.
    - ``cleanness``: 0..3, how plain the other steps are (see :data:`CLEANNESS`).
    - ``score_min``, ``score_max``: the puzzle's score (Sudoku Explainer's ER: its hardest
      step's) lies in this band; with no technique, the techniques whose base score lies in
      the band are the asked ones.
    - ``techniques``, ``exclude``: the ladder that rates the puzzle, as
      :func:`sudokit.logic.select.choose` takes them.
    - ``seed``: as :func:`sudokit.generate`'s; ``tries``: random puzzles to start from
      before giving up (default :data:`DEFAULT_TRIES`).

    Raises GenerateError for options no puzzle can meet, GenerateGaveUp when the tries run
    out, ValueError for an unknown technique name.
    """
    return next(iter_generate_for(1, technique, cleanness=cleanness, score_min=score_min,
                                  score_max=score_max, techniques=techniques,
                                  exclude=exclude, seed=seed, tries=tries))


def iter_generate_for(
    count: int,
    technique: str | None = None,
    *,
    cleanness: int = 0,
    score_min: float | None = None,
    score_max: float | None = None,
    techniques: str | None = None,
    exclude: str | None = None,
    seed: Seed = None,
    tries: int | None = None,
    jobs: int = 1,
) -> Iterator[Made]:
    """Yield ``count`` different puzzles made as :func:`generate_for` makes them, in order,
    on ``jobs`` processes; with a seed the puzzles do not depend on ``jobs``. The options
    are checked at once."""
    if count < 0:
        raise ValueError(f"count must be at least 0, got {count}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    req = request(technique, cleanness=cleanness, score_min=score_min, score_max=score_max,
                  techniques=techniques, exclude=exclude, tries=tries)
    # one seed value for the whole run: a None seed is drawn here, once
    base = random.SystemRandom().getrandbits(128) if seed is None else seed
    return _distinct(req, base, count, jobs)


def _distinct(req: Request, seed: Seed, count: int, jobs: int) -> Iterator[Made]:
    seen: set[tuple[int, ...]] = set()
    keys = (stream_key(seed, i) for i in range(count))  # lazily: a run may be endless
    for index, made in enumerate(_results(req, keys, jobs, count)):
        attempt = 0
        while made.puzzle.cells in seen:
            attempt += 1
            if attempt > 100:
                raise GenerateGaveUp(
                    f"gave up: found only {len(seen)} different puzzles for {req.describe()}")
            made = make(req, stream_key(seed, index, attempt))
        seen.add(made.puzzle.cells)
        yield made


def _results(req: Request, keys: Iterator[int], jobs: int, count: int) -> Iterator[Made]:
    work = partial(make, req)
    if jobs == 1 or count <= 1:
        yield from map(work, keys)
        return
    from .executors import process_executor  # here: a single-process run needs no pool

    with process_executor(jobs, ahead=4 * jobs - 1) as executor:
        yield from executor.map(work, keys)


def make(req: Request, key: int) -> Made:
    """One puzzle for ``req`` from the random stream ``key`` (GenerateGaveUp when its tries
    run out): the whole recipe, tries included, so a run can be split anywhere."""
    plan = _plan(req)
    rng = random.Random(key)
    for _ in range(req.tries):
        made = _attempt(plan, rng)
        if made is not None:
            return made
    raise GenerateGaveUp(f"gave up: no puzzle for {req.describe()} in {req.tries} tries; "
                         "more tries (--tries), a lower --cleanness or a wider score band "
                         "may find one")


# -- the search -------------------------------------------------------------------------
def _close(board: Board) -> None:
    """Place every single (naked or hidden) until none is left: the state the ladder
    reaches before any other step, since it tries singles first."""
    geo = board.geo
    n = geo.n
    unit_bits = geo.unit_bits
    while True:
        moved = False
        masks = board.masks
        for c in bits(board.unsolved):
            m = masks[c]
            if not board.values[c] and m and not m & (m - 1):
                board.place(c, m.bit_length())
                moved = True
        dcells = board.dcells
        for ub in unit_bits:
            if not ub & board.unsolved:
                continue
            for d in range(n):
                x = dcells[d] & ub
                if x and not x & (x - 1):
                    board.place(x.bit_length() - 1, d + 1)
                    moved = True
        if not moved:
            return


def _board(givens: list[int], solution: tuple[int, ...]) -> Board:
    board = Board.from_grid(Grid.unchecked(tuple(givens), _SHAPE))
    board.solutions = 1  # the givens are a unique puzzle's plus clues of its solution
    board.solution = solution
    return board


class _Replay(NamedTuple):
    """How the cut ladder's solve of a puzzle went: where it stopped (``board``, solved or
    not), the first step of an asked technique (``hit``) and the board just before it, and
    the step the options forbid that stopped it (None: solved, or stuck)."""

    board: Board
    hit: Step | None
    before: Board | None
    blocker: Step | None


def _replay(plan: _Plan, givens: list[int], solution: tuple[int, ...]) -> _Replay:
    """Solve the puzzle as the rater does, with the ladder cut after the asked techniques,
    until solved, stuck, or at a step the options forbid."""
    board = _board(givens, solution)
    hit: Step | None = None
    before: Board | None = None
    while True:
        _close(board)
        if not board.unsolved:
            return _Replay(board, hit, before, None)
        step = find_step(board, plan.cut)
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


def _walk(plan: _Plan, rng: random.Random) -> Iterator[tuple[list[int], tuple[int, ...]]]:
    """A random minimal puzzle, solved with the cut ladder, steered towards the asked
    technique by clues from its solution. Yields the givens (a copy) and the solution each
    time a step of an asked technique comes next, then takes that step and goes on: a later
    place in the same solve, with less of it left after the technique, may be easier to
    finish.

    Where the solve is stuck or blocked by a step the options forbid, a clue goes in (in
    the blocking step's cells, to break its pattern), chosen where possible so that an
    asked technique then applies."""
    made: Generated = random_minimal(rng.getrandbits(64))
    solution = made.solution.cells
    givens = list(made.puzzle.cells)
    board = _board(givens, solution)
    while True:
        _close(board)
        if not board.unsolved:
            return
        step = find_step(board, plan.cut)
        if step is not None and plan.allowed(step, False):
            if plan.target(step.key):
                yield givens.copy(), solution
            step.apply_to(board)
            continue
        # stuck, or a forbidden step: a clue in that step's cells breaks its pattern
        cells = (_cells(step, board) if step is not None else []) or list(bits(board.unsolved))
        rng.shuffle(cells)
        cell = _promising(plan, board, solution, cells[:_LOOKAHEAD])
        if cell is None:
            cell = cells[0]
        givens[cell] = solution[cell]
        board.place(cell, solution[cell])


def _promising(plan: _Plan, board: Board, solution: tuple[int, ...],
               cells: list[int]) -> int | None:
    """The first of ``cells`` whose clue (with the singles it makes) leaves a board where an
    asked technique applies (None if none does)."""
    for cell in cells:
        trial = board.copy()
        trial.place(cell, solution[cell])
        _close(trial)
        if trial.unsolved and plan.wanted_step(trial) is not None:
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


def _onward(plan: _Plan, before: Board, hit: Step) -> _Replay:
    """From the board just before the asked technique's step: take the step and go on with
    the cut ladder until solved, stuck, or at a step the options forbid."""
    board = before.copy()
    hit.apply_to(board)
    while True:
        _close(board)
        if not board.unsolved:
            return _Replay(board, hit, before, None)
        step = find_step(board, plan.cut)
        if step is None:
            return _Replay(board, hit, before, None)
        if not plan.allowed(step, True):
            return _Replay(board, hit, before, step)
        step.apply_to(board)


def _next_hit(plan: _Plan, board: Board) -> Step | None:
    """Go on solving ``board`` (in place) with the cut ladder up to the next step of an
    asked technique, and return that step (None when the solve ends, sticks or is
    blocked before one)."""
    while True:
        _close(board)
        if not board.unsolved:
            return None
        step = find_step(board, plan.cut)
        if step is None or not plan.allowed(step, False):
            return None
        if plan.target(step.key):
            return step
        step.apply_to(board)


def _complete(plan: _Plan, givens: list[int], solution: tuple[int, ...],
              rng: random.Random) -> list[int] | None:
    """Add clues until the solve meets an asked technique and ends solved within the
    options, or None when no clue tried keeps the technique needed.

    A clue is tried on the board just before the technique's step: with it placed and the
    singles it makes taken, a step of an asked technique must still be the next one (the
    solve up to there is then the same as from the puzzle with that clue, or nearly so:
    the final check replays it)."""
    run = _replay(plan, givens, solution)
    before, hit = run.before, run.hit
    if before is None or hit is None:
        return None
    for _ in range(_MOST_ROUNDS):
        if not run.board.unsolved:
            return givens
        for cell in _away(run.board, hit, run.blocker, rng)[:_CELLS_PER_ROUND]:
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


def _thin(plan: _Plan, givens: list[int], start: tuple[int, ...],
          solution: tuple[int, ...], rng: random.Random) -> list[int]:
    """Take out, one by one in a random order, each added clue (one not in the minimal
    puzzle ``start``) that the puzzle can do without: the replayed solve still needs an
    asked technique and ends solved within the options."""
    added = [c for c, v in enumerate(givens) if v and not start[c]]
    rng.shuffle(added)
    for cell in added:
        givens[cell] = 0
        run = _replay(plan, givens, solution)
        if run.hit is None or run.board.unsolved:
            givens[cell] = solution[cell]
    return givens


def _attempt(plan: _Plan, rng: random.Random) -> Made | None:
    """One try: a walk from a random minimal puzzle; its first place where the asked
    technique comes next and the rest can be finished is completed, thinned and checked."""
    for givens, solution in _walk(plan, rng):
        start = tuple(givens)  # the walk's clues are needed to reach the technique: kept
        done = _complete(plan, givens, solution, rng)
        if done is None:
            continue
        if done != list(start):
            done = _thin(plan, done, start, solution, rng)
        return _verified(plan, Grid.unchecked(tuple(done), _SHAPE),
                         Grid.unchecked(solution, _SHAPE))
    return None


def _verified(plan: _Plan, puzzle: Grid, solution: Grid) -> Made | None:
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
