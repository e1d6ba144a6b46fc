"""``hint --all`` lists, after the ladder's own (shortest) chain, the XY-Chains and AICs that
remove the most candidates first: on boards of real solving paths where a long chain removes
three candidates at once, that chain is among the twenty listed, and every listed step keeps
the puzzle's solution."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic import next_step, teach
from sudokit.logic.step import Technique
from sudokit.logic.techniques import aic
from support.soundness import keeps_every_solution


def _board(text: str) -> Candidates:
    return Candidates.from_sets([[int(ch) for ch in token] for token in text.split()])


#: before an XY-Chain of nine cells r7c5 .. r9c7 that removes 9 from r7c7, r7c8 and r9c5
XY_BOARD = _board(
    "5 2 3 7 6 4 8 1 9 18 7 4 5 18 9 3 2 6 168 9 16 3 2 18 7 4 5 26 3 69 89 47 28 45 57 1 "
    "7 4 5 19 3 12 29 6 8 12 8 19 6 47 5 249 79 3 3 6 8 2 19 7 159 59 4 9 1 7 4 5 3 6 8 2 "
    "4 5 2 18 189 6 19 3 7"
)
XY_SOLUTION = "523764819874519326196328745639842571745931268281675493368297154917453682452186937"

#: before an AIC r2c9 .. r3c5 that removes 9 from r2c5, r2c6 and r3c9
AIC_BOARD = _board(
    "4 6 9 1 5 37 37 8 2 5 3 1 8 279 29 4 6 79 8 2 7 36 69 4 13 5 139 6 9 8 237 17 137 23 4 "
    "5 2 1 5 346 46 8 9 7 36 3 7 4 5 269 29 8 12 16 1 8 26 27 3 67 5 9 4 9 5 26 24 48 16 127 "
    "3 178 7 4 3 9 128 5 6 12 18"
)
AIC_SOLUTION = "469153782531872469827694153698217345215348976374569821182736594956481237743925618"


def _listed(board: Candidates, technique: Technique, name: str,
            solution: str) -> set[tuple[tuple[str, int], ...]]:
    listed = teach.all_steps(board, techniques=[technique])[name]
    assert 1 < len(listed) <= teach.PER_TECHNIQUE
    assert listed[0] == next_step(board, techniques=[technique])
    for step in listed:
        for cell, digit in step.eliminations:  # the solution's digit is never removed
            assert solution[board.shape.parse_cell(cell)] != str(digit), step.text
    # after the ladder's step (and, for an AIC that places, the shortest that removes)
    rest = listed[2:] if listed[0].placements else listed[1:]
    counts = [len(step.eliminations) for step in rest]
    assert counts == sorted(counts, reverse=True)
    return {step.eliminations for step in listed}


def test_hint_all_lists_the_long_xy_chain_removing_most(pure: bool) -> None:
    removals = _listed(XY_BOARD, aic.XY_CHAIN, "XY-Chain", XY_SOLUTION)
    assert (("r7c7", 9), ("r7c8", 9), ("r9c5", 9)) in removals


def test_hint_all_lists_the_aic_removing_most(pure: bool) -> None:
    removals = _listed(AIC_BOARD, aic.AIC, "AIC", AIC_SOLUTION)
    assert (("r2c5", 9), ("r2c6", 9), ("r3c9", 9)) in removals


def test_listed_chains_keep_every_solution(pure: bool) -> None:
    for board, technique, name in ((XY_BOARD, aic.XY_CHAIN, "XY-Chain"),
                                   (AIC_BOARD, aic.AIC, "AIC")):
        for step in teach.all_steps(board, techniques=[technique])[name]:
            keeps_every_solution(board, step)
