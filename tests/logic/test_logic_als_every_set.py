"""The optional ALS techniques that take HoDoKu's sets (doubly linked ALS-XZ and the large
ALS-XY-Wing): sets of six to eight cells, and ``hint --all`` offering every pair or wing
(each set of eliminations once), not only the first. Checked against the pattern worked out
in the test (a set's cells and digits, the restricted common's places) and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.board import Board
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY, OPTIONAL
from sudokit.logic.techniques.als_xy_wing import every as every_wing
from sudokit.logic.techniques.als_xz import every as every_pair
from support.soundness import keeps_every_solution

#: met on a solving path: r6c124678 (six cells, seven digits) and r7c569 (three
#: cells, four digits) share 2, whose places all see one another; 7 leaves r6c5
XZ_BOARD = Candidates([
    65, 16, 2, 260, 8, 32, 128, 260, 65, 425, 425, 388, 276, 148, 64, 24, 2, 9, 200, 200,
    452, 2, 148, 1, 32, 260, 88, 112, 100, 8, 128, 116, 20, 256, 1, 2, 2, 416, 400, 8, 1,
    272, 64, 48, 4, 368, 356, 1, 68, 102, 262, 24, 56, 128, 344, 330, 32, 1, 80, 26, 4,
    128, 24, 217, 137, 208, 84, 256, 156, 2, 88, 32, 4, 202, 208, 32, 82, 154, 1, 88, 256,
])
#: met on a solving path: the pivot r239c9 {3468} is linked by 6 to r8c129 {4679} and by 8
#: to row 7 without r7c2, r7c3 (seven cells, eight digits); 4 leaves r7c3
WING_BOARD = Candidates([
    332, 324, 16, 96, 268, 128, 38, 38, 1, 128, 71, 110, 99, 79, 35, 16, 256, 44, 271, 263,
    302, 51, 271, 307, 64, 128, 44, 87, 87, 70, 8, 355, 291, 132, 101, 228, 32, 8, 198, 195,
    67, 3, 256, 69, 16, 321, 449, 448, 225, 16, 4, 8, 97, 2, 334, 32, 462, 19, 3, 27, 134,
    70, 452, 328, 320, 1, 4, 128, 42, 34, 16, 352, 22, 150, 134, 256, 34, 64, 1, 8, 164,
])


def _cell(name: str) -> int:
    return 9 * (int(name[1]) - 1) + int(name[3]) - 1


def _digits(board: Candidates, cells: list[str]) -> int:
    out = 0
    for name in cells:
        out |= board.masks[_cell(name)]
    return out


def _sees(a: str, b: str) -> bool:
    ra, ca, rb, cb = int(a[1]), int(a[3]), int(b[1]), int(b[3])
    return ra == rb or ca == cb or ((ra - 1) // 3, (ca - 1) // 3) == ((rb - 1) // 3, (cb - 1) // 3)


def _holding(board: Candidates, cells: list[str], digit: int) -> list[str]:
    return [c for c in cells if board.masks[_cell(c)] >> (digit - 1) & 1]


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


def _listed(board: Candidates, key: str) -> list[object]:
    return [s for steps in all_steps(board, [BY_KEY[key]], limit=200).values() for s in steps]


def test_a_pair_with_a_set_of_six_cells_is_offered(pure: bool) -> None:
    a = ["r6c1", "r6c2", "r6c4", "r6c6", "r6c7", "r6c8"]
    b = ["r7c5", "r7c6", "r7c9"]
    # the pattern, worked out here: two almost locked sets, 2 their restricted common
    assert all(XZ_BOARD.masks[_cell(c)].bit_count() > 1 for c in a + b)
    assert _digits(XZ_BOARD, a).bit_count() == len(a) + 1
    assert _digits(XZ_BOARD, b).bit_count() == len(b) + 1
    assert all(_sees(p, q) for p in _holding(XZ_BOARD, a, 2) for q in _holding(XZ_BOARD, b, 2))
    steps = _listed(XZ_BOARD, "doubly-linked-als-xz")
    made = [s for s in steps if set(s.cells) == set(a + b)]  # type: ignore[attr-defined]
    assert made and _removed(made[0]) == {("r6c5", 7)}


def test_a_wing_with_a_set_of_seven_cells_is_offered(pure: bool) -> None:
    wing = ["r7c1", "r7c4", "r7c5", "r7c6", "r7c7", "r7c8", "r7c9"]
    assert _digits(WING_BOARD, wing).bit_count() == len(wing) + 1
    steps = _listed(WING_BOARD, "large-als-xy-wing")
    made = [s for s in steps if set(wing) <= set(s.cells)]  # type: ignore[attr-defined]
    assert any(_removed(s) == {("r7c3", 4)} for s in made)


def test_every_pair_and_wing_is_sound_and_offered_once(pure: bool) -> None:
    for board, every in ((XZ_BOARD, every_pair), (WING_BOARD, every_wing)):
        steps = list(every(Board.from_candidates(board)))
        removed = [_removed(s) for s in steps]
        assert len(steps) >= 2 and len(removed) == len(set(removed))
        for step in steps:
            keeps_every_solution(board, step)


def test_the_large_sets_stay_optional() -> None:
    assert BY_KEY["doubly-linked-als-xz"] in OPTIONAL
    assert BY_KEY["large-als-xy-wing"] in OPTIONAL
