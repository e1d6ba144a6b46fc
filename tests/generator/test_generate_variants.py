"""Puzzles made under variant rules, and random jigsaw regions: every puzzle checked unique
(and minimal, symmetric, of the clues asked) by a small backtracking solver written here
from the rules' words, not from sudokit's engines nor from the sets Rules derives."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, Rules
from sudokit.errors import GenerateError, RulesError
from sudokit.generator.make import generate, generate_many, iter_generate
from sudokit.generator.regions import is_connected, random_regions
from sudokit.generator.variants import random_solution
from sudokit.logic.rating import rate


# -- the reference: the rules read from their words, plain backtracking ------------------
def _must_differ(rules: Rules, a: int, b: int) -> bool:
    """May cells a and b not hold the same digit? Read from each rule's definition."""
    n = rules.size
    br, bc = rules.shape.box_rows, rules.shape.box_cols
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    dr, dc = abs(ra - rb), abs(ca - cb)
    in_window = lambda r, c: r % 4 and c % 4 and (r // 4, c // 4)  # noqa: E731 (9x9)
    centre = lambda r, c: r % br == br // 2 and c % bc == bc // 2  # noqa: E731
    return (ra == rb or ca == cb or rules.regions[a] == rules.regions[b]
            or rules.diagonals and (ra == ca and rb == cb or ra + ca == rb + cb == n - 1)
            or rules.windows and bool(in_window(ra, ca)) and in_window(ra, ca) == in_window(rb, cb)
            or rules.disjoint and (ra % br, ca % bc) == (rb % br, cb % bc)
            or rules.centre_dot and centre(ra, ca) and centre(rb, cb)
            or rules.anti_king and dr <= 1 and dc <= 1
            or rules.anti_knight and {dr, dc} == {1, 2})


def _houses(rules: Rules) -> list[list[int]]:
    """The sets of N cells whose digits all differ, read from each rule's definition."""
    n = rules.size
    br, bc = rules.shape.box_rows, rules.shape.box_cols
    keys = [lambda r, c: r, lambda r, c: c, lambda r, c: rules.regions[r * n + c]]
    if rules.diagonals:
        keys += [lambda r, c: r == c or None, lambda r, c: r + c == n - 1 or None]
    if rules.windows:
        keys.append(lambda r, c: (r % 4 and c % 4 and (r // 4, c // 4)) or None)
    if rules.disjoint:
        keys.append(lambda r, c: (r % br, c % bc))
    if rules.centre_dot:
        keys.append(lambda r, c: (r % br == br // 2 and c % bc == bc // 2) or None)
    out = []
    for key in keys:
        groups: dict[object, list[int]] = {}
        for cell in range(n * n):
            k = key(*divmod(cell, n))
            if k is not None:
                groups.setdefault(k, []).append(cell)
        out += [cells for cells in groups.values() if len(cells) == n]
    return out


def ref_count(grid: Grid, limit: int = 2) -> int:
    """Solutions of ``grid`` under its rules, up to ``limit``: every rule checked against
    the cells filled so far; it branches on the blank cell with the fewest digits allowed,
    or on the digit with the fewest places left in a house, whichever offers fewer."""
    rules, n = grid.rules, grid.n
    cells = list(grid.cells)
    ncells = n * n
    differ = [[b for b in range(ncells) if b != a and _must_differ(rules, a, b)]
              for a in range(ncells)]
    touching = [[b for b in range(ncells) if abs(a // n - b // n) + abs(a % n - b % n) == 1]
                if rules.non_consecutive else [] for a in range(ncells)]
    parity = {c: 1 for c in rules.odd} | {c: 0 for c in rules.even}
    houses = _houses(rules)

    def allowed(cell: int) -> list[int]:
        return [d for d in range(1, n + 1)
                if d % 2 == parity.get(cell, d % 2)
                and all(cells[b] != d for b in differ[cell])
                and all(cells[b] == 0 or abs(cells[b] - d) != 1 for b in touching[cell])]

    for cell, d in enumerate(cells):  # the givens themselves keep the rules
        if d:
            cells[cell] = 0
            if d not in allowed(cell):
                return 0
            cells[cell] = d
    found = 0

    def search() -> bool:
        nonlocal found
        options = {c: allowed(c) for c in range(ncells) if not cells[c]}
        if not options:
            found += 1
            return found >= limit
        cell = min(options, key=lambda c: len(options[c]))
        choices = [(cell, d) for d in options[cell]]
        for house in houses:
            placed = {cells[c] for c in house}
            for d in range(1, n + 1):
                if d not in placed and len(choices) > 1:
                    places = [(c, d) for c in house if not cells[c] and d in options[c]]
                    if len(places) < len(choices):
                        choices = places
        for c, d in choices:
            cells[c] = d
            if search():
                cells[c] = 0
                return True
            cells[c] = 0
        return False

    search()
    return found


def assert_unique(puzzle: Grid) -> None:
    assert ref_count(puzzle) == 1, f"not exactly one solution: {puzzle!r}"


def test_reference_counts_known_numbers() -> None:
    assert ref_count(Grid.empty(4)) == 2  # (the limit)
    assert ref_count(Grid([1, 2, 3, 4] + [0] * 12, rules=Rules(4, diagonals=True)), 99) == 2
    assert ref_count(Grid([1, 1] + [0] * 14), 99) == 0
    assert ref_count(Grid([1, 2] + [0] * 14, rules=Rules(4, non_consecutive=True))) == 0


# -- regions -----------------------------------------------------------------------------
@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9, 12])
def test_random_regions_are_n_connected_regions_of_n_cells(n: int) -> None:
    maps = {tuple(random_regions(n, random.Random(seed))) for seed in range(4)}
    assert len(maps) == 4  # each seed its own map
    for ids in maps:
        assert sorted(set(ids)) == list(range(n))
        assert [ids.index(r) for r in range(n)] == sorted(ids.index(r) for r in range(n))
        for region in range(n):
            cells = [cell for cell, r in enumerate(ids) if r == region]
            assert len(cells) == n and is_connected(cells, n)
        Rules(n, regions=ids)  # rules take the map as it is


def test_random_regions_repeat_with_the_seed_and_leave_the_boxes() -> None:
    boxes = [(cell // 27) * 3 + cell % 9 // 3 for cell in range(81)]
    first = random_regions(9, random.Random("s"))
    assert first == random_regions(9, random.Random("s"))
    regions = [{c for c, r in enumerate(first) if r == k} for k in range(9)]
    assert not any(region == {c for c, b in enumerate(boxes) if b == k}
                   for region in regions for k in range(9))


def test_is_connected() -> None:
    assert is_connected([0, 1, 5], 4) and not is_connected([0, 5], 4)


# -- solution grids ---------------------------------------------------------------------
@pytest.mark.parametrize("rules", [Rules(4, diagonals=True), Rules(6, non_consecutive=True),
                                   Rules(8, anti_king=True), Rules(9, windows=True),
                                   Rules(9, diagonals=True, anti_knight=True),
                                   Rules(5, regions="AABBBAAACBDDCCBDCCEEDDEEE")])
def test_random_solution_grids_keep_the_rules(rules: Rules) -> None:
    grids = {tuple(random_solution(rules, random.Random(seed)) or ()) for seed in range(4)}
    assert len(grids) == 4
    for cells in grids:
        assert ref_count(Grid(cells, rules=rules)) == 1


#: generate_many(2, 6, rules="jigsaw+x", seed=8): the same on any machine and either core.
_JIGSAW_X_6 = [
    ("004001100400000605465210046102002060",
     Rules(6, regions="AABBBBAAAABBCCCDDDEECFDDECCFFDEEEFFF", diagonals=True)),
    ("302040640010150000030065000000061000",
     Rules(6, regions="AABBBBCAAABBCCADDDCCEEDDCEEFFDEEFFFF", diagonals=True)),
]


def test_a_seed_makes_the_same_puzzles_on_either_core(pure: bool) -> None:
    made = generate_many(2, 6, rules="jigsaw+x", seed=8)
    assert made == [Grid([int(c) for c in text], rules=rules) for text, rules in _JIGSAW_X_6]
    for puzzle in made:
        assert_unique(puzzle)


# -- puzzles under every preset ------------------------------------------------------------
PRESETS_9 = ["x", "windoku", "anti-king", "anti-knight", "non-consecutive", "disjoint",
             "centre-dot", "jigsaw", "even-odd", "jigsaw+x", "x+anti-king",
             "windoku+even-odd", "jigsaw+anti-knight"]


@pytest.mark.parametrize("name", PRESETS_9)
def test_each_preset_makes_unique_puzzles_under_its_rules(name: str) -> None:
    made = list(iter_generate(2, rules=name, seed=name))
    for puzzle, solution in made:
        assert set(puzzle.rules.names) == set(name.split("+"))
        assert solution.rules == puzzle.rules and solution.is_solved()
        assert all(p in (0, s) for p, s in zip(puzzle.cells, solution.cells, strict=True))
        assert 40 <= puzzle.blanks <= 64
        assert_unique(puzzle)
    assert made[0].puzzle.rules != made[1].puzzle.rules or "jigsaw" not in name


def test_jigsaw_puzzles_have_fresh_connected_regions() -> None:
    puzzles = generate_many(3, 6, rules="jigsaw", seed=2)
    assert len({p.rules.regions for p in puzzles}) == 3
    for p in puzzles:
        assert p.rules.is_jigsaw
        for region in range(6):
            assert is_connected([c for c, r in enumerate(p.rules.regions) if r == region], 6)
        assert_unique(p)


def test_even_odd_marks_a_third_of_the_cells_by_the_solution() -> None:
    (puzzle, solution), = iter_generate(1, rules="even-odd", seed=5)
    rules = puzzle.rules
    assert len(rules.odd) + len(rules.even) == 27
    assert all(solution.cells[c] % 2 for c in rules.odd)
    assert not any(solution.cells[c] % 2 for c in rules.even)


@pytest.mark.parametrize("size,name", [(4, "x"), (6, "jigsaw"), (5, "jigsaw"), (7, "jigsaw"),
                                       (6, "anti-king"), (8, "x+even-odd"),
                                       (6, "non-consecutive"), (6, "disjoint")])
def test_other_sizes(size: int, name: str) -> None:
    for puzzle in generate_many(2, size, rules=name, seed=1):
        assert puzzle.n == size
        assert_unique(puzzle)


def test_a_rules_value_is_kept_as_it_is() -> None:
    rules = Rules(6, regions="AABBBBAAAABBCCCDDDEECFDDECCFFDEEEFFF", diagonals=True)
    puzzle = generate(6, rules=rules, seed=0)
    assert puzzle.rules == rules
    assert_unique(puzzle)


def test_seeded_and_repeatable() -> None:
    a = generate_many(3, rules="jigsaw+x", seed="same")
    assert a == generate_many(3, rules="jigsaw+x", seed="same")
    assert a[0] == generate(rules="jigsaw+x", seed="same")
    assert a != generate_many(3, rules="jigsaw+x", seed="other")
    assert generate_many(3, rules="x", seed=4, jobs=2) == generate_many(3, rules="x", seed=4)


def test_minimal_puzzles() -> None:
    for name in ("x", "jigsaw", "non-consecutive", "anti-king"):
        puzzle = generate(6, rules=name, minimal=True, seed=1)
        assert_unique(puzzle)
        for cell, digit in enumerate(puzzle.cells):
            if digit:
                assert ref_count(puzzle.with_digit(cell, 0)) == 2, (name, cell)


def test_symmetry_and_clue_counts() -> None:
    puzzle = generate(rules="anti-knight", symmetry="rot180", seed=3)
    given = [bool(d) for d in puzzle.cells]
    assert given == given[::-1]
    assert_unique(puzzle)
    exact = generate(rules="x", clues=26, seed=3)
    assert exact.givens == 26
    assert_unique(exact)


@pytest.mark.parametrize("name,level", [("x", "hard"), ("jigsaw", "expert"),
                                        ("anti-knight", "medium")])
def test_a_difficulty_is_the_raters_level_under_the_rules(name: str, level: str) -> None:
    puzzle = generate(rules=name, difficulty=level, seed=1)
    assert rate(puzzle).level == level
    assert_unique(puzzle)


def test_classic_names_make_classic_puzzles_byte_for_byte() -> None:
    assert generate(seed=9, rules="classic") == generate(seed=9)
    assert generate(6, seed=9, rules=Rules(6)) == generate(6, seed=9)


@pytest.mark.parametrize("kwargs,words", [
    (dict(size=6, rules="windoku"), "windoku needs a 9x9"),
    (dict(size=4, rules="anti-king"), "anti-king 4x4: no grid of this size"),
    (dict(rules="jigsaw+disjoint"), "disjoint groups need the standard boxes"),
    (dict(size=6, rules=Rules(9, diagonals=True)), "rules are for 9x9"),
    (dict(size=25, rules="x"), "up to 16x16"),
    (dict(rules="sideways"), "unknown rules"),
])
def test_rules_that_cannot_be_made_are_refused_by_name(kwargs: dict, words: str) -> None:
    with pytest.raises((GenerateError, RulesError), match=words):
        generate(**kwargs)
