"""``hint --all`` lists every XYZ-Wing of a board, also one that shares a pincer with another
whose elimination lies in that pincer's unit (hiding the first step would pass it by).
Checked against the wings worked out in the test and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY
from support.soundness import keeps_every_solution

#: met on a solving path: pivot r4c1 {1,2,6} with pincers r5c1 {1,2} and r6c1 {1,6} takes 1
#: from r2c1; pivot r5c8 {1,2,7} with pincers r5c1 {1,2} and r5c5 {1,7} takes 1 from r5c6
BOARD = Candidates([
    8, 32, 129, 272, 4, 129, 18, 66, 336, 71, 272, 3, 32, 67, 329, 128, 20, 284, 70, 272,
    130, 280, 194, 456, 28, 32, 1, 35, 4, 8, 192, 16, 225, 2, 256, 192, 3, 128, 272, 264, 65,
    333, 32, 67, 84, 33, 64, 272, 2, 161, 421, 28, 1, 156, 128, 8, 32, 1, 256, 2, 64, 20, 20,
    16, 1, 4, 192, 224, 224, 256, 8, 2, 256, 2, 64, 4, 8, 16, 1, 128, 32,
])


def _digits(name: str) -> set[int]:
    mask = BOARD.masks[9 * (int(name[1]) - 1) + int(name[3]) - 1]
    return {d for d in range(1, 10) if mask >> (d - 1) & 1}


def _listed() -> list[object]:
    return [s for steps in all_steps(BOARD, [BY_KEY["xyz-wing"]], limit=50).values()
            for s in steps]


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


def test_the_wings_are_on_the_board() -> None:
    assert _digits("r4c1") == {1, 2, 6} and _digits("r5c8") == {1, 2, 7}
    assert _digits("r5c1") == {1, 2} and _digits("r6c1") == {1, 6} and _digits("r5c5") == {1, 7}
    assert 1 in _digits("r2c1") and 1 in _digits("r5c6")


def test_hint_all_lists_both_wings(pure: bool) -> None:
    removed = {_removed(s) for s in _listed()}
    assert frozenset({("r2c1", 1)}) in removed
    assert frozenset({("r5c6", 1)}) in removed


def test_every_listed_wing_is_sound(pure: bool) -> None:
    listed = _listed()
    assert len(listed) >= 2
    for step in listed:
        keeps_every_solution(BOARD, step)  # type: ignore[arg-type]
