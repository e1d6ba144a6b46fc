"""The cell sets a board counts over its digits' cell sets (the cells with two candidates,
those with more than k) are the cells a look at each cell's candidates finds."""

from __future__ import annotations

import random

from sudokit import Grid
from sudokit.logic import LADDER
from sudokit.logic.board import Board
from sudokit.logic.path import find_step
from support.files import data_file, read_lines


def _cells(board: Board, keep: object) -> int:
    return sum(1 << c for c in range(board.geo.ncells)
               if not board.values[c] and keep(board.masks[c].bit_count()))  # type: ignore[operator]


def test_counted_cell_sets_match_each_cells_candidates(pure: bool) -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    boards = 0
    for line in random.Random(7).sample(lines, 3):
        board = Board.from_grid(Grid(line))
        board.solutions = 1
        while board.unsolved:
            assert board.bivalue_cells() == _cells(board, lambda k: k == 2)
            for k in range(1, 6):
                assert board.wider_than(k) == _cells(board, lambda m, k=k: m > k), k
            boards += 1
            step = find_step(board, LADDER)
            if step is None:
                break
            step.apply_to(board)
    assert boards > 50
