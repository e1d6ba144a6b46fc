"""Thermo, arrow and kropki puzzles: lines and dots drawn on a solution that keeps them,
sharing no cell, every dot the solution takes present; puzzles made by ``generate``
checked unique by the plain backtracking reference (support.constraint_reference)."""

from __future__ import annotations

import random

import pytest

from sudokit import Rules, search
from sudokit.constraints import Arrow, Kropki, Thermo
from sudokit.generator.lines import drawn
from sudokit.generator.make import generate, generate_many
from sudokit.generator.variants import random_solution
from support.clirunner import sudoku
from support.constraint_reference import solutions


def _solution(n: int, seed: int) -> list[int]:
    found = random_solution(Rules(n), random.Random(seed))
    assert found is not None
    return found


def _touch(a: int, b: int, n: int) -> bool:
    return a != b and abs(a // n - b // n) <= 1 and abs(a % n - b % n) <= 1


@pytest.mark.parametrize("n", [4, 6, 9])
def test_thermometers_and_arrows_are_kept_by_the_solution(n: int) -> None:
    for seed in range(5):
        solution = _solution(n, seed)
        rules = drawn(Rules(n), solution, ("thermo", "arrow"), random.Random(seed))
        thermos = [c for c in rules.constraints if isinstance(c, Thermo)]
        arrows = [c for c in rules.constraints if isinstance(c, Arrow)]
        assert thermos and arrows and rules.names == ("thermo", "arrow")
        for thermo in thermos:
            digits = [solution[c] for c in thermo.line]
            assert digits == sorted(set(digits)) and len(digits) >= 2
        for arrow in arrows:
            assert len(arrow.circle) == 1 and len(arrow.line) >= 2
            assert solution[arrow.circle[0]] == sum(solution[c] for c in arrow.line)
            path = list(arrow.circle + arrow.line)
            assert all(_touch(a, b, n) for a, b in zip(path, path[1:], strict=False))
        cells = [c for line in rules.constraints for c in line.cells]
        assert len(cells) == len(set(cells)), "two lines share a cell"
        assert rules.keeps(solution)


def test_every_dot_the_solution_takes_is_drawn() -> None:
    n = 6
    for seed in range(5):
        solution = _solution(n, seed)
        rules = drawn(Rules(n), solution, ("kropki",), random.Random(seed))
        assert rules.all_dots and rules.keeps(solution)
        dots = {(c.a, c.b): c.colour for c in rules.constraints if isinstance(c, Kropki)}
        for a in range(n * n):
            for b in (a + 1, a + n):
                if b >= n * n or (b == a + 1 and b % n == 0):
                    continue
                x, y = solution[a], solution[b]
                takes = abs(x - y) == 1 or x == 2 * y or y == 2 * x
                assert ((a, b) in dots) == takes
                if (a, b) in dots and {x, y} != {1, 2}:
                    assert dots[(a, b)] == ("white" if abs(x - y) == 1 else "black")


def test_same_stream_same_lines() -> None:
    solution = _solution(9, 3)
    made = [drawn(Rules(9), solution, ("thermo", "arrow", "kropki"), random.Random(4))
            for _ in range(2)]
    assert made[0] == made[1]


# -- puzzles made by generate ---------------------------------------------------------------
@pytest.mark.parametrize(("kind", "n", "seed"), [("thermo", 4, 1), ("thermo", 6, 2),
                                                 ("arrow", 6, 3), ("kropki", 6, 4),
                                                 ("kropki", 4, 5)])
def test_drawn_puzzles_are_unique_and_minimal_by_the_reference(pure: bool, kind: str, n: int,
                                                               seed: int) -> None:
    puzzle = generate(n, rules=kind, seed=seed)
    assert puzzle == generate(n, rules=kind, seed=seed)
    assert puzzle.rules.names == (kind,) and puzzle.rules.all_dots == (kind == "kropki")
    cells = list(puzzle.cells)
    found = solutions(puzzle.rules, cells, limit=2)
    assert len(found) == 1 and puzzle.rules.keeps(found[0])
    for cell, digit in enumerate(cells):
        if digit:  # dug to as few givens as keep one solution: every given is needed
            cells[cell] = 0
            assert len(solutions(puzzle.rules, cells, limit=2)) == 2
            cells[cell] = digit


def test_drawn_puzzles_have_fewer_givens_than_a_classic_one_can() -> None:
    for kind in ("thermo", "arrow", "kropki"):
        made = generate_many(3, 9, rules=kind, seed=kind)
        for puzzle in made:
            assert puzzle.givens < 17, (kind, puzzle.givens)
            result = search(puzzle, limit=2)
            assert result.count == 1 and result.solution is not None
            assert puzzle.rules.keeps(list(result.solution.cells))


@pytest.mark.parametrize("kind", ["killer", "thermo", "arrow", "kropki", "killer+x"])
def test_create_writes_a_link_that_reads_back_with_one_solution(kind: str) -> None:
    made = sudoku("create", "--variant", kind, "--size", "6", "--seed", "11")
    assert made.status == 0 and made.stderr == ""
    assert made.out.startswith("https://sudokupad.app/") and made.out.count("\n") == 1
    counted = sudoku("count", "-", "--limit", "2", stdin=made.stdout)
    assert counted.status == 0 and counted.out.split() == ["1"], counted
