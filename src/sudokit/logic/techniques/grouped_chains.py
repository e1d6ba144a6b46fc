"""Grouped chains: X-Chains and AICs whose nodes may be *groups*.

A group node is the candidates of one digit in a box-line intersection (two or three cells):
it is true when the digit sits in one of its cells, false when in none. Groups add strong
links (a digit whose places in a unit fall into a group and one other node: a cell or a
second group) and weak links (two nodes of one digit whose cells all see each other), and
with them chains the ungrouped search cannot make. The search uses :mod:`.chains`' link
tables (weak links, live candidates, strong links) extended by the groups of the board; it
runs only after the ungrouped chains found nothing, and not at all on a board where no group
takes part in a strong link.

A chain with a group has a strong link a=g with a group at one end. So the search looks at
each such link: what a true makes true (by alternating chains) and rules out, and the same
for g. One of a, g is true, so a candidate both rule out goes, and one both make true is
placed. That covers every chain through the link, and the continuous nice loops'
eliminations too (each is also a chain's, through the link). The grouped X-Chain and the
grouped AIC share one search a board: a chain of one digit is an X-Chain.

Group nodes are numbered after the candidates: ``ncells * n + d0 * len(intersections) + i``
for digit ``d0 + 1`` in intersection ``i`` of the geometry.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from functools import lru_cache

from ..board import Board, Geometry, bits
from ..graphs.chains import (
    ALL_LINKS,
    chain_bonus,
    live_nodes,
    still_none,
    strong_pairs,
    weak_tables,
)
from ..graphs.dense_nodes import DenseGraph
from ..step import Level, Step, Technique


class _Layout:
    """Per geometry, the tables of every possible group node (digit ``d0`` in
    intersection ``i`` is node ``base + d0 * per_digit + i``): its cells, the intersections
    of each unit, and the weak links that do not depend on the board."""

    def __init__(self, geo: Geometry) -> None:
        n = geo.n
        self.base = base = geo.ncells * n
        self.cells = tuple(common for _, _, common in geo.intersections)
        self.per_digit = per = len(self.cells)
        of_unit: list[list[int]] = [[] for _ in geo.unit_bits]
        for i, (box, line, _) in enumerate(geo.intersections):
            of_unit[box].append(i)
            of_unit[line].append(i)
        self.of_unit = tuple(tuple(u) for u in of_unit)
        seen = [geo.seen_by_all(c) for c in self.cells]
        # weak links of a group: to the cells that see all of it (same digit), and to the
        # groups sharing a unit with it; those overlapping it in one cell only when that
        # cell lacks the digit (else both hold it, and the two are not exclusive)
        group_seen = []
        group_partners = []
        overlaps: list[tuple[tuple[int, int], ...]] = []
        cell_groups = [0] * base
        # the intersections sharing a unit with each (the same for every digit): (j, the
        # cells they share)
        related = [
            [(j, ic & jc) for j, (box2, line2, jc) in enumerate(geo.intersections)
             if j != i and {box, line} & {box2, line2}]
            for i, (box, line, ic) in enumerate(geo.intersections)
        ]
        for d0 in range(n):
            first = base + d0 * per
            for i in range(per):
                g = first + i
                nodes = 0
                for c in bits(seen[i]):
                    nodes |= 1 << (c * n + d0)
                    cell_groups[c * n + d0] |= 1 << g
                group_seen.append(nodes)
                partners = 0
                over = []
                for j, shared in related[i]:
                    if shared:
                        over.append((first + j, shared))
                    else:
                        partners |= 1 << (first + j)
                group_partners.append(partners)
                overlaps.append(tuple(over))
        self.group_seen = tuple(group_seen)
        self.group_partners = tuple(group_partners)
        self.overlaps = tuple(overlaps)
        #: for each candidate, the groups of its digit that it sees all of
        self.cell_groups = tuple(cell_groups)
        # every node's weak links that hold on any board (a candidate's other digits of
        # its cell aside), as the lists of a DenseGraph: the ids node v is linked to are
        # targets[offsets[v]:offsets[v + 1]]
        offsets = [0]
        targets: list[int] = []
        for c in range(geo.ncells):
            for d0 in range(n):
                targets += [p * n + d0 for p in geo.peers[c]]
                targets += bits(cell_groups[c * n + d0])
                offsets.append(len(targets))
        for k in range(n * per):
            targets += bits(group_seen[k] | group_partners[k])
            offsets.append(len(targets))
        same_digit = weak_tables(geo)[0]
        sets = tuple(same_digit[v] | cell_groups[v] for v in range(base)) + tuple(
            group_seen[k] | group_partners[k] for k in range(n * per))
        self.weak_links = (array("i", offsets), array("i", targets), sets)


@lru_cache(maxsize=16)
def _layout(geo: Geometry) -> _Layout:
    return _Layout(geo)


def _digit_links(geo: Geometry, lay: _Layout, d0: int, dc: int
                 ) -> tuple[int, int, dict[int, tuple[int, int]], list[int], list[int]]:
    """What the groups of digit ``d0 + 1`` (on cells ``dc``) add: how many nodes take part
    in a strong link with a group, the group nodes among them, their cells, the strong
    links once each (a, b with a < b; flat), and the weak links between overlapping
    groups (a, b, ...; flat, each link both ways)."""
    n = geo.n
    inter = lay.cells
    per = lay.per_digit
    first = lay.base + d0 * per
    gx = [dc & ic for ic in inter]
    # a group's cells (two or more in one row or column of a box) name it
    group_of = {x: first + i for i, x in enumerate(gx) if x & (x - 1)}
    if not group_of:
        return 0, 0, {}, [], []
    # each link once, lower node first (a link may be found from both of its ends)
    found: dict[tuple[int, int], None] = {}
    for u, ub in enumerate(geo.unit_bits):
        x = dc & ub
        if x.bit_count() < 3:
            continue
        for i in lay.of_unit[u]:
            part = gx[i]
            if not part or part == x:
                continue
            rest = x ^ part
            if rest & (rest - 1):
                other = group_of.get(rest, -1)
                if other < 0:
                    continue
            else:
                other = (rest.bit_length() - 1) * n + d0
            a = group_of[part] if part & (part - 1) else (part.bit_length() - 1) * n + d0
            found[(a, other) if a < other else (other, a)] = None
    links: list[int] = []
    nodes: dict[int, None] = {}
    for a, b in found:
        links += (a, b)
        nodes[a] = nodes[b] = None
    live = 0
    cells: dict[int, tuple[int, int]] = {}
    for g in nodes:
        if g >= lay.base:
            live |= 1 << g
            cells[g] = (d0, dc & inter[g - first])
    over_pairs: list[int] = []
    for g, (_, x) in cells.items():
        for h, shared in lay.overlaps[g - lay.base]:
            if h in cells and not x & shared:
                over_pairs += (g, h)
    return len(nodes), live, cells, links, over_pairs


class GroupedLinks:
    """The group nodes of one board and the strong links they add."""

    def __init__(self, board: Board) -> None:
        geo = board.geo
        self.geo = geo
        lay = _layout(geo)
        self.layout = lay
        self.base = lay.base
        #: group node -> (digit index, its cells)
        self.cells: dict[int, tuple[int, int]] = {}
        #: the group nodes (those in a strong link: a node of an alternating chain has a
        #: strong link on one side at least)
        self.live = 0
        #: how many nodes (candidates and groups) take part in a strong link with a group
        self.nodes = 0
        links: list[int] = []
        weak_pairs: list[int] = []
        # what a digit adds depends on its cells only (the nodes of different digits never
        # meet), so it is kept until they change
        memo = board.memo
        for d0 in range(geo.n):
            dc = board.dcells[d0]
            kept = memo.get(("grouped-links", d0))
            if not (isinstance(kept, tuple) and kept[0] == dc):
                kept = (dc, *_digit_links(geo, lay, d0, dc))
                memo[("grouped-links", d0)] = kept
            _, nodes, live, cells, more_links, more_weak = kept
            if nodes:
                self.nodes += nodes
                self.live |= live
                self.cells.update(cells)
                links += more_links
                weak_pairs += more_weak
        #: the strong links a group takes part in, each once (a, b with a < b; flat)
        self.links = array("i", links)
        #: the same links both ways (a, b, b, a, ...), and the overlapping groups' weak
        #: links, as flat arrays of pairs of nodes
        swapped = array("i", links)
        swapped[0::2] = self.links[1::2]
        swapped[1::2] = self.links[0::2]
        self.strong_pairs = self.links + swapped
        self.weak_pairs = array("i", weak_pairs)

    def uses_groups(self) -> bool:
        """Does any group take part in a strong link? (If not, the grouped search is the
        ungrouped one.)"""
        return self.live != 0

    def name(self, node: int) -> str:
        """``(5)r1c1`` for a candidate, ``(5)r1c45`` for a group (Eureka notation)."""
        geo = self.geo
        if node < self.base:
            c, d0 = divmod(node, geo.n)
            return f"({d0 + 1}){geo.cell_names[c]}"
        d0, x = self.cells[node]
        cells = list(bits(x))
        rows = sorted({geo.row_of[c] + 1 for c in cells})
        cols = sorted({geo.col_of[c] + 1 for c in cells})
        # (numbers past 9, on a large grid or a sheet of overlapping grids, need commas)
        sep = "," if geo.n > 9 or geo.sheet is not None else ""
        return (f"({d0 + 1})r{sep.join(map(str, rows))}c{sep.join(map(str, cols))}")

    def node(self, node: int) -> tuple[list[int], int]:
        """A node as its cells and digit, as a step records it."""
        if node < self.base:
            c, d0 = divmod(node, self.geo.n)
            return [c], d0 + 1
        d0, x = self.cells[node]
        return list(bits(x)), d0 + 1

    def node_cells(self, node: int) -> int:
        """The cells of a node, as a cell set."""
        if node < self.base:
            return 1 << node // self.geo.n
        return self.cells[node][1]


#: how many of the shortest grouped chains the grouped X-Chain looks at
X_AMONG = 4

#: how many strong links a chain follows on each side of its grouped link, at most
MAX_HOPS = 10

#: the memo key of the last board state on which the search proved nothing, with its links
_NONE = "grouped-chains-none"


def _depth(layers: list[int], nodes: int) -> int:
    """The first layer that holds one of ``nodes``."""
    for k, layer in enumerate(layers):
        if layer & nodes:
            return k
    raise ValueError("not reached")


def _near(layers: list[int], nodes: int) -> list[tuple[int, int]]:
    """(layer, node) for each of ``nodes`` in the first two layers that hold some."""
    out: list[tuple[int, int]] = []
    held = 0
    for k, layer in enumerate(layers):
        if layer & nodes:
            out += [(k, x) for x in bits(layer & nodes)]
            held += 1
            if held == 2:
                break
    return out


class GroupedSearch:
    """Alternating chains on :mod:`.chains`' link tables (its weak tables, live candidates
    and strong links) extended by the board's groups: what each node of a grouped strong
    link makes true and rules out.

    The chains are followed on the board's live nodes numbered densely (a
    :class:`.dense_nodes.DenseGraph`, in the order of their ids): the closures, layers and
    sets of :meth:`closure` and :meth:`pairs` are in dense numbers, the chains and sets
    of :meth:`explained` in node ids."""

    def __init__(self, board: Board, links: tuple[bool, bool, bool], groups: GroupedLinks
                 ) -> None:
        geo = board.geo
        self.groups = groups
        self.base = groups.base
        cand = live_nodes(board)
        lay = groups.layout
        live = cand | groups.live
        graph = DenseGraph(live, self.base + geo.n * lay.per_digit, lay.weak_links,
                           (geo.n, self.base, links[2]), groups.weak_pairs,
                           (strong_pairs(board, links[0], links[1]), groups.strong_pairs),
                           MAX_HOPS + 1, groups.nodes)
        self.graph = graph
        #: only candidates (numbered first) go or are placed; groups link them
        self.candidates = graph.count_below(self.base)
        self.cell_nodes = (1 << self.candidates) - 1
        self._rows: dict[tuple[int, int], int] = {}
        self.closures: dict[int, list[int]] = {}

    def _row(self, table: int, node: int) -> int:
        """A row of the weak (0), strong (1) or hop (2) table, as a dense set (kept)."""
        found = self._rows.get((table, node))
        if found is None:
            graph = self.graph
            row = (graph.weak_row, graph.strong_row, graph.hop_row)[table]
            found = self._rows[(table, node)] = row(node)
        return found

    def weak_of(self, node: int) -> int:
        """What dense node ``node`` true rules out: its weak links, as a dense set."""
        return self._row(0, node)

    def closure(self, a: int) -> list[int]:
        """What node ``a`` (an id) true makes true, by alternating chains (weak, strong,
        weak, ...), by layer (layer k is 2k links from ``a``; dense sets)."""
        found = self.closures.get(a)
        if found is None:
            graph = self.graph
            d = graph.dense(a)
            graph.close(d, MAX_HOPS)
            found = self.closures[a] = graph.layers(d)
        return found

    def path(self, a: int, x: int) -> list[int]:
        """The chain by which ``a`` (an id) true makes dense node ``x`` true: a, off, on,
        ..., x, in dense numbers."""
        layers = self.closure(a)
        k = _depth(layers, 1 << x)
        out = [x]
        while k:
            k -= 1
            prev = next(p for p in bits(layers[k]) if self._row(2, p) >> x & 1)
            # (a strong partner of x has a strong link: no need to ask)
            via = self.weak_of(prev) & self._row(1, x)
            out.append((via & -via).bit_length() - 1)
            out.append(prev)
            x = prev
        out.reverse()
        return out

    def pairs(self) -> list[tuple[int, int, int, int, int]]:
        """(about how long, a, g, both true, both false) for each strong link a=g a group
        takes part in where what a makes true and what g makes true both rule out some
        candidate (or both make one true), shortest first (a and g ids, the sets dense)."""
        links = self.groups.links
        todo = []
        for k, both_on, both_off in self.graph.meet_links(links, MAX_HOPS, self.candidates):
            a, g = links[k], links[k + 1]
            todo.append((self._cost(self.closure(a), self.closure(g), both_on, both_off), a, g,
                         both_on, both_off))
        todo.sort()
        return todo

    def found(self) -> Iterator[tuple[int, list[int], int, int]]:
        """(links, chain, eliminated, placed) for each link of :meth:`pairs`, in order. The
        chain reads x=...-a=g-...=y: one of a, g is true, a makes x true and g makes y."""
        for _, a, g, both_on, both_off in self.pairs():
            yield self.explained(a, g, both_on, both_off)

    def digits(self, chain: list[int]) -> set[int]:
        """The digits (0-based) of a chain's nodes."""
        n = self.groups.geo.n
        return {x % n if x < self.base else self.groups.cells[x][0] for x in chain}

    def _cost(self, layers_a: list[int], layers_g: list[int], both_on: int, both_off: int
              ) -> int:
        """About how long the chain of a link is: the fewest layers to one of the first
        few targets on both sides."""
        best = 2 * MAX_HOPS + 2
        for t in list(bits(both_on))[:3]:
            best = min(best, _depth(layers_a, 1 << t) + _depth(layers_g, 1 << t))
        for t in list(bits(both_off))[:3]:
            w = self.weak_of(t)
            best = min(best, _depth(layers_a, w) + _depth(layers_g, w))
        return best

    def explained(self, a: int, g: int, both_on: int, both_off: int
                   ) -> tuple[int, list[int], int, int]:
        """The shortest chain through a=g that proves one of ``both_on`` or ``both_off``
        (dense sets): its links, its nodes, what it eliminates and places (ids)."""
        layers_a = self.closure(a)
        layers_g = self.closure(g)
        best = None
        for t in bits(both_on):
            k = _depth(layers_a, 1 << t) + _depth(layers_g, 1 << t)
            if best is None or k < best[0]:
                best = (k, t, t, True)
        for t in bits(both_off):
            w = self.weak_of(t)
            ka, kg = _depth(layers_a, w), _depth(layers_g, w)
            if best is None or ka + kg < best[0]:
                x = (layers_a[ka] & w).bit_length() - 1
                y = (layers_g[kg] & w).bit_length() - 1
                best = (ka + kg, x, y, False)
        assert best is not None
        return self._chain(a, g, *best[1:])

    def _chain(self, a: int, g: int, x: int, y: int, place: bool
               ) -> tuple[int, list[int], int, int]:
        """The chain x=...-a=g-...=y (dense x, y): its links, its nodes, what it eliminates
        and places (ids). Ends on one candidate (both sides make it true) place it."""
        ids = self.graph.node_ids()
        chain = [ids[v] for v in self.path(a, x)[::-1] + self.path(g, y)]
        if place or (x == y and x < self.candidates):
            return len(chain) - 1, chain, 0, 1 << ids[x]
        gone = self.graph.to_ids(self.weak_of(x) & self.weak_of(y) & self.cell_nodes)
        return len(chain) - 1, chain, gone, 0

    def every_explained(self, a: int, g: int, both_on: int, both_off: int
                        ) -> Iterator[tuple[int, list[int], int, int]]:
        """Every chain through a=g that proves something, as :meth:`explained` gives the
        shortest: for each candidate proved, one for each pair of ends among the nodes of
        each side's two nearest layers that prove it (one chain, the shortest, for each
        set of candidates proved), shortest first."""
        layers_a = self.closure(a)
        layers_g = self.closure(g)
        ends = set()
        for t in bits(both_on):
            ends.add((_depth(layers_a, 1 << t) + _depth(layers_g, 1 << t), t, t, True))
        for t in bits(both_off):
            # the nodes ruling t out in each side's two nearest layers that hold some, in
            # pairs: the chain between two ends (HoDoKu's) is among them when both sides
            # reach the same node first (a placement, or a group that holds the digit)
            w = self.weak_of(t)
            for ka, x in _near(layers_a, w):
                for kg, y in _near(layers_g, w):
                    ends.add((ka + kg, x, y, False))
        done = set()  # what the chains yielded prove (the shortest chain proves it)
        for _, x, y, place in sorted(ends):
            proved = (1 << x, True) if place or (x == y and x < self.candidates) else (
                self.weak_of(x) & self.weak_of(y) & self.cell_nodes, False)
            if proved not in done:
                done.add(proved)
                yield self._chain(a, g, x, y, place)

    def eureka(self, nodes: list[int]) -> str:
        """The chain in Eureka notation, groups included: ``(5)r1c45=(5)r1c9-...``."""
        return "".join(("=" if i % 2 else "-" if i else "") + self.groups.name(node)
                       for i, node in enumerate(nodes))


def _step(board: Board, search: GroupedSearch, tech: Technique,
          found: tuple[int, list[int], int, int]) -> Step:
    """The step of a found chain (see :meth:`GroupedSearch.found`)."""
    geo = board.geo
    n = geo.n
    groups = search.groups
    links, chain, gone, placed = found
    used = 0
    for x in chain:
        used |= groups.node_cells(x)
    score = tech.score + chain_bonus(links)
    nodes = [groups.node(x) for x in chain]
    if placed:
        c, d0 = divmod(placed.bit_length() - 1, n)
        text = (f"{geo.cell_names[c]} must be {d0 + 1}: if it were not, the loop "
                f"{search.eureka(chain)} would make it so.")
        return tech.step(board, bits(used), text, place=[(c, d0 + 1)], score=score,
                         chains=[nodes])
    elim = [(c, d0 + 1) for c, d0 in (divmod(x, n) for x in bits(gone))]
    ends = (groups.name(chain[0]) if chain[0] == chain[-1]
            else f"{groups.name(chain[0])} or {groups.name(chain[-1])}")
    text = (
        f"{ends} is true (chain "
        f"{search.eureka(chain)}), so "
        f"{', '.join(f'{geo.cell_names[c]}<>{d}' for c, d in elim)}."
    )
    return tech.step(board, bits(used), text, elim=elim, score=score, chains=[nodes])


class _Kept:
    """A board's grouped search, its links that prove something, and those explained."""

    def __init__(self, search: GroupedSearch | None) -> None:
        self.search = search
        self.pairs = [] if search is None else search.pairs()
        self.explained: list[tuple[int, list[int], int, int]] = []


def _found(board: Board) -> Iterator[tuple[GroupedSearch, tuple[int, list[int], int, int]]]:
    """Every grouped chain of the board, shortest first, with its search. The search is
    kept on the board: the grouped X-Chain and the grouped AIC share it."""
    kept = board.derived("grouped-chains")
    if kept is None:
        kept = _Kept(None)
        if live_nodes(board):
            groups = GroupedLinks(board)
            # what may appear as candidates go: strong links, overlapping groups' weak links
            links = (strong_pairs(board, True, True), groups.links, groups.weak_pairs)
            if groups.uses_groups() and not still_none(board, _NONE, links):
                kept = _Kept(GroupedSearch(board, ALL_LINKS, groups))
                if not kept.pairs:
                    board.memo[_NONE] = (board.snapshot(), links)
        board.keep("grouped-chains", kept)
    assert isinstance(kept, _Kept)
    search = kept.search
    if search is None:
        return
    explained = kept.explained
    for i, (_, a, g, both_on, both_off) in enumerate(kept.pairs):
        if i == len(explained):
            explained.append(search.explained(a, g, both_on, both_off))
        yield search, explained[i]


def grouped_x_chains(board: Board, among: int | None = None) -> Iterator[Step]:
    """Grouped X-Chains (one digit, its strong and weak links only), shortest first, among
    the ``among`` shortest grouped chains (None: all)."""
    for i, (search, found) in enumerate(_found(board)):
        if i == among:
            return
        if len(search.digits(found[1])) == 1:
            yield _step(board, search, GROUPED_X_CHAIN, found)


def find_grouped_x_chain(board: Board) -> Step | None:
    """The shortest grouped X-Chain that changes something among the few shortest grouped
    chains, or None (looking further costs more than the grouped AIC finding it next)."""
    return next(grouped_x_chains(board, X_AMONG), None)


def grouped_aics(board: Board) -> Iterator[Step]:
    """Grouped AICs over several digits (and the discontinuous nice loops that place a
    digit), shortest first; the one-digit chains are the grouped X-Chains."""
    for search, found in _found(board):
        if len(search.digits(found[1])) > 1:
            yield _step(board, search, GROUPED_AIC, found)


def every_grouped_chain(board: Board, one_digit: bool) -> Iterator[Step]:
    """Every grouped X-Chain (``one_digit``) or grouped AIC, one per set of eliminations
    (or placement): the first grouped link's shortest chain first, then the chains of every
    grouped link, those removing the most candidates first (a placement: its cell's other
    candidates), the shorter first among equals; after them, for each chain that removes
    several candidates, the loop through each of those alone (x=...=y and a candidate
    seeing both ends: a discontinuous nice loop that removes that one, as HoDoKu lists
    it). What ``hint --all`` lists."""
    seen = set()
    singles = []
    main: list[tuple[int, GroupedSearch, tuple[int, list[int], int, int]]] = []
    tech = GROUPED_X_CHAIN if one_digit else GROUPED_AIC
    n = board.geo.n
    for i, (search, first) in enumerate(_found(board)):
        kept = board.derived("grouped-chains")
        assert isinstance(kept, _Kept)
        _, a, g, both_on, both_off = kept.pairs[i]
        for found in (first, *search.every_explained(a, g, both_on, both_off)):
            if (len(search.digits(found[1])) == 1) != one_digit:
                continue
            links, chain, gone, placed = found
            if gone & (gone - 1):
                singles += [(search, (links, chain, 1 << t, 0)) for t in bits(gone)]
            key = (gone, placed)
            if key not in seen:
                seen.add(key)
                # a placement removes its cell's other candidates
                count = (board.masks[(placed.bit_length() - 1) // n].bit_count() - 1 if placed
                         else gone.bit_count())
                main.append((count, search, found))
    # the ladder's chain first, then those that remove the most, the shorter first among
    # equals (HoDoKu's order; each step made when asked)
    for _, search, found in main[:1] + sorted(main[1:], key=lambda kv: (-kv[0], kv[2][0])):
        yield _step(board, search, tech, found)
    for search, single in singles:
        key = (single[2], 0)
        if key not in seen:
            seen.add(key)
            yield _step(board, search, tech, single)


def find_grouped_aic(board: Board) -> Step | None:
    """The shortest grouped AIC that eliminates or places something, or None."""
    return next(grouped_aics(board), None)


# Sudoku Explainer has no grouped chains: it needs Nishio, cell or region forcing chains for
# what they find, and rates the puzzles that need them 7.8-8.4 (benchmarks/se_compare.py);
# so they start at SE's Nishio base, 7.5. HoDoKu's Grouped Nice Loop / AIC effort: 300.
GROUPED_X_CHAIN = Technique(
    key="grouped-x-chain", name="Grouped X-Chain", level=Level.EXPERT, score=7.5, effort=300,
    find=find_grouped_x_chain,
)
GROUPED_AIC = Technique(
    key="grouped-aic", name="Grouped AIC", level=Level.EXPERT, score=7.5, effort=300,
    find=find_grouped_aic,
)

__all__ = ["GROUPED_AIC", "GROUPED_X_CHAIN", "GroupedLinks", "GroupedSearch"]
