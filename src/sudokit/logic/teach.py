"""Hints that teach: the next step told a little at a time.

A player stuck on a puzzle rarely wants the answer: a *nudge* ("look at box 5") is often
enough, then the *technique* ("there is an X-Wing"), then the *cells* it uses, and only then
the whole *step*. :func:`hint_text` and :func:`hint_dict` say a step at one of those levels;
:func:`all_steps` lists a step of every technique that has one now, grouped by technique.

>>> from sudokit import Grid
>>> from sudokit.logic import next_step
>>> step = next_step(Grid(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
>>> hint_text(step, "nudge")
'Look at box 2.'
>>> hint_text(step, "technique")
'Look at box 2: there is a Hidden Single.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..candidates import Candidates
from ..grid import Grid
from ..shape import Shape
from .board import Board, geometry
from .step import Step, Technique
from .techniques import LADDER, nested_chains

_LAST_RESORT = {t.key for t in nested_chains.TECHNIQUES} | {nested_chains.DEEP.key}

#: The hint levels, from the least told to the most.
LEVELS = ("nudge", "technique", "cells", "step")


def focus(step: Step, shape: Shape) -> str:
    """The unit to look at: the one unit holding every cell the step uses, if there is one
    (a box first), else the box where the step changes something."""
    geo = geometry(shape)
    cells = [shape.parse_cell(c) for c in step.cells]
    cellset = sum(1 << c for c in cells)
    common = geo.common_units(cellset)
    if common:
        boxes = [u for u in common if u >= 2 * geo.n]
        return geo.unit_names[(boxes or common)[0]]
    changed = [p.cell for p in step.placements] + [e.cell for e in step.eliminations]
    target = shape.parse_cell(changed[0]) if changed else cells[0]
    return geo.unit_names[2 * geo.n + geo.box_of[target]]


def _article(name: str) -> str:
    return "an" if name[:1].upper() in "AEIOUX" else "a"


def hint_text(step: Step, level: str, shape: Shape | None = None) -> str:
    """``step`` told at ``level`` (one of :data:`LEVELS`), as a sentence or two."""
    if level not in LEVELS:
        raise ValueError(f"hint level must be one of {', '.join(LEVELS)}, not {level!r}")
    shape = shape or Shape.for_size(9)
    where = focus(step, shape)
    if level == "nudge":
        return f"Look at {where}."
    if level == "technique":
        return f"Look at {where}: there is {_article(step.technique)} {step.technique}."
    if level == "cells":
        return f"{step.technique} in {' '.join(step.cells)}."
    return f"{step}\n{step.text}"


def hint_dict(step: Step, level: str, shape: Shape | None = None) -> dict[str, Any]:
    """``step`` told at ``level`` as a JSON-ready dict: only what that level reveals."""
    shape = shape or Shape.for_size(9)
    data: dict[str, Any] = {"level": level, "hint": hint_text(step, level, shape)}
    data["focus"] = focus(step, shape)
    if level in ("technique", "cells", "step"):
        data["technique"] = step.technique
        data["key"] = step.key
    if level in ("cells", "step"):
        data["cells"] = list(step.cells)
    if level == "step":
        data["step"] = step.to_dict()
    return data


def all_steps(
    puzzle: Grid | Candidates, techniques: Iterable[Technique] = LADDER, unique: bool = True
) -> dict[str, list[Step]]:
    """A step of every technique that has one on ``puzzle`` now, grouped by technique name
    in ladder order (uniqueness techniques only when ``unique``: the puzzle has one
    solution)."""
    grid = isinstance(puzzle, Grid)
    board = Board.from_grid(puzzle) if grid else Board.from_candidates(puzzle)  # type: ignore[arg-type]
    board.solutions = 1 if unique else 2
    out: dict[str, list[Step]] = {}
    for tech in techniques:
        if tech.uniqueness and not unique:
            continue
        if tech.key in _LAST_RESORT and out:
            continue  # nested chains cost seconds: listed only when nothing simpler works
        step = tech.find(board.copy())
        if step is not None:
            out.setdefault(step.technique, []).append(step)
    return out
