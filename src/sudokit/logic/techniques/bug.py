"""BUG+1 (bivalue universal grave plus one; sound only with exactly one solution).

If every unplaced cell held two candidates and every digit appeared twice in each unit, the
puzzle would have two solutions. When all cells but one are bivalue, that one (with three)
must take the digit that appears three times in its units, or the grave would be deadly.
"""

from __future__ import annotations

from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique


def find(board: Board) -> Step | None:
    """The BUG+1 placement, when the board is a bivalue grave plus one cell, or None."""
    geo = board.geo
    masks = board.masks
    extra = -1
    for c in bits(board.unsolved):
        k = masks[c].bit_count()
        if k == 2:
            continue
        if k != 3 or extra >= 0:
            return None
        extra = c
    if extra < 0:
        return None
    # the digit of the extra cell that appears three times in its row
    row = geo.cell_units[extra][0]
    threes = [d for d in digits_of(masks[extra]) if board.unit_cells(row, d).bit_count() == 3]
    if len(threes) != 1:
        return None
    x = threes[0]
    for ub in geo.unit_bits:
        for d0 in range(geo.n):
            count = (board.dcells[d0] & ub).bit_count()
            if ub >> extra & 1 and d0 == x - 1:
                count -= 1
            if count not in (0, 2):
                return None
    name = geo.cell_names[extra]
    text = (
        f"Every unplaced cell but {name} holds two candidates: unless {name} is {x} (the digit "
        f"it holds three times over in its units), the puzzle would have two solutions."
    )
    return BUG_PLUS_1.step(board, [extra], text, place=[(extra, x)])


BUG_PLUS_1 = Technique(
    key="bug+1", name="BUG+1", level=Level.HARD, score=5.6, effort=100, find=find, uniqueness=True,
)
