"""Full house: the last empty cell of a unit takes the one digit the unit still lacks."""

from __future__ import annotations

from ..board import Board
from ..step import Level, Step, Technique


def find(board: Board) -> Step | None:
    """The first full house (reading units in order), or None."""
    geo = board.geo
    unsolved = board.unsolved
    for u, ub in enumerate(geo.unit_bits):
        x = ub & unsolved
        if x and not x & (x - 1):
            cell = x.bit_length() - 1
            m = board.masks[cell]
            if m and not m & (m - 1):
                d = m.bit_length()
                return FULL_HOUSE.step(
                    board,
                    [cell],
                    f"{geo.cell_names[cell]} is the last empty cell of {geo.unit_names[u]}: "
                    f"it takes the missing digit {d}.",
                    place=[(cell, d)],
                )
    return None


FULL_HOUSE = Technique(
    key="full-house", name="Full House", level=Level.EASY, score=1.0, effort=4, find=find,
)
