"""ALS-XY-Wing, Death Blossom and ALS-XY-Chain take almost locked sets of four and five cells
(a line's or box's leftover cells), as ALS-XZ does: on boards where the only step of each
needs such a set, it is found, and what it removes is false (checked against the solution and
by a plain backtracking search of the board with the candidate placed)."""

from __future__ import annotations

import pytest

from sudokit import solve
from sudokit.candidates import Candidates
from sudokit.logic import next_step
from sudokit.logic.step import Step, Technique
from sudokit.logic.techniques import als_chain, als_xy_wing, death_blossom

#: a board along the path of a top1465 puzzle, just before its first expert step
WING_BOARD = Candidates([
    8, 304, 163, 464, 4, 465, 18, 114, 368, 71, 276, 3, 32, 67, 345, 128, 86, 348, 230, 308,
    162, 472, 194, 472, 30, 118, 1, 39, 44, 11, 196, 16, 229, 6, 256, 196, 7, 128, 272, 332,
    65, 333, 32, 87, 84, 37, 64, 272, 2, 161, 421, 28, 149, 156, 160, 40, 168, 1, 256, 2, 64,
    20, 20, 16, 1, 4, 192, 224, 224, 256, 8, 2, 256, 2, 64, 20, 8, 20, 1, 160, 160,
])

#: a board along the path of another top1465 puzzle
CHAIN_BOARD = Candidates([
    64, 35, 128, 280, 312, 312, 4, 57, 19, 264, 36, 296, 2, 60, 1, 104, 216, 208, 16, 39,
    43, 192, 12, 192, 290, 41, 259, 385, 8, 337, 340, 272, 340, 193, 2, 32, 4, 35, 291, 328,
    128, 298, 73, 89, 81, 162, 80, 114, 1, 58, 106, 200, 256, 4, 3, 256, 85, 32, 19, 150,
    67, 197, 8, 43, 128, 47, 268, 64, 270, 16, 37, 259, 43, 80, 127, 412, 267, 414, 354,
    229, 451,
])

CASES = [
    (als_xy_wing.ALS_XY_WING, WING_BOARD,
     "ALS-XY-Wing [r1c7 r2c1 r2c3 r2c5 r2c8 r4c7 r4c9 r5c9 r6c7 r6c9]: r2c9<>7",
     "r4c7, r4c9, r5c9, r6c7 and r6c9 {2,3,4,5,7,8}"),
    (death_blossom.DEATH_BLOSSOM, WING_BOARD,
     "Death Blossom [r1c7 r2c1 r2c3 r2c5 r2c8 r4c7 r4c9 r5c9 r6c7 r6c9]: r2c9<>7",
     "r2c1, r2c3, r2c5 and r2c8 {1,2,3,5,7}"),
    (als_chain.ALS_XY_CHAIN, CHAIN_BOARD,
     "ALS-XY-Chain [r1c8 r1c9 r2c1 r2c2 r2c3 r2c5 r2c7 r3c7 r3c8 r3c9 r4c7 r5c7 r6c7 r7c1 "
     "r7c5 r7c7]: r2c7,r2c8<>4",
     "r1c8, r1c9, r3c7, r3c8 and r3c9 {1,2,4,5,6,9}"),
]


def _has_solution(masks: list[int]) -> bool:
    """Plain backtracking over candidate sets: can every cell take one of its candidates,
    no two cells that see each other alike?"""
    peers = [
        [p for p in range(81) if p != c and (
            p // 9 == c // 9 or p % 9 == c % 9 or (p // 27, p % 9 // 3) == (c // 27, c % 9 // 3)
        )]
        for c in range(81)
    ]
    masks = list(masks)

    def search() -> bool:
        open_cells = [c for c in range(81) if masks[c].bit_count() > 1]
        if any(m == 0 for m in masks):
            return False
        if not open_cells:
            return all(masks[c] != masks[p] for c in range(81) for p in peers[c])
        cell = min(open_cells, key=lambda c: masks[c].bit_count())
        for d in range(9):
            if not masks[cell] >> d & 1:
                continue
            saved = list(masks)
            masks[cell] = 1 << d
            # propagate the placements made so far
            queue, ok = [cell], True
            while queue and ok:
                c = queue.pop()
                for p in peers[c]:
                    if masks[p] & masks[c]:
                        masks[p] &= ~masks[c]
                        if masks[p] == 0:
                            ok = False
                            break
                        if masks[p].bit_count() == 1:
                            queue.append(p)
            if ok and search():
                return True
            masks[:] = saved
        return False

    for c in range(81):
        if masks[c].bit_count() == 1:
            for p in peers[c]:
                masks[p] &= ~masks[c]
    return search()


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def _assert_false_candidates(board: Candidates, step: Step) -> None:
    solution = solve(board)
    assert solution is not None
    for name, digit in step.eliminations:
        assert solution[name] != digit, f"{step}: removed the true {digit} from {name}"
        masks = list(board.masks)
        masks[_cell(name)] = 1 << (digit - 1)
        assert not _has_solution(masks), f"{step}: {name}={digit} still has a solution"


@pytest.mark.parametrize(
    ("tech", "board", "expected", "big_set"), CASES, ids=[c[0].key for c in CASES]
)
def test_a_step_that_needs_a_set_of_four_or_five_cells_is_found(
    pure: bool, tech: Technique, board: Candidates, expected: str, big_set: str
) -> None:
    step = next_step(board, techniques=[tech])
    assert step is not None and str(step) == expected
    assert big_set in step.text  # the set that the step could not do without
    _assert_false_candidates(board, step)
