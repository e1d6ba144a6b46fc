"""What ``sudoku hint --level`` and ``sudoku hint --all`` print for one puzzle."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..candidates import Candidates
    from ..grid import Grid
    from ..logic.path import Hint
    from ..logic.step import Technique
    from ..sheets import SheetGrid


def teaching_lines(
    puzzle: Grid | Candidates | SheetGrid, found: Hint, args: argparse.Namespace,
    ladder: tuple[Technique, ...]
) -> str:
    """The hint at the level asked for, or every technique's step (``--all``), as text lines
    or one JSON object."""
    from ..logic import report, teach  # imported when needed: the command's start-up stays fast

    shape = puzzle.sheet if hasattr(puzzle, "sheet") else puzzle.shape  # (a SheetGrid's sheet)
    if args.all:
        groups = teach.all_steps(puzzle, ladder, unique=found.solutions == 1)
        if args.json:
            data: dict[str, Any] = {
                "steps": {name: [s.to_dict() for s in steps] for name, steps in groups.items()},
                "solutions": found.solutions,
                "notes": list(found.notes),
            }
            return json.dumps(data)
        if not groups:
            return report.hint_line(None, found.solved, found.notes)
        out = []
        for name, steps in groups.items():
            out.append(f"{name}:")
            out.extend(f"  {s}" for s in steps)
        return report.with_notes("\n".join(out), found.notes)
    step = found.step
    if step is None:
        if args.json:
            return json.dumps(report.step_dict(None, found.notes) | {"solutions": found.solutions})
        return report.hint_line(None, found.solved, found.notes)
    if args.json:
        data = teach.hint_dict(step, args.level, shape)
        data["solutions"] = found.solutions
        data["notes"] = list(found.notes)
        return json.dumps(data)
    return report.with_notes(teach.hint_text(step, args.level, shape), found.notes)
