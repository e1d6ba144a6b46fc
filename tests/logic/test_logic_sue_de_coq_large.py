"""Large Sue de Coq (an optional technique): the sides taken from the line and the box may
have three or four cells, and their cells need not hold a digit of the intersection. The
default Sue de Coq keeps sides of one or two cells. Checked against the count that makes
the pattern (as many digits as cells, the two sides' digits apart) worked out in the test,
and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.board import Board
from sudokit.logic.techniques import BY_KEY, OPTIONAL
from sudokit.logic.techniques.sue_de_coq import every
from support.soundness import keeps_every_solution

#: a board met on a solving path: r2c23 hold 1489; r2c5, r2c6, r2c9 of row 2 and r1c1, r1c3
#: of box 1 complete them
BOARD = Candidates([
    25, 2, 17, 128, 368, 4, 72, 257, 96, 32, 392, 129, 9, 322, 322, 4, 16, 194,
    29, 396, 64, 9, 306, 290, 136, 257, 162, 75, 200, 163, 256, 4, 66, 16, 40, 192,
    74, 200, 162, 16, 194, 1, 256, 40, 4, 256, 16, 4, 32, 192, 8, 192, 2, 1,
    128, 32, 256, 4, 1, 16, 2, 64, 8, 68, 68, 8, 2, 288, 288, 1, 128, 16,
    18, 1, 18, 64, 8, 128, 32, 4, 256,
])


def _digits(cells: list[int]) -> int:
    out = 0
    for c in cells:
        out |= BOARD.masks[c]
    return out


def _removed(step: object) -> set[tuple[str, int]]:
    return {(e.cell, e.digit) for e in step.eliminations}  # type: ignore[attr-defined]


def test_a_side_of_three_cells_makes_the_step(pure: bool) -> None:
    board = Board.from_candidates(BOARD)
    assert BY_KEY["sue-de-coq"].find(board.copy()) is None
    step = BY_KEY["large-sue-de-coq"].find(board.copy())
    assert step is not None and step.technique == "Large Sue de Coq"
    assert set(step.cells) == {"r1c1", "r1c3", "r2c2", "r2c3", "r2c5", "r2c6", "r2c9"}
    # the count, worked out here: 7 cells, 7 digits, the row side and the box side apart
    inter, line, box = [10, 11], [13, 14, 17], [0, 2]
    assert _digits(inter + line + box).bit_count() == 7
    assert not _digits(line) & _digits(box)
    assert _removed(step) == {("r3c1", 1), ("r3c1", 4), ("r3c2", 4), ("r3c1", 5)}
    keeps_every_solution(BOARD, step)


def test_every_large_sue_de_coq_is_sound_and_offered_once(pure: bool) -> None:
    steps = list(every(Board.from_candidates(BOARD)))
    removed = [frozenset(_removed(s)) for s in steps]
    assert len(steps) >= 2 and len(removed) == len(set(removed))
    for step in steps:
        keeps_every_solution(BOARD, step)


def test_large_sue_de_coq_is_optional() -> None:
    assert BY_KEY["large-sue-de-coq"] in OPTIONAL
