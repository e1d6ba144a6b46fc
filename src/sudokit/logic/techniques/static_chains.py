"""Forcing chains that follow the links of the board as it is (Sudoku Explainer's "static"
chains), between the AICs and the dynamic forcing chains.

Assume a candidate true and follow the links: a true candidate makes every candidate it
sees (same digit in a peer, other digit of its cell) false; a false candidate makes its
strong partner (the other place of a digit in a unit, the other digit of a two-candidate
cell) true. The links are those of the board before the assumption; nothing learnt on the
way opens new ones (that is what makes the dynamic chains stronger, and harder).

- **Nishio**: following one digit's links only, the assumption makes a candidate both true
  and false, or leaves a unit with no place for the digit: so it is false (SE 7.5 and up).
  (The same contradiction over all links is an AIC, found earlier in the ladder.)
- **Cell / Unit Forcing Chain**: every candidate of a cell, or every place of a digit in a
  unit, makes the same candidate true (placed) or false (eliminated) (SE 8.0 and up).

Node sets are ints (see :mod:`.chains`); each assumption is followed once per board.
"""

from __future__ import annotations

from array import array

from ..board import Board, bits, mask_bits
from ..graphs.chains import (
    all_links_graph,
    chain_bonus,
    digit_nodes,
    live_nodes,
    strong_links,
    strong_pairs,
    weak_lists,
    weak_tables,
)
from ..graphs.dense_nodes import DenseGraph
from ..step import Level, Step, Technique, cell_list

#: no links (an empty array of pairs)
_NO_PAIRS = array("i")


class Outcome:
    """Where one assumption leads: the candidates made true and false, whether it
    contradicted itself (and at which candidate), and after how many links."""

    __slots__ = ("on", "off", "clash", "length")

    def __init__(self, on: int, off: int, clash: int, length: int) -> None:
        self.on = on
        self.off = off
        self.clash = clash
        self.length = length


def follow(board: Board, node: int, digit_only: bool = False) -> Outcome:
    """Follow the links from ``node`` assumed true (one digit's links when ``digit_only``)."""
    geo = board.geo
    n = geo.n
    same_digit, same_cell = weak_tables(geo)
    live = live_nodes(board)
    if digit_only:
        live &= digit_nodes(geo)[node % n]
        strong = strong_links(board, True, False, node % n + 1)
    else:
        strong = strong_links(board, True, True)
    on = 1 << node
    off = 0
    frontier = on
    length = 0
    while frontier:
        new_off = 0
        x = frontier
        while x:  # unions here and below: highest first is one step less
            v = x.bit_length() - 1
            x ^= 1 << v
            new_off |= same_digit[v] if digit_only else same_digit[v] | same_cell[v]
        new_off &= live & ~off
        off |= new_off
        length += 1
        if on & off:
            return Outcome(on, off, (on & off).bit_length() - 1, length)
        new_on = 0
        x = new_off
        while x:
            v = x.bit_length() - 1
            x ^= 1 << v
            new_on |= strong.get(v, 0)
        new_on &= ~on
        on |= new_on
        length += 1
        if on & off:
            return Outcome(on, off, (on & off).bit_length() - 1, length)
        frontier = new_on
    return Outcome(on, off, -1, length)


def closures(board: Board) -> DenseGraph:
    """Every candidate's (made true, made false) sets when assumed true, following all
    links to the end (kept while the board stays the same): ``reach_row`` of the graph
    returned, by dense number (``dense``), as dense sets (``to_ids`` turns them to nodes).

    Following the links from a true candidate x reaches, in one hop, the strong partners of
    the candidates x sees: a directed graph on the candidates. What x makes true is what it
    reaches in that graph, and what it makes false is what those see; both are computed for
    every candidate at once over the graph's strongly connected components (Tarjan's order
    finishes a component after everything it reaches), not by one search per candidate.
    A candidate whose two sets meet contradicts itself."""
    found = board.derived("static-closures")
    if found is not None:
        return found  # type: ignore[return-value]
    graph = all_links_graph(board)
    graph.reach()
    board.keep("static-closures", graph)
    return graph


def _graph(board: Board, live: int, in_cell: bool, strong: array) -> DenseGraph:
    """The links of ``live`` (the weak ones: same digit in a peer, and the other digits of
    a cell when ``in_cell``; the strong ones: ``strong``), with every node's closure."""
    geo = board.geo
    size = geo.ncells * geo.n
    graph = DenseGraph(live, size, weak_lists(geo), (geo.n, size, in_cell), _NO_PAIRS,
                       (strong,), 1, 0)
    graph.reach()
    return graph


def _digit_closures(board: Board, d0: int) -> DenseGraph:
    """For each candidate of digit index ``d0``, (made true, made false) when assumed true,
    following that digit's links only (what :func:`follow` reaches with ``digit_only``):
    the ``reach_row`` of the graph returned."""
    live = live_nodes(board) & digit_nodes(board.geo)[d0]
    # (one digit's nodes share no cell: with or without the cells' other digits, the weak
    # links are the same, and built once so)
    return _graph(board, live, True, strong_pairs(board, True, False, d0 + 1))


def _fewest_first(board: Board) -> list[int]:
    """The unplaced cells, fewest candidates first (then in order)."""
    masks = board.masks
    by_count: list[list[int]] = [[] for _ in range(board.geo.n + 1)]
    x = board.unsolved
    while x:
        low = x & -x
        x ^= low
        c = low.bit_length() - 1
        by_count[masks[c].bit_count()].append(c)
    return [c for cells in by_count for c in cells]


def _order(board: Board) -> list[int]:
    """Candidates in the order a person tries them: two-candidate cells first."""
    n = board.geo.n
    masks = board.masks
    # the unplaced cells by their number of candidates (then in order), and each one's
    # candidates in order: the live nodes sorted by (size of their cell, node)
    out = []
    for c in _fewest_first(board):
        m = masks[c]
        while m:
            low = m & -m
            m ^= low
            out.append(c * n + low.bit_length() - 1)
    return out


def find_nishio(board: Board) -> Step | None:
    """A Nishio contradiction: one digit's links from a candidate empty a unit of that digit
    or make a candidate both true and false."""
    geo = board.geo
    n = geo.n
    memo = board.memo
    # a Nishio on a digit depends on that digit's cells alone: none found, none while they stay
    fresh = [
        d0 for d0 in range(n) if board.dcells[d0] and memo.get(("nishio", d0)) != board.dcells[d0]
    ]
    if not fresh:
        return None  # nothing changed since the last search found nothing
    # which candidates contradict themselves, by digit (from the digit's closures: a chain
    # followed to its end reaches them); only those are followed link by link, for the step
    contradicting: dict[int, int] = {}
    for v in _order(board):
        d0 = v % n
        if d0 not in fresh:
            continue
        bad = contradicting.get(d0)
        if bad is None:
            bad = contradicting[d0] = _contradictions(board, d0)
        if not bad >> v & 1:
            continue
        o = follow(board, v, digit_only=True)
        reason = ""
        if o.clash >= 0:
            reason = f"{geo.cell_names[o.clash // n]} would both hold and lack {d0 + 1}"
        else:
            places = board.dcells[d0]
            for c in bits(o.off):
                places &= ~(1 << (c // n))
            for u, ub in enumerate(geo.unit_bits):
                if board.dcells[d0] & ub and not places & ub:
                    reason = f"{geo.unit_names[u]} would have no place for {d0 + 1}"
                    break
        if reason:
            c = v // n
            text = (
                f"If {geo.cell_names[c]} were {d0 + 1}, the links of {d0 + 1} alone would "
                f"lead to a contradiction ({reason}): so it is not."
            )
            return NISHIO.step(
                board, [c], text, elim=[(c, d0 + 1)], score=NISHIO.score + chain_bonus(o.length)
            )
    for d0 in fresh:
        memo[("nishio", d0)] = board.dcells[d0]
    return None


def _contradictions(board: Board, d0: int) -> int:
    """The candidates of digit index ``d0`` whose digit links lead to a contradiction: a
    candidate both true and false, or a unit left with no place for the digit."""
    geo = board.geo
    n = geo.n
    dc = board.dcells[d0]
    graph = _digit_closures(board, d0)
    dense = graph.ranks()
    # the places of the digit in each unit holding it, as dense sets (the graph's nodes
    # are the digit's candidates): a unit has no place left when all of them are false
    units = []
    for ub in geo.unit_bits:
        x = dc & ub
        if x:
            places = 0
            while x:
                low = x & -x
                x ^= low
                places |= 1 << dense[(low.bit_length() - 1) * n + d0]
            units.append(places)
    out = 0
    x = dc
    while x:
        low = x & -x
        x ^= low
        v = (low.bit_length() - 1) * n + d0
        on, off = graph.reach_row(dense[v])
        if on & off:
            out |= 1 << v
            continue
        for places in units:
            if not places & ~off:
                out |= 1 << v
                break
    return out


def find_multiple(board: Board) -> Step | None:
    """A cell or unit whose every candidate (place) leads to the same truth, or None."""
    geo = board.geo
    n = geo.n
    graph = closures(board)
    dense = graph.ranks()
    ranks = dense.tolist()
    masks = board.masks
    dcells = board.dcells
    # the groups in the order they are tried (cells, fewest candidates first; then each
    # unit's places of each digit): (cell or -1, unit, digit index), and their branches
    # as dense nodes, for the graph to find the first whose branches agree on something
    groups: list[tuple[int, int, int]] = []
    flat: list[int] = []
    offsets: list[int] = [0]
    for c in _fewest_first(board):
        groups.append((c, -1, -1))
        m = masks[c]
        while m:
            low = m & -m
            m ^= low
            flat.append(ranks[c * n + low.bit_length() - 1])
        offsets.append(len(flat))
    for u, ub in enumerate(geo.unit_bits):
        for d0 in range(n):
            x = dcells[d0] & ub
            if x & (x - 1):  # two places or more
                groups.append((-1, u, d0))
                while x:
                    low = x & -x
                    x ^= low
                    flat.append(ranks[(low.bit_length() - 1) * n + d0])
                offsets.append(len(flat))
    flat_branches = array("i", flat)
    flat_offsets = array("i", offsets)
    g = graph.first_common(flat_branches, flat_offsets, 0)
    while g >= 0:
        cell, u, d0 = groups[g]
        if cell >= 0:
            branches = [cell * n + d for d in mask_bits(masks[cell])]
        else:
            branches = [c * n + d0 for c in bits(dcells[d0] & geo.unit_bits[u])]
        on = -1
        off = -1
        for v in branches:
            v_on, v_off = graph.reach_row(dense[v])
            on &= v_on
            off &= v_off
        for v in branches:
            on &= ~(1 << dense[v])
        on = graph.to_ids(on)
        off = graph.to_ids(off)
        if cell >= 0:
            where = f"whichever digit {geo.cell_names[cell]} takes"
        else:
            where = f"wherever {d0 + 1} goes in {geo.unit_names[u]}"
        step = _multiple_step(board, branches, where, on, off)
        if step is not None:
            return step
        g = graph.first_common(flat_branches, flat_offsets, g + 1)
    return None


def _multiple_step(board: Board, branches: list[int], where: str, on: int, off: int) -> Step | None:
    """The step of a cell or unit forcing chain whose branches all make ``on`` true and
    ``off`` false (None if that changes nothing)."""
    geo = board.geo
    n = geo.n
    masks = board.masks
    # every placement the branches agree on: the same chains prove them all
    placed = [(v // n, v % n + 1) for v in bits(on) if masks[v // n].bit_count() > 1]
    gone = [(v // n, v % n + 1) for v in bits(off)]
    if not placed and not gone:
        return None
    length = max(follow(board, v).length for v in branches)
    cells = sorted({v // n for v in branches})
    if placed:
        result = ", ".join(f"{geo.cell_names[c]}={d}" for c, d in placed)
    else:
        result = ", ".join(f"{geo.cell_names[c]}<>{d}" for c, d in gone)
    text = f"{where.capitalize()} ({cell_list(geo, cells)}), the links lead to {result}."
    return MULTIPLE.step(
        board,
        cells + [c for c, _ in placed + gone],
        text,
        place=placed,
        elim=[] if placed else gone,
        score=MULTIPLE.score + chain_bonus(length),
    )


NISHIO = Technique(
    key="nishio", name="Nishio Forcing Chain", level=Level.EXPERT, score=7.5, effort=320,
    find=find_nishio,
)
MULTIPLE = Technique(
    key="cell-unit-forcing-chain", name="Cell/Unit Forcing Chain", level=Level.EXPERT, score=8.0,
    effort=400, find=find_multiple,
)
