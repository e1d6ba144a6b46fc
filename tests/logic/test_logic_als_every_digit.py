"""The optional large ALS techniques (and the doubly linked ALS-XZ) make one step of every
digit their sets leave to be removed, as HoDoKu does: on boards of real solving paths each step
removes two digits, and keeps every solution."""

from __future__ import annotations

import pytest

from sudokit.logic import next_step
from sudokit.logic.step import Technique
from sudokit.logic.techniques import BY_KEY
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

CASES = [
    ("large-als-xy-wing",
     "7 126 8 459 4569 4569 3 1456 125 49 36 469 2 3456 1 467 4578 578 5 1236 1246 78 34 78 "
     "269 146 129 189 4 1579 3579 59 3579 178 2 6 3 126 1269 479 8 2469 147 1457 157 268 57 "
     "2567 1 2456 2467 478 9 3 12 9 1357 6 125 2358 127 1378 4 1246 8 12346 349 7 2349 5 136 "
     "129 1246 57 1234567 34589 1249 234589 2679 13678 12789",
     "Large ALS-XY-Wing [r2c1 r2c2 r2c3 r2c5 r2c7 r4c7 r5c7 r6c7 r7c1 r7c5 r7c7]: r7c6<>2, "
     "r9c7<>7"),
    ("large-als-xy-chain",
     "3 69 69 8 4 1 257 57 257 48 5 48 2 37 37 6 1 9 17 127 12 69 5 69 4 3 8 5 12369 12369 7 "
     "123 2349 39 8 46 789 4 2389 59 6 23589 3579 579 1 16789 13679 13689 1459 138 34589 3579 "
     "2 46 2 1689 14569 3 178 45678 5789 45679 57 46 368 3456 456 9 24678 1 4567 237 1469 "
     "13689 7 1456 128 24568 2589 4569 235",
     "Large ALS-XY-Chain [r1c3 r3c3 r4c3 r5c1 r5c3 r5c4 r5c8 r6c3 r8c1 r8c3 r8c4 r8c8]: "
     "r5c6,r5c7<>5, r5c3,r5c6,r5c7<>9"),
    ("large-death-blossom",
     "45 48 458 9 2 3 1 67 67 6 9 7 15 145 145 2 8 3 2 3 1 67 8 67 9 45 45 379 5 26 1278 139 "
     "1279 4 13679 1678 3479 478 389 157 6 14579 37 2 157 3479 1 26 2578 3459 24579 3678 "
     "35679 5678 8 246 3459 1256 7 12569 36 1346 1246 1479 2467 49 3 19 12689 5 1467 124678 "
     "1357 267 35 4 15 12568 3678 1367 9",
     "Large Death Blossom [r1c8 r7c7 r7c8 r8c1 r8c3 r8c5 r8c8 r9c8]: r8c9<>1, r8c9<>4"),
    ("doubly-linked-als-xz",
     "8 5 7 69 26 29 4 1 3 9 26 14 3 147 148 5 2678 678 3 26 14 147 5 148 269 2689 6789 25 4 "
     "8 156 1236 7 1369 369 169 7 9 36 1468 13468 1346 136 5 2 25 1 36 569 236 29 7 48 48 6 38 "
     "9 2 78 134 13 347 5 14 7 25 146 1346 13456 8 23469 1469 14 38 25 78 9 13456 1236 23467 "
     "1467",
     "Doubly Linked ALS-XZ [r2c6 r3c6 r7c6 r8c1 r8c4 r8c5]: r8c6<>1, r8c6<>4"),
]


@pytest.mark.parametrize(("key", "text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_one_step_removes_every_digit_the_pattern_leaves(
    pure: bool, key: str, text: str, expected: str
) -> None:
    board = pencilmarks(text)
    tech: Technique = BY_KEY[key]
    step = next_step(board, techniques=[tech])
    assert step is not None and str(step) == expected
    digits = sorted({d for _, d in step.eliminations})
    assert len(digits) == 2
    assert all(f"{d} leaves" in step.text for d in digits)  # the sentence names each
    keeps_every_solution(board, step)
