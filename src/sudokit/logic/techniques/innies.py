"""The rule of 45 on killer cages: innies and outies of whole houses, and hidden cages.

Every house adds up to 45 (N(N+1)/2), so k whole houses add up to 45k. Take a set of one
to three whole rows, columns or boxes (regions), next to each other:

- its *innies* are its cells outside the cages wholly inside it: they add up to 45k less
  those cages' totals (and less the digits placed among them);
- its *outies*, where cages cover it all, are the cells of those cages outside it: they add
  up to the cages' totals less 45k.

Rule of 45: one innie or outie is then a digit, and a few innies or outies over several
houses add up to a known total (peers among them differ). Hidden Cage: the innies of one
house (a house minus its whole cages) are a cage of known total, of different digits; and
the cells of the cages over one house that lie outside it (a cage split by the house) are
one too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ..board import Board, Geometry, bits
from ..step import Level, Step, Technique, cell_list
from .cages import cages_of
from .supports import apart_among, cannot, total_supports, unsupported

#: The most unplaced cells of innies or outies over several houses that a step takes.
_MOST = 4

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
    for size in (1, 2, 3):
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
                why = f"the cages over it add up to {inside_sum + crossing_sum}"
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
    kind = "outside it" if group.outies else "left"
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
        sup = _supports(board, group)
        if sup is None:
            continue
        elim = unsupported(group.cells, [board.masks[c] for c in group.cells], sup)
        if elim:
            text = f"{_said(group, board)}: {cannot(board.geo.cell_names, elim)}."
            return tech.step(board, group.cells, text, elim=elim,
                             houses=[bits(group.area_cells)])
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
