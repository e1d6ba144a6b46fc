"""Bad input: each gets one clear line on standard error and its documented exit status; never a
traceback, never a hang, never a wrong answer."""

from __future__ import annotations

import io
import random
import struct
from pathlib import Path

import pytest

from sudokit.cli import run
from sudokit.cli.env import Env
from support.clirunner import Outcome, sudoku, sudoku_process

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SOLUTION = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"


# every test here runs on both cores
pytestmark = pytest.mark.usefixtures("core_env")


def one_error_line(outcome: Outcome, *fragments: str) -> str:
    lines = outcome.stderr.splitlines()
    assert len(lines) == 1, outcome.stderr
    assert lines[0].startswith("sudoku: error: ")
    assert "Traceback" not in outcome.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def test_no_arguments_at_a_terminal_is_a_usage_error() -> None:
    err = io.StringIO()
    env = Env(stdin=io.BytesIO(b""), stdout=io.BytesIO(), stderr=err, stderr_isatty=False,
              stdin_isatty=True)
    status = run([], env)
    assert status == 2
    one_error_line(Outcome(status, b"", err.getvalue()), "no command")


def test_no_command_with_piped_puzzles_solves_them() -> None:
    # `sudoku < FILE` reads as `sudoku FILE`: standard input, when it is not a terminal
    puzzles = b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
    piped = sudoku(stdin=puzzles * 2)
    assert piped.status == 0
    assert piped.out == sudoku("solve", "--to", "line", stdin=puzzles * 2).out
    assert len(piped.out.split()) == 2 and "." not in piped.out
    assert sudoku(stdin=b"").status == 0  # nothing piped: nothing to answer, as `sudoku -`
    with_options = sudoku("--to", "grid", stdin=puzzles)  # a solve's options, no command
    assert with_options.status == 0
    assert with_options.out == sudoku("solve", "--to", "grid", stdin=puzzles).out
    assert len(with_options.out.splitlines()) == 9 and "." not in with_options.out
    version = sudoku("--version", stdin=puzzles)  # sudoku's own option: no solve
    assert version.status == 0 and version.out == ""


def test_unknown_option_is_a_usage_error() -> None:
    outcome = sudoku("solve", "--frobnicate")
    assert outcome.status == 2
    one_error_line(outcome, "--frobnicate")


def test_missing_file(tmp_path: Path) -> None:
    outcome = sudoku(str(tmp_path / "nope.txt"))
    assert outcome.status == 2
    one_error_line(outcome, "nope.txt", "No such file")
    assert "standard input" not in outcome.stderr  # a file name gets no hint about pipes
    sixteen = sudoku("solve", "puzzles-2024.txt")  # no such file; 16 characters, as a 4x4 line
    assert sixteen.status == 2 and "standard input" not in sixteen.stderr


@pytest.mark.parametrize("command", ["solve", "explain", "rate"])
def test_a_puzzle_typed_as_an_argument_is_told_how_to_pipe_it(command: str) -> None:
    puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    outcome = sudoku(command, puzzle)
    assert outcome.status == 2
    one_error_line(outcome, "No such file", f"echo '{puzzle}' | sudoku {command}")


def test_unreadable_file_a_directory(tmp_path: Path) -> None:
    outcome = sudoku("solve", str(tmp_path))
    assert outcome.status == 2
    one_error_line(outcome, str(tmp_path))


def test_binary_of_the_wrong_size(tmp_path: Path) -> None:
    path = tmp_path / "grid.bin"
    path.write_bytes(struct.pack("<80i", *([0] * 80)))
    outcome = sudoku(str(path))
    assert outcome.status == 2
    one_error_line(outcome, "grid.bin")


def test_binary_with_a_value_out_of_range(tmp_path: Path) -> None:
    path = tmp_path / "grid.bin"
    cells = [0] * 81
    cells[10] = 12
    path.write_bytes(struct.pack("<81i", *cells))
    outcome = sudoku(str(path))
    assert outcome.status == 2
    one_error_line(outcome, "grid.bin", "r2c2")


@pytest.mark.parametrize("line", [PUZZLE[:-1], PUZZLE + "1"])
def test_too_few_or_too_many_cells(line: str) -> None:
    outcome = sudoku("solve", "--from", "line", stdin=(line + "\n").encode())
    assert outcome.status == 2
    one_error_line(outcome, "<stdin>", "line 1", "cells")


def test_letters() -> None:
    outcome = sudoku("solve", stdin=(PUZZLE[:5] + "x" + PUZZLE[6:] + "\n").encode())
    assert outcome.status == 2
    one_error_line(outcome, "line 1", "'x'")


def test_mixed_sizes_in_one_file(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text(PUZZLE + "\n" + "1234" + "." * 12 + "\n")
    outcome = sudoku("solve", str(path))
    assert outcome.status == 2
    assert "mixed.txt" in outcome.stderr and "Traceback" not in outcome.stderr
    assert len(outcome.stderr.splitlines()) == 1


def test_clashing_givens() -> None:
    outcome = sudoku("solve", stdin=("11" + "." * 79 + "\n").encode())
    assert outcome.status == 1
    assert outcome.out == "ERROR: Puzzle not solveable\n"
    one_error_line(outcome, "line 1", "digit 1 appears twice in row 1", "r1c1, r1c2")


@pytest.mark.parametrize("command", ["solve", "count", "check", "convert", "rate", "hint"])
@pytest.mark.parametrize("data", [b"", b"\n\n  \n"])
def test_empty_input_is_a_run_with_no_puzzles(command: str, data: bytes) -> None:
    """`grep PATTERN file | sudoku solve` finding nothing is no error, as for cat or sort."""
    outcome = sudoku(command, stdin=data)
    assert (outcome.status, outcome.stdout, outcome.stderr) == (0, b"", "")


def test_a_megabyte_of_random_bytes(tmp_path: Path) -> None:
    path = tmp_path / "noise"
    path.write_bytes(random.Random(7).randbytes(1 << 20))
    outcome = sudoku_process("solve", str(path))  # a real process: a hang would time out
    assert outcome.status == 2
    one_error_line(outcome, "noise")


def test_one_bad_line_among_many(tmp_path: Path, pure: bool) -> None:
    # every other puzzle is answered, in order; the bad one is reported with its line number.
    # On either core it comes after the first 64 KiB (800 lines), which the line path reads
    # before it takes the input.
    total, bad = (900, 850) if pure else (100_000, 50_000)
    easy = "".join("." if k % 3 == 0 else c for k, c in enumerate(SOLUTION))  # quick to solve
    lines = [easy] * total
    lines[bad - 1] = easy[:40] + "?" + easy[41:]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n")
    outcome = sudoku("solve", str(path))
    assert outcome.status == 2
    one_error_line(outcome, f"many.txt, line {bad}", "'?'")
    answers = outcome.out.splitlines()
    assert len(answers) == total
    assert answers[bad - 1].startswith("ERROR: ")
    assert answers[: bad - 1] == [SOLUTION] * (bad - 1)
    assert answers[bad:] == [SOLUTION] * (total - bad)
