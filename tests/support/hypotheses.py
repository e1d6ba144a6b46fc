"""Assumptions' boards for the tests of the nested chains: a hard puzzle's root after the
ladder's first techniques, and layers inside assumptions on it."""

from __future__ import annotations

import random

from sudokit import Grid
from sudokit.logic import LADDER, solve_path
from sudokit.logic.board import Board, Contradiction, bits
from sudokit.logic.graphs.hypothesis import Hypothesis
from sudokit.rules import Rules

#: an X-sudoku whose assumptions reach the diagonals' units
X_PUZZLE = "2..4..7....1..9..6.6..2..8....6..1....3..5..7.1..4..3....7..8....8..4..2.9..8..7."


def hypothesis_layers(puzzle: str, rules: Rules | None, count: int) -> list[Hypothesis]:
    """The root after the ladder's first techniques, and up to ``count`` layers inside an
    assumption on it (each a copy of a settled assumption: what it drew is outer there),
    the assumptions drawn at random, seeded by the puzzle."""
    grid = Grid(puzzle) if rules is None else Grid(puzzle, rules=rules)
    board = Board.from_candidates(solve_path(grid, techniques=LADDER[:3]).final)
    root = Hypothesis.of(board, track=True)
    out = [root]
    candidates = [(c, d0) for c in bits(board.unsolved) for d0 in bits(board.masks[c])]
    for c, d0 in random.Random(puzzle).sample(candidates, count):
        h = root.copy()
        try:
            h.singles([(c, d0)], inline=False)
        except Contradiction:
            continue
        out.append(h.copy())
    return out
