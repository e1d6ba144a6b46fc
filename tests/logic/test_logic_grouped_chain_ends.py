"""A grouped chain whose two sides reach the same candidate places it, and ``hint --all``
lists the chains between every two ends that each side reaches first (its two nearest
layers), as HoDoKu lists its grouped AICs: on boards of real solving paths, a loop from r4c4
back to itself places 5 there, the chains (5)r4c4 .. (5)r5c1 and (3)r1c8 .. (3)r2c6 are
listed, and every listed step keeps the puzzle's solution."""

from __future__ import annotations

import re

from sudokit.candidates import Candidates
from sudokit.logic import teach
from sudokit.logic.board import Board
from sudokit.logic.techniques import grouped_chains
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

#: before HoDoKu's grouped AIC (5)r4c4 .. (5)r5c1 through r8c56 (5 off r4c1 and r5c4)
LOOP = pencilmarks(
    "13 6 135 348 34 9 258 7 25 2 349 349 378 5 378 468 1346 146 7 8 345 1 2 6 9 34 45 3569 "
    "49 2 35 367 1347 67 146 8 56 1 8 257 67 47 3 2469 2679 36 7 346 238 9 138 246 5 146 4 35 "
    "367 9 1 2 567 8 567 8 259 79 6 347 37 1 249 24579 169 29 167 47 8 5 467 269 3"
)
LOOP_SOLUTION = "361849275294357816785126934942531768518764329673298451436912587859673142127485693"

#: before HoDoKu's grouped AIC (3)r1c8 =(3)r1c6 -(4)r1c6 =(4)r1c7 -(1)r1c7 =(1)r1c46
#: -(1)r2c6 =(3)r2c6 (3 off r1c6 and r2c8)
ENDS = pencilmarks(
    "9 257 6 15 27 134 124 23 8 12357 4 2357 8 27 13 126 2356 9 1235 258 2358 159 49 6 7 2345 "
    "1345 57 9 457 2 36 48 146 3678 1367 8 3 47 16 5 149 469 679 2 26 26 1 39 489 7 5 89 34 "
    "267 268 289 67 1 5 3 2469 467 3567 567 3579 4 3689 2 689 1 567 4 1 2357 367 3689 89 2689 "
    "2567 567"
)
ENDS_SOLUTION = "976524138145873269328196745594238671837651492261947583689715324753482916412369857"

#: "(5)r4c4 or (5)r4c4 is true": a chain named by the same candidate at both ends
_SAME_ENDS = re.compile(r"^(\(\d\)r\dc\d) or \1 is true")


def _listed(board: Candidates, solution: str) -> list:
    steps = teach.all_steps(board, techniques=[grouped_chains.GROUPED_AIC])[
        grouped_chains.GROUPED_AIC.name]
    for step in steps:
        assert not _SAME_ENDS.match(step.text), step.text
        for cell, digit in step.eliminations:
            assert solution[board.shape.parse_cell(cell)] != str(digit), step.text
        for cell, digit in step.placements:
            assert solution[board.shape.parse_cell(cell)] == str(digit), step.text
        keeps_every_solution(board, step)
    return steps


def test_a_loop_back_to_one_candidate_places_it(pure: bool) -> None:
    _listed(LOOP, LOOP_SOLUTION)
    # every chain, past the twenty hint --all shows
    steps = list(grouped_chains.every_grouped_chain(Board.from_candidates(LOOP), False))
    placing = [step for step in steps if step.placements == (("r4c4", 5),)]
    assert placing and placing[0].text.startswith("r4c4 must be 5: if it were not, the loop")
    assert not any(_SAME_ENDS.match(step.text) for step in steps)
    for step in placing:
        keeps_every_solution(LOOP, step)


def test_hint_all_lists_the_chain_between_two_ends(pure: bool) -> None:
    steps = _listed(ENDS, ENDS_SOLUTION)
    assert (("r1c6", 3), ("r2c8", 3)) in {step.eliminations for step in steps}


def test_hint_all_lists_the_chain_between_two_ends_both_sides_reach(pure: bool) -> None:
    # both sides of each grouped link reach (5)r4c4 and (5)r5c1: the chain from one to
    # the other, the 5s both see go
    steps = _listed(LOOP, LOOP_SOLUTION)
    assert (("r4c1", 5), ("r5c4", 5)) in {step.eliminations for step in steps}


def test_hint_all_lists_the_shorter_chain_first_among_equals(pure: bool) -> None:
    # after the ladder's chain: the most removed first, then the shorter chain (a higher
    # score is a longer chain); the loops through one removed candidate each come last
    for board, solution in ((LOOP, LOOP_SOLUTION), (ENDS, ENDS_SOLUTION)):
        steps = _listed(board, solution)[1:]
        main = []
        for step in steps:
            if len(step.eliminations) + len(step.placements) < 2:
                break
            main.append(step)
        order = [(-len(s.eliminations), s.score) for s in main if not s.placements]
        assert len(order) > 2
        assert order == sorted(order)
