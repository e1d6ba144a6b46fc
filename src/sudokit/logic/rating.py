"""Rating a puzzle: its level, a score on a Sudoku-Explainer-like scale, and the scale itself.

The rater solves the puzzle with the technique ladder (easiest technique first, brute force
when logic is stuck) and reads the rating off the path:

- ``level``: the level of the hardest technique used (easy, medium, hard, expert, extreme);
- ``score``: the highest step score, comparable to Sudoku Explainer's ER (1.0 full house ...
  8.5+ forcing chains, 11.0 when only trial and error goes on);
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
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .path import Path, Puzzle, solve_path
from .step import Level
from .techniques import LADDER
from .techniques.brute_force import BRUTE_FORCE
from .techniques.finned_fish import SASHIMI

SCALE_NAME = "sudokit"
#: Bump whenever a technique, its order, level, score or effort changes.
SCALE_VERSION = 1

#: The level word of a puzzle with no solution (its score is 0.0, as SE reports errors).
INVALID = "invalid"

#: HoDoKu 2.2's level names and the highest total score each allows (its defaults).
HODOKU_LEVELS = (
    ("easy", 800),
    ("medium", 1000),
    ("hard", 1600),
    ("unfair", 1800),
    ("extreme", None),
)


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

    @property
    def hodoku_level(self) -> str:
        """The level HoDoKu's rule gives: the hardest technique's level (expert is HoDoKu's
        "unfair"), raised while the total effort is over that level's maximum score."""
        if self.level == INVALID:
            return INVALID
        i = Level[self.level.upper()] - 1
        while True:
            name, most = HODOKU_LEVELS[i]
            if most is None or self.effort <= most:
                return name
            i += 1

    @property
    def logic_only(self) -> bool:
        """Solved without any brute-force step."""
        return self.solutions > 0 and self.guesses == 0

    def __str__(self) -> str:
        if self.level == INVALID:
            return f"{INVALID} 0.0 (no solution)"
        if self.hardest is None:  # no step was needed
            return f"{self.level} 0.0 (already solved: nothing to rate)"
        return f"{self.level} {self.score:.1f} ({self.hardest})"

    def to_dict(self) -> dict[str, Any]:
        """The rating as a JSON-ready dict."""
        return {
            "level": self.level,
            "score": self.score,
            "effort": self.effort,
            "hodoku_level": self.hodoku_level,
            "hardest": self.hardest,
            "steps": self.steps,
            "guesses": self.guesses,
            "solutions": self.solutions,
            "scale": self.scale,
            "notes": list(self.notes),
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


def rate(puzzle: Puzzle, time_limit: float | None = None) -> Rating:
    """Rate ``puzzle`` (a Grid, or a Candidates board): solve it like a person, easiest
    technique first (brute force when stuck), and read off the level (easy .. extreme), the
    score (Sudoku-Explainer-like) and the effort. A puzzle with no solution rates
    ``invalid 0.0``; one with several is rated without uniqueness techniques, with a note.
    With ``time_limit`` (seconds) the rating stops after about that long and rates the steps
    found so far, with a note that says so."""
    return rating_of(solve_path(puzzle, guess=True, time_limit=time_limit))


def rating_of(path: Path) -> Rating:
    """The rating a solved path earns (a path that stops short rates only what it used)."""
    if path.solutions == 0:
        return Rating(INVALID, 0.0, 0, None, 0, 0, 0, scale_id())
    steps = path.steps
    if not steps:  # nothing to fill in: a complete grid
        return Rating(str(Level.EASY), 0.0, 0, None, 0, 0, path.solutions, scale_id(), path.notes)
    hardest = max(steps, key=lambda s: (s.level, s.score))
    effort = 0
    for s in steps:
        effort += _EFFORT.get(s.key, 0)
    return Rating(
        level=str(hardest.level),
        score=max(s.score for s in steps),
        effort=effort,
        hardest=hardest.technique,
        steps=len(steps),
        guesses=path.guesses,
        solutions=path.solutions,
        scale=scale_id(),
        notes=path.notes,
    )


_EFFORT = {t["key"]: t["effort"] for t in scale_table()}
