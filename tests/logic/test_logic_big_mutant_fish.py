"""The finned mutant Squirmbag (five base units) and Whale (six): HoDoKu's examples are found
in one step, which no smaller finned mutant fish makes, and the search stops at its budget.

The boards are HoDoKu's with every cell that cannot hold the fish's digit filled from the
solution (and the others left that digit and their own): the fish of that digit is the same,
and the searches of the other digits, which cost seconds on the full boards, cost nothing."""

from __future__ import annotations

import pytest

from sudokit import formats
from sudokit.candidates import Candidates
from sudokit.logic import teach
from sudokit.logic.board import Board
from sudokit.logic.techniques import BY_KEY, OPTIONAL, franken_fish
from support.boards import pencilmarks
from support.clirunner import sudoku
from support.soundness import keeps_every_solution

#: before HoDoKu's Finned Mutant Squirmbag on 9: rows 3, 5, 8 and columns 1, 7 against
#: boxes 1, 3, columns 2, 4 and row 4, fins r3c1 and r8c3: 9 leaves r1c3
SQUIRMBAG = pencilmarks(
    "569 1 2369 8 349 7 3469 23456 469 579 235 8 1 349 6 3479 23457 2479 679 4 369 39 5 2 8 "
    "1367 1679 4569 569 7 269 1269 3 69 146 8 2 689 1 69 7 48 5 46 3 3 689 469 5 169 48 2 "
    "1467 14679 46 236 5 7 8 1 346 9 246 8 23679 2369 4 236 5 1 2367 267 1 237 2346 236 236 9 "
    "3467 8 5"
)
SQUIRMBAG_SOLUTION = (
    "512897634938146752746352819657213948281974563394568271425781396869435127173629485")

#: before HoDoKu's Finned Mutant Whale on 4: rows 3, 5, 7 and columns 2, 8, 9 against boxes
#: 1, 3, 7, columns 4, 7 and row 6, fins r7c2 and r9c8: 4 leaves r9c1
WHALE = pencilmarks(
    "9 234 7 68 14 5 48 3468 1234 1 345 2345 7 468 238 9 68 234 8 6 234 34 9 123 5 7 12 457 8 "
    "45 234 347 6 1 23 9 3 1 6 24 5 9 248 28 7 2 47 9 1 3478 378 6 5 34 457 345 1358 58 2 "
    "1378 47 9 6 567 9 1235 56 367 4 27 12 8 467 247 128 9 168 178 3 124 5"
)
WHALE_SOLUTION = (
    "927615843153748962864392571485276139316459287279183654531827496692534718748961325")

#: the nodes each search needs to find its fish (counted in the same order on both cores)
NEEDED = {5: 318_065, 6: 2_460_931}


def _only(board: Candidates, solution: str, digit: int) -> Candidates:
    """``board`` with each cell left its solution digit, and ``digit`` where it had it."""
    return Candidates.from_sets(
        [{int(solution[c])} | ({digit} & board.candidates(c)) for c in range(81)])


def test_hodokus_squirmbag_is_one_step(pure: bool) -> None:
    _one_step(SQUIRMBAG, SQUIRMBAG_SOLUTION, 9, 5, "r1c3")


def test_hodokus_whale_is_one_step() -> None:
    # on the core this process runs (SUDOKIT_PURE_PYTHON=1 for the other): its search visits
    # two and a half million nodes, seconds a core
    _one_step(WHALE, WHALE_SOLUTION, 4, 6, "r9c1")


def _one_step(full: Candidates, solution: str, digit: int, k: int, cell: str) -> None:
    board = _only(full, solution, digit)
    tech = franken_fish.BIG_TECHNIQUES[k]
    assert tech in OPTIONAL and BY_KEY[tech.key] is tech
    # hint --all's listing: the technique's one step (a search of each digit)
    shown = teach.all_steps(board, techniques=[tech])[tech.name]
    assert [s.eliminations for s in shown] == [((cell, digit),)]
    step = shown[0]
    assert step.technique == tech.name and step.key == tech.key
    assert step.text.startswith(f"{tech.name}: {digit} in ")
    keeps_every_solution(full, step)
    assert solution[full.shape.parse_cell(cell)] != str(digit)
    if k == 5:  # no smaller finned mutant fish makes it (the Whale's would cost seconds)
        for smaller in (BY_KEY["finned-mutant-fish"], BY_KEY["finned-mutant-jellyfish"]):
            found = smaller.find(Board.from_candidates(board))
            assert found is None or (cell, digit) not in found.eliminations


def test_the_budget_bounds_the_search(pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _only(SQUIRMBAG, SQUIRMBAG_SOLUTION, 9)
    tech = franken_fish.FINNED_MUTANT_SQUIRMBAG
    assert max(NEEDED.values()) <= franken_fish.BIG_BUDGET
    monkeypatch.setattr(franken_fish, "BIG_BUDGET", NEEDED[5] - 1)
    assert tech.find(Board.from_candidates(board)) is None
    monkeypatch.setattr(franken_fish, "BIG_BUDGET", NEEDED[5])
    step = tech.find(Board.from_candidates(board))
    assert step is not None and step.eliminations == (("r1c3", 9),)


def test_hint_all_names_the_squirmbag() -> None:
    board = _only(SQUIRMBAG, SQUIRMBAG_SOLUTION, 9)
    out = sudoku("hint", "--all", "--techniques", "finned-mutant-squirmbag",
                 stdin=formats.dumps([board], "candidates").encode())
    assert out.status == 0 and "Finned Mutant Squirmbag" in out.out and ": r1c3<>9\n" in out.out
