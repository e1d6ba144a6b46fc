"""Files people already have, written from each format's public description: each is
detected, read with what it carries (``Record.fields``), written back byte for byte, and a
malformed record is one clear error in its place."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sudokit import Grid, ParseError, solve
from sudokit import formats as F
from support.roundtrip import rewrite

DATA = Path(__file__).resolve().parents[1] / "data" / "formats"
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


# -- .opensudoku (XML of the OpenSudoku app) ------------------------------------------------

SECOND = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"


@pytest.mark.parametrize("name", ["collection.opensudoku", "version1.opensudoku"])
def test_opensudoku_games_and_their_fields(name: str) -> None:
    data = (DATA / name).read_bytes()
    assert F.detect(data) == "opensudoku" and F.detect(data, name) == "opensudoku"
    rs = records(data)
    assert [r.item for r in rs] == [CLASSIC, Grid(SECOND)]
    assert rewrite(data) == data
    if name.startswith("version1"):
        assert rs[0].fields["author"] == "sudokit" and rs[0].fields["difficulty"] == "easy"
    else:
        assert rs[1].fields["name"] == "Easy" and rs[1].fields["note"] == "from SudoCue"


def test_opensudoku_solutions_go_in_place_of_the_data() -> None:
    data = (DATA / "collection.opensudoku").read_bytes()
    solved = rewrite(data, solve_them=True).decode()
    assert solved.count(SOLUTION.to_line("0")) == 1 and solved.endswith("</opensudoku>\n")
    assert F.loads(solved)[0] == SOLUTION


def test_opensudoku_written_from_other_formats_is_a_collection() -> None:
    text = F.dumps([CLASSIC, SOLUTION], "opensudoku")
    assert isinstance(text, str) and text.startswith('<?xml version="1.0"')
    assert F.loads(text) == [CLASSIC, SOLUTION]


def test_opensudoku_refuses_entities() -> None:
    laughs = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
        '<opensudoku><game data="&lol2;"/></opensudoku>\n'
    )
    with pytest.raises(ParseError, match="document type declaration: refused") as info:
        records(laughs, source="lol.opensudoku")
    assert str(info.value).startswith("lol.opensudoku, line 2:")


def test_opensudoku_cut_short_answers_the_games_before_the_cut() -> None:
    data = (DATA / "collection.opensudoku").read_text()
    cut = data[: data.index("<game", data.index("<game") + 1) + 20]
    rs = records(cut, "opensudoku", source="cut.opensudoku")
    assert rs[0].item == CLASSIC and rs[-1].item is None
    assert "not well-formed XML" in str(rs[-1].error)


def test_opensudoku_bad_data_is_that_game_only() -> None:
    data = (DATA / "collection.opensudoku").read_text().replace("5300700", "530070", 1)
    rs = records(data, source="x.opensudoku")
    assert rs[0].item is None and rs[1].item == Grid(SECOND)
    assert str(rs[0].error) == "x.opensudoku, line 4: a game's data holds 80 cells, expected 81"


# -- ipuz (ipuz.org), its sudoku kind ---------------------------------------------------------


def test_ipuz_puzzle_with_its_fields_and_solution() -> None:
    data = (DATA / "puzzle.ipuz").read_bytes()
    assert F.detect(data) == "ipuz" and F.detect(data, "p.ipuz") == "ipuz"
    (r,) = records(data)
    assert r.item == CLASSIC
    assert dict(r.fields) == {"name": "The classic", "author": "sudokit",
                              "solution": SOLUTION.to_line()}
    assert rewrite(data) == data
    solved = json.loads(rewrite(data, solve_them=True))
    assert solved["puzzle"] == [list(row) for row in SOLUTION.rows()]


@pytest.mark.parametrize("size", [4, 9, 16, 36])
def test_ipuz_written_reads_back(size: int) -> None:
    grid = Grid.empty(size).with_digit(0, size)
    text = F.dumps(grid, "ipuz")
    assert isinstance(text, str) and F.detect(text.encode()) == "ipuz"
    assert F.loads(text) == [grid]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(puzzle="53..7"), '"puzzle" must be a list of rows'),
        (lambda d: d["puzzle"][2].pop(), 'row 3 of "puzzle" has 8 cells, expected 9'),
        (lambda d: d["puzzle"][0].__setitem__(0, True), "true at r1c1 is not a digit"),
        (lambda d: d["puzzle"][0].__setitem__(0, 12), "12 at r1c1 is not a digit"),
        (lambda d: d.update(kind=["http://ipuz.org/crossword#1"]), "not an ipuz sudoku"),
    ],
)
def test_ipuz_with_wrong_types_is_one_clear_error(change: object, message: str) -> None:
    doc = json.loads((DATA / "puzzle.ipuz").read_bytes())
    change(doc)  # type: ignore[operator]
    (r,) = records(json.dumps(doc), "ipuz", source="p.ipuz")
    assert r.item is None and message in str(r.error)
    assert str(r.error).startswith("p.ipuz")


def test_ipuz_holds_one_puzzle() -> None:
    with pytest.raises(ValueError, match="exactly one puzzle"):
        F.dumps([CLASSIC, CLASSIC], "ipuz")


# -- HoDoKu: library lines and pencilmark grids ----------------------------------------------


def test_hodoku_library_lines_keep_their_step() -> None:
    data = (DATA / "library.hdk").read_bytes()
    assert F.detect(data) == "hodoku"
    rs = records(data)
    assert [r.error for r in rs] == [None] * 3
    assert rs[1].fields["technique"] == "0361" and rs[1].fields["eliminations"] == "411"
    assert rs[1].fields["deleted"].startswith("434 441")
    # '+' marks a placed digit: it is part of the board read
    assert rs[2].item is not None and rs[2].item.candidates(10) == {4}
    assert rewrite(data) == data


def test_hodoku_solution_keeps_the_placed_marks() -> None:
    line = ":0000:x:" + PUZZLE[:2] + "+4" + PUZZLE[3:] + ":::\n"
    (r,) = records(line)
    assert r.item == CLASSIC.with_digit(2, 4)
    solved = rewrite(line.encode(), solve_them=True).decode()
    assert solved == ":0000:x:" + SOLUTION.to_line()[:2] + "+" + SOLUTION.to_line()[2:] + ":::\n"


def test_hodoku_written_from_other_formats() -> None:
    assert F.dumps(CLASSIC, "hodoku") == ":0000:x:" + PUZZLE + ":::\n"
    assert F.loads(F.dumps([CLASSIC, SOLUTION], "hodoku")) == [CLASSIC, SOLUTION]


def test_hodoku_bad_line_is_that_line_only() -> None:
    data = ":0000:x:" + PUZZLE[:-1] + ":::\n:0000:x:" + PUZZLE + ":::\n"
    rs = records(data, source="lib.hdk")
    assert rs[0].item is None and rs[1].item == CLASSIC
    assert str(rs[0].error) == "lib.hdk, line 1: 80 cells do not make a puzzle (N*N, e.g. 81)"


PENCILMARKS = """\
*-----------------------------------------------------------------------------*
| 5       3       124     | 26      7       2468    | 1489    1249    248     |
| 6       247     247     | 1       9       5       | 3478    234     2478    |
| 12      9       8       | 23      34      234     | 13457   6       2457    |
|-------------------------+-------------------------+-------------------------|
| 8       1257    1259    | 579     6       147     | 4579    2459    3       |
| 4       25      2569    | 8       5       3       | 579     259     1       |
| 7       15      1359    | 59      2       14      | 4589    459     6       |
|-------------------------+-------------------------+-------------------------|
| 139     6       13479   | 3579    35      7       | 2       8       47      |
| 23      278     237     | 4       1       9       | 367     23      5       |
| 123     1245    12345   | 2356    8       26      | 1346    7       9       |
*-----------------------------------------------------------------------------*
"""


def test_simple_sudoku_pencilmark_grid_is_a_board() -> None:
    data = PENCILMARKS.encode()
    assert F.detect(data) == "pretty"
    (r,) = records(data)
    board = r.item
    assert board is not None and board.candidates(2) == {1, 2, 4}
    assert board.candidates(0) == {5}
    assert rewrite(data) == data


def test_the_examples_of_docs_formats_md_run() -> None:
    import doctest

    page = Path(__file__).resolve().parents[2] / "docs" / "formats.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 3 and result.failed == 0
