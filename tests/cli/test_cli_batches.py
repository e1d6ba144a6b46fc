"""``sudoku solve`` on files of puzzle lines: runs of well-formed lines are solved as one
array (formats.Batch) and written at once. Whatever the layout around them (comments,
line endings, bad lines, unsolvable puzzles), the output, the messages and the exit status
must be those of answering the same puzzles one record at a time (``--time-limit``
forces that path), and every answer must solve its puzzle."""

from __future__ import annotations

from pathlib import Path

import pytest

import sudokit.cli
from sudokit import Grid, is_solution
from sudokit.cli._inputs import BATCH_MIN
from sudokit.stream.records import NOT_SOLVEABLE, NOT_UNIQUE
from support.clirunner import Outcome, sudoku
from support.files import data_file, read_lines

pytestmark = pytest.mark.usefixtures("core_env")

PUZZLES = read_lines(data_file("puzzles2_17_clue.txt"))[: 3 * BATCH_MIN]
#: two givens clash in row 1
CLASH = "11" + "." * 79
#: a puzzle with two solutions (the empty grid has many)
OPEN = "." * 81


def one_by_one(*args: str, stdin: bytes = b"") -> Outcome:
    """The same command answered record by record (the path of --time-limit)."""
    return sudoku(*args, "--time-limit", "1000", stdin=stdin)


def check_answers(puzzle_lines: list[str], out: str) -> None:
    answers = [s for s in out.splitlines() if s and not s.startswith("#")]
    assert len(answers) == len(puzzle_lines)
    for puzzle, answer in zip(puzzle_lines, answers, strict=True):
        if answer.startswith("ERROR"):
            continue
        assert is_solution(Grid(answer), Grid(puzzle))


def test_a_plain_file_is_answered_in_order() -> None:
    text = "".join(p + "\n" for p in PUZZLES).encode()
    fast = sudoku("solve", stdin=text)
    assert fast.status == 0 and fast.stderr == ""
    assert fast.stdout == one_by_one("solve", stdin=text).stdout
    check_answers(PUZZLES, fast.out)


def test_comments_line_endings_and_blanks_stay_where_they_were() -> None:
    lines = ["# a header\r\n"]
    for i, p in enumerate(PUZZLES):
        if i == BATCH_MIN:
            lines.append("# in the middle\n\n")
        eol = "\r\n" if i % 50 < 25 else "\n"
        lines.append((p.replace(".", "0") if i % 7 == 0 else p) + eol)
    lines.append("# the end\n")
    text = "".join(lines).encode()
    fast = sudoku("solve", stdin=text)
    assert fast.status == 0
    assert fast.stdout == one_by_one("solve", stdin=text).stdout
    out = fast.out
    assert out.startswith("# a header\r\n") and out.endswith("# the end\n")
    assert "# in the middle\n\n" in out
    assert fast.stdout.count(b"\r\n") == 1 + sum(1 for i in range(len(PUZZLES)) if i % 50 < 25)
    check_answers(PUZZLES, out)


def test_unsolvable_and_bad_lines_get_their_messages_in_place() -> None:
    puzzles = list(PUZZLES)
    puzzles[3] = CLASH
    puzzles[BATCH_MIN + 1] = "12x" + "." * 78  # not a digit
    puzzles[-1] = CLASH
    text = "".join(p + "\n" for p in puzzles).encode()
    fast = sudoku("solve", stdin=text)
    slow = one_by_one("solve", stdin=text)
    assert (fast.status, fast.stdout, fast.stderr) == (slow.status, slow.stdout, slow.stderr)
    assert fast.status == 2  # a line that cannot be read outranks an unsolvable puzzle
    out = fast.out.splitlines()
    assert out[3] == out[-1] == NOT_SOLVEABLE
    assert out[BATCH_MIN + 1].startswith("ERROR: <stdin>, line")
    assert "<stdin>, line 4: the givens clash" in fast.stderr
    assert f"<stdin>, line {len(puzzles)}: the givens clash" in fast.stderr
    check_answers(puzzles, fast.out)


def test_unique_marks_puzzles_with_more_than_one_solution() -> None:
    puzzles = list(PUZZLES)
    puzzles[10] = OPEN
    text = "".join(p + "\n" for p in puzzles).encode()
    fast = sudoku("solve", "--unique", stdin=text)
    assert fast.status == 1
    assert fast.stdout == one_by_one("solve", "--unique", stdin=text).stdout
    assert fast.out.splitlines()[10] == NOT_UNIQUE
    assert fast.out.splitlines().count(NOT_UNIQUE) == 1


def test_jobs_and_several_inputs_keep_the_order(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("".join(p + "\n" for p in PUZZLES[::-1]))
    second.write_text("".join(p + "\n" for p in PUZZLES))
    fast = sudoku("solve", "--jobs", "2", str(first), str(second))
    assert fast.status == 0
    check_answers(PUZZLES[::-1] + PUZZLES, fast.out)
    assert fast.stdout == one_by_one("solve", str(first), str(second)).stdout


def test_a_whole_data_file_matches_the_record_path(pure: bool, tmp_path: Path) -> None:
    path = data_file("puzzles3_magictour_top1465.txt")
    if pure:  # its first 900 lines (74 KB, its header with them): hard puzzles, slow there
        head = tmp_path / path.name
        head.write_text("".join(path.read_text().splitlines(keepends=True)[:900]))
        path = head
    fast = sudoku("solve", str(path))
    assert fast.status == 0
    assert fast.stdout == one_by_one("solve", str(path)).stdout
    check_answers(read_lines(path), fast.out)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_count_answers_a_run_of_lines_in_order(jobs: str) -> None:
    puzzles = list(PUZZLES)
    puzzles[5] = CLASH
    puzzles[BATCH_MIN] = OPEN
    lines = [p + "\n" for p in puzzles]
    lines.insert(BATCH_MIN + 3, "# a comment\n")
    lines.insert(7, "12x" + "." * 78 + "\n")
    outcome = sudoku("count", "--limit", "3", "--jobs", jobs, stdin="".join(lines).encode())
    assert outcome.status == 2  # the bad line
    expected = ["1"] * len(puzzles)
    expected[5] = "0"
    expected[BATCH_MIN] = "3"
    expected.insert(7, "ERROR: <stdin>, line 8: 'x' at r1c3 is not a digit of a 9x9 sudoku")
    assert outcome.out.splitlines() == expected


def test_many_groups_on_several_threads_stay_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit.stream import records as stream

    monkeypatch.setattr(stream, "CHUNK", BATCH_MIN)  # a group per 64 puzzles: many in flight
    # four threads even where the machine has fewer cores (--jobs is cut to the cores)
    monkeypatch.setattr(sudokit.cli, "usable_cores", lambda: 4)
    puzzles = list(PUZZLES) * 4
    for i in range(7, len(puzzles), 50):
        puzzles[i] = CLASH
    lines = [p + "\n" for p in puzzles]
    lines.insert(100, "# a comment between groups\n")
    text = "".join(lines).encode()
    one = sudoku("solve", "--jobs", "1", stdin=text)
    four = sudoku("solve", "--jobs", "4", stdin=text)
    assert (four.status, four.stdout, four.stderr) == (one.status, one.stdout, one.stderr)
    assert four.status == 1
    assert four.out.splitlines().count(NOT_SOLVEABLE) == len(range(7, len(puzzles), 50))
    check_answers(puzzles, four.out)


def test_device_auto_answers_a_run_of_lines_like_the_cpu() -> None:
    puzzles = list(PUZZLES)
    puzzles[9] = CLASH
    text = "".join(p + "\n" for p in puzzles).encode()
    cpu = sudoku("solve", stdin=text)
    auto = sudoku("solve", "--device", "auto", "--unique", stdin=text)
    assert auto.status == cpu.status == 1
    assert auto.stdout == cpu.stdout  # 17-clue puzzles are unique: --unique changes nothing
    assert auto.out.splitlines()[9] == NOT_SOLVEABLE
