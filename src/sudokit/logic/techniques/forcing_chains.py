"""Forcing chains (dynamic, with singles): the last logical resort before guessing.

Assume a candidate true and follow the consequences with naked and hidden singles:

- *contradiction*: the assumption empties a cell or a unit, so the candidate is false;
- *cell forcing*: whichever candidate a cell takes, the same digit lands in the same place
  (or the same candidate goes): so it does;
- *unit forcing*: wherever a digit goes in a unit, the same follows.

Each assumption is propagated once per search and the outcomes are compared.
"""

from __future__ import annotations

from ..board import Board, Contradiction, bits
from ..graphs.chains import chain_bonus
from ..graphs.hypothesis import Hypothesis
from ..step import Level, Step, Technique, cell_list


class Propagation:
    """The outcome of assuming one candidate: the board it leads to, or a contradiction."""

    __slots__ = ("masks", "placed", "contradiction", "reason")

    def __init__(self) -> None:
        self.masks: list[int] = []
        self.placed: list[tuple[int, int]] = []
        self.contradiction = False
        self.reason = ""


def assume(board: Board, cell: int, digit: int) -> Propagation:
    """Place ``digit`` in ``cell`` on a copy and apply singles until nothing changes (the
    nested chains' propagation, :meth:`Hypothesis.singles`, with nothing assumed before)."""
    out = Propagation()
    hypothesis = Hypothesis.of(board)
    try:
        hypothesis.singles([(cell, digit - 1)], out.placed)
    except Contradiction as e:
        out.contradiction = True
        out.reason = str(e)
    out.masks = hypothesis.masks
    return out


def find(board: Board) -> Step | None:
    """A contradiction, cell or unit forcing chain step, or None."""
    geo = board.geo
    n = geo.n
    outcomes: dict[tuple[int, int], Propagation] = {}
    masks = board.masks
    # contradictions first: the simplest to follow; bivalue cells first
    open_cells = tuple(bits(board.unsolved))
    order = sorted(open_cells, key=lambda c: (masks[c].bit_count(), c))
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
            open_cells,
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
                open_cells,
                f"wherever {d0 + 1} goes in {geo.unit_names[u]}",
            )
            if step is not None:
                return step
    return None


def _common(
    board: Board,
    branches: list[tuple[int, int]],
    outcomes: dict[tuple[int, int], Propagation],
    open_cells: tuple[int, ...],
    where: str,
) -> Step | None:
    """A step from what every branch implies, if they agree on anything (``open_cells``:
    the board's unsolved cells, in order)."""
    geo = board.geo
    props = [outcomes[b] for b in branches]
    first = props[0].masks
    # the first cell holding the same single candidate in every branch, not yet placed
    # (the first branch's new singles, then the others: fewer cells compared)
    masks = board.masks
    placed = []
    for c in open_cells:
        m = first[c]
        if m and not m & (m - 1) and masks[c] != m and all(p.masks[c] == m for p in props):
            placed.append(c)
            break
    # or candidates every branch removes
    gone: list[tuple[int, int]] = []
    if not placed:
        for c in open_cells:
            removed = masks[c]
            for p in props:
                removed &= ~p.masks[c]
                if not removed:
                    break
            if removed:
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


FORCING_CHAIN = Technique(
    key="forcing-chain", name="Dynamic Forcing Chain", level=Level.EXTREME, score=8.5, effort=500,
    find=find,
)
