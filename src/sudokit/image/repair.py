"""The solver as a check on a reading: a puzzle read from a photo must have exactly one
solution. When it has clashing digits, none or several, the model's next choices are tried
in the cells it was least sure of, the least unlikely set of changes first, until one gives a
puzzle with exactly one solution.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from typing import NamedTuple

from ..grid import Grid
from ..shape import Shape
from ..solver import count_solutions

#: Choices less likely than this (relative to the cell's first choice) are never tried.
MIN_RATIO = 1e-4
#: The most cells one repair changes, and the most readings it tries.
MAX_CHANGES = 3
MAX_TRIES = 4000
#: The cheapest alternative moves considered (cost order).
MAX_MOVES = 48

_UNITS = Shape.for_size(9).units


class Change(NamedTuple):
    """One cell the repair changed: from the model's first choice to a later one."""

    cell: int
    before: int
    after: int
    probability: float

    def describe(self) -> str:
        """'r3c4: 7 -> 1 (1 at 21%)' ('.' for a blank)."""
        r, c = divmod(self.cell, 9)
        return (f"r{r + 1}c{c + 1}: {self.before or '.'} -> {self.after or '.'} "
                f"({self.after or 'blank'} at {self.probability:.0%})")


class Outcome(NamedTuple):
    """The repaired cells, the changes made, and how many solutions the result has (0, 1,
    or 2 for several); ``tried``: how many readings were solved."""

    cells: tuple[int, ...]
    changes: tuple[Change, ...]
    solutions: int
    tried: int


def solutions(cells: Sequence[int]) -> int:
    """0 when ``cells`` clash or have no solution, 1 when exactly one, 2 when several."""
    if clashes(cells):
        return 0
    return count_solutions(Grid.from_cells(cells), 2)


def clashes(cells: Sequence[int]) -> bool:
    """True when a digit stands twice in a row, column or box."""
    for unit in _UNITS:
        seen = 0
        for i in unit:
            v = cells[i]
            if v:
                bit = 1 << v
                if seen & bit:
                    return True
                seen |= bit
    return False


def repair(choices: Sequence[Sequence[tuple[int, float]]], max_tries: int = MAX_TRIES) -> Outcome:
    """The best reading with exactly one solution.

    ``choices[i]`` ranks what cell i may hold, best first, as (digit or 0, probability). The
    first choices are kept if they give one solution; else sets of later choices are tried in
    order of how unlikely they are together (the sum of -log(p / p_first)), at most
    MAX_CHANGES cells at a time, ``max_tries`` readings in all. When none works the first
    choices come back unchanged, with their count of solutions.
    """
    first = tuple(c[0][0] for c in choices)
    found = solutions(first)
    if found == 1:
        return Outcome(first, (), 1, 1)
    moves = []
    for cell, ranked in enumerate(choices):
        top = ranked[0][1]
        for digit, p in ranked[1:]:
            if p >= MIN_RATIO * top:
                moves.append((math.log(top) - math.log(max(p, 1e-12)), cell, digit, p))
    moves.sort()
    moves = moves[:MAX_MOVES]
    tried = 1
    # subsets of moves in order of total cost: from {..., i}, go to {..., i, i+1} and
    # {..., i+1}; every subset is reached once, never before a cheaper one
    heap: list[tuple[float, tuple[int, ...]]] = [(moves[0][0], (0,))] if moves else []
    while heap and tried < max_tries:
        cost, subset = heapq.heappop(heap)
        last = subset[-1]
        if last + 1 < len(moves):
            nxt = moves[last + 1][0]
            if len(subset) < MAX_CHANGES:
                heapq.heappush(heap, (cost + nxt, (*subset, last + 1)))
            heapq.heappush(heap, (cost - moves[last][0] + nxt, (*subset[:-1], last + 1)))
        cells = list(first)
        touched = set()
        for k in subset:
            _, cell, digit, _ = moves[k]
            touched.add(cell)
            cells[cell] = digit
        if len(touched) < len(subset):
            continue  # two choices for one cell
        tried += 1
        if solutions(cells) == 1:
            changes = tuple(Change(moves[k][1], first[moves[k][1]], moves[k][2], moves[k][3])
                            for k in sorted(subset, key=lambda k: moves[k][1]))
            return Outcome(tuple(cells), changes, 1, tried)
    return Outcome(first, (), found, tried)
