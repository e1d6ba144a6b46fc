"""Formats: bad input gets one clear error that says where, and the rest is still read."""

from __future__ import annotations

import io
import os
import random
import struct
import threading

import pytest

from sudokit import CellCountError, Grid, MixedSizeError, ParseError, SudokuError, SymbolError
from sudokit import formats as F
from sudokit.candidates import Candidates

CLASSIC = Grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
LINE = CLASSIC.to_line()


def read_all(data: bytes | str, fmt: str | None = None, source: str = "puzzles.txt",
             box: tuple[int, int] | None = None) -> list[F.Record]:
    raw = data.encode() if isinstance(data, str) else data
    return list(F.read(io.BytesIO(raw), fmt, source=source, box=box))


def only_error(data: bytes | str, fmt: str | None = None, source: str = "puzzles.txt") -> str:
    """The message of the one bad record of ``data``."""
    errors = [r.error for r in read_all(data, fmt, source) if r.error is not None]
    assert len(errors) == 1
    return str(errors[0])


def grid_rows(g: Grid, sep: str = " ") -> list[str]:
    return [sep.join(str(v) for v in row) for row in g.rows()]


# -- too few, too many ---------------------------------------------------------------------


def test_line_too_few_and_too_many_cells() -> None:
    data = "\n".join([LINE] * 11 + [LINE[:-1]] + [LINE + "."] + [LINE]) + "\n"
    rs = read_all(data)
    bad = [(r.line, str(r.error)) for r in rs if r.error]
    assert bad == [
        (12, "puzzles.txt, line 12: expected 81 cells, got 80"),
        (13, "puzzles.txt, line 13: expected 81 cells, got 82"),
    ]
    assert [r.line for r in rs if r.item] == [*range(1, 12), 14]


def test_grid_rows_too_short_and_too_few_rows() -> None:
    rows = grid_rows(CLASSIC)
    assert only_error("\n".join(rows[:8] + [rows[8][:-2]]) + "\n") == (
        "puzzles.txt, line 9: row 9 has 8 cells, expected 9"
    )
    assert only_error("\n".join(rows[:8]) + "\n", "grid") == (
        "puzzles.txt, line 1: expected 9 rows of 9 cells, got 8 rows"
    )


def test_csv_and_table_and_text_counts() -> None:
    rows = grid_rows(CLASSIC, ",")
    rows[4] += ",0"
    message = only_error("\n".join(rows) + "\n")
    assert message == "puzzles.txt, line 5: row 5 has 10 cells, expected 9"
    table = F.dumps(CLASSIC, "table").replace("|3|\n", "|\n", 1)
    assert "row 4 has 8 cells, expected 9" in only_error(table, "table")
    framed = F.dumps(CLASSIC, "text")
    message = only_error(framed + "\n" + framed.replace(" 9 |\n+", " |\n+", 1), "text")
    assert message == "puzzles.txt, line 15: expected 81 cells, got 80"


def test_json_counts() -> None:
    rows = [list(r) for r in CLASSIC.rows()]
    rows[4].pop()
    message = only_error('{"cells": ' + str(rows) + "}\n", "json")
    assert message == 'puzzles.txt, line 1: row 5 of "cells" has 8 cells, expected 9'
    assert "do not make a square grid" in only_error('{"cells": [1, 2, 3]}\n', "json")


def test_binary_wrong_size_names_the_file() -> None:
    message = only_error(bytes(320), "binary", source="grids/grid01/grid.bin")
    assert message == "grids/grid01/grid.bin: expected 4*N*N bytes (324 for a 9x9 grid), got 320"
    (r,) = read_all(bytes(4 * 16), "binary", source="g.bin", box=(3, 3))
    assert str(r.error) == "g.bin: expected 324 bytes for a 9x9 binary grid (4*N*N), got 64"


def test_candidates_board_cut_short() -> None:
    data = F.dumps(CLASSIC, "candidates", form="board").encode()  # type: ignore[union-attr]
    assert "expected 810 bytes for a 9x9 candidates board" in only_error(data[:-1], "candidates")


# -- symbols and values --------------------------------------------------------------------


def test_letters_are_named_with_their_cell() -> None:
    assert only_error(LINE[:4] + "x" + LINE[5:] + "\n") == (
        "puzzles.txt, line 1: 'x' at r1c5 is not a digit of a 9x9 sudoku"
    )
    rows = grid_rows(CLASSIC)
    rows[2] = rows[2].replace("8", "h")
    error = [r.error for r in read_all("\n".join(rows) + "\n") if r.error][0]
    assert isinstance(error, SymbolError) and error.cell == "r3c3"
    assert str(error) == "puzzles.txt, line 3: 'h' at r3c3 is not a number"


def test_values_out_of_range() -> None:
    rows = grid_rows(CLASSIC)
    rows[0] = "10" + rows[0][1:]
    assert only_error("\n".join(rows) + "\n") == (
        "puzzles.txt, line 1: 10 at r1c1 is out of range for a 9x9 sudoku (0 to 9)"
    )
    assert "-1 at r1c1 is out of range" in only_error(
        "\n".join(["-1" + rows[1][1:]] + rows[1:]) + "\n", "grid"
    )
    data = struct.pack("<81i", 0, 0, 12, *[0] * 78)
    assert only_error(data, "binary", source="grid.bin") == (
        "grid.bin: value 12 at r1c3 is out of range for a 9x9 sudoku (0 to 9)"
    )
    assert "10 at r1c1 is out of range" in only_error(
        '{"cells": [[10' + ", 0" * 8 + "]" + (", [" + ", ".join(["0"] * 9) + "]") * 8 + "]}\n"
    )
    assert "'9' at r1c1 is not a digit of an 8x8 sudoku" in only_error("9" + "." * 63 + "\n")


def test_candidates_in_the_wrong_place() -> None:
    bad = "2" + "." * 8 + candidates_line()[9:]
    assert "'2' at place 1 of the candidates of r1c1: expected '1' or '.'" in only_error(
        bad + "\n", "candidates"
    )


def candidates_line() -> str:
    return F.dumps(CLASSIC, "candidates").strip()  # type: ignore[union-attr]


def test_clashing_givens_are_not_a_format_error() -> None:
    clash = "55" + "." * 79
    (r,) = read_all(clash + "\n")
    assert r.error is None and r.item is not None and not r.item.is_valid()
    for fmt in ("grid", "csv", "table", "pretty", "json", "binary", "text"):
        (g,) = F.loads(F.dumps(Grid(clash), fmt), fmt)
        assert g == Grid(clash)


# -- whole inputs that are not puzzles -----------------------------------------------------


@pytest.mark.parametrize("fmt", [None, *F.FORMATS])
def test_empty_input(fmt: str | None) -> None:
    with pytest.raises(ParseError) as info:
        read_all(b"", fmt, source="empty.txt")
    assert str(info.value).startswith("empty.txt")


def test_only_comments() -> None:
    with pytest.raises(ParseError, match="no puzzle found"):
        read_all("# nothing\n\n# here\n")


def test_not_a_puzzle_at_all() -> None:
    with pytest.raises(ParseError, match="README.md, line 1: not a puzzle"):
        read_all("A file about sudoku, with no puzzle in it.\n" * 3, source="README.md")


@pytest.mark.parametrize("fmt", [None, *F.FORMATS])
def test_a_megabyte_of_random_bytes_is_one_clear_error(fmt: str | None) -> None:
    data = random.Random(7).randbytes(1 << 20)
    outcome: list[object] = []

    def attempt() -> None:
        try:
            outcome.append(read_all(data, fmt, source="noise.bin"))
        except SudokuError as e:
            outcome.append(e)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(120)  # a guard against a hang, not a speed test
    assert not worker.is_alive(), "reading random bytes did not finish"
    (error,) = outcome
    assert isinstance(error, SudokuError)
    assert str(error).startswith("noise.bin")
    assert "\n" not in str(error)


def test_mangled_inputs_give_records_or_sudoku_errors() -> None:
    """A small fuzz: puzzles of every format with characters cut, added and repeated, and
    random text, read in every format: a record or a SudokuError, never another exception."""
    rng = random.Random(5)
    alphabet = b"0123456789.|-+, \n\n\n#x{}[]\":'=Ag\t\r"
    seeds = [F.dumps(CLASSIC, fmt) for fmt in F.FORMATS]
    samples = [s.encode() if isinstance(s, str) else s for s in seeds]
    for _ in range(150):
        if rng.random() < 0.4:
            data = bytes(rng.choice(alphabet) for _ in range(rng.randint(0, 300)))
        else:
            mangled = bytearray(rng.choice(samples))
            for _ in range(rng.randint(1, 6)):
                pos = rng.randrange(len(mangled) + 1)
                roll = rng.random()
                if roll < 0.4 and mangled:
                    del mangled[pos % len(mangled)]
                elif roll < 0.8:
                    mangled.insert(pos, rng.choice(alphabet))
                else:
                    mangled[pos:pos] = mangled[: rng.randint(0, len(mangled))]
            data = bytes(mangled)
        for fmt in [None, *F.FORMATS]:
            try:
                for r in F.read(io.BytesIO(data), fmt, source="fuzz"):
                    assert (r.item is None) != (r.error is None)
                    if r.item is not None:
                        F.Writer(fmt or "line", io.BytesIO()).write(r.item, r.style)
            except SudokuError:
                pass


# -- mixed sizes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fmt", ["line", "grid", "csv", "table", "pretty", "json", "candidates"]
)
def test_a_puzzle_of_another_size_is_an_error_in_its_place_in_each_format(fmt: str) -> None:
    small = Grid("1234341221434321")
    data = F.dumps([CLASSIC, CLASSIC, small, CLASSIC], fmt)
    rs = read_all(data, fmt, source="mixed.txt")
    expected = Candidates.from_grid(CLASSIC) if fmt == "candidates" else CLASSIC
    assert [r.item for r in rs] == [expected, expected, None, expected]
    error = rs[2].error
    assert isinstance(error, MixedSizeError)
    assert str(error).startswith("mixed.txt, line")
    assert "4x4" in str(error) and "among 9x9" in str(error)


# -- one bad line among many ---------------------------------------------------------------


def test_one_bad_line_among_100000() -> None:
    rng = random.Random(11)
    lines = []
    for _ in range(100_000):
        cells = list(LINE)
        cells[rng.randrange(81)] = "."
        lines.append("".join(cells))
    bad_at = 50_000
    lines[bad_at] = lines[bad_at][:40] + lines[bad_at][41:]  # 80 cells
    rs = read_all("\n".join(lines) + "\n", source="big.txt")
    assert len(rs) == 100_000
    errors = [r for r in rs if r.error is not None]
    assert len(errors) == 1 and errors[0].line == bad_at + 1
    assert str(errors[0].error) == f"big.txt, line {bad_at + 1}: expected 81 cells, got 80"
    good = [r.item.to_line() for r in rs if r.item is not None]  # type: ignore[union-attr]
    assert good == lines[:bad_at] + lines[bad_at + 1 :]


def test_errors_are_located_and_typed() -> None:
    (r,) = read_all(LINE[:-1] + "\n")
    assert isinstance(r.error, CellCountError)
    assert (r.error.source, r.error.line) == ("puzzles.txt", 1)
    with pytest.raises(CellCountError, match="^line 2: expected 81 cells, got 80$"):
        F.loads(LINE + "\n" + LINE[:-1] + "\n", "line", box=(3, 3))


def test_random_bytes_from_os_urandom_detect() -> None:
    with pytest.raises(ParseError, match="binary data"):
        F.detect(os.urandom(4096) + b"\0")


# -- the library's edges: wrong arguments are a TypeError or ValueError naming them ---------


def test_a_writer_needs_a_stream_and_a_style() -> None:
    with pytest.raises(TypeError, match="binary stream .* not NoneType"):
        F.Writer("line", None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="style must be a Style or None, not str"):
        F.Writer("line", io.BytesIO(), "0")  # type: ignore[arg-type]


def test_encode_array_takes_a_2d_array_of_digits() -> None:
    import numpy as np

    from sudokit.formats import line

    with pytest.raises(TypeError, match="cells must be a .* NumPy array .* not NoneType"):
        line.encode_array(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="cells must hold integers .* not float64"):
        line.encode_array(np.zeros((2, 81)))
    with pytest.raises(ValueError, match=r"cells must be a \(B, N\*N\) array, not .* \(81,\)"):
        line.encode_array(np.zeros(81, dtype=np.uint8))
    cells = np.zeros((3, 81), dtype=np.int64)
    cells[2, 40] = -1
    with pytest.raises(SymbolError, match="cells holds -1 at row 3, r5c5: a 9x9 puzzle's"):
        line.encode_array(cells)
    cells[2, 40] = 10
    with pytest.raises(SymbolError, match="cells holds 10 at row 3, r5c5"):
        line.encode_array(cells)
    cells[2, 40] = 9
    assert line.encode_array(cells).splitlines()[2] == b"." * 40 + b"9" + b"." * 40
