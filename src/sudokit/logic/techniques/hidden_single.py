"""Hidden single: a digit that fits in only one cell of a unit (any house of a variant's
rules) goes there.

Boxes are looked at first: a hidden single in a box is the easier one to spot (Sudoku
Explainer rates it 1.2, in a row or column 1.5)."""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..step import Level, Step, Technique

#: the memo key of each digit's cells on the last board state with no hidden single: where
#: a digit's cells in a unit are the same as there, that unit has no hidden single of it
_NONE_KEY = "hidden-single-none"


def find(board: Board) -> Step | None:
    """The first hidden single, boxes before rows and columns, or None."""
    geo = board.geo
    n = geo.n
    dcells = board.dcells
    unit_bits = geo.unit_bits
    last: tuple[int, ...] | None = board.memo.get(_NONE_KEY)  # type: ignore[assignment]
    # the digits whose cells differ from there, with the cells that differ (a cell placed
    # since left every digit's cells); the same test on another board sharing the memo
    # (a forcing chain's copy) is as sound, since it compares the states themselves
    if last is None:
        moved = [(d0, -1) for d0 in range(n)]
        touched = -1
    else:
        moved = []
        touched = 0
        for d0 in range(n):
            diff = dcells[d0] ^ last[d0]
            if diff:
                moved.append((d0, diff))
                touched |= diff
    if touched:
        for u in geo.unit_order:
            ub = unit_bits[u]
            if not ub & touched:
                continue
            for d0, diff in moved:
                if diff & ub:
                    x = dcells[d0] & ub
                    if x and not x & (x - 1):
                        return _step(board, u, d0, x.bit_length() - 1)
    board.memo[_NONE_KEY] = tuple(dcells)
    return None


def every(board: Board) -> Iterator[Step]:
    """Every hidden single, each placement once, in the order :func:`find` looks (its step
    first): boxes before rows and columns, digits in order within a unit."""
    geo = board.geo
    seen = set()
    for u in geo.unit_order:
        ub = geo.unit_bits[u]
        for d0 in range(geo.n):
            x = board.dcells[d0] & ub
            if x and not x & (x - 1) and (x, d0) not in seen:
                seen.add((x, d0))
                yield _step(board, u, d0, x.bit_length() - 1)


def _step(board: Board, u: int, d0: int, cell: int) -> Step:
    """The step placing digit ``d0 + 1`` in ``cell``, the only place it fits in unit ``u``."""
    geo = board.geo
    return HIDDEN_SINGLE.step(
        board,
        [cell],
        f"In {geo.unit_names[u]}, {d0 + 1} fits only in {geo.cell_names[cell]}.",
        place=[(cell, d0 + 1)],
        score=1.2 if geo.unit_is_box[u] else 1.5,
    )


HIDDEN_SINGLE = Technique(
    key="hidden-single", name="Hidden Single", level=Level.EASY, score=1.2, effort=14, find=find,
)
