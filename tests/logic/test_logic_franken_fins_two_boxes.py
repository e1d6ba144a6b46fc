"""A finned Franken fish may have fins in two boxes, as HoDoKu allows: the digit leaves the
cover cells that see every fin. Checked against the fish worked out in the test and against
the board's one solution."""

from __future__ import annotations

from sudokit import solve
from sudokit.candidates import Candidates
from sudokit.logic import next_step
from sudokit.logic.techniques import BY_KEY

#: met on a solving path: 1 in rows 2 and 5 and box 6 fits in columns 3, 6 and 7 but for
#: r4c8 (box 6) and r5c4 (box 5)
BOARD = Candidates([
    32, 16, 69, 256, 193, 197, 8, 3, 194, 320, 8, 321, 2, 16, 193, 225, 4, 224, 6, 7, 128,
    12, 73, 32, 65, 256, 16, 16, 417, 265, 64, 425, 393, 4, 3, 386, 392, 64, 269, 137, 2,
    397, 16, 32, 384, 388, 421, 2, 133, 417, 16, 385, 64, 8, 1, 384, 344, 32, 456, 456, 2,
    24, 4, 74, 258, 344, 25, 4, 329, 352, 128, 352, 196, 388, 32, 152, 456, 2, 320, 24, 1,
])


def _ones(cells: range | list[int]) -> set[int]:
    return {c for c in cells if BOARD.masks[c] & 1 and BOARD.masks[c] != 1}


def test_fins_in_two_boxes(pure: bool) -> None:
    # the fish, worked out here: base row 2, row 5, box 6; cover columns 3, 6, 7
    box6 = [9 * r + c for r in (3, 4, 5) for c in (6, 7, 8)]
    base = _ones(range(9, 18)) | _ones(range(36, 45)) | _ones(box6)
    fins = {c for c in base if c % 9 not in (2, 5, 6)}
    assert fins == {3 * 9 + 7, 4 * 9 + 3}  # r4c8 in box 6, r5c4 in box 5
    # r4c6 sees both fins (row 4, box 5), lies in column 6 and outside the base
    assert 3 * 9 + 5 in _ones(range(81)) - base
    step = next_step(BOARD, techniques=[BY_KEY["finned-franken-fish"]])
    assert step is not None and step.technique == "Finned Franken Swordfish"
    assert [(e.cell, e.digit) for e in step.eliminations] == [("r4c6", 1)]
    assert "fins r4c8 and r5c4" in step.text
    solution = solve(BOARD)
    assert solution is not None and solution["r4c6"] != 1
