"""``hint --all`` lists, after every continuous nice loop, each loop's removals outside its
own cells (a cell of the loop losing candidates only by the weak link inside it), as HoDoKu
reports a continuous nice loop: on a board of a real solving path, the loop
r3c5 =4= r6c5 -4- r6c9 -3- r6c4 -9- r3c4 =9= r3c5 is listed in that form too, and every
listed loop keeps the puzzle's solution; likewise a grouped loop."""

from __future__ import annotations

from sudokit.logic import teach
from sudokit.logic.techniques import nice_loops
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

BOARD_TEXT = (
    "9 257 6 12357 237 134 124 235 8 12357 4 2357 8 237 13 126 2356 9 1235 258 2358 12359 2349 "
    "6 7 2345 1345 57 9 457 1236 2368 1348 1468 3678 1367 8 3 47 169 5 149 1469 679 2 26 26 1 "
    "39 3489 7 5 3489 34 267 2678 2789 679 1 5 3 246789 467 3567 5678 35789 4 36789 2 689 1 567 "
    "4 1 235789 3679 36789 389 2689 2567 567"
)
BOARD = pencilmarks(BOARD_TEXT)
SOLUTION = "976524138145873269328196745594238671837651492261947583689715324753482916412369857"

#: the loop's removals as HoDoKu gives them (r6c5, a cell of the loop, keeps its 3)
HODOKU_FORM = frozenset((("r3c5", 2), ("r3c5", 3), ("r5c4", 9), ("r6c8", 3), ("r6c8", 4),
                        ("r7c4", 9), ("r9c4", 9)))


def test_hint_all_lists_the_loop_without_its_own_cells(pure: bool) -> None:
    name = nice_loops.CONTINUOUS_NICE_LOOP.name
    listed = teach.all_steps(BOARD, techniques=[nice_loops.CONTINUOUS_NICE_LOOP])[name]
    assert len(listed) <= teach.PER_TECHNIQUE
    assert HODOKU_FORM in {frozenset(step.eliminations) for step in listed}
    assert listed[0] == nice_loops.find(teach.board_of(BOARD))
    for step in listed:
        for cell, digit in step.eliminations:
            assert SOLUTION[BOARD.shape.parse_cell(cell)] != str(digit), step.text
        keeps_every_solution(BOARD, step)


#: before a grouped loop r2c1 =7= r6c1 =4= r89c1 -4- r8c3 -1- r9c3 =1= r9c8 =8= r1c8 -8-
#: r1c1 =8= r2c1: HoDoKu removes 2, 3, 6 from r2c1, 3 from r6c1 and 8 from r1c9
GROUPED_TEXT = (
    "368 4 235 7 9 1 26 568 23568 23678 1 2357 236 56 235 4 9 3568 236 236 9 2346 8 2345 7 156 "
    "1235 5 289 6 1489 147 489 129 3 127 1 238 234 389 57 6 29 45 257 347 39 347 139 2 359 8 "
    "456 156 2369 236 8 1269 16 29 5 7 4 49 5 14 489 3 7 16 2 168 246 7 124 5 46 248 3 18 9"
)
GROUPED_SOLUTION = (
    "345791286817265493269384751586479132123856947794123865938612574451937628672548319"
)
GROUPED_HODOKU_FORM = frozenset((("r2c1", 2), ("r2c1", 3), ("r6c1", 3), ("r2c1", 6),
                                 ("r1c9", 8)))


def test_hint_all_lists_the_grouped_loop_without_its_own_cells(pure: bool) -> None:
    board = pencilmarks(GROUPED_TEXT)
    tech = nice_loops.GROUPED_CONTINUOUS_NICE_LOOP
    listed = teach.all_steps(board, techniques=[tech])[tech.name]
    assert GROUPED_HODOKU_FORM in {frozenset(step.eliminations) for step in listed}
    for step in listed:
        for cell, digit in step.eliminations:
            assert GROUPED_SOLUTION[board.shape.parse_cell(cell)] != str(digit), step.text
        keeps_every_solution(board, step)
