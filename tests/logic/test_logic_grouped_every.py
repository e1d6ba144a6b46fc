"""hint --all lists grouped chains between every pair of ends a grouped link reaches, not
only the shortest chain of each link: a chain HoDoKu takes is listed. Each listed step is
checked for soundness; the first is still the technique's own step."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.board import Board
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques.grouped_chains import GROUPED_AIC, every_grouped_chain
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

#: a board met on a solving path, where HoDoKu's grouped AIC
#: (9)r3c8=(9)r23c7-(9)r9c7=(7)r9c7-(7)r6c7=(7)r6c8 removes r3c8<>7 and r6c8<>9
BOARD = (
    "6 125 1357 9 178 1378 4 127 278 279 4 179 128 5 178 16789 3 2678 2379 1239 8 1234 147 6 "
    "179 1279 5 5 1689 149 7 14689 1489 3 129 289 489 7 1349 148 2 13489 5 6 89 389 13689 2 "
    "138 1689 5 1789 179 4 1 2589 4579 6 4789 4789 279 45 3 2479 259 4579 145 3 1479 2679 8 "
    "679 34789 3589 6 458 4789 2 79 45 1"
)


def _board() -> Candidates:
    return pencilmarks(BOARD)


def test_hint_all_lists_the_grouped_chain_between_other_ends(pure: bool) -> None:
    board = _board()
    listed = all_steps(board, [GROUPED_AIC])[GROUPED_AIC.name]
    removed = [{(e.cell, e.digit) for e in s.eliminations} for s in listed]
    assert {("r3c8", 7), ("r6c8", 9)} in removed
    assert len(removed) == len({frozenset(r) for r in removed})
    for step in listed:
        keeps_every_solution(board, step)


def test_the_first_listed_is_the_techniques_step(pure: bool) -> None:
    board = _board()
    first = next(every_grouped_chain(Board.from_candidates(board), one_digit=False))
    assert first == GROUPED_AIC.find(Board.from_candidates(board))
