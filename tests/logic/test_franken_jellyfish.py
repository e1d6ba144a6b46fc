"""Franken and mutant jellyfish (size 4), apart from the size 2-3 fish for their cost: pinned
steps on boards along top1465 solving paths, where no fish of size 2 or 3 of their family
makes the same eliminations, each checked against the board's one solution."""

from __future__ import annotations

import pytest

from sudokit import count_solutions, solve
from sudokit.logic import next_step
from sudokit.logic.techniques import BY_KEY
from sudokit.logic.techniques import franken_fish as ff
from support.boards import pencilmarks

# HoDoKu finds the finned Franken one's elimination as a sashimi jellyfish, and the Franken
# one's as a finned jellyfish, on the same boards.
EXAMPLES = {
    "finned-franken-jellyfish": (
        "1 2 3567 4567 4579 679 34679 8 3469 4 3568 3567 15678 15789 1679 13679 1379 2 678 68 "
        "9 124678 1478 3 5 147 46 2356 3456 23456 9 1357 8 13467 1347 346 3689 7 346 16 2 16 "
        "134689 5 34689 35689 35689 1 567 357 4 2 379 3689 239 1349 234 1248 6 5 3489 2349 7 "
        "23579 3459 23457 2478 4789 279 3489 6 1 25679 14569 8 3 1479 1279 49 249 459",
        "Finned Franken Jellyfish [r3c4 r4c1 r4c3 r7c1 r7c3 r7c4 r7c8 r9c1 r9c6 r9c8]: r8c4<>2",
    ),
    "finned-mutant-jellyfish": (
        "1 2 3567 4567 4579 679 34679 8 3469 4 3568 3567 15678 15789 1679 13679 1379 2 678 68 "
        "9 2 1478 3 5 147 46 2356 3456 23456 9 357 8 13467 1347 346 389 7 34 16 2 16 349 5 "
        "3489 35689 35689 1 57 357 4 2 379 3689 239 1349 234 148 6 5 3489 2349 7 23579 3459 "
        "23457 478 4789 279 3489 6 1 2679 1469 8 3 1479 1279 49 249 5",
        "Finned Mutant Jellyfish [r1c7 r2c7 r3c1 r3c2 r3c9 r4c1 r4c2 r4c3 r4c7 r4c9 r9c1 r9c2]: "
        "r4c1,r4c2<>6",
    ),
    "mutant-jellyfish": (
        "1 2 3567 4567 4579 679 67 8 39 4 358 3567 15678 15789 1679 167 39 2 678 68 9 2 178 3 "
        "5 14 46 235 35 2356 9 357 8 16 14 34 389 7 4 16 2 16 39 5 389 35689 35689 1 5 35 4 2 "
        "7 3689 239 1349 23 148 6 5 3489 239 7 23579 3459 2357 478 4789 279 3489 6 1 2679 "
        "1469 8 3 1479 1279 49 29 5",
        "Mutant Jellyfish [r1c3 r2c3 r3c1 r3c5 r4c5 r8c3 r9c1 r9c5 r9c6]: "
        "r1c5,r2c5,r8c1,r8c4,r8c5,r8c6,r9c5<>7",
    ),
    "franken-jellyfish": (
        "1 2 3567 467 459 679 67 8 39 4 358 3567 1678 1589 1679 167 39 2 678 68 9 2 18 3 5 14 "
        "46 235 35 2356 9 7 8 16 14 34 389 7 4 16 2 16 39 5 389 689 689 1 5 3 4 2 7 689 239 "
        "1349 23 148 6 5 3489 239 7 23579 3459 2357 478 489 279 3489 6 1 2679 1469 8 3 149 "
        "1279 49 29 5",
        "Franken Jellyfish [r1c4 r1c6 r2c4 r2c6 r3c1 r8c1 r8c3 r8c4 r8c6 r9c1 r9c6]: r8c1,r9c1<>7",
    ),
}
SMALLER = {
    "franken-jellyfish": ff.FRANKEN,
    "mutant-jellyfish": ff.MUTANT,
    "finned-franken-jellyfish": ff.FINNED_FRANKEN,
    "finned-mutant-jellyfish": ff.FINNED_MUTANT,
}



@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_each_jellyfish_finds_its_pinned_step(pure: bool, key: str) -> None:
    text, expected = EXAMPLES[key]
    board = pencilmarks(text)
    solution = solve(board)
    assert solution is not None and count_solutions(board) == 1
    step = next_step(board, techniques=[BY_KEY[key]])
    assert step is not None and str(step) == expected
    assert step.key == key and step.text.startswith(step.technique)
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, f"{step}: removed the true {digit} from {cell}"
    # the fish of size 2 and 3 of the family do not make these eliminations
    smaller = next_step(board, techniques=[SMALLER[key]])
    assert smaller is None or not set(step.eliminations) <= set(smaller.eliminations)


def test_the_jellyfish_score_as_their_family_does_at_size_four() -> None:
    for key, family in SMALLER.items():
        assert BY_KEY[key].score == pytest.approx(family.score + 0.2)
