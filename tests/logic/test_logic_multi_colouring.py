"""Multi-colouring: pinned steps of both kinds checked against the solution, its place in the
ladder, and the soundness property (on boards along real solving paths, no step removes a
candidate that a solution has, on puzzles with one solution and with several)."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, count_solutions, solve
from sudokit.candidates import Candidates
from sudokit.logic import next_step, solve_path
from sudokit.logic.board import Board
from sudokit.logic.techniques import LADDER, multi_colouring
from support.boards import pencilmarks
from support.files import data_file, read_lines
from support.soundness import keeps_every_solution

#: boards from the solving paths of top1465 puzzles where the ladder next took this step;
#: colour A of 5 (r4c3 ...) sees both colours of the other cluster: A is false
FALSE_COLOUR = (
    "3 7 459 1 469 2469 569 25 8 6 2 19 8 379 5 79 137 4 8 45 1459 23 4679 4679 5679 157 23 "
    "4 9 57 25 8 127 3 6 15 2 1 6 9 357 37 4 8 57 57 38 38 6 14 147 2 9 157 15 468 248 7 69 "
    "689 15 234 23 9 35 27 4 135 13 8 27 6 17 34568 3458 35 2 68 17 45 9"
)
#: colour a of 3 (r2c5) sees colour B (r2c9): A or b holds 3, and r1c1 sees both
WING = (
    "135 135 247 9 2347 1247 237 8 6 189 368 247 1248 2348 124678 5 234 2379 389 368 247 "
    "2478 5 24678 2379 234 1 135 2 6 17 78 9 378 15 4 7 13 8 5 24 124 6 9 23 4 159 159 3 6 "
    "278 278 15 278 2 1589 159 47 47 3 189 6 589 158 4 135 6 9 258 1238 7 258 6 7 359 28 1 "
    "258 4 23 2589"
)



@pytest.mark.parametrize(
    ("text", "expected", "why"),
    [
        (FALSE_COLOUR,
         "Multi-Colouring [r4c3 r4c4 r5c5 r5c9 r6c1 r6c9 r7c1 r7c7 r8c2 r8c5 r9c4 r9c8]: "
         "r4c3,r6c9,r7c1,r9c8<>5",
         "A sees both B (r4c3 sees r4c4) and b (r7c1 sees r8c2), one of which holds 5, so A "
         "is false"),
        (WING,
         "Multi-Colouring [r1c5 r2c5 r2c9 r4c1 r4c7 r5c2 r5c9]: r1c1<>3",
         "a and B see each other (r2c5 sees r2c9), so they are not both true, and A or b "
         "holds 3; r1c1 sees both A and b"),
    ],
)
def test_multi_colouring_finds_its_pinned_step(pure: bool, text: str, expected: str,
                                               why: str) -> None:
    board = pencilmarks(text)
    solution = solve(board)
    assert solution is not None and count_solutions(board) == 1
    step = next_step(board, techniques=[multi_colouring.MULTI_COLOURING])
    assert step is not None and str(step) == expected
    assert why in step.text and step.score == multi_colouring.MULTI_COLOURING.score
    assert all(solution[board.shape.parse_cell(c)] != d for c, d in step.eliminations)
    # the ladder takes it there: nothing easier applies to these boards
    ladder_step = next_step(board, unique=True)
    assert ladder_step is not None and ladder_step.key == "multi-colouring"


def test_clusters_split_one_digit_into_two_coloured_parts() -> None:
    board = Board.from_candidates(pencilmarks(WING))
    found = multi_colouring.clusters(board, 2)  # digit 3
    names = board.geo.cell_names
    as_names = [tuple(sorted(names[c] for c in range(81) if colour >> c & 1))
                for pair in found for colour in pair]
    assert ("r1c5",) in as_names and ("r2c5",) in as_names
    assert ("r2c9", "r4c7", "r5c2") in as_names and ("r4c1", "r5c9") in as_names
    for one, other in found:
        assert not one & other  # the two colours of a cluster share no cell


def test_multi_colouring_comes_right_after_simple_colouring() -> None:
    keys = [t.key for t in LADDER]
    assert keys.index("multi-colouring") == keys.index("simple-colouring") + 1
    assert multi_colouring.MULTI_COLOURING.level == LADDER[keys.index("simple-colouring")].level


@pytest.mark.parametrize(
    ("name", "size", "every"),
    [
        ("puzzles3_magictour_top1465.txt", 8, 1),
        ("puzzles6_forum_hardest_1106.txt", 2, 3),
        ("puzzles7_serg_benchmark.txt", 4, 2),
    ],
)
def test_multi_colouring_steps_keep_every_solution(pure: bool, name: str, size: int,
                                                   every: int) -> None:
    # the technique alone on every (every-th) board of real paths: far more steps than the
    # ladder lets it take, each checked by the solver
    found = 0
    for line in random.Random(23).sample(read_lines(data_file(name)), size):
        puzzle = Grid(line)
        board = Candidates.pencilmarks(puzzle)
        for i, step in enumerate(solve_path(puzzle).steps):
            if i % every == 0:
                mine = next_step(board, techniques=[multi_colouring.MULTI_COLOURING])
                if mine is not None:
                    found += 1
                    keeps_every_solution(board, mine)
            board = step.apply(board)
    assert found  # the checks were not vacuous


#: two clusters of 9, A (r4c3) / a (r6c2) and B (r6c5, r9c4) / b (r8c5, r9c3): A sees b and a
#: sees B, two traps of the same pair of clusters
TWO_TRAPS = (
    "129 4 6 3 5 19 1289 278 179 8 1259 1259 4 7 169 139 1236 1369 19 3 7 1689 2 1689 4 5 169 "
    "3 7 1259 129 8 259 6 12 4 56 12 8 67 3 4 125 9 157 4 12569 125 1267 19 12569 35 37 8 129 "
    "129 4 28 6 7 13589 138 1359 7 1269 3 5 19 28 89 4 169 56 8 159 19 4 3 7 16 2"
)


def test_every_trap_of_two_clusters_goes_in_one_step(pure: bool) -> None:
    board = pencilmarks(TWO_TRAPS)
    step = next_step(board, techniques=[multi_colouring.MULTI_COLOURING])
    assert step is not None
    assert str(step) == "Multi-Colouring [r4c3 r6c2 r6c5 r8c5 r9c3 r9c4]: r2c3,r6c6<>9"
    # worked out here: r6c6 sees a (r6c2) and B (r6c5); r2c3 sees A (r4c3) and b (r9c3)
    assert "A or b holds 9; r2c3 sees both A and b" in step.text
    assert "a or B holds 9; r6c6 sees both a and B" in step.text
    keeps_every_solution(board, step)
