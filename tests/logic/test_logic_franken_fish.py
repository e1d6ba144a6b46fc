"""Franken and mutant fish: pinned steps checked against the solution, what counts as which
fish, and soundness on boards along real solving paths (one solution and several)."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, count_solutions, solve
from sudokit.candidates import Candidates
from sudokit.logic import next_step, solve_path
from sudokit.logic.board import Board, geometry
from sudokit.logic.techniques import franken_fish
from support.boards import pencilmarks
from support.files import data_file, read_lines
from support.soundness import keeps_every_solution

FOUR = [
    franken_fish.FRANKEN,
    franken_fish.MUTANT,
    franken_fish.FINNED_FRANKEN,
    franken_fish.FINNED_MUTANT,
]

#: boards from solving paths of top1465 puzzles (one solution each), where the path next
#: needed a step scored 6.0 or more
ROWS_BOX = (
    "46 2456 2456 3 8 9 245 7 1 8 2579 23579 4 567 1 2359 23569 2356 1 4579 34579 26 567 2567 "
    "3459 35689 34568 2 4789 4789 5 3479 3478 6 1 38 679 3 1 2689 679 2678 2579 4 258 4679 "
    "456789 456789 2689 1 234678 2379 2389 238 5 24679 24679 1 3469 346 8 236 23467 34679 "
    "46789 46789 689 2 34568 1 356 34567 346 1 2468 7 3456 34568 2345 2356 9"
)
FINNED = (
    "1268 2368 256 4 237 57 1236 9 1368 249 489 259 235 6 1 23 7 38 126 236 7 23 9 8 4 5 136 "
    "48 7 1 6 5 9 38 34 2 2468 5 26 128 1248 3 9 146 7 3 24689 269 7 1248 24 168 146 5 7 29 3 "
    "1259 124 6 15 8 14 2569 1 8 359 234 245 7 236 346 256 26 4 158 12378 257 1356 1236 9"
)
EXAMPLES = {
    "franken-fish": (
        ROWS_BOX,
        "Franken Swordfish [r2c2 r2c3 r3c2 r3c3 r4c2 r4c3 r4c5 r7c2 r7c3 r7c5]: "
        "r5c5,r6c2,r6c3,r8c2,r8c3<>9",
    ),
    "mutant-fish": (
        ROWS_BOX,
        "Mutant Swordfish [r4c2 r4c3 r4c5 r5c1 r6c1 r7c2 r7c3 r7c5 r8c1]: "
        "r5c5,r6c2,r6c3,r8c2,r8c3<>9",
    ),
    "finned-franken-fish": (
        FINNED,
        "Finned Franken Swordfish [r1c5 r2c4 r3c4 r5c1 r5c3 r5c4 r5c5 r7c2 r7c4 r7c5]: r6c2<>2",
    ),
    "finned-mutant-fish": (
        FINNED,
        "Finned Mutant X-Wing [r6c6 r7c2 r7c4 r7c5 r8c6 r9c6]: r6c2<>2",
    ),
}
BY_KEY = {t.key: t for t in FOUR}



@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_each_fish_finds_its_pinned_step(key: str) -> None:
    text, expected = EXAMPLES[key]
    board = pencilmarks(text)
    solution = solve(board)
    assert solution is not None and count_solutions(board) == 1
    step = next_step(board, techniques=[BY_KEY[key]])
    assert step is not None and str(step) == expected
    assert step.key == key and step.text.startswith(step.technique)
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, f"{step}: removed the true {digit} from {cell}"


def test_the_fish_name_their_sets() -> None:
    step = next_step(pencilmarks(ROWS_BOX), techniques=[franken_fish.FRANKEN])
    assert step is not None
    assert step.text == (
        "Franken Swordfish: 9 in row 4, row 7, box 1 fits only in column 2, column 3, "
        "column 5, so 9 leaves the rest of the cover."
    )
    assert step.score == 6.4  # the Franken base 6.3, and 0.1 for a Swordfish


def test_what_counts_as_franken_mutant_or_basic() -> None:
    geo = geometry(Grid("." * 81).shape)
    row, col, box = 0, 9, 18  # the first row, column and box as unit indices
    assert franken_fish.is_basic(geo, (row, row + 1), (col, col + 1))
    assert not franken_fish.is_franken(geo, (row, row + 1), (col, col + 1))
    # rows and a box against columns, or rows against columns and a box: Franken
    assert franken_fish.is_franken(geo, (row, box), (col, col + 1))
    assert franken_fish.is_franken(geo, (row, row + 1), (col, box))
    assert franken_fish.is_franken(geo, (box, box + 4), (row, row + 3))
    # a row and a column on one side: mutant (neither of the others)
    assert not franken_fish.is_franken(geo, (row, col), (row + 1, box))
    assert not franken_fish.is_basic(geo, (row, col), (row + 1, box))


@pytest.mark.parametrize(
    ("name", "size", "every"),
    [
        ("puzzles3_magictour_top1465.txt", 4, 8),
        ("puzzles2_17_clue.txt", 6, 8),
        ("puzzles7_serg_benchmark.txt", 6, 4),
    ],
)
def test_fish_steps_keep_every_solution(name: str, size: int, every: int) -> None:
    lines = read_lines(data_file(name))
    found = 0
    for line in random.Random(13).sample(lines, size):
        puzzle = Grid(line)
        path = solve_path(puzzle)
        board = Candidates.pencilmarks(puzzle)
        for i, step in enumerate(path.steps + (None,)):
            if i % every == 0 or step is None:
                for tech in FOUR:
                    found_step = tech.find(Board.from_candidates(board))
                    if found_step is not None:
                        found += 1
                        keeps_every_solution(board, found_step)
            if step is not None:
                board = step.apply(board)
    assert found  # the checks were not vacuous
