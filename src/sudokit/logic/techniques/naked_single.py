"""Naked single: a cell with one candidate left takes it."""

from __future__ import annotations

from ..board import Board
from ..step import Level, Step, Technique


def find(board: Board) -> Step | None:
    """The first naked single in reading order, or None."""
    some, several = board.crowded_cells()
    singles = some & ~several
    if not singles:
        return None
    cell = (singles & -singles).bit_length() - 1
    d = board.masks[cell].bit_length()
    return NAKED_SINGLE.step(
        board,
        [cell],
        f"{board.geo.cell_names[cell]} has one candidate left: {d}.",
        place=[(cell, d)],
    )


NAKED_SINGLE = Technique(
    key="naked-single", name="Naked Single", level=Level.EASY, score=2.3, effort=4, find=find,
)
