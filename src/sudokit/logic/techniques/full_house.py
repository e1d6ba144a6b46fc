"""Full house: the last empty cell of a unit takes the one digit the unit still lacks."""

from __future__ import annotations

from collections.abc import Iterable

from ..board import Board, bits
from ..step import Level, Step, Technique

#: the memo key of the unplaced cells of the last board state with no full house and no
#: unit holding one unplaced cell (a unit whose unplaced cells are the same has none)
_NONE_KEY = "full-house-none"
#: up to how many such cells the units holding them are looked at alone
_FEW = 4


def find(board: Board) -> Step | None:
    """The first full house (reading units in order), or None."""
    geo = board.geo
    unsolved = board.unsolved
    unit_bits = geo.unit_bits
    last: int | None = board.memo.get(_NONE_KEY)  # type: ignore[assignment]
    # the cells placed (or, on another board sharing the memo, unplaced) since: only the
    # units holding one of them can have a full house
    units: Iterable[int] = range(len(unit_bits))
    if last is not None:
        touched = unsolved ^ last
        if not touched:
            return None
        if touched.bit_count() <= _FEW:
            houses = geo.cell_houses
            units = sorted({u for c in bits(touched) for u in houses[c]})
    alone = False
    for u in units:
        x = unit_bits[u] & unsolved
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
            alone = True
    if not alone:
        board.memo[_NONE_KEY] = unsolved
    return None


FULL_HOUSE = Technique(
    key="full-house", name="Full House", level=Level.EASY, score=1.0, effort=4, find=find,
)
