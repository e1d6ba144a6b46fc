"""Command-line defects found by feeding the ``sudoku`` command odd input: each test asserts
what a user sees (the records in order, one clear line on standard error, the status)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.clirunner import Outcome, sudoku

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
OTHER = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."


def error_lines(outcome: Outcome) -> list[str]:
    """The lines of standard error, each checked to be one of sudokit's own."""
    assert "Traceback" not in outcome.stderr and "internal error" not in outcome.stderr
    lines = outcome.stderr.splitlines()
    assert all(line.startswith("sudoku") for line in lines), outcome.stderr
    return lines


@pytest.fixture
def bank(tmp_path: Path) -> Path:
    """A bank file whose second line is a bare puzzle, without the id the others have."""
    path = tmp_path / "bank.txt"
    path.write_text(f"abc123 {PUZZLE} 7.2\n{PUZZLE}\nabc124 {PUZZLE} 7.2\n")
    return path


@pytest.mark.usefixtures("core_env")
@pytest.mark.parametrize(("command", "template", "answer"), [
    ("solve", "{id} {solution}", SOLUTION),
    ("rate", "{id} {level}", "easy"),
    ("count", "{id} {count}", "1"),
    ("check", "{id} {status}", "ok (51 blanks)"),
])
def test_a_field_only_some_records_have_fails_only_those(
        bank: Path, command: str, template: str, answer: str) -> None:
    outcome = sudoku(command, str(bank), "--format", template)
    assert outcome.status == 2  # as for a batch with a record that cannot be read
    out = outcome.out.splitlines()
    assert len(out) == 3
    assert out[0] == f"abc123 {answer}" and out[2] == f"abc124 {answer}"
    assert out[1].startswith(f"ERROR: {bank}, line 2: --format names {{id}}")
    [line] = error_lines(outcome)
    assert line.startswith(f"sudoku: error: {bank}, line 2: --format names {{id}}")


def test_a_field_no_record_has_is_said_a_few_times_not_once_a_record(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text(f"{PUZZLE}\n" * 6)
    outcome = sudoku("count", str(path), "--format", "{nope}")
    assert outcome.status == 2
    assert [line.split(":")[0] for line in outcome.out.splitlines()] == ["ERROR"] * 6
    lines = error_lines(outcome)
    assert len(lines) == 4 and "ERROR line in its place" in lines[-1]


def undecodable(tmp_path: Path) -> Path:
    """good.txt under a name with a byte that is not UTF-8 (as a shell's $'bad\\xffname')."""
    path = tmp_path / os.fsdecode(b"bad\xffname.txt")
    path.write_text(f"{PUZZLE}\ngarbage\n{PUZZLE}\n")
    return path


@pytest.mark.parametrize("command", ["solve", "check", "count"])
def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path, command: str) -> None:
    outcome = sudoku(command, str(undecodable(tmp_path)))
    assert outcome.status == 2
    shown = f"{tmp_path}/bad\\xffname.txt, line 2: "
    assert f"ERROR: {shown}" in outcome.out
    [line] = error_lines(outcome)
    assert line.startswith(f"sudoku: error: {shown}")
    listed = sudoku(command, str(undecodable(tmp_path)), "--format", "{file}:{line}")
    assert listed.out.splitlines()[-1] == f"{tmp_path}/bad\\xffname.txt:3"


def test_a_file_name_that_is_not_utf8_in_a_real_process(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    done = subprocess.run([sys.executable, "-m", "sudokit", "solve", undecodable(tmp_path)],
                          capture_output=True, env=env, timeout=120)
    assert done.returncode == 2
    assert done.stdout.splitlines() == [
        SOLUTION.encode(), f"ERROR: {tmp_path}/bad\\xffname.txt, line 2: ".encode()
        + b"expected 81 cells, got 7", SOLUTION.encode()]
    assert done.stderr.decode().splitlines() == [
        f"sudoku: error: {tmp_path}/bad\\xffname.txt, line 2: expected 81 cells, got 7"]


def test_an_output_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    target = tmp_path / os.fsdecode(b"out\xff.txt")
    outcome = sudoku("solve", str(undecodable(tmp_path)), "-o", str(target))
    assert outcome.status == 2 and not target.exists()
    said = f"sudoku: {tmp_path}/out\\xff.txt left as it was: the command did not end well"
    assert error_lines(outcome)[-1] == said


def test_a_template_byte_that_is_not_utf8_is_written_as_given() -> None:
    outcome = sudoku("solve", "--format", "\udcff{puzzle}", stdin=f"{PUZZLE}\n".encode())
    assert (outcome.status, outcome.stdout) == (0, b"\xff" + PUZZLE.encode() + b"\n")


def test_a_seed_that_is_not_utf8_is_a_seed() -> None:
    first = sudoku("create", "--seed", "\udcff\udcfe", "--to", "line")
    again = sudoku("create", "--seed", "\udcff\udcfe", "--to", "line")
    other = sudoku("create", "--seed", "\udcfe\udcff", "--to", "line")
    assert first.status == 0 and first.stderr == ""
    assert len(first.out.strip()) == 81
    assert first.out == again.out != other.out


def test_a_booklet_seed_that_is_not_utf8_is_a_seed(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    booklet = tmp_path / "b.pdf"
    outcome = sudoku("print", "--seed", "\udcff", "--section", "A:1:easy", "--section",
                     "B:1:easy", "-o", str(booklet))
    assert (outcome.status, outcome.stderr) == (0, "")
    assert booklet.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("template", "said"), [
    ("{puzzle:>99999999999}", "{puzzle} is wider than 10000 characters"),
    ("{puzzle:.99999999999}", "{puzzle} is wider than 10000 characters"),
    ("{puzzle:{width}}", "cannot name another field"),
])
def test_an_absurd_field_format_is_one_line(template: str, said: str) -> None:
    outcome = sudoku("solve", "--format", template, stdin=f"{PUZZLE}\n".encode())
    assert (outcome.status, outcome.out) == (2, "")
    [line] = error_lines(outcome)
    assert said in line and "--format" in line


def test_a_padded_field_still_works() -> None:
    outcome = sudoku("solve", "--format", "{line:0>3}|{status:>8}", stdin=f"{PUZZLE}\n".encode())
    assert (outcome.status, outcome.out) == (0, "001|  solved\n")


def test_picture_files_are_numbered_by_puzzle(tmp_path: Path) -> None:
    path = tmp_path / "mix.txt"
    path.write_text(f"{PUZZLE}\ngarbage\n{OTHER}\n")
    outcome = sudoku("solve", str(path), "--to", "svg", "-o", str(tmp_path / "g-{n}.svg"))
    assert outcome.status == 2
    assert sorted(p.name for p in tmp_path.glob("g-*.svg")) == ["g-1.svg", "g-3.svg"]
    assert "<svg" in (tmp_path / "g-3.svg").read_text()
    [line] = error_lines(outcome)
    assert "line 2" in line


@pytest.mark.parametrize("size", ["1", "2", "3"])
def test_create_refuses_grids_smaller_than_4x4(size: str) -> None:
    outcome = sudoku("create", "--size", size)
    assert (outcome.status, outcome.out) == (2, "")
    [line] = error_lines(outcome)
    assert f"--size {size}" in line and "4x4" in line
    assert sudoku("create", "--size", "4", "--seed", "1").status == 0


@pytest.mark.usefixtures("core_env")
def test_explain_json_of_a_complete_grid_that_breaks_the_rules_is_not_solved() -> None:
    outcome = sudoku("explain", "--json", stdin=b"1" * 81 + b"\n")
    assert outcome.status == 1
    data = json.loads(outcome.out)
    assert (data["solved"], data["solutions"]) == (False, 0)
    solved = json.loads(sudoku("explain", "--json", stdin=f"{PUZZLE}\n".encode()).out)
    assert (solved["solved"], solved["solutions"]) == (True, 1)


@pytest.mark.parametrize("command", ["solve", "rate"])
def test_a_read_only_output_file_is_refused_and_left_alone(tmp_path: Path, command: str
                                                           ) -> None:
    out = tmp_path / "protected.txt"
    out.write_text("kept\n")
    out.chmod(0o444)
    outcome = sudoku(command, "-o", str(out), stdin=f"{PUZZLE}\n".encode())
    assert (outcome.status, outcome.out) == (2, "")
    [line] = error_lines(outcome)
    assert line == f"sudoku: error: cannot write {str(out)!r}: Permission denied: the file " \
        "is read-only"
    assert out.read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["protected.txt"]


def test_a_picture_that_cannot_be_written_does_not_stop_the_others(tmp_path: Path) -> None:
    (tmp_path / "y-2.svg").mkdir()  # in the way of the second picture
    three = f"{PUZZLE}\n{OTHER}\n{PUZZLE}\n".encode()
    outcome = sudoku("solve", "--to", "svg", "-o", str(tmp_path / "y-{n}.svg"), stdin=three)
    assert outcome.status == 2
    [line] = error_lines(outcome)
    assert "y-2.svg" in line
    assert "<svg" in (tmp_path / "y-1.svg").read_text()
    assert "<svg" in (tmp_path / "y-3.svg").read_text()


def test_a_read_only_picture_file_is_refused_and_the_others_written(tmp_path: Path) -> None:
    (tmp_path / "y-1.svg").write_text("kept")
    (tmp_path / "y-1.svg").chmod(0o444)
    outcome = sudoku("solve", "--to", "svg", "-o", str(tmp_path / "y-{n}.svg"),
                     stdin=f"{PUZZLE}\n{OTHER}\n".encode())
    assert outcome.status == 2
    [line] = error_lines(outcome)
    assert "y-1.svg" in line and "read-only" in line
    assert (tmp_path / "y-1.svg").read_text() == "kept"
    assert "<svg" in (tmp_path / "y-2.svg").read_text()


def test_three_equal_givens_in_a_unit_are_counted_right() -> None:
    three = "1.1.1" + "." * 76
    outcome = sudoku("solve", stdin=f"{three}\n".encode())
    assert outcome.status == 1
    [line] = error_lines(outcome)
    assert "digit 1 appears 3 times in row 1 (r1c1, r1c3, r1c5)" in line
    two = sudoku("solve", stdin=f"{'1.1' + '.' * 78}\n".encode())
    assert "digit 1 appears twice in row 1 (r1c1, r1c3)" in two.stderr


def test_the_library_counts_three_equal_givens_right() -> None:
    from sudokit import ConflictError, Grid

    with pytest.raises(ConflictError, match="appears 3 times in row 1"):
        Grid("1.1.1" + "." * 76).raise_on_conflict()


def test_read_takes_a_photo_on_standard_input() -> None:
    pytest.importorskip("cv2")
    photo = (Path(__file__).resolve().parents[2] / "examples" / "photo.jpg").read_bytes()
    named = sudoku("read", str(Path(__file__).resolve().parents[2] / "examples" / "photo.jpg"))
    piped = sudoku("read", "-", stdin=photo)
    assert (piped.status, piped.stdout) == (named.status, named.stdout)
    assert piped.status == 0 and piped.stdout
    junk = sudoku("read", "-", stdin=b"hello\n")
    assert junk.status == 2
    [line] = error_lines(junk)
    assert line.startswith("sudoku: error: <stdin>: ")


@pytest.mark.parametrize(("setting", "said"), [
    ('paper = "a3"', "unknown paper 'a3'"),
    ('per_page = "four"', "per_page must be a whole number or None, not 'four'"),
    ("per_page = 7", "cannot put 7 puzzles on a page"),
])
def test_a_bad_value_in_a_layout_file_names_the_file(tmp_path: Path, setting: str,
                                                     said: str) -> None:
    layout = tmp_path / "book.toml"
    layout.write_text(setting + "\n")
    outcome = sudoku("print", "--layout", str(layout), "-o", str(tmp_path / "book.pdf"),
                     stdin=f"{PUZZLE}\n".encode())
    assert outcome.status == 2
    [line] = error_lines(outcome)
    assert line.startswith(f"sudoku: error: {layout}: {said}")
    assert not (tmp_path / "book.pdf").exists()
