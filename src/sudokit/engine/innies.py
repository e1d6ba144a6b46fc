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


#: A cage as the sums see it: its cells as bits, its total, its number of cells, its
#: cells, and its first and last row, and column: ((first row, last), (first column, last)).
_Cage = tuple[int, int, int, tuple[int, ...], tuple[tuple[int, int], tuple[int, int]]]

#: What the sums found: (cells, total, where) each, and the cell sets already listed.
_Found = tuple[list[tuple[tuple[int, ...], int, str]], set[int]]


@lru_cache(maxsize=16)
def _lines(n: int, axis: int) -> tuple[int, ...]:
    """The cells of each row (``axis`` 0) or column (1) as bits."""
    return tuple(sum(1 << (k * n + j if axis == 0 else j * n + k) for j in range(n))
                 for k in range(n))


@lru_cache(maxsize=16)
def _run_cells(n: int, axis: int) -> tuple[tuple[int, ...], ...]:
    """The cells of rows (``axis`` 0) or columns (1) i to j as bits: ``[i][j - i]``."""
    line = _lines(n, axis)
    out = []
    for i in range(n):
        cells, row = 0, []
        for j in range(i, n):
            cells |= line[j]
            row.append(cells)
        out.append(tuple(row))
    return tuple(out)


@lru_cache(maxsize=64)
def _region_bits(regions: tuple[int, ...], n: int) -> tuple[int, ...]:
    """The cells of each region as bits."""
    out = [0] * n
    for cell, region in enumerate(regions):
        out[region] |= 1 << cell
    return tuple(out)


def _add(found: _Found, mask: int, covered: int, left: int, crossing: int, crossing_total: int,
         all_caged: int, where: str) -> None:
    """The innies of a set of houses (its cells ``mask``, those of the cages inside
    ``covered``, adding up to what is ``left``) and, when each innie is caged, its outies
    (the cells of the cages across its border, ``crossing``, outside it)."""
    out, seen = found
    innies = mask & ~covered
    groups = [(innies, left, "innies")]
    if innies & ~all_caged == 0:  # each innie in a cage that crosses the border
        groups.append((crossing & ~mask, crossing_total - left, "outies"))
    for group, total, said in groups:
        if 0 < group.bit_count() <= MAX_CELLS and group not in seen:
            seen.add(group)
            out.append((_cells(group), total, f"{said} of {where}"))


def _runs(cages: list[_Cage], n: int, what: str, axis: int, all_caged: int,
          found: _Found) -> None:
    """Every run of consecutive rows (``axis`` 0) or columns (1) short of the whole grid,
    with the cages inside and across, found as the run grows (not cage by cage). The
    cells are counted as they go, so that a run whose innies and outies are both too many
    is passed over without a look at its cells."""
    # the cages starting on each line, summed (cells, total, size: cages do not overlap,
    # so their cells add up as bits); those ending on each line, latest start first
    starting = [[0, 0, 0] for _ in range(n)]
    by_last: list[list[_Cage]] = [[] for _ in range(n)]
    # the cages across each line from before it, summed
    before = [[0, 0, 0] for _ in range(n)]
    for cage in sorted(cages, key=lambda c: -c[4][axis][0]):
        first, last = cage[4][axis]
        sums = starting[first]
        sums[0] += cage[0]
        sums[1] += cage[1]
        sums[2] += cage[2]
        by_last[last].append(cage)
        for i in range(first + 1, last + 1):
            sums = before[i]
            sums[0] += cage[0]
            sums[1] += cage[1]
            sums[2] += cage[2]
    runs = _run_cells(n, axis)
    house_total = n * (n + 1) // 2
    for i in range(n):
        inside = inside_total = inside_size = 0
        over, over_total, over_size = before[i]
        for j in range(i, n - (i == 0)):
            bits, total, size = starting[j]
            over += bits
            over_total += total
            over_size += size
            for cage in by_last[j]:
                if cage[4][axis][0] < i:
                    break
                inside += cage[0]
                inside_total += cage[1]
                inside_size += cage[2]
            if not inside_size:  # no cage inside: the houses' own rule says it all
                continue
            innies = (j - i + 1) * n - inside_size
            # when each innie is caged, the cages across hold them and the outies
            if innies > MAX_CELLS and over_size - inside_size - innies > MAX_CELLS:
                continue
            _add(found, runs[i][j - i], inside, (j - i + 1) * house_total - inside_total,
                 over & ~inside, over_total - inside_total, all_caged,
                 f"{what} {i + 1}-{j + 1}")


def _regions(cages: list[_Cage], rules: Rules, all_caged: int, found: _Found) -> None:
    """Each region, with the cages inside and across."""
    n, regions = rules.size, rules.regions
    house_total = n * (n + 1) // 2
    inside = [0] * n
    inside_total = [0] * n
    across = [0] * n
    across_total = [0] * n
    for cage in cages:
        touched = {regions[x] for x in cage[3]}
        if len(touched) == 1:
            k = touched.pop()
            inside[k] |= cage[0]
            inside_total[k] += cage[1]
        else:
            for k in touched:
                across[k] |= cage[0]
                across_total[k] += cage[1]
    for k, cells in enumerate(_region_bits(regions, n)):
        if inside[k]:
            _add(found, cells, inside[k], house_total - inside_total[k], across[k],
                 across_total[k], all_caged, f"region {k + 1}")


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
            cells = c.cells  # in order: the first and last rows are at the ends
            cols = [x % n for x in cells]
            bits = 0
            for x in cells:
                bits |= 1 << x
            cages.append((bits, c.total, len(cells), cells,
                          ((cells[0] // n, cells[-1] // n), (min(cols), max(cols)))))
            all_caged |= bits
    if not cages:
        return []
    found: _Found = ([], set())
    _runs(cages, n, "rows", 0, all_caged, found)
    _runs(cages, n, "columns", 1, all_caged, found)
    _regions(cages, rules, all_caged, found)
    return found[0]
