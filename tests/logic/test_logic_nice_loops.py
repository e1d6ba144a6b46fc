"""Continuous nice loops (an optional technique): an alternating chain whose ends are weakly
linked closes into a loop where exactly one end of each link is true, and every candidate
weakly linked to both ends of any of its links goes, in one step. Checked against the loop's
links and eliminations worked out plainly in the test, and for soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.board import Board
from sudokit.logic.techniques import BY_KEY, OPTIONAL
from sudokit.logic.techniques.nice_loops import every
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

#: a board met on a solving path
BOARD = Candidates([
    4, 128, 16, 32, 74, 1, 74, 330, 328, 1, 96, 256, 16, 202, 138, 164, 74, 164,
    72, 2, 40, 448, 4, 384, 16, 1, 160, 232, 360, 171, 198, 482, 16, 206, 330, 461,
    272, 4, 138, 194, 1, 130, 202, 32, 272, 224, 368, 163, 8, 482, 166, 198, 338, 469,
    258, 1, 64, 262, 16, 262, 40, 128, 40, 130, 40, 4, 1, 170, 170, 256, 80, 80,
    432, 272, 168, 384, 40, 64, 1, 4, 2,
])
#: the loop it holds, (digit, cell) a node, strong and weak links in turn from the first
LOOP = [(4, "r4c1"), (4, "r3c1"), (7, "r3c1"), (7, "r3c4"), (7, "r5c4"), (7, "r5c7"),
        (4, "r5c7"), (4, "r5c3")]


def _cell(name: str) -> int:
    return 9 * (int(name[1]) - 1) + int(name[3]) - 1


def _sees(a: int, b: int) -> bool:
    return a != b and (a // 9 == b // 9 or a % 9 == b % 9
                       or (a // 27, a % 9 // 3) == (b // 27, b % 9 // 3))


def _has(c: int, d: int) -> bool:
    return bool(BOARD.masks[c] >> (d - 1) & 1)


def _strong(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Exactly one of the two: a cell's only two digits, or a digit's only two places in a
    row, column or box."""
    (d, c), (e, f) = a, b
    if c == f:
        return BOARD.masks[c].bit_count() == 2
    units = [[x for x in range(81) if x // 9 == c // 9], [x for x in range(81) if x % 9 == c % 9],
             [x for x in range(81) if (x // 27, x % 9 // 3) == (c // 27, c % 9 // 3)]]
    return d == e and any(f in u and [x for x in u if _has(x, d)] == sorted([c, f])
                          for u in units)


def _weak(a: tuple[int, int], b: tuple[int, int]) -> bool:
    (d, c), (e, f) = a, b
    return (c == f and d != e) or (d == e and _sees(c, f))


def test_a_loop_removes_what_each_of_its_links_reaches_in_one_step(pure: bool) -> None:
    board = Board.from_candidates(BOARD)
    step = BY_KEY["continuous-nice-loop"].find(board.copy())
    assert step is not None
    nodes = [(d, _cell(name)) for d, name in LOOP]
    links = list(zip(nodes, nodes[1:] + nodes[:1], strict=True))
    for i, (a, b) in enumerate(links):
        assert (_strong if i % 2 == 0 else _weak)(a, b)
    # what each link reaches: a candidate weakly linked to both its ends, off the loop
    expected = {
        (f"r{c // 9 + 1}c{c % 9 + 1}", d) for c in range(81) for d in range(1, 10)
        if _has(c, d) and (d, c) not in nodes
        and any(_weak((d, c), a) and _weak((d, c), b) for a, b in links)
    }
    assert {(e.cell, e.digit) for e in step.eliminations} == expected
    assert expected == {("r4c2", 4), ("r4c3", 4), ("r4c4", 7), ("r5c7", 2), ("r5c7", 8)}
    assert "(4)r4c1=(4)r3c1-(7)r3c1=(7)r3c4-(7)r5c4=(7)r5c7-(4)r5c7=(4)r5c3" in step.text
    keeps_every_solution(BOARD, step)


def test_every_loop_is_sound_and_offered_once(pure: bool) -> None:
    steps = list(every(Board.from_candidates(BOARD)))
    removed = [frozenset((e.cell, e.digit) for e in s.eliminations) for s in steps]
    assert steps and len(removed) == len(set(removed))
    assert len(removed[0]) == max(len(r) for r in removed)
    for step in steps:
        keeps_every_solution(BOARD, step)


def test_continuous_nice_loops_are_optional() -> None:
    assert BY_KEY["continuous-nice-loop"] in OPTIONAL


#: a board met on a solving path: the loop runs through the group of 7 in r4c1, r4c2
GROUPED = (
    "1348 134 2 1368 35 9 1458 16 7 14789 179 6 128 257 148 12458 3 48 5 137 78 12368 367 "
    "1468 1248 126 9 347 347 9 358 1 2 6 578 348 136 8 15 356 4 67 237 9 23 2 346 57 3689 369 "
    "678 3478 578 1 1678 1267 178 4 26 3 9 78 5 69 269 4 7 8 5 123 12 236 78 5 3 1269 269 16 "
    "278 4 268"
)


def test_a_grouped_loop_removes_what_its_links_reach(pure: bool) -> None:
    board = pencilmarks(GROUPED)
    step = BY_KEY["grouped-continuous-nice-loop"].find(Board.from_candidates(board))
    assert step is not None
    assert "(5)r4c8=(5)r6c8-(5)r6c3=(7)r6c3-(7)r4c12=(7)r4c8-(5)r4c8" in step.text
    # worked out here: r4c8 is 5 or 7 (the loop's two links in it), so it is not 8
    assert {(e.cell, e.digit) for e in step.eliminations} == {("r4c8", 8)}
    keeps_every_solution(board, step)
    assert BY_KEY["grouped-continuous-nice-loop"] in OPTIONAL
