"""The singles of a hypothesis that tracks ancestry, with the ancestry worked out inline.

:func:`singles` draws exactly what ``Hypothesis.singles`` draws, in the same order, and
records the same ancestors: the plain method stays the reference (and runs where there are
non-consecutive neighbours). Here the ancestors of each placement (the assumption, else the
cell's other candidates gone, else the digit's other places in a unit gone) are gathered in
the loop itself, with no method call or generator per cell: the dynamic inner chains of the
nested forcing chains spend most of their time on them. Compiled as plain Python.
"""

from __future__ import annotations

from typing import Protocol

from ..board import Contradiction, Geometry


class Hypothesis(Protocol):
    """What :func:`singles` uses of a hypothesis (the hypothesis imports this module)."""

    geo: Geometry
    masks: list[int]
    dcells: list[int]
    placed_in: list[int]
    unsolved: int
    count: int
    source: list[int] | None
    on_anc: dict[int, int] | None
    off_anc: dict[int, int] | None
    clash: tuple[int, int]

    def placed_ancestors(self, cell: int, d0: int) -> int: ...
    def on_ancestors(self, cell: int, d0: int) -> int: ...
    def off_ancestors(self, cell: int, d0: int) -> int: ...
    def off_bit(self, cell: int, d0: int) -> int: ...
    def empty_cell(self, cell: int, d0: int, off: int) -> Contradiction: ...
    def empty_unit(self, u: int, cell: int, d0: int) -> Contradiction: ...


#: each potential's own bit, by the number of potentials (made once: ``1 << i`` makes a
#: new integer of up to a few dozen words each time)
_ONES: dict[int, list[int]] = {}


def _ones(size: int) -> list[int]:
    got = _ONES.get(size)
    if got is None:
        got = _ONES[size] = [1 << i for i in range(size)]
    return got


def singles(h: Hypothesis, queue: list[tuple[int, int]],
            placed: list[tuple[int, int]] | None = None) -> None:
    """Place every (cell, digit index) of ``queue`` on ``h`` (tracking ancestry, with no
    non-consecutive neighbours) and follow naked and hidden singles until nothing more
    follows; each placement, as (cell, digit), goes to ``placed`` when given."""
    geo = h.geo
    masks = h.masks
    dcells = h.dcells
    placed_in = h.placed_in
    source: list[int] = h.source  # type: ignore[assignment]
    on_anc: dict[int, int] = h.on_anc  # type: ignore[assignment]
    off_anc: dict[int, int] = h.off_anc  # type: ignore[assignment]
    cell_houses = geo.cell_houses
    peer_bits = geo.peer_bits
    names = geo.cell_names
    cell_units = geo.cell_units
    unit_bits = geo.unit_bits
    n = geo.n
    big = len(masks) * n
    one = _ones(2 * big)
    while queue:
        cell, d0 = queue.pop()
        bit = 1 << d0
        cellbit = 1 << cell
        if not h.unsolved & cellbit:
            if masks[cell] != bit:
                other = masks[cell].bit_length() - 1
                h.clash = (h.placed_ancestors(cell, d0),
                           h.on_ancestors(cell, other) | h.off_bit(cell, d0))
                raise Contradiction(f"{names[cell]} would be two digits")
            continue
        if not masks[cell] & bit:
            h.clash = (h.placed_ancestors(cell, d0), h.off_ancestors(cell, d0))
            raise Contradiction(f"{names[cell]} would be {d0 + 1}, which it cannot be")
        on = _placed(cell, d0, masks, dcells, source, on_anc, off_anc, cell_units, unit_bits,
                     n, big, one)
        h.unsolved &= ~cellbit
        h.count += 1
        if placed is not None:
            placed.append((cell, d0 + 1))
        rest = masks[cell] & ~bit
        masks[cell] = bit
        dcells[d0] &= ~cellbit
        for u in cell_houses[cell]:
            placed_in[u] |= bit
        while rest:
            low = rest & -rest
            e0 = low.bit_length() - 1
            rest ^= low
            dcells[e0] &= ~cellbit
            i = big + cell * n + e0
            off_anc[i] = on  # its own bit is added where it is read
            dc = dcells[e0]
            for u in cell_units[cell]:
                if placed_in[u] >> e0 & 1:
                    continue
                x = dc & unit_bits[u]
                if not x:
                    raise h.empty_unit(u, cell, e0)
                if not x & (x - 1):
                    queue.append((x.bit_length() - 1, e0))
        hit = dcells[d0] & peer_bits[cell]
        if hit:
            dcells[d0] &= ~hit
            dc = dcells[d0]
            nbit = ~bit
            while hit:
                low = hit & -hit
                p = low.bit_length() - 1
                hit ^= low
                m = masks[p] & nbit
                masks[p] = m
                i = big + p * n + d0
                off_anc[i] = on
                if not m:
                    raise h.empty_cell(p, d0, on | one[i])
                if not m & (m - 1):
                    queue.append((p, m.bit_length() - 1))
                for u in cell_units[p]:
                    if placed_in[u] >> d0 & 1:
                        continue
                    x = dc & unit_bits[u]
                    if not x:
                        raise h.empty_unit(u, p, d0)
                    if not x & (x - 1):
                        queue.append((x.bit_length() - 1, d0))


def _placed(cell: int, d0: int, masks: list[int], dcells: list[int], source: list[int],
            on_anc: dict[int, int], off_anc: dict[int, int],
            cell_units: tuple[tuple[int, ...], ...], unit_bits: tuple[int, ...], n: int,
            big: int, one: list[int]) -> int:
    """The ancestors of a single about to be placed (recorded): what was assumed, else the
    cell's other candidates gone, else the digit's other places in a unit gone."""
    i = cell * n + d0
    got = on_anc.get(i)
    if got is not None:
        return got
    bit = 1 << d0
    anc = one[i]
    if masks[cell] == bit and source[cell] != bit:
        others = source[cell] & ~bit
        while others:
            low = others & -others
            others ^= low
            j = big + cell * n + low.bit_length() - 1
            g = off_anc.get(j)
            anc |= one[j] if g is None else g | one[j]
    else:
        cellbit = 1 << cell
        dc = dcells[d0]
        for u in cell_units[cell]:
            if dc & unit_bits[u] == cellbit:
                cells = unit_bits[u] & ~cellbit
                while cells:
                    low = cells & -cells
                    cells ^= low
                    c = low.bit_length() - 1
                    if source[c] & bit:
                        j = big + c * n + d0
                        g = off_anc.get(j)
                        anc |= one[j] if g is None else g | one[j]
                break
    on_anc[i] = anc
    return anc
