"""No technique removes a true candidate: every placement and elimination made on samples of
the test collections agrees with the puzzle's solution (a larger run: benchmarks/logic.py)."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, solve
from sudokit.logic import Level, solve_path
from support.files import data_file, read_lines

#: (collection, sample size): about 40 s in all on one core (the hardest need nested chains)
SAMPLES = [
    ("puzzles3_magictour_top1465.txt", 300),
    ("puzzles2_17_clue.txt", 1000),
    ("puzzles6_forum_hardest_1106.txt", 12),
]


@pytest.mark.parametrize(("name", "size"), SAMPLES)
def test_every_step_agrees_with_the_solution(name: str, size: int) -> None:
    lines = read_lines(data_file(name))
    sample = random.Random(2024).sample(lines, size)
    used: set[str] = set()
    for line in sample:
        puzzle = Grid(line)
        solution = solve(puzzle)
        assert solution is not None
        path = solve_path(puzzle, guess=True)
        assert path.solved and path.final.to_grid() == solution
        for step in path:
            used.add(step.key)
            for cell, digit in step.placements:
                assert solution[cell] == digit, f"{line}: {step} ({step.text})"
            for cell, digit in step.eliminations:
                assert solution[cell] != digit, f"{line}: {step} ({step.text})"
    # the sample reaches past the singles, so the check is not vacuous
    assert len(used) > 3


def test_top1465_sample_is_mostly_solved_by_logic() -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    sample = random.Random(7).sample(lines, 30)
    solved = sum(solve_path(Grid(line)).solved for line in sample)
    assert solved >= 27  # the full collection: see docs/rating.md


def test_hardest_sample_needs_the_extreme_level() -> None:
    lines = read_lines(data_file("puzzles6_forum_hardest_1106.txt"))
    for line in random.Random(5).sample(lines, 3):
        assert solve_path(Grid(line), guess=True).level is Level.EXTREME


def test_on_puzzles_with_many_solutions_no_step_loses_any_solution() -> None:
    # serg's puzzles have two solutions or more: a sound step keeps every one of them, so
    # each elimination (and the negation of each placement) must leave no solution at all
    from sudokit import count_solutions
    from sudokit.candidates import Candidates
    from sudokit.logic import BY_KEY

    lines = read_lines(data_file("puzzles7_serg_benchmark.txt"))
    for line in random.Random(9).sample(lines, 100):
        puzzle = Grid(line)
        start = Candidates.pencilmarks(puzzle)
        path = solve_path(puzzle)
        assert path.solutions == 2
        for step in path:
            assert not BY_KEY[step.key].uniqueness
            for cell, digit in step.eliminations:
                i = puzzle.shape.parse_cell(cell)
                assert count_solutions(puzzle.with_digit(i, digit), 1) == 0, f"{line}: {step}"
            for cell, digit in step.placements:
                i = puzzle.shape.parse_cell(cell)
                without = start.rule_out(i, digit)
                assert count_solutions(without, 1) == 0, f"{line}: {step}"
