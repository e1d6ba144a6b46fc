"""Forcing chains (dynamic, with singles): the last logical resort before guessing.

Assume a candidate true and follow the consequences with naked and hidden singles:

- *contradiction*: the assumption empties a cell or a unit, so the candidate is false;
- *cell forcing*: whichever candidate a cell takes, the same digit lands in the same place
  (or the same candidate goes): so it does;
- *unit forcing*: wherever a digit goes in a unit, the same follows.

Each assumption is propagated once per search and the outcomes are compared.
"""

from __future__ import annotations

from ..board import Board, Contradiction, Geometry, bits
from ..step import Level, Step, Technique, cell_list
from .chains import chain_bonus


class Propagation:
    """The outcome of assuming one candidate: the board it leads to, or a contradiction."""

    __slots__ = ("masks", "placed", "contradiction", "reason")

    def __init__(self) -> None:
        self.masks: list[int] = []
        self.placed: list[tuple[int, int]] = []
        self.contradiction = False
        self.reason = ""


def assume(board: Board, cell: int, digit: int) -> Propagation:
    """Place ``digit`` in ``cell`` on a copy and apply singles until nothing changes."""
    out = Propagation()
    geo = board.geo
    masks = board.masks.copy()
    dcells = board.dcells.copy()
    placed_in = _placed_units(board).copy()
    queue = [(cell, digit - 1)]
    try:
        _run(geo, masks, dcells, placed_in, queue, out.placed)
    except Contradiction as e:
        out.contradiction = True
        out.reason = str(e)
    out.masks = masks
    return out


def _placed_units(board: Board) -> list[int]:
    """For each unit, the digits already placed in it, as a mask (kept while the board
    stays the same: every assumption starts from it; never change the list)."""
    found = board.derived("placed-units")
    if found is not None:
        return found  # type: ignore[return-value]
    geo = board.geo
    values = board.values
    out = []
    for unit in geo.units:
        m = 0
        for c in unit:
            if values[c]:
                m |= 1 << (values[c] - 1)
        out.append(m)
    board.keep("placed-units", out)
    return out


def _run(
    geo: Geometry,
    masks: list[int],
    dcells: list[int],
    placed_in: list[int],
    queue: list[tuple[int, int]],
    placed: list[tuple[int, int]],
) -> None:
    unit_bits = geo.unit_bits
    cell_units = geo.cell_units
    peer_bits = geo.peer_bits
    names = geo.cell_names
    done = 0
    while queue:
        cell, d0 = queue.pop()
        bit = 1 << d0
        if done >> cell & 1:
            if masks[cell] != bit:
                raise Contradiction(f"{names[cell]} would be two digits")
            continue
        if not masks[cell] & bit:
            raise Contradiction(f"{names[cell]} would be {d0 + 1}, which it cannot be")
        done |= 1 << cell
        placed.append((cell, d0 + 1))
        cellbit = 1 << cell
        rest = masks[cell] & ~bit
        masks[cell] = bit
        dcells[d0] &= ~cellbit
        for u in cell_units[cell]:
            placed_in[u] |= bit
        # the cell's other digits leave it: their units may have a hidden single now
        while rest:
            low = rest & -rest
            e0 = low.bit_length() - 1
            rest ^= low
            dcells[e0] &= ~cellbit
            _check_units(geo, dcells, placed_in, cell, e0, queue)
        # the digit leaves the cell's peers
        hit = dcells[d0] & peer_bits[cell]
        if hit:
            dcells[d0] &= ~hit
            nbit = ~bit
            for p in bits(hit):
                m = masks[p] & nbit
                masks[p] = m
                if not m:
                    raise Contradiction(f"{names[p]} would have no candidate left")
                if not m & (m - 1):
                    queue.append((p, m.bit_length() - 1))
                _check_units(geo, dcells, placed_in, p, d0, queue)
    del unit_bits


def _check_units(
    geo: Geometry,
    dcells: list[int],
    placed_in: list[int],
    cell: int,
    d0: int,
    queue: list[tuple[int, int]],
) -> None:
    """After ``d0`` left ``cell``: a unit of the cell with no place left for it is a
    contradiction, one with a single place a hidden single."""
    dc = dcells[d0]
    for u in geo.cell_units[cell]:
        if placed_in[u] >> d0 & 1:
            continue
        x = dc & geo.unit_bits[u]
        if not x:
            raise Contradiction(f"{geo.unit_names[u]} would have no place for {d0 + 1}")
        if not x & (x - 1):
            queue.append((x.bit_length() - 1, d0))


def find(board: Board) -> Step | None:
    """A contradiction, cell or unit forcing chain step, or None."""
    geo = board.geo
    n = geo.n
    outcomes: dict[tuple[int, int], Propagation] = {}
    masks = board.masks
    # contradictions first: the simplest to follow; bivalue cells first
    order = sorted(bits(board.unsolved), key=lambda c: (masks[c].bit_count(), c))
    for cell in order:
        for d0 in bits(masks[cell]):
            prop = assume(board, cell, d0 + 1)
            outcomes[(cell, d0)] = prop
            if prop.contradiction:
                text = (
                    f"If {geo.cell_names[cell]} were {d0 + 1}, singles would lead to a "
                    f"contradiction ({prop.reason}, after {len(prop.placed)} placements): "
                    f"so it is not."
                )
                return FORCING_CHAIN.step(
                    board,
                    [cell],
                    text,
                    elim=[(cell, d0 + 1)],
                    score=_score(len(prop.placed)),
                )
    for cell in order:
        step = _common(
            board,
            [(cell, d0) for d0 in bits(masks[cell])],
            outcomes,
            f"whichever candidate {geo.cell_names[cell]} takes",
        )
        if step is not None:
            return step
    for u, ub in enumerate(geo.unit_bits):
        for d0 in range(n):
            x = board.dcells[d0] & ub
            if x.bit_count() < 2:
                continue
            step = _common(
                board,
                [(c, d0) for c in bits(x)],
                outcomes,
                f"wherever {d0 + 1} goes in {geo.unit_names[u]}",
            )
            if step is not None:
                return step
    return None


def _common(
    board: Board,
    branches: list[tuple[int, int]],
    outcomes: dict[tuple[int, int], Propagation],
    where: str,
) -> Step | None:
    """A step from what every branch implies, if they agree on anything."""
    geo = board.geo
    props = [outcomes[b] for b in branches]
    first = props[0].masks
    # a cell holding the same single candidate in every branch, not yet placed
    placed = [
        c
        for c in bits(board.unsolved)
        if all(p.masks[c] == first[c] for p in props)
        and first[c]
        and not first[c] & (first[c] - 1)
        and board.masks[c] != first[c]
    ]
    # or candidates every branch removes
    gone: list[tuple[int, int]] = []
    if not placed:
        for c in bits(board.unsolved):
            removed = board.masks[c]
            for p in props:
                removed &= ~p.masks[c]
                if not removed:
                    break
            gone.extend((c, d0 + 1) for d0 in bits(removed))
    if not placed and not gone:
        return None
    cells = sorted({c for c, _ in branches})
    length = max(len(p.placed) for p in props)
    if placed:
        c = placed[0]
        d = first[c].bit_length()
        text = (
            f"{where.capitalize()} ({cell_list(geo, cells)}), singles put {d} in "
            f"{geo.cell_names[c]}: so it is {d}."
        )
        return FORCING_CHAIN.step(
            board, cells + [c], text, place=[(c, d)], score=_score(length) + 0.2
        )
    text = (
        f"{where.capitalize()} ({cell_list(geo, cells)}), singles rule out "
        f"{', '.join(f'{geo.cell_names[c]}<>{d}' for c, d in gone)}."
    )
    return FORCING_CHAIN.step(
        board, cells + [c for c, _ in gone], text, elim=gone, score=_score(length) + 0.2
    )


def _score(length: int) -> float:
    return FORCING_CHAIN.score + chain_bonus(length)


FORCING_CHAIN = Technique("forcing-chain", "Dynamic Forcing Chain", Level.EXTREME, 8.5, 500, find)
