"""The one-digit techniques remember, per digit, that they found nothing while that digit's
candidates stay the same, and skip it: skipping must never hide a step. Along real paths,
each technique run with its memory must find exactly what it finds on a board that
remembers nothing."""

from __future__ import annotations

import random

from sudokit import Grid
from sudokit.logic.board import Board
from sudokit.logic.path import find_step
from sudokit.logic.step import Step
from sudokit.logic.techniques import (
    aic,
    empty_rectangle,
    finned_fish,
    fish,
    franken_fish,
    grouped_chains,
    simple_colouring,
    skyscraper,
    static_chains,
    two_string_kite,
)
from support.files import data_file, read_lines

#: the techniques that keep something per digit on the board's memo
REMEMBERING = (
    fish.X_WING, fish.SWORDFISH, fish.JELLYFISH,
    finned_fish.FINNED[2], finned_fish.FINNED[3], finned_fish.FINNED[4],
    skyscraper.SKYSCRAPER, two_string_kite.TWO_STRING_KITE, empty_rectangle.EMPTY_RECTANGLE,
    simple_colouring.SIMPLE_COLOURING, aic.X_CHAIN, static_chains.NISHIO,
    franken_fish.FRANKEN, franken_fish.FINNED_FRANKEN,
    grouped_chains.GROUPED_X_CHAIN, grouped_chains.GROUPED_AIC,
)


def _forgetful(board: Board) -> Board:
    """The same board with nothing remembered."""
    other = board.copy()
    other.memo = {}
    return other


def _described(step: Step | None) -> str:
    return "none" if step is None else f"{step} | {step.text} | {step.score}"


def test_remembering_never_hides_a_step(pure: bool) -> None:
    lines = random.Random(5).sample(read_lines(data_file("puzzles3_magictour_top1465.txt")), 6)
    asked = 0
    for line in lines[: 2 if pure else 3]:  # each path asks the techniques 1,000 times or more
        board = Board.from_grid(Grid(line))
        board.solutions = 1
        for _ in range(200):
            if not board.unsolved:
                break
            # every remembering technique on every board of the path (more often than the
            # ladder asks them, so the memo sees more changes than it does in a rating)
            for tech in REMEMBERING:
                assert _described(tech.find(board)) == _described(tech.find(_forgetful(board))), (
                    f"{tech.key} on {line}"
                )
                asked += 1
            step = find_step(board)
            if step is None:
                break
            step.apply_to(board)
    assert asked > 300
