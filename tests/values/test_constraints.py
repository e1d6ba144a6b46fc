"""The constraints drawn on a grid: what each means on a complete grid, their checks, and
the rules value that holds them."""

from __future__ import annotations

import pickle

import pytest

from sudokit.constraints import (
    XV,
    Arrow,
    Between,
    Cage,
    Entropic,
    GreaterThan,
    Kropki,
    LittleKiller,
    Palindrome,
    RegionSum,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
)
from sudokit.errors import RulesError
from sudokit.rules import Rules

#: A valid 9x9 solution: row r is the digits 1..9 shifted.
SOLUTION = [int(c) for c in
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"]

EVERY = [Cage((0, 1, 9), 7), Cage((0, 1)), Cage((0, 9), 6, repeat=True),
         LittleKiller((0, 10, 20), 12), Thermo((0, 1, 2)), Thermo((9, 10), slow=True),
         Arrow((2,), (1, 0)), Arrow((0, 1), (2, 3)), Whisper((1, 8)), Whisper((0, 1), gap=1),
         Renban((0, 1, 2)), Palindrome((0, 1, 2)), Between((0, 1, 2)), RegionSum((2, 3)),
         Entropic((0, 1, 2)), Kropki(0, 1, "white"), Kropki(1, 2, "black"), XV(0, 9, 5),
         GreaterThan(1, 0), Sandwich("row", 0, 35), Sandwich("col", 2, 0)]


@pytest.mark.parametrize("constraint", EVERY, ids=repr)
def test_a_constraint_is_a_value_whose_repr_pastes_back(constraint: object) -> None:
    assert eval(repr(constraint)) == constraint
    assert hash(eval(repr(constraint))) == hash(constraint)
    assert pickle.loads(pickle.dumps(constraint)) == constraint
    with pytest.raises(AttributeError):
        constraint.cells = ()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("constraint", "keeps"), [
    (Cage((0, 1, 9), 7), True),          # 1 + 2 + 4
    (Cage((0, 1, 9), 8), False),
    (Cage((0, 1)), True),
    (Cage((0, 12), 2, repeat=True), False),   # 1 + 3
    (Cage((0, 10), 6, repeat=True), True),
    (LittleKiller((0, 10, 20), 12), False),   # 1 + 5 + 9 = 15
    (LittleKiller((0, 10, 20), 15), True),
    (Thermo((0, 1, 2)), True), (Thermo((2, 1, 0)), False),
    (Arrow((2,), (1, 0)), True),              # 3 = 2 + 1
    (Arrow((0, 1), (2, 3)), False),           # 12 != 3 + 4
    (Arrow((1,), (0,)), False),
    (Whisper((4, 13)), False), (Whisper((0, 8)), True),  # 5 | 3 ; 1 | 9
    (Renban((0, 1, 2)), True), (Renban((0, 2)), False),
    (Palindrome((0, 1, 2)), False), (Palindrome((0, 10)), False),
    (Between((0, 1, 2)), True), (Between((1, 0, 2)), False),
    (RegionSum((2, 3)), False),               # 3 | 4
    (Entropic((0, 3, 6)), True), (Entropic((0, 1, 2)), False),
    (Kropki(0, 1, "white"), True), (Kropki(1, 2, "white"), True), (Kropki(0, 1, "black"), True),
    (Kropki(2, 3, "black"), False),
    (XV(0, 3, 5), True), (XV(0, 3, 10), False), (XV(0, 8, 10), True),
    (GreaterThan(1, 0), True), (GreaterThan(0, 1), False),
    (Sandwich("row", 0, 35), True), (Sandwich("row", 1, 0), True),  # 4 5 6 7 8 [9 1] 2 3
    (Sandwich("row", 3, 26), True), (Sandwich("row", 3, 24), False),  # 2 [1 4 3 6 5 8 9] 7
])
def test_each_constraint_says_whether_a_complete_grid_keeps_it(constraint: object,
                                                                keeps: bool) -> None:
    assert constraint.holds(SOLUTION, 9) is keeps  # type: ignore[attr-defined]


@pytest.mark.parametrize(("make", "words"), [
    (lambda: Thermo((0, 0)), "passes through r1c1 twice"),
    (lambda: Thermo((0,)), "needs at least 2 cells"),
    (lambda: Thermo((0, 2)), "r1c1 and r1c3 are next on the line but do not touch"),
    (lambda: Thermo((0, 1, 2, 3, 4, 5, 6, 7, 8, 17)),
     "digits 1-9 cannot increase along it"),
    (lambda: Cage((0, 1), 18), "no 2 digits of 1-9 add up to 18"),
    (lambda: Cage((), 3), "a cage needs at least one cell"),
    (lambda: Cage((0, 81), 3), "81 is not a cell of a 9x9 grid"),
    (lambda: Arrow((0,), (20,)), "away from its circle"),
    (lambda: Kropki(0, 10, "white"), "r1c1 and r2c2 do not share a side"),
    (lambda: LittleKiller((0, 10, 20), 40), "3 digits of 1-9 cannot add up to 40"),
    (lambda: Sandwich("row", 9, 10), "a 9x9 grid has no row 10"),
    (lambda: Between((0, 1)), "needs at least 3 cells"),
])
def test_a_constraint_that_cannot_be_drawn_is_one_clear_error(make: object, words: str) -> None:
    with pytest.raises(RulesError) as raised:
        Rules(9, constraints=[make()])  # type: ignore[operator]
    assert words in str(raised.value) and "\n" not in str(raised.value)


def test_bad_parameters_are_refused_when_made() -> None:
    with pytest.raises(RulesError, match="white or black"):
        Kropki(0, 1, "red")
    with pytest.raises(RulesError, match="X stands for 10 and a V for 5"):
        XV(0, 1, 7)
    with pytest.raises(TypeError, match="not a cell number"):
        Cage(("a1",), 3)  # type: ignore[arg-type]


def test_cages_may_not_overlap() -> None:
    with pytest.raises(RulesError, match="cages overlap at r1c2"):
        Rules(9, constraints=[Cage((0, 1), 3), Cage((1, 2), 5)])


def test_rules_hold_their_constraints_sorted_and_name_their_families() -> None:
    one = Rules(9, constraints=[Thermo((0, 1, 2)), Cage((9, 10), 5)])
    two = Rules(9, constraints=[Cage((10, 9), 5), Thermo((0, 1, 2))])
    assert one == two and hash(one) == hash(two)
    assert one.names == ("killer", "thermo") and not one.is_classic
    assert one.describe() == "killer + thermo 9x9"
    assert eval(repr(one)) == one and pickle.loads(pickle.dumps(one)) == one
    assert 10 in one.peers[9]  # a cage's digits differ


def test_rules_say_the_first_rule_a_grid_breaks() -> None:
    assert Rules(9, constraints=[Thermo((0, 1, 2))]).broken(SOLUTION) is None
    assert Rules(9, constraints=[Thermo((2, 1, 0))]).broken(SOLUTION) == \
        "the thermometer at r1c3 is not kept"
    dots = Rules(9, constraints=[Kropki(0, 1, "white")], all_dots=True)
    assert dots.broken(SOLUTION) == "r1c2 and r1c3 have no dot, yet 2 and 3 would take one"
    swapped = list(SOLUTION)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert "share a house and both hold" in (Rules(9).broken(swapped[:9] * 9) or "")


def test_a_family_comes_with_its_clues_and_cannot_be_named_alone() -> None:
    with pytest.raises(RulesError, match="the kropki clues come with the puzzle"):
        Rules.preset("kropki")
    with_dots = Rules(9, constraints=[Kropki(0, 1, "white")])
    assert with_dots.with_preset("x").names == ("x", "kropki")
