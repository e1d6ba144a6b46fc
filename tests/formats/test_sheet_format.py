"""The samurai format: overlapping grids laid out on their sheet, found by their layout,
read and written back byte for byte; the formats that cannot hold them refuse them by name."""

from __future__ import annotations

import io

import pytest

from sudokit import Grid, Rules, UnsupportedRulesError
from sudokit import formats as F
from sudokit.sheets import PRESETS, Sheet, SheetGrid
from support.roundtrip import rewrite

#: A samurai puzzle as collections print it: 21 lines, spaces where no grid is, '0' blanks.
PRINTED = """\
000000007   400000000
000180000   005100090
590060080   000902004
810003000   001000005
000009600   700050100
000400006   000030080
000000001004067003000
000000000000000000000
006000000050800000030
      000006040
      400900000
      010000008
000010090000000000000
000000000000000000000
480000000100200000004
950000000   060210008
000500000   700000200
006107000   000008000
009000000   030004006
700000003   000000000
008000000   200000300
"""


def _sheet_grid(name: str, seed: int) -> SheetGrid:
    """A puzzle of the preset: a complete sheet with every third cell blank."""
    from sudokit import solve  # (a solved sheet, from the engine held to exact cover)

    sheet = Sheet.preset(name)
    filled = solve(SheetGrid.empty(sheet))
    assert filled is not None
    relabel = {d: (d + seed) % 9 + 1 for d in range(1, 10)}
    return SheetGrid(sheet, [relabel[d] if i % 3 else 0 for i, d in enumerate(filled.digits)])


def test_a_printed_samurai_is_found_by_its_layout_and_read() -> None:
    data = PRINTED.encode()
    assert F.detect(data) == "samurai" and F.detect(data, "book.txt") == "samurai"
    (puzzle,) = F.loads(data)
    assert isinstance(puzzle, SheetGrid) and puzzle.sheet == Sheet.preset("samurai")
    assert puzzle.givens == sum(ch in "123456789" for ch in PRINTED)
    assert puzzle.digits[:9] == (0, 0, 0, 0, 0, 0, 0, 0, 7)
    assert puzzle.digits[puzzle.sheet.index(9, 6)] == 0  # (the middle grid's first row)
    assert rewrite(data) == data  # '0' blanks kept
    assert F.dumps(puzzle, "samurai").split("\n")[0] == "........7   4........"


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_round_trips_through_its_text(name: str) -> None:
    puzzles = [_sheet_grid(name, 1), _sheet_grid(name, 4)]
    text = F.dumps(puzzles, "samurai")
    assert F.detect(text.encode()) == "samurai"
    assert F.loads(text) == puzzles
    assert rewrite(text.encode()) == text.encode()
    crlf = F.dumps(puzzles, "samurai", eol="\r\n", blank="0")
    assert F.loads(crlf) == puzzles and rewrite(crlf.encode()) == crlf.encode()


def test_one_line_per_grid_is_read_for_a_named_layout_and_kept() -> None:
    puzzle = _sheet_grid("samurai", 2)
    text = "\n".join(g.replace(".", "0") for g in puzzle.grid_lines()) + "\n"
    records = list(F.read(io.BytesIO(text.encode()), "samurai", sheet=puzzle.sheet))
    assert [r.item for r in records] == [puzzle]
    out = io.BytesIO()
    with F.Writer("samurai", out) as writer:
        writer.write(records[0].item, records[0].style)  # type: ignore[arg-type]
    assert out.getvalue() == text.encode()
    assert F.dumps(puzzle, "samurai", form="grids").split("\n")[0] == puzzle.grid_lines()[0]


def test_a_bad_puzzle_is_an_error_in_its_place_and_the_others_are_kept() -> None:
    good = F.dumps(_sheet_grid("twodoku", 1), "samurai")
    lines = good.split("\n")
    bad = "\n".join([*lines[:3], lines[3][:4] + "x" + lines[3][5:], *lines[4:]])
    data = "# three twodoku\n" + good + "\n" + bad + "\n" + good
    records = list(F.read(io.BytesIO(data.encode()), "samurai", source="two.txt"))
    assert [r.error is None for r in records] == [True, False, True]
    assert [r.line for r in records] == [2, 18, 34]
    assert str(records[1].error).startswith(
        "two.txt, line 21: column 5: 'x' where twodoku (2 overlapping 9x9 grids), the nearest "
        "layout, has a cell")


def test_a_single_grid_is_a_classic_puzzle() -> None:
    grid = Grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
    text = F.dumps(grid, "samurai")
    assert text.split("\n")[0] == "4...3...." and F.loads(text, "samurai") == [grid]


@pytest.mark.parametrize("fmt", ["line", "csv", "pretty", "jigsaw", "ipuz", "fpuzzles", "json"])
def test_formats_that_cannot_hold_overlapping_grids_refuse_them_by_name(fmt: str) -> None:
    with pytest.raises(UnsupportedRulesError,
                       match=f"^the {fmt} format cannot hold a samurai puzzle \\(5 overlapping "
                             f"9x9 grids\\): write it --to samurai$"):
        F.dumps(_sheet_grid("samurai", 1), fmt)


def test_the_samurai_format_refuses_other_rules_by_name() -> None:
    with pytest.raises(UnsupportedRulesError, match="the samurai format cannot hold the X "
                                                    "rules"):
        F.dumps(Grid.empty(9).with_rules(Rules.preset("x")), "samurai")


def test_a_classic_12x12_is_refused_where_its_rows_read_as_a_butterfly() -> None:
    with pytest.raises(UnsupportedRulesError, match="the samurai format cannot hold a classic "
                                                    "12x12 puzzle"):
        F.dumps(Grid.empty(12), "samurai")


def test_the_extension_decides() -> None:
    data = F.dumps(Grid.empty(4), "samurai").encode()
    assert F.detect(data, "p.samurai") == "samurai"
    assert F.EXTENSIONS[".samurai"] == "samurai"
