"""The chains as Sudoku Explainer scores and chooses them, for the ``se`` and ``sukaku``
ladders (:func:`sudokit.logic.select.choose`).

Sudoku Explainer finds an X-Chain, an XY-Chain or an AIC that removes a candidate as a
forcing chain from that candidate: assumed true, it comes back false. A chain on one digit
scores 6.6 ("forcing X-chain"), any other 7.0 (a chain of bivalue cells is, to it, a forcing
chain like any other), and each takes the length increment of
:func:`sudokit.logic.graphs.chains.se_chain_bonus`. Of all the chains it finds at a step it
takes the one that scores least, whatever its kind: an X-Chain long enough to score 7.2
gives way to an AIC of 7.0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .board import Board, bits, mask_bits
from .graphs.chains import chain_bonus, live_nodes, se_chain_bonus, strong_links, weak_tables
from .step import Step, Technique, cell_list
from .techniques.aic import find_x_chain, find_xy_chain, se_aics
from .techniques.static_chains import MULTIPLE

#: Sudoku Explainer's base score of each chain technique's step (a forcing chain's)
SE_CHAIN_BASES: dict[str, float] = {"x-chain": 6.6, "xy-chain": 7.0, "aic": 7.0}
_FINDERS: dict[str, Callable[[Board], list[Step]]] = {
    "x-chain": lambda board: _listed(find_x_chain(board)),
    "xy-chain": lambda board: _listed(find_xy_chain(board)),
    "aic": se_aics,
}


def _listed(step: Step | None) -> list[Step]:
    return [] if step is None else [step]


def se_score(step: Step) -> float:
    """The score Sudoku Explainer gives ``step`` (an X-Chain, XY-Chain or AIC step): its
    base and the increment for its length as Sudoku Explainer counts it."""
    links = step.links
    # a placing chain that runs from its candidate back to itself is one chain; one that
    # makes another candidate both true and false is two, scored by their links together
    placing = bool(step.placements) and bool(links) and links[0].start == links[-1].end
    bonus = se_chain_bonus(len(links), placing) if not step.placements or placing else \
        round(step.score - SE_CHAIN_BASES["aic"], 1)
    return round(SE_CHAIN_BASES[step.key] + bonus, 1)


def se_chains(ladder: tuple[Technique, ...]) -> tuple[Technique, ...]:
    """``ladder`` with its chain techniques scored as Sudoku Explainer scores them and tried
    after the other techniques of 7.0 and under; the first of them takes the least-scored
    chain of all three kinds (those chosen). Its cell and unit forcing chains are Sudoku
    Explainer's (:func:`find_se_multiple`)."""
    keys = [t.key for t in ladder if t.key in _FINDERS]
    chains = []
    for tech in ladder:
        if tech.key in _FINDERS:
            finders = [_FINDERS[k] for k in keys] if tech.key == keys[0] else [_FINDERS[tech.key]]
            chains.append(replace(tech, find=_least_of(finders), applies=None))
    # its chains are one search, tried after every technique scored under its Nishio chains
    # (the wings of 6.6 and 7.0 included): before the first of those scored more
    rest = [replace(t, find=find_se_multiple, applies=None) if t.key == MULTIPLE.key else t
            for t in ladder if t.key not in _FINDERS]
    at = next((i for i, t in enumerate(rest) if t.score > SE_CHAIN_BASES["aic"]), len(rest))
    return (*rest[:at], *chains, *rest[at:])


def _least_of(finders: list[Callable[[Board], list[Step]]]) -> Callable[[Board], Step | None]:
    def find(board: Board) -> Step | None:
        found = [replace(s, score=se_score(s)) for f in finders for s in f(board)]
        return min(found, key=lambda s: s.score, default=None)
    return find


def _reach(board: Board, node: int) -> tuple[list[int], list[int]]:
    """The candidates ``node`` assumed true makes true and false, link by link over the
    board's links as they are: (made true, made false) a set per step, the first {node}."""
    same_digit, same_cell = weak_tables(board.geo)
    live = live_nodes(board)
    strong = strong_links(board, True, True)
    on_steps, off_steps = [1 << node], []
    on, off = 1 << node, 0
    frontier = on
    while frontier:
        new_off = 0
        for v in bits(frontier):
            new_off |= same_digit[v] | same_cell[v]
        new_off &= live & ~off
        off |= new_off
        new_on = 0
        for v in bits(new_off):
            new_on |= strong.get(v, 0)
        new_on &= ~on
        on |= new_on
        off_steps.append(new_off)
        on_steps.append(new_on)
        frontier = new_on
    return on_steps, off_steps


def _candidates(steps: tuple[list[int], list[int]], target: int, made_on: bool) -> int:
    """How many candidates the chain of ``steps`` (from :func:`_reach`) to ``target`` has,
    its assumption and ``target`` included (made true or false, as ``made_on`` says)."""
    i = next(i for i, s in enumerate(steps[0 if made_on else 1]) if s >> target & 1)
    return 2 * i + (1 if made_on else 2)


def _groups(board: Board) -> list[tuple[list[int], str]]:
    """The cells and units whose branches Sudoku Explainer's cell and region chains follow:
    each cell of three candidates or more, and each unit's places of one of that cell's
    digits where the cell is the unit's first place of it."""
    geo = board.geo
    n = geo.n
    out = []
    for c in bits(board.unsolved):
        m = board.masks[c]
        if m.bit_count() < 3:
            continue
        out.append(([c * n + d0 for d0 in mask_bits(m)],
                     f"whichever digit {geo.cell_names[c]} takes"))
        for d0 in mask_bits(m):
            for u in geo.cell_units[c]:
                places = board.dcells[d0] & geo.unit_bits[u]
                if places & -places == 1 << c and places != 1 << c:
                    out.append(([x * n + d0 for x in bits(places)],
                                f"wherever {d0 + 1} goes in {geo.unit_names[u]}"))
    return out


def find_se_multiple(board: Board) -> Step | None:
    """The cell or unit forcing chain Sudoku Explainer takes: of every cell of three
    candidates or more and every unit's places of a digit, the branches that all make one
    candidate true or false, with the fewest candidates along them (a cell's branches are
    counted whole, each from its assumption to that candidate, and scored 8.0 with
    :func:`sudokit.logic.graphs.chains.chain_bonus` of that count less two)."""
    geo = board.geo
    n = geo.n
    reached: dict[int, tuple[list[int], list[int]]] = {}
    best: tuple[int, int, bool, list[int], str] | None = None
    for branches, where in _groups(board):
        paths = [reached.setdefault(v, _reach(board, v)) for v in branches]
        on = off = -1
        for on_steps, off_steps in paths:
            on &= sum(on_steps)
            off &= sum(off_steps)
        for v in branches:
            on &= ~(1 << v)
        on = sum(1 << v for v in bits(on) if board.masks[v // n].bit_count() > 1)
        for made, made_on in ((on, True), (off, False)):
            for target in bits(made):
                count = sum(_candidates(p, target, made_on) for p in paths)
                if best is None or count < best[0]:
                    best = (count, target, made_on, branches, where)
    if best is None:
        return None
    count, target, placed, branches, where = best
    c, d = target // n, target % n + 1
    cells = sorted({v // n for v in branches})
    result = f"{geo.cell_names[c]}={d}" if placed else f"{geo.cell_names[c]}<>{d}"
    text = f"{where.capitalize()} ({cell_list(geo, cells)}), the links lead to {result}."
    return MULTIPLE.step(board, [*cells, c], text, place=[(c, d)] if placed else [],
                         elim=[] if placed else [(c, d)],
                         score=round(MULTIPLE.score + chain_bonus(count - 2), 1))
