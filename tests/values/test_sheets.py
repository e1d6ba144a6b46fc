"""Overlapping grids on one sheet: the layouts, their checks, the puzzle value and its text."""

from __future__ import annotations

import pickle
import random
import re

import pytest

from sudokit import Grid, ParseError, RulesError, solve
from sudokit.sheets import PRESETS, Sheet, SheetGrid
from support import sheet_reference

SAMURAI = Sheet.preset("samurai")


def _filled(sheet: Sheet, seed: int) -> SheetGrid:
    """A complete sheet: the engine's first, its digits renamed by ``seed``."""
    found = solve(SheetGrid.empty(sheet))
    assert found is not None
    names = list(range(1, sheet.size + 1))
    random.Random(seed).shuffle(names)
    return SheetGrid(sheet, [names[d - 1] for d in found.digits])


def _random_digits(sheet: Sheet, seed: int, blanks: float = 0.5) -> SheetGrid:
    """Any digits (not a puzzle): what the text forms must carry unchanged."""
    rng = random.Random(seed)
    return SheetGrid(sheet, [0 if rng.random() < blanks else rng.randint(1, sheet.size)
                             for _ in range(sheet.ncells)])


@pytest.mark.parametrize(("name", "rows", "cols", "ncells", "nhouses"), [
    ("samurai", 21, 21, 369, 131), ("twodoku", 15, 15, 153, 53),
    ("butterfly", 12, 12, 144, 64), ("sohei", 21, 21, 288, 104),
    ("windmill", 21, 21, 333, 127), ("flower", 15, 15, 189, 87),
])
def test_presets_have_their_printed_extent(name: str, rows: int, cols: int, ncells: int,
                                          nhouses: int) -> None:
    sheet = Sheet.preset(name)
    assert (sheet.rows, sheet.cols, sheet.ncells) == (rows, cols, ncells)
    assert sheet.name == name and sheet.grids == PRESETS[name]
    assert sheet.describe() == f"{name} ({len(sheet.grids)} overlapping 9x9 grids)"
    layout = (9, 3, 3, sheet.grids)
    assert {sheet.position(i) for i in range(sheet.ncells)} == \
        sheet_reference.positions(layout)
    # each house is a row, column or box of some grid, once (a shared one is one house)
    assert len(sheet.houses) == nhouses == len(sheet_reference.houses(layout))
    assert {frozenset(sheet.position(i) for i in h) for h in sheet.houses} == \
        sheet_reference.houses(layout)


def test_aliases_and_unknown_names() -> None:
    assert Sheet.preset("Gattai-5") is Sheet.preset("samurai")
    assert Sheet.preset("double sudoku") == Sheet.preset("twodoku")
    with pytest.raises(RulesError, match="^no overlapping grids named 'samurai-x': known are "
                                         "samurai, twodoku, butterfly, sohei, windmill, flower$"):
        Sheet.preset("samurai-x")


def test_cell_numbering_and_names() -> None:
    s = SAMURAI
    assert s.cells[:3] == (0, 1, 2) and s.cells[9] == 12  # row 1 skips the gap
    assert s.index(0, 9) is None and s.index(0, 12) == 9 and s.index(30, 0) is None
    assert s.position(9) == (0, 12) and s.cell_name(9) == "r1c13"
    middle = s.index(7, 7)
    assert middle is not None and s.grids_of(middle) == (0, 2)
    assert s.grids_of(s.index(10, 10)) == (2,)
    corner = s.grid_cells(2)
    assert len(corner) == 81 and s.position(corner[0]) == (6, 6)
    assert s.position(corner[80]) == (14, 14)
    # a cell shared by two grids sees 15 cells of its sheet row and column, and its box
    assert len(s.peers[middle]) == 14 + 14 + 4
    assert s.house_names[:2] == ("row 1 of grid 1", "row 2 of grid 1")
    assert "box 1 of grid 3" not in s.house_names  # that box is grid 1's box 9
    assert s.house_names[-1] == "box 9 of grid 5"
    with pytest.raises(IndexError, match="no cell 369 on this sheet: cells are 0 to 368"):
        s.position(369)


@pytest.mark.parametrize("sheet", [
    SAMURAI, Sheet.preset("flower"), Sheet(4, grids=((0, 0), (2, 2))),
    Sheet(6, grids=((0, 0), (2, 3), (4, 0))), Sheet(16, grids=((0, 0), (12, 12))),
])
def test_sheets_are_values(sheet: Sheet) -> None:
    assert eval(repr(sheet)) == sheet and hash(eval(repr(sheet))) == hash(sheet)
    assert pickle.loads(pickle.dumps(sheet)) == sheet
    grid = _random_digits(sheet, 1)
    assert eval(repr(grid)) == grid and hash(eval(repr(grid))) == hash(grid)
    assert pickle.loads(pickle.dumps(grid)) == grid
    assert SheetGrid(sheet, list(grid.digits)) == grid
    with pytest.raises(AttributeError):
        sheet.size = 4  # type: ignore[misc]


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Sheet(9, grids=((0, 0),)), "1 grid; overlapping grids need two or more"),
    (lambda: Sheet(9, grids=((0, 0), (6, 6), (0, 0))),
     "grids 1 and 3 are the same, at (0, 0)"),
    (lambda: Sheet(9, grids=((0, 0), (9, 9))),
     "grid 2 at (9, 9) does not join grid 1 through overlapping grids"),
    (lambda: Sheet(9, grids=((0, 0), (6, 6), (30, 30), (36, 36))),
     "grid 3 at (30, 30) does not join grid 1"),
    (lambda: Sheet(9, grids=((0, 0), (4, 6))),
     "grids 1 and 2 overlap in part of a box; grids share whole 3x3 boxes"),
    (lambda: Sheet(6, grids=((0, 0), (2, 2))),
     "grids 1 and 2 overlap in part of a box; grids share whole 2x3 boxes"),
    (lambda: Sheet(9, grids=((3, 3), (9, 9))), "the top grid starts on row 0"),
    (lambda: Sheet(7, grids=((0, 0), (3, 3))), "size 7 has no natural box shape"),
    (lambda: Sheet(3, grids=((0, 0), (1, 1))), "3x3 grids have no boxes of two rows"),
    (lambda: Sheet(9, grids=((0, -3), (0, 0))), "grid 1 starts at (0, -3)"),
])
def test_layouts_that_cannot_be_played_are_refused_in_one_line(make, message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)) as caught:
        make()
    assert "\n" not in str(caught.value)


def test_wrong_kinds_of_argument_are_type_errors() -> None:
    with pytest.raises(TypeError, match="Sheet: size must be a whole number"):
        Sheet("9", grids=((0, 0), (6, 6)))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"each grid is a \(row, col\) pair"):
        Sheet(9, grids=((0, 0), 6))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="SheetGrid: sheet must be a Sheet"):
        SheetGrid(9, "1" * 81)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="has 153 cells, 81 digits given"):
        SheetGrid(Sheet.preset("twodoku"), "1" * 81)


def test_broken_names_the_first_rule_and_the_house() -> None:
    sheet = Sheet.preset("twodoku")
    filled = sheet_reference.random_filled((9, 3, 3, sheet.grids), 5)
    digits = [filled[sheet.position(i)] for i in range(sheet.ncells)]
    assert sheet.keeps(digits) and sheet.broken(digits) is None
    # swap two digits of a row of grid 2 that lies outside grid 1: its columns break
    a, b = sheet.index(14, 13), sheet.index(14, 14)
    digits[a], digits[b] = digits[b], digits[a]
    said = sheet.broken(digits)
    assert said is not None and said.endswith("of grid 2") and "column" in said
    assert not sheet.keeps(digits)
    assert sheet.broken(digits[:-1]) == "a complete twodoku (2 overlapping 9x9 grids) sheet " \
        "holds 153 digits of 1-9"
    clashes = SheetGrid(sheet, digits).conflicts()
    assert {c.unit for c in clashes} == {"column 8 of grid 2", "column 9 of grid 2"}
    assert sheet.said(clashes[0]).startswith("digit ")


def test_sub_grids_are_classic_grids() -> None:
    sheet = Sheet.preset("butterfly")
    filled = sheet_reference.random_filled((9, 3, 3, sheet.grids), 2)
    grid = SheetGrid(sheet, [filled[sheet.position(i)] for i in range(sheet.ncells)])
    assert grid.is_complete() and grid.is_solved() and grid.givens == 144
    for k in range(4):
        assert grid.grid(k).is_solved()
    assert SheetGrid.from_grids(sheet, [grid.grid(k) for k in range(4)]) == grid
    puzzle = grid.with_digit(0, 0)
    assert puzzle.givens == 143 and not puzzle.is_complete()
    assert grid.is_solution_of(puzzle) and not puzzle.is_solution_of(grid)


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_sheet_text_round_trips_and_finds_its_layout(name: str) -> None:
    sheet = Sheet.preset(name)
    grid = _random_digits(sheet, 7)
    text = str(grid)
    lines = text.split("\n")
    assert len(lines) == sheet.rows and max(map(len, lines)) == sheet.cols
    assert all(line == line.rstrip() for line in lines)
    assert SheetGrid.parse(text) == grid
    assert SheetGrid.parse(text, sheet) == grid
    # other blanks, other marks where no grid is, a file's line ends
    other = grid.to_text(blank="0", unused="#").replace("\n", "\r\n") + "\r\n\n"
    assert SheetGrid.parse(other, sheet) == grid
    assert SheetGrid.parse(grid.to_text(blank="_")) == grid


@pytest.mark.parametrize("name", list(PRESETS))
def test_one_line_per_grid_round_trips(name: str) -> None:
    sheet = Sheet.preset(name)
    grid = _filled(sheet, 4)
    puzzle = SheetGrid(sheet, [d if i % 3 else 0 for i, d in enumerate(grid.digits)])
    text = "\n".join(puzzle.grid_lines())
    assert SheetGrid.parse(text, sheet) == puzzle
    assert SheetGrid.parse(text) == puzzle


def test_one_line_per_grid_sees_which_five_grid_layout_it_is() -> None:
    for name in ("samurai", "flower"):
        sheet = Sheet.preset(name)
        grid = _filled(sheet, 11)
        assert SheetGrid.parse("\n".join(grid.grid_lines())).sheet == sheet


def test_a_4x4_sheet_reads_and_writes() -> None:
    sheet = Sheet(4, grids=((0, 0), (2, 2)))
    text = "12..\n34..\n..1234\n..34.1\n  ....\n  ..3."
    grid = SheetGrid.parse(text, sheet)
    assert str(grid) == text and grid.givens == 12
    assert sheet.ncells == 28 and len(sheet.houses) == 23


@pytest.mark.parametrize(("text", "message"), [
    ("", "line 1: an empty text is not a sheet"),
    (str(SheetGrid.empty(SAMURAI)).replace(".", "1", 1)[:-50],
     "line 19: column 16: the line ends where samurai"),
    ("\n".join(["." * 21] * 21), "line 1: column 10: '.' where samurai .*, the nearest layout, "
                                 "has no cell"),
    (str(SheetGrid.empty(SAMURAI)).replace(".", "x", 1),
     "line 1: column 1: the line ends where samurai|line 1: column 1: 'x' where"),
    ("\n".join(["." * 81] * 3), "line 1: 3 lines of 81 cells: no overlapping-grids puzzle "
                                "has 3 grids"),
    ("\n".join(["." * 81] * 5), "line 1: 5 lines of 81 cells fit samurai and windmill and "
                                "flower alike: name the puzzle's kind"),
    ("\n".join(["." * 80 + "x", "." * 81]), "line 1: 'x' .character 81. is not a digit"),
    ("\n".join(["." * 60 + "1" + "." * 20, "2" + "." * 80]),
     "line 2: grids 1 and 2 of twodoku .* disagree at r7c7: 1 and 2"),
])
def test_bad_text_is_one_line_naming_the_line(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        SheetGrid.parse(text)
    assert "\n" not in str(caught.value)


def test_bad_text_for_a_known_sheet_names_the_line_and_column() -> None:
    text = str(SheetGrid.empty(SAMURAI))
    lines = text.split("\n")
    lines[10] = lines[10][:3] + "5" + lines[10][4:]
    with pytest.raises(ParseError, match="^line 11: column 4: digit 5 where no grid of samurai"):
        SheetGrid.parse("\n".join(lines), SAMURAI)
    with pytest.raises(ParseError, match="^line 1: samurai .* is 21 lines of up to 21 "
                                         "positions; this text has 20 lines$"):
        SheetGrid.parse("\n".join(text.split("\n")[:20]), SAMURAI)
    lines = text.split("\n")
    lines[2] = lines[2][:5] + "?" + lines[2][6:]
    with pytest.raises(ParseError, match="^line 3: column 6: '\\?' where samurai .* has a "
                                         "cell"):
        SheetGrid.parse("\n".join(lines), SAMURAI)


def test_a_grid_is_not_read_from_a_sheet() -> None:
    with pytest.raises(ParseError, match="Grid\\(\\) reads one grid; this text is a sheet of "
                                         "overlapping grids"):
        Grid(str(_random_digits(SAMURAI, 3)))


def test_the_package_offers_the_sheet_values() -> None:
    import sudokit

    assert sudokit.Sheet is Sheet and sudokit.SheetGrid is SheetGrid
    assert {"Sheet", "SheetGrid"} <= set(sudokit.__all__)
