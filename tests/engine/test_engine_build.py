"""Building a killer's engine from scratch: the fast paths of its making (the rule of 45's
sums, the cages' value methods, the rules' checks) against plain versions written here,
and a new engine per call that solves as the kept one does. Bounded by puzzle counts."""

from __future__ import annotations

import random

import pytest

from sudokit import Rules, engine
from sudokit.constraints import Cage, Constraint
from sudokit.engine.innies import MAX_CELLS, implied_sums
from support.constraint_reference import killer_rules, solutions
from support.exact_cover import Reference


def plain_implied_sums(rules: Rules) -> list[tuple[tuple[int, ...], int, str]]:
    """The rule of 45 set by set, cage by cage: runs of rows, runs of columns (short of
    the whole grid), then regions; each set's innies, then (when every innie is caged) its
    outies; each group of cells once."""
    n = rules.size
    cages = [c for c in rules.constraints if isinstance(c, Cage) and c.total is not None]
    if not cages:
        return []
    caged = {x for c in cages for x in c.cells}
    sets: list[tuple[str, set[int]]] = []
    for what, cell in (("rows", lambda k, j: k * n + j), ("columns", lambda k, j: j * n + k)):
        for i in range(n):
            for last in range(i, n - (i == 0)):
                sets.append((f"{what} {i + 1}-{last + 1}",
                             {cell(k, j) for k in range(i, last + 1) for j in range(n)}))
    for r in range(n):
        sets.append((f"region {r + 1}", {x for x in range(n * n) if rules.regions[x] == r}))
    out: list[tuple[tuple[int, ...], int, str]] = []
    seen: list[set[int]] = []
    for where, cells in sets:
        inside = [c for c in cages if set(c.cells) <= cells]
        if not inside:
            continue
        across = [c for c in cages if set(c.cells) & cells and not set(c.cells) <= cells]
        innies = cells - {x for c in inside for x in c.cells}
        left = len(cells) // n * n * (n + 1) // 2 - sum(c.total or 0 for c in inside)
        found = [(innies, left, "innies")]
        if innies <= caged:
            outies = {x for c in across for x in c.cells} - cells
            found.append((outies, sum(c.total or 0 for c in across) - left, "outies"))
        for group, total, said in found:
            if 0 < len(group) <= MAX_CELLS and group not in seen:
                seen.append(group)
                out.append((tuple(sorted(group)), total, f"{said} of {where}"))
    return out


def some_killers(count: int, seed: str, sizes: tuple[int, ...] = (4, 6, 9)) -> list[Rules]:
    """Killers of ``sizes`` in turn, cages of up to 2 to 5 cells, every other one with a
    fifth of its cages without a total."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        base = Rules(sizes[k % len(sizes)])
        s = Reference(base).random_solution(rng)
        assert s is not None
        out.append(killer_rules(base, s, rng, largest=rng.randint(2, 5),
                                totals=1.0 if k % 2 else 0.8))
    return out


def test_the_rule_of_45_finds_what_the_plain_version_finds() -> None:
    for rules in some_killers(45, "innies"):
        assert implied_sums(rules) == plain_implied_sums(rules), rules


def test_a_cage_is_a_value_as_every_constraint_is() -> None:
    rng = random.Random("cage values")
    for _ in range(200):
        cells = rng.sample(range(81), rng.randint(1, 5))
        cage = Cage(cells, rng.choice([None, rng.randint(1, 45)]), rng.random() < 0.3)
        twin = Cage(list(reversed(cells)), cage.total, cage.repeat)
        assert repr(cage) == Constraint.__repr__(cage)
        assert eval(repr(cage)) == cage == twin
        assert hash(cage) == hash(twin) == Constraint.__hash__(cage)
        assert cage.values() == Constraint.values(cage)
        other = Cage(cells, (cage.total or 0) + 1, cage.repeat)
        assert cage != other and not Constraint.__eq__(cage, other)


def test_a_killers_houses_are_checked_as_before() -> None:
    rules = some_killers(1, "houses", (6,))[0]
    s = solutions(rules, [0] * 36, 1)[0]
    assert rules.broken(s) is None
    clash = list(s)
    clash[0], clash[1] = clash[1], clash[0]
    # its row keeps its digits; its column (the next house) meets r1c1's new digit again
    row = next(k for k in range(1, 6) if s[6 * k] == s[1])
    assert rules.broken(clash) == f"r1c1 and r{row + 1}c1 share a house and both hold {s[1]}"
    assert rules.broken(s[:-1]) == "a complete 6x6 grid holds 36 digits of 1-6"


def test_each_build_makes_a_new_engine_that_solves_as_the_kept_one(pure: bool) -> None:
    for rules in some_killers(6, "build", (4, 6)):
        cells = [0] * rules.size ** 2
        built = engine.build_rules_engine(rules)
        assert built is not engine.build_rules_engine(rules)
        assert built is not engine.rules_engine(rules)
        answers = []
        for search in (built, engine.rules_engine(rules)):
            assert search.reset(cells, 2)
            while search.run(1 << 30) != engine.DONE:
                pass
            answers.append((search.counts()[0], search.solution()))
        assert answers[0] == answers[1]
        assert rules.keeps(answers[0][1])
        assert answers[0][0] == len(solutions(rules, cells, 2))


def test_building_needs_rules() -> None:
    with pytest.raises(TypeError, match="build_rules_engine: rules must be a Rules"):
        engine.build_rules_engine("killer")  # type: ignore[arg-type]
