"""Canonical (minlex) forms: against a search of every symmetry, invariant under random
transforms, idempotent, a transform of the puzzle, on the compiled and the pure core."""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid
from sudokit.errors import ConflictError, ShapeError, SudokuError
from sudokit.symmetry import Transform, canonical, canonical_with_transform, forms_of, same
from support.files import DATA, read_lines

#: A 17-clue puzzle as the 17-clue list writes it, which is not its smallest form: the
#: list's third row 003004000 loses to 001034000.
LISTED = "000000000000000012003004000000000005000040360780010000000005004010003000020000080"
#: The smallest form of any solution grid (it is its own form).
SMALLEST_GRID = ("123456789456789123789123456214365897365897214897214365"
                 "531642978642978531978531642")

_P3 = list(itertools.permutations(range(3)))
#: The 1,296 orders of nine lines that keep blocks of three whole.
_LINE_MAPS = np.array([[3 * b[i // 3] + w[i // 3][i % 3] for i in range(9)]
                       for b in _P3 for w in itertools.product(_P3, repeat=3)])


def relabelled(a: np.ndarray) -> np.ndarray:
    """Each row of ``a`` (digits, 0 for a blank) relabelled in order of first appearance."""
    n, width = a.shape
    first = np.full((n, 10), 99, np.int16)
    for j in range(width - 1, -1, -1):  # the first cell of each digit in each row
        first[np.arange(n), a[:, j]] = j
    first[:, 0] = -1  # blanks stay 0
    labels = np.argsort(np.argsort(first, 1, kind="stable"), 1).astype(np.uint8)
    return np.take_along_axis(labels, a.astype(np.int64), 1)


def smallest(a: np.ndarray) -> bytes:
    """The lexicographically smallest row of ``a``."""
    for j in range(a.shape[1]):
        a = a[a[:, j] == a[:, j].min()]
    return bytes(a[0])


@functools.cache
def every_symmetry_min(line: str) -> str:
    """The smallest string over the 2 x 1,296 x 1,296 position maps, each relabelled in
    order of first appearance: the definition, tried in full, except for the row orders
    whose first row cannot be the smallest first row (the best any row gives under the
    1,296 column orders)."""
    g0 = np.array([int(ch) for ch in line], dtype=np.uint8).reshape(9, 9)
    firsts = {(t, r): smallest(relabelled(g[r][_LINE_MAPS]))
              for t, g in enumerate((g0, g0.T)) for r in range(9)}
    least = min(firsts.values())
    best: bytes | None = None
    for t, g in enumerate((g0, g0.T)):
        tops = [r for r in range(9) if firsts[t, r] == least]
        rows = _LINE_MAPS[np.isin(_LINE_MAPS[:, 0], tops)]
        for part in np.array_split(rows, max(1, len(rows) // 36)):
            a = g[part][:, :, _LINE_MAPS].transpose(0, 2, 1, 3).reshape(-1, 81)
            found = smallest(relabelled(a))
            if best is None or found < best:
                best = found
    assert best is not None
    return "".join(map(str, best))


def line_of(grid: Grid) -> str:
    return grid.to_line("0")


def test_the_form_is_the_smallest_of_every_symmetry(pure: bool) -> None:
    puzzle = Transform.random(random.Random(5)).apply(Grid(LISTED))
    assert line_of(canonical(puzzle)) == every_symmetry_min(LISTED)
    assert line_of(canonical(puzzle)) < LISTED


def test_the_smallest_grid_is_its_own_form(pure: bool) -> None:
    grid = Grid(SMALLEST_GRID)
    assert canonical(grid) == grid
    moved = Transform.random(random.Random(9)).apply(grid)
    assert moved != grid
    form, how = canonical_with_transform(moved)
    assert form == grid and how.apply(moved) == grid


def seventeens() -> list[str]:
    return [line[:81] for line in read_lines(DATA / "puzzles2_17_clue.txt")]


@functools.cache
def sample_puzzles() -> list[Grid]:
    lines = seventeens()
    rng = random.Random(17)
    hard = [line[:81] for line in read_lines(DATA / "puzzles6_forum_hardest_1106.txt")]
    return [Grid(x) for x in rng.sample(lines, 20) + rng.sample(hard, 10)]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 29), st.randoms(use_true_random=False))
def test_random_transforms_keep_the_form(pure: bool, which: int, rng: random.Random) -> None:
    puzzle = sample_puzzles()[which]
    moved = Transform.random(rng).apply(puzzle)
    form, how = canonical_with_transform(puzzle)
    assert canonical(moved) == form
    assert how.apply(puzzle) == form  # the form is a transform of the puzzle
    assert canonical(form) == form  # and its own form
    back = same(puzzle, moved)
    assert back is not None and back.apply(puzzle) == moved


def test_the_17_clue_list_is_all_distinct_classes() -> None:
    lines = seventeens()
    cells = b"".join(bytes(0 if ch == "." else int(ch) for ch in x) for x in lines)
    forms, _ = forms_of(cells, len(lines))
    assert len(lines) == 49158
    assert len({bytes(forms[81 * i:81 * i + 81]) for i in range(len(lines))}) == 49158


def test_different_puzzles_are_not_the_same(pure: bool) -> None:
    a, b = sample_puzzles()[:2]
    assert same(a, b) is None
    assert canonical(a) != canonical(b)


def test_an_empty_grid_and_a_single_clue(pure: bool) -> None:
    assert line_of(canonical(Grid.empty())) == "0" * 81
    one = Grid.empty().with_digit("r5c5", 7)
    assert line_of(canonical(one)) == "0" * 80 + "1"


def test_other_sizes_and_clashing_givens_are_refused() -> None:
    with pytest.raises(ShapeError, match="up to 6x6"):
        canonical(Grid.empty(8))
    with pytest.raises(ShapeError, match="9x9"):
        canonical_with_transform(Grid.empty(4))
    with pytest.raises(ConflictError, match="clash"):
        canonical(Grid("11" + "." * 79))
    with pytest.raises(TypeError, match="grid must be a Grid"):
        canonical("1" * 81)  # type: ignore[arg-type]


def test_a_batch_marks_clashing_puzzles_and_keeps_the_others() -> None:
    good = bytes(int(ch) for ch in LISTED)
    bad = bytes([5, 5] + [0] * 79)
    forms, transforms = forms_of(good + bad + good, 3)
    assert forms[:81] == forms[162:] and transforms[28] == 255
    with pytest.raises(ValueError, match="81 bytes"):
        forms_of(good, 2)


def small_moves(grid: Grid, rng: random.Random) -> Grid:
    """``grid`` (4x4 or 6x6) under a random symmetry: its rows and columns in random orders
    that keep bands and stacks whole, transposed when the boxes are square, relabelled."""
    n, (br, bc) = grid.n, grid.box
    rows = random_order(n, br, rng)
    cols = random_order(n, bc, rng)
    digits = [0, *rng.sample(range(1, n + 1), n)]
    cells = [digits[grid.cells[n * rows[r] + cols[c]]] for r in range(n) for c in range(n)]
    if br == bc and rng.random() < 0.5:
        cells = [cells[n * c + r] for r in range(n) for c in range(n)]
    return Grid.from_cells(cells, box=(br, bc))


def random_order(n: int, block: int, rng: random.Random) -> list[int]:
    blocks = rng.sample(range(n // block), n // block)
    return [block * b + i for b in blocks for i in rng.sample(range(block), block)]


@pytest.mark.parametrize("line, box", [
    ("1..2" "...." "..3." "4...", (2, 2)),
    ("1....." "..2..." "....3." ".4...." ".....5" "......", (2, 3)),
    ("..3.2." "2..54." "43.216" "......" ".541.2" "16..5.", (2, 3)),
])
def test_small_sizes_try_every_symmetry(line: str, box: tuple[int, int]) -> None:
    grid = Grid(line, box=box)
    form = canonical(grid)
    rng = random.Random(len(line))
    for _ in range(5):
        assert canonical(small_moves(grid, rng)) == form
    assert canonical(form) == form
    assert form.givens == grid.givens and form.cells <= grid.cells


def test_a_variant_puzzle_is_refused_by_name() -> None:
    grid = Grid(LISTED)
    diagonal = grid.with_rules(grid.rules.with_preset("diagonal"))
    with pytest.raises(SudokuError, match="canonical forms of X 9x9 puzzles"):
        canonical(diagonal)
    with pytest.raises(SudokuError, match="transforming X 9x9 puzzles"):
        Transform.rotate().apply(diagonal)
