"""Logic on large, open boards: the expert and extreme techniques (chains, ALS, forcing
chains) build tables that grow with the square of the candidates, so they are left out on a
board with more than ``MAX_EXPERT_CANDIDATES`` candidates, and a time limit is checked
before each technique: ``hint``, ``explain`` and ``rate`` answer an open 36x36 grid at once
or when their time is up, not after minutes and gigabytes."""

from __future__ import annotations

import pytest

from sudokit import Grid
from sudokit.logic.board import Board
from sudokit.logic.path import MAX_EXPERT_CANDIDATES, find_step, solve_path
from sudokit.logic.step import Level
from sudokit.logic.techniques import LADDER
from sudokit.shape import Shape
from support.clirunner import sudoku_process

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
    # a nanosecond: spent before the first technique, on any machine (0 is not a time limit)
    path = solve_path(Grid(HARD_9), time_limit=1e-9)
    assert path.gave_up == 1e-9 and not path.solved and path.steps == ()
    assert any("gave up after" in note for note in path.notes)


#: The searches a hint or a path takes on an open 36x36 board: each technique below expert
#: once (uniqueness techniques are not tried on a board with several solutions).
SEARCHES_BELOW_EXPERT = sum(1 for t in LADDER if t.level < Level.EXPERT and not t.uniqueness)
#: A time limit far beyond the work, so that only the budget of searches can end it.
NO_TIME_LIMIT = "100000"


@pytest.mark.parametrize(("command", "words"), [
    ("hint", "Brute Force [r1c1]: r1c1=1"),
    ("explain", "stuck after 0 steps"),
])
def test_an_open_36x36_grid_is_answered_without_the_expert_techniques(
        pure: bool, command: str, words: str) -> None:
    """The work is bounded by technique searches, not seconds: the same on any machine."""
    done = sudoku_process(command, "--time-limit", NO_TIME_LIMIT,
                          "--max-searches", str(SEARCHES_BELOW_EXPERT), stdin=OPEN_36, pure=pure)
    assert done.status == 0, done.stderr
    assert words in done.stdout.decode()


@pytest.mark.parametrize("command", ["hint", "explain"])
def test_a_budget_of_technique_searches_ends_the_work_and_says_so(command: str) -> None:
    """A search is one technique tried on one board: the first, Full House, finds nothing."""
    done = sudoku_process(command, "--max-searches", "1", stdin=HARD_9.encode() + b"\n")
    assert done.status == 1
    assert "ERROR: gave up after 1 technique search (--max-searches)" in done.stdout.decode()


def test_rate_gives_up_on_an_open_36x36_grid_at_its_time_limit() -> None:
    """Rating an open 36x36 grid takes minutes of steps: a limit of a second always ends it
    (the faster the machine, the more steps are taken first, but never all of them)."""
    done = sudoku_process("rate", "--time-limit", "1", stdin=OPEN_36)
    assert done.status == 1, done.stderr
    assert "gave up after 1 s" in done.stdout.decode()
