"""Avoidable rectangles (types 1 and 2): deadly patterns among digits found rather than
given. Steps pinned on solving paths (HoDoKu lists the same step on the same board, where it
lists one), the given digits left out, and every step checked against a plain search over
all rectangles written here."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates
from sudokit.logic import next_step, solve_path
from sudokit.logic.board import Board
from sudokit.logic.select import choose
from sudokit.logic.techniques import avoidable_rectangles
from support.files import data_file, read_lines

WITH_RECTANGLES = "default,avoidable-rectangle-1,avoidable-rectangle-2"

# (puzzle, the step on its path with the avoidable rectangles in the ladder)
PINNED = [
    (  # HoDoKu lists it too: "9/1 in r1c56,r7c56 => r7c5<>1"
        "5..2..3......8..9...2..4..66..1..9...1.....4...7..3..87..3..4...9..7..2...5..6..9",
        "Avoidable Rectangle Type 1 [r1c5 r1c6 r7c5 r7c6]: r7c5<>1",
    ),
    (  # HoDoKu lists it too: "9/3 in r3c12,r8c12 => r8c4,r9c1<>6"
        ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...",
        "Avoidable Rectangle Type 2 [r3c1 r3c2 r8c1 r8c2]: r8c4,r9c1<>6",
    ),
    (  # r5c6 = 7 and r5c9 = 9 were found; r4c6 {1,9} and r4c9 {1,7}: one of them is 1
        "694....1..2..7.9........25.......48.4.1...52......8..39..4......6.7.5.....3.8....",
        "Avoidable Rectangle Type 2 [r4c6 r4c9 r5c6 r5c9]: r4c4,r4c5<>1",
    ),
]


@pytest.mark.parametrize(("puzzle", "expected"), PINNED)
def test_the_path_takes_the_pinned_rectangle(pure: bool, puzzle: str, expected: str) -> None:
    grid = Grid(puzzle)
    solution = solve(grid)
    assert solution is not None
    steps = solve_path(grid, techniques=choose(WITH_RECTANGLES)).steps
    found = [s for s in steps if s.key.startswith("avoidable-rectangle")]
    assert str(found[0]) == expected
    for step in found:
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, f"{step}: removed the true {digit} from {cell}"
    # the default ladder does without them
    assert not any(s.key.startswith("avoidable") for s in solve_path(grid).steps)


def test_given_digits_make_no_rectangle() -> None:
    # the board just before the pinned step, as pencil marks: a pencilmark grid cannot say
    # which digits were found, so every placed digit counts as given and no rectangle shows
    puzzle, expected = PINNED[0]
    board = Candidates.pencilmarks(Grid(puzzle))
    for step in solve_path(Grid(puzzle), techniques=choose(WITH_RECTANGLES)).steps:
        if str(step) == expected:
            break
        board = step.apply(board)
    technique = avoidable_rectangles.AR_TYPE1
    assert next_step(board, techniques=[technique], unique=True) is None


def reference(board: Board) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Every elimination of type 1 and of type 2, over every rectangle of two rows, two
    columns and two boxes and every pair of digits, by the definition."""
    geo = board.geo
    values, masks = board.values, board.masks
    type1: set[tuple[int, int]] = set()
    type2: set[tuple[int, int]] = set()
    for (a, b), (c, d) in ((rows, cols) for rows in combinations(range(9), 2)
                           for cols in combinations(range(9), 2)):
        cells = (9 * a + c, 9 * a + d, 9 * b + c, 9 * b + d)
        if len({geo.box_of[x] for x in cells}) != 2:
            continue
        if any(board.givens >> x & 1 for x in cells) or sum(bool(values[x]) for x in cells) < 2:
            continue  # (both types need two found corners at least)
        for x, y in ((x, y) for x in range(1, 10) for y in range(1, 10) if x != y):
            deadly = dict(zip(cells, (x, y, y, x), strict=True))
            placed = [k for k in cells if values[k]]
            if any(values[k] != deadly[k] for k in placed):
                continue
            open_ = [k for k in cells if not values[k]]
            if not all(masks[k] >> (deadly[k] - 1) & 1 for k in open_):
                continue
            if len(placed) == 3:
                type1.add((open_[0], deadly[open_[0]]))
            share_line = len(placed) == 2 and (
                geo.row_of[placed[0]] == geo.row_of[placed[1]]
                or geo.col_of[placed[0]] == geo.col_of[placed[1]])
            if share_line:
                extras = {masks[k] & ~(1 << (deadly[k] - 1)) for k in open_}
                z = extras.pop()
                if not extras and z.bit_count() == 1:
                    for k in range(81):
                        if (masks[k] & z and not values[k] and k not in open_
                                and all(k in geo.peers[o] for o in open_)):
                            type2.add((k, z.bit_length()))
    return type1, type2


def test_steps_agree_with_the_plain_search() -> None:
    lines = random.Random(5).sample(read_lines(data_file("puzzles3_magictour_top1465.txt")), 4)
    lines += [puzzle for puzzle, _ in PINNED]
    met = [0, 0]
    for line in lines:
        grid = Grid(line)
        board = Board.from_grid(grid)
        board.solutions = 1
        for step in solve_path(grid).steps:
            expected = reference(board)
            for i, technique in enumerate((avoidable_rectangles.AR_TYPE1,
                                           avoidable_rectangles.AR_TYPE2)):
                found = technique.find(board)
                assert (found is None) == (not expected[i]), (line, step, found, expected[i])
                if found is not None:
                    met[i] += 1
                    names = board.geo.cell_names
                    made = {(names.index(e.cell), e.digit) for e in found.eliminations}
                    assert made <= expected[i]
            step.apply_to(board)
    assert met[0] and met[1]  # both kinds were met
