"""Hidden single: a digit that fits in only one cell of a unit goes there.

Boxes are looked at first: a hidden single in a box is the easier one to spot (Sudoku
Explainer rates it 1.2, in a row or column 1.5)."""

from __future__ import annotations

from ..board import Board
from ..step import Level, Step, Technique

#: the memo key of the last board state on which there was no hidden single: a unit none of
#: whose cells changed since still has none
_NONE_KEY = "hidden-single-none"


def find(board: Board) -> Step | None:
    """The first hidden single, boxes before rows and columns, or None."""
    geo = board.geo
    n = geo.n
    dcells = board.dcells
    # (a cell placed since counts as changed: its unit lost it from every digit's cells)
    changed = board.changed_since(board.memo.get(_NONE_KEY))
    order = list(range(2 * n, 3 * n)) + list(range(2 * n))
    for u in order:
        ub = geo.unit_bits[u]
        if not ub & board.unsolved or not ub & changed:
            continue
        for d0 in range(n):
            x = dcells[d0] & ub
            if x and not x & (x - 1):
                cell = x.bit_length() - 1
                return HIDDEN_SINGLE.step(
                    board,
                    [cell],
                    f"In {geo.unit_names[u]}, {d0 + 1} fits only in {geo.cell_names[cell]}.",
                    place=[(cell, d0 + 1)],
                    score=1.2 if u >= 2 * n else 1.5,
                )
    board.memo[_NONE_KEY] = board.snapshot()
    return None


HIDDEN_SINGLE = Technique("hidden-single", "Hidden Single", Level.EASY, 1.2, 14, find)
