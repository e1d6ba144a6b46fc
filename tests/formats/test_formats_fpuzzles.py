"""f-puzzles and SudokuPad: links, compressed strings and JSON documents read into a grid
with its rules, every rules value written back and read again the same, the files in
``tests/data/variants`` (written from each format's public description) solved by a plain
backtracking reference under the rules read, and every constraint sudokit does not hold
refused by name, never solved as a classic puzzle."""

from __future__ import annotations

import io
import json
from pathlib import Path
from urllib.parse import quote

import pytest

from sudokit import formats as F
from sudokit.errors import ParseError, RulesError, SudokuError, UnsupportedRulesError
from sudokit.formats import _lzstring as lz
from sudokit.grid import Grid
from sudokit.rules import Rules
from support.clirunner import sudoku

VARIANTS = Path(__file__).resolve().parents[1] / "data" / "variants"

#: An X-sudoku as f-puzzles shares it (a public link).
X_LINK = (
    "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAX"
    "DBkmSGDBlWgwQBmVuy69+MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+"
    "CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHU"
    "Ut8xWMKBNRC52jJWz52yJ9y+sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA==="
)
X_GIVENS = "..7....358.....9...2.67.........356.....1...3..2.8..4....19..5.....5..7.........4"
JIGSAW = "AAAACCCCFABBBBBBCFAAAABBBCFEEEEEECCFDDDDDECFFDDDIIEEIFGGDIIIIIFGHHHHHHIFGGGGGGHHH"

#: One rules value of each preset and some of their combinations.
RULES = [
    Rules(9),
    Rules(9, diagonals=True),
    Rules(9, windows=True),
    Rules(9, anti_king=True),
    Rules(9, anti_knight=True),
    Rules(9, non_consecutive=True),
    Rules(9, disjoint=True),
    Rules(9, centre_dot=True),
    Rules(9, regions=JIGSAW),
    Rules(9, odd=[0, 10, 80], even=[4, 12]),
    Rules(9, diagonals=True, anti_knight=True),
    Rules(9, windows=True, centre_dot=True),
    Rules(9, disjoint=True, centre_dot=True),
    Rules(9, regions=JIGSAW, diagonals=True, anti_king=True, odd=[3], even=[5]),
    Rules(6, diagonals=True),
    Rules(4, regions="AAABCABBCCDBCDDD"),
]


def _doc(**extra: object) -> dict[str, object]:
    grid = [[{} for _ in range(9)] for _ in range(9)]
    grid[0][0] = {"value": 5, "given": True}
    return {"size": 9, "grid": grid, **extra}


def _one_line(doc: dict[str, object]) -> str:
    return json.dumps(doc, separators=(",", ":"))


def reference_solutions(grid: Grid, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions by plain backtracking: every house of the rules holds each
    digit once, no differ pair holds one digit, no non-consecutive pair holds neighbours,
    and each cell a digit its parity allows."""
    rules = grid.rules
    n = rules.size
    same: list[set[int]] = [set() for _ in range(n * n)]  # may not hold the same digit
    for house in rules.houses:
        for cell in house:
            same[cell].update(house)
    apart: list[set[int]] = [set() for _ in range(n * n)]  # may not hold neighbours
    for a, b in rules.differ:
        same[a].add(b)
        same[b].add(a)
    for a, b in rules.non_consecutive_pairs:
        apart[a].add(b)
        apart[b].add(a)
    for i in range(n * n):
        same[i].discard(i)
    cells = list(grid.cells)
    out: list[tuple[int, ...]] = []

    def options(i: int) -> list[int]:
        taken = {cells[j] for j in same[i]}
        near = {cells[j] + k for j in apart[i] if cells[j] for k in (-1, 1)}
        return [d for d in range(1, n + 1)
                if d not in taken and d not in near and rules.cell_masks[i] >> (d - 1) & 1]

    def search() -> bool:
        best, here = -1, list(range(n + 1))
        for i, v in enumerate(cells):
            if not v:
                found = options(i)
                if len(found) < len(here):
                    best, here = i, found
        if best < 0:
            out.append(tuple(cells))
            return len(out) >= limit
        for d in here:
            cells[best] = d
            if search():
                return True
        cells[best] = 0
        return False

    for i, v in enumerate(cells):
        cells[i] = 0
        if v and v not in options(i):
            return []
        cells[i] = v
    search()
    return out


def _grid(rules: Rules) -> Grid:
    """Some givens under ``rules`` (a format keeps digits whether or not they clash)."""
    n = rules.size
    cells = tuple((i * 7) % n + 1 if i % 5 == 0 else 0 for i in range(n * n))
    return Grid.unchecked(cells, rules.shape, rules)


# -- links and JSON read --------------------------------------------------------------


def test_a_public_link_reads_as_x_sudoku_and_is_written_back_the_same() -> None:
    (grid,) = F.loads(X_LINK + "\n")
    assert grid.rules == Rules(9, diagonals=True)
    assert grid.to_line() == X_GIVENS
    assert F.dumps(grid, "fpuzzles", form="link") == X_LINK + "\n"
    # the compressed string alone, and SudokuPad's links of the f-puzzles kind
    data = X_LINK.split("load=")[1]
    for text in (data, "https://sudokupad.app/fpuzzles" + data,
                 "https://sudokupad.app/?puzzleid=fpuzzles" + data,
                 "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + data,
                 "https://www.f-puzzles.com/?load=" + quote(data, safe="")):
        (again,) = F.loads(text, "fpuzzles")
        assert again == grid


@pytest.mark.parametrize("rules", RULES, ids=repr)
@pytest.mark.parametrize(("fmt", "form"), [("fpuzzles", "json"), ("fpuzzles", "link"),
                                           ("fpuzzles", "compressed"), ("sudokupad", "link")])
def test_every_rules_value_survives_write_then_read(rules: Rules, fmt: str, form: str) -> None:
    grid = _grid(rules)
    text = F.dumps([grid, grid.with_rules(rules)], fmt, form=form)
    back = F.loads(text, fmt)
    assert back == [grid, grid]
    assert [g.rules for g in back] == [rules, rules]
    # and detection knows the format from the text alone
    assert F.detect(text.encode()) == fmt


def test_a_json_document_over_many_lines_is_one_puzzle_with_its_fields() -> None:
    doc = _doc(title="Five", author="Someone", antiknight=True)
    doc["solution"] = [1] * 81
    text = json.dumps(doc, indent=2)
    (record,) = list(F.read(io.BytesIO(text.encode()), source="p.json5"))
    assert F.detect(text.encode()) == "fpuzzles"
    assert record.item.rules == Rules(9, anti_knight=True)
    assert dict(record.fields) == {"name": "Five", "author": "Someone",
                                   "solution": "1" * 81}


def test_fpuzzles_json_as_written_by_the_site() -> None:
    doc = _doc(**{"diagonal+": True, "diagonal-": True, "odd": [{"cell": "R1C2"}],
                  "even": [{"cell": "R9C9"}], "nonconsecutive": False, "negative": [],
                  "ruleset": "Normal X rules.", "disabledlogic": ["Tuples"]})
    doc["grid"][2][3] = {"value": 4}  # a solver's entry: not a clue
    doc["grid"][4][4] = {"centerPencilMarks": [1, 2], "c": "#A8A8A8"}
    (grid,) = F.loads(_one_line(doc), "fpuzzles")
    assert grid.givens == 1
    assert grid.rules == Rules(9, diagonals=True, odd=[1], even=[80])


def test_regions_by_cell_make_a_jigsaw() -> None:
    doc = _doc()
    for i, k in enumerate(JIGSAW):
        doc["grid"][i // 9][i % 9]["region"] = "ABCDEFGHI".index(k)
    (grid,) = F.loads(_one_line(doc), "fpuzzles")
    assert grid.rules == Rules(9, regions=JIGSAW)
    assert grid.rules.names == ("jigsaw",)


@pytest.mark.parametrize(("extra", "rules"), [
    ("windows", Rules(9, windows=True)),
    ("centre_dot", Rules(9, centre_dot=True)),
    ("disjoint", Rules(9, disjoint=True)),
])
def test_extra_regions_of_a_known_pattern_are_its_rule(extra: str, rules: Rules) -> None:
    houses = [h for _, h in Rules(9).replace(**{extra: True}).extra_houses()]
    doc = _doc(extraregion=[{"cells": [f"R{i // 9 + 1}C{i % 9 + 1}" for i in h]}
                            for h in houses])
    (grid,) = F.loads(_one_line(doc), "fpuzzles")
    assert grid.rules == rules


def test_a_negative_white_dot_rule_without_dots_is_non_consecutive() -> None:
    (grid,) = F.loads(_one_line(_doc(negative=["difference"])), "fpuzzles")
    assert grid.rules == Rules(9, non_consecutive=True)


# -- refused by name ----------------------------------------------------------------

REFUSED = [
    ("difference", [{"cells": ["R1C1", "R1C2"], "value": "3"}], "white dots of a difference 3"),
    ("ratio", [{"cells": ["R1C1", "R1C2"], "value": "3"}], "black dots of a ratio 3"),
    ("quadruple", [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1]}], "quadruples"),
    ("clone", [{"cells": ["R1C1"], "cloneCells": ["R9C9"]}], "clones"),
    ("line", [{"lines": [["R1C1", "R1C2"]], "outlineC": "#000000", "width": 0.1}], "lines"),
    ("line", [{"lines": [["R1C1", "R1C2"]], "fromConstraint": "Nabner"}], "lines"),
    ("cage", [{"cells": ["R1C1"], "value": "x"}], "'cage' (cages)"),
    ("xsum", [{"cell": "R0C1", "value": "6"}], "'xsum' (X-sums)"),
    ("somethingnew", [{"cells": ["R1C1"]}], "'somethingnew' is not supported yet"),
    ("diagonal+", True, "'diagonal+' (one diagonal alone)"),
    ("negative", ["ratio"], "'negative ratio'"),
    ("extraregion", [{"cells": ["R1C1", "R2C2", "R3C4"]}], "extra regions other than"),
]


@pytest.mark.parametrize(("key", "value", "words"), REFUSED,
                         ids=[f"{r[0]}-{k}" for k, r in enumerate(REFUSED)])
def test_a_constraint_not_held_is_refused_by_name(key: str, value: object, words: str) -> None:
    text = _one_line(_doc(**{key: value}))
    with pytest.raises(ParseError, match="f-puzzles constraint .* is not supported yet") as e:
        F.loads(text, "fpuzzles")
    assert words in str(e.value)
    # as a link too, and at the command line: one line naming the file and line, status 2
    link = "https://www.f-puzzles.com/?load=" + lz.compress_to_base64(text)
    done = sudoku("solve", "-", stdin=f"# a comment\n{link}\n".encode())
    err = done.stderr
    assert done.status == 2
    assert done.out.startswith("ERROR: <stdin>, line 2: f-puzzles constraint")  # in its place
    assert err.count("\n") == 1 and "<stdin>, line 2: f-puzzles constraint" in err
    assert words in err


def test_cell_limits_and_bad_cells_are_refused() -> None:
    doc = _doc()
    doc["grid"][1][1] = {"givenPencilMarks": [1, 2]}
    with pytest.raises(ParseError, match="'givenPencilMarks'"):
        F.loads(_one_line(doc), "fpuzzles")
    with pytest.raises(ParseError, match='"odd": R10C1 is not a cell of a 9x9 grid'):
        F.loads(_one_line(_doc(odd=[{"cell": "R10C1"}])), "fpuzzles")
    doc = _doc()
    doc["grid"][0][1] = {"value": 12, "given": True}
    with pytest.raises(ParseError, match="12 at r1c2 is not a digit"):
        F.loads(_one_line(doc), "fpuzzles")
    doc = _doc()
    doc["grid"][0][0]["region"] = 1
    with pytest.raises(RulesError, match="regions: region"):
        F.loads(_one_line(doc), "fpuzzles")


@pytest.mark.parametrize(("text", "message"), [
    ("https://www.f-puzzles.com/?load=N4Ig!!!", "not lz-string base64 text: character 5"),
    ("https://www.f-puzzles.com/?load=", "an empty f-puzzles puzzle string"),
    ("https://sudokupad.app/abc123xyz", "a short SudokuPad link"),
    ("https://sudokupad.app/ctcN4Ig", "ctc kind is not supported yet"),
    ("https://www.f-puzzles.com/about", "not a puzzle link of f-puzzles"),
    ("N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3A", "stops before its end"),
])
def test_a_bad_link_is_one_clear_line_and_reading_goes_on(text: str, message: str) -> None:
    good = X_LINK
    records = list(F.read(io.BytesIO(f"{good}\n{text}\n{good}\n".encode()),
                          "fpuzzles", source="links.txt"))
    assert [r.error is None for r in records] == [True, False, True]
    assert str(records[1].error).startswith("links.txt, line 2: ")
    assert message in str(records[1].error)


# -- SudokuPad's scl format -----------------------------------------------------------


def _scl_link(zipped: str) -> str:
    return "https://sudokupad.app/scl" + lz.compress_to_base64(zipped)


def test_scl_as_sudokupad_writes_it() -> None:
    # a 4x4 puzzle as SudokuPad shortens it: short keys without quotes, ' for ",
    # an empty cell object left out, metadata as cages without cells
    zipped = ("{id:'demo',cs:50,ce:[[{v:1},,,],[,,{v:'3'},],[,,,],[,{v:2},,]],"
              "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],"
              "[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],"
              "ca:[{v:'title: Tiny'},{v:'author: Me'}]}")
    records = list(F.read(io.BytesIO(_scl_link(zipped).encode()), source=None))
    (record,) = records
    assert record.error is None, record.error
    assert record.item == Grid("1.....3......2..")
    assert dict(record.fields) == {"name": "Tiny", "author": "Me"}


@pytest.mark.parametrize("rules", [Rules(9), Rules(9, regions=JIGSAW),
                                   Rules(4, regions="AAABCABBCCDBCDDD")], ids=repr)
def test_scl_round_trip_of_givens_and_regions(rules: Rules) -> None:
    grid = _grid(rules)
    text = F.dumps(grid, "sudokupad", form="scl")
    assert text.startswith("https://sudokupad.app/scl")
    (back,) = F.loads(text, "sudokupad")
    assert back == grid and back.rules == rules


def test_scl_refuses_what_it_cannot_hold() -> None:
    with pytest.raises(SudokuError, match="scl form cannot hold the X rules"):
        F.dumps(_grid(Rules(9, diagonals=True)), "sudokupad", form="scl")
    regions = ("re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],"
               "[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]")
    for drawn, words in (("l:[{wp:[[0.5,0.5],[3.5,3.5]],c:'#000000'}]", "'lines' (drawn lines)"),
                         ("ca:[{ce:[[0,0],[0,1]]}]", "'cages' (cage 1: a cage without a total"),
                         ("u:[{center:[0.5,0.5],r:t}]", "'underlays'")):
        link = _scl_link("{ce:[[,,,],[,,,],[,,,],[,,,]]," + regions + "," + drawn + "}")
        with pytest.raises(ParseError, match="SudokuPad puzzle .* is not supported yet") as e:
            F.loads(link, "sudokupad")
        assert words in str(e.value)
    with pytest.raises(ParseError, match="without regions"):
        F.loads(_scl_link("{ce:[[,,,],[,,,],[,,,],[,,,]]}"), "sudokupad")


# -- classic writers refuse rules they cannot hold ------------------------------------

CLASSIC_FORMATS = ["line", "grid", "csv", "tsv", "table", "text", "pretty", "candidates",
                   "json", "sdk", "opensudoku", "hodoku", "binary"]


@pytest.mark.parametrize("fmt", CLASSIC_FORMATS)
def test_a_classic_format_refuses_rules_by_name(fmt: str) -> None:
    grid = _grid(Rules(9, diagonals=True, anti_knight=True))
    with pytest.raises(UnsupportedRulesError, match=f"the {fmt} format cannot hold the X "
                       r"rules \(X \+ anti-knight 9x9\): write it --to fpuzzles or sudokupad"):
        F.dumps(grid, fmt)
    F.dumps(grid.with_rules(Rules(9)), fmt)  # the same digits as a classic puzzle: written


def test_a_writer_refuses_before_writing_anything(tmp_path: Path) -> None:
    (grid,) = F.loads(X_LINK)
    out = io.BytesIO()
    writer = F.Writer("sdk", out)
    with pytest.raises(UnsupportedRulesError, match="the sdk format cannot hold the X rules"):
        writer.write(grid)
    assert out.getvalue() == b""
    F.dump(grid, tmp_path / "x.fpuzzles")  # the extension names a format that holds them
    assert F.load(tmp_path / "x.fpuzzles") == [grid]
    # a convert of such a puzzle at the command line is one line, status 2 (not a classic
    # line without its diagonals)
    src = tmp_path / "x.txt"
    src.write_text(X_LINK + "\n")
    done = sudoku("convert", str(src), "--to", "line")
    assert (done.status, done.out) == (2, "")
    assert done.stderr.count("\n") == 1 and "X 9x9" in done.stderr


# -- the files written from the formats' public descriptions ----------------------------

def _keeps_the_rules(grid: Grid, solution: tuple[int, ...]) -> bool:
    """Does ``solution`` hold the givens, each digit once in every house, and the pairs
    and parities of the grid's rules?"""
    rules = grid.rules
    digits = set(range(1, rules.size + 1))
    return (all(g in (0, v) for g, v in zip(grid.cells, solution, strict=True))
            and all({solution[i] for i in house} == digits for house in rules.houses)
            and all(solution[a] != solution[b] for a, b in rules.differ)
            and all(abs(solution[a] - solution[b]) != 1
                    for a, b in rules.non_consecutive_pairs)
            and all(m >> (v - 1) & 1 for m, v in zip(rules.cell_masks, solution, strict=True)))


@pytest.mark.parametrize("name", sorted(p.name for p in VARIANTS.glob("*.fpuzzles"))
                         + ["links.txt", "sudokupad.txt"])
def test_files_are_read_under_the_rules_their_solutions_keep(name: str) -> None:
    with open(VARIANTS / name, "rb") as f:
        records = list(F.read(f, source=name))
    assert records and all(r.error is None for r in records), [r.error for r in records]
    for record in records:
        assert not record.item.rules.is_classic
        text = record.fields.get("solution")
        if text is None:  # the public link: its one solution, by the reference
            (solution,) = reference_solutions(record.item)
        else:
            solution = tuple(map(int, text))
        assert _keeps_the_rules(record.item, solution)
        # the same solution breaks the classic rules, or the variant's rules mattered
        if record.item.rules.names != ("jigsaw",):
            continue
        assert not _keeps_the_rules(record.item.with_rules(Rules(9)), solution)


def test_the_link_files_hold_every_preset_they_name() -> None:
    names = set()
    for name in ("links.txt", "sudokupad.txt", "even-odd.fpuzzles", "jigsaw.fpuzzles"):
        names.update(n for g in F.load(VARIANTS / name) for n in g.rules.names)
    assert names == {"x", "windoku", "anti-knight", "non-consecutive", "disjoint",
                     "centre-dot", "jigsaw", "even-odd"}
