"""sudokit.generate: every puzzle unique, with the clues, symmetry and minimality asked for,
all checked by a small backtracking solver written here (not sudokit's engines)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sudokit import Grid, Shape, engine, is_solution
from sudokit.generator.make import (
    SYMMETRIES,
    GenerateError,
    GenerateGaveUp,
    generate,
    generate_many,
    generate_solution_grid,
    iter_generate,
    random_minimal,
)
from support.generated import assert_minimal, assert_symmetric, assert_unique, ref_count


def test_reference_solver_counts() -> None:
    assert ref_count(Grid.empty(4), 1000) == 288
    assert ref_count(Grid("11" + "." * 79)) == 0


# -- the default puzzle ----------------------------------------------------------------
def test_default_puzzle_is_unique_with_40_blanks(pure: bool) -> None:
    for seed in range(5):
        puzzle = generate(seed=seed)
        assert puzzle.n == 9
        assert puzzle.blanks >= 40
        assert_unique(puzzle)


def test_compiled_and_pure_make_the_same_puzzles(pure: bool) -> None:
    # the same seed gives the same puzzle on either core (and so on any machine)
    made = generate_many(3, seed="same")  # on the core the fixture picked
    with engine.compiled():
        assert generate_many(3, seed="same") == made


def test_each_run_without_a_seed_differs() -> None:
    assert len({generate() for _ in range(5)}) == 5


def test_a_seed_repeats_and_different_seeds_differ() -> None:
    assert generate(seed=42) == generate(seed=42) == generate(seed="42")
    assert generate(seed=42) != generate(seed=43)


def test_seed_from_a_random_instance_and_no_global_state() -> None:
    state = random.getstate()
    a = generate_many(3, seed=random.Random(5))
    assert random.getstate() == state
    assert generate_many(3, seed=random.Random(5)) == a


def test_first_of_many_is_the_single_puzzle_of_that_seed() -> None:
    assert generate_many(4, seed=9)[0] == generate(seed=9)


def test_jobs_do_not_change_the_puzzles() -> None:
    one = generate_many(12, seed=3, jobs=1)
    assert generate_many(12, seed=3, jobs=3) == one
    assert len(set(one)) == 12


@pytest.mark.parametrize("size", [4, 6, 9])
def test_a_puzzle_depends_on_its_seed_alone_not_on_the_puzzles_before_it(
        size: int, pure: bool) -> None:
    # each worker thread reuses its generator: on a 4x4, whose random boxes often leave a
    # cell no candidate, a failed fill once searched from what the last puzzle left behind
    count = 120 if size == 4 else 8
    run = generate_many(count, size, seed=5)
    assert [generate_many(i + 1, size, seed=5)[i] for i in range(0, count, 7)] == run[::7]
    assert generate_many(count, size, seed=5, jobs=2) == run


def test_with_solution_gives_the_one_solution() -> None:
    for puzzle, solution in iter_generate(5, seed=1):
        assert is_solution(solution, puzzle)
        assert solution.blanks == 0


def test_count_gives_distinct_puzzles_even_on_a_tiny_board() -> None:
    # 4x4 has few puzzles: duplicates are made again, never printed twice
    puzzles = generate_many(60, 4, seed=1)
    assert len(set(puzzles)) == 60
    for p in puzzles[:10]:
        assert_unique(p)


# -- options ---------------------------------------------------------------------------
@pytest.mark.parametrize("clues", [19, 20, 22, 30, 41, 60, 80, 81])
def test_exact_clue_counts(clues: int) -> None:
    puzzle = generate(clues=clues, seed=clues)
    assert puzzle.givens == clues
    assert_unique(puzzle)


def test_exact_clues_on_the_pure_core(pure: bool) -> None:
    puzzle = generate(clues=28, seed=1)
    assert puzzle.givens == 28
    assert_unique(puzzle)


@pytest.mark.parametrize("clues", [0, 5, 16])
def test_fewer_than_17_clues_is_refused(clues: int) -> None:
    with pytest.raises(GenerateError, match="at least 17"):
        generate(clues=clues)


def test_impossible_counts_are_refused() -> None:
    with pytest.raises(GenerateError, match="only 81 cells"):
        generate(clues=82)
    with pytest.raises(GenerateError, match="at least 4"):
        generate(4, clues=3)
    # rot90 moves cells in fours around the centre: 30 = 4k + 1 has no pattern
    with pytest.raises(GenerateError, match="rot90"):
        generate(clues=30, symmetry="rot90")


def test_hard_counts_give_up_clearly() -> None:
    with pytest.raises(GenerateGaveUp, match="no 9x9 puzzle with 18 clues found in 3 tries"):
        generate(clues=18, tries=3, seed=1)


@pytest.mark.parametrize("symmetry", sorted(SYMMETRIES))
def test_symmetric_patterns(symmetry: str, pure: bool) -> None:
    puzzle = generate(symmetry=symmetry, seed=7)
    assert puzzle.blanks >= 40
    assert_symmetric(puzzle, symmetry)
    assert_unique(puzzle)


def test_full_is_dihedral_and_unknown_names_are_refused() -> None:
    assert_symmetric(generate(symmetry="full", seed=1), "dihedral")
    with pytest.raises(GenerateError, match="unknown symmetry"):
        generate(symmetry="spiral")


def test_symmetry_with_exact_clues() -> None:
    puzzle = generate(clues=25, symmetry="rot180", seed=2)
    assert puzzle.givens == 25
    assert_symmetric(puzzle, "rot180")
    assert_unique(puzzle)


def test_minimal_puzzles(pure: bool) -> None:
    for seed in range(2):
        puzzle = generate(minimal=True, seed=seed)
        assert_unique(puzzle)
        assert_minimal(puzzle)


def test_minimal_puzzles_dug_digit_by_digit(pure: bool) -> None:
    # the walks of puzzles made for a technique start from these: unique, minimal, the
    # same on either core, and dug digit by digit (the digit dug first keeps no clue,
    # where a random order leaves every digit a clue or more nearly always)
    for key in range(3):
        made = random_minimal(key, by_digit=True)
        assert_unique(made.puzzle)
        assert_minimal(made.puzzle)
        assert is_solution(made.solution, made.puzzle)
        with engine.compiled():
            assert random_minimal(key, by_digit=True) == made
    fewest = [min(Counter(v for v in random_minimal(key, by_digit).puzzle.cells if v)
                  .get(d, 0) for d in range(1, 10))
              for by_digit in (False, True) for key in range(10)]
    assert sum(fewest[:10]) >= 5 and sum(fewest[10:]) == 0


@pytest.mark.parametrize("symmetry", ["rot180", "mirror"])
def test_minimal_and_symmetric(symmetry: str) -> None:
    puzzle = generate(minimal=True, symmetry=symmetry, seed=3)
    assert_symmetric(puzzle, symmetry)
    assert_unique(puzzle)
    assert_minimal(puzzle)


def test_minimal_with_exact_clues() -> None:
    puzzle = generate(minimal=True, clues=24, seed=4)
    assert puzzle.givens == 24
    assert_minimal(puzzle)


@pytest.mark.parametrize(("size", "box"), [(4, None), (6, None), (6, (3, 2)), (8, (2, 4)),
                                           (8, (4, 2)), (10, (2, 5)), (12, None)])
def test_other_sizes(size: int, box: tuple[int, int] | None, pure: bool) -> None:
    if pure and size > 8:
        pytest.skip("the compiled core covers the larger sizes")
    puzzle = generate(size, box=box, seed=size)
    expected = Shape.for_size(size, box)
    assert puzzle.shape == expected
    assert puzzle.blanks >= 40 / 81 * size * size
    assert_unique(puzzle)


@pytest.mark.parametrize("size", [4, 6])
def test_minimal_small_sizes(size: int) -> None:
    puzzle = generate(size, minimal=True, seed=1)
    assert_unique(puzzle)
    assert_minimal(puzzle)


def test_16x16_is_unique() -> None:
    puzzle = generate(16, seed=1)
    assert puzzle.blanks >= 40 / 81 * 256
    assert_unique(puzzle)


def test_25x25_is_made() -> None:
    from sudokit import count_solutions

    puzzle = generate(25, seed=1)
    assert puzzle.blanks >= 40 / 81 * 625
    assert count_solutions(puzzle, 2) == 1  # the reference is too slow at 25x25


def test_a_proof_past_its_budget_drops_the_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    import sudokit.generator.make

    monkeypatch.setattr(sudokit.generator.make, "_PROOF_ROUNDS", 1)
    with pytest.raises(GenerateGaveUp, match="in 2 tries"):
        generate(16, seed=1, tries=2)


def test_a_size_without_a_box_is_refused() -> None:
    from sudokit import ShapeError

    with pytest.raises(ShapeError, match="--box"):
        generate(7)
    assert generate(7, box=(1, 7), seed=1).n == 7


@pytest.mark.parametrize("size", [49, 64])
def test_sizes_past_36_are_refused_at_once(size: int) -> None:
    from sudokit.generator.make import iter_generate, puzzle_maker

    for make in (generate, lambda **kw: next(iter_generate(1, **kw)), puzzle_maker):
        with pytest.raises(ValueError, match=f"size {size}: puzzles are made up to 36x36"):
            make(size=size, seed=1)


def test_a_difficulty_past_25x25_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match="difficulty 'hard': puzzles are made for a "
                       "difficulty up to 25x25"):
        generate(size=36, difficulty="hard", seed=1)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert", "extreme"])
def test_difficulty_is_the_raters_level(level: str) -> None:
    from sudokit.logic.rating import rate

    for puzzle in generate_many(2, difficulty=level, seed=level):
        assert rate(puzzle).level == level
        assert_unique(puzzle)


def test_difficulty_with_clues() -> None:
    from sudokit.logic.rating import rate

    puzzle = generate(difficulty="easy", clues=30, seed=1)
    assert puzzle.givens == 30 and rate(puzzle).level == "easy"


def test_bad_arguments() -> None:
    with pytest.raises(GenerateError, match="unknown difficulty"):
        generate(difficulty="fiendish")
    with pytest.raises(ValueError, match="count"):
        generate_many(-1)
    with pytest.raises(TypeError, match="seed"):
        generate(seed=1.5)  # type: ignore[arg-type]


def test_9x9_path_and_general_path_agree(pure: bool) -> None:
    """The specialised 9x9 code and the general code take the same decisions: the same
    grids from the same random stream, and the same clues kept."""
    from sudokit import engine

    shape = Shape.for_size(9)
    peers = [p for cell_peers in shape.peers for p in cell_peers]
    units = [c for unit in shape.units for c in unit]
    module = engine.load("generator._gen")  # as the pure fixture set the switch
    fast = module.Generator(9, peers, units, True)
    general = module.Generator(9, peers, units, False)
    for seed in range(3 if pure else 40):
        for g in (fast, general):
            g.seed(seed)
            assert g.fill(-1)
            g.dig(0, -1)
        assert fast.puzzle_cells() == general.puzzle_cells()
        assert fast.solution_cells() == general.solution_cells()



def test_9x9_uniqueness_tests_agree_with_the_reference(pure: bool) -> None:
    """The 9x9 uniqueness test searches on the band solver (no guess budget) or on the
    board search (a budget): both answer as plain backtracking does, for single clues and
    for pairs taken out together, on puzzles half dug and dug to the end."""
    from sudokit import engine

    shape = Shape.for_size(9)
    peers = [p for cell_peers in shape.peers for p in cell_peers]
    units = [c for unit in shape.units for c in unit]
    g = engine.load("generator._gen").Generator(9, peers, units)
    rng = random.Random(5)
    answers = Counter()
    for seed, target in ((1, 30), (2, 0), (3, 26), (4, 0)):
        g.seed(seed)
        assert g.fill(-1)
        g.dig(target, -1)
        puzzle = g.puzzle_cells()
        clues = [c for c, v in enumerate(puzzle) if v]
        groups = [[c] for c in clues] + [rng.sample(clues, 2) for _ in range(8 if pure else 40)]
        rng.shuffle(groups)
        for group in groups[: 16 if pure else None]:
            blanked = list(puzzle)
            for c in group:
                blanked[c] = 0
            expected = int(ref_count(Grid(blanked), 2) == 1)
            assert g.unique_without(group, -1) == expected, (seed, group)
            assert g.unique_without(group, 10**9) == expected, (seed, group)
            answers[expected] += 1
        assert g.puzzle_cells() == puzzle  # the tests leave the puzzle as it was
    assert answers[0] >= 5 and answers[1] >= 5  # both answers were put to the test

# -- solution grids: no digit is favoured anywhere ----------------------------------------
def test_solution_grids_are_valid_on_every_size(pure: bool) -> None:
    for size in (1, 4, 6, 9, 12) if pure else (1, 4, 6, 9, 12, 16, 25):
        grid = generate_solution_grid(size, seed=size)
        assert grid.is_solved()


def test_no_digit_by_position_bias() -> None:
    """Chi-square over 10,000 grids: each (cell, digit) is expected 10,000/9 times.

    81 cells x 8 degrees of freedom = 648; the statistic exceeds 765 with probability
    0.001 when there is no bias (Wilson-Hilferty). A fixed seed keeps the test exact."""
    grids = 10_000
    rng = random.Random(2024)
    counts = [[0] * 9 for _ in range(81)]
    for _ in range(grids):
        for cell, d in enumerate(generate_solution_grid(seed=rng).cells):
            counts[cell][d - 1] += 1
    expected = grids / 9
    chi2 = sum((k - expected) ** 2 / expected for row in counts for k in row)
    assert chi2 < 765, f"chi-square {chi2:.0f} over 648 degrees of freedom"
    # and no single cell is far off either (8 degrees of freedom, p = 1e-6: 45.6)
    worst = max(sum((k - expected) ** 2 / expected for k in row) for row in counts)
    assert worst < 45.6
