"""The line road as a library service (sudokit.stream.lines): a Python user gets the bytes
``sudoku solve`` and ``sudoku count`` write, with the reports handed to callbacks and a
result in place of an exit status; on the compiled and the pure-Python core."""

from __future__ import annotations

import io

import pytest

from sudokit.stream import lines
from support.clirunner import sudoku
from support.files import data_file, read_lines

#: (17-clue puzzles: a third of the hard ones' time on the pure core, the same road)
PUZZLES = read_lines(data_file("puzzles2_17_clue.txt"))[:840]
CLASH = "11" + "." * 79  # two 1s in row 1: no solution
SEVERAL = "." * 81  # the empty grid
#: past the first 64 KiB (where the road decides it fits), a puzzle with no solution, a line
#: that is not a puzzle, and one with many solutions
TEXT = ("# puzzles\n" + "\n".join(PUZZLES[:820]) + "\n" + CLASH + "\nnot a puzzle at all\n"
        + SEVERAL + "\n" + "\n".join(PUZZLES[820:]) + "\n").encode()


def _solve(**options: object) -> tuple[bytes, lines.LinesResult | None, list[str], list[str]]:
    out, said, unread = io.BytesIO(), [], []
    result = lines.solve_lines(io.BytesIO(TEXT), out, say=said.append,
                               unreadable=lambda e: unread.append(str(e)), **options)
    return out.getvalue(), result, said, unread


@pytest.mark.parametrize("jobs", [1, 2])
def test_solve_lines_writes_what_the_command_writes(pure: bool, jobs: int) -> None:
    written, result, said, unread = _solve(jobs=jobs)
    command = sudoku("solve", "-j", str(jobs), stdin=TEXT)
    assert written == command.stdout
    assert result is not None and result.failed and result.unreadable == 1
    assert not result.at_limit
    assert len(unread) == 1
    assert said == [f"<stdin>, line 822: {said[0].split(': ', 1)[1]}"]
    assert command.status == 2  # an unreadable line: the command's usage status


def test_unique_answers_a_puzzle_with_several_solutions_as_one_with_none(pure: bool) -> None:
    plain, _, _, _ = _solve()
    unique, _, _, _ = _solve(unique=True)
    assert plain.splitlines()[823] != unique.splitlines()[823]
    assert unique == sudoku("solve", "--unique", stdin=TEXT).stdout


def test_count_lines_counts_to_the_limit(pure: bool) -> None:
    out = io.BytesIO()
    text = ("\n".join(PUZZLES[:5]) + "\n" + SEVERAL + "\n" + CLASH + "\n").encode()
    result = lines.count_lines(io.BytesIO(text), out, limit=3)
    assert out.getvalue() == b"1\n1\n1\n1\n1\n3\n0\n"
    assert result is not None and result.at_limit and result.failed


def test_an_input_that_is_not_plain_lines_is_declined_with_nothing_written() -> None:
    out = io.BytesIO()
    grid = "\n".join(PUZZLES[0][i:i + 9] for i in range(0, 81, 9)) + "\n"
    assert lines.solve_lines(io.BytesIO(grid.encode()), out) is None
    assert lines.solve_lines(io.BytesIO(b'{"puzzle": "' + PUZZLES[0].encode() + b'"}\n'),
                             out) is None
    assert out.getvalue() == b""
