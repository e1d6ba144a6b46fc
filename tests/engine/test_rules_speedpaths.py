"""The rules engine's shortcuts against the plain backtracking reference: the
non-consecutive rule read from cells left with two or three digits in a run, and houses
looked at again only where they changed, also past 64 houses (two words of house bits).

Every puzzle is dug from a solution the reference checks by the rules' own words; counts
to 3 must agree with the reference, and every solution the engine returns must keep them.
"""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, Rules, is_solution, search
from support.exact_cover import Reference

#: 6x6 non-consecutive, three givens, one solution: a pair of digits in a run of three
#: settles its neighbours, so the engine needs no guess (it took two without that rule).
NEAR_PAIRS_6 = "000000000004000400000000020000000000"


def test_a_run_of_two_or_three_digits_settles_its_non_consecutive_neighbours(
        pure: bool) -> None:
    rules = Rules.preset("non-consecutive", 6)
    cells = [int(ch) for ch in NEAR_PAIRS_6]
    (only,) = Reference(rules).solutions(cells, 2)
    result = search(Grid.from_cells(cells, rules=rules), limit=2)
    assert (result.count, result.guesses) == (1, 0)
    assert result.solution is not None and list(result.solution.cells) == only


def dug(rules: Rules, solution: list[int], rng: random.Random, count: int) -> list[Grid]:
    """``count`` puzzles: ``solution`` with a random third to two thirds of its cells
    emptied (often more than one solution)."""
    ncells = len(solution)
    out = []
    for _ in range(count):
        cells = list(solution)
        for cell in rng.sample(range(ncells), rng.randrange(ncells // 3, ncells * 2 // 3)):
            cells[cell] = 0
        out.append(Grid.from_cells(cells, rules=rules))
    return out


def agrees(grid: Grid, limit: int = 3) -> None:
    """The engine's count to ``limit`` is the reference's, and its solution keeps the
    puzzle and the rules."""
    expected = len(Reference(grid.rules).solutions(list(grid.cells), limit))
    result = search(grid, limit=limit)
    assert result.count == expected, grid
    if expected:
        assert result.solution is not None and is_solution(result.solution, grid)


@pytest.mark.parametrize("name", ["non-consecutive", "x+non-consecutive",
                                  "non-consecutive+anti-king"])
@pytest.mark.parametrize("size", [4, 6])
def test_non_consecutive_counts_agree_with_the_reference(name: str, size: int,
                                                         pure: bool) -> None:
    rules = Rules.preset(name, size)
    rng = random.Random(f"{name}:{size}")
    for _ in range(3):
        solution = Reference(rules).random_solution(rng)
        if solution is None:  # (x+non-consecutive on 4x4 has no solution at all)
            assert search(Grid.from_cells([0] * size * size, rules=rules)).count == 0
            return
        for grid in dug(rules, solution, rng, 4):
            agrees(grid)


def test_more_than_64_houses_agree_with_the_reference(pure: bool) -> None:
    rules = Rules(16, diagonals=True, disjoint=True)  # 16 rows, columns, boxes, places, 2
    assert sum(1 for h in rules.houses if len(h) == 16) > 64
    rng = random.Random(16)
    filled = search(Grid.from_cells([0] * 256, rules=rules), rounds=200_000).solution
    assert filled is not None
    solution = list(filled.cells)
    assert Reference(rules).consistent(solution) and 0 not in solution
    for _ in range(4):
        cells = list(solution)
        for cell in rng.sample(range(256), 70):
            cells[cell] = 0
        agrees(Grid.from_cells(cells, rules=rules))
