"""Why a puzzle is not unique, redundant givens, minimizing and the smallest set of givens
with no solution, each answer checked by the plain 9x9 solver of support.reference."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from sudokit import Grid, SudokuError
from sudokit.analysis import (
    minimize,
    redundant_givens,
    unique_with,
    unsolvable_core,
    why,
)
from sudokit.analysis.uniqueness import is_minimal
from sudokit.rules import Rules
from support.reference import count_9x9

#: Solutions of published puzzles (the first lines of data/puzzles3_magictour_top1465.txt
#: and data/puzzles6_forum_hardest_1106.txt).
SOLUTIONS = [
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
    "621943758783615492594728361142879635357461289869532174238197546916354827475286913",
]

#: Four cells of the first solution whose two digits can swap (a rectangle).
RECTANGLE = (4, 7, 13, 16)


def blanked(solution: str, cells: set[int]) -> Grid:
    return Grid.from_cells([0 if i in cells else int(v) for i, v in enumerate(solution)])


def with_clues(puzzle: Grid, clues: tuple[tuple[int, int], ...]) -> list[int]:
    cells = list(puzzle.cells)
    for cell, digit in clues:
        cells[cell] = digit
    return cells


def several_puzzles() -> list[Grid]:
    """Puzzles with several solutions: the rectangle and more cells blank, and random
    cells of the second solution blank."""
    rng = random.Random(5)
    out = [blanked(SOLUTIONS[0], set(RECTANGLE) | set(rng.sample(range(81), 12)))]
    while len(out) < 3:
        puzzle = blanked(SOLUTIONS[1], set(rng.sample(range(81), 24)))
        if count_9x9(puzzle.cells) == 2:
            out.append(puzzle)
    return out


@pytest.mark.parametrize("index", range(3))
def test_several_solutions_two_of_them_their_unavoidable_set_and_the_fewest_clues(
        pure: bool, index: int) -> None:
    puzzle = several_puzzles()[index]
    answer = why(puzzle)
    assert answer.verdict == "several"
    first, second = answer.solutions
    for solution in (first, second):
        assert solution.is_solved()
        assert all(not p or p == s for p, s in zip(puzzle.cells, solution.cells, strict=True))
    differ = tuple(i for i in range(81) if first.cells[i] != second.cells[i])
    assert differ == answer.unavoidable and differ
    # minimal: with any one of its cells given, the rest cannot change on its own
    for cell in differ:
        fixed = [first.cells[i] if i not in differ or i == cell else 0 for i in range(81)]
        assert count_9x9(fixed) == 1
    made = answer.completion
    assert made is not None and made.method == "exact"
    assert all(first.cells[c] == d and not puzzle.cells[c] for c, d in made.clues)
    assert count_9x9(with_clues(puzzle, made.clues)) == 1
    blanks = [i for i in range(81) if not puzzle.cells[i]]
    for fewer in combinations(blanks, len(made.clues) - 1):
        assert count_9x9(with_clues(puzzle, tuple((c, first.cells[c]) for c in fewer))) == 2


def test_past_its_bound_the_greedy_answer_is_said_and_still_unique(pure: bool) -> None:
    puzzle = several_puzzles()[1]
    made = unique_with(puzzle, nodes=1)
    assert made.method == "greedy"
    assert count_9x9(with_clues(puzzle, made.clues)) == 1
    assert len(made.clues) >= len(unique_with(puzzle).clues)


def unique_puzzle(seed: int, blanks: int) -> Grid:
    rng = random.Random(seed)
    while True:
        puzzle = blanked(SOLUTIONS[seed % 2], set(rng.sample(range(81), blanks)))
        if count_9x9(puzzle.cells) == 1:
            return puzzle


@pytest.mark.parametrize("seed", [1, 2])
def test_the_redundant_givens_are_those_each_of_which_alone_can_go(
        pure: bool, seed: int) -> None:
    puzzle = unique_puzzle(seed, 45)
    expected = [c for c in range(81) if puzzle.cells[c]
                and count_9x9([0 if i == c else v for i, v in enumerate(puzzle.cells)]) == 1]
    assert redundant_givens(puzzle) == expected
    answer = why(puzzle)
    assert answer.verdict == "unique" and list(answer.redundant) == expected
    assert answer.solutions[0].to_line() == SOLUTIONS[seed % 2]


def test_minimize_leaves_a_minimal_puzzle_with_the_same_solution(pure: bool) -> None:
    puzzle = unique_puzzle(3, 40)
    small = minimize(puzzle, seed=7)
    assert small == minimize(puzzle, seed=7)
    assert all(not s or s == p for s, p in zip(small.cells, puzzle.cells, strict=True))
    assert count_9x9(small.cells) == 1
    for c in range(81):
        if small.cells[c]:
            assert count_9x9([0 if i == c else v for i, v in enumerate(small.cells)]) == 2
    assert is_minimal(small) and not is_minimal(puzzle)


def test_minimize_and_redundant_givens_refuse_a_puzzle_without_one_solution() -> None:
    several = several_puzzles()[0]
    with pytest.raises(SudokuError, match="more than one solution"):
        minimize(several, seed=1)
    with pytest.raises(SudokuError, match="no solution"):
        redundant_givens(Grid("11" + "." * 79))
    with pytest.raises(TypeError, match="puzzle must be a Grid"):
        minimize(SOLUTIONS[0])  # type: ignore[arg-type]


def test_no_solution_the_givens_that_already_leave_none(pure: bool) -> None:
    puzzle = unique_puzzle(4, 40)
    solution = SOLUTIONS[0]
    # a wrong digit that clashes with no given: the unique puzzle then has no solution
    cell, digit = next((c, d) for c in range(81) if not puzzle.cells[c]
                       for d in range(1, 10) if d != int(solution[c])
                       and puzzle.with_digit(c, d).is_valid())
    wrong = puzzle.with_digit(cell, digit)
    answer = why(wrong)
    assert answer.verdict == "none" and answer.core is not None
    core = dict(answer.core.givens)
    assert cell in core and all(wrong.cells[c] == d for c, d in core.items())
    only = [core.get(i, 0) for i in range(81)]
    assert count_9x9(only) == 0
    for c in core:  # none of them can go
        assert count_9x9([0 if i == c else v for i, v in enumerate(only)]) >= 1


def test_a_clashing_pair_is_the_smallest_set() -> None:
    core = unsolvable_core(Grid("5..5" + "." * 77))
    assert core.givens == ((0, 5), (3, 5)) and core.smallest


def test_a_smallest_set_is_proved_among_few_givens(pure: bool) -> None:
    # digit 1 has no place in box 1, and a harmless given besides
    puzzle = Grid("...1....." "......1.." "234......" + "." * 36 + "....9...." + "." * 9)
    core = unsolvable_core(puzzle)
    assert core.smallest
    assert [c for c, _ in core.givens] == [3, 15, 18, 19, 20]
    with pytest.raises(SudokuError, match="has a solution"):
        unsolvable_core(Grid.empty(9))


def test_a_variant_is_refused_by_name_never_answered_as_classic() -> None:
    x = Grid(SOLUTIONS[0].replace("4", "."), rules=Rules.preset("x"))
    for function in (why, minimize, redundant_givens, unique_with):
        with pytest.raises(SudokuError, match="X 9x9 rules are not supported"):
            function(x)


def test_a_small_unavoidable_set_is_shown_when_two_digits_can_swap(pure: bool) -> None:
    # the first of the forum's hardest list with its first given taken away
    puzzle = Grid("...........3...4...9..2..6.....79.......612.."
                  ".6.5.2.7...8...5...1.....2.4.5.....3")
    answer = why(puzzle)
    first, second = answer.solutions
    differ = tuple(i for i in range(81) if first.cells[i] != second.cells[i])
    assert differ == answer.unavoidable and len(differ) == 6
    assert len({first.cells[i] for i in differ}) == 2  # two digits swapped
    for cell in differ:
        fixed = [first.cells[i] if i not in differ or i == cell else 0 for i in range(81)]
        assert count_9x9(fixed) == 1
