"""Killer logic: cage combinations, cage pointing, the rule of 45 and hidden cages, each on
a position built here with the exact step expected, and every step of killer puzzles made
here (cages grown on a random solution) checked against that solution."""

from __future__ import annotations

import random
from itertools import product

import pytest
from test_logic_variants import check_against

from sudokit import Grid, Rules, solve
from sudokit.constraints import Cage
from sudokit.formats import load
from sudokit.generator.killer import caged
from sudokit.generator.variants import another_solution
from sudokit.logic import solve_path
from sudokit.logic.board import Board, geometry_of
from sudokit.logic.path import find_step
from sudokit.logic.step import Step
from sudokit.logic.techniques import LADDER
from sudokit.logic.techniques.cage_houses import HOUSE_COMBINATIONS
from sudokit.logic.techniques.cages import CAGE_CLAIMING, CAGE_COMBINATION, CAGE_POINTING
from sudokit.logic.techniques.innies import HIDDEN_CAGE, INNIES_MINUS_OUTIES, RULE_OF_45
from sudokit.logic.techniques.supports import matched, sum_supports
from sudokit.logic.variants import ladder_for
from support.clirunner import sudoku
from support.files import TEST_DATA

#: A solution (rows 1-9) the positions below put cages on.
SOLUTION = tuple(int(d) for d in (
    "123456789" "456789123" "789123456" "214365897" "365897214" "897214365"
    "531642978" "642978531" "978531642"))


def board_of(rules: Rules, given: dict[int, int] | None = None) -> Board:
    """An empty board under ``rules`` (with ``given`` digits placed), as the rater starts."""
    geo = geometry_of(rules)
    board = Board(geo, [geo.full & m for m in geo.cell_masks], [0] * geo.ncells)
    for cell, digit in (given or {}).items():
        board.place(cell, digit)
    return board


def changes(step: Step | None) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    """(placements, eliminations) of a step as sets of (cell, digit)."""
    assert step is not None
    return ({(p.cell, p.digit) for p in step.placements},
            {(e.cell, e.digit) for e in step.eliminations})


def cage(cells: list[int], solution: tuple[int, ...] = SOLUTION) -> Cage:
    """A cage over ``cells`` with the total the solution gives it."""
    return Cage(cells, sum(solution[c] for c in cells))


# -- positions ------------------------------------------------------------------------


def test_a_two_cell_cage_of_3_is_1_and_2() -> None:
    board = board_of(Rules(9, constraints=[Cage([0, 1], 3)]))
    step = CAGE_COMBINATION.find(board)
    assert step is not None
    assert step.text == "The 2-cell cage of 3 at r1c1 is 1+2: r1c1 and r1c2 can only be 1 or 2."
    assert changes(step) == (set(), {(c, d) for c in ("r1c1", "r1c2") for d in range(3, 10)})


def test_a_cage_keeps_only_the_combinations_its_candidates_can_fill() -> None:
    # a 2-cell cage of 10 in row 1 where 1 and 9 are placed elsewhere in the row: 1+9 is gone,
    # and 5+5 never was (cage digits differ)
    rules = Rules(9, constraints=[Cage([0, 1], 10)])
    board = board_of(rules, {5: 1, 6: 9})
    step = CAGE_COMBINATION.find(board)
    assert step is not None
    assert "holds 2+8 or 3+7 or 4+6" in step.text
    assert changes(step)[1] == {(c, 5) for c in ("r1c1", "r1c2")}


def test_a_one_cell_cage_is_its_total() -> None:
    step = CAGE_COMBINATION.find(board_of(Rules(9, constraints=[Cage([40], 7)])))
    assert changes(step) == ({("r5c5", 7)}, set())
    assert step is not None and step.text == "The 1-cell cage of 7 at r5c5 is 7."


def test_digits_every_combination_holds_leave_the_cells_that_see_their_places() -> None:
    # the cage of 3 at r1c1-r1c2 holds 1 and 2: both leave the rest of row 1 and of box 1
    rules = Rules(9, constraints=[Cage([0, 1], 3)])
    board = board_of(rules)
    CAGE_COMBINATION.find(board).apply_to(board)  # type: ignore[union-attr]
    step = CAGE_POINTING.find(board)
    assert step is not None
    seen = {f"r1c{c}" for c in range(3, 10)} | {f"r{r}c{c}" for r in (2, 3) for c in (1, 2, 3)}
    assert changes(step) == (set(), {(cell, 1) for cell in seen})
    assert "holds 1, in r1c1 or r1c2" in step.text


def test_the_one_innie_of_a_row_is_45_less_its_cages() -> None:
    rules = Rules(9, constraints=[cage([0, 1, 2]), cage([3, 4, 5]), cage([6, 7])])
    step = RULE_OF_45.find(board_of(rules))
    assert changes(step) == ({("r1c9", 9)}, set())
    assert step is not None and step.text == (
        "Row 1 adds up to 45; the cages wholly inside add up to 36, so r1c9, the one cell "
        "left, is 9.")


def test_the_one_outie_of_a_row_is_its_cages_less_45() -> None:
    # row 1 covered by cages, the last of which sticks out into r2c9
    rules = Rules(9, constraints=[cage([0, 1, 2]), cage([3, 4, 5]), cage([6, 7, 8, 17])])
    step = RULE_OF_45.find(board_of(rules))
    assert changes(step) == ({("r2c9", SOLUTION[17])}, set())
    assert step is not None and "r2c9, the one cell outside it, is 3" in step.text


def test_innies_over_two_rows_add_up_to_90_less_their_cages() -> None:
    # rows 1-2 with two cells left out of whole cages: r2c8 + r2c9 = 2 + 3
    cells = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11], [12, 13, 14], [15]]
    rules = Rules(9, constraints=[cage(c) for c in cells])
    board = board_of(rules, {15: SOLUTION[15]})
    step = RULE_OF_45.find(board)
    assert step is not None
    assert step.text.startswith("Rows 1-2 add up to 90; the cages wholly inside add up to 85")
    assert "r2c8 and r2c9 (left) add up to 5" in step.text
    # (1 left them when r2c7 was placed; 5 and more cannot add up to 5 with another digit)
    assert changes(step)[1] == {(c, d) for c in ("r2c8", "r2c9") for d in range(4, 10)}


def test_a_house_less_its_cages_is_a_hidden_cage() -> None:
    # row 1 less the cages at r1c1-r1c3 (6) and r1c4-r1c6 (15): r1c7-r1c9 hold 24 = 7+8+9
    rules = Rules(9, constraints=[cage([0, 1, 2]), cage([3, 4, 5])])
    step = HIDDEN_CAGE.find(board_of(rules))
    assert step is not None
    assert "r1c7, r1c8 and r1c9 (left) form a hidden cage of 24" in step.text
    assert changes(step)[1] == {(f"r1c{c}", d) for c in (7, 8, 9) for d in range(1, 7)}


def test_a_cage_split_by_a_house_is_two_cages_of_different_digits() -> None:
    # row 1 less its whole cages is r1c7 + r1c8 = 15, part of the cage of 20 at r1c7 that
    # goes on into r2c8-r2c9: those add up to 5, with digits the first two do not use
    rules = Rules(9, constraints=[cage([0, 1, 2]), cage([3, 4, 5]), cage([8]),
                                  cage([6, 7, 16, 17])])
    step = HIDDEN_CAGE.find(board_of(rules))
    assert step is not None
    assert step.text.startswith(
        "Row 1 adds up to 45; the cages wholly inside add up to 30, so r1c7 and r1c8 (left) "
        "form a hidden cage of 15; the rest of the 4-cell cage of 20 at r1c7, r2c8 and "
        "r2c9, adds up to 5 with other digits: ")
    assert changes(step)[1] == (
        {(c, d) for c in ("r1c7", "r1c8") for d in range(1, 6)}
        | {(c, d) for c in ("r2c8", "r2c9") for d in range(5, 10)})


def test_a_cage_that_holds_a_rows_only_places_for_9_holds_9() -> None:
    board = board_of(Rules(9, constraints=[Cage([0, 1], 10)]))
    for c in range(2, 9):
        board.eliminate(c, 9)
    step = CAGE_CLAIMING.find(board)
    assert step is not None
    assert step.text.startswith("In row 1, 9 fits only in r1c1 and r1c2, all in the 2-cell "
                                "cage of 10 at r1c1: the cage holds 9, so it is 1+9: ")
    assert changes(step)[1] == {(c, d) for c in ("r1c1", "r1c2") for d in range(2, 9)}


def test_one_innie_less_one_outie_is_known() -> None:
    # row 1: whole cages over r1c1-r1c6, one sticking out into r2c8, one mostly below:
    # r1c9 - r2c8 = 45 - the three cages counted = 9 - 2
    rules = Rules(9, constraints=[cage([0, 1, 2]), cage([3, 4, 5]), cage([6, 7, 16]),
                                  cage([8, 17, 26])])
    step = INNIES_MINUS_OUTIES.find(board_of(rules))
    assert step is not None
    assert step.text.startswith("Row 1 adds up to 45; the cages mostly inside add up to 38, "
                                "so r1c9 (inside) is 7 more than r2c8 (outside): ")
    assert changes(step)[1] == {("r1c9", d) for d in range(1, 8)} | {
        ("r2c8", d) for d in range(3, 10)}


def test_cages_in_one_house_take_combinations_that_share_no_digit() -> None:
    # row 1: a cage of 4 (1+3) and a cage of 7 (1+6, 2+5 or 3+4): only 2+5 fits beside 1+3
    rules = Rules(9, constraints=[Cage([0, 1], 4), Cage([2, 3], 7)])
    step = HOUSE_COMBINATIONS.find(board_of(rules))
    assert step is not None
    assert "only 1+3 with 2+5 fit" in step.text
    assert changes(step)[1] == (
        {(c, d) for c in ("r1c1", "r1c2") for d in (2, 4, 5, 6, 7, 8, 9)}
        | {(c, d) for c in ("r1c3", "r1c4") for d in (1, 3, 4, 6, 7, 8, 9)}
        | {(f"r1c{c}", d) for c in range(5, 10) for d in (1, 2, 3, 5)})


def test_a_cage_across_a_house_puts_in_it_digits_the_others_leave() -> None:
    # row 1: a cage of 3 (1+2) inside it, a cage of 4 (1+3) across its edge at r1c3-r2c3:
    # the 1 of that cage cannot be in row 1, so r1c3 is 3 and r2c3 is 1
    rules = Rules(9, constraints=[Cage([0, 1], 3), Cage([2, 11], 4)])
    step = HOUSE_COMBINATIONS.find(board_of(rules))
    assert step is not None
    assert "the digits they put in it can only be 1+2 with 3" in step.text
    assert changes(step)[1] == (
        {(c, d) for c in ("r1c1", "r1c2") for d in range(3, 10)}
        | {("r1c3", d) for d in (1, 2, 4, 5, 6, 7, 8, 9)}
        | {("r2c3", d) for d in range(2, 10)}
        | {(f"r1c{c}", d) for c in range(4, 10) for d in (1, 2, 3)})


def test_the_killer_techniques_join_a_ladder_by_difficulty() -> None:
    geo = geometry_of(Rules(9, constraints=[Cage([0, 1], 3)]))
    keys = [t.key for t in ladder_for(geo, LADDER)]
    assert keys.index("hidden-single") < keys.index("cage-combination") \
        < keys.index("naked-single") < keys.index("rule-of-45") < keys.index("hidden-cage") \
        < keys.index("cage-pointing") < keys.index("x-wing")
    easy = [t.key for t in ladder_for(geo, LADDER[:3])]
    assert "cage-combination" in easy and "rule-of-45" not in easy


# -- the searches, against plain enumeration -----------------------------------------------


def plain_supports(masks: list[int], keep: object) -> list[int] | None:
    """Each cell's candidates used by some filling of the cells (digits 1-9 from their
    masks) that ``keep(values)`` accepts, by trying every filling."""
    out = [0] * len(masks)
    options = [[d for d in range(1, 10) if m >> (d - 1) & 1] for m in masks]
    for values in product(*options):
        if keep(values):  # type: ignore[operator]
            for i, v in enumerate(values):
                out[i] |= 1 << (v - 1)
    return out if any(out) else None


@pytest.mark.parametrize("seed", range(40))
def test_the_searches_agree_with_plain_enumeration(seed: int) -> None:
    rng = random.Random(seed)
    k = rng.randint(1, 4)
    masks = [rng.randrange(1, 512) for _ in range(k)]
    digits = sum(1 << (d - 1) for d in rng.sample(range(1, 10), k))
    assert matched(masks, digits) == plain_supports(
        masks, lambda v: len(set(v)) == k and sum(1 << (d - 1) for d in v) == digits)
    total = rng.randint(k, 9 * k)
    apart = [rng.getrandbits(k) & ~(1 << i) for i in range(k)]
    apart = [a | sum(1 << j for j in range(k) if apart[j] >> i & 1) for i, a in enumerate(apart)]
    assert sum_supports(masks, total, apart, 9) == plain_supports(
        masks, lambda v: sum(v) == total and all(
            v[i] != v[j] for i in range(k) for j in range(k) if apart[i] >> j & 1))


# -- killer puzzles made here ----------------------------------------------------------


def random_solution(rng: random.Random) -> tuple[int, ...]:
    """A random classic solution: SOLUTION's digits, bands, rows, stacks and columns
    shuffled (each keeps every house)."""
    digits = rng.sample(range(1, 10), 9)
    rows = [3 * b + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [3 * b + c for b in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    return tuple(digits[SOLUTION[rows[i // 9] * 9 + cols[i % 9]] - 1] for i in range(81))


def grown_cages(solution: tuple[int, ...], rng: random.Random, low: int = 2,
                high: int = 5) -> Rules:
    """Cages of ``low`` to ``high`` cells grown from random cells over the whole grid, each
    cell next to one already in, no digit twice; the totals the solution gives them."""
    free = set(range(81))
    cages = []
    for start in rng.sample(range(81), 81):
        if start not in free:
            continue
        cells = [start]
        free.discard(start)
        size = rng.randint(low, high)
        while len(cells) < size:
            near = [o for c in cells for o in (c - 9, c + 9, c - 1 if c % 9 else -1,
                                               c + 1 if c % 9 < 8 else -1)
                    if o in free and solution[o] not in {solution[x] for x in cells}]
            if not near:
                break
            cells.append(rng.choice(near))
            free.discard(cells[-1])
        cages.append(cage(cells, solution))
    return Rules(9, constraints=cages)


def walk(rules: Rules, solution: tuple[int, ...]) -> tuple[list[Step], Board]:
    """Every step the ladder finds from the empty grid, each checked against the solution
    (a sound step keeps every solution, so this one too) before it is made."""
    board = board_of(rules)
    board.solutions = 2  # not proven unique: no uniqueness technique may run
    steps = []
    while board.unsolved:
        step = find_step(board, LADDER)
        if step is None:
            break
        names = board.geo.cell_names
        for cell, digit in step._place:
            assert solution[cell] == digit, f"{step} ({step.text}): {names[cell]}"
        for cell, digit in step._elim:
            assert solution[cell] != digit, f"{step} ({step.text}): {names[cell]}"
        steps.append(step)
        step.apply_to(board)
    return steps, board


@pytest.mark.parametrize("seed", range(12))
def test_every_step_on_a_killer_keeps_its_solution(seed: int) -> None:
    rng = random.Random(seed)
    solution = random_solution(rng)
    rules = grown_cages(solution, rng, 2, 5 if seed % 2 else 3)
    steps, board = walk(rules, solution)
    assert steps
    if not board.unsolved:
        assert tuple(board.values) == solution


def test_killers_the_maker_makes_are_solved_by_logic_to_the_end(pure: bool) -> None:
    # cages of 2-3 cells grown on a random solution and merged while it stays the only one
    # (the rules engine says so): logic finds every digit, each step keeps the solution
    for seed in range(3):
        rng = random.Random(seed)
        solution = random_solution(rng)
        rules = caged(Rules(9), solution, (2, 3), rng, another_solution)
        assert rules is not None
        steps, board = walk(rules, solution)
        assert tuple(board.values) == solution and not board.unsolved
        assert "cage-combination" in {s.key for s in steps}


#: A killer with one solution (cages grown on SOLUTION-like grids and split until the
#: reference found one solution), and that solution.
UNIQUE = (
    Rules(9, constraints=[
        Cage((0, 9, 10, 19), 15), Cage((1, 2), 17), Cage((11, 12), 13), Cage((13,), 6),
        Cage((14, 22, 23), 13), Cage((15,), 2), Cage((16, 17), 9), Cage((18, 28), 10),
        Cage((20, 21, 30, 31), 22), Cage((24, 33), 16), Cage((25, 34, 43), 13),
        Cage((26, 35), 6), Cage((27,), 4), Cage((29, 38, 47, 56), 18), Cage((3, 4), 11),
        Cage((32,), 6), Cage((36, 45, 46), 23), Cage((37,), 2), Cage((39, 48, 49), 10),
        Cage((40,), 5), Cage((41, 42, 50), 19), Cage((44, 53, 62), 21), Cage((5,), 1),
        Cage((51, 52), 9), Cage((54, 55, 63, 72), 18), Cage((57,), 3), Cage((58, 59), 15),
        Cage((6, 7), 11), Cage((60, 61, 69), 6), Cage((64, 73, 74), 11), Cage((65,), 7),
        Cage((66, 75), 7), Cage((67, 76), 13), Cage((68,), 2), Cage((70, 71, 79, 80), 25),
        Cage((77, 78), 13), Cage((8,), 3)]),
    tuple(int(d) for d in "298471563754963281316528794475836912921754638683219457"
                          "549387126867192345132645879"),
)


def test_a_killer_with_one_solution_is_solved_by_logic_to_the_end() -> None:
    rules, solution = UNIQUE
    steps, board = walk(rules, solution)
    assert not board.unsolved and tuple(board.values) == solution
    assert {"cage-combination", "hidden-single"} <= {s.key for s in steps}


# -- on the command line ----------------------------------------------------------------


def test_hint_explain_and_rate_a_killer_file(pure: bool) -> None:
    path = str(TEST_DATA / "constraints" / "killer.killer")
    grid = load(path)[0]
    assert isinstance(grid, Grid)
    solution = solve(grid)
    assert solution is not None
    hinted = sudoku("hint", "--why", path)
    assert hinted.status == 0, hinted.stderr
    assert hinted.out.startswith("Cage Combination [r1c1 r1c2]: ")
    assert "The 2-cell cage of 8 at r1c1 holds 1+7 or 2+6 or 3+5" in hinted.out
    explained = sudoku("explain", path)
    assert explained.status == 0, explained.stderr
    assert "Rule of 45" in explained.out and explained.out.rstrip().endswith(
        "solved in 157 steps: medium 2.3 (Rule of 45)")
    steps = solve_path(grid).steps
    check_against(steps, solution.cells, grid.shape)
    rated = sudoku("rate", path)
    assert (rated.status, rated.out) == (0, "medium 2.3 (Rule of 45) ED=2.3/1.6/1.6\n")
