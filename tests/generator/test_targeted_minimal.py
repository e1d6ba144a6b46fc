"""Minimal puzzles made for a technique (``create --technique T --minimal``): every clue is
needed for the one solution, checked here clue by clue with the plain backtracking counter,
and the rater's path still needs the technique and nothing harder."""

from __future__ import annotations

import pytest

from sudokit import Grid
from sudokit.generator.targeted import generate_for, iter_generate_for
from sudokit.logic import LADDER, solve_path
from support.clirunner import sudoku
from support.reference import count_9x9

PLACE = {t.key: i for i, t in enumerate(LADDER)}


def assert_minimal(puzzle: Grid) -> None:
    cells = list(puzzle.cells)
    assert count_9x9(cells) == 1
    for cell, value in enumerate(puzzle.cells):
        if value:
            cells[cell] = 0
            assert count_9x9(cells) == 2, f"the clue at r{cell // 9 + 1}c{cell % 9 + 1} can go"
            cells[cell] = value


def assert_needs(puzzle: Grid, technique: str) -> None:
    keys = [s.key for s in solve_path(puzzle).steps]
    assert technique in keys
    assert max(PLACE[k] for k in keys) <= PLACE[technique], keys


@pytest.mark.parametrize("technique", ["x-wing", "xy-wing", "skyscraper"])
def test_a_minimal_puzzle_for_a_technique_needs_every_clue_and_the_technique(
        technique: str) -> None:
    made = generate_for(technique, seed=2, minimal=True)
    assert_minimal(made.puzzle)
    assert_needs(made.puzzle, technique)
    assert made.step.key == technique


def test_the_pure_python_search_makes_the_same_minimal_puzzles(pure: bool) -> None:
    made = [m.puzzle for m in iter_generate_for(2, "x-wing", seed=4, minimal=True)]
    assert [m.to_line() for m in made] == PINNED
    for puzzle in made:
        assert_minimal(puzzle)


#: iter_generate_for(2, "x-wing", seed=4, minimal=True), the same on either core.
PINNED = [
    "..8...19.7.5..1..4...2.8...59............4..3..28........9..8....9.125..2415.....",
    "......9..916.....7.7.5........2795..5....6..1.9....7.6..4.2..6.2....5......6.7..8",
]


def test_create_technique_minimal_on_the_command_line() -> None:
    done = sudoku("create", "--technique", "xy-wing", "--minimal", "-n", "2", "--seed", "3",
                  "--to", "line")
    assert done.status == 0, done.stderr
    lines = done.out.split()
    assert len(lines) == 2
    for line in lines:
        puzzle = Grid(line)
        assert_minimal(puzzle)
        assert_needs(puzzle, "xy-wing")
