"""Inputs that were read wrong: each bad record gets one clear message naming where it is and
what is wrong, and the records around it are all read, in order."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

import sudokit.formats as F
from support.clirunner import sudoku

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
NO_SOLUTION = "12345678.........9" + "." * 63


def read_all(data: bytes | str, source: str, fmt: str | None = None) -> list[F.Record]:
    raw = data.encode() if isinstance(data, str) else data
    return list(F.read(io.BytesIO(raw), fmt, source=source))


def as_json(line: str) -> str:
    text = sudoku("convert", "-", "--from", "line", "--to", "json", stdin=line.encode() + b"\n")
    assert text.status == 0, text.stderr
    return text.out.strip()


# -- JSON arrays with elements that are not puzzles ---------------------------------------


@pytest.fixture
def mixed_array(tmp_path: Path) -> Path:
    """``[A, 5, B, 6, A]``: A a puzzle, B a puzzle without a solution, on one line."""
    a, b = as_json(PUZZLE), as_json(NO_SOLUTION)
    path = tmp_path / "mixed.json"
    path.write_text(f"[{a}, 5, {b}, 6, {a}]\n")
    return path


def test_every_element_of_a_json_array_is_a_record_in_order(mixed_array: Path) -> None:
    records = read_all(mixed_array.read_bytes(), "mixed.json")
    assert [r.item is not None for r in records] == [True, False, True, False, True]
    assert str(records[1].error) == (
        "mixed.json, line 1: element 2 of the array: expected a JSON object (a puzzle), not 5"
    )
    assert "element 4 of the array" in str(records[3].error)
    assert str(records[3].error).endswith("not 6")


@pytest.mark.parametrize("command", [["count"], ["solve", "--to", "line"], ["check"]])
def test_a_number_in_a_json_array_does_not_stop_the_puzzles_after_it(
    mixed_array: Path, command: list[str]
) -> None:
    done = sudoku(*command, str(mixed_array))
    lines = done.out.splitlines()
    assert len(lines) == 5, done.out
    assert "element 2 of the array" in lines[1] and lines[1].startswith("ERROR:")
    assert "element 4 of the array" in lines[3] and lines[3].startswith("ERROR:")
    assert done.status == 2
    errors = done.stderr.splitlines()
    assert len(errors) == 2 and all("expected a JSON object" in e for e in errors)
    if command == ["count"]:
        assert [lines[0], lines[2], lines[4]] == ["1", "0", "1"]
    if command[0] == "solve":
        assert lines[0] == lines[4] == SOLUTION
        assert lines[2].startswith("ERROR:")  # no solution


def test_a_solved_json_array_is_written_back_whole(mixed_array: Path) -> None:
    done = sudoku("solve", str(mixed_array))
    out = json.loads(done.out)  # the closing bracket is there: the array is whole
    assert done.out.count("\n") == 1  # on one line, as it was read: messages too
    assert len(out) == 5
    assert "error" in out[1] and "element 2" in out[1]["error"]
    assert "error" in out[2]  # no solution
    assert out[4]["cells"][0] == [int(d) for d in SOLUTION[:9]]


def test_a_string_and_a_list_of_numbers_in_an_array_are_one_record_each() -> None:
    a = as_json(PUZZLE)
    records = read_all(f'[\n  "hello, world",\n  [1, 2, 3],\n  {a}\n]\n', "x.json")
    assert len(records) == 3
    assert "element 1 of the array" in str(records[0].error)
    assert "line 2" in str(records[0].error)
    assert "element 2 of the array" in str(records[1].error)
    assert "line 3" in str(records[1].error)
    assert records[2].item is not None and records[2].line == 4


def test_elements_are_counted_in_their_own_array() -> None:
    a = as_json(PUZZLE)
    records = read_all(f'[[{a}, 5], [{a}, "x"], 7]', "x.json")
    assert [r.item is not None for r in records] == [True, False, True, False, False]
    assert "element 2 of the array" in str(records[1].error)
    assert "element 3 of the array" in str(records[4].error)  # after two arrays


def test_a_number_before_an_object_on_a_line_of_json_lines_is_its_own_record() -> None:
    a = as_json(PUZZLE)
    records = read_all(f"5 {a}\nhello world\n{a}\n", "x.json")
    assert [(r.line, r.item is not None) for r in records] == [
        (1, False), (1, True), (2, False), (3, True)
    ]
    assert str(records[2].error) == "x.json, line 2: expected a JSON object (a puzzle) here"


def test_a_bad_object_in_a_one_line_array_names_its_element() -> None:
    a = as_json(PUZZLE)
    records = read_all(f'[{a}, {{"cells": [1, 2, 3]}}, {a}]', "x.json")
    assert [r.item is not None for r in records] == [True, False, True]
    assert "element 2 of the array" in str(records[1].error)
    assert "do not make a square grid" in str(records[1].error)


def test_json_of_empty_arrays_says_it_holds_no_object(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_text("[" * 100 + "]" * 100 + "\n")
    done = sudoku("count", str(path))
    assert done.status == 2
    assert done.out == ""
    assert done.stderr.splitlines() == [
        f"sudoku: error: {path}: no puzzle found: only empty JSON arrays, blank lines or "
        'comments (a puzzle is a JSON object with "cells")'
    ]


# -- a candidates line with a typo ----------------------------------------------------------

BOARD_LINE = Path(__file__).resolve().parents[2].joinpath("examples", "board.txt").read_text()
BOARD_LINE = next(t for t in BOARD_LINE.splitlines() if t and not t.startswith("#"))


def test_a_candidates_line_with_a_typo_names_the_cell(tmp_path: Path) -> None:
    assert len(BOARD_LINE) == 729 and BOARD_LINE[0] == "."
    path = tmp_path / "board.txt"
    path.write_text("5" + BOARD_LINE[1:] + "\n")
    done = sudoku("solve", str(path))
    assert done.status == 2
    assert done.stderr.splitlines() == [
        f"sudoku: error: {path}, line 1: '5' at place 1 of the candidates of r1c1: "
        "expected '1' or '.'"
    ]
    assert "clash" not in done.out


def test_a_candidates_line_with_a_letter_in_it_names_the_cell() -> None:
    line = BOARD_LINE[:100] + "x" + BOARD_LINE[101:]
    records = read_all(line + "\n", "board.txt")
    assert len(records) == 1
    assert "'x' at place 2 of the candidates of r2c3" in str(records[0].error)



def line_27(keep: Callable[[int, int, str], bool]) -> str:
    """A 27x27 puzzle line: a filled grid's symbol where ``keep(row, column, symbol)``."""
    symbols = "123456789ABCDEFGHIJKLMNOPQR"
    return "".join(
        (ch if keep(r, c, ch) else ".")
        for r in range(27)
        for c in range(27)
        for ch in [symbols[(3 * (r % 9) + r // 9 + c) % 27]]
    )


@pytest.mark.parametrize("line", [
    line_27(lambda r, c, ch: (r * 7 + c * 3) % 5 == 0),  # a fifth of the cells given
    line_27(lambda r, c, ch: ch.isdigit() and (r + 2 * c) % 2 == 0),  # digits only
    line_27(lambda r, c, ch: ch.isdigit()),
])
def test_a_27x27_puzzle_line_is_still_a_puzzle_line(line: str) -> None:
    assert len(line) == 729
    records = read_all(line + "\n", "big.txt")
    assert len(records) == 1 and records[0].error is None, records[0].error
    assert records[0].item is not None and records[0].item.n == 27
    assert F.detect(line.encode() + b"\n") == "line"


# -- the documented blanks on a file's first line ------------------------------------------


@pytest.mark.parametrize("blank", ["·", " ", "_", "*", "x"])
def test_every_documented_blank_is_detected_on_the_first_line(
    tmp_path: Path, blank: str
) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text(PUZZLE.replace(".", blank) + "\n" + PUZZLE.replace(".", blank) + "\n")
    done = sudoku("solve", str(path))
    assert (done.status, done.stderr) == (0, "")
    assert done.out.splitlines() == [SOLUTION, SOLUTION]


def test_spaces_as_blanks_at_both_ends_of_the_line_are_cells() -> None:
    puzzle = " " + PUZZLE[1:-1].replace(".", " ") + " "
    records = read_all(puzzle + "\n", "p.txt")
    assert len(records) == 1 and records[0].error is None, records[0].error
    assert records[0].item is not None
    assert records[0].item.cells[0] == 0 and records[0].item.cells[-1] == 0
    assert records[0].item.cells[1] == 3


def test_a_grid_row_is_not_taken_for_a_line_with_spaces() -> None:
    # a full 8x8 grid row with a trailing space has 16 characters, as a 4x4 line
    rows = "".join(
        " ".join(str((r * 2 + r // 4 + c) % 8 + 1) for c in range(8)) + " \n" for r in range(8)
    )
    assert F.detect(rows.encode()) == "grid"


# -- messages that say what is really wrong ------------------------------------------------


def only_error(path: Path, *args: str) -> str:
    """The one line ``sudoku count PATH`` writes on standard error (status 2)."""
    done = sudoku("count", str(path), *args)
    assert done.status == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_a_full_width_digit_is_named_at_its_cell(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE[:40] + "\uff15" + PUZZLE[41:] + "\n")
    assert only_error(path) == (
        f"sudoku: error: {path}, line 1: '\uff15' at r5c5 is not a digit of a 9x9 sudoku "
        "(write it as 5)"
    )


def test_a_line_past_35x35_says_the_line_format_stops_there(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("." * 1296 + "\n")
    line = only_error(path)
    assert line.startswith(f"sudoku: error: {path}, line 1: 1296 cells: ")
    assert "stops at 35x35; a 36x36 grid needs grid, csv, json or binary" in line
    path.write_text("." * 10000 + "\n")
    assert only_error(path).endswith(
        "10000 cells: a 100x100 sudoku is larger than the largest size, 64x64"
    )


def test_a_100x100_grid_is_larger_than_the_largest_size(tmp_path: Path) -> None:
    path = tmp_path / "p.grid"
    path.write_text("".join(" ".join(["0"] * 100) + "\n" for _ in range(100)))
    assert only_error(path) == (
        f"sudoku: error: {path}, line 1: a row of 100 cells: a 100x100 sudoku is larger "
        "than the largest size, 64x64"
    )


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("name", ["p.txt", "p.json"])
def test_utf16_text_is_told_to_be_saved_as_utf8(
    tmp_path: Path, encoding: str, name: str
) -> None:
    path = tmp_path / name
    path.write_bytes((PUZZLE + "\n").encode(encoding))
    assert only_error(path) == (
        f"sudoku: error: {path}: this looks like UTF-16 text (two bytes a character): "
        "save it as UTF-8, the encoding sudokit reads"
    )


def test_random_bytes_are_still_binary_data(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_bytes(bytes(range(256)) * 4)
    assert "binary data that is not a puzzle" in only_error(path)


def test_a_candidates_board_with_a_typo_names_the_cell(tmp_path: Path) -> None:
    board = Path(__file__).resolve().parents[2].joinpath("examples", "board.cand").read_bytes()
    assert len(board) == 810 and board[5:6] == b"."
    path = tmp_path / "board.cand"
    path.write_bytes(board[:5] + b"x" + board[6:])
    assert only_error(path) == (
        f"sudoku: error: {path}: 'x' at place 6 of the candidates of r1c1: expected '6' or '.'"
    )


def test_library_errors_on_text_no_file_can_hold_and_on_two_puzzles_for_one() -> None:
    from sudokit import Grid, formats
    from sudokit.errors import ParseError, SudokuError

    with pytest.raises(ParseError, match="U\\+D800, is half of a UTF-16 pair"):
        formats.loads("53\ud800")
    grid = Grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    with pytest.raises(SudokuError, match="holds exactly one puzzle, got 2"):
        formats.dumps([grid, grid], "ipuz")
