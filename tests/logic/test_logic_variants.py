"""The logic on variant rules: the board's houses, peers and names from any Rules, the steps
each rule gives, which techniques run, and every step of many variant puzzles checked
against their solution (made here by a plain backtracking solver under the rules)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from sudokit import Grid, count_solutions, solve
from sudokit.logic import hint, next_step, rate, solve_path
from sudokit.logic.board import Board, geometry, geometry_of
from sudokit.logic.rating import rating_of
from sudokit.logic.step import Level, Step
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY, LADDER
from sudokit.logic.techniques.non_consecutive import NON_CONSECUTIVE_CELLS
from sudokit.logic.techniques.rule_moves import LOCKED_BY_MOVES
from sudokit.logic.variants import ladder_for
from sudokit.rules import Rules
from sudokit.shape import Shape

#: A jigsaw's regions, one letter a region (made by hand: connected, nine cells each).
JIGSAW = (
    "AAABBBCCC"
    "AAABBBCCC"
    "AADBEBCCC"
    "ADDBEFFFF"
    "DDDEEEFFF"
    "DDDEEEEFF"
    "GGGHHIIII"
    "GGGHHHIII"
    "GGGHHHHII"
)


def breaks_rules(cells: list[int], rules: Rules) -> bool:
    """Does a full grid break ``rules``? Every house, pair and cell rule checked plainly."""
    return (any(len({cells[c] for c in house}) != len(house) for house in rules.houses)
            or any(cells[a] == cells[b] for a, b in rules.differ)
            or any(abs(cells[a] - cells[b]) == 1 for a, b in rules.non_consecutive_pairs)
            or any(not m >> (cells[c] - 1) & 1 for c, m in enumerate(rules.cell_masks)))


def variant_rules(name: str) -> Rules:
    """The rules a test name stands for (even-odd: its cells are marked on each solution)."""
    if name == "jigsaw":
        return Rules(9, regions=JIGSAW)
    if name == "even-odd":
        return Rules(9)
    return Rules.preset(name)


def random_solution(rules: Rules, rng: random.Random) -> list[int]:
    """A random solution under ``rules``, checked here: the first solution of the empty grid
    with its digits shuffled (which keeps every rule but non-consecutive), or for
    non-consecutive a few random clues solved."""
    while True:
        cells = [0] * 81
        if rules.non_consecutive:
            for c in rng.sample(range(81), 4):
                cells[c] = rng.randint(1, 9)
        grid = Grid(cells, rules=rules)
        if grid.conflicts():
            continue
        found = solve(grid)
        if found is None:
            continue
        out = list(found.cells)
        if not rules.non_consecutive:
            digits = rng.sample(range(1, 10), 9)
            out = [digits[d - 1] for d in out]
        assert not breaks_rules(out, rules)
        return out


@cache
def variant_puzzles(name: str, count: int, givens: int, seed: int
                    ) -> tuple[tuple[Grid, tuple[int, ...]], ...]:
    """``count`` puzzles under the rules ``name`` with one solution each, and that solution:
    a random solution's cells made blank in a random order while one solution is left, down
    to ``givens`` clues."""
    rng = random.Random(seed)
    rules = variant_rules(name)
    out = []
    for _ in range(count):
        solution = random_solution(rules, rng)
        here = rules
        if name == "even-odd":
            marked = rng.sample(range(81), 27)
            here = Rules(9, odd=[c for c in marked if solution[c] % 2],
                         even=[c for c in marked if not solution[c] % 2])
        cells = list(solution)
        for c in rng.sample(range(81), 81):
            if sum(1 for x in cells if x) <= givens:
                break
            cells[c] = 0
            if count_solutions(Grid(cells, rules=here), 2) != 1:
                cells[c] = solution[c]
        out.append((Grid(cells, rules=here), tuple(solution)))
    return tuple(out)


def check_against(steps: tuple[Step, ...] | list[Step], solution: tuple[int, ...],
                  shape: Shape) -> None:
    """Fail unless every placement is the solution's digit and no elimination removes it."""
    for step in steps:
        for cell, digit in step.placements:
            assert solution[shape.parse_cell(cell)] == digit, f"{step} ({step.text})"
        for cell, digit in step.eliminations:
            assert solution[shape.parse_cell(cell)] != digit, f"{step} ({step.text})"


# -- the board -----------------------------------------------------------------------


def test_a_variant_board_has_every_house_of_its_rules_with_names() -> None:
    rules = Rules.preset("x+windoku")
    geo = geometry_of(rules)
    assert geo.units == rules.houses
    assert geo.unit_names[27:] == ("diagonal 1", "diagonal 2", "window 1", "window 2",
                                   "window 3", "window 4")
    assert set(geo.cell_houses[0]) == {0, 9, 18, 27}  # row 1, column 1, box 1, diagonal 1
    assert geometry_of(Rules(9, regions=JIGSAW)).unit_names[21] == "region 4"
    assert geometry_of(Rules.preset("disjoint")).unit_names[28] == "group 2"


def test_knight_cells_are_peers_but_leave_a_placed_digit_by_a_step() -> None:
    geo = geometry_of(Rules.preset("anti-knight"))
    r1c3, r2c5 = 2, 13
    assert geo.sees(r1c3, r2c5)
    assert not geo.house_peer_bits[r1c3] >> r2c5 & 1
    board = Board.from_grid(Grid("..5" + "." * 78, rules=Rules.preset("anti-knight")))
    assert board.has(r2c5, 5)  # left for the step that names the rule


def test_intersections_of_any_two_houses_sharing_cells() -> None:
    geo = geometry_of(Rules.preset("x"))
    diagonal, box1 = 27, 18
    assert (box1, diagonal, 1 | 1 << 10 | 1 << 20) in geo.more_intersections


def test_classic_rules_keep_the_classic_board() -> None:
    shape = Shape(3, 3)
    assert geometry_of(Rules(9)) is geometry(shape)
    assert geometry(shape).classic and ladder_for(geometry(shape), LADDER) is LADDER


def test_odd_and_even_cells_start_with_their_digits() -> None:
    rules = Rules(9, odd=[0], even=[1])
    board = Board.from_grid(Grid("." * 81, rules=rules))
    assert board.masks[0] == 0b101010101 and board.masks[1] == 0b010101010


# -- the steps each rule gives ----------------------------------------------------------


@pytest.mark.parametrize(("preset", "text"), [
    ("anti-knight", "r1c3=5: a knight's move away, r2c5 and r3c4 cannot be 5."),
    ("anti-king", "r1c3=5: a king's move away, r2c4 cannot be 5."),
])
def test_a_placed_digit_leaves_the_cells_a_move_away(pure: bool, preset: str, text: str) -> None:
    step = next_step(Grid("..5" + "." * 78, rules=Rules.preset(preset)), unique=False)
    assert step is not None and step.text == text


def test_a_placed_digit_leaves_its_neighbours_consecutive_digits(pure: bool) -> None:
    puzzle = Grid("." * 40 + "5" + "." * 40, rules=Rules.preset("non-consecutive"))
    step = next_step(puzzle, unique=False)
    assert step is not None and step.technique == "Non-Consecutive"
    assert step.text == ("r5c5=5: r4c5, r5c4, r5c6 and r6c5 are next to it and cannot hold "
                         "4 or 6.")
    assert {str(e) for e in step.eliminations} == {
        f"{c}<>{d}" for c in ("r4c5", "r5c4", "r5c6", "r6c5") for d in (4, 6)}


def test_uniqueness_and_box_shaped_techniques_are_left_out_where_unsound() -> None:
    x = ladder_for(geometry_of(Rules.preset("x")), LADDER)
    jigsaw = ladder_for(geometry_of(Rules(9, regions=JIGSAW)), LADDER)
    assert not any(t.uniqueness for t in x + jigsaw)
    assert "finned-x-wing" in {t.key for t in x} and "empty-rectangle" in {t.key for t in x}
    assert not {"finned-x-wing", "empty-rectangle"} & {t.key for t in jigsaw}
    assert "locked-candidates" in {t.key for t in x}


# -- soundness on many puzzles ------------------------------------------------------------

#: Techniques up to the expert level: the extreme ones (forcing chains) are asked on fewer.
EXPERT = tuple(t for t in LADDER if t.level <= Level.EXPERT)
PRESETS = ("x", "windoku", "anti-king", "anti-knight", "non-consecutive", "disjoint",
           "centre-dot", "jigsaw", "even-odd", "x+anti-knight")


@pytest.mark.parametrize("preset", PRESETS)
def test_every_step_keeps_the_solution(pure: bool, preset: str) -> None:
    solved = 0
    puzzles = variant_puzzles(preset, 6, 20, seed=len(preset) + 1)
    for puzzle, solution in puzzles:
        path = solve_path(puzzle, techniques=EXPERT)
        check_against(path.steps, solution, puzzle.shape)
        if path.solved:
            solved += 1
            assert tuple(m.bit_length() for m in path.final.masks) == solution
    assert solved  # the logic gets through some of them


#: The forcing chains, the nested ones left out (minutes a puzzle).
FORCING = tuple(t for t in LADDER if not t.key.startswith("nested"))


@pytest.mark.parametrize("preset", ("x", "jigsaw", "anti-knight"))
def test_forcing_chains_keep_the_solution(preset: str) -> None:
    for puzzle, solution in variant_puzzles(preset, 6, 20, seed=len(preset)):
        check_against(solve_path(puzzle, techniques=FORCING).steps, solution, puzzle.shape)


def test_rate_and_hint_on_a_variant() -> None:
    (puzzle, solution), = variant_puzzles("x", 1, 30, seed=3)
    rating = rate(puzzle)
    assert rating.solutions >= 1 and rating.steps > 0
    step = hint(puzzle).step
    assert step is not None
    check_against([step], solution, puzzle.shape)


def test_a_rule_step_counts_its_effort() -> None:
    puzzle = Grid("..5" + "." * 78, rules=Rules.preset("anti-knight"))
    path = solve_path(puzzle, techniques=LADDER[:3])
    assert path.steps[0].key == "anti-knight"
    assert rating_of(path).effort >= 4 * sum(1 for s in path.steps if s.key == "anti-knight")


def test_a_cell_that_every_place_of_a_digit_sees_by_a_move_loses_it(pure: bool) -> None:
    # column 1 lacks 5 and 9, which fit only in r1c1 and r4c1; r2c2 and r3c3 share box 1
    # with r1c1 and are a knight's move from r4c1
    column = ".12.34678"
    cells = "".join(d + "." * 8 for d in column)
    board = Board.from_grid(Grid(cells, rules=Rules.preset("anti-knight")))
    step = LOCKED_BY_MOVES.find(board)
    assert step is not None
    assert step.text == ("In column 1, 5 fits only in r1c1 and r4c1; r2c2 and r3c3 see each "
                         "of them (a house or a knight's move away), so cannot be 5.")
    assert [str(e) for e in step.eliminations] == ["r2c2<>5", "r3c3<>5"]


@pytest.mark.parametrize("preset", ("anti-knight", "x", "jigsaw"))
def test_every_step_listed_now_keeps_the_solution(preset: str) -> None:
    for puzzle, solution in variant_puzzles(preset, 3, 20, seed=len(preset)):
        groups = all_steps(puzzle, limit=5)
        if preset == "anti-knight":
            assert next(iter(groups)) == "Anti-Knight"
        assert not any(BY_KEY[s.key].uniqueness for steps in groups.values() for s in steps
                       if s.key in BY_KEY)
        check_against([s for steps in groups.values() for s in steps], solution, puzzle.shape)


def test_a_ladder_holds_only_the_steps_of_its_rules() -> None:
    keys = {t.key for t in ladder_for(geometry_of(Rules.preset("x")), LADDER)}
    assert not keys & {"anti-knight", "anti-king", "non-consecutive", "non-consecutive-cells"}
    keys = {t.key for t in ladder_for(geometry_of(Rules.preset("non-consecutive")), LADDER)}
    assert {"non-consecutive", "non-consecutive-cells"} <= keys


def test_a_cell_of_the_highest_digit_keeps_it_from_its_neighbours() -> None:
    rules = Rules.preset("non-consecutive")
    board = Board.from_grid(Grid("." * 81, rules=rules))
    for d in range(1, 9):
        board.eliminate(0, d)  # r1c1: 9 alone
    step = NON_CONSECUTIVE_CELLS.find(board)
    assert step is not None and step.text.startswith("r1c1 holds 9, each 8 or next to 8")
    for neighbour in (1, 9):
        board.eliminate(neighbour, 8)
    assert NON_CONSECUTIVE_CELLS.find(board) is None
