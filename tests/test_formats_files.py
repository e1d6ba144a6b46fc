"""Files people already have, written from each format's public description: each is
detected, read with what it carries (``Record.fields``), written back byte for byte, and a
malformed record is one clear error in its place."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from roundtrip import rewrite
from sudokit import Grid, ParseError, solve
from sudokit import formats as F

DATA = Path(__file__).resolve().parent / "data" / "formats"
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC = Grid(PUZZLE)
_SOLVED = solve(CLASSIC)
assert _SOLVED is not None
SOLUTION: Grid = _SOLVED


def records(data: bytes | str, fmt: str | None = None, source: str = "f", **kw: object) -> list:
    raw = data.encode() if isinstance(data, str) else data
    return list(F.read(io.BytesIO(raw), fmt, source=source, **kw))  # type: ignore[arg-type]


# -- CSV with a header, as machine-learning data sets ship puzzles ------------------------


@pytest.mark.parametrize("name", ["kaggle.csv", "ml.csv"])
def test_csv_with_a_header_is_one_puzzle_per_row(name: str) -> None:
    data = (DATA / name).read_bytes()
    assert F.detect(data) == "csv"
    assert F.detect(data, name) == "csv"
    rs = records(data, source=name)
    assert [r.item for r in rs] == [CLASSIC, CLASSIC]
    assert all(r.fields["solution"] == SOLUTION.to_line() for r in rs)
    assert rewrite(data) == data


def test_csv_fields_are_named_by_the_header() -> None:
    rs = records((DATA / "ml.csv").read_bytes())
    assert dict(rs[1].fields) == {
        "id": "2", "solution": SOLUTION.to_line(), "clues": "30", "difficulty": "2.5"
    }


def test_csv_solution_goes_in_the_puzzle_column() -> None:
    data = (DATA / "kaggle.csv").read_bytes()
    solved = rewrite(data, solve_them=True).decode().splitlines()
    assert solved[0] == "quizzes,solutions"
    assert solved[1] == SOLUTION.to_line() + "," + SOLUTION.to_line()


def test_csv_column_chosen_by_name() -> None:
    data = "a,b\n" + PUZZLE + "," + SOLUTION.to_line() + "\n"
    (r,) = records(data, "csv", column="b")
    assert r.item == SOLUTION and r.fields["a"] == PUZZLE
    with pytest.raises(ParseError, match="no column 'c' in the header"):
        records(data, "csv", column="c")


def test_csv_header_without_a_puzzle_column_is_one_clear_error() -> None:
    with pytest.raises(ParseError) as info:
        records("name,rating\nfoo,3\n", source="x.csv")
    assert str(info.value).startswith("x.csv, line 1: the header names no puzzle column")


def test_csv_bad_rows_are_errors_in_their_place() -> None:
    rows = [PUZZLE, PUZZLE[:-1], PUZZLE + ",extra", "1234341221434321", PUZZLE]
    rs = records("puzzle\n" + "\n".join(rows) + "\n", source="x.csv")
    assert [r.item for r in rs] == [CLASSIC, None, None, None, CLASSIC]
    assert [r.line for r in rs] == [2, 3, 4, 5, 6]
    assert str(rs[1].error) == "x.csv, line 3: expected 81 cells, got 80"
    assert "2 fields, but the header names 1 columns" in str(rs[2].error)
    assert "4x4 puzzle among 9x9" in str(rs[3].error)


# -- tab-separated rows, as a table copied from a web page --------------------------------


def test_tab_separated_rows_with_empty_cells() -> None:
    data = (DATA / "copied.tsv").read_bytes()
    assert F.detect(data) == "tsv"
    assert F.loads(data) == [CLASSIC]
    assert rewrite(data) == data
    solved = rewrite(data, solve_them=True).decode()
    assert solved.splitlines()[0] == "5\t3\t4\t6\t7\t8\t9\t1\t2"


# -- .sdk (SadMan Software, with SudoCue's header lines) and .sdm -------------------------

SUDOCUE = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"


def test_sdk_header_lines_are_the_fields() -> None:
    data = (DATA / "sudocue.sdk").read_bytes()
    assert F.detect(data) == "sdk" and F.detect(data, "x.sdk") == "sdk"
    (r,) = records(data)
    assert r.item == Grid(SUDOCUE)
    assert dict(r.fields) == {
        "author": "Ruud", "description": "A random puzzle created by SudoCue",
        "comment": "Just start plugging in the numbers", "date": "03-08-2006",
        "source": "SudoCue", "difficulty": "Easy", "url": "http://www.sudocue.net/",
    }
    assert rewrite(data) == data


def test_sdk_solution_keeps_the_header() -> None:
    data = (DATA / "sudocue.sdk").read_bytes()
    solved = rewrite(data, solve_them=True).decode().splitlines()
    assert solved[:7] == data.decode().splitlines()[:7]
    assert len(solved) == 16 and "." not in "".join(solved[7:])


def test_sdk_written_from_other_formats_reads_back() -> None:
    text = F.dumps([CLASSIC, CLASSIC], "sdk")
    assert text.splitlines()[0] == PUZZLE[:9]
    assert F.loads(text, "sdk") == [CLASSIC, CLASSIC]


def test_sdk_short_row_is_one_error() -> None:
    data = (DATA / "sudocue.sdk").read_text().replace(".54...71.", ".54..71.")
    (r,) = records(data, source="p.sdk")
    assert str(r.error) == "p.sdk, line 9: row 2 has 8 symbols, expected 9"


def test_sdm_is_one_puzzle_per_line() -> None:
    data = (SUDOCUE + "\n" + PUZZLE + "\n").encode()
    assert F.detect(data, "x.sdm") == "line"
    assert F.loads(data) == [Grid(SUDOCUE), CLASSIC]
    assert F.format_for_path("out.sdm") == "line"
