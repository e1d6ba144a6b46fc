"""Files written from each format's public description, awkward but valid (an ipuz with
extensions and styled cells, a grid typed with ``*`` blanks in a ``*---*`` frame, an
OpenSudoku collection declared in ISO-8859-1...): solving one writes back every byte that
is not an answer, and reading one and writing it back gives the same bytes.

Each file in ``data/public/`` has its solved form, as ``sudoku solve`` writes it, in
``data/public/solved/``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sudokit import SudokuError
from sudokit import formats as F
from support.clirunner import sudoku
from support.roundtrip import rewrite

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
DATA = Path(__file__).resolve().parents[1] / "data" / "public"
SOLVED = DATA / "solved"
CASES = sorted(p.name for p in DATA.iterdir() if p.is_file())
#: Files whose round trip is not byte for byte, with what it gives instead.
WRITTEN_OTHERWISE = {
    # read in the encoding it declares, written in UTF-8 with a declaration that says so
    "latin1.opensudoku": lambda data: data.decode("latin-1")
    .replace("ISO-8859-1", "UTF-8")
    .encode(),
}


def solved_text(name: str) -> str:
    """The file solved by ``sudoku solve``, as text."""
    done = sudoku("solve", str(DATA / name))
    assert done.status == 0, done.stderr
    return done.out


def fmt_of(name: str) -> str:
    return F.detect((DATA / name).read_bytes(), name)


@pytest.mark.parametrize("name", CASES)
def test_solving_keeps_every_byte_but_the_answers(name: str) -> None:
    done = sudoku("solve", str(DATA / name))
    assert (done.status, done.stderr) == (0, "")
    assert done.stdout == (SOLVED / name).read_bytes()


@pytest.mark.parametrize("name", CASES)
def test_piped_without_a_name_the_format_is_found_by_content(name: str) -> None:
    done = sudoku("solve", stdin=(DATA / name).read_bytes())
    assert (done.status, done.stderr) == (0, "")
    assert done.stdout == (SOLVED / name).read_bytes()


@pytest.mark.parametrize("name", CASES)
def test_read_and_written_back_unchanged(name: str) -> None:
    data = (DATA / name).read_bytes()
    expected = WRITTEN_OTHERWISE.get(name, lambda d: d)(data)
    assert rewrite(data, fmt_of(name)) == expected


# -- ipuz: the top-level "puzzle" is the one written ------------------------------------


def test_ipuz_cells_go_into_the_top_level_puzzle_only() -> None:
    solved = json.loads(solved_text("styled.ipuz"))
    original = json.loads((DATA / "styled.ipuz").read_text())
    assert solved["extensions"] == original["extensions"]
    assert solved["com.example.after"] == {"puzzle": [0, 0, 0]}
    assert solved["title"] == original["title"] and solved["notes"] == '"puzzle": ['
    # a cell object keeps its other keys; its value is the one written
    assert solved["puzzle"][0][:3] == [
        {"given": 5, "style": {"shapebg": "circle"}}, 3, {"cell": 4, "style": {"color": "c0c0c0"}}
    ]


def test_ipuz_digits_are_written_as_its_givens_are() -> None:
    strings = json.loads(solved_text("strings-crlf.ipuz").removeprefix("\ufeff"))
    assert strings["puzzle"][0] == list("534678912")
    numbers = json.loads(solved_text("numbers-16x16.ipuz"))
    assert all(isinstance(v, int) for row in numbers["puzzle"] for v in row)
    assert "charset" not in numbers


# -- a grid typed with * or _ blanks inside a frame -----------------------------------------


@pytest.mark.parametrize("name", ["star-frame.txt", "underscore-frame.txt"])
def test_a_framed_grid_with_typed_blanks_is_text(name: str) -> None:
    assert fmt_of(name) == "text"
    (r,) = F.read(io.BytesIO((DATA / name).read_bytes()))
    assert r.item is not None and r.item.to_line().startswith("53..7....6..195")


# -- OpenSudoku in another encoding ---------------------------------------------------------


def test_opensudoku_is_read_in_the_encoding_it_declares() -> None:
    (r,) = F.read(io.BytesIO((DATA / "latin1.opensudoku").read_bytes()))
    assert dict(r.fields) == {"name": "Café", "note": "ü"}


@pytest.mark.parametrize(
    ("encoding", "message"),
    [
        ("UTF-16", "the XML declaration says UTF-16, but the file is not written in it: "
                   "correct the declaration, or save the file as UTF-8"),
        ("no-such-code", "XML in an encoding sudokit does not know: no-such-code"),
    ],
)
def test_opensudoku_declaring_an_encoding_it_is_not_in_is_one_clear_error(
    tmp_path: Path, encoding: str, message: str
) -> None:
    data = (DATA / "latin1.opensudoku").read_bytes().replace(b"ISO-8859-1", encoding.encode())
    path = tmp_path / "c.opensudoku"
    path.write_bytes(data.replace(b"\xe9", b"e").replace(b"\xfc", b"u"))
    done = sudoku("solve", str(path))
    assert (done.status, done.stdout) == (2, b"")
    assert done.stderr == f"sudoku: error: {path}, line 1: {message}\n"


def test_opensudoku_in_a_multibyte_encoding_is_read() -> None:
    data = (DATA / "latin1.opensudoku").read_text("latin-1").replace("ISO-8859-1", "Shift_JIS")
    data = data.replace("Café", "日本").replace("ü", "円")
    (r,) = F.read(io.BytesIO(data.encode("shift_jis")))
    assert dict(r.fields)["name"] == "日本" and r.item is not None


def test_opensudoku_bytes_its_encoding_cannot_read_name_their_line(tmp_path: Path) -> None:
    data = (DATA / "latin1.opensudoku").read_bytes().replace(b"ISO-8859-1", b"Shift_JIS")
    path = tmp_path / "c.opensudoku"
    path.write_bytes(data.replace(b"Caf\xe9", b"Caf\xff"))  # no Shift_JIS character
    done = sudoku("solve", str(path))
    assert (done.status, done.stdout) == (2, b"")
    assert done.stderr == (f"sudoku: error: {path}, line 3: bytes that are not Shift_JIS "
                           "text, as the XML declaration says the file is\n")


def test_ipuz_in_its_jsonp_form_is_read_with_its_fields() -> None:
    data = (DATA / "jsonp.ipuz").read_bytes()
    assert F.detect(data) == "ipuz"
    (r,) = F.read(io.BytesIO(data))
    assert dict(r.fields) == {"name": "Café (ipuz)", "copyright": "© 2026"}


def test_ipuz_bytes_that_are_not_utf8_are_one_error_naming_their_line(tmp_path: Path) -> None:
    path = tmp_path / "p.ipuz"
    text = (DATA / "styled.ipuz").read_text()
    path.write_bytes(text.replace("été", "\xe9t\xe9").encode("latin-1", "replace"))
    done = sudoku("solve", str(path))
    assert done.status == 2 and "Traceback" not in done.stderr
    assert done.stderr == (f"sudoku: error: {path}, line 4: bytes that are not UTF-8 text "
                           "(JSON is UTF-8)\n")


# -- .sdk: a puzzle cut short by a blank line -------------------------------------------------


def test_sdk_a_puzzle_cut_short_is_named_and_the_blank_line_after_it_kept(tmp_path: Path) -> None:
    rows = [PUZZLE[i : i + 9] for i in range(0, 81, 9)]
    path = tmp_path / "three.sdk"
    path.write_text("#AOne\n" + "\n".join(rows) + "\n#ATwo\n" + "\n".join(rows[:8])
                    + "\n\n#AThree\n" + "\n".join(rows) + "\n")
    done = sudoku("solve", str(path))
    assert done.status == 2
    assert done.stderr == (f"sudoku: error: {path}, line 12: expected 9 rows of 9 symbols, "
                           "got 8 rows\n")
    out = done.out.split("\n")
    assert out[10:14] == ["#ATwo", f"ERROR: {path}, line 12: expected 9 rows of 9 symbols, "
                          "got 8 rows", "", "#AThree"]
    assert len(out) == 24 and out[-1] == ""  # 23 lines, each ended


# -- a comment line that is not UTF-8: an error in its place, never changed bytes --------------

ROWS = [PUZZLE[i : i + 9] for i in range(0, 81, 9)]
#: One puzzle in each format whose comment lines are layout (kept as read).
WITH_COMMENTS = {
    "grid": "\n".join(" ".join(r.replace(".", "0")) for r in ROWS) + "\n",
    "csv": "\n".join(",".join(r) for r in ROWS) + "\n",
    "table": "\n".join("|" + "|".join(r) + "|" for r in ROWS) + "\n",
    "pretty": "\n".join(" ".join(r[:3]) + " | " + " ".join(r[3:6]) + " | " + " ".join(r[6:])
                        for r in ROWS) + "\n",
    "text": "\n".join(ROWS) + "\n",
    "sdk": "#AOne\n" + "\n".join(ROWS) + "\n",
    "hodoku": f":0000:x:{PUZZLE}:::\n",
}


@pytest.mark.parametrize("fmt", sorted(WITH_COMMENTS))
@pytest.mark.parametrize("where", ["before", "after"])
def test_a_comment_that_is_not_utf8_is_an_error_in_its_place(
    tmp_path: Path, fmt: str, where: str
) -> None:
    good = WITH_COMMENTS[fmt].encode()
    bad = b"# caf\xe9 (Latin-1)\n"
    path = tmp_path / f"p.{fmt}"
    path.write_bytes(bad + good if where == "before" else good + bad)
    line = 1 if where == "before" else good.count(b"\n") + 1
    error = f"{path}, line {line}: bytes that are not UTF-8 text in this line"
    done = sudoku("solve", "--from", fmt, str(path))
    assert (done.status, done.stderr) == (2, f"sudoku: error: {error}\n")
    solved = sudoku("solve", "--from", fmt, "-", stdin=good).stdout
    message = f"ERROR: {error}\n".encode()
    assert done.stdout == (message + solved if where == "before" else solved + message)


# -- JSON: the top-level "cells" is the one written; bytes that are not UTF-8 ---------------


def test_json_answers_go_into_the_top_level_cells_only() -> None:
    solved = [json.loads(line) for line in solved_text("nested-keys.jsonl").splitlines()]
    original = [json.loads(line) for line in (DATA / "nested-keys.jsonl").read_text().splitlines()]
    for before, after in zip(original, solved, strict=True):
        assert {k: v for k, v in after.items() if k != "cells"} == {
            k: v for k, v in before.items() if k != "cells"
        }
    assert solved[0]["cells"][0] == [5, 3, 4, 6, 7, 8, 9, 1, 2]
    assert solved[1]["cells"].startswith("278145693")


def test_json_a_value_with_bytes_that_are_not_utf8_is_an_error_in_its_place(
    tmp_path: Path,
) -> None:
    good = (DATA / "nested-keys.jsonl").read_bytes().split(b"\r\n")
    path = tmp_path / "p.jsonl"
    path.write_bytes(b"\r\n".join([good[0], good[1].replace("été".encode(), b"\xe9t\xe9"),
                                   b"# caf\xe9", good[2], b""]))
    done = sudoku("solve", str(path))
    assert done.status == 2
    assert done.stderr.splitlines() == [
        f"sudoku: error: {path}, line {n}: bytes that are not UTF-8 text (JSON is UTF-8)"
        for n in (2, 3)
    ]
    out = done.stdout.split(b"\r\n")
    solved = (SOLVED / "nested-keys.jsonl").read_bytes().split(b"\r\n")
    assert [out[0], out[3]] == [solved[0], solved[2]] and len(out) == 5
    assert out[1].startswith(b'{"error": "ERROR: ') and out[2].startswith(b'{"error": "ERROR: ')


def test_csv_with_semicolons_as_a_spreadsheet_writes_it_is_a_table() -> None:
    records = list(F.read(io.BytesIO((DATA / "semicolons.csv").read_bytes()), "csv"))
    assert [dict(r.fields) for r in records] == [
        {"id": "1", "difficulty": "1,5", "note": "café; crème"},
        {"id": "2", "difficulty": "2,25", "note": ""},
    ]


def test_opensudoku_games_the_app_saved_after_play_are_read() -> None:
    # data="version: 3&#10;value|notes|editable|..." (version 1 writes notes as "2,6,"):
    # the givens are the cells not editable; a player's entry is not part of the puzzle
    records = list(F.read(io.BytesIO((DATA / "saved-games.opensudoku").read_bytes())))
    assert [r.item.to_line() for r in records] == [PUZZLE, PUZZLE]
    solved = sudoku("solve", str(DATA / "saved-games.opensudoku")).out
    assert 'data="version: 3&#10;5|0|0|3|0|0|4|0|1|6|34|1|7|0|0|8|0|1|' in solved
    assert 'data="version: 1&#10;5|-|0|3|-|0|4|-|1|6|2,6,|1|7|-|0|8|-|1|' in solved


# -- a line ended by a lone CR among lines ended by LF -------------------------------------------


@pytest.mark.parametrize("middle", [PUZZLE + "\r" + PUZZLE, "# a note\r" + PUZZLE])
def test_a_carriage_return_inside_a_line_is_an_error_not_a_hidden_puzzle(
    tmp_path: Path, middle: str
) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes(f"{PUZZLE}\n{middle}\n{PUZZLE}\n".encode())
    done = sudoku("solve", str(path))
    error = (f"{path}, line 2: a carriage return inside this line (the file's lines end in "
             "more than one way): save it with one kind of line ending")
    assert (done.status, done.stderr) == (2, f"sudoku: error: {error}\n")
    answer = sudoku("solve", "-", stdin=PUZZLE.encode() + b"\n").out
    assert done.out == answer + f"ERROR: {error}\n" + answer


@pytest.mark.parametrize(
    ("block", "message"),
    [
        ([2, 4], '"block" 2x4 does not make boxes of a 9x9 grid'),
        ([10**60, 2], '"block" of that size does not make boxes of a 9x9 grid'),
    ],
)
def test_ipuz_a_block_that_does_not_fit_is_named(block: list[int], message: str) -> None:
    doc = json.loads((DATA / "styled.ipuz").read_text())
    (r,) = F.read(io.BytesIO(json.dumps({**doc, "block": block}).encode()), "ipuz", source="b")
    assert str(r.error) == f"b, line 1: {message}"


def test_csv_rows_of_puzzles_with_no_header_are_a_table() -> None:
    records = list(F.read(io.BytesIO((DATA / "no-header.csv").read_bytes())))
    assert [dict(r.fields) for r in records] == [
        {"column 2": "1.5", "column 3": "Café, first"},
        {"column 2": "2.25", "column 3": ""},
    ]


def test_opensudoku_a_doctype_that_declares_nothing_is_read() -> None:
    data = (DATA / "latin1.opensudoku").read_bytes().replace(
        b"?>\n", b"?>\n<!DOCTYPE opensudoku>\n", 1
    )
    (r,) = F.read(io.BytesIO(data), "opensudoku")
    assert r.error is None and r.item is not None and r.line == 5
    inner = data.replace(b"<!DOCTYPE opensudoku>", b"<!DOCTYPE opensudoku [<!ELEMENT a ANY>]>")
    with pytest.raises(SudokuError, match="document type declaration: refused"):
        list(F.read(io.BytesIO(inner), "opensudoku"))
