"""What the techniques remember between board states never changes the step they find:
``Board.changed_since`` names exactly the cells that changed, and along real solving paths
each technique that skips the unchanged part of the board finds the same step as on a copy
of the board that remembers nothing."""

from __future__ import annotations

import random
from dataclasses import replace

from sudokit import Grid
from sudokit.logic import LADDER, solve_path
from sudokit.logic.board import Board
from sudokit.logic.path import find_step
from sudokit.logic.select import choose
from sudokit.logic.step import Step, Technique
from sudokit.logic.techniques import (
    aic,
    aligned_exclusion,
    als_xz,
    full_house,
    grouped_chains,
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
    grouped_chains.GROUPED_X_CHAIN,
    grouped_chains.GROUPED_AIC,
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


#: puzzles whose rating paths ask the grouped chains on boards where they proved nothing
#: before, with the same links and fewer candidates
GROUPED_PATHS = [
    ".......1.2316....99......7..2..9.......4.1..61..2..5....8......3...8.9..64.9....2",
    ".65.1....7..4.5........6.13..6....7..2..9..8.5....7.3...4..2...........18....492.",
    ".......52..7..18...9.....7...2.4......3.28.6.7..1.....6..4.5..32.576..4..........",
]


def test_the_grouped_chains_remember_only_boards_that_cannot_gain_a_chain(pure: bool) -> None:
    # the grouped chains run late in the ladder, mostly where nothing easier applies: along
    # the rating paths themselves each finds what it finds on a copy remembering nothing
    asked = {"grouped-x-chain": [], "grouped-aic": []}

    def compared(tech: Technique) -> Technique:
        def find(board: Board) -> Step | None:
            forgetful = board.copy()
            forgetful.memo = {}
            fresh = tech.find(forgetful)
            step = tech.find(board)
            assert (None if step is None else (str(step), step.text)) == (
                None if fresh is None else (str(fresh), fresh.text)), tech.key
            asked[tech.key].append(step is not None)
            return step
        return replace(tech, find=find)

    ladder = [compared(t) if t.key in asked else t for t in choose()]
    for line in GROUPED_PATHS:
        solve_path(Grid(line), techniques=ladder)
    # both found steps, and were asked again on boards where they had found nothing
    assert all(any(found) and found.count(False) >= 10 for found in asked.values())
