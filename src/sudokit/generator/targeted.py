"""Puzzles made for a technique: every one needs an asked technique and nothing harder.

>>> from sudokit.generator.targeted import generate_for
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
techniques (at cleanness 0 trying the cheap, frequent patterns and the chains first, which
reaches the same places sooner); whenever the solve is stuck, or about to take a step the
options forbid, a clue from the solution is added (in the offending step's cells, to break
its pattern) and the solve goes on, until a step of an asked technique is the next one.
The clues added on the way are kept; from the walk's board there, the part after the
technique is completed by more clues, each tried away from the technique's cells and kept
only if the solve still needs the technique. The added
clues that can go are then thinned out, and the final puzzle is rated by the real rater,
which must agree on every condition (one solution, the asked technique, nothing harder, the
cleanness, the score band) before the puzzle is returned.

Randomness is :mod:`sudokit.generator`'s: puzzle i of a run takes its own random stream
from (seed, i), so a seed gives the same puzzles whatever the number of processes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache, partial

from ..errors import GenerateError, GenerateGaveUp
from ..logic.select import choose, keys_of
from ..logic.step import Level, Technique
from ..logic.techniques import OPTIONAL
from .make import Seed, stream_key
from .targeted_search import (
    CLEANNESS,
    SIMPLE_SET,
    SINGLES,
    Made,
    Plan,
    Request,
    attempt,
    techniques_of,
)

__all__ = [
    "CLEANNESS",
    "DEFAULT_TRIES",
    "SIMPLE_SET",
    "SINGLES",
    "Made",
    "Request",
    "generate_for",
    "iter_generate_for",
    "make",
    "request",
]
_OPTIONAL_KEYS = frozenset(t.key for t in OPTIONAL)
#: Solutions grids tried for each puzzle before giving up: the rarest common techniques
#: (Swordfish, X-Chain) take a few thousand; about 3 ms each.
DEFAULT_TRIES = 5_000
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
    minimal: bool = False,
) -> Request:
    """Check the options of :func:`generate_for` (GenerateError for options no puzzle can
    meet, ValueError for an unknown technique name)."""
    if techniques is None and technique is not None:
        # a technique outside the default ladder, asked for by name, joins it: the user's
        # intent is plain, and no puzzle could need a technique the ladder lacks
        optional = [k for k in keys_of(technique) if k in _OPTIONAL_KEYS]
        if optional:
            techniques = ",".join(["default", *optional])
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
    return Request(frozenset(targets), tuple(keys), cleanness, score_min, score_max, tries,
                   bool(minimal))


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
    return techniques_of((key,))[0].score


@lru_cache(maxsize=8)
def plan_for(req: Request) -> Plan:
    """The search plan of a request (built once per process)."""
    return Plan(req)


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
    minimal: bool = False,
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
    - ``seed``: as :func:`sudokit.generate`'s; ``tries``: random grids to start from
      (three minimal puzzles dug from each) before giving up (default
      :data:`DEFAULT_TRIES`).
    - ``minimal``: no clue can be taken out without a second solution appearing (the
      clues added for the technique's sake are taken out again where others let them go;
      a puzzle that keeps a clue only for the technique is passed over).

    Raises GenerateError for options no puzzle can meet, GenerateGaveUp when the tries run
    out, ValueError for an unknown technique name.
    """
    return next(iter_generate_for(1, technique, cleanness=cleanness, score_min=score_min,
                                  score_max=score_max, techniques=techniques,
                                  exclude=exclude, seed=seed, tries=tries, minimal=minimal))


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
    minimal: bool = False,
) -> Iterator[Made]:
    """Yield ``count`` different puzzles made as :func:`generate_for` makes them, in order,
    on ``jobs`` processes; with a seed the puzzles do not depend on ``jobs``. The options
    are checked at once."""
    if count < 0:
        raise ValueError(f"count must be at least 0, got {count}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    req = request(technique, cleanness=cleanness, score_min=score_min, score_max=score_max,
                  techniques=techniques, exclude=exclude, tries=tries, minimal=minimal)
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
    from ..executors import process_executor  # here: a single-process run needs no pool

    with process_executor(jobs, ahead=4 * jobs - 1) as executor:
        yield from executor.map(work, keys)


def make(req: Request, key: int) -> Made:
    """One puzzle for ``req`` from the random stream ``key`` (GenerateGaveUp when its tries
    run out): the whole recipe, tries included, so a run can be split anywhere."""
    plan = plan_for(req)
    rng = random.Random(key)
    for _ in range(req.tries):
        made = attempt(plan, rng)
        if made is not None:
            return made
    raise GenerateGaveUp(f"gave up: no puzzle for {req.describe()} in {req.tries} tries; "
                         "more tries (--tries), a lower --cleanness or a wider score band "
                         "may find one")
