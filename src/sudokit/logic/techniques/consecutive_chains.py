"""Non-Consecutive Chain: an alternating inference chain whose weak links include the rule
of neighbours (two orthogonal neighbours cannot hold consecutive digits).

A candidate is a node. Two nodes are *strongly* linked when one of them must be true: the
two candidates of a cell that has two, or the two places of a digit in a house that has
two. They are *weakly* linked when both cannot be true: two candidates of one cell, one
digit in two cells that see each other (a house, or a move the rules forbid), and, the
link this technique adds, two consecutive digits in two neighbouring cells. From a node
assumed false, strong and weak links in turn lead to nodes that must then be true: if
``A`` false makes ``B`` true, one of ``A`` and ``B`` is, and a candidate weakly linked to
both is false. The shortest such chain is reported, in the notation of the other chains.
"""

from __future__ import annotations

from ..board import Board, bits
from ..graphs.chains import Chain, chain_bonus, node_name
from ..step import Level, Step, Technique

#: The most links a chain may have: longer ones are left to the forcing chains.
MAX_LINKS = 15


def _nodes(board: Board) -> int:
    """Every candidate of an unplaced cell as a node set (node ``c * n + d - 1``)."""
    n = board.geo.n
    out = 0
    for c in bits(board.unsolved):
        out |= board.masks[c] << (c * n)
    return out


def _weak_links(board: Board, node: int) -> int:
    """The nodes that cannot be true with ``node``: the rest of its cell, its digit in the
    cells that see it, and the digits next to it in its neighbours."""
    geo = board.geo
    n = geo.n
    c, d0 = divmod(node, n)
    out = (board.masks[c] & ~(1 << d0)) << (c * n)
    for o in bits(geo.peer_bits[c] & board.dcells[d0]):
        out |= 1 << (o * n + d0)
    if geo.neighbour_bits:
        beside = (1 << (d0 + 1) | (1 << (d0 - 1) if d0 else 0)) & geo.full
        for o in bits(geo.neighbour_bits[c] & board.unsolved):
            out |= (board.masks[o] & beside) << (o * n)
    return out


def _strong_links(board: Board, node: int) -> int:
    """The nodes one of which must be true if ``node`` is not: the other candidate of a
    cell with two, the other place of a digit in a house with two."""
    geo = board.geo
    n = geo.n
    c, d0 = divmod(node, n)
    out = 0
    m = board.masks[c]
    if m.bit_count() == 2:
        out |= (m & ~(1 << d0)) << (c * n)
    dc = board.dcells[d0]
    for u in geo.cell_houses[c]:
        here = dc & geo.unit_bits[u]
        if here.bit_count() == 2:
            out |= 1 << ((here & ~(1 << c)).bit_length() - 1) * n + d0
    return out


class _Links:
    """Each node's weak and strong links on one board, made when first asked for."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.weak: dict[int, int] = {}
        self.strong: dict[int, int] = {}

    def weak_of(self, node: int) -> int:
        found = self.weak.get(node)
        if found is None:
            found = self.weak[node] = _weak_links(self.board, node)
        return found

    def strong_of(self, node: int) -> int:
        found = self.strong.get(node)
        if found is None:
            found = self.strong[node] = _strong_links(self.board, node)
        return found


def _chain_from(links: _Links, start: int) -> tuple[int, list[int], int] | None:
    """From ``start`` assumed false: the first candidate (in the fewest links) that is
    weakly linked to ``start`` and made false, with the chain from ``start`` to the node that
    makes it false and every candidate weakly linked to both ends; or None."""
    targets = links.weak_of(start)
    if not targets:
        return None
    made_on: dict[int, int] = {}  # node made true -> the node whose falsity did it
    made_off: dict[int, int] = {}  # node made false -> the node whose truth did it
    off = [start]
    seen_on = 0
    seen_off = 1 << start
    for _ in range(MAX_LINKS // 2 + 1):
        on = []
        for x in off:
            for y in bits(links.strong_of(x) & ~seen_on):
                seen_on |= 1 << y
                made_on[y] = x
                on.append(y)
        off = []
        for y in on:
            weak = links.weak_of(y)
            hit = weak & targets & ~(1 << start)
            if hit:
                path = _path(start, y, made_on, made_off)
                return len(path) - 1, path, hit
            for x in bits(weak & ~seen_off):
                seen_off |= 1 << x
                made_off[x] = y
                off.append(x)
        if not off:
            return None
    return None


def _path(start: int, end: int, made_on: dict[int, int], made_off: dict[int, int]
          ) -> list[int]:
    """The chain from ``start`` (false) to ``end`` (made true), back along what made each
    node true or false (each made once, by a node found before it)."""
    path = [end]
    x = made_on[end]
    while x != start:
        y = made_off[x]
        path += [x, y]
        x = made_on[y]
    path.append(start)
    return path[::-1]


def find(board: Board) -> Step | None:
    """The shortest alternating chain with the rule of neighbours among its links that
    removes a candidate, or None."""
    geo = board.geo
    if not geo.neighbour_bits:
        return None
    links = _Links(board)
    best: tuple[int, list[int], int] | None = None
    for start in bits(_nodes(board)):
        if not links.strong_of(start):
            continue  # false, it makes nothing true
        found = _chain_from(links, start)
        if found is not None and (best is None or found[0] < best[0]):
            best = found
            if best[0] == 1:
                break
    if best is None:
        return None
    return _step(board, best[1], best[2])


def _step(board: Board, path: list[int], gone: int) -> Step:
    geo = board.geo
    n = geo.n
    chain = Chain(path, n)
    elim = [(x // n, x % n + 1) for x in bits(gone)]
    text = (f"{node_name(geo, path[0])} or {node_name(geo, path[-1])} is true (chain "
            f"{chain.eureka(geo)}), and each rules out "
            f"{', '.join(f'{d}{geo.cell_names[c]}' for c, d in elim)} (the same house, the "
            f"same cell, or consecutive digits side by side).")
    cells = sorted({x // n for x in path} | {c for c, _ in elim})
    return NON_CONSECUTIVE_CHAIN.step(
        board, cells, text, elim=elim,
        score=NON_CONSECUTIVE_CHAIN.score + chain_bonus(chain.length),
        chains=[[((x // n,), x % n + 1) for x in path]])


NON_CONSECUTIVE_CHAIN = Technique(
    key="non-consecutive-chain", name="Non-Consecutive Chain", level=Level.EXPERT, score=7.0,
    effort=280, find=find,
)
