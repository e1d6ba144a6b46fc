"""Strong links (conjugate pairs): a unit where a digit fits in exactly two cells, so one of
them holds it. Several single-digit techniques are built from them."""

from __future__ import annotations

from ..board import Board


def strong_links(board: Board, d0: int, units: range | None = None) -> list[tuple[int, int, int]]:
    """(unit, cell, cell) for every unit where digit ``d0 + 1`` has exactly two places (only
    the units of ``units``, when given), in unit order. The list is shared: never change it."""
    every = _all_links(board, d0)
    if units is None:
        return every
    return [link for link in every if link[0] in units]


def _all_links(board: Board, d0: int) -> list[tuple[int, int, int]]:
    """Every unit's strong link on digit ``d0 + 1``, kept (on the board's memo) while the
    digit's cells stay the same: Skyscraper, Kite, Empty Rectangle and colouring all ask."""
    dc = board.dcells[d0]
    key = ("strong-links", d0)
    kept = board.memo.get(key)
    if isinstance(kept, tuple) and kept[0] == dc:
        return kept[1]
    out = []
    for u, ub in enumerate(board.geo.unit_bits):
        x = dc & ub
        if x and (x & (x - 1)).bit_count() == 1:
            low = x & -x
            out.append((u, low.bit_length() - 1, (x ^ low).bit_length() - 1))
    board.memo[key] = (dc, out)
    return out
