"""Documents written from each format's public description (OpenSudoku XML, HoDoKu library
lines, RFC 4180 CSV, ipuz): what is read is the board the document describes, and what is
written back is the same kind of document, one answer per puzzle, in order, never a changed
or lost puzzle."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

from sudokit import Grid, solve
from sudokit import formats as F
from sudokit.candidates import Candidates
from support.clirunner import sudoku
from support.roundtrip import rewrite

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC = Grid(PUZZLE)
_SOLVED = solve(CLASSIC)
assert _SOLVED is not None
SOLUTION: Grid = _SOLVED
ZEROS = PUZZLE.replace(".", "0")
ANSWER = SOLUTION.to_line()


def records(data: bytes | str, fmt: str | None = None, source: str = "f", **kw: object) -> list:
    raw = data.encode() if isinstance(data, str) else data
    return list(F.read(io.BytesIO(raw), fmt, source=source, **kw))  # type: ignore[arg-type]


def solved_document(data: str, fmt: str) -> str:
    """``data`` solved as ``sudoku solve`` writes it: each answer, or a message in place."""
    out = io.BytesIO()
    with F.Writer(fmt, out) as writer:
        for r in F.read(io.BytesIO(data.encode()), fmt, source="in"):
            answer = solve(r.item) if r.item is not None else None
            if answer is None:
                writer.write_message(f"ERROR: {r.error or 'Puzzle not solveable'}", r.style)
            else:
                writer.write(answer, r.style)
    return out.getvalue().decode()


# -- OpenSudoku: the output is XML, one game or one comment per game ------------------------


def games_and_comments(xml: str) -> list[str]:
    """The document's games (their data) and comments, in order; it must be well-formed."""
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    root = ET.fromstring(xml, parser=parser)
    return [
        "comment: " + (e.text or "").strip() if e.tag is ET.Comment else e.get("data", "")
        for e in root.iter()
        if e.tag in ("game", ET.Comment)
    ]


COLLECTION = f"""\
<?xml version="1.0" encoding="UTF-8"?>
<opensudoku version="2">
  <folder name="Mixed">
    <game data="{ZEROS}" state="0" />
    <game data="55{'0' * 79}" />
    <game state="1" />
    <game data="{ZEROS}" note="kept"></game>
  </folder>
</opensudoku>
"""


def test_opensudoku_messages_are_comments_in_place_of_their_games() -> None:
    out = solved_document(COLLECTION, "opensudoku")
    found = games_and_comments(out)
    assert found[0] == ANSWER and found[3] == ANSWER
    assert found[1] == "comment: ERROR: Puzzle not solveable"
    assert found[2] == "comment: ERROR: in, line 6: a game without a data attribute"
    assert len(found) == 4
    assert 'note="kept"></game>' in out and 'state="0" />' in out


def test_opensudoku_cli_solve_writes_a_well_formed_collection(tmp_path: Path) -> None:
    path = tmp_path / "mixed.opensudoku"
    path.write_text(COLLECTION)
    done = sudoku("solve", str(path))
    assert done.status == 2
    assert [g for g in games_and_comments(done.out) if not g.startswith("comment")] == [
        ANSWER, ANSWER
    ]
    assert f"{path}, line 6: a game without a data attribute" in done.stderr
    assert "Traceback" not in done.stderr


def test_opensudoku_data_written_with_character_references() -> None:
    refs = "".join(f"&#{ord(c)};" for c in ZEROS[:3]) + ZEROS[3:]
    data = f'<opensudoku version="2"><folder name="F"><game data="{refs}"/></folder></opensudoku>\n'
    (r,) = records(data, "opensudoku")
    assert r.item == CLASSIC
    assert rewrite(data.encode()) == data.encode()
    assert games_and_comments(solved_document(data, "opensudoku")) == [ANSWER]


def test_opensudoku_text_that_is_not_xml_ends_with_a_comment_and_closed_elements() -> None:
    game = f'<game data="{ZEROS}" />'
    for broken in (
        f'<opensudoku version="2">\n  <folder name="F">\n    {game}\n    <game data="5300',
        f'<opensudoku version="2">\n  <folder>\n    {game}\n    <game data="{ZEROS}" <x>\n',
        f'<opensudoku version="2">\n  <folder>\n    {game}\n    </fold>\n</opensudoku>\n',
        f'<opensudoku version="2">\n  {game}\n</opensudoku>\n<junk/>\n',
        f'<opensudoku>\n  {game}\n  <game data="{ZEROS}">{game}</game>\n</opensudoku>\n',
    ):
        out = solved_document(broken, "opensudoku")
        assert games_and_comments(out)[0] == ANSWER  # and the document is well-formed
        assert out.count("<!--") == 1 and "<!-- ERROR: in, line " in out, out


def test_opensudoku_a_data_look_alike_in_another_attribute_is_not_the_data() -> None:
    data = f"<opensudoku><game note=' data=\"12' data=\"{ZEROS}\"/></opensudoku>\n"
    (r,) = records(data, "opensudoku")
    assert r.item == CLASSIC
    out = solved_document(data, "opensudoku")
    assert out == data.replace(ZEROS, ANSWER)


# -- HoDoKu library lines: the board is the grid less the deleted candidates ------------------

#: A library line as HoDoKu's description of its libraries has it:
#: ``:<technique>:<candidates>:<givens>:<deleted candidates>:<eliminations>:<placements>:``
#: (a ``+`` before a placed digit; deleted candidates as ``<digit><row><col>``).
LIBRARY = (
    ":0361:4:..5.132673268..14917...2835..8..1.262.1.96758.6..283...12....83693184572..723.6..:"
    "434 441 442 461 961 464 974:411:r7c39 r6c1b9 fr3c3\n"
)


def test_hodoku_deleted_candidates_are_off_the_board() -> None:
    (r,) = records(LIBRARY, "hodoku")
    board = r.item
    assert isinstance(board, Candidates)
    grid = board.to_grid()
    pencil = Candidates.pencilmarks(grid)
    # 4 at r3c4, r4c1, r4c2, r6c1, r6c4; 9 at r6c1, r7c4
    for digit, cell in ((4, 21), (4, 27), (4, 28), (4, 45), (9, 45), (4, 48), (9, 57)):
        assert digit in pencil.candidates(cell) and digit not in board.candidates(cell)
    changed = [c for c in range(81) if board.masks[c] != pencil.masks[c]]
    assert changed == [21, 27, 28, 45, 48, 57]
    assert rewrite(LIBRARY.encode()) == LIBRARY.encode()


def test_hodoku_placed_digits_are_set_cells_and_keep_their_mark() -> None:
    line = ":0000:x:" + PUZZLE[:2] + "+4" + PUZZLE[3:] + ":614::\n"
    (r,) = records(line, "hodoku")
    assert r.item.candidates(2) == {4}  # placed: r1c3 holds 4, its peers lose 4
    assert r.item.candidates(3) == {2}  # r1c4: {2, 6} less the deleted 6
    assert rewrite(line.encode()) == line.encode()


def test_hodoku_a_board_written_says_its_deleted_candidates() -> None:
    (r,) = records(LIBRARY, "hodoku")
    board = r.item.rule_out(0, 8)  # r1c1 loses 8 as well
    text = F.dumps(board, "hodoku")
    assert text.startswith(":0000:x:") and ":811 434 " in text
    assert F.loads(text) == [board]
    out = io.BytesIO()
    with F.Writer("hodoku", out) as writer:
        writer.write(board, r.style)
    line = out.getvalue().decode()
    assert line.split(":")[4] == "811 434 441 442 461 961 464 974" and F.loads(line) == [board]
    assert line.split(":")[5:] == ["411", "r7c39 r6c1b9 fr3c3\n"]


def test_hodoku_a_bad_deleted_candidate_is_one_clear_error(tmp_path: Path) -> None:
    line = ":0000:x:" + PUZZLE + ":314 3x4::\n"
    (r,) = records(line, "hodoku", source="lib.hdk")
    assert r.item is None
    assert str(r.error).startswith("lib.hdk, line 1: deleted candidate '3x4' is not")
    path = tmp_path / "lib.hdk"
    path.write_text(LIBRARY + line)
    done = sudoku("hint", str(path))
    assert done.status == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"sudoku: error: {path}, line 2: deleted candidate '3x4'")


def test_hodoku_hint_is_on_the_board_of_the_line() -> None:
    (r,) = records(LIBRARY, "hodoku")
    as_candidates = F.dumps(r.item, "candidates")
    assert isinstance(as_candidates, str)
    on_line = sudoku("hint", stdin=LIBRARY.encode())
    on_board = sudoku("hint", "--from", "candidates", stdin=as_candidates.encode())
    on_grid = sudoku("hint", stdin=r.item.to_grid().to_line().encode() + b"\n")
    assert on_line.status == 0 and on_line.out == on_board.out
    assert on_line.out != on_grid.out


# -- CSV by RFC 4180: a quoted field may hold commas, quotes and line breaks ----------------

#: RFC 4180's own layout: CRLF line endings, a header, fields in double quotes where they
#: hold a comma, a line break or a quote (written twice).
RFC_CSV = (
    '"id","quizzes","note"\r\n'
    f'1,{ZEROS},"two\r\nlines"\r\n'
    f'2,"{ZEROS}","a, b"\r\n'
    f'3,{ZEROS},"say ""hi"""\r\n'
)


def test_csv_quoted_fields_keep_each_record_one_puzzle() -> None:
    rs = records(RFC_CSV, source="q.csv")
    assert [r.item for r in rs] == [CLASSIC] * 3
    assert [r.line for r in rs] == [2, 4, 5]
    assert [r.fields["note"] for r in rs] == ["two\r\nlines", "a, b", 'say "hi"']
    assert rewrite(RFC_CSV.encode()) == RFC_CSV.encode()


def test_csv_solved_is_the_same_table_with_the_answers() -> None:
    import csv

    out = solved_document(RFC_CSV, "csv")
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert rows == [
        ["id", "quizzes", "note"],
        ["1", ANSWER, "two\r\nlines"],
        ["2", ANSWER, "a, b"],
        ["3", ANSWER, 'say "hi"'],
    ]


def test_csv_errors_name_the_first_line_of_their_record() -> None:
    data = RFC_CSV + f'4,{ZEROS[:-1]},"x\r\ny"\r\n5,{ZEROS},"open\r\n6,{ZEROS},z\r\n'
    rs = records(data, source="q.csv")
    assert [r.line for r in rs] == [2, 4, 5, 6, 8]
    assert [r.item for r in rs[:3]] == [CLASSIC] * 3
    assert str(rs[3].error) == "q.csv, line 6: expected 81 cells, got 80"
    assert str(rs[4].error).startswith("q.csv, line 8: a quoted field opened on this line is")


def test_csv_cli_solve_keeps_one_row_per_record(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_bytes(RFC_CSV.encode())
    done = sudoku("solve", str(path))
    assert done.status == 0 and done.stderr == ""
    assert done.out == RFC_CSV.replace(ZEROS, ANSWER)
    path.write_bytes(RFC_CSV.encode() + b'4,"' + ZEROS.encode() + b",x\r\n")
    done = sudoku("solve", str(path))
    assert done.status == 2
    assert done.stderr.count("\n") == 1 and f"{path}, line 6: a quoted field" in done.stderr


def test_csv_a_record_longer_than_any_row_is_one_error_and_reading_goes_on(
    monkeypatch: object,
) -> None:
    import sudokit.formats.csv as csv_format

    monkeypatch.setattr(csv_format, "MAX_LINE", 400)  # type: ignore[attr-defined]
    long_note = '"' + "x\r\n" * 200 + '"'
    data = f"id,quizzes,note\r\n1,{ZEROS},{long_note}\r\n2,{ZEROS},y\r\n"
    rs = records(data, source="q.csv")
    assert [r.line for r in rs] == [2, 203]
    assert "a record of more than 400 bytes" in str(rs[0].error) and rs[1].item == CLASSIC


# -- ipuz: brackets in strings are text; cells that are no digit are one clear error ---------


def ipuz(puzzle: list[list[object]] | None = None, **more: object) -> str:
    """An ipuz document as its specification describes one (indented, as editors save)."""
    import json

    rows = puzzle if puzzle is not None else [list(r) for r in CLASSIC.rows()]
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"], **more,
           "puzzle": rows}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def test_ipuz_brackets_in_a_title_are_text() -> None:
    import json

    for title in ("[" * 100, "]" * 100 + "{" * 70):
        data = ipuz(title=title)
        (r,) = records(data, "ipuz")
        assert r.item == CLASSIC and r.fields["name"] == title
        assert rewrite(data.encode()) == data.encode()
        assert json.loads(solved_document(data, "ipuz"))["puzzle"] == [
            list(row) for row in SOLUTION.rows()
        ]


def test_ipuz_nesting_hidden_behind_brackets_in_a_string_is_found() -> None:
    data = ipuz(title="]" * 100, extra=0).replace('"extra": 0', '"extra": ' + "[" * 80 + "]" * 80)
    (r,) = records(data, "ipuz", source="deep.ipuz")
    assert str(r.error) == "deep.ipuz, line 7: JSON nested more than 64 deep: not a puzzle"


def test_ipuz_cells_that_are_no_digit_are_one_clear_error() -> None:
    rows = [list(r) for r in CLASSIC.rows()]
    for bad, shown in (("1" * 5000, '"111111111111111... (5002 characters)'), ("²", '"\\u00b2"'),
                       ("0" * 5000 + "1", None)):
        rows[0][2] = bad
        (r,) = records(ipuz(rows), "ipuz", source="d.ipuz")
        if shown is None:  # a number written with leading zeros is that number
            assert r.item == CLASSIC.with_digit(2, 1)
            continue
        assert str(r.error) == f"d.ipuz, line 1: {shown} at r1c3 is not a digit of a 9x9 sudoku"
    long_number = ipuz(rows, extra=0).replace('"extra": 0', '"extra": ' + "7" * 5000)
    (r,) = records(long_number, "ipuz", source="d.ipuz")
    assert str(r.error) == "d.ipuz, line 6: a number of more than 4300 digits: not a puzzle"


def test_numbers_of_thousands_of_digits_in_other_formats_are_one_clear_error() -> None:
    grid = "\n".join(",".join(map(str, row)) for row in CLASSIC.rows()) + "\n"
    (r,) = records("1" * 5000 + grid[1:], "csv", source="g.csv")
    assert str(r.error) == (
        "g.csv, line 1: 11111111... (5000 characters) at r1c1 is out of range for a 9x9 "
        "sudoku (0 to 9)"
    )
    line = '{"size": 9, "cells": [[' + "1" * 5000 + "," + "0," * 79 + "0]]}\n"
    (r,) = records(line, "json", source="g.json")
    assert str(r.error) == "g.json, line 1: a number of more than 4300 digits: not a puzzle"


def test_ipuz_cli_errors_are_one_line_with_file_and_line(tmp_path: Path) -> None:
    rows = [list(r) for r in CLASSIC.rows()]
    rows[0][2] = "1" * 5000
    path = tmp_path / "d.ipuz"
    path.write_text(ipuz(rows))
    done = sudoku("solve", str(path))
    assert done.status == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"sudoku: error: {path}, line 1: ")


def test_hodoku_a_solution_keeps_the_line_as_it_was_around_the_grid() -> None:
    (r,) = records(LIBRARY, "hodoku")
    answer = solve(r.item)
    assert answer is not None
    out = io.BytesIO()
    with F.Writer("hodoku", out) as writer:
        writer.write(Candidates.from_grid(answer), r.style)
        writer.write(answer, r.style)
    first, second = out.getvalue().decode().splitlines(keepends=True)
    assert first == second == LIBRARY.replace(LIBRARY.split(":")[3], answer.to_line())
    done = sudoku("solve", "--from", "hodoku", stdin=LIBRARY.encode())
    assert done.status == 0 and done.out == first
