"""The examples in ``examples/``, through the command as a user would run it."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from sudokit import Grid, is_solution
from support.clirunner import sudoku, sudoku_process
from support.files import EXAMPLES

# every test here runs on both cores
pytestmark = pytest.mark.usefixtures("core_env")


def test_cdoku_csv_gives_its_table_byte_for_byte() -> None:
    outcome = sudoku(str(EXAMPLES / "cdoku.csv"), "--to", "table")
    assert outcome.status == 0
    assert outcome.stdout == (EXAMPLES / "cdoku_solution.table").read_bytes()


GRID_PUZZLE = """\
5 3 0 0 7 0 0 0 0
6 0 0 1 9 5 0 0 0
0 9 8 0 0 0 0 6 0
8 0 0 0 6 0 0 0 3
4 0 0 8 0 3 0 0 1
7 0 0 0 2 0 0 0 6
0 6 0 0 0 0 2 8 0
0 0 0 4 1 9 0 0 5
0 0 0 0 8 0 0 7 9
"""


def test_a_grid_through_standard_input_and_output() -> None:
    outcome = sudoku("solve", stdin=GRID_PUZZLE.encode())
    assert outcome.status == 0
    rows = outcome.out.splitlines()
    assert len(rows) == 9 and all(len(r.split(" ")) == 9 for r in rows)
    solution = Grid.from_rows([[int(v) for v in r.split()] for r in rows])
    puzzle = Grid.from_rows([[int(v) for v in r.split()] for r in GRID_PUZZLE.splitlines()])
    assert is_solution(solution, puzzle)


def test_an_unsolvable_grid_prints_its_exact_words() -> None:
    bad = GRID_PUZZLE.replace("5 3 0", "5 3 5", 1)
    outcome = sudoku("solve", stdin=bad.encode())
    assert outcome.status == 1
    assert outcome.out == "ERROR: Puzzle not solveable\n"


def test_a_grid_with_too_few_integers_is_an_error() -> None:
    outcome = sudoku("solve", stdin=GRID_PUZZLE.rsplit("\n", 2)[0].encode())
    assert outcome.status == 2
    assert "Traceback" not in outcome.stderr and outcome.stderr.startswith("sudoku: error:")


def test_a_binary_grid_as_the_only_argument(tmp_path: Path) -> None:
    outcome = sudoku(str(EXAMPLES / "grid01.bin"))
    assert outcome.status == 0
    puzzle = Grid.from_cells(struct.unpack("<81i", (EXAMPLES / "grid01.bin").read_bytes()))
    digits = [int(ch) for ch in outcome.out if ch.isdigit()]
    assert is_solution(Grid.from_cells(digits), puzzle)
    assert "|" in outcome.out  # a binary grid is shown as a picture


def test_an_unsolvable_binary_grid() -> None:
    outcome = sudoku(str(EXAMPLES / "grid02.bin"))
    assert outcome.status == 1
    assert outcome.out == "ERROR: Puzzle not solveable\n"


def test_a_binary_grid_as_the_one_argument_as_a_real_command() -> None:
    outcome = sudoku_process(str(EXAMPLES / "grid01.bin"))
    assert outcome.status == 0 and outcome.stderr == ""
    puzzle = (EXAMPLES / "grid01.bin").read_bytes()
    outcome = sudoku_process(stdin=puzzle)  # `sudoku < FILE` solves too
    assert outcome.status == 0 and outcome.stderr == ""
    assert outcome.stdout == sudoku_process(str(EXAMPLES / "grid01.bin")).stdout


def test_a_digit_file_with_separators() -> None:
    text = (EXAMPLES / "digits.txt").read_text()
    assert "|" in text and "+" in text
    outcome = sudoku("solve", str(EXAMPLES / "digits.txt"), "--to", "line")
    assert outcome.status == 0
    given = [int(ch) for ch in text if ch.isdigit()]
    assert is_solution(Grid(outcome.out.strip()), Grid.from_cells(given))


def test_the_candidate_board_of_810_bytes() -> None:
    board = (EXAMPLES / "board.cand").read_bytes()
    assert len(board) == 810
    outcome = sudoku("solve", str(EXAMPLES / "board.cand"))
    assert outcome.status == 0
    assert len(outcome.stdout) == 810
    cells = outcome.stdout.split(b"\0")[:81]
    digits = [next(i + 1 for i, ch in enumerate(c) if ch != ord(".")) for c in cells]
    assert all(c.count(b".") == 8 for c in cells)  # one candidate left in every cell
    before = board.split(b"\0")[:81]
    for cell, (old, d) in enumerate(zip(before, digits, strict=True)):
        assert old[d - 1] == ord(str(d)), f"cell {cell}: {d} was ruled out in the puzzle"
    assert Grid.from_cells(digits).is_solved()


def test_propagate_alone_prints_the_board_it_reaches() -> None:
    outcome = sudoku("solve", "--method", "propagate", str(EXAMPLES / "board.cand"))
    assert outcome.status == 0
    assert len(outcome.stdout) == 810
    after = outcome.stdout.split(b"\0")[:81]
    before = (EXAMPLES / "board.cand").read_bytes().split(b"\0")[:81]
    # propagation only ever rules digits out
    for old, new in zip(before, after, strict=True):
        assert all(n == ord(".") or n == o for o, n in zip(old, new, strict=True))


def test_propagate_reports_a_board_it_proves_impossible() -> None:
    outcome = sudoku("solve", "--method", "propagate", stdin=b"11" + b"." * 79 + b"\n")
    assert outcome.status == 1
    assert "propagation shows the puzzle has no solution" in outcome.stderr
    assert len(outcome.out.strip()) == 729  # the board it reached, in the candidates line form
