"""Doubly linked ALS-XZ (an optional technique): two almost locked sets joined by two restricted
common digits. Each set holds exactly one of the two and all its other digits, so one step
removes every such digit from the cells that see all of it in its set, and the two common digits
from the cells that see all of theirs in both sets. Checked against the definition worked out in
the test, and for soundness."""

from __future__ import annotations

import re

from sudokit.logic import next_step
from sudokit.logic.techniques import als_xz
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

#: a board along the solving path of a top1465 puzzle
BOARD_TEXT = (
    "7 126 8 459 4569 4569 3 1456 125 49 36 469 2 3456 1 467 4578 578 5 1236 1246 78 34 78 "
    "269 146 129 189 4 1579 3579 59 3579 178 2 6 3 126 1269 479 8 2469 147 1457 157 268 57 "
    "2567 1 2456 2467 478 9 3 12 9 1357 6 125 2358 127 1378 4 1246 8 12346 349 7 2349 5 136 "
    "129 1246 57 1234567 34589 1249 234589 2679 13678 12789"
)
BOARD = pencilmarks(BOARD_TEXT)

EXPECTED = (
    "Doubly Linked ALS-XZ [r2c1 r2c2 r2c3 r2c5 r2c7 r7c1 r7c5 r7c7]: r7c3,r7c8<>1, r7c6<>2, "
    "r2c8<>4, r1c5,r4c5,r6c5<>5, r4c7,r5c7,r6c7,r9c7<>7"
)


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def _sees(a: int, b: int) -> bool:
    return a != b and (
        a // 9 == b // 9 or a % 9 == b % 9 or (a // 27, a % 9 // 3) == (b // 27, b % 9 // 3)
    )


def _doubly_linked(masks: list[int], a: set[int], b: set[int]) -> set[tuple[int, int]]:
    """What two almost locked sets joined by two restricted commons eliminate, by the
    definition (every candidate (cell, digit) outside both sets that sees all of the digit's
    cells in a set that must hold it)."""
    def digits(cells: set[int]) -> set[int]:
        return {d for c in cells for d in range(1, 10) if masks[c] >> (d - 1) & 1}

    def holding(cells: set[int], d: int) -> set[int]:
        return {c for c in cells if masks[c] >> (d - 1) & 1}

    da, db = digits(a), digits(b)
    assert len(da) == len(a) + 1 and len(db) == len(b) + 1 and not a & b
    commons = {
        d for d in da & db
        if all(_sees(p, q) for p in holding(a, d) for q in holding(b, d))
    }
    assert len(commons) == 2
    out = set()
    for cell in set(range(81)) - a - b:
        for d in range(1, 10):
            if not (masks[cell] >> (d - 1) & 1) or masks[cell].bit_count() == 1:
                continue
            where = [holding(a, d) | holding(b, d)] if d in commons else [
                holding(s, d) for s in (a, b) if d in digits(s)
            ]
            if any(cells and all(_sees(cell, c) for c in cells) for cells in where):
                out.add((cell, d))
    return out


def test_a_doubly_linked_pair_makes_one_step_of_everything_it_removes(pure: bool) -> None:
    step = next_step(BOARD, techniques=[als_xz.DOUBLY_LINKED_ALS_XZ])
    assert step is not None and str(step) == EXPECTED
    assert "share 5 and 7, each of which only one of them can hold" in step.text
    sets = [
        {_cell(c) for c in re.findall(r"r\dc\d", part)}
        for part in re.findall(r"((?:r\dc\d(?:, | and )?)+) \{", step.text)[:2]
    ]
    removed = {(_cell(c), d) for c, d in step.eliminations}
    assert removed == _doubly_linked(list(BOARD.masks), sets[0], sets[1])
    keeps_every_solution(BOARD, step)


def test_the_default_ladder_s_als_xz_takes_one_common_digit_a_step(pure: bool) -> None:
    step = next_step(BOARD, techniques=[als_xz.ALS_XZ])
    assert step is not None and step.technique == "ALS-XZ"
    assert len({d for _, d in step.eliminations}) == 1
    keeps_every_solution(BOARD, step)
