"""The command as a whole: version, help, output formats, jobs, limits, progress."""

from __future__ import annotations

import io

import pytest

from sudokit import Grid, formats, is_solution
from sudokit.candidates import Candidates
from sudokit.cli import run
from sudokit.cli.env import Env
from sudokit.shape import Shape
from support.clirunner import sudoku, sudoku_process
from support.files import EXAMPLES

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: solved by singles alone: quick on either core
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
TWO_SOLUTIONS = "4689.15.77516.48.9392578461134756298289413675675289314846192753513867942927345186"


# every test here runs on both cores
pytestmark = pytest.mark.usefixtures("core_env")


def test_version_names_the_core(pure: bool) -> None:
    outcome = sudoku_process("--version", pure=pure)
    assert outcome.status == 0
    core = "pure-Python core" if pure else "compiled core"
    assert outcome.out.startswith("sudoku (sudokit) ") and core in outcome.out


def test_help_lists_the_commands() -> None:
    outcome = sudoku_process("--help")
    assert outcome.status == 0
    for command in ("solve", "count", "check", "convert"):
        assert command in outcome.out


def test_solve_with_and_without_the_word_solve() -> None:
    a = sudoku("solve", stdin=PUZZLE.encode() + b"\n")
    b = sudoku("-", stdin=PUZZLE.encode() + b"\n")
    assert a.status == b.status == 0 and a.stdout == b.stdout
    assert is_solution(Grid(a.out.strip()), Grid(PUZZLE))


def test_several_solutions_give_one_and_unique_insists() -> None:
    outcome = sudoku("solve", stdin=TWO_SOLUTIONS.encode() + b"\n")
    assert outcome.status == 0 and is_solution(Grid(outcome.out.strip()), Grid(TWO_SOLUTIONS))
    outcome = sudoku("solve", "--unique", stdin=TWO_SOLUTIONS.encode() + b"\n")
    assert outcome.status == 1
    assert outcome.out == "ERROR: Puzzle has more than one solution\n"


def test_many_puzzles_keep_their_order_with_jobs() -> None:
    text = (EXAMPLES / "puzzles.txt").read_bytes()
    one = sudoku("solve", "--jobs", "1", stdin=text)
    two = sudoku("solve", "--jobs", "2", stdin=text)
    assert one.status == two.status == 0 and one.stdout == two.stdout
    puzzles = [r.item for r in formats.read(io.BytesIO(text))]
    answers = [r.item for r in formats.read(io.BytesIO(one.stdout))]
    assert len(puzzles) == len(answers)
    for p, s in zip(puzzles, answers, strict=True):
        assert isinstance(p, Grid) and isinstance(s, Grid) and is_solution(s, p)


def test_count_prints_one_count_per_puzzle() -> None:
    text = f"{PUZZLE}\n{TWO_SOLUTIONS}\n{'11' + '.' * 79}\n".encode()
    outcome = sudoku("count", "--limit", "5", stdin=text)
    assert outcome.out.split() == ["1", "2", "0"]
    assert outcome.status == 1  # one puzzle has no solution


def test_check_reports_conflicts_and_wrong_solutions(tmp_path) -> None:  # type: ignore[no-untyped-def]
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{PUZZLE}\n{PUZZLE}\n")
    answers = tmp_path / "a.txt"
    good = sudoku("solve", str(puzzles)).out.splitlines()[0]
    wrong = good[1] + good[0] + good[2:]  # swaps two cells: a conflict and a changed given
    answers.write_text(f"{good}\n{wrong}\n")
    outcome = sudoku("check", str(puzzles), "--solution", str(answers))
    lines = outcome.out.splitlines()
    assert outcome.status == 1
    assert lines[0].endswith("line 1: ok (complete)")  # the solution is complete
    assert any("line 2" in s and "changes the givens at r1c1" in s for s in lines)
    assert sudoku("check", str(answers)).status == 1


def test_convert_then_back_is_byte_for_byte() -> None:
    original = (EXAMPLES / "cdoku.csv").read_bytes()
    for fmt in ("line", "grid", "table", "pretty", "json", "candidates", "binary"):
        there = sudoku("convert", "--to", fmt, stdin=original)
        assert there.status == 0, there.stderr
        back = sudoku("convert", "--from", fmt, "--to", "csv", stdin=there.stdout)
        assert back.status == 0, back.stderr
        assert back.stdout == original, fmt


def _pigeonhole_board() -> Candidates:
    """A 16x16 board with no solution that singles cannot see: 13 cells of row 1 may only
    hold 1..12. The search needs about 12! steps to prove it."""
    shape = Shape(4, 4)
    masks = [shape.full_mask] * shape.ncells
    for cell in range(13):
        masks[cell] = (1 << 12) - 1
    return Candidates(masks, shape)


def test_time_limit_gives_up_on_a_puzzle_and_says_so(tmp_path) -> None:  # type: ignore[no-untyped-def]
    board = formats.dumps(_pigeonhole_board(), "candidates")
    (tmp_path / "hard.txt").write_text(str(board))
    (tmp_path / "easy.txt").write_text(PUZZLE + "\n")
    outcome = sudoku(
        "solve", "--time-limit", "0.2", str(tmp_path / "hard.txt"), str(tmp_path / "easy.txt")
    )
    assert outcome.status == 1
    lines = outcome.out.splitlines()
    assert lines[0] == "ERROR: Puzzle ran out of time"
    assert is_solution(Grid(lines[1]), Grid(PUZZLE))  # the next puzzle is still answered


def test_progress_bar_only_on_a_terminal() -> None:
    text = ((EASY + "\n") * 200).encode()
    quiet_err, loud_err = io.StringIO(), io.StringIO()
    run(["solve"], Env(io.BytesIO(text), io.BytesIO(), quiet_err, stderr_isatty=False))
    run(["solve"], Env(io.BytesIO(text), io.BytesIO(), loud_err, stderr_isatty=True))
    assert quiet_err.getvalue() == ""
    assert "puzzles" in loud_err.getvalue()


def test_python_dash_m_is_the_command() -> None:
    outcome = sudoku_process("solve", str(EXAMPLES / "cdoku.csv"), "--to", "table")
    assert outcome.stdout == (EXAMPLES / "cdoku_solution.table").read_bytes()
