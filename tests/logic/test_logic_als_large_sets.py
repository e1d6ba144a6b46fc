"""The large ALS-XY-Wing, Death Blossom and ALS-XY-Chain (optional techniques) take almost locked
sets of four to six cells (a line's or box's leftover cells), as ALS-XZ does, and sets that
share cells where no link digit lies: on boards where the only step of each needs such a set, it
is found, and what it removes is false (checked against the solution and by a plain backtracking
search of the board with the candidate placed)."""

from __future__ import annotations

import re

import pytest

from sudokit import solve
from sudokit.candidates import Candidates
from sudokit.logic import next_step
from sudokit.logic.step import Step, Technique
from sudokit.logic.techniques import als_chain, als_xy_wing, death_blossom
from support.boards import pencilmarks

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

#: a board of the same path, earlier: its steps need sets that share a cell
OVERLAP_TEXT = (
    "4 569 1268 5789 3 15789 25 2567 5679 1237 359 12 6 127 14579 8 2357 34579 23678 3569 268 "
    "45789 278 45789 2345 23567 1 1236 346 124 378 5 13678 23 9 378 123 8 59 3479 17 13479 6 "
    "12357 357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 1 3 78 678 678 9 "
    "4 2 9 2 7 35 4 35 1 68 68"
)
OVERLAP_BOARD = pencilmarks(OVERLAP_TEXT)

CASES = [
    (als_xy_wing.LARGE_ALS_XY_WING, WING_BOARD, "r2c9<>7"),
    (death_blossom.LARGE_DEATH_BLOSSOM, WING_BOARD, "r2c9<>7"),
    (als_chain.LARGE_ALS_XY_CHAIN, CHAIN_BOARD, "r2c7,r2c8<>4"),
]


def _largest_set(text: str) -> int:
    """The most cells of one set the step's sentence names (``r1c1, r1c5 and r2c3 {...}``)."""
    return max(
        len(re.findall(r"r\dc\d", cells))
        for cells in re.findall(r"((?:r\dc\d(?:, | and )?)+) \{", text)
    )


OVERLAP_CASES = [
    (als_xy_wing.LARGE_ALS_XY_WING,
     "Large ALS-XY-Wing [r1c7 r1c8 r2c1 r2c3 r2c5 r2c8 r3c8 r6c8 r7c8 r9c8]: r2c9<>7",
     ("r1c8, r2c8, r3c8, r6c8, r7c8 and r9c8 {1,2,3,5,6,7,8}",
      "r2c1, r2c3, r2c5 and r2c8 {1,2,3,5,7}")),
    (death_blossom.LARGE_DEATH_BLOSSOM,
     "Large Death Blossom [r1c7 r1c8 r2c1 r2c3 r2c5 r2c8 r3c8 r7c8]: r2c9<>7",
     ("2: r1c8, r2c8, r3c8 and r7c8 {2,3,5,6,7}", "5: r2c1, r2c3, r2c5 and r2c8 {1,2,3,5,7}")),
    (als_chain.LARGE_ALS_XY_CHAIN,
     "Large ALS-XY-Chain [r1c2 r1c4 r1c7 r1c8 r1c9 r4c4 r4c7 r8c4]: r1c6<>5",
     ("r1c7 {2,5} -2-", "-8- r1c2, r1c4, r1c7, r1c8 and r1c9 {2,5,6,7,8,9}")),
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


@pytest.mark.parametrize(("tech", "board", "removed"), CASES, ids=[c[0].key for c in CASES])
def test_a_step_that_needs_a_set_of_four_to_six_cells_is_found(
    pure: bool, tech: Technique, board: Candidates, removed: str
) -> None:
    step = next_step(board, techniques=[tech])
    assert step is not None and str(step).endswith(f"]: {removed}")
    assert 4 <= _largest_set(step.text) <= 6
    _assert_false_candidates(board, step)


@pytest.mark.parametrize(
    ("tech", "expected", "sets"), OVERLAP_CASES, ids=[c[0].key for c in OVERLAP_CASES]
)
def test_sets_may_share_cells_that_hold_no_link_digit(
    pure: bool, tech: Technique, expected: str, sets: tuple[str, str]
) -> None:
    step = next_step(OVERLAP_BOARD, techniques=[tech])
    assert step is not None and str(step) == expected
    assert all(part in step.text for part in sets)  # two of its sets share a cell
    _assert_false_candidates(OVERLAP_BOARD, step)
