"""``hint --all`` lists, after the ladder's own (shortest) chain, the XY-Chains and AICs that
remove the most candidates first (a placement counting its cell's other candidates), and
every AIC that places a digit by a chain from its falsity back to its truth: on boards of
real solving paths, a long chain removing three candidates at once and a loop placing a digit
are among the twenty listed, and every listed step keeps the puzzle's solution."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic import next_step, teach
from sudokit.logic.step import Technique
from sudokit.logic.techniques import aic, grouped_chains
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

#: before an XY-Chain of nine cells r7c5 .. r9c7 that removes 9 from r7c7, r7c8 and r9c5
XY_BOARD = pencilmarks(
    "5 2 3 7 6 4 8 1 9 18 7 4 5 18 9 3 2 6 168 9 16 3 2 18 7 4 5 26 3 69 89 47 28 45 57 1 "
    "7 4 5 19 3 12 29 6 8 12 8 19 6 47 5 249 79 3 3 6 8 2 19 7 159 59 4 9 1 7 4 5 3 6 8 2 "
    "4 5 2 18 189 6 19 3 7"
)
XY_SOLUTION = "523764819874519326196328745639842571745931268281675493368297154917453682452186937"

#: before an AIC r2c9 .. r3c5 that removes 9 from r2c5, r2c6 and r3c9
AIC_BOARD = pencilmarks(
    "4 6 9 1 5 37 37 8 2 5 3 1 8 279 29 4 6 79 8 2 7 36 69 4 13 5 139 6 9 8 237 17 137 23 4 "
    "5 2 1 5 346 46 8 9 7 36 3 7 4 5 269 29 8 12 16 1 8 26 27 3 67 5 9 4 9 5 26 24 48 16 127 "
    "3 178 7 4 3 9 128 5 6 12 18"
)
AIC_SOLUTION = "469153782531872469827694153698217345215348976374569821182736594956481237743925618"


def _listed(board: Candidates, technique: Technique, name: str,
            solution: str) -> set[tuple[tuple[str, int], ...]]:
    listed = teach.all_steps(board, techniques=[technique])[name]
    assert 1 < len(listed) <= teach.PER_TECHNIQUE * teach.LONG_LISTS.get(technique.key, 1)
    assert listed[0] == next_step(board, techniques=[technique])
    for step in listed:
        for cell, digit in step.eliminations:  # the solution's digit is never removed
            assert solution[board.shape.parse_cell(cell)] != str(digit), step.text
        for cell, digit in step.placements:
            assert solution[board.shape.parse_cell(cell)] == str(digit), step.text
    # after the ladder's step (and, for an AIC that places, the shortest that removes)
    rest = listed[2:] if listed[0].placements else listed[1:]
    counts = [len(step.eliminations) + sum(len(board.candidates(board.shape.parse_cell(c))) - 1
                                           for c, _ in step.placements) for step in rest]
    assert counts == sorted(counts, reverse=True)
    return {step.eliminations or step.placements for step in listed}


def test_hint_all_lists_the_long_xy_chain_removing_most(pure: bool) -> None:
    removals = _listed(XY_BOARD, aic.XY_CHAIN, "XY-Chain", XY_SOLUTION)
    assert (("r7c7", 9), ("r7c8", 9), ("r9c5", 9)) in removals


def test_hint_all_lists_the_aic_removing_most(pure: bool) -> None:
    removals = _listed(AIC_BOARD, aic.AIC, "AIC", AIC_SOLUTION)
    assert (("r2c5", 9), ("r2c6", 9), ("r3c9", 9)) in removals


#: before a loop r3c5 =5= r3c6 -5- r6c6 -7- r6c8 -3- r2c8 =3= r2c5 =9= r6c5 =5= r3c5 that
#: places 5 in r3c5 (removing 1 and 2 there)
LOOP_BOARD = pencilmarks(
    "6 2 5 7 134 34 13 8 9 7 4 1 69 39 8 5 36 2 9 8 3 126 125 256 167 4 17 5 9 4 3 278 27 678 "
    "1 67 3 7 8 4 6 1 9 2 5 1 6 2 89 589 57 3478 37 347 2 3 6 18 478 9 47 5 147 4 5 7 126 123 "
    "236 1236 9 8 8 1 9 5 2347 23467 23467 367 346"
)
LOOP_SOLUTION = "625734189741698532983152647594327816378461925162985473236849751457216398819573264"


def test_hint_all_lists_the_aic_loop_placing_a_digit(pure: bool) -> None:
    removals = _listed(LOOP_BOARD, aic.AIC, "AIC", LOOP_SOLUTION)
    assert (("r3c5", 5),) in removals


#: before a grouped AIC r1c2 .. r3c8 (through r1c89 and r6c78) that removes 3 from r1c8,
#: r1c9 and r3c1
GROUPED_BOARD = pencilmarks(
    "1 38 279 29 6 45 45 2378 378 89 478 5 29 47 3 1 267 68 34 6 27 17 1457 8 45 237 9 7 2 8 "
    "5 13 19 69 4 136 369 13 69 4 138 79 2 5 1378 35 1345 49 6 1378 2 89 3789 1378 4568 4578 "
    "467 17 9 147 3 68 2 268 47 1 3 24 467 689 69 5 26 9 3 8 25 56 7 1 4"
)
GROUPED_SOLUTION = (
    "137965428985243176462178539728539641619487253354612897546791382871324965293856714"
)


def test_hint_all_lists_the_grouped_aic_removing_most(pure: bool) -> None:
    listed = teach.all_steps(GROUPED_BOARD, techniques=[grouped_chains.GROUPED_AIC])
    steps = listed[grouped_chains.GROUPED_AIC.name]
    assert len(steps) <= teach.PER_TECHNIQUE
    assert (("r1c8", 3), ("r1c9", 3), ("r3c1", 3)) in {step.eliminations for step in steps}
    for step in steps:
        for cell, digit in step.eliminations:
            assert GROUPED_SOLUTION[GROUPED_BOARD.shape.parse_cell(cell)] != str(digit)
        keeps_every_solution(GROUPED_BOARD, step)


def test_listed_chains_keep_every_solution(pure: bool) -> None:
    for board, technique, name in ((XY_BOARD, aic.XY_CHAIN, "XY-Chain"),
                                   (AIC_BOARD, aic.AIC, "AIC"), (LOOP_BOARD, aic.AIC, "AIC")):
        for step in teach.all_steps(board, techniques=[technique])[name]:
            keeps_every_solution(board, step)
