"""``hint --all`` lists a grouped continuous nice loop's removals outside its own cells (a
group's cells included) also for a loop as short as the one listed first that runs through
another group: on a board of a real solving path, HoDoKu's loop through r78c2 (the listed
loop goes through r23c3 and also removes 3 from r7c2 and r8c2) is listed, and every listed
step keeps the puzzle's solution."""

from __future__ import annotations

from sudokit.logic import next_step, teach
from sudokit.logic.techniques import nice_loops
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

#: before (8)r7c3 =(8)r78c2 -(8)r2c2 =(3)r2c2 -(3)r5c2 =(1)r5c2 -(1)r5c3 =(1)r7c3, which
#: removes 2 and 4 from r7c3 and 3 from r1c2
BOARD = pencilmarks(
    "2357 237 23 8 6 9 45 145 1345 1 38 3689 47 47 35 589 2 3569 356 4 3689 235 23 1 7 589 "
    "3569 8 6 7 25 259 4 3 159 159 9 13 134 3567 3578 358 2 67 45 234 5 234 1 379 36 49 67 8 "
    "2347 12378 1248 9 345 235 6 458 245 2346 238 2346 3456 1 7 4589 4589 2459 246 9 5 46 48 "
    "268 1 3 7"
)
SOLUTION = "572869413139745826648321795867294351913578264254136978781953642326417589495682137"


def test_hint_all_lists_the_loop_through_the_other_group(pure: bool) -> None:
    tech = nice_loops.GROUPED_CONTINUOUS_NICE_LOOP
    steps = teach.all_steps(BOARD, techniques=[tech])[tech.name]
    assert steps[0] == next_step(BOARD, techniques=[tech])
    assert {("r7c3", 2), ("r1c2", 3), ("r7c3", 4)} in [set(s.eliminations) for s in steps]
    for step in steps:
        for cell, digit in step.eliminations:
            assert SOLUTION[BOARD.shape.parse_cell(cell)] != str(digit), step.text
        keeps_every_solution(BOARD, step)
