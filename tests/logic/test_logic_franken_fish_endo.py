"""Finned Franken and mutant fish with endo fins (a place two base units share, taken as a
fin) and cannibalistic eliminations (a base place two cover units hold goes: the digit there
would fill two cover units with one base unit's digit). Boards along top1465 solving paths,
each step checked against the board's one solution."""

from __future__ import annotations

from sudokit import count_solutions, solve
from sudokit.logic import next_step
from sudokit.logic.techniques import BY_KEY
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

#: the finned mutant X-Wing here has its fin where its two base units cross
ENDO = (
    "1 2 3567 4567 4579 679 34679 8 3469 4 3568 3567 15678 15789 1679 13679 1379 2 678 "
    "68 9 124678 1478 3 5 147 46 2356 3456 23456 9 1357 8 13467 1347 346 3689 7 346 16 2 "
    "16 134689 5 34689 35689 35689 1 567 357 4 2 379 3689 239 1349 234 1248 6 5 3489 "
    "2349 7 23579 3459 23457 2478 4789 279 3489 6 1 25679 14569 8 3 1479 1279 49 249 459"
)
#: the mutant jellyfish here holds a base place in two of its cover units
CANNIBAL = (
    "1 2 3567 4567 4579 679 67 8 39 4 358 3567 15678 15789 1679 167 39 2 678 68 9 2 178 "
    "3 5 14 46 235 35 2356 9 357 8 16 14 34 389 7 4 16 2 16 39 5 389 35689 35689 1 5 35 "
    "4 2 7 3689 239 1349 23 148 6 5 3489 239 7 23579 3459 2357 478 4789 279 3489 6 1 "
    "2679 1469 8 3 1479 1279 49 29 5"
)



def test_an_endo_fin_where_two_base_units_cross(pure: bool) -> None:
    board = pencilmarks(ENDO)
    assert count_solutions(board) == 1
    step = next_step(board, techniques=[BY_KEY["finned-mutant-fish"]])
    assert step is not None
    assert str(step) == "Finned Mutant X-Wing [r3c4 r7c4 r8c4]: r7c4<>2"
    assert "row 3, column 4" in step.text and "the fin r3c4" in step.text
    keeps_every_solution(board, step)


def test_a_base_place_two_cover_units_hold_is_eaten(pure: bool) -> None:
    board = pencilmarks(CANNIBAL)
    solution = solve(board)
    assert solution is not None
    step = next_step(board, techniques=[BY_KEY["mutant-jellyfish"]])
    assert step is not None
    # r9c5 is a place of the fish's own base, and goes with the rest of the cover
    assert "r9c5" in step.cells
    assert ("r9c5", 7) in {(e.cell, e.digit) for e in step.eliminations}
    keeps_every_solution(board, step)
