"""Where the branches of a sweep of assumptions agree: a cell whose every candidate, or a
digit whose every place in a unit, leads to the same placement or elimination (a cell or
unit forcing chain), and, when tracking, how long each such conclusion is.

The branches are hypotheses (:mod:`.hypothesis`), or the typed singles of a sweep's
assumptions (:mod:`.sweep9`), which find where their boards agree in typed code.
"""

from __future__ import annotations

from typing import Protocol

from ..board import Geometry, bits
from . import sweep9
from .deduction import Deduction


class Settled(Protocol):
    """What the search reads of a settled assumption."""

    count: int

    @property
    def masks(self) -> list[int]: ...
    @property
    def dcells(self) -> list[int]: ...
    @property
    def unsolved(self) -> int: ...
    def on_ancestors(self, cell: int, d0: int) -> int: ...
    def off_ancestors(self, cell: int, d0: int) -> int: ...


class Root(Protocol):
    """What the search reads of the board its assumptions start from (a hypothesis, which
    imports this module)."""

    geo: Geometry
    masks: list[int]
    dcells: list[int]
    unsolved: int
    source: list[int] | None

    def length(self, ancestors: list[int], outer: int) -> int: ...


def shortest(root: Root, order: list[int], outcomes: dict[tuple[int, int], Settled],
              outer: int, best: Deduction | None) -> Deduction | None:
    """The shortest of ``best`` (a contradiction) and every cell and unit forcing chain."""
    geo = root.geo
    groups = [[(c, d0) for d0 in bits(root.masks[c])] for c in order]
    kinds = ["cell"] * len(groups)
    units = [-1] * len(groups)
    for u, ub in enumerate(geo.unit_bits):
        for d0 in range(geo.n):
            x = root.dcells[d0] & ub
            if x.bit_count() >= 2:
                groups.append([(c, d0) for c in bits(x)])
                kinds.append("unit")
                units.append(u)
    for group, kind, u in zip(groups, kinds, units, strict=True):
        found = agree(root, group, outcomes, kind, u, outer)
        if found is not None and (best is None or found.length < best.length):
            best = found
    return best


def agree(
    root: Root,
    branches: list[tuple[int, int]],
    outcomes: dict[tuple[int, int], Settled],
    kind: str,
    unit: int = -1,
    outer: int = 0,
) -> Deduction | None:
    """What every branch implies and the root does not have yet, as a deduction."""
    if any(b not in outcomes for b in branches):
        return None
    props = [outcomes[b] for b in branches]
    typed = _typed(props)
    place, elim = _common(root, props) if typed is None else typed
    if not place and not elim:
        return None
    counts = [p.count for p in props]
    if root.source is None:
        return Deduction(kind, place, elim, branches, max(counts), where=unit, total=sum(counts))
    # each conclusion as long as its ancestors in every branch; the shortest scores the step
    why: list[tuple[int, int]] = []
    kept_elim = resting(root, props, elim, False, outer, why)
    kept_place = resting(root, props, place, True, outer, why)
    if not why:
        return None
    length = min(w for _, w in why) - len(branches)
    return Deduction(kind, kept_place, kept_elim, branches, length, where=unit,
                     total=sum(counts), why=why)


def resting(root: Root, props: list[Settled], conclusions: list[tuple[int, int]],
             made_true: bool, outer: int, why: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The conclusions (candidates made true, or false) that rest on the outer assumption's
    deductions (all of them when there is none), each one's ancestors and length added to
    ``why``."""
    kept = []
    for c, d0 in conclusions:
        ancs = [p.on_ancestors(c, d0) if made_true else p.off_ancestors(c, d0) for p in props]
        parents = 0
        for a in ancs:
            parents |= a
        if outer and not parents & outer:
            continue
        why.append((parents & outer, root.length(ancs, outer)))
        kept.append((c, d0))
    return kept


def _typed(props: list[Settled]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
    """What the branches agree on, where a typed sweep keeps their boards (see
    :meth:`.sweep9.Sweep9.agree`)."""
    slots = [p.slot for p in props if isinstance(p, sweep9.Branch) and p.sweep is not None]
    first = props[0]
    if len(slots) < len(props) or not isinstance(first, sweep9.Branch) or first.sweep is None:
        return None
    return first.sweep.agree(slots)


def _common(root: Root, props: list[Settled]
            ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The cells every branch places with the same digit, else the candidates every branch
    eliminates, that the root does not have yet."""
    first = props[0].masks
    base = root.masks
    place: list[tuple[int, int]] = []
    elim: list[tuple[int, int]] = []
    # where anything can agree: the cells placed in every branch (a settled branch has
    # placed every cell with one candidate), and those that lost a digit in every branch
    solved = root.unsolved
    for p in props:
        solved &= ~p.unsolved
    lost = 0
    for d0, dc in enumerate(root.dcells):
        for p in props:
            dc &= ~p.dcells[d0]
        lost |= dc
    for c in bits(solved):
        f = first[c]
        if not f & (f - 1) and f != base[c] and all(p.masks[c] == f for p in props):
            place.append((c, f.bit_length() - 1))
    if not place:
        for c in bits(lost):
            removed = base[c]
            for p in props:
                removed &= ~p.masks[c]
                if not removed:
                    break
            if removed:
                elim.extend((c, d0) for d0 in bits(removed))
    return place, elim
