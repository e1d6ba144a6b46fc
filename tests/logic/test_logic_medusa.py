"""3D Medusa: pinned examples checked against the solution, and the soundness property (on
boards along real solving paths, no Medusa step removes a candidate that a solution has, on
puzzles with one solution and with several)."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, count_solutions, solve
from sudokit.candidates import Candidates
from sudokit.logic import next_step, solve_path
from sudokit.logic.board import Board
from sudokit.logic.techniques import LADDER, medusa
from support.boards import pencilmarks
from support.files import data_file, read_lines

#: 2 sits in r4c6 r6c7 r8c8 (colour A, with 7r4c8) or in r4c8 r9c7 (colour B): either way
#: r9c6 sees a 2 of the true colour
BOTH_COLOURS = (
    "7 4 5 8 69 69 1 3 2 "
    "9 2 8 4 3 1 57 57 6 "
    "3 6 1 57 2 57 8 4 9 "
    "5 1 9 6 8 237 4 27 37 "
    "2 37 4 19 5 9 37 6 8 "
    "8 37 6 127 14 2347 2357 9 1357 "
    "6 5 2 3 7 8 9 1 4 "
    "14 8 37 1259 149 2459 6 257 357 "
    "14 9 37 125 146 2456 2357 8 357 "
)
#: colour B holds 3 twice in column 6: it is false
OWN_COLOUR = (
    "34 5 346 7 346 1 9 2 8 "
    "2 1 8 9 345 34 7 6 457 "
    "47 9 467 2 456 8 1 3 145 "
    "17 4 17 3 9 2 5 8 6 "
    "9 8 2 6 1 5 4 7 3 "
    "6 3 5 4 8 7 2 1 9 "
    "8 7 49 1 4 6 3 45 2 "
    "134 6 134 5 2 34 8 9 147 "
    "1345 2 134 8 7 9 6 45 145 "
)



@pytest.mark.parametrize(
    ("text", "expected", "why"),
    [
        (BOTH_COLOURS, "3D Medusa [r4c6 r4c8 r6c7 r8c8 r9c7]: r9c6<>2",
         "whichever colour is true rules out 2r9c6"),
        (OWN_COLOUR, "3D Medusa [r1c5 r2c5 r2c6 r7c5 r8c6]: r1c5,r2c6<>3, r8c6<>4",
         "if colour B were true, it would rule out its own 3r2c6"),
    ],
)
def test_medusa_finds_its_pinned_step(pure: bool, text: str, expected: str, why: str) -> None:
    board = pencilmarks(text)
    solution = solve(board)
    assert solution is not None and count_solutions(board) == 1
    step = next_step(board, techniques=[medusa.MEDUSA], unique=True)
    assert step is not None and str(step) == expected
    assert why in step.text and step.score == medusa.MEDUSA.score
    assert all(solution[c] != d for c, d in step.eliminations)


def test_medusa_leaves_one_digit_clusters_to_simple_colouring() -> None:
    # every strong link of one digit only: a cluster of one digit is not Medusa's
    board = Board.from_candidates(pencilmarks(BOTH_COLOURS))
    for step in medusa.medusa_steps(board):
        colours = step.text.split(". One colour")[0]
        digits = {int(name[0]) for name in colours.split() if name[:1].isdigit()}
        assert len(digits) > 1, step.text


def test_medusa_comes_after_the_chains_it_shares_deductions_with() -> None:
    keys = [t.key for t in LADDER]
    assert keys.index("aic") < keys.index("3d-medusa") < keys.index("als-xz")


@pytest.mark.parametrize(
    ("name", "size", "every"),
    [
        ("puzzles3_magictour_top1465.txt", 10, 2),
        ("puzzles6_forum_hardest_1106.txt", 3, 3),
        ("puzzles7_serg_benchmark.txt", 6, 2),
    ],
)
def test_medusa_steps_keep_every_solution(pure: bool, name: str, size: int, every: int) -> None:
    found = 0
    for line in random.Random(17).sample(read_lines(data_file(name)), size):
        puzzle = Grid(line)
        unique = count_solutions(puzzle, 2) == 1
        board = Candidates.pencilmarks(puzzle)
        for i, step in enumerate(solve_path(puzzle).steps):
            if i % every == 0:
                work = Board.from_candidates(board)
                work.solutions = 1 if unique else 2
                for found_step in medusa.medusa_steps(work):
                    found += 1
                    for cell, digit in found_step.eliminations:
                        at = board.shape.parse_cell(cell)
                        forced = board
                        for other in board.candidates(at) - {digit}:
                            forced = forced.rule_out(at, other)
                        assert count_solutions(forced, 1) == 0, found_step.text
            board = step.apply(board)
    assert found  # the checks were not vacuous
