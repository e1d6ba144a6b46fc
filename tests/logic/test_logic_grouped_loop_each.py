"""hint --all lists, after the grouped chains, the discontinuous nice loop through each
candidate a chain removes when it removes several (x=...=y and a candidate seeing both
ends: the loop removes that one), as HoDoKu lists them. Each listed step is checked for
soundness."""

from __future__ import annotations

from sudokit.candidates import Candidates
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques.grouped_chains import GROUPED_AIC
from support.soundness import keeps_every_solution

#: met on a solving path, where HoDoKu's loop
#: 1 r2c5 -1- r8c5 -8- r8c1 -5- r7c2 -4- r5c2 -2- r5c8 -1- r5c6 =1= r23c6 -1- r2c5
#: removes 1 from r2c5 alone (the chain between its strong ends removes r3c5's 1 too)
BOARD = Candidates([
    156, 1, 134, 256, 172, 178, 40, 64, 176, 32, 26, 206, 143, 205, 155, 264, 273, 145, 152,
    256, 200, 185, 233, 185, 2, 4, 177, 64, 128, 10, 11, 257, 4, 288, 19, 49, 256, 10, 16,
    64, 40, 41, 128, 3, 4, 1, 4, 32, 130, 16, 386, 64, 258, 8, 2, 24, 140, 156, 396, 272, 1,
    32, 64, 144, 32, 256, 145, 129, 64, 4, 8, 2, 12, 64, 1, 44, 2, 40, 16, 128, 256,
])


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


def test_the_loop_through_one_removed_candidate_is_listed(pure: bool) -> None:
    listed = all_steps(BOARD, [GROUPED_AIC], limit=500)[GROUPED_AIC.name]
    removed = [_removed(s) for s in listed]
    single = removed.index(frozenset({("r2c5", 1)}))
    # the loop comes after a chain that removes that candidate and r3c5's 1
    assert any({("r2c5", 1), ("r3c5", 1)} <= r for r in removed[:single])
    assert len(removed) == len(set(removed))
    for step in listed:
        keeps_every_solution(BOARD, step)
