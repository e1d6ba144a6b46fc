"""The rules value: presets, combinations, the sets it derives, its checks, and grids under it."""

from __future__ import annotations

import pickle

import pytest

from sudokit import Grid, Rules, RulesError, Shape, UnsupportedRulesError, is_solution

#: A 9x9 jigsaw's regions (each letter a region of 9 cells).
JIGSAW = ("AAAABBCCC" "AAABBBCCC" "AABBBBCCC" "DDDEEEFFF" "DDDEEEFFF"
          "GDDEEEFFF" "GDGHHHIII" "GGGHHHIII" "GGGHHHIII")


def test_classic_rules_are_rows_columns_and_boxes() -> None:
    r = Rules(9)
    assert r.is_classic and r.names == () and r.describe() == "classic 9x9"
    assert r.houses == Shape(3, 3).units
    assert r.differ == () and r.non_consecutive_pairs == ()
    assert r.cell_masks == (511,) * 81
    assert r.peers == Shape(3, 3).peers
    assert r.shape == Shape(3, 3) and r.regions[:12] == (0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0)


@pytest.mark.parametrize("rules", [
    Rules(9, diagonals=True, anti_knight=True),
    Rules(9, regions=JIGSAW, diagonals=True),
    Rules(9, windows=True, odd=[0, 5], even=[80]),
    Rules(6, non_consecutive=True, box=(3, 2)),
    Rules(9, anti_king=True, disjoint=True, centre_dot=True),
    Rules(4),
])
def test_repr_pastes_back_and_pickles(rules: Rules) -> None:
    assert eval(repr(rules)) == rules
    assert hash(eval(repr(rules))) == hash(rules)
    assert pickle.loads(pickle.dumps(rules)) == rules


def test_presets_and_combinations() -> None:
    assert Rules.preset("x+anti-knight") == Rules(9, diagonals=True, anti_knight=True)
    assert repr(Rules.preset("x+anti-knight")) == "Rules(9, diagonals=True, anti_knight=True)"
    assert Rules.preset("anti-knight + X").names == ("x", "anti-knight")
    assert Rules.preset("classic") == Rules(9)
    assert Rules.preset("windoku").describe() == "windoku 9x9"
    assert Rules.preset("diagonal", 4) == Rules(4, diagonals=True)
    assert Rules(9, regions=JIGSAW).names == ("jigsaw",)
    assert Rules(9, regions=JIGSAW, odd=[3]).describe() == "jigsaw + even-odd 9x9"


def test_the_derived_sets() -> None:
    x = Rules.preset("x")
    assert len(x.houses) == 29 and (0, 10, 20, 30, 40, 50, 60, 70, 80) in x.houses
    assert (8, 16, 24, 32, 40, 48, 56, 64, 72) in x.houses
    assert len(x.peers[0]) == 26 and len(x.peers[1]) == 20 and len(x.peers[40]) == 32
    windoku = Rules.preset("windoku")
    assert (10, 11, 12, 19, 20, 21, 28, 29, 30) in windoku.houses
    disjoint = Rules.preset("disjoint")
    assert (0, 3, 6, 27, 30, 33, 54, 57, 60) in disjoint.houses
    dot = Rules.preset("centre-dot")
    assert dot.houses[-1] == (10, 13, 16, 37, 40, 43, 64, 67, 70)
    knight = Rules.preset("anti-knight")
    # r1c1 is a knight's move from r2c3 (same box: already a peer) and r3c2 (same box);
    # r1c3's knight moves r2c5 and r3c4 are in other boxes
    assert (2, 13) in knight.differ and (2, 21) in knight.differ
    assert (0, 11) not in knight.differ and all(a < b for a, b in knight.differ)
    assert 13 in knight.peers[2] and 2 in knight.peers[13]
    king = Rules.preset("anti-king")
    assert (2, 12) in king.differ and (0, 10) not in king.differ
    nc = Rules.preset("non-consecutive", 4)
    assert nc.non_consecutive_pairs[:3] == ((0, 1), (0, 4), (1, 2))
    assert len(nc.non_consecutive_pairs) == 24
    parity = Rules(4, odd=[0], even=[1])
    assert parity.cell_masks[:3] == (0b0101, 0b1010, 0b1111)


def test_regions_are_renumbered_and_standard_boxes_are_classic() -> None:
    boxes = "".join("ABCDEFGHI"[(r // 3) * 3 + c // 3] for r in range(9) for c in range(9))
    assert Rules(9, regions=boxes).is_classic and Rules(9, regions=boxes) == Rules(9)
    numbers = [ord(ch) - 65 for ch in JIGSAW]
    swapped = [(v + 4) % 9 for v in numbers]
    assert Rules(9, regions=numbers) == Rules(9, regions=JIGSAW) == Rules(9, regions=swapped)
    assert Rules(9, regions=JIGSAW).regions[:3] == (0, 0, 0)


@pytest.mark.parametrize(("make", "words"), [
    (lambda: Rules(9, regions=JIGSAW[:-1]), "80 cells given, a 9x9 grid has 81"),
    (lambda: Rules(9, regions="A" * 9 + JIGSAW[9:]), "region 'A' has 14 cells, each needs 9"),
    (lambda: Rules(4, regions="AABBAABBCCCCCCCC"), "3 regions, a 4x4 grid needs 4"),
    (lambda: Rules(4, regions=[0] * 15 + [7]), "cell 15 has region 7"),
    (lambda: Rules(9, odd=[4], even=[4, 5]), "cell r1c5 cannot be both odd and even"),
    (lambda: Rules(9, odd=[81]), "81 is not a cell of a 9x9 grid"),
    (lambda: Rules(6, windows=True), "windoku needs a 9x9 grid, not 6x6"),
    (lambda: Rules(4, centre_dot=True), "centre-dot needs boxes with a centre cell"),
    (lambda: Rules(9, regions=JIGSAW, disjoint=True), "disjoint groups need the standard boxes"),
    (lambda: Rules.preset("jigsaw"), "the regions come with the puzzle"),
    (lambda: Rules.preset("even-odd"), "the odd and even cells come with the puzzle"),
    (lambda: Rules.preset("x+samurai-x"),
     "unknown rules 'samurai-x': known are classic, jigsaw, x, windoku"),
    (lambda: Rules.preset("x+killer"), "the killer clues come with the puzzle"),
    (lambda: Rules.preset("thermo"), "the thermo clues come with the puzzle"),
])
def test_bad_rules_are_one_clear_error(make: object, words: str) -> None:
    with pytest.raises(RulesError) as raised:
        make()  # type: ignore[operator]
    assert words in str(raised.value)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize("name", ["samurai", "butterfly", "sohei", "windmill", "twodoku",
                                  "flower"])
def test_overlapping_grids_are_refused_by_name(name: str) -> None:
    with pytest.raises(UnsupportedRulesError,
                       match=f"^{name} puzzles \\(overlapping grids\\) are not the rules of one "
                             f"grid: see sudokit.sheets.Sheet.preset\\('{name}'\\)$"):
        Rules.preset(f"x+{name}")


def test_rules_are_immutable_and_typed() -> None:
    with pytest.raises(AttributeError):
        Rules(9).size = 4  # type: ignore[misc]
    with pytest.raises(TypeError, match="diagonals must be True or False"):
        Rules(9, diagonals=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="size must be a whole number"):
        Rules("9")  # type: ignore[arg-type]


def test_a_grid_carries_its_rules() -> None:
    x = Rules.preset("x")
    line = "1" + "." * 80
    g = Grid(line, rules=x)
    assert g.rules is x and Grid(line).rules == Rules(9) and Grid(line).rules.is_classic
    assert g != Grid(line) and hash(g) != hash(Grid(line))
    assert g == Grid(line).with_rules(x) == Grid.from_cells(g.cells, rules=x)
    assert repr(g) == f"Grid({line!r}, rules=Rules(9, diagonals=True))"
    assert eval(repr(g)) == g and repr(Grid(line)) == f"Grid({line!r})"
    assert g.with_digit(1, 2).rules is x
    assert Grid(line, rules=Rules(9)) == Grid(line)  # classic rules are no rules of its own
    assert pickle.loads(pickle.dumps(g)) == g
    with pytest.raises(RulesError, match="rules of a 4x4 grid cannot apply to a 9x9 grid"):
        Grid(line).with_rules(Rules(4))


def test_conflicts_follow_the_rules() -> None:
    line = "1" + "." * 79 + "1"  # r1c1 and r9c9: fine in classic, a clash on the diagonal
    assert Grid(line).is_valid()
    g = Grid(line, rules=Rules.preset("x"))
    assert not g.is_valid()
    assert [c.said(g.shape) for c in g.conflicts()] == [
        "digit 1 appears twice in the main diagonal (r1c1, r9c9)"]
    knight = Grid("..5" + "." * 10 + "5" + "." * 67, rules=Rules.preset("anti-knight"))
    assert [c.said(knight.shape) for c in knight.conflicts()] == [
        "digit 5 appears twice in cells a knight's move apart (r1c3, r2c5)"]
    nc = Grid("45" + "." * 79, rules=Rules.preset("non-consecutive"))
    assert [c.said(nc.shape) for c in nc.conflicts()] == [
        "neighbours hold consecutive digits 4 and 5 (r1c1, r1c2)"]
    parity = Grid("2" + "." * 80, rules=Rules(9, odd=[0]))
    assert [c.said(parity.shape) for c in parity.conflicts()] == [
        "digit 2 stands in an odd cell (r1c1)"]
    jig = Grid("1" + "." * 19 + "1" + "." * 60, rules=Rules(9, regions=JIGSAW))
    assert not Grid(jig.cells).is_valid()  # r1c1 and r3c3: one box, but not one region
    assert jig.is_valid()
    assert not jig.with_digit("r1c4", 1).is_valid()  # r1c4 is in r1c1's region


def test_is_solution_follows_the_puzzle_rules() -> None:
    solved = Grid("123456789456789123789123456214365897365897214897214365531642978642978531"
                  "978531642")
    assert solved.is_solved() and is_solution(solved, Grid.empty(9))
    x_puzzle = Grid.empty(9).with_rules(Rules.preset("x"))
    assert not is_solution(solved, x_puzzle)  # 1, 5, 9 repeat on the main diagonal
