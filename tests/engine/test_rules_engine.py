"""The rules engine against a plain backtracking reference, on random puzzles of every preset.

Each puzzle is dug from a random solution that the reference itself finds (so the engine
never makes its own test data); counts to 2 and to 10 must agree, every solution the
engine returns must keep the rules, and classic grids must still take the classic engines.
"""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

from sudokit import Grid, Rules, Status, count_solutions, is_solution, search, solve
from sudokit import engine as engine_module
from sudokit.batch import count_array, solve_array
from support.exact_cover import Reference

#: (size, box) and the presets tried on it; windoku and centre-dot exist on 9x9 only.
PRESETS = {
    4: ["x", "anti-king", "anti-knight", "non-consecutive", "disjoint", "x+non-consecutive"],
    6: ["x", "anti-king", "anti-knight", "non-consecutive", "disjoint", "anti-king+disjoint"],
    9: ["x", "windoku", "anti-king", "anti-knight", "non-consecutive", "disjoint",
        "centre-dot", "x+anti-knight", "windoku+x", "disjoint+centre-dot"],
}

#: Solutions that the reference's random fill is slow to find (many seconds): each is
#: checked against the reference's rules before it is used.
KNOWN = {
    "non-consecutive": "135279468468513792792846135246381579579624813813957246351792684"
                       "684135927927468351",
    "x+anti-knight": "123456789967812453845793216352968174671345892498127635286579341"
                     "534681927719234568",
}


def jigsaw(base: Rules, rng: random.Random) -> tuple[Rules, list[int]]:
    """``base`` with random regions: the boxes with cells of different regions swapped
    where a solution of ``base`` holds the same digit in both (so that each region keeps N
    cells and that solution; regions not always connected, which the rules allow)."""
    size = base.size
    solution = Reference(base).random_solution(rng)
    assert solution is not None
    regions = list(base.regions)
    for _ in range(size * size):
        a, b = rng.randrange(size * size), rng.randrange(size * size)
        if solution[a] == solution[b]:
            regions[a], regions[b] = regions[b], regions[a]
    return base.replace(regions=regions), solution


def even_odd(rules: Rules, solution: list[int], rng: random.Random) -> Rules:
    """``rules`` with a few cells restricted to the parity they have in ``solution``."""
    cells = rng.sample(range(len(solution)), len(solution) // 5)
    return rules.replace(odd=[c for c in cells if solution[c] % 2],
                         even=[c for c in cells if solution[c] % 2 == 0])


def relabelled(solution: list[int], rules: Rules, rng: random.Random) -> list[int]:
    """``solution`` with its digits renamed at random, as far as ``rules`` allow (any
    renaming keeps rules of different digits; d -> N+1-d keeps non-consecutive ones)."""
    n = rules.size
    if rules.odd or rules.even:
        return list(solution)
    if rules.non_consecutive:
        return (
            [n + 1 - d for d in solution] if rng.random() < 0.5 else list(solution))
    names = list(range(1, n + 1))
    rng.shuffle(names)
    return [names[d - 1] for d in solution]


def puzzles_for(rules: Rules, rng: random.Random, count: int,
                solution: list[int] | None = None) -> list[Grid]:
    """``count`` puzzles under ``rules``: a solution (the reference's first, its digits
    renamed at random) with random cells dug out, or random givens when the rules have no
    solution at all."""
    ncells = rules.size * rules.size
    found = solution or Reference(rules).random_solution(rng)
    out = []
    for k in range(count if found else 1):
        if found:
            keep = rng.randrange(ncells * 2 // 5, ncells * 3 // 4)
            cells = relabelled(found, rules, rng)
            for cell in rng.sample(range(ncells), ncells - keep):
                cells[cell] = 0
        else:
            cells = [0] * ncells
            cells[rng.randrange(ncells)] = 1 + k % rules.size
        out.append(Grid.from_cells(cells, rules=rules))
    return out


@functools.cache
def cases(size: int, seed: int) -> list[tuple[Grid, dict[int, int]]]:
    """Random puzzles of every preset of ``size``, each with its reference counts to 2 and
    to 10 (made once for the compiled and the pure-Python runs)."""
    rng = random.Random(seed)
    rule_sets = [Rules.preset(name, size) for name in PRESETS[size]]
    per_rules = {4: 6, 6: 4, 9: 2}[size]
    grids = []
    for name, rules in zip(PRESETS[size], rule_sets, strict=True):
        known = [int(ch) for ch in KNOWN[name]] if size == 9 and name in KNOWN else None
        assert known is None or Reference(rules).consistent(known)
        grids += puzzles_for(rules, rng, per_rules, known)
    for base in (Rules(size), Rules.preset("x", size)):
        rules, solution = jigsaw(base, rng)
        grids += puzzles_for(rules, rng, per_rules, solution)
        grids += puzzles_for(even_odd(rules, solution, rng), rng, per_rules, solution)
    counted = [(g, Reference(g.rules).count(g.cells, 10)) for g in grids]
    return [(g, {2: min(n, 2), 10: n}) for g, n in counted]


@pytest.mark.parametrize("size", [4, 6, 9])
def test_counts_agree_with_the_reference(size: int, pure: bool) -> None:
    for grid, counts in cases(size, seed=size * 101):
        for limit in (2, 10):
            result = search(grid, limit=limit)
            assert result.count == counts[limit], (grid, limit)
            if result.count:
                assert result.solution is not None and result.solution.rules == grid.rules
                assert is_solution(result.solution, grid)
                assert result.solution.is_solved()


def test_a_variant_puzzle_is_not_solved_as_classic(pure: bool) -> None:
    # the diagonal blanked: each blank has one digit left in its row, and these repeat
    line = ("12345678945678912378912345621436589736589721489721436553164297864297853197853"
            "1642")
    puzzle = Grid("".join("." if i % 10 == 0 else ch for i, ch in enumerate(line)))
    assert count_solutions(puzzle) == 1
    assert count_solutions(puzzle.with_rules(Rules.preset("x"))) == 0
    assert solve(puzzle.with_rules(Rules.preset("x"))) is None
    assert search(puzzle.with_rules(Rules.preset("x"))).status is Status.NO_SOLUTION


def test_givens_that_break_a_rule_have_no_solution(pure: bool) -> None:
    knight = Grid("1" + "." * 10 + "1" + "." * 69, rules=Rules.preset("anti-knight"))
    assert count_solutions(knight) == 0
    odd = Grid("2" + "." * 80, rules=Rules(9, odd=[0]))
    assert count_solutions(odd) == 0
    nc = Grid("12" + "." * 79, rules=Rules.preset("non-consecutive"))
    assert count_solutions(nc) == 0


def test_rounds_bound_the_work_of_the_rules_engine(pure: bool) -> None:
    empty = Grid.empty(9).with_rules(Rules.preset("x+anti-knight"))
    result = search(empty, limit=10**6, rounds=50)
    assert result.status is Status.TIMED_OUT and result.count < 10**6


def test_arrays_follow_the_rules(pure: bool) -> None:
    rules = Rules.preset("x", 4)
    grids = puzzles_for(rules, random.Random(3), 12)
    array = np.array([g.cells for g in grids], dtype=np.uint8)
    counts = count_array(array, limit=10, rules=rules)
    ref = Reference(rules)
    assert counts.tolist() == [ref.count(g.cells, 10) for g in grids]
    result = solve_array(array, rules=rules, jobs=2)
    for grid, sol, n in zip(grids, result.solutions, result.counts, strict=True):
        if n:
            assert is_solution(Grid.from_cells(sol.tolist(), rules=rules), grid)
    # the classic rules keep the classic engines
    assert count_array(array, limit=10).tolist() == [
        Reference(Rules(4)).count(g.cells, 10) for g in grids]


def test_classic_rules_keep_the_classic_engines() -> None:
    assert engine_module.rules_engine(Rules(9)) is engine_module.engine_for(Rules(9).shape)
    assert engine_module.rules_engine(Rules.preset("x")) is not engine_module.engine_for(
        Rules(9).shape)
