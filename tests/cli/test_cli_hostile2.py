"""Hostile inputs and option pairs at the command line's edges: every record is kept, a
nonsense value or a pair of options that cannot both hold is one clear line, and what a
run cannot keep or stops short of is said."""

from __future__ import annotations

import errno

import pytest

from sudokit.errors import SudokuError
from sudokit.formats import FORMATS
from sudokit.stream import dataset
from sudokit.stream.dataset import read_records
from support.clirunner import sudoku

EMPTY = "." * 81
ONE_GIVEN = "5" + "." * 80
UNIQUE = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5"
               "....8..79")


@pytest.mark.parametrize("puzzle", [EMPTY, ONE_GIVEN])
@pytest.mark.parametrize("fmt", list(FORMATS))
def test_an_empty_grid_and_one_given_go_through_every_format_and_back(
    fmt: str, puzzle: str
) -> None:
    written = sudoku("convert", "--to", fmt, stdin=f"{puzzle}\n".encode())
    assert written.status == 0
    for named in (("--from", fmt), ()):
        back = sudoku("convert", *named, "--to", "line", stdin=written.stdout)
        assert (back.status, back.out, back.stderr) == (0, f"{puzzle}\n", "")


def test_a_tsv_file_of_one_empty_grid_is_a_puzzle_not_an_empty_input(tmp_path) -> None:
    path = tmp_path / "empty.tsv"
    path.write_bytes(sudoku("convert", "--to", "tsv", stdin=f"{EMPTY}\n".encode()).stdout)
    back = sudoku("convert", "--to", "line", str(path))
    assert (back.status, back.out) == (0, EMPTY + "\n")


def test_a_16x16_sdk_on_standard_input_is_one_16x16_puzzle(tmp_path) -> None:
    made = sudoku("create", "--size", "16", "--seed", "1")
    sdk = sudoku("convert", "--to", "sdk", stdin=made.stdout).stdout
    named = tmp_path / "p.sdk"
    named.write_bytes(sdk)
    by_name = sudoku("solve", str(named))
    piped = sudoku("solve", stdin=sdk)
    assert (piped.status, piped.stderr) == (0, "")
    assert len(piped.out.splitlines()) == 16  # one 16x16 answer, as for a file named .sdk
    assert by_name.status == 0 and by_name.stdout.split() == piped.stdout.split()


def test_serve_cuts_a_huge_worker_count_to_the_cores_and_says_so() -> None:
    # a port out of range stops it before anything listens or starts
    told = sudoku("serve", "--workers", "99999999999999999999", "--port", "99999")
    assert told.status == 2
    first, second = told.stderr.splitlines()
    assert first.startswith("sudoku: --workers 99999999999999999999: using ")
    assert first.endswith(", the cores this machine has")
    assert "--port" in second


@pytest.mark.parametrize("host", ["", "  "])
def test_serve_refuses_an_empty_host(host: str) -> None:
    told = sudoku("serve", "--host", host, "--port", "99999")  # never listens
    assert told.status == 2
    assert told.stderr.startswith("sudoku: error: --host is empty")
    assert len(told.stderr.splitlines()) == 1


@pytest.mark.parametrize("options", [
    ("--create", "99999999999999999999"),
    ("--create", "1001"),
    ("--section", "Easy:1001:easy"),
    ("--section", "A:600:", "--section", "B:600:"),
])
def test_print_refuses_a_booklet_of_more_than_a_thousand_puzzles(tmp_path, options) -> None:
    out = tmp_path / "x.pdf"
    told = sudoku("print", *options, "-o", str(out))
    assert told.status == 2
    assert len(told.stderr.splitlines()) == 1
    assert "a booklet holds at most 1,000 puzzles" in told.stderr
    assert not out.exists()



LIMIT_NOTE = "sudoku: counts stop at --limit {0}; a count of {0} means {0} or more\n"


@pytest.mark.parametrize("lines", [1, 300])  # one puzzle, and a run of lines
def test_a_count_at_its_limit_says_once_that_it_means_that_many_or_more(lines: int) -> None:
    told = sudoku("count", "--limit", "7", stdin=f"{EMPTY}\n".encode() * lines)
    assert (told.status, told.out) == (0, "7\n" * lines)
    assert told.stderr == LIMIT_NOTE.format(7)


def test_a_count_below_its_limit_says_nothing_more() -> None:
    told = sudoku("count", stdin=f"{UNIQUE}\n".encode())
    assert (told.status, told.out, told.stderr) == (0, "1\n", "")


def test_count_gives_up_at_its_time_limit(pure) -> None:
    told = sudoku("count", "--limit", "2147483647", "--time-limit", "0.01",
                  stdin=f"{EMPTY}\n".encode())
    assert (told.status, told.out) == (1, "ERROR: Puzzle ran out of time\n")
    as_json = sudoku("count", "--json", "--limit", "2147483647", "--time-limit", "0.01",
                     stdin=f"{EMPTY}\n".encode())
    assert as_json.status == 1 and '"error": "Puzzle ran out of time"' in as_json.out


def test_count_refuses_json_with_format() -> None:
    told = sudoku("count", "--json", "--format", "{count}", stdin=f"{EMPTY}\n".encode())
    assert (told.status, told.out) == (2, "")
    assert told.stderr == ("sudoku: error: --json and --format both choose the output: "
                           "give one of them\n")


@pytest.mark.parametrize(("args", "said"), [
    (("solve", "--format", "{line}", "--to", "json"), "--to and --format both choose"),
    (("explain", "--html", "--json"), "--html and --json both choose"),
    (("rate", "--steps"), "--steps puts the solving steps in a dataset"),
    (("explain", "--steps"), "--steps puts the solving steps in a dataset"),
    (("rate", "--partition-size", "5"), "--partition-size is the records of each file"),
    (("rate", "--to", "jsonl", "--partition-size", "5"),
     "--partition-size is the records of each file"),
    (("create", "--seed", "1", "--partition-size", "5"),
     "--partition-size is the records of each file"),
])
def test_an_option_that_would_be_ignored_is_refused(args: tuple[str, ...], said: str) -> None:
    told = sudoku(*args, stdin=f"{UNIQUE}\n".encode())
    assert (told.status, told.out) == (2, "")
    assert told.stderr.startswith(f"sudoku: error: {said}")
    assert len(told.stderr.splitlines()) == 1


@pytest.mark.parametrize(("text", "said"), [
    (b'{"index": 0}\n{bad\n', "line 2: not a JSON record: "),
    (b'{"index": 0}\n\n[1, 2]\n', "line 3: not a record: a JSON object per line, found a list"),
    (b'{"index": 0}\n\xff\xfe\n', "line 2: not a JSON record: not UTF-8 text"),
])
def test_read_records_names_the_file_and_line_of_a_bad_record(tmp_path, text, said) -> None:
    path = tmp_path / "d.jsonl"
    path.write_bytes(text)
    with pytest.raises(SudokuError) as caught:
        read_records(path)
    assert str(caught.value).startswith(f"{path}, {said}")


@pytest.mark.parametrize("failure", [
    OSError(errno.ENOSPC, "No space left on device"),
    OSError(errno.EACCES, "Permission denied", "OUT/part-00000.jsonl"),
])
def test_an_error_in_writing_the_results_says_cannot_write(tmp_path, monkeypatch, failure
                                                           ) -> None:
    out = tmp_path / "out"
    if failure.filename:
        failure.filename = failure.filename.replace("OUT", str(out))

    def fail(*args: object, **kwargs: object) -> None:
        raise failure

    monkeypatch.setattr(dataset.PartitionedWriter, "write", fail)
    told = sudoku("rate", "--to", "jsonl", "-o", f"{out}/", stdin=f"{UNIQUE}\n".encode())
    assert told.status == 2
    assert told.stderr.startswith("sudoku: error: cannot write")


def _board_with_marks_taken_out() -> bytes:
    board = sudoku("convert", "--to", "candidates", stdin=f"{UNIQUE}\n".encode()).stdout
    return board.replace(b"123456789", b"12.......", 1)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_candidates_board_converted_says_once_when_its_marks_are_not_kept(fmt: str) -> None:
    board = _board_with_marks_taken_out()
    one_per_input = fmt in ("binary", "ipuz")
    written = sudoku("convert", "--to", fmt, stdin=board if one_per_input else board * 2)
    assert written.status == 0
    back = sudoku("convert", "--from", fmt, "--to", "candidates", stdin=written.stdout)
    kept = back.stdout.splitlines()[0] == board.rstrip(b"\n")
    if kept:
        assert written.stderr == ""
    else:
        assert written.stderr == (f"sudoku: pencil marks are not kept: the {fmt} format "
                                  "holds digits only (candidates, pretty and json keep them)\n")
