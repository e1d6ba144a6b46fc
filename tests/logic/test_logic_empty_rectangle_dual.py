"""The dual Empty Rectangle: one box's row and column met by two strong links, one in a row
and one in a column, that remove the digit from two cells. ``hint --all`` offers it as one
step (HoDoKu's Dual Empty Rectangle) besides each single one; the ladder's step is unchanged.
Checked against the pattern worked out in the test and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.path import board_of
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY
from sudokit.logic.techniques.empty_rectangle import EMPTY_RECTANGLE
from support.soundness import keeps_every_solution

#: met on a solving path: in box 7, 5 lies only in row 9 or column 3; 5 is in r4c3 or r4c4
#: (row 4) and in r4c4 or r9c4 (column 4): 5 leaves r9c4 and r4c3
BOARD = Candidates([
    64, 35, 128, 256, 40, 40, 4, 17, 19, 256, 4, 8, 2, 16, 1, 32, 192, 192, 16, 35, 35, 192,
    4, 192, 258, 8, 259, 1, 8, 80, 80, 256, 4, 128, 2, 32, 4, 34, 256, 8, 128, 34, 1, 80, 80,
    128, 80, 114, 1, 34, 98, 8, 256, 4, 2, 256, 20, 32, 1, 144, 64, 132, 8, 40, 128, 33, 4,
    64, 266, 16, 33, 259, 40, 80, 117, 144, 10, 410, 258, 165, 387,
])
FIVE = 1 << 4


def _places(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(r, c) for r, c in cells if BOARD.masks[9 * (r - 1) + c - 1] & FIVE]


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


def _listed() -> list[object]:
    return [s for steps in all_steps(BOARD, [BY_KEY["empty-rectangle"]], limit=50).values()
            for s in steps]


def test_the_pattern_is_on_the_board() -> None:
    box7 = [(r, c) for r in (7, 8, 9) for c in (1, 2, 3)]
    assert all(r == 9 or c == 3 for r, c in _places(box7))
    assert len({r for r, _ in _places(box7)}) > 1 and len({c for _, c in _places(box7)}) > 1
    assert _places([(4, c) for c in range(1, 10)]) == [(4, 3), (4, 4)]
    assert _places([(r, 4) for r in range(1, 10)]) == [(4, 4), (9, 4)]


def test_hint_all_offers_the_dual_step(pure: bool) -> None:
    dual = {("r4c3", 5), ("r9c4", 5)}
    listed = _listed()
    assert any(_removed(s) == dual for s in listed)
    assert any(_removed(s) == {("r9c4", 5)} for s in listed)


def test_every_listed_step_is_sound(pure: bool) -> None:
    listed = _listed()
    assert listed
    for step in listed:
        keeps_every_solution(BOARD, step)  # type: ignore[arg-type]


def test_the_ladder_step_removes_one_candidate(pure: bool) -> None:
    step = EMPTY_RECTANGLE.find(board_of(BOARD))
    assert step is not None and len(step.eliminations) == 1
