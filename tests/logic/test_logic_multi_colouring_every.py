"""``hint --all`` lists every multi-colouring step, also one of a digit whose cells lie in
the units of an earlier one's elimination. Checked against the clusters worked out in the
test and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY
from support.soundness import keeps_every_solution

#: met on a solving path: 2 lies in column 3 only in r2c3 and r3c3, in column 5 only in r2c5
#: and r3c5. The two clusters see each other in rows 2 and 3: one of r2c3, r2c5 holds 2 and
#: one of r3c3, r3c5, so 2 leaves r2c1 and r3c1 (a colour wing)
BOARD = Candidates([
    8, 32, 129, 272, 4, 129, 18, 66, 336, 71, 276, 3, 32, 67, 329, 128, 20, 284, 70, 276,
    130, 280, 194, 456, 28, 32, 1, 39, 4, 8, 192, 16, 229, 6, 256, 196, 7, 128, 272, 264, 65,
    333, 32, 67, 84, 37, 64, 272, 2, 161, 421, 28, 1, 156, 128, 8, 32, 1, 256, 2, 64, 20, 20,
    16, 1, 4, 192, 224, 224, 256, 8, 2, 256, 2, 64, 4, 8, 16, 1, 128, 32,
])
TWO = 1 << 1


def _rows_with_two(col: int) -> list[int]:
    masks = BOARD.masks
    return [r for r in range(1, 10)
            if masks[9 * (r - 1) + col - 1] & TWO and masks[9 * (r - 1) + col - 1] != TWO]


def _listed() -> list[object]:
    return [s for steps in all_steps(BOARD, [BY_KEY["multi-colouring"]], limit=50).values()
            for s in steps]


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


def test_the_clusters_are_on_the_board() -> None:
    assert _rows_with_two(3) == [2, 3] and _rows_with_two(5) == [2, 3]
    assert 2 in _rows_with_two(1) and 3 in _rows_with_two(1)


def test_hint_all_lists_the_wing_of_2(pure: bool) -> None:
    assert frozenset({("r2c1", 2), ("r3c1", 2)}) in {_removed(s) for s in _listed()}


def test_every_listed_step_is_sound(pure: bool) -> None:
    listed = _listed()
    assert len(listed) >= 2
    for step in listed:
        keeps_every_solution(BOARD, step)  # type: ignore[arg-type]
