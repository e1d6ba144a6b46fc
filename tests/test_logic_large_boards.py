"""Logic on large, open boards: the expert and extreme techniques (chains, ALS, forcing
chains) build tables that grow with the square of the candidates, so they are left out on a
board with more than ``MAX_EXPERT_CANDIDATES`` candidates, and a time limit is checked
before each technique: ``hint``, ``explain`` and ``rate`` answer an open 36x36 grid at once
or when their time is up, not after minutes and gigabytes."""

from __future__ import annotations

import pytest

from clirunner import sudoku_process
from sudokit import Grid
from sudokit.logic.board import Board
from sudokit.logic.path import MAX_EXPERT_CANDIDATES, find_step, solve_path
from sudokit.logic.step import Level
from sudokit.logic.techniques import LADDER
from sudokit.shape import Shape

OPEN_36 = "\n".join(" ".join(["0"] * 36) for _ in range(36)).encode() + b"\n"
HARD_9 = "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5..........."


def _open_board(size: int) -> Board:
    board = Board.from_grid(Grid.unchecked((0,) * size * size, Shape.for_size(size)))
    board.solutions = 2
    return board


def test_the_expert_techniques_are_left_out_on_a_board_with_too_many_candidates() -> None:
    expert = [t for t in LADDER if t.level >= Level.EXPERT and not t.uniqueness]
    assert 36 ** 3 > MAX_EXPERT_CANDIDATES >= 25 ** 3
    assert find_step(_open_board(36), expert) is None  # none tried: no table is built
    # a 9x9 board is never crowded: the same techniques are searched there
    path = solve_path(Grid(HARD_9), techniques=LADDER)
    assert path.solved and any(step.level >= Level.EXPERT for step in path.steps)


def test_a_time_limit_is_checked_before_each_technique() -> None:
    path = solve_path(Grid(HARD_9), time_limit=0.0)
    assert path.gave_up == 0.0 and not path.solved and path.steps == ()
    assert any("gave up after" in note for note in path.notes)


@pytest.mark.parametrize(("command", "status", "words"), [
    ("hint", 0, "Brute Force"),
    ("explain", 0, "stuck after 0 steps"),
    ("rate", 1, "gave up after 3 s"),
])
def test_an_open_36x36_grid_is_answered_within_the_time_limit(
        pure: bool, command: str, status: int, words: str) -> None:
    done = sudoku_process(command, "--time-limit", "3", stdin=OPEN_36, pure=pure)
    assert done.status == status, done.stderr
    assert words in done.stdout.decode()

