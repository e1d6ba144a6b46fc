"""The rectangles the uniqueness techniques look at, listed from what the board remembers
between its states, are those a plain look at every rectangle finds, in the same order,
however the candidates change (the steps of a path, or candidates removed at random)."""

from __future__ import annotations

import random

from sudokit import Grid
from sudokit.logic.board import Board
from sudokit.logic.techniques import hidden_rectangles, unique_rectangles
from support.files import data_file, read_lines


def _two_boxes(board: Board, corners: tuple[int, ...]) -> bool:
    return len({board.geo.box_of[c] for c in corners}) == 2


def _open(board: Board, c: int) -> bool:
    return not board.values[c] and board.masks[c].bit_count() >= 2


def _corner(board: Board, c: int, pair: int) -> bool:
    """Both digits of the pair, or one of them among other candidates."""
    m = board.masks[c]
    return _open(board, c) and (m & pair == pair or (m & pair != 0 and m & ~pair != 0))


def _all_rectangles(board: Board) -> list[tuple[int, int, int, int, int]]:
    n = board.geo.n
    found = []
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for k1 in range(n):
                for k2 in range(k1 + 1, n):
                    corners = (r1 * n + k1, r1 * n + k2, r2 * n + k1, r2 * n + k2)
                    if not _two_boxes(board, corners):
                        continue
                    for pair in {board.masks[c] for c in corners if _open(board, c)
                                 and board.masks[c].bit_count() == 2}:
                        if not all(_corner(board, c, pair) for c in corners):
                            continue
                        first = min(c for c in corners if board.masks[c] == pair)
                        row = r2 if first // n == r1 else r1
                        col = k2 if first % n == k1 else k1
                        found.append(((first, row, col), (pair, *corners)))
    return [rectangle for _, rectangle in sorted(found)]


def _floor_rectangles(board: Board) -> list[tuple[int, int, int, int, int]]:
    n = board.geo.n
    found = []
    cells = range(board.geo.ncells)
    for f1 in cells:
        pair = board.masks[f1]
        if not _open(board, f1) or pair.bit_count() != 2:
            continue
        for side in (0, 1):
            for f2 in cells:
                same_line = f1 // n == f2 // n if side == 0 else f1 % n == f2 % n
                if f2 <= f1 or not same_line or board.values[f2] or board.masks[f2] != pair:
                    continue
                for other in range(n):
                    if side == 0:
                        roof = (other * n + f1 % n, other * n + f2 % n)
                    else:
                        roof = (f1 // n * n + other, f2 // n * n + other)
                    if f1 in roof or not all(
                            _open(board, c) and board.masks[c] & pair for c in roof):
                        continue
                    if _two_boxes(board, (f1, f2, *roof)):
                        found.append(((f1, side, f2, other), (pair, f1, f2, *roof)))
    return [rectangle for _, rectangle in sorted(found)]


def test_listed_rectangles_are_every_rectangle_in_order(pure: bool) -> None:
    rng = random.Random(11)
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    listed = 0
    for line in rng.sample(lines, 3):
        board = Board.from_grid(Grid(line))
        for _ in range(40):
            assert hidden_rectangles.rectangles(board) == _all_rectangles(board)
            assert unique_rectangles.rectangles(board) == _floor_rectangles(board)
            listed += len(hidden_rectangles.rectangles(board))
            # a candidate removed, or a digit placed, anywhere
            cells = [c for c in range(81) if _open(board, c)]
            if not cells:
                break
            cell = rng.choice(cells)
            digit = rng.choice([d + 1 for d in range(9) if board.masks[cell] >> d & 1])
            if rng.random() < 0.2:
                board.place(cell, digit)
            else:
                board.eliminate(cell, digit)
    assert listed > 100  # the comparison was not vacuous
