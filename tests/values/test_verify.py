from __future__ import annotations

import numpy as np
import pytest

from sudokit import Grid, Shape, is_solution
from sudokit.engine.arrays import check_solutions, valid_solutions
from support.reference import pattern_solution


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


def test_check_solutions_names_the_first_wrong_row_and_skips_unsolved_ones() -> None:
    shape = Shape(3, 3)
    solution = np.array(pattern_solution(9, 3, 3), dtype=np.uint8)
    puzzles = np.stack([solution] * 5)
    puzzles[:, ::2] = 0
    solutions = np.stack([solution] * 5)
    solutions[1] = 0  # no solution found: not checked
    counts = np.array([1, 0, 1, 2, 1])
    check_solutions(puzzles, solutions, counts, shape)  # nothing wrong
    solutions[3, [0, 1]] = solutions[3, [1, 0]]
    with pytest.raises(AssertionError, match="the GPU kernel returned a wrong solution for row 3"):
        check_solutions(puzzles, solutions, counts, shape, "the GPU kernel")
