"""The rules engine with cages, lines, dots and signs, against the constraint reference.

Every puzzle is made from a random solution that the classic reference finds, with random
constraints drawn to fit it (``support.constraint_reference.random_rules``) and a few of
its digits given: counts to 2 must agree with the reference's, and every solution the
engine hands out must keep the rules. Work is bounded by the number of puzzles, never by
time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from sudokit import Grid, Rules, count_solutions, engine, search, solve
from sudokit.batch import solve_array, solve_checked
from sudokit.constraints import Arrow, Between, Cage, Constraint, Kropki, Sandwich, Thermo
from sudokit.engine.tables import allowed, constraint_tables, pair_relations, relation_masks
from sudokit.errors import UnsupportedRulesError
from support.clirunner import sudoku
from support.constraint_reference import KINDS, killer_rules, random_rules, solutions
from support.exact_cover import Reference

#: (size, puzzles, constraints per puzzle, fewest and most givens) of the cross-check (on
#: 9x9 enough givens that the plain reference stays quick).
SIZES = ((4, 40, 5, (0, 5)), (6, 30, 6, (0, 10)), (9, 12, 14, (30, 40)))


def kinds_for(n: int) -> list[str]:
    return [k for k in KINDS if n % 3 == 0 or k != "entropic"]


def engine_count(rules: Rules, cells: Sequence[int], limit: int = 2) -> tuple[int, list[int]]:
    """(count, first solution) from the rules engine, run in small pieces (the pause
    contract: ``run(budget)`` resumes where it stopped)."""
    search_ = engine.rules_engine(rules)
    if not search_.reset(list(cells), limit):
        return 0, []
    while search_.run(3) != engine.DONE:
        pass
    count, _ = search_.counts()
    return count, search_.solution() if count else []


def random_puzzle(n: int, rng: random.Random, constraints: int, givens: int,
                  negative: bool) -> tuple[Rules, list[int], list[int]]:
    base = Rules(n)
    s = Reference(base).random_solution(rng)
    assert s is not None
    rules = random_rules(base, s, rng, constraints, kinds_for(n), negative=negative)
    keep = set(rng.sample(range(n * n), rng.randint(*givens)))
    return rules, s, [d if i in keep else 0 for i, d in enumerate(s)]


@pytest.mark.parametrize(("n", "puzzles", "constraints", "givens"), SIZES)
def test_engine_counts_as_the_reference_does(pure: bool, n: int, puzzles: int,
                                             constraints: int, givens: tuple[int, int]
                                             ) -> None:
    rng = random.Random(f"constraints-{n}")
    counts = set()
    for trial in range(puzzles):
        rules, s, cells = random_puzzle(n, rng, constraints, givens, negative=trial % 5 == 4)
        if trial % 3 == 2:  # a wrong given: often no solution at all
            cells[rng.randrange(n * n)] = rng.randint(1, n)
        expected = solutions(rules, cells, limit=2)
        count, found = engine_count(rules, cells)
        assert count == len(expected), (rules, cells)
        counts.add(count)
        if count:
            assert rules.keeps(found)
            assert all(c in (0, d) for c, d in zip(cells, found, strict=True))
            assert count == 2 or found == expected[0]
    assert counts == {0, 1, 2}  # unique puzzles, puzzles with more, puzzles with none


@pytest.mark.parametrize("n", [4, 6, 9])
def test_killers_count_as_the_reference_does(pure: bool, n: int) -> None:
    """Whole grids cut into cages: the sums of innies and outies and the digits a cage
    must hold come into play."""
    rng = random.Random(f"killer-{n}")
    base = Rules(n)
    counts = set()
    for trial in range(12 if n < 9 else 6):
        s = Reference(base).random_solution(rng)
        assert s is not None
        rules = killer_rules(base, s, rng, largest=4 if n < 9 else 5, totals=0.8)
        keep = set(rng.sample(range(n * n), rng.randint(0, n) if n < 9 else 28))
        cells = [d if i in keep else 0 for i, d in enumerate(s)]
        if trial % 3 == 2:
            cells[rng.randrange(n * n)] = rng.randint(1, n)
        expected = solutions(rules, cells, limit=2)
        count, found = engine_count(rules, cells)
        assert count == len(expected), (rules, cells)
        counts.add(count)
        if count:
            assert rules.keeps(found)
    assert len(counts) > 1


def test_a_complete_board_counts_exactly_when_it_keeps_the_rules(pure: bool) -> None:
    """Constraints drawn on one solution, checked on other complete grids: the engine's
    own check of a full board (and its propagation) says what ``rules.keeps`` says."""
    rng = random.Random("complete")
    for n in (4, 6, 9):
        base = Rules(n)
        grids = [Reference(base).random_solution(rng) for _ in range(6)]
        kept = 0
        for trial in range(40):
            rules = random_rules(base, grids[0], rng, 3, kinds_for(n), negative=trial % 4 == 0)
            for grid in grids:
                assert grid is not None
                count, _ = engine_count(rules, grid)
                assert count == rules.keeps(grid), (rules, grid)
                kept += count
        assert 40 < kept < 240  # some kept and some broken


def test_tables_say_what_the_constraints_say() -> None:
    rules = Rules(9, constraints=[Thermo((0, 1, 2)), Kropki(9, 10, "black"),
                                  Thermo((18, 19), slow=True)], all_dots=True)
    relations: dict[tuple[int, int], tuple[object, ...]] = {}
    for a, b, relation in pair_relations(rules):  # the first said of each pair
        relations.setdefault((a, b), relation)
    for x in range(1, 10):
        for y in range(1, 10):
            assert allowed(relations[0, 2], x, y, 9) == (y >= x + 2)
            assert allowed(relations[18, 19], x, y, 9) == (y >= x)
            assert allowed(relations[9, 10], x, y, 9) == (x == 2 * y or y == 2 * x)
            assert allowed(relations[27, 28], x, y, 9) == (abs(x - y) != 1 and x != 2 * y
                                                           and y != 2 * x)
            forward, backward = relation_masks(relations[0, 2], 9)
            assert (forward[x - 1] >> (y - 1) & 1) == (backward[y - 1] >> (x - 1) & 1)
    tables = constraint_tables(rules)
    assert (0, 2) in tables.arc_pairs and (2, 0) in tables.arc_pairs
    # every orthogonal pair has a dot or its absence, both ways; the thermometer's ends too
    assert len(tables.arc_pairs) == 2 * 144 + 2


def test_solve_count_and_arrays_take_grids_with_constraints(pure: bool) -> None:
    rng = random.Random("faces")
    rules, s, cells = random_puzzle(9, rng, 30, (32, 32), negative=False)
    while len(solutions(rules, cells, limit=2)) != 1:
        rules, s, cells = random_puzzle(9, rng, 30, (32, 32), negative=False)
    grid = Grid.from_cells(cells, rules=rules)
    assert count_solutions(grid) == 1
    found = solve(grid)
    assert found is not None and list(found.cells) == s
    assert search(grid, limit=2, rounds=10_000).count == 1
    batch = np.array([cells, s, [0] * 81], dtype=np.uint8)
    result = solve_array(batch, limit=2, rules=rules)
    assert result.counts.tolist()[:2] == [1, 1]
    assert result.counts[2] == 2  # the empty grid under a few constraints: many solutions
    assert result.solutions[0].tolist() == s
    answers, counts = solve_checked(batch[:2], rules.shape, rules=rules)
    assert counts.tolist() == [1, 1] and answers[1].tolist() == s


def test_classic_answers_are_not_handed_out_under_constraints() -> None:
    """A grid that keeps the houses but breaks a cage is no solution (the check of every
    answer reads the constraints)."""
    from sudokit.engine.arrays import valid_under_rules

    s = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    rules = Rules(4, constraints=[Cage((0, 1), 3), Arrow((2,), (3,))])
    rows = np.array([s, s], dtype=np.uint8)
    assert valid_under_rules(rows, rows, rules).tolist() == [False, False]
    assert valid_under_rules(rows, rows, rules.replace(constraints=[Cage((0, 1), 3)])).all()


class Spiral(Constraint):
    """A constraint no engine knows."""

    __slots__ = ("cells",)
    family = "spiral"
    word = "spiral"

    def __init__(self, cells: tuple[int, ...]) -> None:
        object.__setattr__(self, "cells", cells)

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        return True


def test_an_unknown_constraint_is_refused_by_name() -> None:
    rules = Rules(4, constraints=[Spiral((0, 1))])
    with pytest.raises(UnsupportedRulesError, match="spiral"):
        engine.rules_engine(rules)
    with pytest.raises(UnsupportedRulesError, match="spiral"):
        count_solutions(Grid.empty(4).with_rules(rules))


def test_sandwich_and_between_pin_their_cells(pure: bool) -> None:
    # row 1 of a 4x4: 1 and 4 at its ends, so the middle adds up to 5 whatever it holds
    rules = Rules(4, constraints=[Sandwich("row", 0, 5), Between((4, 5, 6))])
    cells = [1, 0, 0, 4] + [0] * 12
    count, found = engine_count(rules, cells, limit=100)
    assert count == len(solutions(rules, cells, limit=100)) > 0
    assert rules.keeps(found)
    none = Rules(4, constraints=[Sandwich("row", 0, 4)])
    assert engine_count(none, cells)[0] == 0


def test_the_command_line_counts_and_solves_a_killer(pure: bool, tmp_path: Path) -> None:
    from sudokit import formats

    rng = random.Random("command line")
    base = Rules(9)
    s = Reference(base).random_solution(rng)
    assert s is not None
    rules = killer_rules(base, s, rng, largest=3)
    keep = set(rng.sample(range(81), 24))
    cells = [d if i in keep else 0 for i, d in enumerate(s)]
    while len(solutions(rules, cells, limit=2)) != 1:  # givens of s until it is unique
        cell = rng.choice([c for c in range(81) if not cells[c]])
        cells[cell] = s[cell]
    path = tmp_path / "killer.fpuzzles"
    path.write_text(formats.dumps([Grid.from_cells(cells, rules=rules)], "fpuzzles"))
    counted = sudoku("count", str(path))
    assert (counted.status, counted.out, counted.stderr) == (0, "1\n", "")
    solved = sudoku("solve", "--to", "line", str(path))
    assert (solved.status, solved.stderr) == (0, "")
    assert solved.out.strip() == "".join(map(str, s))


@pytest.mark.parametrize("preset", ["classic", "x", "anti-knight", "anti-king+windoku",
                                    "disjoint+centre-dot"])
def test_the_engines_peers_are_the_rules_peers(preset: str) -> None:
    from sudokit.engine.peers import peers_of

    rng = random.Random(preset)
    base = Rules.preset(preset)
    s = Reference(base).random_solution(rng)
    assert s is not None
    for rules in (base, killer_rules(base, s, rng), random_rules(base, s, rng, 10, KINDS)):
        lists, bits = peers_of(rules)
        for cell, expected in enumerate(rules.peers):
            assert sorted(lists[cell]) == list(expected)
            assert bits[cell] == sum(1 << p for p in expected)
