"""Puzzles whose rules a format cannot hold: an ipuz sudoku with calcudoku operators, or
no boxes and no regions, is refused by name (never solved as a classic puzzle), at the
command line in one line with status 2; and the jigsaw text layout (a clue grid, then a
grid of region letters) reads and writes a puzzle with its regions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit import formats as F
from sudokit.errors import RulesError, UnsupportedRulesError
from sudokit.grid import Grid
from sudokit.rules import Rules
from support.clirunner import sudoku

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _ipuz(**extra: object) -> str:
    rows = [[int(ch) if ch != "." else 0 for ch in PUZZLE[r * 9:r * 9 + 9]] for r in range(9)]
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"],
           "puzzle": rows, **extra}
    return json.dumps(doc)


@pytest.mark.parametrize(("extra", "words"), [
    ({"boxes": False}, '"boxes": false and no zones'),
    ({"cages": [{"cells": [[1, 1], [1, 2]], "operator": "-", "value": 1}]}, "operator '-'"),
    ({"zones": [{"cells": [[1, 1]]}]}, '"zones" beside the standard boxes'),
    ({"showoperators": True}, '"showoperators"'),
])
def test_an_ipuz_sudoku_with_other_rules_is_refused_by_name(extra: dict[str, object],
                                                            words: str) -> None:
    with pytest.raises(UnsupportedRulesError, match="is not supported") as e:
        F.loads(_ipuz(**extra), "ipuz")
    assert words in str(e.value)
    done = sudoku("solve", "-", "--from", "ipuz", stdin=_ipuz(**extra).encode())
    assert done.status == 2
    assert done.stderr.count("\n") == 1 and words in done.stderr


def test_an_ipuz_sudoku_with_its_boxes_is_read_as_before() -> None:
    for extra in ({}, {"boxes": True}, {"cages": [], "showoperators": False}):
        (grid,) = F.loads(_ipuz(**extra), "ipuz")
        assert grid.to_line() == PUZZLE and grid.rules.is_classic


# -- the jigsaw text layout -----------------------------------------------------------

VARIANTS = Path(__file__).resolve().parents[1] / "data" / "variants"
REGIONS = "AAAACCCCFABBBBBBCFAAAABBBCFEEEEEECCFDDDDDECFFDDDIIEEIFGGDIIIIIFGHHHHHHIFGGGGGGHHH"


def test_a_jigsaw_collection_file_is_read_with_its_regions() -> None:
    (grid,) = F.load(VARIANTS / "jigsaw.txt", "jigsaw")
    assert grid.rules == Rules(9, regions=REGIONS)
    solution = next(line.split()[-1] for line in (VARIANTS / "jigsaw.txt").read_text()
                    .splitlines() if line.startswith("# solution"))
    solved = Grid(solution).with_rules(grid.rules)
    assert solved.is_valid()
    assert all(g in (0, s) for g, s in zip(grid.cells, solved.cells, strict=True))
    # the same digits are no classic sudoku: the regions matter
    assert not Grid(solution).is_valid()


@pytest.mark.parametrize("rules", [Rules(9, regions=REGIONS), Rules(9),
                                   Rules(4, regions="AAABCABBCCDBCDDD")], ids=repr)
def test_jigsaw_layout_round_trip(rules: Rules) -> None:
    n = rules.size
    grid = Grid.unchecked(tuple(i % n + 1 if i % 3 == 0 else 0 for i in range(n * n)),
                          rules.shape, None if rules.is_classic else rules)
    text = F.dumps([grid, grid], "jigsaw")
    assert F.loads(text, "jigsaw") == [grid, grid]
    assert text.split("\n\n")[1].splitlines()[0] == "".join(
        "ABCDEFGHI"[k] for k in rules.regions[:n])


def test_jigsaw_layout_refuses_other_rules_and_bad_grids() -> None:
    grid = Grid.unchecked((0,) * 81, Rules(9).shape, Rules(9, diagonals=True))
    with pytest.raises(UnsupportedRulesError, match="the jigsaw format cannot hold the X"):
        F.dumps(grid, "jigsaw")
    bad = "\n".join(["." * 9] * 9 + ["A" * 9] * 9) + "\n"
    with pytest.raises(RulesError, match="regions: 1 regions, a 9x9 grid needs 9"):
        F.loads(bad, "jigsaw")
    short = "\n".join(["." * 9] * 9 + ["ABCDEFGHI"] * 8 + ["ABCD"]) + "\n"
    done = sudoku("solve", "-", "--from", "jigsaw", stdin=short.encode())
    assert done.status == 2
    assert "line 18: a line of regions with 4 cells, expected 9" in done.stderr


@pytest.mark.parametrize(("n", "box"), [(6, (3, 2)), (6, (2, 3)), (4, (1, 4)), (8, (4, 2))])
def test_regions_that_are_a_shape_s_boxes_come_back_as_that_classic_shape(
        n: int, box: tuple[int, int]) -> None:
    """A classic puzzle with boxes of another shape, written in a layout of regions, reads
    back as that puzzle: those regions are its boxes, not a jigsaw."""
    from sudokit import Grid
    from sudokit import formats as F

    grid = Grid("1" + "." * (n * n - 1), box)
    for fmt in ("jigsaw", "fpuzzles"):
        (back,) = F.loads(F.dumps([grid], fmt), fmt)
        assert back == grid and back.box == box and back.rules.is_classic, fmt


def _jigsaw_layouts() -> tuple[str, list[str], list[str]]:
    """The collection file's puzzle: (its solution, its clue rows, its region rows)."""
    text = (VARIANTS / "jigsaw.txt").read_text().splitlines()
    solution = next(line.split()[-1] for line in text if line.startswith("# solution"))
    grids = [line for line in text if line.strip() and not line.startswith("#")]
    marks = "".join(REGIONS)
    return solution, grids[:9], [marks[r * 9:r * 9 + 9] for r in range(9)]


@pytest.mark.parametrize("layout", ["one line", "side by side"])
def test_a_jigsaw_on_one_line_or_beside_its_regions_is_solved_under_them(
        layout: str, tmp_path: Path) -> None:
    solution, clues, regions = _jigsaw_layouts()
    if layout == "one line":
        text = "".join(clues) + "  " + "".join(regions) + "\n"
        text = text * 2  # two puzzles, a line each
    else:
        text = "".join(f"{c} {r}\n" for c, r in zip(clues, regions, strict=True))
        text = text + "\n" + text
    path = tmp_path / "collection.txt"
    path.write_text(text)
    for chosen in ([], ["--from", "jigsaw"]):
        done = sudoku("solve", str(path), "--to", "line", *chosen)
        assert done.status == 0, done.stderr
        assert done.out.split() == [solution, solution]
    grids = F.loads(text, "jigsaw")
    assert [g.rules for g in grids] == [Rules(9, regions=REGIONS)] * 2


def test_regions_after_a_line_or_beside_a_text_grid_are_never_passed_over(
        tmp_path: Path) -> None:
    """Read as the line or text format, the region map would be a note and the puzzle
    solved as a classic one: refused instead, in one line naming the file and line."""
    _, clues, regions = _jigsaw_layouts()
    line = tmp_path / "line.txt"
    line.write_text("# a jigsaw\n" + "".join(clues) + " " + "".join(regions) + "\n")
    grid = tmp_path / "grid.txt"
    grid.write_text("".join(f"{c} {r}\n" for c, r in zip(clues, regions, strict=True)))
    for path, fmt in ((line, "line"), (grid, "text")):
        done = sudoku("solve", str(path), "--from", fmt)
        assert done.status == 2
        assert done.stderr.count("\n") == 1
        assert f"{path.name}, line {2 if fmt == 'line' else 1}:" in done.stderr
        assert "jigsaw regions" in done.stderr and "--from jigsaw" in done.stderr
    # a line with its solution after it is no region map: read as before
    solved = sudoku("solve", "-", "--from", "line",
                    stdin=f"{PUZZLE} {sudoku('solve', '-', stdin=PUZZLE.encode()).out}".encode())
    assert solved.status == 0
