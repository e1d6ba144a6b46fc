"""``hint --all`` lists every Skyscraper of a board, also those whose lines hold another's
elimination (hiding the first step would pass them by). Checked against the links worked out
in the test and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY
from support.soundness import keeps_every_solution

#: met on a solving path: 7 lies in r2c1, r2c5 (row 2), r3c5, r3c6 (row 3) and r4c4, r4c6
#: (row 4). Rows 3 and 4, bases r3c6 and r4c6 in column 6, tops r3c5 and r4c4: 7 leaves r5c5,
#: which sees both tops; a Skyscraper on rows 2 and 3 comes first on this board
BOARD = Candidates([
    8, 32, 129, 256, 4, 129, 16, 2, 64, 67, 16, 3, 32, 67, 8, 128, 4, 256, 4, 256, 130, 16,
    194, 192, 8, 32, 1, 33, 4, 8, 192, 16, 225, 2, 256, 128, 3, 128, 272, 8, 65, 325, 32, 65,
    16, 33, 64, 272, 2, 161, 417, 4, 1, 152, 128, 8, 32, 1, 256, 2, 64, 16, 20, 16, 1, 4, 192,
    224, 224, 256, 8, 2, 256, 2, 64, 4, 8, 16, 1, 128, 32,
])
SEVEN = 1 << 6


def _cols_with_seven(row: int) -> list[int]:
    masks = BOARD.masks
    return [c for c in range(1, 10)
            if masks[9 * (row - 1) + c - 1] & SEVEN and masks[9 * (row - 1) + c - 1] != SEVEN]


def _listed() -> list[object]:
    return [s for steps in all_steps(BOARD, [BY_KEY["skyscraper"]], limit=50).values()
            for s in steps]


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


def test_the_links_are_on_the_board() -> None:
    assert _cols_with_seven(3) == [5, 6]
    assert _cols_with_seven(4) == [4, 6]
    assert 5 in _cols_with_seven(5)


def test_hint_all_lists_the_skyscraper_of_rows_3_and_4(pure: bool) -> None:
    removed = {_removed(s) for s in _listed()}
    assert frozenset({("r5c5", 7)}) in removed


def test_every_listed_skyscraper_is_sound(pure: bool) -> None:
    listed = _listed()
    assert len(listed) >= 3
    for step in listed:
        keeps_every_solution(BOARD, step)  # type: ignore[arg-type]
