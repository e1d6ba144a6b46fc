"""``hint --all`` lists every pointing and claiming step, also one lying in the lines of an
earlier one (hiding the first step would pass it by). Checked against the box worked out in
the test and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY
from support.soundness import keeps_every_solution

#: met on a solving path: in box 7, 2 lies only in r8c2 and r9c2 (column 2), so 2 leaves
#: r1c2, r2c2, r3c2 and r4c2
BOARD = Candidates([
    8, 307, 435, 464, 4, 465, 274, 114, 370, 343, 279, 279, 32, 331, 345, 128, 94, 350, 502,
    310, 438, 472, 458, 472, 286, 126, 1, 39, 47, 47, 204, 16, 237, 15, 256, 206, 279, 128,
    287, 332, 329, 333, 32, 95, 94, 309, 64, 317, 2, 425, 429, 29, 157, 156, 436, 316, 444,
    1, 424, 2, 64, 188, 444, 16, 319, 4, 476, 488, 508, 287, 8, 446, 256, 319, 64, 412, 424,
    444, 287, 191, 446,
])
TWO = 1 << 1


def _open_two(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    masks = BOARD.masks
    return [(r, c) for r, c in cells
            if masks[9 * (r - 1) + c - 1] & TWO and masks[9 * (r - 1) + c - 1] != TWO]


def _listed(key: str) -> list[object]:
    return [s for steps in all_steps(BOARD, [BY_KEY[key]], limit=100).values() for s in steps]


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


def test_the_box_is_on_the_board() -> None:
    assert _open_two([(r, c) for r in (7, 8, 9) for c in (1, 2, 3)]) == [(8, 2), (9, 2)]
    assert _open_two([(r, 2) for r in (1, 2, 3, 4)]) == [(1, 2), (2, 2), (3, 2), (4, 2)]


def test_hint_all_lists_the_pointing_of_box_7(pure: bool) -> None:
    gone = frozenset((f"r{r}c2", 2) for r in (1, 2, 3, 4))
    assert gone in {_removed(s) for s in _listed("pointing")}


def test_every_listed_step_is_sound(pure: bool) -> None:
    listed = _listed("pointing") + _listed("claiming")
    assert len(listed) >= 2
    for step in listed:
        keeps_every_solution(BOARD, step)  # type: ignore[arg-type]
