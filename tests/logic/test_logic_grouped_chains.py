"""Grouped X-Chains and grouped AICs: pinned examples checked against the solution, and the
soundness property (on boards along real solving paths, no grouped chain removes a
candidate that a solution has, on puzzles with one solution and with several)."""

from __future__ import annotations

import itertools
import random

import pytest

from sudokit import Grid, count_solutions, solve
from sudokit.candidates import Candidates
from sudokit.logic import solve_path
from sudokit.logic.board import Board
from sudokit.logic.step import Step
from sudokit.logic.techniques import LADDER, aic, grouped_chains
from support.files import data_file, read_lines
from support.soundness import keeps_every_solution

X_PUZZLE = "12.4.........8...37....6...........8.....2.45..59...6..1...4.9..7....8..96..1..2."
AIC_PUZZLE = "....4...1.3.6.....8........1.9..5.........87....2......7....26.5...94.........3.."


def _board_before(line: str, key: str) -> tuple[Candidates, Step]:
    """The candidate board just before the first step of ``key`` on the puzzle's path."""
    board = Candidates.pencilmarks(Grid(line))
    for step in solve_path(Grid(line)).steps:
        if step.key == key:
            return board, step
        board = step.apply(board)
    raise AssertionError(f"no {key} on the path")


def _work(board: Candidates, unique: bool = True) -> Board:
    work = Board.from_candidates(board)
    work.solutions = 1 if unique else 2
    return work


def test_a_grouped_x_chain_through_a_box_column_group(pure: bool) -> None:
    board, step = _board_before(X_PUZZLE, "grouped-x-chain")
    # the ungrouped chains find nothing here: the group makes the chain
    assert aic.find_x_chain(_work(board)) is None and aic.find_aic(_work(board)) is None
    found = grouped_chains.find_grouped_x_chain(_work(board))
    assert found == step
    assert str(found) == "Grouped X-Chain [r1c3 r7c3 r8c1 r8c6 r9c3]: r1c6<>3"
    assert "(3)r1c3=(3)r79c3-(3)r8c1=(3)r8c6" in found.text
    assert found.score == 7.5
    solution = solve(Grid(X_PUZZLE))
    assert solution is not None and solution["r1c6"] != 3


def test_a_grouped_aic_over_two_digits(pure: bool) -> None:
    board, step = _board_before(AIC_PUZZLE, "grouped-aic")
    assert aic.find_aic(_work(board)) is None
    assert grouped_chains.find_grouped_x_chain(_work(board)) is None
    found = grouped_chains.find_grouped_aic(_work(board))
    assert found == step
    assert found.eliminations[0] == ("r4c9", 4)
    assert "(6)r13c7" in found.text  # the group: 6 in rows 1 and 3 of column 7, box 3
    solution = solve(Grid(AIC_PUZZLE))
    assert solution is not None
    assert all(solution[c] != d for c, d in found.eliminations)


def test_the_grouped_chains_come_after_the_ungrouped_ones_in_the_ladder() -> None:
    keys = [t.key for t in LADDER]
    assert keys.index("aic") < keys.index("grouped-x-chain") < keys.index("grouped-aic")
    assert keys.index("grouped-aic") < keys.index("als-xz")


@pytest.mark.parametrize(
    ("name", "size", "every"),
    [
        ("puzzles3_magictour_top1465.txt", 8, 3),
        ("puzzles6_forum_hardest_1106.txt", 2, 4),
        ("puzzles7_serg_benchmark.txt", 4, 3),
    ],
)
def test_grouped_chains_keep_every_solution(pure: bool, name: str, size: int, every: int
                                            ) -> None:
    found = 0
    for line in random.Random(13).sample(read_lines(data_file(name)), size):
        puzzle = Grid(line)
        unique = count_solutions(puzzle, 2) == 1
        board = Candidates.pencilmarks(puzzle)
        for i, step in enumerate(solve_path(puzzle).steps):
            if i % every == 0:
                for steps in (grouped_chains.grouped_x_chains(_work(board, unique)),
                              grouped_chains.grouped_aics(_work(board, unique))):
                    for grouped in itertools.islice(steps, 6):
                        found += 1
                        keeps_every_solution(board, grouped)
            board = step.apply(board)
    assert found  # the checks were not vacuous
