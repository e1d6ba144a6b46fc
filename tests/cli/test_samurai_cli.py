"""Samurai and the other overlapping grids on the command line: solve, count, check and
convert read their sheets (found by their layout, or named by --variant), answer in order,
and say what is wrong in one line."""

from __future__ import annotations

import pytest

from sudokit import solve
from sudokit.sheets import Sheet, SheetGrid
from support.clirunner import sudoku
from support.files import EXAMPLES

SAMURAI = (EXAMPLES / "samurai.txt").read_text()
PUZZLE = SheetGrid.parse(SAMURAI)


def _solution(puzzle: SheetGrid) -> SheetGrid:
    found = solve(puzzle)
    assert found is not None
    return found


def _twodoku(seed: int, keep_every: int = 2) -> SheetGrid:
    """A twodoku puzzle: a solved sheet, relabelled, every other cell blank."""
    filled = _solution(SheetGrid.empty(Sheet.preset("twodoku")))
    relabel = {d: (d + seed) % 9 + 1 for d in range(1, 10)}
    return SheetGrid(filled.sheet, [relabel[d] if i % keep_every else 0
                                    for i, d in enumerate(filled.digits)])


def test_solve_prints_the_solved_sheet(pure: bool) -> None:
    outcome = sudoku("solve", str(EXAMPLES / "samurai.txt"))
    assert outcome.status == 0 and outcome.stderr == ""
    assert outcome.out == str(_solution(PUZZLE)) + "\n"
    assert SheetGrid.parse(outcome.out).is_solution_of(PUZZLE)


def test_count_and_check_take_the_sheet(pure: bool) -> None:
    assert sudoku("count", str(EXAMPLES / "samurai.txt")).out == "1\n"
    several = str(_twodoku(1, keep_every=3)) + "\n"
    assert sudoku("count", "--limit", "5", stdin=several.encode()).out == "5\n"
    assert sudoku("check", str(EXAMPLES / "samurai.txt")).out.endswith(
        "line 1: ok (276 blanks)\n")


def test_variant_reads_one_line_per_grid_and_answers_in_that_form() -> None:
    lines = "".join(g.replace(".", "0") + "\n" for g in PUZZLE.grid_lines())
    outcome = sudoku("solve", "--variant", "samurai", stdin=lines.encode())
    assert outcome.status == 0, outcome.stderr
    assert outcome.out.split("\n")[:-1] == [g.replace(".", "0") for g in
                                            _solution(PUZZLE).grid_lines()]
    # the same lines with no --variant are five classic lines, solved each on its own
    assert sudoku("solve", stdin=lines.encode()).out.count("\n") == 5


def test_a_batch_keeps_its_order_and_says_what_went_wrong(pure: bool) -> None:
    good, other = _twodoku(1), _twodoku(5)
    clashing = list(good.digits)
    clashing[0], clashing[1] = 1, 1
    bad_lines = str(good).split("\n")
    bad_lines[3] = "x" + bad_lines[3][1:]
    text = "\n\n".join([str(good), str(SheetGrid(good.sheet, clashing)), "\n".join(bad_lines),
                        str(other)]) + "\n"
    outcome = sudoku("solve", stdin=text.encode())
    assert outcome.status == 2  # an unreadable puzzle outranks one with no solution
    answers = outcome.out.split("\n\n")
    assert len(answers) == 4
    assert SheetGrid.parse(answers[0]) == _solution(good)
    assert answers[1] == "ERROR: Puzzle not solveable"
    assert answers[2].startswith("ERROR: <stdin>, line 36: column 1: 'x' where twodoku")
    assert SheetGrid.parse(answers[3]) == _solution(other)
    said = sorted(outcome.stderr.splitlines(), key=len)  # (read ahead of the answers)
    assert said[0] == ("sudoku: error: <stdin>, line 17: the givens clash: digit 1 appears "
                       "twice in row 1 of grid 1 (r1c1, r1c2)")
    assert said[1].startswith("sudoku: error: <stdin>, line 36: column 1: 'x' where twodoku")
    assert len(said) == 2


@pytest.mark.parametrize(("args", "message"), [
    (["--variant", "samurai+x"], "argument --variant: samurai puzzles (overlapping grids) "
                                 "cannot be combined with other rules ('samurai+x')"),
    (["--variant", "x"], "<stdin>, line 1: samurai (5 overlapping 9x9 grids) puzzles cannot "
                         "take --variant x"),
    (["--variant", "twodoku"], "<stdin>, line 1: twodoku (2 overlapping 9x9 grids) is 15 "
                               "lines of up to 15 positions; this text has 21 lines"),
    (["--to", "line"], "the line format cannot hold a samurai puzzle (5 overlapping 9x9 "
                       "grids): write it --to samurai"),
    (["--method", "propagate"], "<stdin>, line 1: propagating the candidates of samurai (5 "
                                "overlapping 9x9 grids) puzzles is not supported yet"),
])
def test_what_cannot_be_done_is_one_line_and_status_2(args: list[str], message: str) -> None:
    outcome = sudoku("solve", *args, stdin=SAMURAI.encode())
    assert outcome.status == 2
    errors = [line for line in outcome.stderr.splitlines() if line]
    assert errors[0].startswith(f"sudoku: error: {message}"), errors
    assert len(set(errors)) == 1


def test_a_classic_puzzle_named_samurai_is_refused_in_its_place() -> None:
    line = b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
    outcome = sudoku("solve", "--variant", "samurai", "--from", "line", stdin=line)
    assert outcome.status == 2
    assert "line 1: --variant samurai: a 9x9 puzzle, not a samurai (5 overlapping 9x9 " \
           "grids) sheet" in outcome.stderr


def test_convert_writes_the_sheet_and_refuses_formats_that_cannot_hold_it() -> None:
    outcome = sudoku("convert", "--to", "samurai", str(EXAMPLES / "samurai.txt"))
    assert outcome.status == 0 and outcome.out == SAMURAI
    refused = sudoku("convert", "--to", "csv", str(EXAMPLES / "samurai.txt"))
    assert refused.status == 2 and refused.stdout == b""
    assert refused.stderr == ("sudoku: error: the csv format cannot hold a samurai puzzle (5 "
                              "overlapping 9x9 grids): write it --to samurai\n")


def test_check_finds_clashes_and_checks_a_solution() -> None:
    solution = str(_solution(PUZZLE)) + "\n"
    clashing = solution.replace("5", "6", 1)
    outcome = sudoku("check", "--solution", "-", str(EXAMPLES / "samurai.txt"),
                     stdin=solution.encode())
    assert outcome.status == 0 and outcome.out.endswith("line 1: ok (complete)\n")
    outcome = sudoku("check", "--solution", "-", str(EXAMPLES / "samurai.txt"),
                     stdin=clashing.encode())
    assert outcome.status == 1
    assert "solution: digit 6 appears twice in row 1 of grid 1" in outcome.out


def test_commands_not_made_for_overlapping_grids_refuse_them_by_name() -> None:
    outcome = sudoku("minimize", str(EXAMPLES / "samurai.txt"))
    assert outcome.status == 2
    assert outcome.stderr.strip().endswith("'sudoku minimize' on samurai (5 overlapping 9x9 "
                                           "grids) puzzles is not supported yet")
