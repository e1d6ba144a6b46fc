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


def colour_clusters(
    links: list[tuple[int, int, int]], *, lowest_first: bool = False
) -> list[tuple[int, int]]:
    """The clusters that strong ``links`` of one digit join their cells into, each as its two
    colours (cell bit sets): cells one link apart get opposite colours. Clusters come in the
    order their first cell appears in ``links``, or by their lowest cell (``lowest_first``)."""
    adj: dict[int, list[int]] = {}
    for _, p, q in links:
        adj.setdefault(p, []).append(q)
        adj.setdefault(q, []).append(p)
    out = []
    seen = 0
    for start in sorted(adj) if lowest_first else adj:
        if seen >> start & 1:
            continue
        colours = [1 << start, 0]
        stack = [(start, 0)]
        seen |= 1 << start
        while stack:
            cell, k = stack.pop()
            for nxt in adj[cell]:
                if not seen >> nxt & 1:
                    seen |= 1 << nxt
                    colours[1 - k] |= 1 << nxt
                    stack.append((nxt, 1 - k))
        out.append((colours[0], colours[1]))
    return out
