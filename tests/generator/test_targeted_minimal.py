"""Minimal puzzles made for a technique (``create --technique T --minimal``): every clue is
needed for the one solution, checked here clue by clue with a plain backtracking counter,
and the rater's path still needs the technique and nothing harder."""

from __future__ import annotations

import pytest

from sudokit import Grid
from sudokit.generator.targeted import generate_for, iter_generate_for
from sudokit.logic import LADDER, solve_path
from support.clirunner import sudoku

PLACE = {t.key: i for i, t in enumerate(LADDER)}


def allowed(cells: list[int], at: int) -> list[int]:
    """The digits the rules leave for the empty cell ``at``: none of its row, its column or
    its box (the rules read from their words)."""
    r, c = divmod(at, 9)
    seen = {cells[9 * r + k] for k in range(9)} | {cells[9 * k + c] for k in range(9)} | {
        cells[9 * (3 * (r // 3) + i) + 3 * (c // 3) + j] for i in range(3) for j in range(3)}
    return [digit for digit in range(1, 10) if digit not in seen]


def solutions(cells: list[int], limit: int = 2) -> int:
    """How many solutions ``cells`` (a 9x9 puzzle) has, up to ``limit``: plain backtracking
    on the empty cell with the fewest digits left."""
    at, left = -1, list(range(10))
    for cell in range(81):
        if cells[cell] == 0:
            digits = allowed(cells, cell)
            if len(digits) < len(left):
                at, left = cell, digits
                if len(left) < 2:
                    break
    if at < 0:
        return 1
    found = 0
    for digit in left:
        cells[at] = digit
        found += solutions(cells, limit - found)
        cells[at] = 0
        if found >= limit:
            break
    return found


def assert_minimal(puzzle: Grid) -> None:
    cells = list(puzzle.cells)
    assert solutions(cells) == 1
    for cell, value in enumerate(puzzle.cells):
        if value:
            cells[cell] = 0
            assert solutions(cells) == 2, f"the clue at r{cell // 9 + 1}c{cell % 9 + 1} can go"
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
