"""The chain HoDoKu takes, for the hodoku scale (:mod:`.scales`): of the X-Chains, XY-Chains
(20 links at most) and grouped chains on a board, the one that removes the most candidates,
then the one whose removals have the lowest index sum (cell + digit, each cell weighted 80
more than the one before, by digit, then by cell), then the one with the fewest links,
passing each cell once; the nice loops and AICs come from HoDoKu's tables
(:mod:`.hodoku_tables`). A chain back to its own start places it; a chain whose ends see
each other closes a continuous loop, every weak link of which then removes what sees both its
nodes (each holds one true candidate, whichever way the loop is read).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import islice

from .board import Board, bits, digits_of
from .graphs.chains import ALL_LINKS, X_LINKS, XY_LINKS, Chain, Search, chain_bonus, node_name
from .hodoku_tables import tabled, weighted_sum
from .step import Step, Technique
from .techniques.grouped_chains import grouped_aics, grouped_x_chains

#: the longest chain (in links) the widest-chain search follows
MOST_LINKS = 40
#: the longest X- or XY-Chain (in links) HoDoKu looks for (its default bound)
MOST_SIMPLE_LINKS = 20
#: how many of the widest chains are spelt out, widest first, to find one that passes each
#: cell once
MOST_TRIED = 64


def _widest_in(search: Search, loops: bool, most: int = MOST_LINKS
               ) -> tuple[int, int, int, int, int, int] | None:
    """(eliminations, index sum, links, start, end, what goes) of the chain of ``search``
    HoDoKu would take: the one that removes the most candidates, then the one whose removals
    have the lowest index sum (:func:`_index_sum`), then the fewest links (``most`` at most);
    a chain passing a cell twice (not in one in-cell link) is not one of HoDoKu's. A chain
    back to its own start places it (its cell's other candidates go); with ``loops``, a
    chain whose ends see each other counts as the continuous loop it closes (every weak link
    of it then removes what sees both its nodes). None when no chain removes anything."""
    pairs = search.pairs
    strong: dict[int, int] = {}
    for i in range(0, len(pairs), 2):
        strong[pairs[i]] = strong.get(pairs[i], 0) | 1 << pairs[i + 1]
    live = search.live
    n = search.n
    masks = search.board.masks
    found: list[tuple[int, int, int, int, int, int]] = []
    for start, partners in strong.items():
        if not live >> start & 1:
            continue
        # breadth first from start assumed false: the nodes made true, link by link
        on = partners & live
        reached_on = on
        reached_off = 1 << start
        links = 1
        while on and links <= most:
            for end in bits(on):
                if end == start:
                    cell = start // n
                    gone = sum(1 << (cell * n + d0) for d0 in bits(masks[cell])) & ~(1 << start)
                else:
                    gone = search.targets(start, end)
                    if loops and links > 1 and search.weak(end) >> start & 1:
                        gone |= _loop_targets(search, start, end)
                if gone:
                    found.append((-gone.bit_count(), _index_sum(gone, n), links,
                                  start, end, gone))
            off = 0
            for x in bits(on):
                off |= search.weak(x)
            off &= ~reached_off
            reached_off |= off
            nxt = 0
            for y in bits(off):
                nxt |= strong.get(y, 0)
            on = nxt & live & ~reached_on  # (start among them: back to it, it must be true)
            reached_on |= on
            links += 2
    found.sort()
    for count, isum, links, start, end, gone in found[:MOST_TRIED]:
        if _simple(search.path_to(start, end, True), n):
            return -count, isum, links, start, end, gone
    return None


def _index_sum(gone: int, n: int) -> int:
    """HoDoKu's tie-break among steps removing as many: :func:`.hodoku_tables.weighted_sum`
    of what goes."""
    return weighted_sum([(x // n, x % n + 1) for x in bits(gone)])


def _simple(nodes: list[int], n: int) -> bool:
    """Whether a chain passes each cell once (its two nodes of an in-cell link together;
    a chain back to its start may end in its first cell)."""
    seen = set()
    last = -1
    for i, x in enumerate(nodes):
        cell = x // n
        if cell == last:
            continue
        if cell in seen and not (i == len(nodes) - 1 and cell == nodes[0] // n):
            return False
        seen.add(cell)
        last = cell
    return True


def _loop_targets(search: Search, start: int, end: int) -> int:
    """What the continuous loop through the chain from ``start`` to ``end`` (which see each
    other) removes: whatever sees both nodes of one of its weak links, the loop's own
    nodes aside."""
    nodes = search.path_to(start, end, True)
    gone = 0
    for i in range(1, len(nodes) - 1, 2):
        gone |= search.targets(nodes[i], nodes[i + 1])
    return gone & ~sum(1 << x for x in nodes)


def _chain_step(board: Board, search: Search, tech: Technique, start: int, end: int,
                gone: int) -> Step:
    """The step of the chain from ``start`` (false) to ``end`` (true) that removes
    ``gone`` (more than its ends' targets where it closes a loop)."""
    geo = board.geo
    n = geo.n
    nodes = search.path_to(start, end, True)
    chain = Chain(nodes, n)
    elim = [(x // n, x % n + 1) for x in bits(gone)]
    said = ", ".join(f"{geo.cell_names[c]}<>{d}" for c, d in elim)
    if start == end:
        text = (f"If {node_name(geo, start)} were false, the chain {chain.eureka(geo)} would "
                f"make it true: it is true, so {said}.")
    elif gone == search.targets(start, end):
        text = (f"{node_name(geo, start)} or {node_name(geo, end)} is true (chain "
                f"{chain.eureka(geo)}), so {said}.")
    else:
        text = (f"The chain {chain.eureka(geo)} closes into a loop ({node_name(geo, end)} "
                f"sees {node_name(geo, start)}): each of its weak links holds one true "
                f"candidate, so {said}.")
    return tech.step(board, sorted({x // n for x in nodes}), text, elim=elim,
                     score=tech.score + chain_bonus(chain.length),
                     chains=[[((x // n,), x % n + 1) for x in nodes]])


def _searches(board: Board, key: str) -> list[Search]:
    """The chain searches of technique ``key`` on ``board``: one a digit for X-Chains."""
    if key == "x-chain":
        return [Search(board, X_LINKS, digit=d) for d in range(1, board.geo.n + 1)
                if board.dcells[d - 1]]
    return [Search(board, XY_LINKS if key == "xy-chain" else ALL_LINKS)]


def widest(tech: Technique) -> Technique:
    """Chain technique ``tech`` (``x-chain``, ``xy-chain`` or ``aic``) taking, of the chains on
    a board, the one that removes the most candidates (then the lowest index sum, then the
    fewest links), as HoDoKu does; where it has a step but no chain removes anything (an AIC
    that places a digit), that step."""
    if tech.key == "aic":
        return tabled(tech)
    plain: Callable[[Board], Step | None] = tech.find

    def find(board: Board) -> Step | None:
        first = plain(board)
        if first is None or not board.geo.classic:
            return first
        best = None
        for search in _searches(board, tech.key):
            loops = tech.key == "aic"
            found = _widest_in(search, loops, MOST_LINKS if loops else MOST_SIMPLE_LINKS)
            if found is not None and (best is None or (-found[0], *found[1:3]) < (
                    -best[0][0], *best[0][1:3])):
                best = (found, search)
        # a placement counts as the other candidates of its cell going
        told = len(first.eliminations) + sum(
            board.masks[board.geo.parse_cell(p.cell)].bit_count() - 1 for p in first.placements)
        if best is None or best[0][0] < told:
            return first
        (_, _, _, start, end, gone), search = best
        return _chain_step(board, search, tech, start, end, gone)

    return replace(tech, find=find, applies=None)


def _hodoku_order(board: Board, step: Step) -> tuple[int, int, int]:
    """Where HoDoKu ranks a chain step among others: the most removals first, then the
    lowest index sum of what goes, then the fewest links."""
    parse = board.geo.parse_cell
    gone = [(parse(e.cell), e.digit) for e in step.eliminations]
    for p in step.placements:
        c = parse(p.cell)
        gone += [(c, d) for d in digits_of(board.masks[c]) if d != p.digit]
    return -len(gone), weighted_sum(gone), len(step.links)


def widest_grouped(tech: Technique) -> Technique:
    """The grouped chains (``grouped-aic``), one digit or several, taken as HoDoKu takes
    its grouped nice loops and AICs: of the first :data:`MOST_TRIED` found (shortest
    first), the one that removes the most, then the lowest index sum, then the shortest."""
    def find(board: Board) -> Step | None:
        if not board.geo.classic:
            return tech.find(board)
        steps = list(islice(grouped_x_chains(board), MOST_TRIED))
        steps += list(islice(grouped_aics(board), MOST_TRIED))
        if not steps:
            return None
        return min(steps, key=lambda s: _hodoku_order(board, s))

    return replace(tech, find=find, applies=None)
