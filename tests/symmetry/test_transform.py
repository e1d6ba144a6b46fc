"""Transform: the named symmetries move cells as their names say, compose, invert, print
and read back, and refuse what is no symmetry."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import Grid
from sudokit.errors import SudokuError
from sudokit.symmetry import Transform


def at(cells: tuple[int, ...], r: int, c: int) -> int:
    return cells[9 * r + c]


def test_named_transforms_move_cells_as_named() -> None:
    # cell_map: the input cell each output cell takes its digit from
    rot = Transform.rotate().cell_map()
    assert at(rot, 0, 0) == 72 and at(rot, 0, 8) == 0  # the bottom-left corner goes up
    assert at(Transform.mirror().cell_map(), 0, 0) == 8
    assert at(Transform.flip().cell_map(), 0, 0) == 72
    assert at(Transform.transposed().cell_map(), 0, 1) == 9
    swapped = Transform.swap_bands(1, 3).cell_map()
    assert at(swapped, 0, 0) == 54 and at(swapped, 3, 0) == 27
    assert at(Transform.swap_stacks(1, 2).cell_map(), 0, 0) == 3
    relabelled = Transform.relabel([9, 8, 7, 6, 5, 4, 3, 2, 1]).apply_cells((1, 2, 0) * 27)
    assert relabelled[:3] == (9, 8, 0)


def test_rotations_and_reflections_compose() -> None:
    r = Transform.rotate()
    assert r @ r @ r @ r == Transform()
    assert Transform.rotate(2) == Transform.flip() @ Transform.mirror()
    assert Transform.mirror().then(Transform.transposed()) == Transform.transposed() @ \
        Transform.mirror()
    assert r.inverse() == Transform.rotate(3)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.randoms(use_true_random=False))
def test_composition_and_inverse_agree_with_applying(a_rng: random.Random,
                                                     b_rng: random.Random) -> None:
    a, b = Transform.random(a_rng), Transform.random(b_rng)
    cells = tuple(random.Random(1).choice(range(10)) for _ in range(81))
    assert (a @ b).apply_cells(cells) == a.apply_cells(b.apply_cells(cells))
    assert a.inverse().apply_cells(a.apply_cells(cells)) == cells
    assert a @ a.inverse() == Transform()
    assert Transform.parse(str(a)) == a
    assert eval(repr(a), {"Transform": Transform}) == a
    assert hash(Transform.parse(str(a))) == hash(a)


def test_text_forms() -> None:
    assert str(Transform()) == "r123456789c123456789d123456789"
    assert str(Transform.transposed()).startswith("tr123")
    assert repr(Transform.mirror()) == "Transform(cols=(8, 7, 6, 5, 4, 3, 2, 1, 0))"
    with pytest.raises(SudokuError, match="not a transform"):
        Transform.parse("r12345678")


def test_what_is_no_symmetry_is_refused() -> None:
    with pytest.raises(SudokuError, match="splits a band"):
        Transform(rows=(0, 1, 3, 2, 4, 5, 6, 7, 8))
    with pytest.raises(SudokuError, match="each once"):
        Transform(cols=(0, 0, 1, 3, 4, 5, 6, 7, 8))
    with pytest.raises(SudokuError, match="digits must be 1 to 9"):
        Transform.relabel([1, 2, 3])
    with pytest.raises(SudokuError, match="1, 2 or 3"):
        Transform.swap_bands(1, 4)
    with pytest.raises(SudokuError, match="9x9"):
        Transform().apply(Grid.empty(4))
    with pytest.raises(TypeError, match="transpose"):
        Transform(transpose=1)  # type: ignore[arg-type]
