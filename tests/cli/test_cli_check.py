"""``sudoku check --solution``: each solution record answers the puzzle record in the same
place, unreadable ones included, and the lines ``sudoku solve`` prints in place of an
answer are read and checked too."""

from __future__ import annotations

import json
from pathlib import Path

from support.clirunner import sudoku
from support.files import EXAMPLES

PUZZLES = [line for line in (EXAMPLES / "puzzles.txt").read_text().splitlines()
           if line and not line.startswith("#")]


def _solved(path: Path) -> str:
    return sudoku("solve", str(path)).out


def test_a_bad_puzzle_line_does_not_shift_the_solutions(tmp_path: Path) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("12\n" + "\n".join(PUZZLES) + "\n")
    answers = tmp_path / "s.txt"
    answers.write_text(_solved(puzzles))  # its first line is an ERROR: line for "12"
    outcome = sudoku("check", str(puzzles), "--solution", str(answers))
    lines = outcome.out.splitlines()
    assert lines[0].startswith("ERROR: ")
    assert [line.split(": ", 1)[1] for line in lines[1:]] == ["ok (complete)"] * len(PUZZLES)
    assert outcome.status == 2  # the unreadable line, not a wrong solution


def test_solves_no_solution_line_is_read_and_checked(tmp_path: Path) -> None:
    puzzles = tmp_path / "p.txt"
    clash = "11" + "." * 79
    puzzles.write_text(f"{PUZZLES[0]}\n{clash}\n{PUZZLES[1]}\n")
    answers = tmp_path / "s.txt"
    answers.write_text(_solved(puzzles))
    assert "ERROR: Puzzle not solveable" in answers.read_text()
    outcome = sudoku("check", str(puzzles), "--solution", str(answers))
    lines = outcome.out.splitlines()
    assert lines[0].endswith("line 1: ok (complete)")
    assert lines[1].startswith(f"{puzzles}, line 2: digit 1 appears twice in row 1")
    assert lines[-1].endswith("line 3: ok (complete)")


def test_a_false_no_solution_claim_is_a_failure(tmp_path: Path) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{PUZZLES[0]}\n{PUZZLES[1]}\n")
    answers = tmp_path / "s.txt"
    first = _solved(puzzles).splitlines()[0]
    answers.write_text(f"ERROR: Puzzle not solveable\n{first}\n")
    outcome = sudoku("check", str(puzzles), "--solution", str(answers))
    assert outcome.status == 1
    assert "said there is no solution, but the puzzle has one" in outcome.out.splitlines()[0]


def test_an_unsolvable_grid_with_only_the_message(tmp_path: Path) -> None:
    answers = tmp_path / "s.txt"
    answers.write_text("ERROR: Puzzle not solveable\n")
    outcome = sudoku("check", str(EXAMPLES / "grid02.bin"), "--solution", str(answers))
    assert outcome.status == 0
    assert outcome.out.endswith("ok (no solution, as the solver said)\n")


def test_grid_solutions_with_a_message_in_place_of_one(tmp_path: Path) -> None:
    grid = (EXAMPLES / "classic.grid").read_text()
    puzzles = tmp_path / "two.grid"
    puzzles.write_text(grid + "\n" + grid)
    solved = _solved(puzzles).split("\n\n")
    answers = tmp_path / "two.sol"
    answers.write_text("ERROR: Puzzle not solveable\n\n" + solved[1])
    outcome = sudoku("check", str(puzzles), "--solution", str(answers))
    lines = outcome.out.splitlines()
    assert "no solution, but the puzzle has one" in lines[0]
    assert lines[1].endswith("ok (complete)")


def test_check_json_and_format() -> None:
    path = str(EXAMPLES / "classic.grid")
    data = json.loads(sudoku("check", path, "--json").out)
    assert data == {"file": path, "line": 1, "ok": True, "blanks": 51, "problems": []}
    solution = sudoku("solve", path, "--to", "line").out
    outcome = sudoku("check", path, "--solution", "-", "--format", "{status}\t{solution}",
                     stdin=solution.encode())
    assert outcome.out == f"ok (complete)\t{solution}"
