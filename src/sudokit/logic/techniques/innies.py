"""The rule of 45 on killer cages: innies and outies of whole houses, and hidden cages.

Every house adds up to 45 (N(N+1)/2), so k whole houses add up to 45k. Take a set of one
to four whole rows or columns next to each other, or one or two boxes (regions) that
touch:

- its *innies* are its cells outside the cages wholly inside it: they add up to 45k less
  those cages' totals (and less the digits placed among them);
- its *outies*, where cages cover it all, are the cells of those cages outside it: they add
  up to the cages' totals less 45k.

Rule of 45: one innie or outie is then a digit, and a few innies or outies over several
houses add up to a known total (peers among them differ). Hidden Cage: the innies of one
house (a house minus its whole cages) are a cage of known total, of different digits; and
the cells of the cages over one house that lie outside it (a cage split by the house) are
one too. Innies minus Outies: counting the cages mostly inside the houses, the few cells
of the houses they miss less the few cells of theirs outside add up to a known number
("r3c3 is 2 more than r4c1").
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from itertools import combinations
from typing import NamedTuple

from ...constraints import Cage
from ..board import Board, Geometry, bits, digits_of
from ..step import Level, Step, Technique, cell_list
from .cages import cage_options, cage_words, cages_of
from .supports import (
    apart_among,
    cannot,
    matched,
    search_supports,
    total_supports,
    unsupported,
)

#: The most unplaced cells of innies or outies over several houses that a step takes.
_MOST = 5

#: per geometry: the sets of whole houses looked at, (name, houses, cells)
_AREAS: dict[int, tuple[tuple[str, int, int], ...]] = {}


class Group(NamedTuple):
    """Cells of known total found by the rule of 45 over ``area`` (its name and how many
    houses), with the words that say how."""

    cells: tuple[int, ...]
    total: int
    area: str
    houses: int
    area_cells: int
    why: str
    outies: bool


def areas(geo: Geometry) -> tuple[tuple[str, int, int], ...]:
    """The sets of whole houses the rule of 45 looks at, single houses first: (their name,
    how many houses, their cells as a cell set)."""
    found = _AREAS.get(id(geo))
    if found is not None:
        return found
    n = geo.n
    region = "region" if geo.rules.is_jigsaw else "box"
    out: list[tuple[str, int, int]] = []
    for size in (1, 2, 3, 4):
        for first, word in ((0, "row"), (n, "column")):
            for i in range(n - size + 1):
                cells = 0
                for u in range(first + i, first + i + size):
                    cells |= geo.unit_bits[u]
                name = f"{word} {i + 1}" if size == 1 else f"{word}s {i + 1}-{i + size}"
                out.append((name, size, cells))
        if size == 1:
            out += [(f"{region} {b + 1}", 1, geo.unit_bits[2 * n + b]) for b in range(n)]
        elif size == 2:
            for a in range(n):
                for b in range(a + 1, n):
                    ua, ub = geo.unit_bits[2 * n + a], geo.unit_bits[2 * n + b]
                    if _touch(geo, ua, ub):
                        out.append((f"{region}es {a + 1} and {b + 1}" if region == "box"
                                    else f"regions {a + 1} and {b + 1}", 2, ua | ub))
    # geometries live as long as the process (cached), so their ids stay theirs
    found = _AREAS[id(geo)] = tuple(out)
    return found


def _touch(geo: Geometry, a: int, b: int) -> bool:
    """Do two cell sets share a side somewhere?"""
    n = geo.n
    for c in bits(a):
        r, col = divmod(c, n)
        if (col + 1 < n and b >> (c + 1) & 1) or (r + 1 < n and b >> (c + n) & 1) \
                or (col and b >> (c - 1) & 1) or (r and b >> (c - n) & 1):
            return True
    return False


def groups(board: Board) -> Iterator[Group]:
    """The innies and outies of every area, in the order of :func:`areas`."""
    geo = board.geo
    cages = [(sum(1 << c for c in cage.cells), cage.total or 0) for cage in cages_of(board)]
    caged = 0
    for cellset, _ in cages:
        caged |= cellset
    values = board.values
    unsolved = board.unsolved
    house_total = geo.n * (geo.n + 1) // 2
    for name, size, area in areas(geo):
        total = house_total * size
        inside = 0
        inside_sum = 0
        crossing_sum = 0
        crossing = 0
        for cellset, cage_total in cages:
            if cellset & area == cellset:
                inside |= cellset
                inside_sum += cage_total
            elif cellset & area:
                crossing |= cellset
                crossing_sum += cage_total
        innies = area & ~inside
        known = sum(values[c] for c in bits(innies & ~unsolved))
        left = innies & unsolved
        if left:
            why = f"the cages wholly inside add up to {inside_sum}"
            if known:
                why += f" and the digits placed among the rest to {known}"
            yield Group(tuple(bits(left)), total - inside_sum - known, name, size, area, why,
                        False)
        uncaged = area & ~caged
        if crossing and not uncaged & unsolved:
            outside = crossing & ~area
            placed_in = sum(values[c] for c in bits(uncaged))
            known = sum(values[c] for c in bits(outside & ~unsolved))
            left = outside & unsolved
            if left:
                why = (f"the cages over {'it' if size == 1 else 'them'} add up to "
                       f"{inside_sum + crossing_sum}")
                if placed_in:
                    why += f", the digits placed in it outside them {placed_in}"
                if known:
                    why += f", the digits placed where they stick out {known}"
                yield Group(tuple(bits(left)),
                            inside_sum + crossing_sum - total + placed_in - known,
                            name, size, area, why, True)


def _supports(board: Board, group: Group) -> list[int] | None:
    masks = tuple(board.masks[c] for c in group.cells)
    key = ("sum", group.cells, masks, group.total)
    if key not in board.memo:
        apart = apart_among(group.cells, board.geo.peer_bits)
        board.memo[key] = total_supports(masks, group.total, apart, board.geo.n)
    return board.memo[key]  # type: ignore[return-value]


def _is_cage(board: Board, cells: tuple[int, ...]) -> bool:
    """Are ``cells`` the unplaced cells of one cage (which says its total itself)?"""
    want = set(cells)
    return any(want == {c for c in cage.cells if not board.values[c]}
               for cage in cages_of(board))


def _said(group: Group, board: Board) -> str:
    names = board.geo.cell_names
    area = group.area[0].upper() + group.area[1:]
    verb = "adds" if group.houses == 1 else "add"
    kind = ("outside it" if group.houses == 1 else "outside them") if group.outies \
        else "left"
    cells = cell_list(board.geo, group.cells)
    if len(group.cells) == 1:
        return (f"{area} {verb} up to {group.houses * board.geo.n * (board.geo.n + 1) // 2}; "
                f"{group.why}, so {names[group.cells[0]]}, the one cell {kind}, is "
                f"{group.total}.")
    said = (f"{area} {verb} up to {group.houses * board.geo.n * (board.geo.n + 1) // 2}; "
            f"{group.why}, so {cells} ({kind})")
    if group.houses == 1:
        return f"{said} form a hidden cage of {group.total}"
    return f"{said} add up to {group.total}"


def _find(board: Board, tech: Technique) -> Step | None:
    if not cages_of(board):
        return None
    for group in groups(board):
        hidden = group.houses == 1 and len(group.cells) > 1
        if (tech is HIDDEN_CAGE) != hidden:
            continue
        if len(group.cells) > (board.geo.n if hidden else _MOST):
            continue
        if len(group.cells) == 1:
            cell = group.cells[0]
            if not (1 <= group.total <= board.geo.n
                    and board.masks[cell] >> (group.total - 1) & 1):
                continue  # the board has no solution: no step can be trusted
            return tech.step(board, [cell], _said(group, board), place=[(cell, group.total)],
                             houses=[bits(group.area_cells)])
        if _is_cage(board, group.cells):
            continue
        split = _split(board, group)
        if split is not None:  # the group is part of one cage: the rest of it is a cage too
            cage, rest, sup = split
            cells = group.cells + rest
        else:
            cells, sup = group.cells, _supports(board, group)  # type: ignore[assignment]
        if sup is None:
            continue
        elim = unsupported(cells, [board.masks[c] for c in cells], sup)
        if elim:
            said = _said(group, board)
            if split is not None:
                left = (cage.total or 0) - group.total - sum(board.values[c] for c in cage.cells)
                said += (f"; the rest of {cage_words(cage, board.geo.cell_names)}, "
                         f"{cell_list(board.geo, rest)}, adds up to {left} with other "
                         f"digits")
            text = f"{said}: {cannot(board.geo.cell_names, elim, board.masks)}."
            return tech.step(board, cells, text, elim=elim,
                             houses=[bits(group.area_cells), cage.cells] if split else
                             [bits(group.area_cells)])
    return None


def _split(board: Board, group: Group) -> tuple[Cage, tuple[int, ...], list[int]] | None:
    """Where the group's cells are some of one cage's unplaced cells (a cage split by the
    houses' edge): (the cage, its other unplaced cells, the supported candidates of the
    group's cells and then of those), the cage's digits differing across both parts."""
    first = group.cells[0]
    cage = next((c for c in cages_of(board) if first in c.cells), None)
    if cage is None or cage.repeat or not set(group.cells) <= set(cage.cells):
        return None
    rest = tuple(c for c in cage.cells if c not in group.cells and not board.values[c])
    if not rest:
        return None
    found = cage_options(board, cage)
    if found is None:
        return None
    placed = 0
    for c in cage.cells:
        if board.values[c]:
            placed |= 1 << (board.values[c] - 1)
    masks = [board.masks[c] for c in group.cells]
    rest_masks = [board.masks[c] for c in rest]
    sup = [0] * (len(masks) + len(rest))
    for combo in found[0]:
        free = combo & ~placed
        for chosen in combinations(digits_of(free), len(masks)):
            if sum(chosen) != group.total:
                continue
            part = sum(1 << (d - 1) for d in chosen)
            here = matched(masks, part)
            there = matched(rest_masks, free & ~part) if here is not None else None
            if here is None or there is None:
                continue
            sup = [a | b for a, b in zip(sup, here + there, strict=True)]
    return (cage, rest, sup) if any(sup) else None


#: The most unplaced cells, innies and outies together, that Innies minus Outies takes.
_MOST_MIXED = 4


class Difference(NamedTuple):
    """Innies (``plus``) less outies (``minus``) of ``area`` that make ``total``."""

    plus: tuple[int, ...]
    minus: tuple[int, ...]
    total: int
    area: str
    houses: int
    area_cells: int
    counted: int


def differences(board: Board) -> Iterator[Difference]:
    """Per area: the cells it holds outside the cages mostly inside it, less the cells of
    those cages outside it, where there are some of each and few in all."""
    geo = board.geo
    cages = [(sum(1 << c for c in cage.cells), cage.total or 0) for cage in cages_of(board)]
    values = board.values
    unsolved = board.unsolved
    house_total = geo.n * (geo.n + 1) // 2
    for name, size, area in areas(geo):
        covered = 0
        counted = 0
        for cellset, cage_total in cages:
            inside = (cellset & area).bit_count()
            if inside and 2 * inside > cellset.bit_count():
                covered |= cellset
                counted += cage_total
        plus = area & ~covered
        minus = covered & ~area
        if not (plus & unsolved and minus & unsolved) \
                or ((plus | minus) & unsolved).bit_count() > _MOST_MIXED:
            continue
        total = house_total * size - counted
        total -= sum(values[c] for c in bits(plus & ~unsolved))
        total += sum(values[c] for c in bits(minus & ~unsolved))
        yield Difference(tuple(bits(plus & unsolved)), tuple(bits(minus & unsolved)), total,
                         name, size, area, counted)


def _differs_by(values: list[int], i: int, *, plus: int, total: int) -> bool:
    """Do the first ``plus`` values less the rest make ``total`` (once all are filled)?"""
    return i < len(values) - 1 or sum(values[:plus]) - sum(values[plus:]) == total


def find_difference(board: Board) -> Step | None:
    """Innies less outies of a set of whole houses whose known difference rules out
    candidates, or None."""
    if not cages_of(board):
        return None
    geo = board.geo
    for diff in differences(board):
        cells = diff.plus + diff.minus
        masks = [board.masks[c] for c in cells]
        key = ("difference", cells, tuple(masks), diff.total)
        if key not in board.memo:
            apart = apart_among(cells, geo.peer_bits)
            board.memo[key] = search_supports(
                masks, apart, partial(_differs_by, plus=len(diff.plus), total=diff.total))
        sup: list[int] | None = board.memo[key]  # type: ignore[assignment]
        if sup is None:
            continue
        elim = unsupported(cells, masks, sup)
        if not elim:
            continue
        area = diff.area[0].upper() + diff.area[1:]
        verb = "adds" if diff.houses == 1 else "add"
        ins = cell_list(geo, diff.plus)
        outs = cell_list(geo, diff.minus)
        if diff.total >= 0:
            said = f"{ins} (inside) {'is' if len(diff.plus) == 1 else 'are'} {diff.total} " \
                   f"more than {outs} (outside)"
        else:
            said = f"{outs} (outside) {'is' if len(diff.minus) == 1 else 'are'} " \
                   f"{-diff.total} more than {ins} (inside)"
        text = (f"{area} {verb} up to {diff.houses * geo.n * (geo.n + 1) // 2}; the cages "
                f"mostly inside add up to {diff.counted}, so {said}: "
                f"{cannot(geo.cell_names, elim, board.masks)}.")
        return INNIES_MINUS_OUTIES.step(board, cells, text, elim=elim,
                                        houses=[bits(diff.area_cells)])
    return None


def find_rule_of_45(board: Board) -> Step | None:
    """One innie or outie of a set of whole houses placed, or a few of them over several
    houses that lose candidates by their total; or None."""
    return _find(board, RULE_OF_45)


def find_hidden_cage(board: Board) -> Step | None:
    """The innies of one house, or the cells a cage over it sticks out by, as a cage of
    known total that loses candidates; or None."""
    return _find(board, HIDDEN_CAGE)


RULE_OF_45 = Technique(
    key="rule-of-45", name="Rule of 45", level=Level.MEDIUM, score=2.2, effort=40,
    find=find_rule_of_45,
)
HIDDEN_CAGE = Technique(
    key="hidden-cage", name="Hidden Cage", level=Level.MEDIUM, score=2.4, effort=50,
    find=find_hidden_cage,
)
INNIES_MINUS_OUTIES = Technique(
    key="innies-minus-outies", name="Innies minus Outies", level=Level.MEDIUM, score=2.7,
    effort=60, find=find_difference,
)
