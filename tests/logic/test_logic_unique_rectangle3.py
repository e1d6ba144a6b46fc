"""Unique rectangle type 3 as HoDoKu finds it: a naked subset whose cells share a line and a
box clears both in one step; and the hidden pair form (the two extra corners hold one of the
pair's digits at most, so where the two digits have one other place in the unit between
them, that cell holds one of them). Boards met on solving paths, each step checked against
the eliminations worked out in the test and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.board import Board
from sudokit.logic.techniques import BY_KEY
from support.soundness import keeps_every_solution

#: r4c4, r4c5 hold only {2,6}; r7c4, r7c5 more
HIDDEN = Candidates([
    384, 384, 2, 80, 4, 1, 32, 8, 80, 80, 81, 12, 128, 26, 32, 277, 338, 5,
    112, 113, 12, 90, 256, 66, 21, 82, 128, 4, 8, 64, 34, 34, 16, 128, 1, 256,
    1, 2, 128, 256, 64, 4, 24, 32, 24, 288, 288, 16, 1, 128, 8, 64, 4, 2,
    208, 4, 1, 114, 50, 450, 280, 464, 88, 8, 208, 32, 84, 17, 448, 2, 464, 5,
    2, 208, 256, 12, 9, 192, 5, 208, 32,
])
#: r4c4, r4c6 hold only {6,8}; r2c4, r2c6 hold 4 or 7 besides, and so does r2c5
TWO_UNITS = Candidates([
    130, 68, 32, 149, 69, 256, 8, 82, 81, 138, 1, 16, 168, 72, 232, 386, 4, 352,
    136, 68, 256, 2, 77, 253, 145, 80, 113, 260, 8, 66, 160, 16, 160, 7, 322, 69,
    276, 128, 66, 261, 327, 69, 32, 8, 84, 276, 32, 1, 268, 334, 76, 22, 338, 128,
    64, 272, 128, 13, 269, 29, 20, 32, 2, 32, 2, 8, 64, 128, 20, 276, 1, 276,
    1, 272, 4, 272, 32, 2, 64, 128, 8,
])
#: a rectangle on {6,9} in columns 2 and 6 whose column 2 already holds a 9: no hidden pair
PLACED = Candidates([
    32, 64, 256, 4, 16, 1, 2, 8, 128, 1, 128, 16, 2, 256, 8, 64, 32, 4,
    10, 4, 10, 64, 32, 128, 256, 16, 1, 386, 290, 131, 16, 66, 288, 4, 65, 8,
    22, 18, 64, 8, 1, 6, 32, 128, 256, 268, 296, 13, 128, 68, 288, 16, 65, 2,
    400, 272, 32, 1, 12, 68, 136, 2, 80, 30, 26, 14, 32, 128, 66, 1, 256, 80,
    64, 1, 130, 256, 10, 16, 136, 4, 32,
])


def _removed(step: object) -> set[tuple[str, int]]:
    return {(e.cell, e.digit) for e in step.eliminations}  # type: ignore[attr-defined]


def _name(c: int) -> str:
    return f"r{c // 9 + 1}c{c % 9 + 1}"


def test_the_hidden_pair_form(pure: bool) -> None:
    # worked out here: in row 7, 2 and 6 have no place but the roof r7c4, r7c5 and r7c6
    row7 = range(54, 63)
    others = [c for c in row7 if c not in (57, 58) and HIDDEN.masks[c] & 0b100010]
    assert others == [59]
    step = BY_KEY["unique-rectangle-3"].find(Board.from_candidates(HIDDEN))
    assert step is not None
    assert _removed(step) == {(_name(59), d) for d in range(1, 10)
                              if HIDDEN.masks[59] >> (d - 1) & 1 and d not in (2, 6)}
    assert _removed(step) == {("r7c6", 7), ("r7c6", 8), ("r7c6", 9)}
    keeps_every_solution(HIDDEN, step)


def test_a_subset_in_a_line_and_a_box_clears_both(pure: bool) -> None:
    step = BY_KEY["unique-rectangle-3"].find(Board.from_candidates(TWO_UNITS))
    assert step is not None
    # r2c5 holds {4,7}, and so does the roof r2c4/r2c6 as one cell: row 2 and box 2 lose them
    assert TWO_UNITS.masks[13] == 0b1001000
    row2_box2 = set(range(9, 18)) | {r * 9 + c for r in range(3) for c in range(3, 6)}
    assert _removed(step) == {
        (_name(c), d) for c in row2_box2 - {12, 13, 14} for d in (4, 7)
        if TWO_UNITS.masks[c] >> (d - 1) & 1
    }
    assert {c for c, _ in _removed(step)} == {"r2c1", "r2c9", "r1c5", "r3c5", "r3c6"}
    keeps_every_solution(TWO_UNITS, step)


def test_no_hidden_pair_where_a_digit_of_the_pair_is_placed_in_the_unit(pure: bool) -> None:
    board = Board.from_candidates(PLACED)
    step = BY_KEY["unique-rectangle-3"].find(board.copy())
    assert step is not None
    assert _removed(step) == {("r7c2", 5)}
    keeps_every_solution(PLACED, step)
