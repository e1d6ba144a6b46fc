"""Chains on candidates: X-Chain (one digit), XY-Chain (bivalue cells), and the general
alternating inference chain (AIC, discontinuous nice loops). See :mod:`.chains`."""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits
from ..graphs.chains import (
    ALL_LINKS,
    X_LINKS,
    XY_LINKS,
    Chain,
    Search,
    chain_bonus,
    node_name,
    strong_pairs,
)
from ..graphs.x_chain_gate import x_chain_possible
from ..step import Level, Step, Technique, cell_list


def _eliminate(
    board: Board, search: Search, tech: Technique, start: int, end: int, base: float
) -> Step:
    geo = board.geo
    n = geo.n
    nodes = search.path_to(start, end, True)
    chain = Chain(nodes, n)
    gone = search.targets(start, end)
    elim = [divmod(x, n) for x in bits(gone)]
    elim = [(c, d0 + 1) for c, d0 in elim]
    cells = sorted({x // n for x in nodes})
    text = (
        f"{node_name(geo, start)} or {node_name(geo, end)} is true (chain "
        f"{chain.eureka(geo)}), so {', '.join(f'{geo.cell_names[c]}<>{d}' for c, d in elim)}."
    )
    return tech.step(board, cells, text, elim=elim, score=base + chain_bonus(chain.length),
                     chains=[_nodes(nodes, n)])


def _nodes(nodes: list[int], n: int) -> list[tuple[tuple[int], int]]:
    """A chain's nodes as (cells, digit), as a step records them."""
    return [((x // n,), x % n + 1) for x in nodes]


def _digit_chain(board: Board, d: int) -> tuple[Search, tuple[int, int, int]] | None:
    """The X-Chain search on digit ``d`` and the first chain it finds, or None (remembered
    on the board's memo while the digit's cells stay the same)."""
    dc = board.dcells[d - 1]
    if not dc or board.memo.get(("x-chain", d)) == dc:
        return None
    # the quick test first: it rules out most digits for less than the search's set-up
    if x_chain_possible(board, d - 1):
        search = Search(board, X_LINKS, digit=d)
        found = search.run()
        if found is not None:
            return search, found
    board.memo[("x-chain", d)] = dc
    return None


def find_x_chain(board: Board) -> Step | None:
    """The shortest X-Chain (over all digits) that eliminates something, or None."""
    best = None
    for d in range(1, board.geo.n + 1):
        hit = _digit_chain(board, d)
        if hit is None:
            continue
        search, (start, end, _) = hit
        nodes = search.path_to(start, end, True)
        if best is None or len(nodes) < best[0]:
            best = (len(nodes), search, start, end)
    if best is None:
        return None
    _, search, start, end = best
    return _eliminate(board, search, X_CHAIN, start, end, X_CHAIN.score)


def x_chain_applies(board: Board) -> bool:
    """Is there an X-Chain that eliminates something (without working out the shortest)?"""
    return any(_digit_chain(board, d) is not None for d in range(1, board.geo.n + 1))


#: the memo keys of the last board state on which a search found nothing, with the links
#: it had: (snapshot, links)
_XY_NONE = "xy-chain-none"
_AIC_NONE = "aic-none"


def _still_none(board: Board, key: str, links: object) -> bool:
    """Did the search of memo ``key`` find nothing on a board with the same ``links``, that
    has only lost candidates since? A chain runs on links between live candidates: with the
    same links and fewer candidates there is no new chain, and a chain's ends see fewer
    candidates, so nothing is found again."""
    last: tuple[object, object] | None = board.memo.get(key)  # type: ignore[assignment]
    return last is not None and last[1] == links and board.changed_since(last[0]) != -1


def find_xy_chain(board: Board) -> Step | None:
    """The shortest XY-Chain that eliminates something, or None."""
    # its strong links: the cells with two candidates (the same cells, the same candidates)
    links = strong_pairs(board, False, True)
    if _still_none(board, _XY_NONE, links):
        return None
    search = Search(board, XY_LINKS)
    found = search.run()
    if found is None:
        board.memo[_XY_NONE] = (board.snapshot(), links)
        return None
    start, end, _ = found
    return _eliminate(board, search, XY_CHAIN, start, end, XY_CHAIN.score)


def find_aic(board: Board) -> Step | None:
    """The shortest AIC that eliminates or places something, or None."""
    # its strong links (two places of a digit in a unit, two candidates of a cell) in order
    links = strong_pairs(board, True, True)
    if _still_none(board, _AIC_NONE, links):
        return None
    search = Search(board, ALL_LINKS)
    found = search.run()
    if found is None:
        board.memo[_AIC_NONE] = (board.snapshot(), links)
        return None
    start, end, kind = found
    if kind == 0:
        return _eliminate(board, search, AIC, start, end, AIC.score)
    on_path = search.path_to(start, end, True)
    if end == start:
        return _placement(board, start, [on_path])
    return _placement(board, start, [on_path, search.path_to(start, end, False)])


def _placement(board: Board, start: int, chains: list[list[int]]) -> Step:
    """The AIC placing ``start``: one chain from off(start) back to on(start), or two from
    off(start) to one end, true by one and false by the other."""
    geo = board.geo
    n = geo.n
    c, d0 = divmod(start, n)
    if len(chains) == 1:
        why = f"if it were not, the chain {Chain(chains[0], n).eureka(geo)} would make it so"
    else:
        on_path, off_path = chains
        why = (
            f"if it were not, {node_name(geo, on_path[-1])} would be both true "
            f"({Chain(on_path, n).eureka(geo)}) and false ({Chain(off_path, n).eureka(geo)})"
        )
    cells = sorted({x // n for path in chains for x in path})
    length = sum(len(p) - 1 for p in chains)
    text = f"{geo.cell_names[c]} must be {d0 + 1}: {why}."
    return AIC.step(board, cells, text, place=[(c, d0 + 1)], score=AIC.score + chain_bonus(length),
                    chains=[_nodes(p, n) for p in chains])


def _chains_from(search: Search, strong: dict[int, int], start: int,
                 proof: list[list[int]] | None = None) -> dict[int, list[int]]:
    """Every end reached by a shortest alternating chain from off(``start``) to on(end), with
    that chain (each node on it once; ``start`` itself at both ends when the chain comes back
    to on(start)), by one breadth-first walk (``strong``: the search's strong links).
    ``proof``, if given, receives the chains that make ``start`` true: the one back to
    on(start), or else two that make one node both true and false (the shortest pair)."""
    parent_on: dict[int, int] = {}
    parent_off: dict[int, int] = {start: -1}
    frontier = [e for e in bits(strong.get(start, 0) & search.live)]
    for e in frontier:
        parent_on[e] = start
    while frontier:
        nxt_off = []
        for x in frontier:
            for y in bits(search.weak(x)):
                if y not in parent_off:
                    parent_off[y] = x
                    nxt_off.append(y)
        frontier = []
        for y in nxt_off:
            for e in bits(strong.get(y, 0) & search.live):
                if e not in parent_on:
                    parent_on[e] = y
                    frontier.append(e)
    out = {}
    for end in parent_on:
        path = _back(parent_on, parent_off, end, True)
        if len(set(path)) == len(path) - (end == start):
            out[end] = path
    if proof is not None:
        if start in out:
            proof.append(out[start])
        else:
            # a node true and false at once: off(start) is impossible (its shortest chains
            # back to on(start), if any, pass a node twice, true then false)
            clash = [x for x in parent_on if x in parent_off and x != start]
            pairs = [[_back(parent_on, parent_off, x, True), _back(parent_on, parent_off, x, False)]
                     for x in clash]
            if pairs:
                best: list[list[int]] = min(pairs, key=lambda p: (len(p[0]) + len(p[1]), p[0][-1]))
                proof.extend(best)
    return out


def _back(parent_on: dict[int, int], parent_off: dict[int, int], end: int, on: bool
          ) -> list[int]:
    """The walk's chain from off(start) to on(``end``) (``on``) or off(end)."""
    path, node = [end], end
    while (prev := (parent_on if on else parent_off)[node]) != -1:
        path.append(prev)
        node, on = prev, not on
    return path[::-1]


def _chain_ends(search: Search, loops: dict[int, list[list[int]]] | None = None
                ) -> list[tuple[int, int, int]]:
    """(nodes, start, end) of every elimination chain of ``search``: for each set of
    eliminations, the shortest chain that makes it; shortest chains first. ``loops``, if
    given, receives each start that must be true, with the chains that show it (one that
    comes back to it, or two that make one node true and false)."""
    found: dict[int, tuple[int, int, int]] = {}
    strong = search.strong
    for start in sorted(strong):
        if not search.live >> start & 1:
            continue
        proof: list[list[int]] | None = [] if loops is not None else None
        for end, path in _chains_from(search, strong, start, proof).items():
            if end == start:
                continue
            gone = search.targets(start, end)
            if gone and (gone not in found or len(path) < found[gone][0]):
                found[gone] = (len(path), start, end)
        if loops is not None and proof:
            loops[start] = proof
    return sorted(found.values())


def _all_chains(board: Board, search: Search, tech: Technique, base: float) -> list[Step]:
    """Every elimination chain of ``search``: for each set of eliminations, the shortest
    chain that makes it, shortest chains first."""
    return [_eliminate(board, search, tech, start, end, base)
            for _, start, end in _chain_ends(search)]


def _most_first(steps: list[Step]) -> list[Step]:
    """``steps`` (shortest first) as a listing shows them: the first (the ladder's step)
    kept first, then those that remove the most candidates, shorter first among equals."""
    return steps[:1] + sorted(steps[1:], key=lambda step: -len(step.eliminations))


def se_aics(board: Board) -> list[Step]:
    """The AICs Sudoku Explainer's static chains find on ``board``: the shortest that
    removes something, and the shortest that places a digit by running from it, assumed
    false, back to it (a placement from a contradiction between two chains is not one of
    its static chains). Empty when there is none."""
    first = find_aic(board)
    if first is None or not first.placements:
        return [] if first is None else [first]
    links = first.links
    out = [first] if links and links[0].start == links[-1].end else []
    search = Search(board, ALL_LINKS)
    ends = _chain_ends(search)
    if ends:
        _, start, end = ends[0]
        out.append(_eliminate(board, search, AIC, start, end, AIC.score))
    return out


def x_chains(board: Board) -> Iterator[Step]:
    """Every X-Chain that eliminates something (one a set of eliminations): the shortest of
    the lowest digit's first, then those removing the most, the shortest (digits in order)
    among equals: what ``hint --all`` lists."""
    steps = []
    for d in range(1, board.geo.n + 1):
        if board.dcells[d - 1]:
            steps += _all_chains(board, Search(board, X_LINKS, digit=d), X_CHAIN, X_CHAIN.score)
    yield from _most_first(steps)


def xy_chains(board: Board) -> Iterator[Step]:
    """Every XY-Chain that eliminates something (one a set of eliminations): the shortest
    first, then those removing the most, the shortest among equals."""
    yield from _most_first(_all_chains(board, Search(board, XY_LINKS), XY_CHAIN, XY_CHAIN.score))


def aics(board: Board) -> Iterator[Step]:
    """Every AIC that places or eliminates something: the ladder's (the shortest) first,
    then each digit a chain from its falsity back to its truth places and one chain a set
    of eliminations, those removing the most candidates first (placements first among
    equals, then the shortest)."""
    first = find_aic(board)
    if first is not None and first.placements:
        yield first
    search = Search(board, ALL_LINKS)
    loops: dict[int, list[list[int]]] = {}
    chains = [_eliminate(board, search, AIC, start, end, AIC.score)
              for _, start, end in _chain_ends(search, loops)]
    n = board.geo.n
    # a placement removes its cell's other candidates: it ranks by their number
    placed = [(board.masks[start // n].bit_count() - 1, _placement(board, start, paths))
              for start, paths in sorted(loops.items(),
                                         key=lambda kv: (sum(map(len, kv[1])), kv[0]))]
    rest = [(len(step.eliminations), step) for step in chains[1:]]
    yield from chains[:1]
    yield from (step for _, step in sorted(placed + rest, key=lambda kv: -kv[0]))


# SE's bases: X-cycle 6.5, Y-cycle 6.6, a chain mixing cell and unit links 7.0. Published SE
# ratings bear them out: puzzles SE rates 7.1-7.3 rated 0.4-0.8 low here with 6.1 and 6.5
# (benchmarks/se_compare.py).
X_CHAIN = Technique(
    key="x-chain", name="X-Chain", level=Level.EXPERT, score=6.5, effort=260, find=find_x_chain,
    applies=x_chain_applies,
)
XY_CHAIN = Technique(
    key="xy-chain", name="XY-Chain", level=Level.EXPERT, score=6.6, effort=260, find=find_xy_chain,
)
AIC = Technique(key="aic", name="AIC", level=Level.EXPERT, score=7.0, effort=280, find=find_aic)

__all__ = ["AIC", "X_CHAIN", "XY_CHAIN", "cell_list"]
