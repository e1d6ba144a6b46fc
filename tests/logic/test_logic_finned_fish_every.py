"""``hint --all`` lists every finned fish, also two on one base that differ only in their
cover and fin (HoDoKu's siamese fish), each with its own elimination. Checked against the
fish worked out in the test and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY
from support.soundness import keeps_every_solution

#: met on a solving path: 4 in rows 2, 5, 6 lies in r2c69, r5c469, r6c679. Covered by columns
#: 6, 7, 9 with the fin r5c4 (box 5), 4 leaves r4c6; by columns 4, 6, 9 with the fin r6c7
#: (box 6), 4 leaves r4c9
BOARD = Candidates([
    8, 304, 163, 464, 4, 465, 274, 114, 370, 71, 276, 3, 32, 67, 345, 128, 86, 350, 230, 308,
    162, 472, 194, 472, 286, 118, 1, 39, 44, 43, 204, 16, 237, 14, 256, 206, 7, 128, 272, 332,
    65, 333, 32, 87, 94, 37, 64, 272, 2, 161, 429, 28, 149, 156, 160, 40, 168, 1, 256, 2, 64,
    20, 20, 16, 3, 4, 192, 224, 224, 259, 8, 258, 256, 3, 64, 20, 8, 20, 3, 160, 160,
])
FOUR = 1 << 3


def _cols_with_four(row: int) -> list[int]:
    masks = BOARD.masks
    return [c for c in range(1, 10)
            if masks[9 * (row - 1) + c - 1] & FOUR and masks[9 * (row - 1) + c - 1] != FOUR]


def _listed() -> list[object]:
    return [s for steps in all_steps(BOARD, [BY_KEY["finned-swordfish"]], limit=50).values()
            for s in steps]


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


def test_the_two_fish_are_on_the_board() -> None:
    assert _cols_with_four(2) == [6, 9]
    assert _cols_with_four(5) == [4, 6, 9]
    assert _cols_with_four(6) == [6, 7, 9]
    assert 6 in _cols_with_four(4) and 9 in _cols_with_four(4)


def test_hint_all_lists_both_covers(pure: bool) -> None:
    removed = {_removed(s) for s in _listed()}
    assert frozenset({("r4c6", 4)}) in removed
    assert frozenset({("r4c9", 4)}) in removed


def test_every_listed_fish_is_sound(pure: bool) -> None:
    listed = _listed()
    assert len(listed) >= 2
    for step in listed:
        keeps_every_solution(BOARD, step)  # type: ignore[arg-type]
