"""The chains as Sudoku Explainer scores and chooses them, for the ``se`` and ``sukaku``
ladders (:func:`sudokit.logic.select.choose`).

Sudoku Explainer finds an X-Chain, an XY-Chain or an AIC that removes a candidate as a
forcing chain from that candidate: assumed true, it comes back false. A chain on one digit
scores 6.6 ("forcing X-chain"), any other 7.0 (a chain of bivalue cells is, to it, a forcing
chain like any other), and each takes the length increment of
:func:`sudokit.logic.graphs.chains.se_chain_bonus`. Of all the chains it finds at a step it
takes the one that scores least, whatever its kind: an X-Chain long enough to score 7.2
gives way to an AIC of 7.0. Its unique rectangles of types 1, 2 and 4 all score 4.5
(:data:`SE_SCORES`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from .board import Board, bits, mask_bits
from .graphs.chains import (
    chain_bonus,
    digit_nodes,
    live_nodes,
    se_chain_bonus,
    strong_links,
    weak_tables,
)
from .step import Step, Technique, cell_list
from .techniques import BY_KEY
from .techniques.aic import find_x_chain, find_xy_chain, se_aics
from .techniques.nested_chains import SE_FINDERS
from .techniques.static_chains import MULTIPLE, NISHIO

#: Sudoku Explainer's base score of each chain technique's step (a forcing chain's)
SE_CHAIN_BASES: dict[str, float] = {"x-chain": 6.6, "xy-chain": 7.0, "aic": 7.0}
#: Sudoku Explainer's base score of a loop (its "cycles"): on one digit or of bivalue cells
#: 6.5, of any links 7.0
SE_LOOP_BASES: dict[str, float] = {"x-chain": 6.5, "xy-chain": 6.5, "aic": 7.0}
#: the techniques Sudoku Explainer scores otherwise than sudokit's scale, with its score
#: (a unique rectangle of type 3 4.5 and 0.1 for each cell of its subset past the first:
#: see :func:`_subset_scored`)
SE_SCORES: dict[str, float] = {"unique-rectangle-2": 4.5, "unique-rectangle-3": 4.5,
                               "unique-rectangle-4": 4.5}
_FINDERS: dict[str, Callable[[Board], list[Step]]] = {
    "x-chain": lambda board: _rescored([find_x_chain(board)]),
    "xy-chain": lambda board: _rescored([find_xy_chain(board)]),
    "aic": lambda board: _rescored(se_aics(board)),
}


def _rescored(steps: Sequence[Step | None]) -> list[Step]:
    return [replace(s, score=se_score(s)) for s in steps if s is not None]


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
    chain of all three kinds (those chosen). Its Nishio, cell and unit forcing chains are
    Sudoku Explainer's (:func:`find_se_nishio`, :func:`find_se_multiple`), and so are its
    nested forcing chains (:data:`~.techniques.nested_chains.SE_FINDERS`)."""
    keys = [t.key for t in ladder if t.key in _FINDERS]
    chains = []
    for tech in ladder:
        if tech.key in _FINDERS:
            kinds = keys if tech.key == keys[0] else [tech.key]
            chains.append(replace(tech, find=_least_of(kinds), applies=None))
    # its chains are one search, tried after every technique scored under its Nishio chains
    # (the wings of 6.6 and 7.0 included): before the first of those scored more
    rest = [replace(t, find=find_se_multiple, applies=None) if t.key == MULTIPLE.key
            else replace(t, find=find_se_nishio, applies=None) if t.key == NISHIO.key
            else _subset_scored(t, SE_SCORES[t.key]) if t.key == "unique-rectangle-3"
            else _scored(t, SE_SCORES[t.key]) if t.key in SE_SCORES
            else replace(t, find=SE_FINDERS[t.key]) if t.key in SE_FINDERS else t
            for t in ladder if t.key not in _FINDERS]
    at = next((i for i, t in enumerate(rest) if t.score > SE_CHAIN_BASES["aic"]), len(rest))
    return (*rest[:at], *chains, *rest[at:])


def _scored(tech: Technique, score: float) -> Technique:
    """``tech`` with its steps scored ``score``."""
    plain = tech.find

    def find(board: Board) -> Step | None:
        step = plain(board)
        return None if step is None else replace(step, score=score)
    return replace(tech, score=score, find=find)


def _subset_scored(tech: Technique, score: float) -> Technique:
    """``tech`` (the unique rectangle of type 3) scored ``score`` and 0.1 for each cell of
    its subset past the first (its step's cells past the rectangle's four and one more)."""
    plain = tech.find

    def find(board: Board) -> Step | None:
        step = plain(board)
        if step is None:
            return None
        return replace(step, score=round(score + 0.1 * (len(step.cells) - 4), 1))
    return replace(tech, score=score, find=find)


def _least_of(kinds: list[str]) -> Callable[[Board], Step | None]:
    """The least-scored chain or loop of ``kinds`` (the chains first: they bound the
    loops worth following)."""
    def find(board: Board) -> Step | None:
        best = min((s for k in kinds for s in _FINDERS[k](board)), key=lambda s: s.score,
                   default=None)
        for kind in kinds:
            loop = se_loop(board, kind, 99.0 if best is None else best.score)
            if loop is not None and (best is None or loop.score < best.score):
                best = loop
        return best
    return find


def _reach(board: Board, node: int, linked: int) -> tuple[list[int], list[int]]:
    """The candidates ``node`` assumed true makes true and false, link by link over the
    board's links as they are: (made true, made false) a set per step, the first {node}
    (``linked``: the candidates with a strong link, as a node set)."""
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
        for v in bits(new_off & linked):
            new_on |= strong[v]
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
    linked = 0
    for v in strong_links(board, True, True):
        linked |= 1 << v
    reached: dict[int, tuple[list[int], list[int]]] = {}
    best: tuple[int, int, bool, list[int], str] | None = None
    for branches, where in _groups(board):
        for v in branches:
            if v not in reached:  # followed once, whichever groups it is a branch of
                reached[v] = _reach(board, v, linked)
        paths = [reached[v] for v in branches]
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


def _loop_links(board: Board, kind: str) -> list[tuple[int, Callable[[int], int], dict[int, int]]]:
    """The starts, weak and strong links of ``kind``'s loops (Sudoku Explainer's X-, Y- and
    XY-cycles): (start nodes, a node's weak neighbours, strong partners) a search."""
    n = board.geo.n
    same_digit, same_cell = weak_tables(board.geo)
    live = live_nodes(board)

    def one_digit(v: int) -> int:
        return same_digit[v] & live

    def any_link(v: int) -> int:
        return (same_digit[v] | same_cell[v]) & live

    if kind == "x-chain":
        return [(live & digit, one_digit, strong_links(board, True, False, d0 + 1))
                for d0, digit in enumerate(digit_nodes(board.geo))]
    bivalue = sum(((1 << n) - 1) << (c * n) for c in bits(board.bivalue_cells()))
    starts = live & bivalue if kind == "xy-chain" else live
    return [(starts, any_link, strong_links(board, kind == "aic", True))]


def se_loop(board: Board, kind: str, under: float) -> Step | None:
    """Sudoku Explainer's least-scored loop of ``kind`` (``x-chain``: one digit's bilocal
    links; ``xy-chain``: bivalue cells; ``aic``: both) that removes something and scores
    under ``under``, or None: from each start, followed breadth first, every way back to it
    of four links or more; what sees a candidate of the loop made true and one made false,
    outside the loop's cells, goes. Scored :data:`SE_LOOP_BASES` and
    :func:`sudokit.logic.graphs.chains.chain_bonus` of the loop's candidates less two."""
    n = board.geo.n
    same_digit = weak_tables(board.geo)[0]
    live = live_nodes(board)
    base = SE_LOOP_BASES[kind]
    most = 4
    while round(base + chain_bonus(most + 1 - 2), 1) < under and most < 80:
        most += 1  # the longest loop that would still score under ``under``
    if round(base + chain_bonus(4 - 2), 1) >= under:
        return None
    # a board already searched in vain is not searched again (the first chain technique
    # looks for the loops of every kind, then each kind's own technique for its own)
    key, now = ("se-loop", kind), (board.snapshot(), under)
    if board.memo.get(key) == now:
        return None
    best: tuple[float, list[int], int] | None = None
    for d0, (starts, weak, strong) in enumerate(_loop_links(board, kind)):
        # one digit's loops follow its places alone: those searched in vain under ``under``
        # are not searched again while they stay the same
        digit, places = ("se-loop", kind, d0), (board.dcells[d0], under)
        if kind == "x-chain" and board.memo.get(digit) == places:
            continue
        for s in bits(starts):
            for path in _ways_back(s, weak, strong, most):
                on = off = 0
                for i, v in enumerate(path):
                    if i % 2:
                        off |= same_digit[v]
                    else:
                        on |= same_digit[v]
                cells = sum(((1 << n) - 1) << (v // n * n) for v in set(path))
                gone = on & off & live & ~cells
                if not gone:
                    continue
                score = round(base + chain_bonus(len(path) - 2), 1)
                if score < under and (best is None or score < best[0]):
                    best = (score, path, gone)
                    most = len(path)
        if kind == "x-chain" and best is None:  # ``most`` as ``under`` makes it throughout
            board.memo[digit] = places
    if best is None:
        board.memo[key] = now
        return None
    score, path, gone = best
    return _loop_step(board, BY_KEY[kind], path, gone, score)


def _ways_back(s: int, weak: Callable[[int], int], strong: dict[int, int],
               most: int) -> Iterator[list[int]]:
    """Every loop from ``s`` assumed true back to it, of four to ``most`` links, breadth
    first: its candidates from ``s``, made true and false in turn (a candidate is not made
    false again on the way to itself; each is made true once)."""
    paths = {s: [s]}
    frontier = [s]
    while frontier:
        nxt = []
        for x in frontier:
            path = paths[x]
            if len(path) + 1 > most:
                return
            made_off = set(path[1::2])
            for y in bits(weak(x)):
                if y in made_off:
                    continue
                for z in bits(strong.get(y, 0)):
                    if z == s:
                        if len(path) + 1 >= 4:
                            yield [*path, y]
                    elif z not in paths:
                        paths[z] = [*path, y, z]
                        nxt.append(z)
        frontier = nxt


def _loop_step(board: Board, tech: Technique, path: list[int], gone: int, score: float) -> Step:
    """The step of a loop (``path``: its candidates, made true and false in turn)."""
    geo = board.geo
    n = geo.n
    elim = [(v // n, v % n + 1) for v in bits(gone)]
    # written from a candidate made false, so that its links run strong, weak, ...
    nodes = [*path[1:], path[0]]
    eureka = "".join(("" if i == 0 else "=" if i % 2 else "-") + f"({v % n + 1})"
                     f"{geo.cell_names[v // n]}" for i, v in enumerate(nodes))
    text = (f"The loop {eureka}-(closed) holds either way it is read, so "
            f"{', '.join(f'{geo.cell_names[c]}<>{d}' for c, d in elim)}.")
    return tech.step(board, sorted({v // n for v in path}), text, elim=elim, score=score,
                     chains=[[((v // n,), v % n + 1) for v in nodes]])


#: a candidate of the one digit a Nishio chain follows, made true (True) or false: its cell
_Made = tuple[int, bool]


def _nishio(board: Board, d0: int, cell: int, assume: bool) -> int | None:
    """How many candidates, counted as Sudoku Explainer counts them, the Nishio chain from
    digit ``d0`` in ``cell`` assumed true (``assume``) or false takes to a contradiction:
    the candidates of the chains to that candidate made true and to it made false, each
    with all it rests on. Followed as Sudoku Explainer follows it: one digit's links, the
    candidates made false taken off the board as it goes (the last place of the digit in a
    unit is then made true), every candidate made true followed before the next made
    false. None when no contradiction comes."""
    geo = board.geo
    source = positions = board.dcells[d0]
    parents: dict[_Made, tuple[_Made, ...]] = {(cell, assume): ()}
    pending_on = [cell] if assume else []
    pending_off = [] if assume else [cell]

    def count(made: _Made, its_parents: tuple[_Made, ...]) -> int:
        seen = {made}
        todo = list(its_parents)
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo.extend(parents[x])
        return len(seen)

    while pending_on or pending_off:
        if pending_on:
            x = pending_on.pop(0)
            for y in bits(geo.peer_bits[x] & positions):
                if (y, True) in parents:
                    return count((y, True), parents[(y, True)]) + count((y, False), ((x, True),))
                if (y, False) not in parents:
                    parents[(y, False)] = ((x, True),)
                    pending_off.append(y)
            continue
        y = pending_off.pop(0)
        made = []
        for u in geo.cell_units[y]:
            others = positions & geo.unit_bits[u] & ~(1 << y)
            if others and not others & (others - 1):
                gone = source & geo.unit_bits[u] & ~positions
                made.append((others.bit_length() - 1,
                             ((y, False), *((h, False) for h in bits(gone)))))
        positions &= ~(1 << y)
        for z, its_parents in made:
            if (z, False) in parents:
                return count((z, True), its_parents) + count((z, False), parents[(z, False)])
            if (z, True) not in parents:
                parents[(z, True)] = its_parents
                pending_on.append(z)
    return None


def _nishio_known(board: Board, d0: int) -> dict[_Made, int | None]:
    """The Nishio chains of digit ``d0`` (:func:`_nishio`) already followed while its places
    were the ones it has now (a chain follows that digit's places alone)."""
    key, positions = ("se-nishio", d0), board.dcells[d0]
    last = board.memo.get(key)
    if isinstance(last, tuple) and last[0] == positions:
        return last[1]
    counts: dict[_Made, int | None] = {}
    board.memo[key] = (positions, counts)
    return counts


def find_se_nishio(board: Board) -> Step | None:
    """The Nishio chain Sudoku Explainer takes: of every candidate assumed true and assumed
    false, the chain (:func:`_nishio`) to a contradiction with the fewest candidates; the
    candidate goes (or, assumed false, is placed). Scored 7.5 with
    :func:`sudokit.logic.graphs.chains.chain_bonus` of that count less two."""
    geo = board.geo
    known = [_nishio_known(board, d0) for d0 in range(geo.n)]
    best: tuple[int, int, int, bool] | None = None
    for c in bits(board.unsolved):
        for d0 in mask_bits(board.masks[c]):
            counts = known[d0]
            for assume in (True, False):
                if (c, assume) in counts:
                    found = counts[c, assume]
                else:
                    found = counts[c, assume] = _nishio(board, d0, c, assume)
                if found is not None and (best is None or found < best[0]):
                    best = (found, c, d0, assume)
    if best is None:
        return None
    found, c, d0, assume = best
    name, d = geo.cell_names[c], d0 + 1
    text = (f"If {name} were {'' if assume else 'not '}{d}, the links of {d} alone would lead "
            f"to a contradiction: so it is {'not ' if assume else ''}{d}.")
    return NISHIO.step(board, [c], text, elim=[(c, d)] if assume else [],
                       place=[] if assume else [(c, d)],
                       score=round(NISHIO.score + chain_bonus(found - 2), 1))
