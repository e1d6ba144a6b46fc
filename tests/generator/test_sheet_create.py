"""Making puzzles of overlapping grids (samurai, twodoku, butterfly, sohei, windmill, flower):
one solution by an exact-cover count of their own, the same puzzles for a seed on both cores,
minimal and symmetric when asked, and options no puzzle can meet refused by name."""

from __future__ import annotations

import hashlib

import pytest

import sudokit
from sudokit import count_solutions
from sudokit.errors import GenerateError, RulesError, UnsupportedRulesError
from sudokit.generator.sheets import generate_sheet, iter_generate_sheets, sheet_orbits
from sudokit.logic.rating import rate
from sudokit.sheets import PRESETS, Sheet, SheetGrid
from support.sheet_reference import solutions


def _reference(puzzle: SheetGrid, limit: int = 2,
               without: int | None = None) -> list[dict[tuple[int, int], int]]:
    """The solutions the exact-cover reference finds (up to ``limit``), of ``puzzle`` with
    the given of cell ``without`` left out."""
    sheet = puzzle.sheet
    layout = (sheet.size, sheet.shape.box_rows, sheet.shape.box_cols, sheet.grids)
    givens = {sheet.position(i): d for i, d in enumerate(puzzle.digits) if d and i != without}
    return solutions(layout, givens, limit)


def _positions(grid: SheetGrid) -> dict[tuple[int, int], int]:
    return {grid.sheet.position(i): d for i, d in enumerate(grid.digits)}


#: A seed for each preset whose default puzzle the reference proves in a blink.
SEEDS = {"samurai": "two", "twodoku": "one", "butterfly": "one", "sohei": "one",
         "windmill": "one", "flower": "one"}


@pytest.mark.parametrize("name", PRESETS)
def test_each_preset_makes_a_puzzle_with_one_solution(name: str) -> None:
    made = next(iter_generate_sheets(1, name, seed=SEEDS[name]))
    assert made.puzzle.sheet == Sheet.preset(name)
    found = _reference(made.puzzle)
    assert len(found) == 1 and found[0] == _positions(made.solution)
    assert made.solution.is_solution_of(made.puzzle) and made.solution.is_complete
    # as many blanks as a classic puzzle's share: 40 to 64 of 81
    assert 40 / 81 <= 1 - made.puzzle.givens / made.puzzle.sheet.ncells <= 64 / 81 + 0.01


#: The first puzzle of a seed, as both cores make it (a digest of its sheet text).
PINNED = {("samurai", False): "6293fc60e26e4239", ("twodoku", True): "80b2accef238bd36",
          ("butterfly", True): "69d95aa8e4f1ab4a"}


@pytest.mark.parametrize(("name", "minimal"), PINNED)
def test_a_seed_makes_the_same_puzzles_on_both_cores(pure: bool, name: str,
                                                     minimal: bool) -> None:
    made = [m.puzzle for m in iter_generate_sheets(2, name, seed=7, minimal=minimal)]
    assert hashlib.sha256(str(made[0]).encode()).hexdigest()[:16] == PINNED[name, minimal]
    assert made[0] != made[1]


def test_generate_sheet_makes_the_first_puzzle_of_its_seed() -> None:
    assert generate_sheet("butterfly", seed=7, minimal=True) == \
        next(iter_generate_sheets(2, "butterfly", seed=7, minimal=True)).puzzle
    assert generate_sheet("butterfly", seed=8) != generate_sheet("butterfly", seed=7)


def test_a_minimal_puzzle_loses_its_one_solution_without_any_given(pure: bool) -> None:
    puzzle = generate_sheet("twodoku", seed=3, minimal=True)
    assert len(_reference(puzzle)) == 1
    for cell, digit in enumerate(puzzle.digits):
        if digit:
            assert len(_reference(puzzle, without=cell)) == 2, puzzle.sheet.cell_name(cell)


def test_a_minimal_samurai_loses_its_one_solution_without_any_given() -> None:
    puzzle = generate_sheet("samurai", seed=3, minimal=True)
    assert count_solutions(puzzle) == 1
    for cell, digit in enumerate(puzzle.digits):
        if digit:
            assert count_solutions(puzzle.with_digit(cell, 0)) == 2, \
                puzzle.sheet.cell_name(cell)


@pytest.mark.parametrize(("name", "symmetry", "turn"), [
    ("samurai", "rot180", lambda r, c, n: (n - 1 - r, n - 1 - c)),
    ("windmill", "rot90", lambda r, c, n: (c, n - 1 - r)),
    ("twodoku", "diagonal", lambda r, c, n: (c, r)),
])
def test_a_symmetric_pattern_turns_givens_onto_givens(name: str, symmetry: str,
                                                      turn: object) -> None:
    made = next(iter_generate_sheets(1, name, symmetry=symmetry, seed=4))
    sheet = made.puzzle.sheet
    given = {sheet.position(i) for i, d in enumerate(made.puzzle.digits) if d}
    assert {turn(r, c, sheet.rows) for r, c in given} == given  # type: ignore[operator]
    assert count_solutions(made.puzzle) == 1


def test_an_exact_clue_count() -> None:
    puzzle = generate_sheet("twodoku", clues=60, seed=2)
    assert puzzle.givens == 60 and len(_reference(puzzle)) == 1


def test_a_difficulty_is_the_level_the_rater_gives() -> None:
    for level in ("easy", "hard"):
        puzzle = generate_sheet("twodoku", difficulty=level, seed=1)
        assert rate(puzzle).level == level and count_solutions(puzzle) == 1


def test_symmetries_a_layout_keeps() -> None:
    assert len(sheet_orbits(Sheet.preset("samurai"), "rot180")) == (369 + 1) // 2
    assert sheet_orbits(Sheet.preset("twodoku"), "none") == [(i,) for i in range(153)]


@pytest.mark.parametrize(("options", "error", "words"), [
    (dict(sheet="twodoku", symmetry="mirror"), GenerateError,
     "the twodoku layout has no mirror symmetry: a cell in play would turn out of play (it "
     "keeps none, rot180, diagonal, antidiagonal)"),
    (dict(sheet="samurai", clues=0), GenerateError,
     "a samurai puzzle has 369 cells: clues must be 1 to 369, not 0"),
    (dict(sheet="windmill", clues=102, symmetry="rot90"), GenerateError,
     "102 clues cannot make a rot90-symmetric pattern on a windmill sheet (its cells go in "
     "groups of 1 and 4)"),
    (dict(sheet="samurai", difficulty="fiendish"), GenerateError,
     "unknown difficulty 'fiendish'"),
    (dict(sheet="samurai+x"), RulesError, "no overlapping grids named 'samurai+x'"),
    (dict(sheet="gattai-3"), RulesError, "no overlapping grids named 'gattai-3'"),
    (dict(sheet=9), TypeError, "sheet must be a Sheet or a preset name"),
    (dict(sheet="samurai", seed=1.5), TypeError, "a seed must be"),
    (dict(sheet="samurai", tries=0), ValueError, "tries must be at least 1, got 0"),
])
def test_options_no_puzzle_can_meet_are_refused_at_once(options: dict[str, object],
                                                        error: type[Exception],
                                                        words: str) -> None:
    with pytest.raises(error, match=None) as caught:
        iter_generate_sheets(1, **options)  # type: ignore[arg-type]
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_symmetric_minimal_sheet_that_is_not_found_gives_up_by_name() -> None:
    with pytest.raises(GenerateError, match="gave up: no minimal samurai puzzle with rot180 "
                       "symmetry found in 1 tries; a symmetric pattern is seldom minimal"):
        generate_sheet("samurai", minimal=True, symmetry="rot180", seed=1, tries=1)


def test_generate_points_overlapping_grids_to_their_own_maker() -> None:
    with pytest.raises(GenerateError, match=r"generate: samurai puzzles are sheets of "
                       r"overlapping grids: make them with sudokit.generator.generate_sheet"):
        sudokit.generate(rules="samurai")
    with pytest.raises(UnsupportedRulesError, match="cannot be combined with other rules"):
        sudokit.generate(rules="x+twodoku")


def test_jobs_do_not_change_the_puzzles() -> None:
    alone = list(iter_generate_sheets(3, "twodoku", seed="jobs"))
    assert list(iter_generate_sheets(3, "twodoku", seed="jobs", jobs=2)) == alone


def test_a_sheet_of_another_size_is_made_too(pure: bool) -> None:
    sheet = Sheet(4, grids=((0, 0), (2, 2)))
    made = next(iter_generate_sheets(1, sheet, seed=1, minimal=True))
    assert made.puzzle.sheet == sheet and len(_reference(made.puzzle)) == 1
