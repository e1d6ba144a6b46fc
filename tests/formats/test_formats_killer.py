"""The killer format: a cage map and each cage's sum (with or without givens), in every
layout published sets use, read into cages, written back the same, detected by its sums;
a cage map that does not fit its sums is one line naming the file and the line, status 2."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sudokit import formats as F
from sudokit.constraints import Cage
from sudokit.errors import SudokuError, UnsupportedRulesError
from sudokit.grid import Grid
from sudokit.rules import Rules
from support.clirunner import sudoku
from support.files import TEST_DATA

KILLER = TEST_DATA / "constraints" / "killer.killer"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

#: A 4x4 killer: its cage map, its sums and its one solution (1234/3412/2143/4321).
MAP4 = ["AABB", "CDDB", "CEFF", "GEHH"]
SUMS4 = "A=3 B=9 C=5 D=5 E=4 F=7 G=4 H=3"
CAGES4 = [Cage([0, 1], 3), Cage([2, 3, 7], 9), Cage([4, 8], 5), Cage([5, 6], 5),
          Cage([9, 13], 4), Cage([10, 11], 7), Cage([12], 4), Cage([14, 15], 3)]
RULES4 = Rules(4, constraints=CAGES4)


def _one(text: str) -> Grid:
    (grid,) = F.loads(text, "killer")
    return grid


LAYOUTS = [
    "\n".join(MAP4) + "\n" + SUMS4 + "\n",
    "".join(MAP4) + "\n" + SUMS4.replace(" ", ", ") + "\n",
    "# comment\n" + "\n".join(MAP4) + "\n" + SUMS4[:15] + "\n" + SUMS4[16:] + "\n",
    "\n".join(" ".join(row) for row in MAP4) + "\n" + SUMS4 + "\n",
    "....\n....\n....\n....\n" + "\n".join(MAP4) + "\n" + SUMS4 + "\n",
    "................\n" + "".join(MAP4) + "\n" + SUMS4 + "\n",
    "\n".join(",".join(row) for row in MAP4) + "\n\n" + SUMS4.replace("=", ":") + "\n",
    "1 1 2 2\n3 4 4 2\n3 5 6 6\n7 5 8 8\n1=3 2=9 3=5 4=5 5=4 6=7 7=4 8=3\n",
]


@pytest.mark.parametrize("text", LAYOUTS, ids=range(len(LAYOUTS)))
def test_every_layout_reads_as_the_same_cages(text: str) -> None:
    grid = _one(text)
    assert grid.rules == RULES4 and grid.cells == (0,) * 16
    assert grid.rules.keeps([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
    assert F.detect(text.encode()) == "killer"


def test_givens_side_by_side_with_the_map_and_cells_in_no_cage() -> None:
    text = "1... AA..\n.4.. BB..\n..4. CC..\n...1 DD..\nA=3 B=7 C=3 D=7\n"
    grid = _one(text)
    assert grid.cells == (1, 0, 0, 0, 0, 4, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1)
    assert grid.rules == Rules(4, constraints=[Cage([0, 1], 3), Cage([4, 5], 7),
                                               Cage([8, 9], 3), Cage([12, 13], 7)])
    written = F.dumps(grid, "killer")
    assert written == "1...\n.4..\n..4.\n...1\nAA..\nBB..\nCC..\nDD..\nA=3 B=7 C=3 D=7\n"
    assert F.loads(written) == [grid]
    assert F.detect(text.encode()) == F.detect(written.encode()) == "killer"


@pytest.mark.parametrize("text", [
    "1234\n3412\n2143\n4321\nLevel:3\n",  # a grid and a field: no cage 'Level'
    "1234\n3412\n2143\n4321\n-\n",  # a grid, then a rule: not a map without cages
])
def test_a_grid_followed_by_what_only_looks_like_sums_is_not_killer(text: str) -> None:
    assert F.detect(text.encode()) != "killer"


def test_a_cage_without_a_sum_is_written_with_a_question_mark() -> None:
    grid = _one("AABB\nCCDD\nEEFF\nGGHH\nA=3 B=? C=7 D=3 E=? F=7 G=3 H=7\n")
    assert Cage([2, 3]) in grid.rules.constraints
    assert "B=?" in F.dumps(grid, "killer")


def test_the_killer_file_comes_back_byte_for_byte_and_as_f_puzzles() -> None:
    (grid,) = F.load(KILLER)
    assert grid.rules.keeps([int(ch) for ch in SOLUTION])
    text = KILLER.read_text()
    assert F.dumps(grid, "killer") == text[text.index("\n") + 1:]  # the comment line aside
    assert F.loads(F.dumps(grid, "fpuzzles")) == [grid]


def test_several_puzzles_a_blank_line_between_them_keep_their_order() -> None:
    one = "\n".join(MAP4) + "\n" + SUMS4 + "\n"
    other = "AAAA\nBBBB\nCCCC\nDDDD\nA=10 B=10 C=10 D=10\n"
    text = one + "\n" + other + "\n" + one
    grids = F.loads(text, "killer")
    assert [g.rules for g in grids] == [RULES4, _one(other).rules, RULES4]
    assert F.dumps(grids, "killer") == text


def test_a_classic_puzzle_has_no_cages_and_other_rules_are_refused() -> None:
    grid = Grid("1.3." + "." * 12)
    text = F.dumps(grid, "killer")
    assert text.endswith("....\n-\n") and F.loads(text, "killer") == [grid]
    rules = Rules(4, constraints=[Cage([0, 1], 3, repeat=True)])
    with pytest.raises(UnsupportedRulesError, match="cannot hold a cage whose digits may "
                       "repeat .the cage at r1c1."):
        F.dumps(Grid.unchecked((0,) * 16, rules.shape, rules), "killer")
    rules = RULES4.replace(diagonals=True)
    with pytest.raises(UnsupportedRulesError, match="killer format cannot hold the X rules"):
        F.dumps(Grid.unchecked((0,) * 16, rules.shape, rules), "killer")


BAD = [
    ("AABB\nCDDB\nCEFF\nGEHH\nA=3 B=9 C=5 D=5 E=4 F=7 G=4\n", 5,
     "cage 'H' (at r4c3) has no sum: add H=<sum>, or H=? for none"),
    ("AABB\nCDDB\nCEFF\nGEHH\n" + SUMS4 + " Q=4\n", 5, "cage 'Q' has a sum but no cell"),
    ("AABB\nCDDB\nCEFF\nGEHH\nA=3 A=4\n", 5, "cage 'A' has two sums"),
    ("AABB\nCDDB\nCEFF\nGEHH\n" + SUMS4.replace("A=3", "A=9") + "\n", 5,
     "the cage at r1c1: no 2 digits of 1-4 add up to 9"),
    ("AAAA\nABBB\nCCCC\nDDDD\nA=10 B=9 C=10 D=10\n", 1,
     "the cage at r1c1 has 5 cells: no more than 4 digits differ"),
    ("AABB\nCDDB\nCEFF\n" + SUMS4 + "\n", 1, "a killer puzzle of 3 rows of 4"),
    ("AABB\nCDDB\nCEF\nGEHH\n" + SUMS4 + "\n", 3, "a row of 3 cells among rows of 4"),
    ("A=3 B=4\n", 1, "cage sums without a cage map"),
    ("1.x.\n....\n....\n....\nAABB\nCDDB\nCEFF\nGEHH\n" + SUMS4 + "\n", 1,
     "'x' at r1c3 is not a digit of a 4x4 sudoku"),
]


@pytest.mark.parametrize(("text", "line", "message"), BAD, ids=[b[2][:24] for b in BAD])
def test_a_bad_puzzle_is_one_line_naming_the_file_and_the_line(tmp_path: Path, text: str,
                                                                line: int, message: str) -> None:
    good = "\n".join(MAP4) + "\n" + SUMS4 + "\n"
    first = good.count("\n") + 2
    records = list(F.read(io.BytesIO((good + "\n" + text + "\n" + good).encode()), "killer",
                          source="k.killer"))
    assert [r.error is None for r in records] == [True, False, True]
    assert str(records[1].error).startswith(f"k.killer, line {first + line - 1}: {message}")
    path = tmp_path / "bad.killer"
    path.write_text(text)
    for command in (["convert", str(path), "--to", "fpuzzles"], ["solve", str(path)]):
        done = sudoku(*command)
        assert done.status == 2
        assert done.stderr.count("\n") == 1 and f"bad.killer, line {line}: {message}" \
            in done.stderr


def test_a_map_without_sums_is_named_not_taken_for_the_next_puzzle_s_givens() -> None:
    with pytest.raises(SudokuError, match="line 1: a cage map without its sums after it"):
        F.loads("AABB\nCDDB\nCEFF\nGEHH\n", "killer")
    numbers = "1 1 2 2\n3 4 4 2\n3 5 6 6\n7 5 8 8\n"
    text = numbers + "\n" + numbers + "1=3 2=9 3=5 4=5 5=4 6=7 7=4 8=3\n"
    records = list(F.read(io.BytesIO(text.encode()), "killer", source="k"))
    assert str(records[0].error) == "k, line 1: a cage map without its sums after it (such " \
        "as A=10 B=15 ...)"
    assert records[1].item.rules == RULES4 and records[1].line == 6


def test_a_puzzle_a_line_reads_and_is_written_back_a_line() -> None:
    (grid,) = F.load(KILLER)
    line = F.dumps(grid, "killer", form="line")
    text = KILLER.read_text()
    cage_map = "".join(text.splitlines()[1:10])
    assert line == cage_map + " " + text.splitlines()[10] + "\n"
    with_givens = F.dumps(_with_givens(grid), "killer", form="line")
    assert with_givens.startswith(SOLUTION[:9] + "." * 72 + " " + cage_map + " A=8 ")
    both = line + with_givens + line
    assert F.detect(both.encode()) == "killer"
    grids = F.loads(both)
    assert grids == [grid, _with_givens(grid), grid]
    assert F.dumps(grids, "killer", form="line") == both
    out = io.BytesIO()
    with F.Writer("killer", out) as writer:  # each written back in the form it was read
        for record in F.read(io.BytesIO(both.encode()), "killer"):
            writer.write(record.item, record.style)
    assert out.getvalue().decode() == both


def test_a_map_of_digits_on_one_line_is_killer_not_a_classic_puzzle() -> None:
    digits = "1122" "3442" "3566" "7588"
    text = digits + " 1=3 2=9 3=5 4=5 5=4 6=7 7=4 8=3\n"
    assert F.detect(text.encode()) == "killer"
    assert F.loads(text)[0].rules == RULES4


def _with_givens(grid: Grid) -> Grid:
    cells = tuple(int(ch) if i < 9 else 0 for i, ch in enumerate(SOLUTION))
    return Grid.unchecked(cells, grid.rules.shape, grid.rules)
