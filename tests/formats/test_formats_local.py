"""Every failure stays local to its record: a bad line, a broken JSON value, a record of
another size or a line too long is one error in its place, and every other record is read,
in order. Hostile inputs (long border-like lines, deep nesting, unterminated values) end
with a clear error, never a hang or a RecursionError. (The guards are threads with a
generous join: a hang fails, speed is not measured.)"""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from sudokit import Grid, ParseError, SudokuError
from sudokit import formats as F

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC = Grid(PUZZLE)


def records(data: bytes | str, fmt: str | None = None, source: str = "in.txt") -> list:
    raw = data.encode() if isinstance(data, str) else data
    return list(F.read(io.BytesIO(raw), fmt, source=source))


def finishes(work: Callable[[], object], seconds: float = 60) -> object:
    """``work()``'s result (or the SudokuError it raised); fails if it does not end."""
    outcome: list[object] = []

    def attempt() -> None:
        try:
            outcome.append(work())
        except SudokuError as e:
            outcome.append(e)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "did not finish"
    return outcome[0]


# -- one bad line among good ones --------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (b"53..7\xff\xfe..." + PUZZLE[11:].encode(), "bytes that are not UTF-8"),
        (PUZZLE[:40].encode() + b"\0" + PUZZLE[41:].encode(), "a NUL byte"),
    ],
)
def test_a_line_of_bytes_that_are_not_text_is_that_line_only(bad: bytes, message: str) -> None:
    data = (PUZZLE + "\n").encode() * 3 + bad + b"\n" + (PUZZLE + "\n").encode() * 3
    rs = records(data)
    assert [r.item for r in rs] == [CLASSIC] * 3 + [None] + [CLASSIC] * 3
    assert rs[3].line == 4 and message in str(rs[3].error)
    assert str(rs[3].error).startswith("in.txt, line 4: ")


def test_a_grid_with_a_line_of_bad_bytes_is_that_puzzle_only() -> None:
    good = F.dumps(CLASSIC, "grid")
    assert isinstance(good, str)
    broken = good.encode().replace(b"6 0 0 1 9 5", b"6 0 \xff 1 9 5", 1)
    rs = records(good.encode() + b"\n" + broken + b"\n" + good.encode())
    assert [r.item for r in rs] == [CLASSIC, None, CLASSIC]
    assert "not UTF-8" in str(rs[1].error)


def test_a_line_too_long_for_any_puzzle_is_one_error_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    with open(path, "wb") as f:
        f.write((PUZZLE + "\n").encode())
        f.write(b"1" * (20 << 20) + b"\n")
        f.write((PUZZLE + "\n").encode())
    with open(path, "rb") as f:
        rs = list(F.read(f, source="long.txt"))
    assert [r.item for r in rs] == [CLASSIC, None, CLASSIC]
    assert "longer than any puzzle" in str(rs[1].error)


def test_lines_ended_by_a_lone_carriage_return() -> None:
    data = (PUZZLE + "\r") * 3
    rs = records(data)
    assert [r.item for r in rs] == [CLASSIC] * 3
    grid = F.dumps(CLASSIC, "grid")
    assert isinstance(grid, str)
    assert F.loads(grid.replace("\n", "\r")) == [CLASSIC]


# -- JSON, one value at a time -----------------------------------------------------------


def _pretty_array(count: int) -> str:
    one = json.loads(str(F.dumps(CLASSIC, "json")))
    return "[\n" + ",\n".join(json.dumps(one, indent=2) for _ in range(count)) + "\n]\n"


def test_a_brace_missing_in_the_first_of_300_objects_costs_that_one_only() -> None:
    text = _pretty_array(300)
    cut = text.index("}")
    rs = records(text[:cut] + text[cut + 1 :], source="a.json")
    assert len(rs) == 300 and rs[0].item is None
    assert [r.item for r in rs[1:]] == [CLASSIC] * 299
    assert str(rs[0].error).startswith("a.json, line 2: this JSON value is not closed")


def test_a_truncated_json_value_names_where_it_was_cut() -> None:
    text = _pretty_array(1)
    lines = text.splitlines(keepends=True)
    (r,) = records("".join(lines[:30]), source="a.json")
    assert str(r.error) == (
        "a.json, line 2: this JSON value is not closed: it is cut off after line 30"
    )


def test_invalid_json_names_the_line_of_the_mistake() -> None:
    text = _pretty_array(1).replace("[\n      5,", "[\n      5;", 1)
    (r,) = records(text, source="a.json")
    bad_line = next(i for i, line in enumerate(text.splitlines(), 1) if "5;" in line)
    assert str(r.error).startswith(f"a.json, line {bad_line}: invalid JSON")


def test_an_unterminated_object_before_10000_lines_ends() -> None:
    data = '{"cells": [[1, 2\n' + "hello there\n" * 10_000
    rs = finishes(lambda: records(data, "json"))
    assert isinstance(rs, list) and len(rs) == 1
    assert "not closed" in str(rs[0].error)


@pytest.mark.parametrize("depth", [100, 3000, 100_000])
def test_json_nested_deep_is_a_clear_error(depth: int) -> None:
    data = '{"cells": ' + "[" * depth + "]" * depth + "}\n" + str(F.dumps(CLASSIC, "json"))
    rs = finishes(lambda: records(data, "json"))
    assert isinstance(rs, list)
    assert rs[0].item is None and rs[0].error is not None
    assert len(str(rs[0].error)) < 120  # a line, not the input back
    assert rs[1].item == CLASSIC


# -- detection: linear, bounded ------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b"-+" * 100_000 + b"x\n",
        b"=" * 200_000 + b":\n",
        b"|" + b" |" * 20 + b"x\n",
        b"| " * 50_000 + b"\n",
        b"1,2,3,4," + b" " * 60_000 + b"\n",
        b"1 " * 100_000 + b"\n",
    ],
)
def test_hostile_lines_are_detected_and_read_promptly(data: bytes) -> None:
    finishes(lambda: F.detect(data), 30)
    for fmt in [None, *F.FORMATS]:
        finishes(lambda fmt=fmt: records(data * 3, fmt), 30)  # type: ignore[misc]


# -- the library checks what it is given ---------------------------------------------------


def test_arguments_are_checked() -> None:
    with pytest.raises(TypeError, match="bytes"):
        F.detect(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="exactly one puzzle, got 0"):
        F.dumps([], "binary")
    with pytest.raises(ValueError, match="exactly one puzzle, got 2"):
        F.dumps([CLASSIC, CLASSIC], "binary")
    with pytest.raises(TypeError, match="Grid"):
        F.dumps("53..7", "line")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Grid"):
        F.dumps([CLASSIC, 3], "line")  # type: ignore[list-item]
    with pytest.raises(TypeError, match="str or bytes"):
        F.loads(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="binary stream"):
        F.read("53..7")  # type: ignore[arg-type]
    with pytest.raises(SudokuError, match="unknown format"):
        F.loads(PUZZLE, "xml")
    with pytest.raises(ParseError):
        F.detect(b"")


def test_a_16x16_grid_of_letters_reads_and_keeps_its_letters() -> None:
    big = Grid.empty(16).with_digit(0, 10).with_digit(1, 16).with_digit(17, 3)
    rows = [" ".join("ABCDEFG"[v - 10] if v >= 10 else str(v) for v in row)
            for row in big.rows()]
    data = "\n".join(rows) + "\n"
    assert F.detect(data.encode()) == "grid"
    (r,) = records(data)
    assert r.item == big
    out = io.BytesIO()
    with F.Writer("grid", out) as writer:
        writer.write(big.with_digit(2, 11), r.style)
    assert out.getvalue().decode().splitlines()[0].startswith("A G B 0")
    bad = data.replace("A", "Z", 1)
    (r,) = records(bad)
    assert str(r.error) == "in.txt, line 1: 'Z' at r1c1 is not a digit of a 16x16 sudoku"
