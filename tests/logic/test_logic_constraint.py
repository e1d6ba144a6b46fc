"""Logic under lines, dots and signs: each family's technique on a position built here with
the exact elimination expected, in a solver's words; every step on puzzles with random
constraints (drawn to fit a random solution) checked against that solution; and rules with
a constraint no technique reads refused by name."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from test_logic_killer import board_of, changes, random_solution
from test_logic_variants import check_against

from sudokit import Grid, Rules, solve
from sudokit.constraints import (
    XV,
    Arrow,
    Between,
    Constraint,
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
from sudokit.errors import UnsupportedRulesError
from sudokit.formats import load
from sudokit.logic import solve_path
from sudokit.logic.board import Board, geometry_of
from sudokit.logic.path import find_step
from sudokit.logic.step import Level, Step, Technique
from sudokit.logic.techniques import LADDER
from sudokit.logic.techniques.lines import (
    ARROW,
    BETWEEN,
    ENTROPIC,
    LITTLE_KILLER,
    PALINDROME,
    REGION_SUM,
    RENBAN,
    SANDWICH,
    THERMO,
    WHISPERS,
)
from sudokit.logic.techniques.signs import GREATER_THAN, KROPKI, NO_SIGN, XV_SIGN
from sudokit.logic.variants import ladder_for
from support.clirunner import sudoku
from support.constraint_reference import KINDS, random_rules
from support.files import TEST_DATA


def found(tech: Technique, constraints: Sequence[Constraint],
          given: dict[int, int] | None = None, **flags: bool) -> Step:
    """The step ``tech`` finds on an empty board under ``constraints`` (and ``given``)."""
    step = tech.find(board_of(Rules(9, constraints=constraints, **flags), given))
    assert step is not None
    return step


def gone(cells: Sequence[str], digits: Sequence[int]) -> set[tuple[str, int]]:
    return {(c, d) for c in cells for d in digits}


def test_the_bulb_of_a_5_cell_thermometer_is_at_most_5() -> None:
    step = found(THERMO, [Thermo([0, 1, 2, 3, 4])])
    assert "Digits rise along the 5-cell thermometer from r1c1 (its bulb is at most 5)" \
        in step.text
    expected = {(f"r1c{k + 1}", d) for k in range(5) for d in range(1, 10)
                if not k + 1 <= d <= k + 5}
    assert changes(step) == (set(), expected)


def test_a_slow_thermometer_may_repeat_only_where_its_cells_do_not_see_each_other() -> None:
    # r1c3 -> r2c4 crosses into another box: they may be equal; r2c4 -> r2c5 may not
    step = found(THERMO, [Thermo([2, 12, 13], slow=True)], {13: 5})
    assert step.text.startswith("Digits never fall along the 3-cell slow thermometer from r1c3")
    # r2c4 < 5 (a row with r2c5), r1c3 <= r2c4 (they share no house): r1c3 keeps 4
    assert changes(step)[1] == gone(["r2c4"], [6, 7, 8, 9]) | gone(["r1c3"], [5, 6, 7, 8, 9])


def test_a_black_dot_joins_a_digit_and_its_double() -> None:
    step = found(KROPKI, [Kropki(0, 1, "black")])
    assert step.text.startswith("The black dot between r1c1 and r1c2 joins 1-2, 2-4, 3-6 or "
                                "4-8: ")
    assert changes(step)[1] == gone(["r1c1", "r1c2"], [5, 7, 9])


def test_a_white_dot_by_a_9_is_an_8() -> None:
    step = found(KROPKI, [Kropki(0, 1, "white")], {1: 9})
    assert changes(step)[1] == gone(["r1c1"], [1, 2, 3, 4, 5, 6, 7])
    assert "joins consecutive digits" in step.text


def test_cells_on_a_german_whispers_line_cannot_be_5() -> None:
    step = found(WHISPERS, [Whisper([0, 1, 2])])
    assert "(cells on a German whispers line cannot be 5)" in step.text
    assert changes(step)[1] == gone(["r1c1", "r1c2", "r1c3"], [5]) | {("r1c2", 4), ("r1c2", 6)}


def test_an_x_and_a_v() -> None:
    # an X between row neighbours cannot be 5+5: they differ
    assert changes(found(XV_SIGN, [XV(0, 1, 10)]))[1] == gone(["r1c1", "r1c2"], [5])
    step = found(XV_SIGN, [XV(0, 9, 5)])
    assert step.text.startswith("A V between r1c1 and r2c1 joins digits adding up to 5")
    assert changes(step)[1] == gone(["r1c1", "r2c1"], [5, 6, 7, 8, 9])


def test_the_greater_side_of_a_sign() -> None:
    step = found(GREATER_THAN, [GreaterThan(1, 0)])
    assert step.text.startswith("r1c2 is greater than r1c1")
    assert changes(step)[1] == {("r1c2", 1), ("r1c1", 9)}


def test_an_arrow_adds_up_to_its_circle() -> None:
    step = found(ARROW, [Arrow([0], [1, 2])])
    assert "The 2 digits on the arrow from r1c1 add up to its circle" in step.text
    assert changes(step)[1] == gone(["r1c1"], [1, 2]) | gone(["r1c2", "r1c3"], [9])


def test_a_two_digit_circle_reads_tens_and_units() -> None:
    # a circle of r1c1-r1c2 over a 2-cell line: at most 9+8 = 17, so it reads 1x
    step = found(ARROW, [Arrow([0, 1], [2, 11])])
    assert gone(["r1c1"], range(2, 10)) <= changes(step)[1]


def test_a_little_killer_in_one_box_is_a_cage() -> None:
    step = found(LITTLE_KILLER, [LittleKiller([0, 10, 20], 6)])
    assert "along the diagonal from r1c1 add up to 6" in step.text
    assert changes(step)[1] == gone(["r1c1", "r2c2", "r3c3"], range(4, 10))


def test_a_renban_holds_a_run() -> None:
    step = found(RENBAN, [Renban([0, 1, 2])], {0: 1})
    assert "holds 3 consecutive digits (1-3)" in step.text
    assert changes(step)[1] == gone(["r1c2", "r1c3"], range(4, 10))


def test_a_palindrome_mirrors_its_digits() -> None:
    step = found(PALINDROME, [Palindrome([2, 12])], {2: 5})
    assert changes(step)[1] == gone(["r2c4"], [1, 2, 3, 4, 6, 7, 8, 9])


def test_a_between_line_lies_between_its_ends() -> None:
    step = found(BETWEEN, [Between([0, 1, 2])], {0: 2, 2: 5})
    assert "lie strictly between the digits of its two ends" in step.text
    assert changes(step)[1] == gone(["r1c2"], [1, 6, 7, 8, 9])


def test_an_entropic_line_takes_one_digit_of_each_third() -> None:
    step = found(ENTROPIC, [Entropic([0, 1, 2])], {0: 1})
    assert "a low (1-3), a middle (4-6) and a high digit (7-9)" in step.text
    assert changes(step)[1] == gone(["r1c2", "r1c3"], [2, 3])


def test_a_region_sum_line_has_pieces_of_one_total() -> None:
    step = found(REGION_SUM, [RegionSum([2, 12])], {2: 5})
    assert changes(step)[1] == gone(["r2c4"], [1, 2, 3, 4, 6, 7, 8, 9])


def test_a_sandwich_of_0_puts_the_9_next_to_the_1() -> None:
    step = found(SANDWICH, [Sandwich("row", 0, 0)], {0: 1})
    assert step.text.startswith("In row 1 the digits between the 1 and the 9 add up to 0")
    assert gone([f"r1c{c}" for c in range(3, 10)], [9]) <= changes(step)[1]
    assert ("r1c2", 9) not in changes(step)[1]


@pytest.mark.parametrize(("flag", "expected"), [
    ("all_dots", [2, 3, 5, 8]), ("all_xv", [1, 6])])
def test_neighbours_without_a_sign_where_all_are_given(flag: str, expected: list[int]
                                                        ) -> None:
    board = board_of(Rules(9, **{flag: True}), {0: 4})
    step = NO_SIGN.find(board)
    assert step is not None
    assert changes(step)[1] == gone(["r1c2"], expected)
    assert "every" in step.text and "given" in step.text


def test_each_family_has_its_technique_in_the_ladder() -> None:
    rules = Rules(9, constraints=[Thermo([0, 1]), Kropki(3, 4, "white"), Whisper([6, 7])],
                  all_xv=True)
    keys = [t.key for t in ladder_for(geometry_of(rules), LADDER)]
    assert {"thermometer", "kropki", "whispers", "no-sign"} <= set(keys)
    assert "arrow" not in keys and "cage-combination" not in keys
    assert keys.index("hidden-single") < keys.index("thermometer") < keys.index("naked-single")


class Mystery(Constraint):
    """A constraint of a family no technique reads (as a later one could be)."""

    __slots__ = ("cell",)
    family = "mystery"
    word = "mystery"

    def __init__(self, cell: int) -> None:
        object.__setattr__(self, "cell", cell)

    @property
    def cells(self) -> tuple[int, ...]:
        return (self.cell,)

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        return digits[self.cell] != 5


def test_a_constraint_no_technique_reads_is_refused_by_name() -> None:
    rules = Rules(9, constraints=[Mystery(0)])
    with pytest.raises(UnsupportedRulesError, match="no technique reads mystery"):
        find_step(board_of(rules), LADDER)


# -- puzzles with random constraints -------------------------------------------------

#: The ladder up to the hard techniques: what the soundness walk asks (the expert ones
#: cost seconds on a board this open, and are tested on classic grids).
UP_TO_HARD = tuple(t for t in LADDER if t.level <= Level.HARD)


def walk(rules: Rules, solution: tuple[int, ...], given: Sequence[int] = ()
         ) -> tuple[list[Step], Board]:
    """Every step from the grid with the solution's digits in ``given`` cells, each
    checked against the solution first."""
    board = board_of(rules, {c: solution[c] for c in given})
    board.solutions = 2
    steps = []
    while board.unsolved:
        step = find_step(board, UP_TO_HARD)
        if step is None:
            break
        for cell, digit in step._place:
            assert solution[cell] == digit, f"{step} ({step.text})"
        for cell, digit in step._elim:
            assert solution[cell] != digit, f"{step} ({step.text})"
        steps.append(step)
        step.apply_to(board)
    return steps, board


@pytest.mark.parametrize("kind", KINDS)
def test_every_step_under_one_family_keeps_the_solution(kind: str) -> None:
    rng = random.Random(kind)
    solution = random_solution(rng)
    rules = random_rules(Rules(9), solution, rng, 20, [kind])
    steps, board = walk(rules, solution, rng.sample(range(81), 16))
    techniques = {s.key for s in steps}
    assert techniques - {"full-house", "hidden-single", "naked-single"}, techniques
    if not board.unsolved:
        assert tuple(board.values) == solution


@pytest.mark.parametrize("seed", range(4))
def test_every_step_under_mixed_constraints_keeps_the_solution(seed: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(rng)
    rules = random_rules(Rules(9), solution, rng, 25, negative=seed % 2 == 1)
    walk(rules, solution, rng.sample(range(81), 8 * seed))


def test_explain_and_rate_a_mixed_constraint_file(pure: bool) -> None:
    path = str(TEST_DATA / "constraints" / "mixed.fpuzzles")
    grid = load(path)[0]
    assert isinstance(grid, Grid)
    solution = solve(grid)
    assert solution is not None
    path_found = solve_path(grid)
    assert path_found.solved
    check_against(path_found.steps, solution.cells, grid.shape)
    families = {s.key for s in path_found.steps}
    assert {"thermometer", "palindrome", "between-line"} <= families, families
    explained = sudoku("explain", path)
    assert explained.status == 0, explained.stderr
    assert "Digits rise along the 4-cell thermometer from r3c1" in explained.out
    rated = sudoku("rate", path)
    assert rated.status == 0 and rated.out.startswith("easy 1.8 (Between Line)")
