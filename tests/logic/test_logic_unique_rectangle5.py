"""Unique rectangle type 5: pinned steps checked against the solution, the guard that keeps
it off puzzles with several solutions, and soundness on many built boards."""

from __future__ import annotations

import random

from sudokit import Grid, count_solutions, solve
from sudokit.candidates import Candidates
from sudokit.logic import LADDER, next_step, solve_path
from sudokit.logic.techniques.unique_rectangle5 import UR_TYPE5
from support.files import data_file, read_lines

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _rectangle_board(
    solution: tuple[int, ...], three: bool, rng: random.Random
) -> tuple[Candidates, str] | None:
    """A board of ``solution`` whose only open cells are a type 5 rectangle (two diagonal
    corners {a,b}, the others {a,b,z}, a third corner too with ``three``) and a cell that
    sees every z corner and holds z: or None when the grid has no such rectangle."""
    spots = []
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            for c1 in range(9):
                for c2 in range(9):
                    if r1 // 3 == r2 // 3 and c1 // 3 != c2 // 3:
                        spots.append((r1, r2, c1, c2))
    rng.shuffle(spots)
    for r1, r2, c1, c2 in spots:
        a_cell, b_cell, c_cell, d_cell = r1 * 9 + c1, r2 * 9 + c2, r1 * 9 + c2, r2 * 9 + c1
        a, b, z = solution[a_cell], solution[b_cell], solution[c_cell]
        if solution[d_cell] != z or len({a, b, z}) < 3:
            continue
        sets = [{v} for v in solution]
        sets[a_cell] = {a, b}
        sets[b_cell] = {a, b, z} if three else {a, b}
        sets[c_cell] = sets[d_cell] = {a, b, z}
        # a cell that sees every z corner: row r2 in C's box (three), row r1 in D's box (two)
        row, stack = (r2, c2 // 3) if three else (r1, c1 // 3)
        target = next(row * 9 + c for c in range(3 * stack, 3 * stack + 3)
                      if c not in (c1, c2))
        sets[target] = {solution[target], z}
        name = f"r{target // 9 + 1}c{target % 9 + 1}<>{z}"
        return Candidates.from_sets(sets), name
    return None


def test_two_diagonal_corners_with_the_extra_digit() -> None:
    solution = solve(Grid(EASY))
    assert solution is not None
    built = _rectangle_board(solution.cells, False, random.Random(1))
    assert built is not None
    board, change = built
    step = next_step(board, techniques=[UR_TYPE5])
    assert step is not None and step.changes() == change
    assert step.technique == "Unique Rectangle Type 5" and "deadly pattern" in step.text
    for cell, digit in step.eliminations:
        assert solution[cell] != digit


def test_three_corners_with_the_extra_digit() -> None:
    solution = solve(Grid(EASY))
    assert solution is not None
    built = _rectangle_board(solution.cells, True, random.Random(2))
    assert built is not None
    board, change = built
    step = next_step(board, techniques=[UR_TYPE5])
    assert step is not None and step.changes() == change
    assert len(step.cells) == 4
    for cell, digit in step.eliminations:
        assert solution[cell] != digit


def test_the_steps_keep_the_solution_on_many_built_boards() -> None:
    # the rectangles of real solving paths are rarely of type 5 (none on hundreds of
    # top1465 paths): the property is checked on boards built from many solved grids
    lines = read_lines(data_file("puzzles2_17_clue.txt"))
    rng = random.Random(17)
    found = 0
    for line in rng.sample(lines, 40):
        solution = solve(Grid(line))
        assert solution is not None
        for three in (False, True):
            built = _rectangle_board(solution.cells, three, rng)
            if built is None:
                continue
            board, _ = built
            assert count_solutions(board, 2) == 1
            step = next_step(board, techniques=[UR_TYPE5])
            assert step is not None
            found += 1
            for cell, digit in step.eliminations:
                assert solution[cell] != digit, f"{line}: {step}"
    assert found >= 40


def test_never_used_without_one_solution() -> None:
    solution = solve(Grid(EASY))
    assert solution is not None
    built = _rectangle_board(solution.cells, False, random.Random(1))
    assert built is not None
    # a board not known to have one solution gets no uniqueness step
    assert next_step(built[0], techniques=[UR_TYPE5], unique=False) is None
    # puzzles with several solutions: the ladder never takes the step
    for line in random.Random(3).sample(read_lines(data_file("puzzles7_serg_benchmark.txt")), 20):
        assert all(s.key != UR_TYPE5.key for s in solve_path(Grid(line)))


def test_in_the_ladder_after_type_2() -> None:
    keys = [t.key for t in LADDER]
    assert keys.index("unique-rectangle-2") < keys.index("unique-rectangle-5")
    assert keys.index("unique-rectangle-5") < keys.index("unique-rectangle-6")
