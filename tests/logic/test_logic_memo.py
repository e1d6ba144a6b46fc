"""What the techniques remember between board states never changes the step they find:
``Board.changed_since`` names exactly the cells that changed, and along real solving paths
each technique that skips the unchanged part of the board finds the same step as on a copy
of the board that remembers nothing."""

from __future__ import annotations

import random

from sudokit import Grid
from sudokit.logic import LADDER
from sudokit.logic.board import Board
from sudokit.logic.path import find_step
from sudokit.logic.step import Technique
from sudokit.logic.techniques import (
    aic,
    aligned_exclusion,
    als_xz,
    full_house,
    hidden_rectangles,
    hidden_single,
    subsets,
    sue_de_coq,
    unique_rectangle5,
    unique_rectangles,
    xy_wing,
    xyz_wing,
)
from support.files import data_file, read_lines

#: the techniques that look again only where the board changed since they last found nothing
REMEMBERING: list[Technique] = [
    full_house.FULL_HOUSE,
    hidden_single.HIDDEN_SINGLE,
    als_xz.ALS_XZ,
    sue_de_coq.SUE_DE_COQ,
    aligned_exclusion.ALIGNED_PAIR,
    *subsets.NAKED.values(),
    *subsets.HIDDEN.values(),
    xy_wing.XY_WING,
    xyz_wing.XYZ_WING,
    aic.XY_CHAIN,
    aic.AIC,
    unique_rectangles.UR_TYPE1,
    unique_rectangles.UR_TYPE2,
    unique_rectangles.UR_TYPE3,
    unique_rectangles.UR_TYPE4,
    unique_rectangle5.UR_TYPE5,
    hidden_rectangles.UR_TYPE6,
    hidden_rectangles.HIDDEN_RECTANGLE,
]

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_changed_since_names_the_cells_that_changed() -> None:
    board = Board.from_grid(Grid(PUZZLE))
    assert board.changed_since(None) == -1  # nothing remembered: everything is new
    before = board.snapshot()
    assert board.changed_since(before) == 0
    cell = next(c for c in range(81) if board.masks[c].bit_count() > 2)
    digit = board.masks[cell].bit_length()
    board.eliminate(cell, digit)
    assert board.changed_since(before) == 1 << cell
    # a placement changes the cell and every peer that loses the digit
    other = next(c for c in range(81) if not board.values[c] and c != cell)
    placed = board.masks[other].bit_length()
    losing = {p for p in board.geo.peers[other] if board.has(p, placed) and not board.values[p]}
    board.place(other, placed)
    changed = board.changed_since(before)
    assert changed == sum(1 << c for c in {cell, other} | losing)
    # a board that regained a candidate is not a sub-board: every cell counts as changed
    earlier = Board.from_grid(Grid(PUZZLE))
    assert earlier.changed_since(board.snapshot()) == -1


def test_what_a_technique_remembers_never_changes_its_step(pure: bool) -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    found = 0
    for line in random.Random(5).sample(lines, 6):
        board = Board.from_grid(Grid(line))
        board.solutions = 1
        while board.unsolved:
            for tech in REMEMBERING:
                forgetful = board.copy()
                forgetful.memo = {}
                fresh = tech.find(forgetful)
                step = tech.find(board)
                assert (None if step is None else (str(step), step.text)) == (
                    None if fresh is None else (str(fresh), fresh.text)
                ), tech.key
                found += step is not None
            step = find_step(board, LADDER)
            if step is None:
                break
            step.apply_to(board)
    assert found >= 20  # the comparison was not vacuous
