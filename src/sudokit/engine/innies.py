"""Sums that cages imply over runs of houses (the rule of 45), for the engine to propagate.

Every row, column and region holds each digit once, so ``k`` of them together add up to
``k`` times 1 + 2 + ... + N. Over such a set of cells S (a run of rows, a run of columns,
one region), the cages with a total that lie wholly inside S leave the other cells of S
(the innies) adding up to what is left; when each innie lies in a cage with a total that
crosses S's border, the cells of those cages outside S (the outies) add up to the rest of
their totals. Each sum says nothing the cages and houses do not already say, so that it
changes no answer: it only lets the engine see sooner what is forced.

>>> from sudokit import Rules
>>> from sudokit.constraints import Cage
>>> rules = Rules(4, constraints=[Cage((0, 1), 3), Cage((2, 3, 7), 9)])
>>> implied_sums(rules)[:2]
[((2, 3), 7, 'innies of rows 1-1'), ((7,), 2, 'outies of rows 1-1')]
"""

from __future__ import annotations

from functools import lru_cache

from ..constraints import Cage
from ..rules import Rules

#: Innies or outies of more cells than this are left out: their bounds say little.
MAX_CELLS = 4


#: A cage as the sums see it: its cells as bits, its total, its first and last row and
#: column.
_Cage = tuple[int, int, int, int, int, int]

#: A set of houses as the sums see it: where (in words), its cells as bits, the cells and
#: the total of the cages inside, the cells and the total of the cages across its border.
_Set = tuple[str, int, int, int, int, int]


@lru_cache(maxsize=16)
def _lines(n: int, axis: int) -> tuple[int, ...]:
    """The cells of each row (``axis`` 0) or column (1) as bits."""
    return tuple(sum(1 << (k * n + j if axis == 0 else j * n + k) for j in range(n))
                 for k in range(n))


@lru_cache(maxsize=64)
def _region_bits(regions: tuple[int, ...], n: int) -> tuple[int, ...]:
    """The cells of each region as bits."""
    out = [0] * n
    for cell, region in enumerate(regions):
        out[region] |= 1 << cell
    return tuple(out)


def _runs(cages: list[_Cage], n: int, what: str, axis: int) -> list[_Set]:
    """Every run of consecutive rows (``axis`` 0) or columns (1) short of the whole grid,
    with the cages inside and across, found as the run grows (not cage by cage)."""
    first, last = 2 + 2 * axis, 3 + 2 * axis
    by_first: list[list[_Cage]] = [[] for _ in range(n)]
    by_last: list[list[_Cage]] = [[] for _ in range(n)]
    for cage in cages:
        by_first[cage[first]].append(cage)
        by_last[cage[last]].append(cage)
    line = _lines(n, axis)
    out: list[_Set] = []
    for i in range(n):
        cells = inside = inside_total = over = over_total = 0
        for cage in cages:  # across the run's first line, from before it
            if cage[first] < i <= cage[last]:
                over |= cage[0]
                over_total += cage[1]
        for j in range(i, n - (i == 0)):
            cells |= line[j]
            for cage in by_first[j]:
                over |= cage[0]
                over_total += cage[1]
            for cage in by_last[j]:
                if cage[first] >= i:
                    inside |= cage[0]
                    inside_total += cage[1]
            out.append((f"{what} {i + 1}-{j + 1}", cells, inside, inside_total,
                        over & ~inside, over_total - inside_total))
    return out


def _regions(cages: list[_Cage], rules: Rules) -> list[_Set]:
    """Each region, with the cages inside and across."""
    out: list[_Set] = []
    for k, cells in enumerate(_region_bits(rules.regions, rules.size)):
        inside = inside_total = across = across_total = 0
        for cage in cages:
            if cage[0] & cells:
                if cage[0] & ~cells:
                    across |= cage[0]
                    across_total += cage[1]
                else:
                    inside |= cage[0]
                    inside_total += cage[1]
        out.append((f"region {k + 1}", cells, inside, inside_total, across, across_total))
    return out


def _cells(bits: int) -> tuple[int, ...]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return tuple(out)


def implied_sums(rules: Rules) -> list[tuple[tuple[int, ...], int, str]]:
    """(cells, total, where) of each sum of innies or outies of :data:`MAX_CELLS` cells or
    fewer that the cages with a total imply, over runs of rows, runs of columns and
    single regions; [] without such cages."""
    n = rules.size
    cages: list[_Cage] = []
    all_caged = 0
    for c in rules.constraints:
        if isinstance(c, Cage) and c.total is not None:
            rows = [x // n for x in c.cells]
            cols = [x % n for x in c.cells]
            bits = sum(1 << x for x in c.cells)
            cages.append((bits, c.total, min(rows), max(rows), min(cols), max(cols)))
            all_caged |= bits
    if not cages:
        return []
    house_total = n * (n + 1) // 2
    out: list[tuple[tuple[int, ...], int, str]] = []
    seen: set[int] = set()
    sets = _runs(cages, n, "rows", 0) + _runs(cages, n, "columns", 1) + _regions(cages, rules)
    for where, mask, covered, inside_total, crossing, crossing_total in sets:
        if not covered:  # no cage inside: the houses' own rule says it all
            continue
        innies = mask & ~covered
        left = mask.bit_count() // n * house_total - inside_total
        found = [(innies, left, "innies")]
        if innies & ~all_caged == 0:  # each innie in a cage that crosses the border
            found.append((crossing & ~mask, crossing_total - left, "outies"))
        for group, total, said in found:
            if 0 < group.bit_count() <= MAX_CELLS and group not in seen:
                seen.add(group)
                out.append((_cells(group), total, f"{said} of {where}"))
    return out
