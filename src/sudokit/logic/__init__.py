"""Human-style solving: techniques, hints, explanations and ratings. It may import the
formats, the solver, the engine and the values under them; a path shows itself in a
notebook through ``pictures.walkthrough``, imported when called (a named hook).

- :func:`next_step` (a hint): the easiest step available on a puzzle or candidate board
  (:func:`hint` adds what a hint should say around it);
- :func:`solve_path` (an explanation): every step until solved or stuck;
- :func:`rate`: the puzzle's level, score and the scale that made them.

Techniques that assume a unique solution (unique rectangles, BUG+1) run only on a puzzle
proven to have exactly one; elsewhere they are skipped and the path's notes say so.

Each takes a puzzle of overlapping grids (a :class:`~sudokit.sheets.SheetGrid`: samurai and
the others) too: its board is built from the sheet (:mod:`.sheet_geometry`), the steps name
sheet cells (r7c13) and each grid's houses (row 3 of grid 2), and the ladder keeps the
techniques that read any grid's houses (:data:`.variants.SHEET_TECHNIQUES`).
"""

from .path import Hint, Path, hint, next_step, solve_path
from .rating import Rating, rate, scale_id, scale_table
from .step import Elimination, Level, Placement, Step, Technique
from .techniques import BY_KEY, LADDER

__all__ = [
    "BY_KEY",
    "LADDER",
    "Elimination",
    "Hint",
    "Level",
    "Path",
    "Placement",
    "Rating",
    "Step",
    "Technique",
    "hint",
    "next_step",
    "rate",
    "scale_id",
    "scale_table",
    "solve_path",
]
