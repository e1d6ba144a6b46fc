"""A finned Franken Jellyfish whose fins lie in two boxes (as HoDoKu allows): found by the
optional technique and listed by ``hint --all``. The fish is worked out in the test (base,
cover, fins, the cell seeing every fin) and the step checked for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.path import board_of
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY
from sudokit.logic.techniques.franken_fish import FINNED_FRANKEN_JELLYFISH
from support.soundness import keeps_every_solution

#: met on a solving path: 5 in rows 1, 2, 9 and box 5 lies in column 5 and boxes 1, 3, 8 but
#: for the fins r2c6 (box 2), r4c6 and r6c6 (box 5); r8c6, in box 8, sees every fin
BOARD = Candidates([
    2, 17, 4, 32, 64, 128, 24, 281, 264, 32, 8, 64, 257, 20, 277, 22, 128, 262, 256, 17, 128,
    20, 2, 8, 64, 21, 32, 128, 32, 17, 8, 20, 277, 6, 324, 326, 8, 4, 256, 64, 128, 2, 1, 32,
    16, 64, 2, 17, 257, 52, 309, 140, 268, 396, 16, 256, 42, 6, 1, 64, 172, 12, 140, 1, 128,
    42, 22, 256, 52, 60, 92, 76, 4, 64, 32, 128, 8, 48, 256, 2, 1,
])
FIVE = 1 << 4


def _open_five(cells: list[tuple[int, int]]) -> set[tuple[int, int]]:
    masks = BOARD.masks
    return {(r, c) for r, c in cells
            if masks[9 * (r - 1) + c - 1] & FIVE and masks[9 * (r - 1) + c - 1] != FIVE}


def _box(b: int) -> list[tuple[int, int]]:
    return [(3 * ((b - 1) // 3) + i, 3 * ((b - 1) % 3) + j) for i in (1, 2, 3) for j in (1, 2, 3)]


def _row(r: int) -> list[tuple[int, int]]:
    return [(r, c) for c in range(1, 10)]


def test_the_fish_is_on_the_board() -> None:
    base = _open_five(_row(1) + _row(2) + _row(9) + _box(5))
    cover = _open_five([(r, 5) for r in range(1, 10)] + _box(1) + _box(3) + _box(8))
    fins = base - cover
    assert fins == {(2, 6), (4, 6), (6, 6)}
    assert (8, 6) in cover - base


def test_the_technique_removes_5_from_r8c6(pure: bool) -> None:
    step = FINNED_FRANKEN_JELLYFISH.find(board_of(BOARD))
    assert step is not None
    assert {(e.cell, e.digit) for e in step.eliminations} == {("r8c6", 5)}
    keeps_every_solution(BOARD, step)


def test_hint_all_lists_it(pure: bool) -> None:
    listed = all_steps(BOARD, [BY_KEY["finned-franken-jellyfish"]], limit=20)
    removed = [{(e.cell, e.digit) for e in s.eliminations} for ss in listed.values() for s in ss]
    assert {("r8c6", 5)} in removed
