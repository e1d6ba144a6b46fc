"""Reading lines in batches (``Reader.chunks``, ``formats.Batch``) and writing arrays of
rows (``line.encode_array``): the same puzzles, line numbers, styles and bytes as reading
and writing one record at a time."""

from __future__ import annotations

import io
import random
from pathlib import Path

import numpy as np
import pytest

from sudokit import Grid, formats, solve
from sudokit.errors import CellCountError, MixedSizeError, ParseError, SymbolError
from sudokit.formats import Batch, ReadOptions, Record, line
from sudokit.formats._input import Input
from support.roundtrip import rewrite

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SIXTEEN = "1..." * 64


def chunks(text: str, rows: int = line.BATCH_ROWS) -> list:
    return list(line.read_chunks(Input(io.BytesIO(text.encode()), "t.txt"), ReadOptions(), rows))


def records(text: str) -> list:
    return list(formats.read(io.BytesIO(text.encode()), "line", source="t.txt"))


MIXED = (
    "\ufeff# header\n"
    + PUZZLE + "\n" + PUZZLE.replace(".", "0") + "\n" + PUZZLE + "\n"
    + "# between\n\n"
    + PUZZLE + "\r\n" + PUZZLE + "\r\n"
    + "  " + PUZZLE + "  \n"  # laid out otherwise: a record of its own
    + "12x" + "." * 78 + "\n"  # cannot be read
    + PUZZLE + "\n"
    + "# the end\n"
)


def test_runs_of_one_style_become_batches() -> None:
    items = list(formats.read(io.BytesIO(MIXED.encode()), "line", source="t.txt").chunks())
    kinds = [(type(i).__name__, i.rows if isinstance(i, Batch) else 1) for i in items]
    # '.' lines, a '0' line, a '.' line; two CRLF lines; the odd line; the bad one; the last
    assert kinds == [("Batch", 1), ("Batch", 1), ("Batch", 1), ("Batch", 2), ("Record", 1),
                     ("Record", 1), ("Batch", 1)]
    assert items[0].style.lead == "\ufeff# header\n" and items[0].line == 2
    assert items[3].style.lead == "# between\n\n" and items[3].line == 7
    assert items[3].style.eol == "\r\n"
    assert items[-1].style.tail == "# the end\n"
    assert items[5].error is not None and "line 10" in str(items[5].error)


def test_records_from_batches_are_the_records_read_one_by_one() -> None:
    expanded = list(formats.expand(chunks(MIXED)))
    assert [r.line for r in expanded] == [r.line for r in records(MIXED)]
    out = io.BytesIO()
    writer = formats.Writer("line", out)
    for record in records(MIXED):
        if record.error is None:
            writer.write(record.item, record.style)
        else:
            writer.write_message("bad", record.style)
    writer.close()
    assert out.getvalue().decode().replace("bad\n", "12x" + "." * 78 + "\n") == MIXED


def test_a_batch_holds_at_most_the_rows_asked_for() -> None:
    text = (PUZZLE + "\n") * 10
    sizes = [b.rows for b in chunks(text, rows=4)]
    assert sizes == [4, 4, 2]
    assert [b.line for b in chunks(text, rows=4)] == [1, 5, 9]


def test_a_batch_gives_its_array_and_its_grids() -> None:
    (batch,) = chunks((PUZZLE + "\n") * 3 + "# end\n")
    array = batch.array()
    assert array.shape == (3, 81) and array.dtype == np.uint8
    assert array[1].tolist() == list(Grid(PUZZLE).cells)
    grids = [r.item for r in batch.records()]
    assert grids == [Grid(PUZZLE)] * 3
    assert [r.style.tail for r in batch.records()] == ["", "", "# end\n"]


@pytest.mark.parametrize("blank, eol", [(".", "\n"), ("0", "\r\n")])
def test_encode_array_writes_what_encode_writes(blank: str, eol: str) -> None:
    grids = [Grid(PUZZLE), Grid("." * 81), solve(Grid(PUZZLE))]
    style = formats.Style("line", blank, eol)
    array = np.array([g.cells for g in grids], dtype=np.uint8)
    assert line.encode_array(array, style) == b"".join(line.encode(g, style) for g in grids)
    sixteen = Grid(SIXTEEN)
    assert line.encode_array(np.array([sixteen.cells]), style) == line.encode(sixteen, style)


def test_encode_array_refuses_rows_that_are_not_squares() -> None:
    with pytest.raises(CellCountError):
        line.encode_array(np.zeros((2, 80), dtype=np.uint8))


TOP = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_loads_array_skips_comments_and_reads_any_layout() -> None:
    text = f"# header\n\n{TOP}\r\n  {TOP.replace('.', '0')}  \n{TOP.lower()}\n# trailer\n"
    puzzles = line.loads_array(text)
    assert puzzles.shape == (3, 81) and puzzles.dtype == np.uint8
    assert (puzzles == puzzles[0]).all()
    assert puzzles[0, :5].tolist() == [4, 0, 0, 0, 3]


def test_loads_array_reads_a_16x16_line_with_letters() -> None:
    puzzles = line.loads_array(b"G" + b"." * 254 + b"a")
    assert puzzles.shape == (1, 256)
    assert puzzles[0, 0] == 16 and puzzles[0, 255] == 10


def test_load_array_errors_name_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_text(f"# c\n{TOP}\n{TOP[:10]}x{TOP[11:]}\n")
    with pytest.raises(SymbolError) as err:
        line.load_array(path)
    assert str(err.value) == f"{path}, line 3: 'x' at r2c2 is not a digit of a 9x9 sudoku"
    with pytest.raises(MixedSizeError, match="line 2"):
        line.loads_array(f"{TOP}\n{'.' * 16}\n")
    with pytest.raises(CellCountError, match="line 1"):
        line.loads_array(b"12345\n")
    with pytest.raises(ParseError, match="no puzzle found"):
        line.loads_array(b"# only a comment\n")


def random_lines(seed: int) -> bytes:
    """A few hundred lines of every kind the line reader tells apart, in random order."""
    rng = random.Random(seed)
    digits = [PUZZLE, TOP, PUZZLE.replace(".", "0")]
    kinds = [
        lambda p: p + "\n",
        lambda p: p + "\r\n",
        lambda p: p.lower().replace("5", "a") + "\n",  # not a digit
        lambda p: p[:40] + "0" + p[41:].replace("0", ".") + "\n",  # both blanks
        lambda p: "  " + p + "\n",  # laid out otherwise
        lambda p: p[:-3] + "\n",  # too short
        lambda p: "# a comment\n",
        lambda p: "\n",
        lambda p: p + "\r",  # a lone carriage return does not end a line
    ]
    weights = [40, 20, 2, 2, 2, 2, 4, 2, 1]
    lines = [rng.choices(kinds, weights)[0](rng.choice(digits)) for _ in range(400)]
    text = "".join(lines)
    if seed % 2:
        text += PUZZLE  # no line ending at the end
    return text.encode()


def record_view(record: Record) -> tuple:
    error = None if record.error is None else str(record.error)
    return record.item, record.line, error, record.style


@pytest.mark.parametrize("seed", range(12))
def test_reading_blocks_with_numpy_gives_what_reading_line_by_line_gives(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = random_lines(seed)
    assert len(data) > line._NUMPY_MIN_BYTES

    def read() -> list:
        reader = formats.read(io.BytesIO(data), "line", source="t.txt")
        return [record_view(r) for r in reader]

    fast = read()
    assert any(r[2] is not None for r in fast) and any(r[2] is None for r in fast)
    monkeypatch.setattr(line, "_NUMPY_MIN_BYTES", len(data) + 1)  # line by line only
    assert fast == read()


def readable(text: bytes) -> bool:
    """A comment, a blank line or a puzzle line that reads without an error."""
    if text.strip() == b"" or text.startswith(b"#"):
        return True
    return next(iter(formats.read(io.BytesIO(text), "line"))).error is None


@pytest.mark.parametrize("seed", range(6))
def test_a_large_file_read_in_blocks_comes_back_byte_for_byte(seed: int) -> None:
    data = b"".join(ln for ln in io.BytesIO(random_lines(seed)) if readable(ln))
    assert len(data) > line._NUMPY_MIN_BYTES
    assert rewrite(data, "line") == data


def test_dump_array_then_load_array_gives_the_array_back(tmp_path: Path) -> None:
    puzzles = line.loads_array(f"{PUZZLE}\n{TOP}\n")
    path = tmp_path / "out.txt"
    line.dump_array(puzzles, path, blank="0", eol="\r\n")
    assert path.read_bytes() == f"{PUZZLE}\r\n{TOP}\r\n".replace(".", "0").encode()
    assert (line.load_array(path) == puzzles).all()
    with pytest.raises(ValueError, match="blank"):
        line.dump_array(puzzles, path, blank="x")
