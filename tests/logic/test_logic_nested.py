"""Nested forcing chains: the hardest puzzles solved by logic alone, every deduction true."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, count_solutions, generate, solve
from sudokit.candidates import Candidates
from sudokit.logic import LADDER, solve_path
from sudokit.logic.board import Board
from sudokit.logic.graphs.hypothesis import Hypothesis, deductions
from sudokit.logic.techniques import nested_chains
from support.files import data_file, read_lines

HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def _checks(puzzle: Grid, path_steps: object) -> None:
    solution = solve(puzzle)
    assert solution is not None
    for step in path_steps:  # type: ignore[attr-defined]
        for cell, digit in step.placements:
            assert solution[cell] == digit, f"{step} ({step.text})"
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, f"{step} ({step.text})"


def test_the_hardest_puzzles_are_solved_without_guessing(pure: bool) -> None:
    lines = read_lines(data_file("puzzles6_forum_hardest_1106.txt"))
    for line in random.Random(13).sample(lines, 2):
        puzzle = Grid(line)
        path = solve_path(puzzle)  # no guessing
        assert path.solved and path.guesses == 0
        _checks(puzzle, path.steps)
        keys = {s.key for s in path.steps}
        assert keys & {t.key for t in nested_chains.TECHNIQUES}
        # the scores of nested chains are graded, not one flat value
        top = max(s.score for s in path.steps)
        assert 9.0 <= top < 12.0


def test_without_nested_chains_the_same_puzzle_gets_stuck() -> None:
    below = [t for t in LADDER if t not in nested_chains.TECHNIQUES and t is not nested_chains.DEEP]
    assert not solve_path(Grid(HARDEST), techniques=below).solved


def _stuck_board(line: str) -> tuple[Board, Grid]:
    """The board where the ladder below the nested chains gets stuck, with the solution."""
    puzzle = Grid(line)
    below = [t for t in LADDER if t not in nested_chains.TECHNIQUES and t is not nested_chains.DEEP]
    path = solve_path(puzzle, techniques=below)
    board = Board.from_candidates(path.final)
    solution = solve(puzzle)
    assert solution is not None
    return board, solution


def _sound(found: object, solution: Grid) -> None:
    assert found is not None
    for c, d0 in found.place:  # type: ignore[attr-defined]
        assert solution.cells[c] == d0 + 1
    for c, d0 in found.elim:  # type: ignore[attr-defined]
        assert solution.cells[c] != d0 + 1


@pytest.mark.parametrize("level", [0, 1, 2])
def test_each_level_deduces_only_true_things_on_a_stuck_board(level: int) -> None:
    board, solution = _stuck_board(HARDEST)
    found = deductions(Hypothesis.of(board), level)
    if level < 2:
        # stuck means: the plain dynamic chains found nothing; this puzzle needs level 2
        assert found is None
        return
    _sound(found, solution)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_is_sound_on_a_small_grid(level: int) -> None:
    puzzle = generate(6, seed=3)
    assert count_solutions(puzzle, 2) == 1
    solution = solve(puzzle)
    assert solution is not None
    board = Board.from_grid(puzzle)
    found = deductions(Hypothesis.of(board), level)
    _sound(found, solution)
    # inner sweeps (every contradiction at once) are sound as well
    _sound(deductions(Hypothesis.of(board), level, every=True), solution)


def test_a_long_rating_gives_up_cleanly_at_its_time_limit() -> None:
    from sudokit.logic.rating import rate

    r = rate(Grid(HARDEST), time_limit=0.01)
    assert r.gave_up is not None and r.gave_up < 5
    assert f" >={r.score:.1f} " in str(r)  # the score is a floor
    assert any(n.startswith("gave up after") and "at score >=" in n for n in r.notes)
    whole = rate(Grid(HARDEST))
    assert whole.gave_up is None and whole.score >= r.score


def test_nested_chains_go_deep_only_on_9x9_puzzles_with_one_solution() -> None:
    board = Board.from_grid(Grid(HARDEST))
    assert nested_chains.deepest_level(board) == 0  # not counted: no nesting at all
    board.solutions = 1
    assert nested_chains.deepest_level(board) == nested_chains.DEEPEST
    board.solutions = 2
    assert nested_chains.TECHNIQUES[0].find(board) is None
    sixteen = Board.from_grid(Grid.empty(16))
    sixteen.solutions = 1
    assert nested_chains.deepest_level(sixteen) == nested_chains.SHALLOW


def test_on_many_solutions_nested_steps_lose_no_solution() -> None:
    lines = read_lines(data_file("puzzles7_serg_benchmark.txt"))
    for line in random.Random(3).sample(lines, 3):
        puzzle = Grid(line)
        start = Candidates.pencilmarks(puzzle)
        path = solve_path(puzzle)
        for step in path:
            for cell, digit in step.eliminations:
                i = puzzle.shape.parse_cell(cell)
                assert count_solutions(puzzle.with_digit(i, digit), 1) == 0, f"{line}: {step}"
            for cell, digit in step.placements:
                i = puzzle.shape.parse_cell(cell)
                assert count_solutions(start.rule_out(i, digit), 1) == 0, f"{line}: {step}"


def test_nested_levels_score_from_their_se_base() -> None:
    assert [nested_chains.base_score(k) for k in range(1, 6)] == [9.0, 9.5, 10.0, 10.5, 11.0]
