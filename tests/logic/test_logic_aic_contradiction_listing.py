"""``hint --all`` lists an AIC placement whose shortest chains from the digit's falsity pass a
candidate twice, true and then false (HoDoKu's discontinuous nice loops that leave one digit
in a cell): the two chains that clash are told. It lists three times as many AICs as most
techniques' steps: HoDoKu's loop removing one candidate comes 40th."""

from __future__ import annotations

from sudokit import formats
from sudokit.candidates import Candidates
from sudokit.logic import teach
from sudokit.logic.board import Board
from sudokit.logic.techniques import BY_KEY, aic
from support.boards import pencilmarks
from support.clirunner import sudoku
from support.soundness import keeps_every_solution

#: before HoDoKu's loop that leaves r8c2 only 9 (1, 5 and 6 go)
CLASH = pencilmarks(
    "567 4567 456 3 9 15 16 8 2 2 8 56 4 7 15 9 3 16 1 3 9 6 2 8 7 5 4 78 17 13 5 4 9 2 6 38 "
    "89 49 34 7 6 2 38 1 5 56 56 2 1 8 3 4 9 7 3 2 7 8 1 6 5 4 9 569 1569 156 2 3 4 168 7 168 "
    "4 16 8 9 5 7 136 2 136"
)
CLASH_SOLUTION = (
    "754391682286475931139628754871549263943762815562183497327816549695234178418957326")

#: before HoDoKu's loop that removes 7 from r6c3
LATE = pencilmarks(
    "2 4 68 1 7 5 36 38 9 178 17 5 9 3 6 124 12478 27 9 3 167 4 8 2 156 17 57 147 9 2 67 56 3 "
    "145 147 8 6 157 137 8 9 14 12345 12347 2357 1478 157 1378 27 25 14 1345 9 6 17 6 17 23 4 "
    "9 8 5 23 5 8 4 236 26 7 9 23 1 3 2 9 5 1 8 7 6 4"
)
LATE_SOLUTION = (
    "248175639715936482936482517492653178673891245851724396167249853584367921329518764")
TECH = BY_KEY["aic"]


def _sound(board: Candidates, solution: str, steps: list) -> None:  # type: ignore[type-arg]
    for step in steps:
        assert all(solution[board.shape.parse_cell(c)] != str(d) for c, d in step.eliminations)
        assert all(solution[board.shape.parse_cell(c)] == str(d) for c, d in step.placements)


def test_a_placement_by_two_clashing_chains_is_listed(pure: bool) -> None:
    listed = list(aic.aics(Board.from_candidates(CLASH)))
    placed = {step.placements: step for step in listed if step.placements}
    step = placed[(("r8c2", 9),)]
    assert step.text.startswith("r8c2 must be 9: if it were not, ")
    assert "would be both true (" in step.text and ") and false (" in step.text
    assert step.text.count("((9)r8c2=") == 2  # the two chains, each from 9 off r8c2
    keeps_every_solution(CLASH, step)
    _sound(CLASH, CLASH_SOLUTION, listed)
    shown = teach.all_steps(CLASH, techniques=[TECH])[TECH.name]
    assert (("r8c2", 9),) in {s.placements for s in shown}


def test_the_aic_listing_is_three_times_longer(pure: bool) -> None:
    every = [step.eliminations for step in aic.aics(Board.from_candidates(LATE))]
    gone = (("r6c3", 7),)
    assert gone in every and gone not in every[:teach.PER_TECHNIQUE]
    shown = teach.all_steps(LATE, techniques=[TECH])[TECH.name]
    assert teach.PER_TECHNIQUE < len(shown) <= teach.PER_TECHNIQUE * teach.LONG_LISTS[TECH.key]
    assert gone in {s.eliminations for s in shown}
    _sound(LATE, LATE_SOLUTION, shown)
    assert len(teach.all_steps(LATE, techniques=[TECH], limit=5)[TECH.name]) == 5


def test_the_command_lists_both() -> None:
    for board, said in ((CLASH, ": r8c2=9\n"), (LATE, ": r6c3<>7\n")):
        out = sudoku("hint", "--all", "--techniques", "aic",
                     stdin=formats.dumps([board], "candidates").encode())
        assert out.status == 0 and said in out.out
