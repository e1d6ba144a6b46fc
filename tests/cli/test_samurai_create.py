"""``sudoku create --variant samurai`` (and the other overlapping grids): sheets with one
solution, the same for a seed, minimal when asked, written as their sheet text that the
other commands read back, and options that cannot go with them refused in one line."""

from __future__ import annotations

import pytest

from sudokit import count_solutions
from sudokit.sheets import Sheet, SheetGrid
from support.clirunner import sudoku


def _sheets(text: str) -> list[SheetGrid]:
    """The sheets of a run's output: one after another, a blank line between them."""
    return [SheetGrid.parse(part) for part in text.split("\n\n") if part.strip()]


def test_create_writes_a_samurai_sheet_with_one_solution(pure: bool) -> None:
    outcome = sudoku("create", "--variant", "samurai", "--seed", "5")
    assert outcome.status == 0 and outcome.stderr == ""
    [puzzle] = _sheets(outcome.out)
    assert puzzle.sheet == Sheet.preset("samurai") and count_solutions(puzzle) == 1
    lines = outcome.out.splitlines()
    assert len(lines) == 21 and lines[9].startswith("      ") and len(lines[0]) == 21
    assert sudoku("create", "--variant", "gattai-5", "--seed", "5").out == outcome.out
    assert sudoku("create", "--variant", "samurai", "--seed", "6").out != outcome.out


def test_puzzles_and_solutions_in_order_read_back_by_solve() -> None:
    outcome = sudoku("create", "--variant", "twodoku", "--count", "2", "--with-solution",
                     "--seed", "1")
    assert outcome.status == 0 and outcome.stderr == ""
    first, first_solution, second, second_solution = _sheets(outcome.out)
    assert first != second and first.sheet.name == "twodoku"
    assert first_solution.is_solution_of(first) and second_solution.is_solution_of(second)
    puzzles = sudoku("create", "--variant", "twodoku", "--count", "2", "--seed", "1")
    solved = sudoku("solve", stdin=puzzles.stdout)  # found by its layout
    assert solved.status == 0 and _sheets(solved.out) == [first_solution, second_solution]


def test_a_minimal_sheet_needs_every_given(pure: bool) -> None:
    outcome = sudoku("create", "--variant", "butterfly", "--minimal", "--seed", "2")
    [puzzle] = _sheets(outcome.out)
    assert count_solutions(puzzle) == 1
    for cell, digit in enumerate(puzzle.digits):
        if digit:
            assert count_solutions(puzzle.with_digit(cell, 0)) == 2, \
                puzzle.sheet.cell_name(cell)


def test_a_symmetric_sheet_and_its_file(tmp_path: object) -> None:
    path = f"{tmp_path}/made.samurai"
    outcome = sudoku("create", "--variant", "sohei", "--symmetry", "rot180", "--seed", "3",
                     "-o", path)
    assert outcome.status == 0 and outcome.out == ""
    with open(path, encoding="utf-8") as f:
        [puzzle] = _sheets(f.read())
    sheet = puzzle.sheet
    given = {sheet.position(i) for i, d in enumerate(puzzle.digits) if d}
    assert {(sheet.rows - 1 - r, sheet.cols - 1 - c) for r, c in given} == given
    assert count_solutions(puzzle) == 1


@pytest.mark.parametrize(("options", "message"), [
    (["--variant", "twodoku", "--symmetry", "mirror"],
     "the twodoku layout has no mirror symmetry: a cell in play would turn out of play (it "
     "keeps none, rot180, diagonal, antidiagonal)"),
    (["--variant", "samurai", "--size", "6"],
     "--size does not go with --variant samurai (puzzles of overlapping 9x9 grids)"),
    (["--variant", "samurai", "--technique", "x-wing"],
     "--technique does not go with --variant samurai (puzzles of overlapping 9x9 grids)"),
    (["--variant", "samurai", "--to", "jsonl"],
     "--to jsonl: samurai puzzles are written as their sheet (--to samurai, the default) or "
     "as pictures (svg, png, pdf)"),
    (["--variant", "samurai", "--to", "line"],
     "the line format cannot hold a samurai puzzle (5 overlapping 9x9 grids): write it --to "
     "samurai"),
    (["--variant", "samurai+x"],
     "samurai puzzles (overlapping grids) cannot be combined with other rules"),
    (["--variant", "samurai", "--clues", "400"],
     "a samurai puzzle has 369 cells: clues must be 1 to 369, not 400"),
])
def test_options_that_do_not_go_with_sheets_are_refused_in_one_line(
        options: list[str], message: str) -> None:
    outcome = sudoku("create", *options)
    assert outcome.status == 2 and outcome.out == ""
    assert message in outcome.stderr and outcome.stderr.count("\n") == 1


def test_a_pattern_not_found_in_the_tries_is_status_1() -> None:
    outcome = sudoku("create", "--variant", "samurai", "--minimal", "--symmetry", "rot180",
                     "--tries", "1", "--seed", "1")
    assert outcome.status == 1 and outcome.out == ""
    assert outcome.stderr == "sudoku: error: gave up: no minimal samurai puzzle with rot180 " \
        "symmetry found in 1 tries; a symmetric pattern is seldom minimal: more tries " \
        "(--tries) or no symmetry\n"


def test_a_sheet_of_a_difficulty_rates_as_asked() -> None:
    outcome = sudoku("create", "--variant", "twodoku", "--difficulty", "hard", "--seed", "4")
    [puzzle] = _sheets(outcome.out)
    assert count_solutions(puzzle) == 1
    rated = sudoku("rate", stdin=outcome.stdout)
    assert rated.status == 0 and rated.out.startswith("hard ")


def test_a_sheet_drawn_as_a_picture() -> None:
    outcome = sudoku("create", "--variant", "twodoku", "--to", "svg", "--seed", "1")
    assert outcome.status == 0 and outcome.out.startswith("<svg")
    puzzle = _sheets(sudoku("create", "--variant", "twodoku", "--seed", "1").out)[0]
    assert outcome.out.count("</text>") >= puzzle.givens
