"""Formats: their exact layouts, the example files, detection, styles and writers."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from sudokit import Grid, MixedSizeError, ParseError, SudokuError, solve
from sudokit import formats as F
from sudokit.candidates import Candidates
from sudokit.formats import binary, candidates, csv, grid, json, line, pretty, table, text
from support.roundtrip import rewrite

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CLASSIC = Grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


def example(name: str) -> bytes:
    return (EXAMPLES / name).read_bytes()


def records(data: bytes | str, fmt: str | None = None, **kw: object) -> list[F.Record]:
    raw = data.encode() if isinstance(data, str) else data
    return list(F.read(io.BytesIO(raw), fmt, **kw))  # type: ignore[arg-type]


# -- the layouts, exactly -------------------------------------------------------------------


def test_cdoku_csv_solved_prints_the_table() -> None:
    data = example("cdoku.csv")
    assert F.detect(data) == "csv"
    (puzzle,) = F.loads(data)
    assert isinstance(puzzle, Grid) and puzzle["r2c5"] == 7 and puzzle.givens == 24
    solution = solve(puzzle)
    assert solution is not None
    assert F.dumps(solution, "table").encode() == example("cdoku_solution.table")
    # and through the streaming writer, as the command line does it
    out = io.BytesIO()
    with F.Writer("table", out) as writer:
        for r in F.read(io.BytesIO(data), source="cdoku.csv"):
            writer.write(solve(r.item))  # type: ignore[arg-type]
    assert out.getvalue() == example("cdoku_solution.table")


def test_binary_grids() -> None:
    data = example("grid01.bin")
    assert len(data) == 324 and F.detect(data, "grid01.bin") == "binary"
    assert F.detect(data) == "binary"  # from the content alone too
    (puzzle,) = binary.loads(data)
    assert puzzle == CLASSIC
    assert solve(puzzle) is not None
    (unsolvable,) = binary.loads(example("grid02.bin"))
    assert unsolvable.is_valid() and solve(unsolvable) is None
    assert binary.dumps(puzzle) == data


def test_pretty_is_norvigs_picture() -> None:
    picture = str(CLASSIC).splitlines()
    assert picture[0] == "5 3 . | . 7 . | . . ."
    assert picture[3] == "------+-------+------"
    assert len(picture) == 11
    assert pretty.loads(pretty.dumps(CLASSIC)) == [CLASSIC]


def test_candidates_board_of_810_bytes() -> None:
    data = example("board.cand")
    assert len(data) == 810 and F.detect(data) == "candidates"
    (board,) = candidates.loads(data)
    assert isinstance(board, Candidates)
    assert data[:10] == b"...4.....\0"  # r1c1 holds a 4: its cell string
    assert board.candidates(0) == {4} and board.count_solved() == board.propagate().count_solved()
    assert candidates.dumps(board, form="board").encode() == data
    # the one-line form of the same board
    (same,) = candidates.loads(example("board.txt"))
    assert same == board
    assert len(candidates.dumps(board).strip()) == 729


def test_a_grid_written_as_candidates() -> None:
    board = candidates.loads(candidates.dumps(CLASSIC, form="board"))[0]
    assert board == Candidates.from_grid(CLASSIC)
    assert candidates.dumps(CLASSIC, form="board")[:20] == "....5....\0..3......\0"


def test_text_reads_the_digits_and_ignores_the_rest() -> None:
    data = example("digits.txt")
    assert F.detect(data) == "text"
    assert text.loads(data) == [CLASSIC]
    messy = "Puzzle:\n53 0|0 7 0+000\n600-195-000\n\n 098 000 060 \n"
    messy += CLASSIC.to_line("0")[27:] + "\n"
    assert F.loads(messy, "text") == [CLASSIC]


def test_text_solution_keeps_the_layout() -> None:
    data = b"530 070 000\n600 195 000\n098 000 060\n\n800 060 003\n400 803 001\n700 020 006\n\n" \
        b"060 000 280\n000 419 005\n000 080 079\n"
    solved = rewrite(data, "text", solve_them=True).decode()
    assert solved.splitlines()[0] == "534 678 912"
    assert solved.count("\n\n") == 2 and "0" not in solved


def test_the_grid_format() -> None:
    data = example("classic.grid")
    assert data.splitlines()[0] == b"5 3 0 0 7 0 0 0 0"
    assert F.detect(data) == "grid"
    assert grid.loads(data) == [CLASSIC]
    solution = solve(CLASSIC)
    assert solution is not None
    rows = grid.dumps(solution).splitlines()
    assert len(rows) == 9 and all(len(r.split()) == 9 and "0" not in r.split() for r in rows)


# -- the example files ---------------------------------------------------------------------

EXPECTED = {
    "16x16.txt": "line",
    "6x6.grid": "grid",
    "board.cand": "candidates",
    "board.pretty": "pretty",
    "board.txt": "candidates",
    "cdoku.csv": "csv",
    "cdoku_solution.table": "table",
    "classic.grid": "grid",
    "classic.pretty": "pretty",
    "digits.txt": "text",
    "grid01.bin": "binary",
    "grid02.bin": "binary",
    "puzzle.json": "json",
    "puzzles.txt": "line",
    "bank.txt": "line",
    "kaggle.csv": "csv",
    "puzzles.opensudoku": "opensudoku",
    "samurai.txt": "samurai",
}

#: Examples of puzzles with other rules, in the formats that hold them, with the format
#: their name (and, for a link, their content) decides: read back as the same puzzles under
#: the same rules (the bytes may differ: comments and the compressed form are not kept).
BY_NAME = {"jigsaw.jigsaw": "jigsaw", "variants.txt": "fpuzzles", "killer.killer": "killer"}

#: Examples that are photos, read by sudokit.image rather than by a puzzle format.
PHOTOS = {"photo.jpg"}


def test_every_example_is_listed() -> None:
    assert sorted(p.name for p in EXAMPLES.iterdir()) == sorted([*EXPECTED, *BY_NAME, *PHOTOS])


@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_a_variant_example_is_read_so_and_comes_back_with_its_rules(name: str) -> None:
    data = example(name)
    fmt = BY_NAME[name]
    assert F.detect(data, name) == fmt
    puzzles = F.loads(data.decode(), fmt)
    assert puzzles and all(not p.rules.is_classic for p in puzzles)
    again = F.loads(rewrite(data, fmt).decode(), fmt)
    assert [(p, p.rules) for p in again] == [(p, p.rules) for p in puzzles]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_is_detected_and_round_trips(name: str) -> None:
    data = example(name)
    assert F.detect(data) == EXPECTED[name]
    assert F.detect(data, name) == EXPECTED[name]
    assert rewrite(data) == data


def test_example_sizes() -> None:
    (big,) = F.load(EXAMPLES / "16x16.txt")
    assert big.n == 16 and "G" in line.dumps(big)
    (small,) = F.load(EXAMPLES / "6x6.grid")
    assert small.n == 6 and small.box == (2, 3)
    assert len(F.load(EXAMPLES / "puzzles.txt")) == 4
    (from_json,) = F.load(EXAMPLES / "puzzle.json")
    assert from_json == CLASSIC


# -- detection ---------------------------------------------------------------------------

LINE = CLASSIC.to_line()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (LINE + "\n", "line"),
        ("# a comment\n\n" + LINE.replace(".", "0") + "\n", "line"),
        ("." * 256 + "\n", "line"),
        (grid.dumps(CLASSIC), "grid"),
        (grid.dumps(Grid.empty(16)), "grid"),
        (csv.dumps(CLASSIC), "csv"),
        (csv.dumps(CLASSIC, blank=""), "csv"),
        (table.dumps(CLASSIC), "table"),
        ("+-+-+\n" + table.dumps(CLASSIC), "table"),
        (text.dumps(CLASSIC), "text"),
        ("Here is one:\n" + LINE[:40] + "\n" + LINE[40:] + "\n", "text"),
        (pretty.dumps(CLASSIC), "pretty"),
        (pretty.dumps(CLASSIC, blank="0"), "pretty"),
        (pretty.dumps(Candidates.from_grid(CLASSIC)), "pretty"),
        (json.dumps(CLASSIC), "json"),
        ('[\n  {"cells": "' + LINE + '"}\n]\n', "json"),
        (candidates.dumps(CLASSIC), "candidates"),
        (candidates.dumps(CLASSIC, form="board"), "candidates"),
        ("5,3,x,0,7,0,0,0,0\n" * 9, "csv"),  # a typo does not change the format
        ("5 3 x 0 7 0 0 0 0\n" * 9, "grid"),
    ],
)
def test_detect(content: str, expected: str) -> None:
    assert F.detect(content.encode()) == expected


def test_detect_binary_and_extensions() -> None:
    assert F.detect(binary.dumps(Grid.empty(4))) == "binary"
    assert F.detect(b"whatever", "x.bin") == "binary"
    assert F.detect(b"1,2", "x.csv") == "csv"
    assert F.detect(b"{}", "x.JSON") == "json"
    assert F.format_for_path("out.table") == "table"
    assert F.format_for_path("out.unknown") is None


def test_detect_rejects_what_is_not_a_puzzle() -> None:
    with pytest.raises(ParseError, match="empty"):
        F.detect(b"  \n\n")
    with pytest.raises(ParseError, match="binary data"):
        F.detect(bytes(range(256)))
    with pytest.raises(ParseError, match="binary data"):
        F.detect("é".encode("latin-1") * 10)


def test_detect_stream_leaves_the_stream_where_it_was() -> None:
    stream = io.BytesIO(example("cdoku.csv"))
    assert F.detect_stream(stream, "puzzle") == "csv"
    assert stream.tell() == 0
    reader = F.read(stream, source="cdoku.csv")
    assert reader.fmt == "csv" and len(list(reader)) == 1


# -- styles: what comes back byte for byte -------------------------------------------------


def test_line_keeps_comments_blanks_and_line_endings() -> None:
    data = (
        "# header\n" + LINE + "\n\n# between\n" + LINE.replace(".", "0") + "\r\n"
        + "  " + LINE + "\n" + LINE[:20] + "0" + LINE[21:] + "\n# trailer\n"
    ).encode()
    rs = records(data)
    assert [r.line for r in rs] == [2, 5, 6, 7]
    assert rs[0].style is not None and rs[0].style.lead == "# header\n"
    assert rs[-1].style is not None and rs[-1].style.tail == "# trailer\n"
    assert rewrite(data) == data


def test_line_without_final_newline() -> None:
    assert rewrite(LINE.encode()) == LINE.encode()
    assert rewrite((LINE + "\n" + LINE).encode()) == (LINE + "\n" + LINE).encode()


def test_solution_keeps_its_puzzle_style() -> None:
    solved = rewrite(("# p\n" + LINE.replace(".", "0") + "\r\n").encode(), solve_them=True)
    solution = solve(CLASSIC)
    assert solution is not None
    assert solved == ("# p\n" + solution.to_line() + "\r\n").encode()


def test_grid_keeps_unusual_spacing() -> None:
    data = "".join("  ".join(str(v) for v in row) + " \n" for row in CLASSIC.rows()).encode()
    assert rewrite(data) == data
    assert grid.loads(data) == [CLASSIC]


def test_style_of_another_format_is_ignored() -> None:
    (r,) = records(LINE.replace(".", "0") + "\n")
    assert grid.dumps(CLASSIC) == _write("grid", [(CLASSIC, r.style)])


def test_dumps_options() -> None:
    assert line.dumps(CLASSIC, blank="0") == CLASSIC.to_line("0") + "\n"
    assert csv.dumps(CLASSIC, blank="", eol="\r\n").startswith("5,3,,,7,,,,\r\n")
    with pytest.raises(ValueError, match="blank"):
        line.dumps(CLASSIC, blank="x")
    with pytest.raises(TypeError, match="colour"):
        line.dumps(CLASSIC, colour="red")


# -- writers -------------------------------------------------------------------------------


def _write(fmt: str, items: list[tuple[object, object]]) -> str:
    out = io.BytesIO()
    with F.Writer(fmt, out) as writer:
        for item, style in items:
            if isinstance(item, str):
                writer.write_message(item, style)  # type: ignore[arg-type]
            else:
                writer.write(item, style)  # type: ignore[arg-type]
    return out.getvalue().decode()


def test_error_message_in_place_of_an_answer() -> None:
    solution = solve(CLASSIC)
    assert solution is not None
    msg = "ERROR: Puzzle not solveable"
    out = _write("line", [(solution, None), (msg, None), (solution, None)])
    assert out.splitlines() == [solution.to_line(), msg, solution.to_line()]
    out = _write("grid", [(solution, None), (msg, None), (solution, None)])
    blocks = out.split("\n\n")
    assert len(blocks) == 3 and blocks[1] == msg
    assert grid.loads(blocks[0]) == [solution] and grid.loads(blocks[2]) == [solution]
    out = _write("json", [(solution, None), (msg, None)])
    assert out.splitlines()[1] == '{"error": "ERROR: Puzzle not solveable"}'


def test_message_keeps_the_puzzles_comments() -> None:
    (r,) = records("# puzzle 7\n" + LINE + "\n")
    assert _write("line", [("ERROR: Puzzle not solveable", r.style)]) == (
        "# puzzle 7\nERROR: Puzzle not solveable\n"
    )


@pytest.mark.parametrize(
    ("fmt", "separator"),
    [("line", ""), ("grid", "\n"), ("csv", "\n"), ("table", "\n"), ("pretty", "\n"),
     ("text", "\n"), ("json", ""), ("candidates", "")],
)
def test_separators_between_puzzles(fmt: str, separator: str) -> None:
    one = F.dumps(CLASSIC, fmt)
    assert F.dumps([CLASSIC, CLASSIC], fmt) == one + separator + one  # type: ignore[operator]
    assert F.loads(F.dumps([CLASSIC, CLASSIC], fmt), fmt) == F.loads(one, fmt) * 2


def test_binary_holds_one_grid() -> None:
    out = io.BytesIO()
    writer = F.Writer("binary", out)
    writer.write(CLASSIC)
    with pytest.raises(SudokuError, match="one puzzle per file"):
        writer.write(CLASSIC)
    assert out.getvalue() == example("grid01.bin")


def test_candidates_in_digit_formats_are_their_solved_cells() -> None:
    board = Candidates.from_grid(CLASSIC)
    assert line.dumps(board) == line.dumps(CLASSIC)
    assert json.loads(json.dumps(board)) == [board]
    assert pretty.loads(pretty.dumps(board)) == [board]


def test_formats_with_symbols_stop_at_35() -> None:
    big = Grid.empty(36)
    with pytest.raises(SudokuError, match="35x35"):
        line.dumps(big)
    for fmt in ("grid", "csv", "json", "binary", "pretty"):
        assert F.loads(F.dumps(big, fmt), fmt) == [big]
    assert str(big).splitlines()[0].startswith(" .  . ")  # a picture in numbers


# -- shapes and sizes ----------------------------------------------------------------------


def test_box_shape_given_or_drawn() -> None:
    g = Grid.empty(6, box=(3, 2)).with_digit(0, 1)
    assert line.loads(line.dumps(g)) != [g]  # a line cannot say the box: the natural one
    assert line.loads(line.dumps(g), box=(3, 2)) == [g]
    assert pretty.loads(pretty.dumps(g)) == [g]  # the picture draws it
    assert json.loads(json.dumps(g)) == [g]  # the object says it
    assert F.loads(grid.dumps(g), box=(3, 2)) == [g]


def test_sixteen_with_letters_either_case() -> None:
    (g,) = line.loads(("G" + "." * 255).lower())
    assert g.n == 16 and g[0] == 16
    assert rewrite(("g" + "." * 255 + "\n").encode()) == ("g" + "." * 255 + "\n").encode()


# -- the library -------------------------------------------------------------------------


def test_read_streams_lazily() -> None:
    class Counting(io.BytesIO):
        taken = 0

        def read(self, size: int | None = -1) -> bytes:
            data = super().read(size)
            Counting.taken += len(data)
            return data

        read1 = read  # type: ignore[assignment]

    # 25 MB: the first puzzle comes after a few runs of lines (a megabyte at most)
    data = ((LINE + "\n") * 300_000).encode()
    first = next(iter(F.read(Counting(data))))
    assert first.item == CLASSIC
    assert Counting.taken < len(data) // 20


def test_record_is_a_frozen_value() -> None:
    (r,) = records(LINE + "\n")
    assert r == F.Record(CLASSIC, 1, None, r.style)
    with pytest.raises(AttributeError):
        r.line = 2  # type: ignore[misc]


def test_load_and_dump_files(tmp_path: Path) -> None:
    path = tmp_path / "out.csv"
    F.dump([CLASSIC, CLASSIC], path)
    assert path.read_text().startswith("5,3,.,.,7")
    assert F.load(path) == [CLASSIC, CLASSIC]
    F.dump(CLASSIC, tmp_path / "g.bin")
    assert (tmp_path / "g.bin").read_bytes() == example("grid01.bin")


def test_unknown_format_is_a_clear_error() -> None:
    with pytest.raises(SudokuError, match="unknown format 'xml'"):
        F.dumps(CLASSIC, "xml")


def test_import_does_not_load_numpy_or_json() -> None:
    code = "import sys, sudokit.formats; print('numpy' in sys.modules, 'json' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_a_puzzle_of_another_size_is_an_error_in_its_place() -> None:
    rs = records(LINE + "\n" + "1234341221434321\n" + LINE + "\n", source="puzzles.txt")
    assert [r.item for r in rs] == [CLASSIC, None, CLASSIC]
    assert isinstance(rs[1].error, MixedSizeError)
    assert str(rs[1].error).startswith("puzzles.txt, line 2: a 4x4 puzzle")


def test_byte_order_mark_is_read_past_and_kept() -> None:
    data = b"\xef\xbb\xbf" + example("cdoku.csv")
    assert F.detect(data) == "csv"
    assert F.loads(data) == F.loads(example("cdoku.csv"))
    assert rewrite(data) == data


def test_a_cand_file_is_a_board(tmp_path: Path) -> None:
    board = candidates.loads(example("board.cand"))[0]
    F.dump(board, tmp_path / "copy.cand")
    assert (tmp_path / "copy.cand").read_bytes() == example("board.cand")
