"""``hint --all`` lists three times as many chains with ALS nodes as it lists of most other
techniques: a board often has a hundred of them, each removing two candidates, and HoDoKu's
chain through two sets on this board comes 36th in the listing's order. A limit asked for is
kept."""

from __future__ import annotations

import itertools

from sudokit import formats
from sudokit.logic import teach
from sudokit.logic.board import Board
from sudokit.logic.techniques import BY_KEY, als_nodes_chains
from support.boards import pencilmarks
from support.clirunner import sudoku
from support.soundness import keeps_every_solution

#: before HoDoKu's AIC (7)r5c7=(7)r5c9-(7=8)r1c8+r1c9+r2c8+r3c7+r3c9-(8=7)r9c3+r9c8
#: -(7)r1c3=(7)r1c9-(7)r5c9=(9)r5c9: 9 leaves r5c7 and 7 leaves r5c9
BOARD = pencilmarks(
    "8 6 57 9 25 1 3 245 2457 4 257 9 3 25 6 12578 258 12578 3 25 1 4 7 8 259 6 259 7 3 8 25 "
    "1 9 245 245 6 5 4 2 6 8 3 79 1 79 1 9 6 25 4 7 258 3 258 9 8 3 1 6 5 24 7 24 6 57 4 78 3 "
    "2 158 9 158 2 1 57 78 9 4 6 58 3"
)
SOLUTION = "865921347479356182321478965738519426542683719196247538983165274654732891217894653"
GONE = (("r5c7", 9), ("r5c9", 7))
TECH = BY_KEY["grouped-aic-als"]


def _gone(step: object) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((e.cell, e.digit) for e in step.eliminations))  # type: ignore[attr-defined]


def test_hint_all_lists_hodokus_chain_past_the_twentieth(pure: bool) -> None:
    every = [_gone(s) for s in als_nodes_chains.every(Board.from_candidates(BOARD))]
    assert GONE not in every[:teach.PER_TECHNIQUE]  # the plain limit would cut it
    shown = teach.all_steps(BOARD, techniques=[TECH])[TECH.name]
    most = teach.PER_TECHNIQUE * teach.LONG_LISTS[TECH.key]
    assert teach.PER_TECHNIQUE < len(shown) <= most
    assert [_gone(s) for s in shown] == every[:len(shown)]
    assert GONE in {_gone(s) for s in shown}
    for step in shown:
        assert all(SOLUTION[BOARD.shape.parse_cell(c)] != str(d) for c, d in step.eliminations)
        assert all(SOLUTION[BOARD.shape.parse_cell(c)] == str(d) for c, d in step.placements)
    for step in itertools.islice(shown, 0, None, 6):
        keeps_every_solution(BOARD, step)


def test_an_explicit_limit_is_kept() -> None:
    shown = teach.all_steps(BOARD, techniques=[TECH], limit=4)[TECH.name]
    assert len(shown) == 4


def test_the_command_shows_it() -> None:
    out = sudoku("hint", "--all", "--techniques", "grouped-aic-als",
                 stdin=formats.dumps([BOARD], "candidates").encode())
    assert out.status == 0 and ": r5c9<>7, r5c7<>9\n" in out.out
