"""Killer puzzles made with no givens: cages grown on a solution, every puzzle checked
unique by the plain backtracking reference (support.constraint_reference), its cages
within the sizes asked, and the same seed giving the same puzzle; the options no killer
can meet refused in one line."""

from __future__ import annotations

import random

import pytest

from sudokit import Rules, search
from sudokit.constraints import Cage
from sudokit.errors import GenerateError, UnsupportedRulesError
from sudokit.generator.killer import caged, grow_cages
from sudokit.generator.make import generate, generate_many
from sudokit.generator.options import checked_options
from sudokit.generator.variants import random_solution
from support.clirunner import sudoku
from support.constraint_reference import solutions


def reference_another(rules: Rules, puzzle: list[int], solution: list[int]) -> list[int] | None:
    """A second solution by the reference, or None."""
    found = [s for s in solutions(rules, puzzle, limit=2) if s != list(solution)]
    return found[0] if found else None


def check_cages(rules: Rules, solution: list[int], sizes: tuple[int, int]) -> None:
    """The cages cover the grid once each, within ``sizes``, connected, digits differing,
    totals the solution's sums."""
    n = rules.size
    cages = [c for c in rules.constraints if isinstance(c, Cage)]
    covered = sorted(cell for cage in cages for cell in cage.cells)
    assert covered == list(range(n * n))
    for cage in cages:
        assert sizes[0] <= len(cage.cells) <= sizes[1], cage
        digits = [solution[c] for c in cage.cells]
        assert len(set(digits)) == len(digits) and cage.total == sum(digits) and not cage.repeat
        reached, todo = {cage.cells[0]}, [cage.cells[0]]
        while todo:
            r, c = divmod(todo.pop(), n)
            for o in (r * n + c - 1 if c else -1, r * n + c + 1 if c + 1 < n else -1,
                      (r - 1) * n + c, (r + 1) * n + c):
                if o in cage.cells and o not in reached:
                    reached.add(o)
                    todo.append(o)
        assert len(reached) == len(cage.cells), f"{cage} is not in one piece"


@pytest.mark.parametrize(("n", "sizes", "seed"), [(4, (2, 3), 1), (4, (1, 4), 2),
                                                  (6, (2, 4), 3), (6, (2, 5), 4)])
def test_cages_grown_on_a_solution_leave_one_solution(n: int, sizes: tuple[int, int],
                                                      seed: int) -> None:
    base = Rules(n)
    for k in range(3):
        solution = random_solution(base, random.Random(seed * 100 + k))
        assert solution is not None
        rules = caged(base, solution, sizes, random.Random(seed * 100 + k), reference_another)
        if rules is None:
            continue
        check_cages(rules, solution, sizes)
        assert solutions(rules, [0] * (n * n), limit=2) == [solution]
        again = caged(base, solution, sizes, random.Random(seed * 100 + k), reference_another)
        assert again == rules
        return
    pytest.fail("no killer in three solution grids")


def test_growth_covers_the_grid_with_cages_in_range() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        solution = random_solution(Rules(9), rng)
        assert solution is not None
        cages = grow_cages(9, solution, (2, 5), rng)
        assert cages is not None
        check_cages(Rules(9, constraints=[Cage(c, sum(solution[x] for x in c)) for c in cages]),
                    solution, (2, 5))


def test_same_seed_same_cages() -> None:
    solution = random_solution(Rules(6), random.Random(8))
    assert solution is not None
    made = [caged(Rules(6), solution, (2, 4), random.Random(9), reference_another)
            for _ in range(2)]
    assert made[0] is not None and made[0] == made[1]


# -- options no killer can meet ----------------------------------------------------------
def test_cage_size_is_checked_against_the_grid() -> None:
    assert checked_options(9, None, None, "none", False, None, None, rules="killer",
                           cage_size=(3, 7)).rules.cage_size == (3, 7)
    assert checked_options(4, None, None, "none", False, None, None,
                           rules="killer").rules.cage_size == (2, 4)
    with pytest.raises(GenerateError, match="holds 1 to 9 cells"):
        checked_options(9, None, None, "none", False, None, None, rules="killer",
                        cage_size=(0, 3))
    with pytest.raises(GenerateError, match="do not split into cages of 2 cells"):
        checked_options(9, None, None, "none", False, None, None, rules="killer",
                        cage_size=(2, 2))
    with pytest.raises(GenerateError, match="cage_size goes with killer"):
        checked_options(9, None, None, "none", False, None, None, rules="x", cage_size=(2, 3))
    with pytest.raises(GenerateError, match="no givens"):
        checked_options(9, None, 20, "none", False, None, None, rules="killer")


def test_clues_no_puzzle_is_made_with_are_refused_by_name() -> None:
    with pytest.raises(UnsupportedRulesError, match="creating sandwich puzzles"):
        checked_options(9, None, None, "none", False, None, None, rules="sandwich")


@pytest.mark.parametrize(("args", "words"), [
    (("--variant", "killer", "--cage-size", "0-3"), "--cage-size: 0-3: a cage holds at least 1"),
    (("--cage-size", "2-4"), "--cage-size 2-4: cages are grown for --variant killer only"),
    (("--variant", "x", "--cage-size", "3"), "cages are grown for --variant killer only"),
    (("--variant", "killer", "--cage-size", "3-12"), "holds 1 to 9 cells"),
    (("--variant", "killer", "--size", "12"), "made up to 9x9"),
    (("--variant", "little-killer"), "creating little killer puzzles is not supported"),
    (("--variant", "killer", "--difficulty", "extreme"),
     "making killer 9x9 puzzles of extreme difficulty is not supported"),
    (("--variant", "thermo", "--difficulty", "extreme"),
     "making thermo 9x9 puzzles of extreme difficulty is not supported"),
])
def test_bad_options_one_line_status_2(args: tuple[str, ...], words: str) -> None:
    done = sudoku("create", *args)
    assert done.status == 2 and done.stdout == b""
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr


# -- killers made by generate and by the command ------------------------------------------
@pytest.mark.parametrize(("n", "cage_size", "seed"), [(4, None, 1), (6, (2, 4), 2),
                                                      (6, (3, 3), 3)])
def test_generated_killers_are_unique_by_the_reference(pure: bool, n: int,
                                                       cage_size: tuple[int, int] | None,
                                                       seed: int) -> None:
    made = generate_many(2, n, rules="killer", cage_size=cage_size, seed=seed)
    assert made[0] != made[1]
    for puzzle in made:
        assert puzzle.givens == 0 and puzzle.rules.names == ("killer",)
        found = solutions(puzzle.rules, list(puzzle.cells), limit=2)
        assert len(found) == 1
        check_cages(puzzle.rules, found[0], cage_size or (2, min(5, n)))


def test_a_9x9_killer_is_unique_by_the_engine_and_seeded() -> None:
    puzzle = generate(rules="killer", seed="k9")
    assert puzzle.givens == 0 and puzzle == generate(rules="killer", seed="k9")
    assert puzzle != generate(rules="killer", seed="k10")
    result = search(puzzle, limit=2)
    assert result.count == 1 and result.solution is not None
    check_cages(puzzle.rules, list(result.solution.cells), (2, 5))


def test_killer_under_x_keeps_the_diagonals() -> None:
    puzzle = generate(6, rules="killer+x", seed=5)
    assert puzzle.rules.diagonals and puzzle.rules.names == ("x", "killer")
    found = solutions(puzzle.rules, list(puzzle.cells), limit=2)
    assert len(found) == 1


def test_create_prints_the_same_killer_for_the_same_seed() -> None:
    first = sudoku("create", "--variant", "killer", "--size", "6", "--cage-size", "2-3",
                   "--seed", "7", "--to", "fpuzzles")
    again = sudoku("create", "--variant", "killer", "--size", "6", "--cage-size", "2-3",
                   "--seed", "7", "--to", "fpuzzles")
    assert first.status == 0 and first.stderr == "" and first.stdout == again.stdout
    read = sudoku("count", "-", "--limit", "2", stdin=first.stdout)
    assert read.status == 0 and read.out.split() == ["1"], read
