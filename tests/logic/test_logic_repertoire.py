"""Uniqueness patterns whose corners have already lost a digit of the pair: the rectangle
still counts for the unique rectangles of types 1 to 6 and the hidden rectangle. Boards met
on real solving paths, pinned; every step of the patterns checked against the solution."""

from __future__ import annotations

import random
import re

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates
from sudokit.logic import Level, next_step, solve_path
from sudokit.logic.techniques import BY_KEY
from support.files import data_file, read_lines
from support.soundness import keeps_every_solution

# Boards met on the paths of top1465 puzzles, each where the pattern needs a corner that
# lost a digit of its pair (none of these steps is found when every corner must hold both)
PINNED: dict[str, tuple[str, list[int]]] = {
    "hidden-rectangle": (
        "r9c1<>6",
        [
            272, 304, 128, 64, 2, 4, 288, 8, 1, 260, 64, 10, 392, 1, 32, 384, 22, 18, 36, 1, 10,
            16, 136, 392, 418, 100, 66, 2, 52, 64, 264, 48, 1, 44, 128, 312, 17, 144, 33, 4, 56,
            266, 64, 50, 264, 8, 52, 256, 130, 112, 194, 38, 1, 50, 320, 266, 16, 32, 200, 202, 1,
            258, 4, 128, 34, 4, 1, 256, 16, 42, 96, 106, 353, 42, 33, 10, 4, 72, 16, 288, 128
        ],
    ),
    "unique-rectangle-1": (
        "r9c2<>6",
        [
            48, 32, 2, 8, 128, 256, 4, 64, 1, 8, 1, 64, 16, 32, 4, 2, 256, 128, 256, 4, 128, 64,
            2, 1, 32, 8, 16, 1, 16, 8, 256, 4, 64, 128, 2, 32, 128, 256, 32, 2, 8, 16, 64, 1, 4,
            64, 2, 4, 128, 1, 32, 264, 16, 264, 2, 8, 1, 32, 64, 136, 272, 4, 258, 4, 160, 16, 1,
            256, 2, 8, 160, 72, 34, 104, 256, 4, 16, 136, 1, 160, 66
        ],
    ),
    "unique-rectangle-2": (
        "r1c2<>2",
        [
            64, 34, 128, 256, 10, 10, 4, 1, 16, 256, 4, 8, 32, 16, 1, 2, 64, 128, 16, 1, 2, 64, 4,
            128, 32, 8, 256, 1, 8, 64, 16, 256, 4, 128, 2, 32, 4, 34, 256, 8, 128, 34, 1, 16, 64,
            128, 16, 34, 1, 34, 64, 8, 256, 4, 32, 256, 4, 2, 1, 16, 64, 128, 8, 10, 128, 1, 4,
            64, 264, 16, 32, 2, 10, 64, 16, 128, 40, 40, 256, 4, 1
        ],
    ),
    "unique-rectangle-3": (
        "r5c8<>1",
        [
            8, 32, 129, 256, 4, 129, 16, 2, 64, 67, 16, 3, 32, 67, 8, 128, 4, 256, 70, 256, 130,
            16, 194, 192, 8, 32, 1, 33, 4, 8, 192, 16, 225, 2, 256, 128, 3, 128, 272, 8, 65, 325,
            32, 65, 20, 33, 64, 272, 2, 161, 421, 4, 1, 156, 128, 8, 32, 1, 256, 2, 64, 16, 20,
            16, 1, 4, 192, 224, 224, 256, 8, 2, 256, 2, 64, 4, 8, 16, 1, 128, 32
        ],
    ),
    "unique-rectangle-4": (
        "r9c1<>6",
        [
            272, 304, 128, 64, 2, 4, 288, 8, 1, 260, 64, 10, 392, 1, 32, 384, 22, 18, 36, 1, 10,
            16, 136, 392, 418, 100, 66, 2, 52, 64, 264, 48, 1, 44, 128, 312, 17, 144, 33, 4, 56,
            266, 64, 50, 264, 8, 52, 256, 130, 112, 194, 38, 1, 50, 320, 266, 16, 32, 200, 202, 1,
            258, 4, 128, 34, 4, 1, 256, 16, 42, 96, 106, 353, 42, 33, 10, 4, 72, 16, 288, 128
        ],
    ),
    "unique-rectangle-5": (
        "r9c9<>1",
        [
            8, 1, 4, 16, 256, 2, 128, 64, 32, 384, 2, 16, 32, 64, 129, 8, 260, 5, 384, 32, 64, 8,
            4, 129, 273, 275, 19, 1, 4, 32, 2, 16, 8, 64, 128, 256, 2, 256, 8, 128, 32, 64, 4, 17,
            17, 64, 16, 128, 4, 1, 256, 32, 10, 10, 4, 128, 258, 1, 10, 32, 272, 280, 88, 32, 8,
            257, 64, 128, 16, 2, 261, 5, 16, 64, 3, 256, 10, 4, 1, 32, 201
        ],
    ),
    "unique-rectangle-6": (
        "r3c5,r5c6<>6",
        [
            1, 32, 64, 128, 16, 2, 8, 256, 4, 260, 2, 8, 1, 320, 68, 144, 32, 144, 404, 388, 400,
            8, 288, 36, 64, 2, 1, 8, 16, 4, 64, 1, 384, 32, 128, 2, 64, 129, 2, 16, 36, 168, 5,
            12, 256, 384, 257, 32, 2, 260, 136, 21, 72, 80, 2, 72, 257, 36, 128, 65, 260, 16, 40,
            32, 132, 17, 256, 8, 17, 2, 68, 192, 404, 72, 400, 36, 66, 80, 388, 1, 40
        ],
    ),
}

KEYS = sorted(PINNED)
#: top1465 puzzles (by their place in the file) whose solving path meets thinned rectangles
THINNED_PATHS = (20, 341, 426, 460, 586, 612, 673, 875, 1109, 1306, 1349, 1367)
_CORNERS = re.compile(r"Unique rectangle (\S+), (\S+), (\S+) and (\S+) on \{(\d),(\d)\}")


def _thinned_corner(board: Candidates, text: str) -> bool:
    """Does the step's rectangle (named in ``text``) have a corner without both digits?"""
    found = _CORNERS.match(text)
    assert found is not None, text
    pair = {int(found.group(5)), int(found.group(6))}
    shape = board.shape
    return any(not pair <= board.candidates(shape.parse_cell(found.group(i))) for i in range(1, 5))


@pytest.mark.parametrize("key", KEYS)
def test_a_corner_that_lost_a_digit_still_makes_the_rectangle(key: str) -> None:
    change, masks = PINNED[key]
    board = Candidates(masks)
    step = next_step(board, techniques=[BY_KEY[key]], unique=True)
    assert step is not None, key
    assert step.changes() == change
    assert step.key == key and _thinned_corner(board, step.text)
    keeps_every_solution(board, step)


@pytest.mark.parametrize("key", KEYS)
def test_never_without_one_solution(key: str) -> None:
    board = Candidates(PINNED[key][1])
    assert next_step(board, techniques=[BY_KEY[key]], unique=False) is None


def _boards_along(line: str) -> list[Candidates]:
    puzzle = Grid(line)
    board = Candidates.pencilmarks(puzzle)
    out = []
    for step in solve_path(puzzle).steps:
        if step.level >= Level.HARD:
            out.append(board)
        board = step.apply(board)
    return out


def test_no_rectangle_step_removes_the_solution_along_real_paths() -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    # the puzzles whose rating the thinned rectangles changed, and a few others
    chosen = [lines[i] for i in THINNED_PATHS] + random.Random(35).sample(lines, 4)
    thinned = 0
    for line in chosen:
        solution = solve(Grid(line))
        assert solution is not None
        for board in _boards_along(line):
            for key in (*KEYS, "unique-rectangle-3"):
                step = next_step(board, techniques=[BY_KEY[key]], unique=True)
                if step is None:
                    continue
                thinned += _thinned_corner(board, step.text)
                for cell, digit in step.eliminations:
                    assert solution[cell] != digit, f"{line}: {step}"
    assert thinned >= 5  # the thinned rectangles were met, not only the full ones
