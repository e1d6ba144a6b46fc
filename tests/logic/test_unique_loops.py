"""Unique loops (types 1, 2 and 4): the unique rectangle's deadly pattern on six cells or
more. A puzzle Sukaku Explainer rates by the same loop (4.6, "Unique Loop 6 type 2" on the
same six cells), every loop found checked against the pattern's definition, and every step
on real paths against the solution."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, solve
from sudokit.logic import rate, solve_path
from sudokit.logic.board import Board
from sudokit.logic.select import choose
from sudokit.logic.techniques import unique_loops
from support.files import data_file, read_lines

LOOPS = "default,unique-loop-1,unique-loop-2,unique-loop-4"
# published 4.6 in the Sudoku Exchange bank; Sukaku Explainer's step: "Unique Loop 6 type 2:
# Cells r2c7,r2c9,r7c9,r7c8,r4c8,r4c7 on 6, 8"
BANK = "...8.23..4......5...7...129.9.4.5..1..1...5..6..9.3.4.534...7...1......2..23.4..."
# the loop r1c2 r1c9 r3c8 r3c6 r2c6 r2c2 leaves column 9 (and 8) one cell alone: no
# deadly pattern, and taking it for one removed the solution's 2 from r1c2
NOT_A_LOOP = "..3....7.1..6...8....8....1...2.9.....1.....396..847..5...9.24......61.8.3......."


def test_the_bank_puzzle_rates_as_sukaku_explainer_does(pure: bool) -> None:
    r = rate(Grid(BANK), techniques=choose("sukaku"))
    assert (r.er, r.hardest) == (4.6, "Unique Loop Type 2")
    step = next(s for s in solve_path(Grid(BANK), techniques=choose("sukaku")).steps
                if s.key == "unique-loop-2")
    assert str(step) == "Unique Loop Type 2 [r2c7 r2c9 r4c7 r4c8 r7c8 r7c9]: r1c8,r6c9<>7"
    assert rate(Grid(BANK)).er == 5.8  # a W-Wing without the loops


def deadly(board: Board, pair: int, loop: tuple[int, ...]) -> bool:
    """By the definition: every cell open and holding the pair, each next to the following
    one, the length even, and every unit through the loop holding two of its cells, one of
    each colour when they alternate round it."""
    geo = board.geo
    if len(loop) % 2 or len(set(loop)) != len(loop):
        return False
    if any(board.values[c] or board.masks[c] & pair != pair for c in loop):
        return False
    if any(loop[i - 1] not in geo.peers[loop[i]] for i in range(len(loop))):
        return False
    for unit in geo.units:
        here = [i for i, c in enumerate(loop) if c in unit]
        if here and (len(here) != 2 or (here[0] - here[1]) % 2 == 0):
            return False
    return True


def test_every_loop_is_a_deadly_pattern_and_every_step_keeps_the_solution() -> None:
    lines = random.Random(7).sample(read_lines(data_file("puzzles3_magictour_top1465.txt")), 8)
    met = 0
    for line in [BANK, NOT_A_LOOP, *lines]:
        grid = Grid(line)
        solution = solve(grid)
        assert solution is not None
        board = Board.from_grid(grid)
        board.solutions = 1
        for step in solve_path(grid, techniques=choose(LOOPS)).steps:
            for pair, loop in unique_loops.loops(board):
                assert deadly(board, pair, loop), (line, loop)
                met += 1
            for technique in unique_loops.TECHNIQUES:
                found = technique.find(board)
                if found is not None:
                    for cell, digit in found.eliminations:
                        assert solution[cell] != digit, (line, found)
            step.apply_to(board)
    assert met


@pytest.mark.parametrize("length", [6, 8, 10, 12])
def test_longer_loops_score_more(length: int) -> None:
    # as Sudoku Explainer scores them: 4.6 for six or seven cells, 4.7 for eight or nine,
    # 5.0 for ten or more
    loop = tuple(range(length))
    expected = {6: 4.6, 8: 4.7, 10: 5.0, 12: 5.0}[length]
    assert unique_loops.loop_score(unique_loops.UL_TYPE1, loop) == expected
