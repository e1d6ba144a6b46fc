"""Strong links (conjugate pairs): a unit where a digit fits in exactly two cells, so one of
them holds it. Several single-digit techniques are built from them."""

from __future__ import annotations

from ..board import Board


def strong_links(board: Board, d0: int, units: range | None = None) -> list[tuple[int, int, int]]:
    """(unit, cell, cell) for every unit where digit ``d0 + 1`` has exactly two places."""
    geo = board.geo
    dc = board.dcells[d0]
    out = []
    for u in units if units is not None else range(len(geo.unit_bits)):
        x = dc & geo.unit_bits[u]
        if x and (x & (x - 1)).bit_count() == 1:
            low = x & -x
            out.append((u, low.bit_length() - 1, (x ^ low).bit_length() - 1))
    return out
