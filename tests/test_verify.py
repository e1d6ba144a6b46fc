from __future__ import annotations

import numpy as np
import pytest

from reference import pattern_solution
from sudokit import Grid, Shape, is_solution
from sudokit.verify import valid_solutions


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (4, 4), (8, 8)])
def test_agrees_with_is_solution(box: tuple[int, int]) -> None:
    shape = Shape(*box)
    solution = np.array(pattern_solution(shape.n, *box), dtype=np.uint8)
    puzzle = solution.copy()
    puzzle[::3] = 0
    swapped = solution.copy()
    swapped[[0, 1]] = swapped[[1, 0]]  # a row still complete, columns now clash
    blank = solution.copy()
    blank[5] = 0
    other = solution.copy()
    other[puzzle > 0] = 0  # keeps no given
    other[puzzle > 0] = solution[puzzle > 0] % shape.n + 1  # ... and changes them all
    candidates = np.stack([solution, swapped, blank, other])
    puzzles = np.stack([puzzle] * 4)
    got = valid_solutions(puzzles, candidates, shape)
    expected = [
        is_solution(Grid.from_cells(c.tolist(), box), Grid.from_cells(p.tolist(), box))
        for p, c in zip(puzzles, candidates, strict=True)
    ]
    assert got.tolist() == expected == [True, False, False, False]


@pytest.mark.parametrize("box", [(2, 2), (3, 3), (4, 4), (5, 5), (8, 8)])
def test_a_value_above_the_size_never_passes(box: tuple[int, int]) -> None:
    shape = Shape(*box)
    solution = np.array(pattern_solution(shape.n, *box), dtype=np.uint8)
    wrong = np.stack([solution] * 3)
    wrong[0, 0] = shape.n + 1
    wrong[1, 7] = 255
    wrong[2, :] = 0  # all blank
    puzzles = np.zeros_like(wrong)
    assert valid_solutions(puzzles, wrong, shape).tolist() == [False, False, False]
    assert valid_solutions(puzzles[:1], solution[None, :], shape).tolist() == [True]
