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
MAX_CELLS = 6


@lru_cache(maxsize=64)
def _sets(n: int, regions: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """(where, cells as bits) of every run of consecutive rows or columns short of the
    whole grid, and of every region."""
    out = []
    for what, bit_of in (("rows", lambda i, j: i * n + j), ("columns", lambda i, j: j * n + i)):
        lines = [sum(1 << bit_of(i, j) for j in range(n)) for i in range(n)]
        for i in range(n):
            cells = 0
            for j in range(i, n - (i == 0)):
                cells |= lines[j]
                out.append((f"{what} {i + 1}-{j + 1}", cells))
    for k in range(n):
        out.append((f"region {k + 1}", sum(1 << c for c, r in enumerate(regions) if r == k)))
    return tuple(out)


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
    cages = [c for c in rules.constraints if isinstance(c, Cage) and c.total is not None]
    if not cages:
        return []
    house_total = n * (n + 1) // 2
    caged = [(sum(1 << x for x in c.cells), c.total) for c in cages]
    all_caged = 0
    for bits, _ in caged:
        all_caged |= bits
    out: list[tuple[tuple[int, ...], int, str]] = []
    seen: set[int] = set()
    for where, mask in _sets(n, rules.regions):
        covered = crossing = 0
        inside_total = crossing_total = 0
        for bits, total in caged:
            if bits & mask:
                if bits & ~mask:
                    crossing |= bits
                    crossing_total += total  # type: ignore[operator]
                else:
                    covered |= bits
                    inside_total += total  # type: ignore[operator]
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
