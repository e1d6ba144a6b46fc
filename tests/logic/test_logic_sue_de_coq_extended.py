"""Large Sue de Coq (optional) in HoDoKu's extended form: a digit both sides hold may lie
in both (the cells then number as many as the digits and that digit), and a cell of the
box-line intersection left out of the centre may serve in a side. Checked against the
count worked out in the test and for soundness; the default Sue de Coq takes neither."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.board import Board
from sudokit.logic.techniques.sue_de_coq import MAX_SIDE, every
from support.soundness import keeps_every_solution

#: met on a solving path: r13c7 {3459} with r57c7 {139} of column 7 and r1c89 {145} of
#: box 3, both sides holding 1
SHARED = Candidates([
    256, 32, 78, 70, 128, 68, 28, 25, 9, 1, 12, 72, 256, 28, 84, 2, 160, 160, 128, 16, 10,
    32, 14, 1, 268, 268, 64, 24, 136, 256, 1, 64, 2, 32, 152, 4, 6, 64, 133, 16, 32, 8, 257,
    387, 387, 58, 11, 57, 132, 256, 132, 25, 64, 11, 102, 391, 165, 8, 22, 212, 261, 295,
    291, 14, 399, 141, 134, 6, 32, 64, 271, 16, 126, 14, 60, 66, 1, 256, 128, 46, 42,
])
#: met on a solving path: r12c5 {2347} with r36c5 {278} of column 5 (r3c5 in box 2 as
#: well) and r1c6 {34} of box 2
INSIDE = Candidates([
    192, 16, 256, 32, 76, 12, 1, 2, 200, 1, 32, 192, 338, 74, 274, 24, 4, 144, 8, 2, 4, 1,
    192, 144, 32, 80, 256, 308, 128, 24, 270, 1, 302, 26, 104, 76, 36, 64, 2, 140, 16, 172,
    136, 256, 1, 304, 12, 1, 386, 130, 64, 146, 56, 36, 208, 256, 216, 216, 32, 152, 4, 1,
    2, 150, 12, 136, 158, 256, 1, 64, 56, 48, 86, 1, 32, 94, 78, 30, 256, 128, 24,
])


def _mask(board: Candidates, cells: list[str]) -> int:
    out = 0
    for name in cells:
        out |= board.masks[9 * (int(name[1]) - 1) + int(name[3]) - 1]
    return out


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


def _made(board: Candidates, cells: set[str], most: int = 5) -> list[object]:
    return [s for s in every(Board.from_candidates(board), most)
            if set(s.cells) == cells]  # type: ignore[attr-defined]


def test_a_digit_both_sides_hold_lies_in_both(pure: bool) -> None:
    centre, line, box = ["r1c7", "r3c7"], ["r5c7", "r7c7"], ["r1c8", "r1c9"]
    # the count, worked out here: 6 cells, 5 digits, 1 in both sides (so twice)
    shared = _mask(SHARED, line) & _mask(SHARED, box)
    assert shared == 1 << 0
    assert _mask(SHARED, centre + line + box).bit_count() + 1 == 6
    made = _made(SHARED, set(centre + line + box))
    assert made and _removed(made[0]) == {("r3c8", 4), ("r6c7", 1)}
    assert made[0].technique == "Large Sue de Coq"  # type: ignore[attr-defined]
    assert not _made(SHARED, set(centre + line + box), MAX_SIDE)


def test_a_cell_of_the_intersection_may_serve_in_a_side(pure: bool) -> None:
    centre, line, box = ["r1c5", "r2c5"], ["r3c5", "r6c5"], ["r1c6"]
    assert _mask(INSIDE, centre + line + box).bit_count() == 5
    assert not _mask(INSIDE, line) & _mask(INSIDE, box)
    made = _made(INSIDE, set(centre + line + box))
    assert any(_removed(s) == {("r9c5", 2), ("r9c5", 7)} for s in made)


def test_every_extended_step_is_sound(pure: bool) -> None:
    for board in (SHARED, INSIDE):
        steps = list(every(Board.from_candidates(board)))
        assert steps
        for step in steps:
            keeps_every_solution(board, step)
