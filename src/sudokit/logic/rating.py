"""Rating a puzzle: its level, a score on a Sudoku-Explainer-like scale, and the scale itself.

The rater solves the puzzle with the technique ladder (easiest technique first, brute force
when logic is stuck) and reads the rating off the path:

- ``level``: the level of the hardest technique used (easy, medium, hard, expert, extreme);
- ``score``: the highest step score, comparable to Sudoku Explainer's ER (1.0 full house ...
  8.5+ dynamic forcing chains, 9.0-11+ nested forcing chains; 11.0 for trial and error, which
  only puzzles with several solutions and grids past 9x9 need); ``ep`` and ``ed`` are SE's EP
  and ED;
- ``effort``: the sum of the steps' HoDoKu-like points, which grows with the path's length.

``SCALE_NAME`` and ``SCALE_VERSION`` name the scale; :func:`scale_table` lists its
parameters (every technique's order, level, score and effort) so that a rating can be
reproduced. docs/rating.md explains the scale and maps it onto SE and HoDoKu.

>>> from sudokit import Grid
>>> r = rate(Grid(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
>>> str(r.level), r.score, r.hardest
('easy', 1.2, 'Hidden Single')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .. import validate
from .path import GAVE_UP, Path, Puzzle, checked_puzzle, checked_techniques, solve_path
from .scales import HODOKU, HODOKU_LEVELS, SUDOKIT, Scale, hodoku_level, hodoku_points, scale_named
from .step import Level, Step, Technique
from .techniques import LADDER
from .techniques.brute_force import BRUTE_FORCE
from .techniques.finned_fish import SASHIMI
from .variants import VARIANT_TECHNIQUES

SCALE_NAME = "sudokit"
#: Bump whenever a technique, its order, level, score or effort changes.
SCALE_VERSION = 7

#: The level word of a puzzle with no solution (its score is 0.0, as SE reports errors).
INVALID = "invalid"



@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is, and by which scale.

    ``level`` is one of easy, medium, hard, expert, extreme (or ``invalid`` for a puzzle
    with no solution); ``score`` the hardest step's score; ``hardest`` that step's technique;
    ``steps`` the path's length, ``guesses`` its brute-force steps; ``solutions`` 0, 1, or 2
    (two or more); ``notes`` what was skipped and why; ``scale`` the scale's name and version.
    """

    level: str
    score: float
    effort: int
    hardest: str | None
    steps: int
    guesses: int
    solutions: int
    scale: str
    notes: tuple[str, ...] = ()
    #: Sudoku Explainer's pearl: the hardest step up to the first placement
    ep: float = 0.0
    #: Sudoku Explainer's diamond: the hardest step up to the first elimination
    ed: float = 0.0
    #: the time limit (seconds) that stopped the rating (its score is then a floor)
    gave_up: float | None = None

    @property
    def er(self) -> float:
        """Sudoku Explainer's ER: the hardest step of the path (the score)."""
        return self.score

    @property
    def hodoku_level(self) -> str:
        """The level HoDoKu's rule gives: the hardest technique's level (expert is HoDoKu's
        "unfair"), raised while the total effort is over that level's maximum score (on
        the hodoku scale, the level itself)."""
        if self.level == INVALID or self.reads_hodoku:
            return self.level
        i = Level[self.level.upper()] - 1
        while True:
            name, most = HODOKU_LEVELS[i]
            if most is None or self.effort <= most:
                return name
            i += 1

    @property
    def reads_hodoku(self) -> bool:
        """Whether the rating is on HoDoKu's scale: its level is HoDoKu's level word and its
        score HoDoKu's total (a whole number), with no ER/EP/ED."""
        return self.scale.startswith("hodoku-")

    @property
    def logic_only(self) -> bool:
        """Solved without any brute-force step."""
        return self.solutions > 0 and self.guesses == 0

    def __str__(self) -> str:
        if self.level == INVALID:
            return f"{INVALID} 0.0 (no solution)"
        score = f"{self.score:.0f}" if self.reads_hodoku else f"{self.score:.1f}"
        if self.gave_up is not None:
            return f"{self.level} >={score} ({self.hardest or 'no step yet'})"
        if self.hardest is None:  # no step was needed
            return f"{self.level} {score} (already solved: nothing to rate)"
        return f"{self.level} {score} ({self.hardest})"

    def se_line(self) -> str:
        """The rating with Sudoku Explainer's triple: ``easy 1.2 (Hidden Single)
        ED=1.2/1.2/1.2`` (ER/EP/ED)."""
        if self.level == INVALID or self.reads_hodoku or (
                self.hardest is None and self.gave_up is None):
            return str(self)  # nothing was rated, or a scale without SE's triple
        return f"{self} ED={self.er:.1f}/{self.ep:.1f}/{self.ed:.1f}"

    def to_dict(self) -> dict[str, Any]:
        """The rating as a JSON-ready dict (on HoDoKu's scale the score is a whole number
        and there is no ER/EP/ED)."""
        if self.reads_hodoku:
            out = self._dict()
            del out["er"], out["ep"], out["ed"]
            out["score"] = round(self.score)
            return out
        return self._dict()

    def _dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "score": self.score,
            "er": self.er,
            "ep": self.ep,
            "ed": self.ed,
            "effort": self.effort,
            "hodoku_level": self.hodoku_level,
            "hardest": self.hardest,
            "steps": self.steps,
            "guesses": self.guesses,
            "solutions": self.solutions,
            "scale": self.scale,
            "notes": list(self.notes),
            "gave_up": self.gave_up,
        }


@lru_cache(maxsize=1)
def scale_id() -> str:
    """``sudokit-1/1a2b3c4d``: name, version, and a digest of the parameter table."""
    digest = hashlib.sha256(json.dumps(scale_table(), sort_keys=True).encode()).hexdigest()
    return f"{SCALE_NAME}-{SCALE_VERSION}/{digest[:8]}"


def scale_table() -> list[dict[str, Any]]:
    """The scale's parameters: each technique in the order tried, with its level, score
    (SE-like base) and effort (HoDoKu-like points per use)."""
    techniques = list(LADDER) + list(SASHIMI.values()) + [BRUTE_FORCE]
    return [
        {
            "order": i + 1,
            "key": t.key,
            "name": t.name,
            "level": str(t.level),
            "score": t.score,
            "effort": t.effort,
            "uniqueness": t.uniqueness,
        }
        for i, t in enumerate(techniques)
    ]


def rate(
    puzzle: Puzzle,
    time_limit: float | None = None,
    *,
    techniques: Iterable[Technique] | None = None,
    scale: str | Scale = "sudokit",
) -> Rating:
    """Rate ``puzzle`` (a Grid, a Candidates board, or a SheetGrid of overlapping grids):
    solve it like a person, easiest technique first (brute force when stuck), and read off
    the level (easy .. extreme), the score (Sudoku-Explainer-like) and the effort. A puzzle
    with no solution rates ``invalid 0.0``; one with several is rated without uniqueness
    techniques, with a note.

    ``time_limit`` (seconds) stops a long rating: it then says what it reached
    (``gave_up``, and a note "gave up after N s at score >= X"). ``techniques`` replaces
    the ladder (see :func:`sudokit.logic.select.choose`); brute force still finishes.

    ``scale`` names the scale (:data:`sudokit.logic.scales.SCALES`: ``sudokit``, ``se``,
    ``sukaku``, ``hodoku``): its ladder, and how the path is read (on ``hodoku``, HoDoKu's
    level word and total score). With ``techniques`` too, they cut that scale's ladder."""
    checked_puzzle(puzzle, "rate")
    ladder = checked_techniques(techniques, "rate")
    try:
        chosen = scale_named(scale)
    except (TypeError, ValueError) as e:
        raise type(e)(f"rate: {e}") from None
    if chosen is not SUDOKIT:
        ladder = chosen.ladder if techniques is None else chosen.cut(ladder)
    time_limit = validate.seconds(time_limit, "rate")
    path = solve_path(puzzle, guess=True, time_limit=time_limit, techniques=ladder)
    return rating_of(path, chosen)


def rating_of(path: Path, scale: str | Scale = "sudokit") -> Rating:
    """The rating a solved path earns on ``scale`` (a path that stops short rates only what
    it used)."""
    chosen = scale_named(scale)
    if chosen.reading == "hodoku":
        return _hodoku_rating(path, chosen)
    sid = scale_id() if chosen is SUDOKIT else chosen.id
    if path.solutions == 0:
        return Rating(INVALID, 0.0, 0, None, 0, 0, 0, sid)
    steps = path.steps
    if not steps and path.gave_up is not None:  # stopped before the first step
        note = f"{GAVE_UP} {path.gave_up:g} s at score >= {path.floor:.1f}"
        reached = Level.EXTREME if path.floor else Level.EASY
        return Rating(
            str(reached),
            path.floor,
            0,
            None,
            0,
            0,
            path.solutions,
            sid,
            tuple(n for n in path.notes if not n.startswith(GAVE_UP)) + (note,),
            ep=path.floor,
            ed=path.floor,
            gave_up=path.gave_up,
        )
    if not steps:  # nothing to fill in: a complete grid
        return Rating(str(Level.EASY), 0.0, 0, None, 0, 0, path.solutions, sid, path.notes)
    hardest = max(steps, key=lambda s: (s.level, s.score))
    keys = path.effort_keys or tuple(s.key for s in steps)
    effort = sum(_EFFORT.get(k, 0) for k in keys)
    score = max(s.score for s in steps)
    notes = path.notes
    level = str(hardest.level)
    if path.gave_up is not None:
        notes = tuple(n for n in notes if not n.startswith(GAVE_UP))
        if path.floor > score:
            score, level = path.floor, str(Level.EXTREME)
        notes += (f"{GAVE_UP} {path.gave_up:g} s at score >= {score:.1f}",)
    return Rating(
        level=level,
        score=score,
        effort=effort,
        hardest=hardest.technique,
        steps=len(steps),
        guesses=path.guesses,
        solutions=path.solutions,
        scale=sid,
        notes=notes,
        ep=_hardest_until(steps, lambda s: bool(s.placements)),
        ed=_hardest_until(steps, lambda s: bool(s.placements or s.eliminations)),
        gave_up=path.gave_up,
    )


def _hodoku_rating(path: Path, scale: Scale) -> Rating:
    """A path read as HoDoKu reads its own: each step's level and points by its technique
    (a hidden single taken where a naked single was open counting as that), the level the
    hardest's raised while the total is over the level's most, the hardest step the first
    of the highest level and points."""
    if path.solutions == 0:
        return Rating(INVALID, 0.0, 0, None, 0, 0, 0, scale.id)
    steps = path.steps
    keys = path.effort_keys or tuple(s.key for s in steps)
    points = [hodoku_points(k, s.level) for k, s in zip(keys, steps, strict=True)]
    words = [name for name, _ in HODOKU_LEVELS]
    total = sum(p for _, p in points)
    notes = path.notes
    hardest = None
    if steps:
        top = max(range(len(steps)), key=lambda i: (words.index(points[i][0]),
                                                     HODOKU[keys[i]][1] if keys[i] in HODOKU
                                                     else 0, -i))
        hardest = steps[top].technique
    level = hodoku_level(points) if steps else "easy"
    if path.gave_up is not None:
        notes = tuple(n for n in notes if not n.startswith(GAVE_UP))
        notes += (f"{GAVE_UP} {path.gave_up:g} s at score >= {total}",)
    return Rating(level=level, score=float(total), effort=total, hardest=hardest,
                  steps=len(steps), guesses=path.guesses, solutions=path.solutions,
                  scale=scale.id, notes=notes, gave_up=path.gave_up)


def _hardest_until(steps: tuple[Step, ...], reached: Callable[[Step], bool]) -> float:
    """The highest score of the steps up to and including the first that ``reached``
    (Sudoku Explainer's EP and ED)."""
    top = 0.0
    for s in steps:
        top = max(top, s.score)
        if reached(s):
            break
    return top


#: Each technique's effort: the scale's, and those of the steps only variants have (which
#: leave the scale, and so classic ratings, as they are).
_EFFORT = {t["key"]: t["effort"] for t in scale_table()} | {
    t.key: t.effort for t in VARIANT_TECHNIQUES}
