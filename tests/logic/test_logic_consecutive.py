"""The logic of non-consecutive grids: a digit whose every place in a house is next to one
cell keeps the digits next to it out of that cell, cells side by side held to few digits,
chains and forcing chains whose links include the rule of neighbours; every step of
minimal puzzles checked against their one solution."""

from __future__ import annotations

import pytest

from sudokit import Grid, count_solutions
from sudokit.logic.board import Board, geometry_of
from sudokit.logic.path import find_step
from sudokit.logic.step import Level, Step
from sudokit.logic.techniques import LADDER
from sudokit.logic.techniques.consecutive_chains import NON_CONSECUTIVE_CHAIN
from sudokit.logic.techniques.consecutive_subsets import NON_CONSECUTIVE_SUBSET
from sudokit.logic.techniques.forcing_chains import FORCING_CHAIN
from sudokit.logic.techniques.non_consecutive import NON_CONSECUTIVE_POINTING
from sudokit.logic.variants import ladder_for
from sudokit.rules import Rules

RULES = Rules.preset("non-consecutive")

#: Minimal non-consecutive puzzles (no given can go), made by ``sudoku create --variant
#: non-consecutive --minimal``, each with its one solution (checked below).
MINIMAL = (
    (".9.....3.....9.5..2........................................6..9..................",
     "194275836638491572275863914752638491386914257941752683527386149863149725419527368"),
    ("8..14.....2............................5................7........................",
     "863147952529683714741925368195372846638514279472869531257496183914738625386251497"),
)

#: A puzzle that the subsets of cells side by side take to its end (made by ``sudoku create
#: --variant non-consecutive``).
TO_THE_END = ("6.............7.......63......6.......6.7....7.....4.8.2.....8486...........86...",
              "613824759248597316975163842139648527486275193752931468527319684864752931391486275")

#: Techniques up to the hard level (with the non-consecutive ones), and the chains through
#: neighbours (the other expert
#: techniques find nothing on these puzzles, slowly on the pure-Python core).
LADDER_HERE = tuple(t for t in LADDER if t.level <= Level.HARD) + (NON_CONSECUTIVE_CHAIN,)


def plain_keeps(cells: list[int]) -> bool:
    """Does a full grid keep the rules? Every row, column and box holds 1-9 once, and no
    two cells side by side hold digits one apart."""
    rows = [cells[r * 9:r * 9 + 9] for r in range(9)]
    columns = [cells[c::9] for c in range(9)]
    boxes = [[cells[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3] for i in range(9)]
             for b in range(9)]
    if any(sorted(h) != list(range(1, 10)) for h in rows + columns + boxes):
        return False
    return not any(abs(cells[c] - cells[c + 1]) == 1 for c in range(81) if c % 9 < 8) and \
        not any(abs(cells[c] - cells[c + 9]) == 1 for c in range(72))


def steps_of(line: str) -> list[Step]:
    """The steps of :data:`LADDER_HERE` on a puzzle until none applies (no search: the
    board is taken as it is)."""
    board = Board.from_grid(Grid(line, rules=RULES))
    steps = []
    while (step := find_step(board, LADDER_HERE)) is not None:
        steps.append(step)
        step.apply_to(board)
    return steps


def check_against(steps: list[Step], solution: str) -> None:
    """Fail unless every placement is the solution's digit and no elimination removes it."""
    shape = Grid(solution, rules=RULES).shape
    for step in steps:
        for cell, digit in step.placements:
            assert int(solution[shape.parse_cell(cell)]) == digit, f"{step} ({step.text})"
        for cell, digit in step.eliminations:
            assert int(solution[shape.parse_cell(cell)]) != digit, f"{step} ({step.text})"


def test_every_place_of_a_digit_next_to_a_cell_keeps_the_digits_next_to_it_out() -> None:
    board = Board.from_grid(Grid("." * 81, rules=RULES))
    r4c5, r5c4 = 31, 39
    for cell in board.geo.units[18 + 4]:  # box 5: 7 only in r4c5 and r5c4
        if cell not in (r4c5, r5c4):
            board.eliminate(cell, 7)
    step = NON_CONSECUTIVE_POINTING.find(board)
    assert step is not None
    assert step.text == ("In box 5, 7 fits only in r4c5 and r5c4: both next to r4c4 and r5c5, "
                         "so r4c4 and r5c5 cannot be 6 or 8.")
    assert [str(e) for e in step.eliminations] == ["r4c4<>6", "r5c5<>6", "r4c4<>8", "r5c5<>8"]
    step.apply_to(board)
    assert NON_CONSECUTIVE_POINTING.find(board) is None


def test_a_place_of_the_digit_itself_loses_the_digits_next_to_it() -> None:
    board = Board.from_grid(Grid("." * 81, rules=RULES))
    for cell in board.geo.units[0][2:]:  # row 1: 9 only in r1c1 and r1c2
        board.eliminate(cell, 9)
    step = NON_CONSECUTIVE_POINTING.find(board)
    assert step is not None
    assert step.text == ("In row 1, 9 fits only in r1c1 and r1c2: whichever holds it, r1c1 and "
                         "r1c2 are 9 or next to the 9, so they cannot be 8.")
    assert {(e.cell, e.digit) for e in step.eliminations} == {("r1c1", 8), ("r1c2", 8)}


@pytest.mark.parametrize(("line", "solution"), (*MINIMAL, TO_THE_END))
def test_the_puzzles_have_their_one_solution(line: str, solution: str) -> None:
    assert count_solutions(Grid(line, rules=RULES), 2) == 1
    assert plain_keeps([int(d) for d in solution])
    assert all(g in (".", s) for g, s in zip(line, solution, strict=True))


@pytest.mark.parametrize(("line", "solution"), MINIMAL)
def test_every_step_on_a_minimal_puzzle_keeps_its_solution(pure: bool, line: str,
                                                          solution: str) -> None:
    steps = steps_of(line)
    check_against(steps, solution)
    assert {"non-consecutive-pointing", "non-consecutive-chain"} <= {s.key for s in steps}


def test_a_chain_through_consecutive_neighbours() -> None:
    step = next(s for s in steps_of(MINIMAL[0][0]) if s.key == "non-consecutive-chain")
    assert step.text.startswith("7r2c8 or 9r3c7 is true (chain (7)r2c8=(8)r2c8-(9)r3c8=(9)r3c7)")
    assert [str(e) for e in step.eliminations] == ["r3c7<>7"]
    assert step.level == Level.EXPERT and step.links


def test_cells_side_by_side_take_a_puzzle_to_its_end(pure: bool) -> None:
    line, solution = TO_THE_END
    steps = steps_of(line)
    check_against(steps, solution)
    subsets = [s for s in steps if s.key == "non-consecutive-subset"]
    assert subsets[0].text == (
        "In row 5, r5c7, r5c8 and r5c9 hold only {1,2,3,9}, and cells side by side cannot "
        "hold consecutive digits: they can be only r5c7 {1,2,9}, r5c8 {1,3,9}, r5c9 {1,2,3}; "
        "9 always among them, it leaves the rest of row 5 and box 6.")
    assert [str(e) for e in subsets[0].eliminations] == ["r4c8<>9", "r4c9<>9", "r5c4<>9"]
    board = Board.from_grid(Grid(line, rules=RULES))
    for step in steps:
        step.apply_to(board)
    assert not board.unsolved


def test_two_neighbours_held_to_three_digits_in_a_row_take_the_outer_two() -> None:
    board = Board.from_grid(Grid("." * 81, rules=RULES))
    for cell in (0, 1):  # r1c1 and r1c2: 3, 4 or 5
        for d in (1, 2, 6, 7, 8, 9):
            board.eliminate(cell, d)
    step = NON_CONSECUTIVE_SUBSET.find(board)
    assert step is not None
    assert step.text == (
        "In row 1, r1c1 and r1c2 hold only {3,4,5}, and cells side by side cannot hold "
        "consecutive digits: they take 3 and 5, one each; 4 cannot go in them; 3 and 5 always "
        "among them, they leave the rest of row 1 and box 1.")
    gone = {(e.cell, e.digit) for e in step.eliminations}
    rest = [f"r1c{c}" for c in range(3, 10)] + [f"r{r}c{c}" for r in (2, 3) for c in (1, 2, 3)]
    assert gone == {("r1c1", 4), ("r1c2", 4)} | {(c, d) for c in rest for d in (3, 5)}


@pytest.mark.parametrize(("line", "solution"), MINIMAL)
def test_forcing_chains_follow_the_rule_of_neighbours(pure: bool, line: str,
                                                      solution: str) -> None:
    # where the techniques above stop, an assumption's consequences under the rule of
    # neighbours reach a contradiction: the forcing chains go on
    board = Board.from_grid(Grid(line, rules=RULES))
    for step in steps_of(line):
        step.apply_to(board)
    found = []
    while len(found) < 3 and (step := FORCING_CHAIN.find(board)) is not None:
        found.append(step)
        step.apply_to(board)
    check_against(found, solution)
    assert len(found) == 3
    assert found[0].text.startswith(f"If {found[0].eliminations[0].cell} were "
                                    f"{found[0].eliminations[0].digit}, singles would lead to "
                                    "a contradiction")


def test_each_technique_of_neighbours_runs_where_the_ladder_reaches_its_level() -> None:
    keys = [t.key for t in ladder_for(geometry_of(RULES), LADDER)]
    assert keys.index("pointing") < keys.index("non-consecutive-pointing") \
        < keys.index("claiming") < keys.index("non-consecutive-subset") < keys.index("x-wing")
    assert keys.index("aic") < keys.index("non-consecutive-chain") < keys.index("forcing-chain")
    medium = tuple(t for t in LADDER if t.level <= Level.MEDIUM)
    keys = [t.key for t in ladder_for(geometry_of(RULES), medium)]
    assert "non-consecutive-subset" in keys and "non-consecutive-chain" not in keys
    assert not {"non-consecutive-pointing", "non-consecutive-chain"} & {
        t.key for t in ladder_for(geometry_of(Rules.preset("anti-king")), LADDER)}
