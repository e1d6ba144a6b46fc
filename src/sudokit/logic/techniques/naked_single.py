"""Naked single: a cell with one candidate left takes it."""

from __future__ import annotations

from ..board import Board, bits
from ..step import Level, Step, Technique


def find(board: Board) -> Step | None:
    """The first naked single in reading order, or None."""
    masks = board.masks
    for cell in bits(board.unsolved):
        m = masks[cell]
        if m and not m & (m - 1):
            d = m.bit_length()
            return NAKED_SINGLE.step(
                board,
                [cell],
                f"{board.geo.cell_names[cell]} has one candidate left: {d}.",
                place=[(cell, d)],
            )
    return None


NAKED_SINGLE = Technique("naked-single", "Naked Single", Level.EASY, 2.3, 4, find)
