"""Grouped AICs with almost locked sets as nodes (HoDoKu's chains "with ALS").

A node is one digit in a set of cells, true when the digit sits in one of them: a single
candidate, a group (cells of one box in one line) or the cells of an almost locked set (ALS:
N cells of one unit holding N+1 digits) that hold one of its digits. The strong links are
those of the grouped chains (a bivalue cell; a unit whose places for a digit fall into two
nodes) and one per pair of digits x, z of an ALS: if none of its cells holds x, the set is
locked on its other digits, so one of its z cells holds z. A weak link joins two nodes of
one digit whose cells all see each other (or two digits of one cell). So a chain enters an
ALS from a node that, true, removes every x of the set, and leaves it through the z
candidates that see all of the set's z cells.

The search starts from every candidate and group node assumed false and follows the links
alternately (strong to a true node, weak to a false one), breadth first, as bit sets of
nodes: a node reached true through at least one ALS is the far end of a chain; one of the
two ends is true, so a candidate that both rule out goes, and a start reached true is
placed. Where the far end rules out the start, the chain closes into a continuous loop:
each of its links is then strong both ways, and each ALS in it locked on its other digits
(see :func:`_loop_removals`). Chains without an ALS are the grouped AIC's. The search is
bounded: sets of up to :data:`MAX_ALS_CELLS` cells, chains of up to :data:`MAX_NODES` nodes
and :data:`BUDGET` node visits a board. It takes the classic units only (a board with variant
rules has none of these steps).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits
from ..graphs.chains import chain_bonus
from ..step import Level, Step, Technique
from .als_xz import table_of

#: the largest almost locked set taken as a node: the sets ALS-XZ lists (HoDoKu's chains use
#: small sets; larger ones multiply the nodes and the links)
MAX_ALS_CELLS = 5
#: the longest chain looked for, in nodes (each ALS counts two: where it is entered and left)
MAX_NODES = 24
#: node visits a board, all starts together (the search stops there, keeping what it found)
BUDGET = 400_000


class _Nodes:
    """The nodes of one board: (d0, cells) pairs numbered as they are made, their strong
    links (plain and through an ALS) and, made when asked, their weak links."""

    def __init__(self, board: Board) -> None:
        geo = board.geo
        self.board = board
        self.n = geo.n
        self.keys: list[tuple[int, int]] = []
        self.index: dict[tuple[int, int], int] = {}
        self.plain: list[int] = []  # strong links without an ALS: a bit set of nodes
        self.als: list[int] = []  # strong links through an ALS
        self.als_cells: dict[tuple[int, int], int] = {}  # (node, node) -> the set's cells
        self.dcells = [0] * geo.n
        for c in range(geo.ncells):
            if not board.values[c]:
                for d0 in bits(board.masks[c]):
                    self.dcells[d0] |= 1 << c
        self._unit_links(board)
        self._als_links(board)
        self._weak: list[int | None] = [None] * len(self.keys)
        self._targets: list[int | None] = [None] * len(self.keys)
        self._by_digit: list[list[tuple[int, int]]] | None = None

    def node(self, d0: int, cells: int) -> int:
        """The number of node (d0, cells), made if new."""
        key = (d0, cells)
        found = self.index.get(key)
        if found is None:
            found = len(self.keys)
            self.index[key] = found
            self.keys.append(key)
            self.plain.append(0)
            self.als.append(0)
        return found

    def shaped(self, cells: int) -> bool:
        """One cell, or cells of one box in one line (a group)."""
        if not cells & (cells - 1):
            return True
        geo = self.board.geo
        return any(cells & ~common == 0 for _, _, common in geo.intersections)

    def _unit_links(self, board: Board) -> None:
        """Bivalue cells, and units whose places for a digit fall into two nodes."""
        geo = board.geo
        for c in range(geo.ncells):
            m = board.masks[c]
            if not board.values[c] and m.bit_count() == 2:
                a, b = bits(m)
                self._strong(self.node(a, 1 << c), self.node(b, 1 << c), 0)
        for unit in geo.unit_bits:
            for d0 in range(geo.n):
                places = self.dcells[d0] & unit
                if places.bit_count() < 2:
                    continue
                parts = {1 << c for c in bits(places)}
                parts.update(places & common for _, _, common in geo.intersections
                             if (places & common).bit_count() > 1)
                for part in parts:
                    rest = places & ~part
                    if rest and part < rest and self.shaped(rest):
                        self._strong(self.node(d0, part), self.node(d0, rest), 0)

    def _als_links(self, board: Board) -> None:
        """For every ALS of two to :data:`MAX_ALS_CELLS` cells, each pair of its digits."""
        table = table_of(board)
        for k in range(len(table)):
            size = table.size(k)
            if size < 2 or size > MAX_ALS_CELLS:
                continue
            digits = list(bits(table.digits(k)))
            ends = [self.node(d0, table.digit_cells(k, d0)) for d0 in digits]
            for i, a in enumerate(ends):
                for b in ends[i + 1:]:
                    self._strong(a, b, table.cellset(k))

    def _strong(self, a: int, b: int, als: int) -> None:
        if als:
            self.als[a] |= 1 << b
            self.als[b] |= 1 << a
            self.als_cells.setdefault((a, b), als)
            self.als_cells.setdefault((b, a), als)
        else:
            self.plain[a] |= 1 << b
            self.plain[b] |= 1 << a

    def seen(self, cells: int) -> int:
        """The cells that see every cell of ``cells`` (none of them)."""
        peers = self.board.geo.peer_bits
        out = -1
        for c in bits(cells):
            out &= peers[c]
        return out & ~cells

    def weak(self, x: int) -> int:
        """The nodes that node x, true, makes false."""
        found = self._weak[x]
        if found is None:
            if self._by_digit is None:
                self._by_digit = [[] for _ in range(self.n)]
                for y, (e0, other) in enumerate(self.keys):
                    self._by_digit[e0].append((y, other))
            d0, cells = self.keys[x]
            seen = self.seen(cells)
            found = 0
            for y, other in self._by_digit[d0]:
                if other & ~seen == 0:
                    found |= 1 << y
            if not cells & (cells - 1):
                for e0 in bits(self.board.masks[cells.bit_length() - 1] & ~(1 << d0)):
                    other_digit = self.index.get((e0, cells))
                    if other_digit is not None:
                        found |= 1 << other_digit
            self._weak[x] = found
        return found

    def targets(self, x: int) -> int:
        """The candidates (``cell * n + d0``) that node x, true, removes."""
        found = self._targets[x]
        if found is None:
            n = self.n
            d0, cells = self.keys[x]
            found = 0
            for c in bits(self.seen(cells) & self.dcells[d0]):
                found |= 1 << (c * n + d0)
            if not cells & (cells - 1):
                c = cells.bit_length() - 1
                for e0 in bits(self.board.masks[c] & ~(1 << d0)):
                    found |= 1 << (c * n + e0)
            self._targets[x] = found
        return found

    def name(self, x: int) -> str:
        """``(5)r1c45``: a node for a chain's text."""
        d0, cells = self.keys[x]
        return f"({d0 + 1}){_cells(self.board, cells)}"


def _cells(board: Board, cells: int) -> str:
    """``r1c4+r1c5``: a node's cells."""
    names = board.geo.cell_names
    return "+".join(names[c] for c in bits(cells))


class _Search:
    """The breadth-first search from one start: the layers of nodes reached, alternately
    true and false, without an ALS yet (``bare``) and with one (``rich``)."""

    def __init__(self, nodes: _Nodes, start: int) -> None:
        self.nodes = nodes
        self.start = start
        self.bare: list[int] = [1 << start]  # layer 0: false; 1: true; 2: false ...
        self.rich: list[int] = [0]

    def grow(self) -> tuple[int, int]:
        """Add the next layer; the count of nodes it reached and of visits it cost."""
        nodes = self.nodes
        true_layer = len(self.bare) % 2 == 1
        bare = self.bare[-1]
        rich = self.rich[-1]
        seen_bare = 0
        seen_rich = 0
        for i in range(len(self.bare) % 2, len(self.bare), 2):
            seen_bare |= self.bare[i]
            seen_rich |= self.rich[i]
        new_bare = new_rich = 0
        cost = 0
        for x in bits(bare):
            cost += 1
            if true_layer:
                new_bare |= nodes.plain[x]
                new_rich |= nodes.als[x]
            else:
                new_bare |= nodes.weak(x)
        for x in bits(rich):
            cost += 1
            new_rich |= (nodes.plain[x] | nodes.als[x]) if true_layer else nodes.weak(x)
        new_bare &= ~seen_bare
        new_rich &= ~seen_rich
        self.bare.append(new_bare)
        self.rich.append(new_rich)
        return new_bare | new_rich, cost

    def chain(self, end: int) -> list[int]:
        """The nodes from the start to ``end`` (reached true through an ALS, last layer)."""
        nodes = self.nodes
        out = [end]
        rich = True
        x = end
        for at in range(len(self.bare) - 1, 0, -1):
            pick = -1
            pick_rich = rich
            if at % 2 == 0:  # x is false here: reached by a weak link
                for y in bits(self.rich[at - 1] if rich else self.bare[at - 1]):
                    if nodes.weak(y) >> x & 1:
                        pick = y
                        break
            else:  # x is true here: reached by a strong link, maybe into the first ALS
                tries = [(self.rich[at - 1], True, True), (self.bare[at - 1], False, True)] \
                    if rich else [(self.bare[at - 1], False, False)]
                for layer, was_rich, als_ok in tries:
                    for y in bits(layer):
                        links = nodes.plain[y] if was_rich == rich else 0
                        if als_ok:
                            links |= nodes.als[y]
                        if links >> x & 1:
                            pick, pick_rich = y, was_rich
                            break
                    if pick >= 0:
                        break
            assert pick >= 0
            out.append(pick)
            x, rich = pick, pick_rich
        out.reverse()
        return out


#: a chain found: (nodes, -removed, chain, removed candidates, placed candidate, whether
#: the chain closes into a continuous loop)
_Found = tuple[int, int, list[int], int, int, bool]


def _loop_removals(nodes: _Nodes, chain: list[int]) -> int:
    """What a continuous loop removes (``chain``'s last node rules out its first): one node
    of each two linked ones is true, so a candidate both rule out goes; and an ALS the loop
    enters on x and leaves on z holds exactly one of them, so it is locked on its other
    digits, which leave the cells that see all of that digit's cells in it."""
    board = nodes.board
    n = nodes.n
    gone = 0
    for a, b in zip(chain, chain[1:] + chain[:1], strict=True):
        gone |= nodes.targets(a) & nodes.targets(b)
    for a, b in zip(chain[::2], chain[1::2], strict=True):
        als = nodes.als_cells.get((a, b))
        if not als:
            continue
        digits = 0
        for c in bits(als):
            digits |= board.masks[c]
        for d0 in bits(digits & ~(1 << nodes.keys[a][0] | 1 << nodes.keys[b][0])):
            held = 0
            for c in bits(als):
                if board.masks[c] >> d0 & 1:
                    held |= 1 << c
            for c in bits(nodes.dcells[d0] & nodes.seen(held)):
                gone |= 1 << (c * n + d0)
    return gone


def _found(board: Board) -> tuple[_Nodes, list[_Found]] | None:
    """Every chain with an ALS that changes something, one per change: (nodes, -removed,
    chain, removed candidates, placed candidate), shortest first, then most removed."""
    if not board.geo.classic or all(board.values):
        return None
    kept = board.derived("als-node-chains")
    if kept is not None:
        return kept  # type: ignore[return-value]
    nodes = _Nodes(board)
    n = nodes.n
    best: dict[tuple[int, int], _Found] = {}
    budget = BUDGET
    starts = [x for x, (_, cells) in enumerate(nodes.keys)
              if (nodes.plain[x] or nodes.als[x]) and nodes.shaped(cells)]
    for start in starts:
        search = _Search(nodes, start)
        mine = nodes.targets(start)
        d0, cells = nodes.keys[start]
        for length in range(2, MAX_NODES + 1):
            reached, cost = search.grow()
            budget -= cost
            if not reached or budget <= 0:
                break
            if length % 2:
                continue
            for end in bits(search.rich[-1]):
                gone = mine & nodes.targets(end)
                placed = 0
                loop = end != start and nodes.weak(end) >> start & 1 == 1
                chain = None
                if loop:
                    chain = search.chain(end)
                    gone = _loop_removals(nodes, chain)
                elif end == start and not cells & (cells - 1):
                    placed = 1 << ((cells.bit_length() - 1) * n + d0)
                if not gone and not placed:
                    continue
                key = (gone, placed)
                count = gone.bit_count() if not placed else 99
                if key not in best or best[key][0] > length:
                    best[key] = (length, -count, chain or search.chain(end), gone, placed, loop)
        if budget <= 0:
            break
    found = sorted(best.values(), key=lambda f: (f[0], f[1], f[2]))
    board.keep("als-node-chains", (nodes, found))
    return nodes, found


def _eureka(nodes: _Nodes, chain: list[int]) -> str:
    """The chain in Eureka notation; an ALS, entered on x and left on z, as ``(x=z)cells``."""
    out = []
    i = 0
    while i < len(chain):
        if i:
            out.append("=" if i % 2 else "-")
        a = chain[i]
        if i % 2 == 0 and i + 1 < len(chain):
            b = chain[i + 1]
            als = nodes.als_cells.get((a, b))
            if als and not nodes.plain[a] >> b & 1:
                out.append(f"({nodes.keys[a][0] + 1}={nodes.keys[b][0] + 1})"
                           f"{_cells(nodes.board, als)}")
                i += 2
                continue
        out.append(nodes.name(a))
        i += 1
    return "".join(out)


def _step(nodes: _Nodes, found: _Found) -> Step:
    board = nodes.board
    geo = board.geo
    n = nodes.n
    links, _, chain, gone, placed, loop = found
    used = 0
    for x in chain:
        used |= nodes.keys[x][1]
    score = ALS_NODE_AIC.score + chain_bonus(links)
    parts = [(list(bits(nodes.keys[x][1])), nodes.keys[x][0] + 1) for x in chain]
    text_chain = _eureka(nodes, chain)
    if placed:
        c, d0 = divmod(placed.bit_length() - 1, n)
        text = (f"{geo.cell_names[c]} must be {d0 + 1}: if it were not, the chain "
                f"{text_chain} would make it so.")
        return ALS_NODE_AIC.step(board, bits(used), text, place=[(c, d0 + 1)], score=score,
                                 chains=[parts])
    elim = [(c, d0 + 1) for c, d0 in (divmod(x, n) for x in bits(gone))]
    if loop:
        text = (f"The continuous loop {text_chain}-{nodes.name(chain[0])} makes each of its "
                f"links strong both ways, so "
                f"{', '.join(f'{geo.cell_names[c]}<>{d}' for c, d in elim)}.")
        return ALS_NODE_AIC.step(board, bits(used), text, elim=elim, score=score,
                                 chains=[parts + parts[:1]])
    text = (f"{nodes.name(chain[0])} or {nodes.name(chain[-1])} is true (chain {text_chain}), "
            f"so {', '.join(f'{geo.cell_names[c]}<>{d}' for c, d in elim)}.")
    return ALS_NODE_AIC.step(board, bits(used), text, elim=elim, score=score, chains=[parts])


def every(board: Board) -> Iterator[Step]:
    """Every chain with an ALS, one per change: the shortest first (``find``'s), then those
    that remove the most (a placement: its cell's other candidates), the shorter first among
    equals; after them, for each chain that removes several candidates, the same chain for
    each of those alone (a discontinuous nice loop, as HoDoKu lists it). What ``hint --all``
    lists."""
    got = _found(board)
    if got is None:
        return
    nodes, found = got
    n = nodes.n

    def removed(f: _Found) -> int:
        placed = f[4]
        if placed:
            return board.masks[(placed.bit_length() - 1) // n].bit_count() - 1
        return f[3].bit_count()

    seen = {(f[3], f[4]) for f in found}
    for f in found[:1] + sorted(found[1:], key=lambda f: (-removed(f), f[0])):
        yield _step(nodes, f)
    for f in found:
        gone = f[3]
        if gone & (gone - 1):
            for x in bits(gone):
                if (1 << x, 0) not in seen:
                    seen.add((1 << x, 0))
                    yield _step(nodes, (f[0], -1, f[2], 1 << x, 0, f[5]))


def find(board: Board) -> Step | None:
    """The shortest chain with an ALS node that changes something, or None."""
    return next(every(board), None)


# HoDoKu rates its grouped nice loops and AICs (with or without ALS nodes) 300 points; the
# chain is as hard as the grouped AIC, which it extends
ALS_NODE_AIC = Technique(
    key="grouped-aic-als", name="Grouped AIC with ALS nodes", level=Level.EXPERT, score=7.5,
    effort=300, find=find,
)

__all__ = ["ALS_NODE_AIC", "BUDGET", "MAX_ALS_CELLS", "MAX_NODES", "every", "find"]
