"""Alternating inference chains: the engine behind X-Chains, XY-Chains and AICs.

A *node* is a candidate, numbered ``cell * n + digit - 1``. Two nodes are *strongly* linked
when at least one is true (a digit with two places in a unit; a cell with two candidates),
*weakly* linked when at most one is (same digit in cells that see each other; two digits of
one cell). An alternating chain from node s to node e that starts and ends with strong links
proves "s or e": any candidate weakly linked to both is false.

The search runs a breadth-first search from every start at once, one link pair at a time, so
the first chains found are the shortest. Node sets are ints used as bit sets.
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from ..board import Board, Geometry, bits
from .dense_nodes import DenseGraph

#: which links a kind of chain may use: (bilocal strong, bivalue strong, in-cell weak)
X_LINKS = (True, False, False)
XY_LINKS = (False, True, False)
ALL_LINKS = (True, True, True)


@lru_cache(maxsize=16)
def weak_tables(geo: Geometry) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each node, its weak neighbours as a node set: (same digit in peer cells,
    other digits of the same cell)."""
    n = geo.n
    same_digit = []
    same_cell = []
    for c in range(geo.ncells):
        cell_nodes = ((1 << n) - 1) << (c * n)
        for d0 in range(n):
            x = 0
            for p in geo.peers[c]:
                x |= 1 << (p * n + d0)
            same_digit.append(x)
            same_cell.append(cell_nodes & ~(1 << (c * n + d0)))
    return tuple(same_digit), tuple(same_cell)


@lru_cache(maxsize=16)
def weak_lists(geo: Geometry) -> tuple[array, array, tuple[int, ...]]:
    """Each candidate's weak links to the same digit in its peers, as the lists of a
    :class:`.dense_nodes.DenseGraph` (offsets, targets, sets)."""
    n = geo.n
    offsets = [0]
    targets: list[int] = []
    for c in range(geo.ncells):
        for d0 in range(n):
            targets += [p * n + d0 for p in geo.peers[c]]
            offsets.append(len(targets))
    return array("i", offsets), array("i", targets), weak_tables(geo)[0]


@lru_cache(maxsize=16)
def digit_nodes(geo: Geometry) -> tuple[int, ...]:
    """For each digit, the nodes of that digit in every cell."""
    return tuple(sum(1 << (c * geo.n + d0) for c in range(geo.ncells)) for d0 in range(geo.n))


def live_nodes(board: Board) -> int:
    """Every candidate of an unplaced cell, as a node set."""
    found = board.derived("live")
    if found is not None:
        return found  # type: ignore[return-value]
    n = board.geo.n
    masks = board.masks
    out = 0
    for c in bits(board.unsolved):
        out |= masks[c] << (c * n)
    board.keep("live", out)
    return out


def strong_links(
    board: Board, bilocal: bool, bivalue: bool, digit: int | None = None
) -> dict[int, int]:
    """Each node's strong partners, as node sets (only the digit ``digit``, when given),
    in the order the links are found (by digit, unit, then the bivalue cells)."""
    key = ("strong", bilocal, bivalue, digit)
    found = board.derived(key)
    if found is not None:
        return found  # type: ignore[return-value]
    out: dict[int, int] = {}
    pairs = strong_pairs(board, bilocal, bivalue, digit)
    for k in range(0, len(pairs), 2):
        a = pairs[k]
        out[a] = out.get(a, 0) | 1 << pairs[k + 1]
    board.keep(key, out)
    return out


def strong_pairs(
    board: Board, bilocal: bool, bivalue: bool, digit: int | None = None
) -> array:
    """The links of :func:`strong_links` as a flat array of node pairs (a, b, ...), each
    link both ways (what a :class:`.dense_nodes.DenseGraph` reads)."""
    key = ("strong-pairs", bilocal, bivalue, digit)
    found = board.derived(key)
    if found is not None:
        return found  # type: ignore[return-value]
    pairs = array("i")
    if bilocal:
        for d0 in range(board.geo.n) if digit is None else [digit - 1]:
            pairs += _bilocal(board, d0)
    if bivalue and digit is None:
        n = board.geo.n
        masks = board.masks
        more: list[int] = []
        x = board.bivalue_cells()
        while x:
            cbit = x & -x
            x ^= cbit
            c = cbit.bit_length() - 1
            m = masks[c]
            low = m & -m
            a = c * n + low.bit_length() - 1
            b = c * n + (m ^ low).bit_length() - 1
            more += (a, b, b, a)
        pairs.extend(more)
    board.keep(key, pairs)
    return pairs


def _bilocal(board: Board, d0: int) -> array:
    """The strong links of digit index ``d0`` in its units (two places exactly), in unit
    order, as pairs (a, b, b, a, ...): kept while the digit's cells stay the same (the
    chain searches of every kind ask on every board, and most digits did not change)."""
    dc = board.dcells[d0]
    key = ("chain-bilocal", d0)
    kept = board.memo.get(key)
    if isinstance(kept, tuple) and kept[0] == dc:
        return kept[1]
    n = board.geo.n
    pairs: list[int] = []
    for ub in board.geo.unit_bits:
        x = dc & ub
        rest = x & (x - 1)
        if rest and not rest & (rest - 1):  # two places exactly
            a = ((x ^ rest).bit_length() - 1) * n + d0
            b = (rest.bit_length() - 1) * n + d0
            pairs += (a, b, b, a)
    found = array("i", pairs)
    board.memo[key] = (dc, found)
    return found


def still_none(board: Board, key: str, links: object) -> bool:
    """Did the chain search remembered under memo ``key`` find nothing on a board with the
    same ``links`` that has only lost candidates since? Then it finds nothing now, when
    ``links`` holds every link of the search that can appear as candidates go (the
    strong links; the weak links that hold between any two live candidates are fixed):
    every chain now was one then, and its ends see fewer candidates."""
    last: tuple[object, object] | None = board.memo.get(key)  # type: ignore[assignment]
    return last is not None and last[1] == links and board.changed_since(last[0]) != -1


#: no links (an empty array of pairs)
_NO_PAIRS = array("i")


def all_links_graph(board: Board) -> DenseGraph:
    """The board's live candidates with every link (weak: same digit in a peer, other
    digit of the cell; strong: bilocal and bivalue), as a :class:`.dense_nodes.DenseGraph`
    (kept while the board stays the same: the AIC and the static forcing chains share
    it)."""
    found = board.derived("all-links-graph")
    if found is not None:
        return found  # type: ignore[return-value]
    geo = board.geo
    size = geo.ncells * geo.n
    graph = DenseGraph(live_nodes(board), size, weak_lists(geo), (geo.n, size, True), _NO_PAIRS,
                       (strong_pairs(board, True, True),), 1, 0)
    board.keep("all-links-graph", graph)
    return graph


class Chain:
    """A found chain: ``nodes`` alternate strong, weak, strong... links from the first node
    (assumed false) to the last (then true)."""

    def __init__(self, nodes: list[int], n: int) -> None:
        self.nodes = nodes
        self.n = n

    def eureka(self, geo: Geometry) -> str:
        """Eureka notation: ``(5)r1c1=(5)r1c5-(5)r4c5=(5)r4c1``."""
        n = self.n
        out = []
        for i, node in enumerate(self.nodes):
            c, d0 = divmod(node, n)
            if i:
                out.append("=" if i % 2 else "-")
            out.append(f"({d0 + 1}){geo.cell_names[c]}")
        return "".join(out)

    @property
    def length(self) -> int:
        """Links in the chain."""
        return len(self.nodes) - 1


class Search:
    """Breadth-first alternating search over one board with the given links."""

    def __init__(
        self, board: Board, links: tuple[bool, bool, bool], digit: int | None = None
    ) -> None:
        self.board = board
        self.n = board.geo.n
        self.same_digit, self.same_cell = weak_tables(board.geo)
        self.live = live_nodes(board)
        if digit is not None:
            d0 = digit - 1
            self.live &= digit_nodes(board.geo)[d0]
        self.kinds = (links[0], links[1], digit)
        self.digit = digit
        self.pairs = strong_pairs(board, links[0], links[1], digit)
        # an XY-chain's weak links join cells (same digit), never digits of one cell: its
        # in-cell steps are the strong bivalue links
        self.in_cell_weak = links[2]

    def weak(self, node: int) -> int:
        """The weak neighbours a chain may step to."""
        w = self.same_digit[node]
        if self.in_cell_weak:
            w |= self.same_cell[node]
        return w & self.live

    @property
    def strong(self) -> dict[int, int]:
        """Each node's strong partners, as node sets (worked out when a chain is spelled
        out: the search itself reads :attr:`pairs`)."""
        return strong_links(self.board, *self.kinds)

    def targets(self, start: int, end: int) -> int:
        """The candidates weakly linked to both ends (of any kind): they are false."""
        sd, sc = self.same_digit, self.same_cell
        return (sd[start] | sc[start]) & (sd[end] | sc[end]) & self.live

    def run(self, max_links: int = 40) -> tuple[int, int, int] | None:
        """(start, end, kind) of the first (shortest) useful chain: kind 0 is an elimination
        chain from start to end, kind 1 a start that must be true (its falsity makes end
        both true and false; only when in-cell weak links are allowed)."""
        live = self.live
        geo = self.board.geo
        size = geo.ncells * geo.n
        # the search runs on the live nodes numbered densely (in the same order, so the
        # same chain is found), in compiled loops
        if self.kinds == (True, True, None) and self.in_cell_weak:
            graph = all_links_graph(self.board)
        else:
            # (one digit's nodes share no cell: its weak links are the same with the
            # cells' other digits, and built once so)
            in_cell = self.in_cell_weak or self.digit is not None
            graph = DenseGraph(live, size, weak_lists(geo), (geo.n, size, in_cell), _NO_PAIRS,
                               (self.pairs,), 1, 0)
        # the starts: every node with a strong link, in the order the links were found
        found = graph.alternate(graph.starts(self.pairs), self.in_cell_weak, max_links)
        if found is None:
            return None
        ids = graph.node_ids()
        return ids[found[0]], ids[found[1]], found[2]

    def path_to(self, start: int, end: int, end_on: bool) -> list[int]:
        """The shortest alternating chain from off(start) to on(end) (or to off(end))."""
        parent_on: dict[int, int] = {}
        parent_off: dict[int, int] = {start: -1}
        frontier = []
        strong = self.strong
        for e in bits(strong[start] & self.live):
            parent_on[e] = start
            frontier.append(e)
        while frontier and not (end in parent_on if end_on else end in parent_off and end != start):
            nxt_off = []
            for x in frontier:
                for y in bits(self.weak(x)):
                    if y not in parent_off:
                        parent_off[y] = x
                        nxt_off.append(y)
            if not end_on and end in parent_off:
                break
            frontier = []
            for y in nxt_off:
                for e in bits(strong.get(y, 0) & self.live):
                    if e not in parent_on:
                        parent_on[e] = y
                        frontier.append(e)
        path = [end]
        on = end_on
        node = end
        while True:
            prev = parent_on[node] if on else parent_off[node]
            if prev == -1:
                break
            path.append(prev)
            node = prev
            on = not on
        path.reverse()
        return path


def chain_bonus(links: int) -> float:
    """Sudoku Explainer's length increment: +0.1 each time the length passes a ceiling
    (4, 6, 8, 12, 16, 24, 32, ... alternately times 3/2 and 4/3)."""
    ceiling = 4
    added = 0.0
    odd = False
    length = links
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return added


def se_chain_bonus(links: int, placing: bool = False) -> float:
    """The length increment of the ``se`` and ``sukaku`` scales for a chain of ``links``
    links, counted as Sudoku Explainer counts it: every candidate of the chain from the
    assumption about the removed candidate to its denial, those two included, less two
    (``links`` + 1); for a chain from a candidate assumed false back to itself made true,
    which places it (``placing``), the candidates of the chain less two (``links`` - 1).
    The increments themselves are :func:`chain_bonus`'s."""
    return chain_bonus(links - 1 if placing else links + 1)


def node_name(geo: Geometry, node: int) -> str:
    """``5r1c1``: a node as digit and cell."""
    c, d0 = divmod(node, geo.n)
    return f"{d0 + 1}{geo.cell_names[c]}"
