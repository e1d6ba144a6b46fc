"""The constraint reference (tests/support/constraint_reference.py) against brute force:
every classic solution of the givens, kept when ``rules.keeps`` says so. On 4x4 the
classic solutions are all 288 grids; on 6x6 (entropic lines need digits in thirds) half
the cells are given, so that the completions are few."""

from __future__ import annotations

import random

import pytest

from sudokit import Rules
from sudokit.constraints import Cage, Kropki, Thermo
from support.constraint_reference import KINDS, partial_ok, random_rules, solutions
from support.exact_cover import Reference


def brute_force(rules: Rules, cells: list[int]) -> list[list[int]]:
    """Every solution of ``cells`` under ``rules``: the classic completions, filtered."""
    base = Reference(Rules(rules.size, box=(rules.shape.box_rows, rules.shape.box_cols)))
    return [s for s in base.solutions(cells, 10**6) if rules.keeps(s)]


def givens(solution: list[int], rng: random.Random, count: int) -> list[int]:
    keep = set(rng.sample(range(len(solution)), count))
    return [d if i in keep else 0 for i, d in enumerate(solution)]


@pytest.mark.parametrize("kind", KINDS)
def test_reference_finds_exactly_the_brute_force_solutions(kind: str) -> None:
    rng = random.Random(f"reference-{kind}")
    size, given = (6, 18) if kind == "entropic" else (4, 0)
    base = Rules(size)
    for trial in range(6):
        s = Reference(base).random_solution(rng)
        assert s is not None
        rules = random_rules(base, s, rng, rng.randint(1, 4), [kind], negative=trial == 5)
        cells = givens(s, rng, given + rng.randint(0, 3))
        expected = sorted(brute_force(rules, cells))
        found = sorted(solutions(rules, cells, limit=10**6))
        assert found == expected, rules
        assert s in found


def test_reference_mixes_and_finds_no_solution_where_there_is_none() -> None:
    rng = random.Random("reference-mixed")
    base = Rules(4)
    nones = 0
    for _ in range(30):
        s = Reference(base).random_solution(rng)
        assert s is not None
        rules = random_rules(base, s, rng, 4, [k for k in KINDS if k != "entropic"])
        cells = givens(s, rng, rng.randint(0, 4))
        cells[rng.randrange(16)] = rng.randint(1, 4)  # may break the puzzle
        expected = sorted(brute_force(rules, cells))
        nones += not expected
        assert sorted(solutions(rules, cells, limit=10**6)) == expected
    assert nones  # some had none: the check of "no solution" ran


def test_partial_checks_never_reject_a_grid_on_the_way_to_a_solution() -> None:
    n = 4
    s = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    for constraint in (Cage((0, 1, 4), 6), Thermo((0, 1, 5)), Kropki(0, 1, "white")):
        assert constraint.holds(s, n)
        for blank in range(16):
            partial = [0 if i == blank else d for i, d in enumerate(s)]
            assert partial_ok(constraint, partial, n, Rules(4).regions)
    assert not partial_ok(Cage((0, 1, 4), 5), s, n, Rules(4).regions)
    assert not partial_ok(Thermo((1, 0)), [1, 2] + [0] * 14, n, Rules(4).regions)
