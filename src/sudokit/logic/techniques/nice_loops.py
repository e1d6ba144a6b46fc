"""Continuous nice loops: an alternating chain that closes on itself.

An AIC runs from a candidate assumed false, by strong and weak links in turn, to a candidate
then true. When its two ends are weakly linked as well (the same digit in cells that see each
other, or two digits of one cell), the chain and that link make a loop of strong and weak
links in turn, and one of two things holds: every other node of the loop is true, or every
node between them is. Either way exactly one end of each link is true, so every weak link
acts as a strong one: a candidate weakly linked to both ends of any link of the loop is
false (the digit leaves the cells that see both ends of a link between two cells; a cell
whose two digits are joined by a weak link keeps only those two). The AIC removes the
candidates of one link (its ends); this form removes every candidate the loop reaches, in
one step, as HoDoKu counts a continuous nice loop.

The grouped form lets a node be a group (a digit's places in a box-line intersection, see
:mod:`.grouped_chains`): a loop with a group is a grouped continuous nice loop. Its nodes
must not overlap (a group and a candidate, or two groups, of one digit sharing a cell).

For each pair of ends the shortest chain between them is taken; of the loops that remove
something, the one that removes most comes first (then the shortest); each set of
eliminations is offered once. The listing (``hint --all``) also offers, after them, each
loop's removals outside the loop's own cells (a cell of the loop losing candidates only by
the weak link inside it), as HoDoKu reports a continuous nice loop.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits
from ..graphs.chains import ALL_LINKS, Chain, Search, chain_bonus, live_nodes
from ..step import Level, Step, Technique
from .grouped_chains import GroupedLinks, GroupedSearch


def _weakly_linked(search: Search, a: int, b: int) -> bool:
    return bool((search.same_digit[a] | search.same_cell[a]) >> b & 1)


def nice_loops(board: Board) -> list[tuple[list[int], int]]:
    """(the loop's nodes, the candidates it removes as a node set) of every continuous nice
    loop that removes something: most eliminations first, then the shortest; one per set of
    eliminations."""
    search = Search(board, ALL_LINKS)
    strong = search.strong
    weak = [0] * (board.geo.ncells * board.geo.n)
    for x in bits(search.live):
        weak[x] = search.weak(x)
    found: dict[int, list[int]] = {}
    for start in sorted(strong):
        if not search.live >> start & 1:
            continue
        for end, path in _walk(start, strong, weak, search.live).items():
            if len(path) < 4 or not _weakly_linked(search, end, start):
                continue
            inside = sum(1 << x for x in path)
            gone = 0
            for a, b in zip(path, path[1:] + path[:1], strict=True):
                gone |= search.targets(a, b)
            gone &= ~inside
            if gone and (gone not in found or len(path) < len(found[gone])):
                found[gone] = path
    ranked = sorted(found.items(), key=lambda kv: (-kv[0].bit_count(), len(kv[1]), kv[0]))
    return [(path, gone) for gone, path in ranked]


def _step(board: Board, path: list[int], gone: int) -> Step:
    geo = board.geo
    n = geo.n
    elim = [(x // n, x % n + 1) for x in bits(gone)]
    cells = sorted({x // n for x in path})
    loop = Chain(path + path[:1], n).eureka(geo)
    text = (
        f"the loop {loop} alternates strong and weak links, so exactly one end of each link "
        f"is true: {', '.join(f'{geo.cell_names[c]}<>{d}' for c, d in elim)}."
    )
    nodes = [((x // n,), x % n + 1) for x in path]
    return CONTINUOUS_NICE_LOOP.step(
        board, cells, text, elim=elim, chains=[nodes],
        score=CONTINUOUS_NICE_LOOP.score + chain_bonus(len(path)),
    )


def find(board: Board) -> Step | None:
    """The continuous nice loop that removes most, or None."""
    for path, gone in nice_loops(board):
        return _step(board, path, gone)
    return None


def every(board: Board) -> Iterator[Step]:
    """Every continuous nice loop, one per set of eliminations, in :func:`find`'s order;
    after them, each loop's removals outside its own cells where they differ (HoDoKu's
    form: a loop's cell loses candidates only by the weak link inside it)."""
    loops = nice_loops(board)
    seen = {gone for _, gone in loops}
    for path, gone in loops:
        yield _step(board, path, gone)
    for path, gone in loops:
        narrow = gone & ~_loop_cells(board.geo.n, path)
        if narrow and narrow not in seen:
            seen.add(narrow)
            yield _step(board, path, narrow)


def _loop_cells(n: int, path: list[int]) -> int:
    """The candidates (a node set) of the loop's cells but those whose two nodes the loop
    joins by a weak link inside the cell."""
    cells = {x // n for x in path}
    inner = {a // n for a, b in zip(path, path[1:] + path[:1], strict=True) if a // n == b // n}
    return sum(((1 << n) - 1) << (c * n) for c in cells - inner)


def grouped_loops(board: Board) -> list[tuple[list[int], int, GroupedSearch]]:
    """(the loop's nodes as ids, the candidates it removes as a node set, the search) of
    every continuous nice loop through a group that removes something, ranked as
    :func:`nice_loops` ranks them."""
    return _grouped_loops(board)[0]


def _grouped_loops(board: Board) -> tuple[
    list[tuple[list[int], int, GroupedSearch]], list[tuple[list[int], int, GroupedSearch]],
]:
    """:func:`grouped_loops`, then the same for each loop's removals outside its own cells
    (:func:`_outside`): the shortest loop for each such set, in the same order."""
    if not live_nodes(board):
        return [], []
    groups = GroupedLinks(board)
    if not groups.uses_groups():
        return [], []
    search = GroupedSearch(board, ALL_LINKS, groups)
    graph = search.graph
    ids = graph.node_ids()
    weak = [graph.weak_row(x) for x in range(len(ids))]
    strong = {x: row for x in range(len(ids)) if (row := graph.strong_row(x))}
    every = (1 << len(ids)) - 1
    found: dict[int, list[int]] = {}
    outside: dict[int, list[int]] = {}
    paths: list[list[int]] = []  # the loops found, in dense numbers

    def loops_from(start: int, live: int, main: bool) -> None:
        for end, path in _walk(start, strong, weak, live).items():
            if len(path) < 4 or not weak[end] >> start & 1:
                continue
            loop = [ids[x] for x in path]
            if all(x < groups.base for x in loop) or _overlap(groups, loop):
                continue
            gone = 0
            for a, b in zip(path, path[1:] + path[:1], strict=True):
                gone |= weak[a] & weak[b]
            gone = graph.to_ids(gone & search.cell_nodes) & ~_covered(board, groups, loop)
            if main and gone and (gone not in found or len(loop) < len(found[gone])):
                found[gone] = loop
                paths.append(path)
            narrow = gone & ~_outside(board.geo.n, groups, loop)
            if narrow and (narrow not in outside or len(loop) < len(outside[narrow])):
                outside[narrow] = loop

    for start in sorted(strong):
        loops_from(start, every, True)
    # the walk keeps one shortest chain to each end: a loop of the same length through
    # another group (whose removals outside its cells differ) is found from the same
    # start without the group the first loop took
    for path in list(paths):
        for x in path:
            if ids[x] >= groups.base:
                loops_from(path[0], every & ~(1 << x), False)

    def ranked(loops: dict[int, list[int]]) -> list[tuple[list[int], int, GroupedSearch]]:
        order = sorted(loops.items(), key=lambda kv: (-kv[0].bit_count(), len(kv[1]), kv[0]))
        return [(loop, gone, search) for gone, loop in order]

    return ranked(found), ranked(outside)


def _outside(n: int, groups: GroupedLinks, loop: list[int]) -> int:
    """The candidates (a node set) of the loop's cells, a group's included, but those of a
    cell whose two nodes the loop joins by a link inside the cell."""
    nodes = [groups.node(x) for x in loop]
    cells = {c for node_cells, _ in nodes for c in node_cells}
    inner = {a[0][0] for a, b in zip(nodes, nodes[1:] + nodes[:1], strict=True)
             if len(a[0]) == 1 and a[0] == b[0]}
    return sum(((1 << n) - 1) << (c * n) for c in cells - inner)


def _walk(start: int, strong: dict[int, int], weak: list[int], live: int
          ) -> dict[int, list[int]]:
    """Every end reached by a shortest alternating chain from off(``start``) to on(end),
    with that chain (its nodes distinct), by one breadth-first walk over the ``strong`` and
    ``weak`` rows of each node (node sets) among the ``live`` nodes."""
    parent_on: dict[int, int] = {}
    parent_off: dict[int, int] = {start: -1}
    frontier = list(bits(strong.get(start, 0) & live))
    for e in frontier:
        parent_on[e] = start
    while frontier:
        off = []
        for x in frontier:
            for y in bits(weak[x] & live):
                if y not in parent_off:
                    parent_off[y] = x
                    off.append(y)
        frontier = []
        for y in off:
            for e in bits(strong.get(y, 0) & live):
                if e not in parent_on:
                    parent_on[e] = y
                    frontier.append(e)
    out = {}
    for end in parent_on:
        path, node, on = [end], end, True
        while (prev := (parent_on if on else parent_off)[node]) != -1:
            path.append(prev)
            node, on = prev, not on
        if end != start and len(set(path)) == len(path):
            out[end] = path[::-1]
    return out


def _overlap(groups: GroupedLinks, loop: list[int]) -> bool:
    """Do two nodes of the loop share a cell and a digit?"""
    taken: dict[int, int] = {}
    for x in loop:
        cells, d = groups.node(x)
        mask = sum(1 << c for c in cells)
        if taken.get(d, 0) & mask:
            return True
        taken[d] = taken.get(d, 0) | mask
    return False


def _covered(board: Board, groups: GroupedLinks, loop: list[int]) -> int:
    """The candidates the loop's nodes stand for, as a node set."""
    n = board.geo.n
    out = 0
    for x in loop:
        cells, d = groups.node(x)
        for c in cells:
            out |= 1 << (c * n + d - 1)
    return out


def _grouped_step(board: Board, loop: list[int], gone: int, search: GroupedSearch) -> Step:
    geo = board.geo
    n = geo.n
    groups = search.groups
    elim = [(x // n, x % n + 1) for x in bits(gone)]
    used = 0
    for x in loop:
        used |= groups.node_cells(x)
    text = (
        f"the loop {search.eureka(loop + loop[:1])} alternates strong and weak links, so "
        f"exactly one end of each link is true: "
        f"{', '.join(f'{geo.cell_names[c]}<>{d}' for c, d in elim)}."
    )
    return GROUPED_CONTINUOUS_NICE_LOOP.step(
        board, bits(used), text, elim=elim, chains=[[groups.node(x) for x in loop]],
        score=GROUPED_CONTINUOUS_NICE_LOOP.score + chain_bonus(len(loop)),
    )


def find_grouped(board: Board) -> Step | None:
    """The grouped continuous nice loop that removes most, or None."""
    for loop, gone, search in grouped_loops(board):
        return _grouped_step(board, loop, gone, search)
    return None


def every_grouped(board: Board) -> Iterator[Step]:
    """Every grouped continuous nice loop, one per set of eliminations, in
    :func:`find_grouped`'s order; after them, the removals outside their own cells (a
    group's included) of every loop, where they differ (as :func:`every`; the shortest
    loop for each, which may run through other groups than the loops listed first)."""
    loops, outside = _grouped_loops(board)
    seen = {gone for _, gone, _ in loops}
    for loop, gone, search in loops:
        yield _grouped_step(board, loop, gone, search)
    for loop, narrow, search in outside:
        if narrow not in seen:
            seen.add(narrow)
            yield _grouped_step(board, loop, narrow, search)


#: an optional technique (see ``OPTIONAL``)
CONTINUOUS_NICE_LOOP = Technique(
    key="continuous-nice-loop", name="Continuous Nice Loop", level=Level.EXPERT, score=7.0,
    effort=280, find=find,
)
#: an optional technique (see ``OPTIONAL``)
GROUPED_CONTINUOUS_NICE_LOOP = Technique(
    key="grouped-continuous-nice-loop", name="Grouped Continuous Nice Loop",
    level=Level.EXPERT, score=7.5, effort=300, find=find_grouped,
)
