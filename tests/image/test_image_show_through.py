"""Print showing through from the other side of the page (mirrored, about half as dark as
the grid's digits) is read as blank where the grid's digits are all dark; a thin face's
pale digits, beside its other pale digits, stay digits."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.grid import Grid  # noqa: E402
from sudokit.image import cells  # noqa: E402
from sudokit.image.reading import Reading  # noqa: E402
from support.photos import benchmark_photo  # noqa: E402


def read_photo(name: str, seed: int) -> tuple[Grid, Reading]:
    """The puzzle on the page and the reading of the photo of class ``name`` that the photo
    benchmark makes from ``seed``."""
    puzzle, jpeg = benchmark_photo(name, seed)
    return puzzle, image.read(jpeg)


@pytest.mark.parametrize(("seed", "blanks"), [(490042, [78]), (490066, [16, 49])])
def test_print_showing_through_paler_than_all_the_grids_digits_is_read_as_blank(
        seed: int, blanks: list[int]) -> None:
    # about half as dark as the digits, each once read as a digit the solution agrees with
    puzzle, reading = read_photo("show-through", seed)
    assert all(puzzle.cells[i] == 0 and 0.35 < reading.ink[i] < 0.55 for i in blanks)
    assert reading.grid == puzzle
    assert reading.trusted


def test_a_thin_faces_pale_digits_are_not_taken_for_print_showing_through() -> None:
    # the palest tenth of a thin face's digits is pale too: its pale digits stay digits
    strengths = [1.0] * 20 + [0.6, 0.62, 0.65, 0.5]
    assert cells.faint_below(strengths) < 0.4
    assert cells.faint_below([1.0] * 24 + [0.5]) > 0.5  # beside dark digits, a pale mark


def test_a_pale_shape_at_a_shadows_edge_beside_dark_digits_is_read_as_blank() -> None:
    # r9c3: once read as a 4 (and not trusted); now a blank, and the reading right
    puzzle, reading = read_photo("shaded", 800078)
    assert puzzle.cells[74] == 0 and 0.0 < reading.ink[74] < 0.55
    assert reading.grid == puzzle
