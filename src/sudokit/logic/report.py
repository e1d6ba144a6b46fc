"""What the ``hint``, ``explain`` and ``rate`` commands print: steps, paths and ratings as
text and as JSON-ready dicts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..candidates import Candidates
from ..grid import Grid
from ..sheets import SheetGrid
from .path import Path
from .rating import Rating
from .sheet_geometry import sheet_geometry
from .step import Step


def with_notes(line: str, notes: tuple[str, ...]) -> str:
    """``line`` followed by its notes as a trailing comment."""
    return line + "".join(f"  # {n}" for n in notes)


def hint_line(step: Step | None, solved: bool, notes: tuple[str, ...] = ()) -> str:
    """One line: the step, or why there is none."""
    if step is None:
        return with_notes("solved: nothing left to do" if solved else "no step found", notes)
    return with_notes(str(step), notes)


def step_dict(step: Step | None, notes: tuple[str, ...] = ()) -> dict[str, Any]:
    """A hint as a JSON-ready dict: the step (or None) and the notes."""
    return {"step": step.to_dict() if step is not None else None, "notes": list(notes)}


def path_text(
    path: Path,
    rating: Rating | None = None,
    pretty: bool = False,
    start: Grid | Candidates | SheetGrid | None = None,
) -> str:
    """The path as numbered steps with their sentences (and, when ``pretty``, the
    candidate grid before each step; on overlapping grids the sheet's digits), then a
    closing line."""
    out: list[str] = [f"note: {n}" for n in path.notes]
    drawn = _drawings(path, start) if pretty and start is not None else None
    width = len(str(len(path.steps)))
    for i, step in enumerate(path.steps, 1):
        if drawn is not None:
            out.append(next(drawn))
        out.append(f"{i:>{width}}. {step}")
        out.append(f"{' ' * width}  {step.text}")
    if drawn is not None and not path.solved:
        out.append(next(drawn))
    out.append(_closing(path, rating))
    return "\n".join(out) + "\n"


def _drawings(path: Path, start: Grid | Candidates | SheetGrid) -> Iterator[str]:
    """The board before each step of ``path`` and after the last: the candidate grid, or
    on overlapping grids the sheet text of the digits placed by then."""
    if isinstance(start, SheetGrid):
        digits = list(start.digits)
        parse = sheet_geometry(start.sheet).parse_cell
        for step in path.steps:
            yield str(SheetGrid.unchecked(start.sheet, tuple(digits))).rstrip("\n")
            for name, d in step.placements:
                digits[parse(name)] = d
        yield str(SheetGrid.unchecked(start.sheet, tuple(digits))).rstrip("\n")
        return
    board = _as_candidates(start)
    for step in path.steps:
        yield _draw(board)
        board = step.apply(board)
    yield _draw(board)


def path_dict(path: Path, rating: Rating | None = None) -> dict[str, Any]:
    """A path (and its rating) as a JSON-ready dict."""
    data: dict[str, Any] = {
        "solved": path.solved,
        "solutions": path.solutions,
        "steps": [s.to_dict() for s in path.steps],
        "notes": list(path.notes),
    }
    if rating is not None:
        data["rating"] = rating.to_dict()
    if not path.solved:
        data["reached"] = _reached_line(path)
    return data


def _closing(path: Path, rating: Rating | None) -> str:
    n = len(path.steps)
    steps = f"{n} step{'s' * (n != 1)}"
    if path.solutions == 0:
        return "no solution: nothing to explain"
    if path.solved:
        how = f" ({path.guesses} by trial and error)" if path.guesses else ""
        rated = f": {rating}" if rating is not None else ""
        return f"solved in {steps}{how}{rated}"
    if path.gave_up is not None:  # stopped by the clock, not stuck: a technique may still apply
        return f"gave up after {steps} at the time limit ({path.gave_up:g} s)"
    final = path.final
    left = final.blanks if isinstance(final, SheetGrid) else final.to_grid().blanks
    return (
        f"stuck after {steps}: no technique applies, {left} cell{'s' * (left != 1)} left "
        "(--guess goes on by trial and error)"
    )


def _reached_line(path: Path) -> str | None:
    """The digits a stuck path reached, as one line (None past 35x35)."""
    final = path.final
    if isinstance(final, SheetGrid):
        return final.to_line()
    return final.to_grid().to_line() if final.n <= 35 else None


def _as_candidates(puzzle: Grid | Candidates) -> Candidates:
    return puzzle if isinstance(puzzle, Candidates) else Candidates.pencilmarks(puzzle)


def _draw(board: Candidates) -> str:
    from .. import formats  # the formats load only when a board is drawn

    return str(formats.dumps(board, "pretty")).rstrip("\n")
