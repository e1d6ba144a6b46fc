"""A digit read in a cell whose middle the photo's edge cuts may have lost a stroke outside
the photo (a 2 without its bar reads 7): it is doubtful and the reading is not trusted."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.image.reading import MIDDLE, cut_cells  # noqa: E402
from sudokit.image.synthetic import CLASSES, photograph  # noqa: E402
from support import photos  # noqa: E402

CELL = 40.0


def square(x: float, y: float) -> np.ndarray:
    """The corners of a straight grid of CELL-pixel cells whose top-left corner is (x, y)."""
    side = 9 * CELL
    return np.array([[x, y], [x + side, y], [x + side, y + side], [x, y + side]], np.float32)


def crossings(corners: np.ndarray) -> np.ndarray:
    """The 10 x 10 line crossings of the straight grid at ``corners``."""
    (x, y), side = corners[0], corners[1][0] - corners[0][0]
    k = np.arange(10) * side / 9
    return np.stack(np.meshgrid(x + k, y + k), axis=-1)


def test_a_grid_inside_the_photo_has_no_cut_cell() -> None:
    assert not cut_cells((500, 500), square(50, 60), None).any()


@pytest.mark.parametrize("curved", [False, True])
def test_only_the_cells_whose_middle_leaves_the_photo_are_cut(curved: bool) -> None:
    # the grid's left column runs off the photo by more than a fifth of a cell, its top row
    # by less: only the left column's middles lie outside
    corners = square(-(MIDDLE + 0.1) * CELL, -(MIDDLE - 0.1) * CELL)
    cut = cut_cells((500, 500), corners, crossings(corners) if curved else None)
    assert cut[:, 0].all()
    assert not cut[:, 1:].any()


@pytest.mark.usefixtures("older_model")
def test_a_digit_cut_by_the_photos_edge_is_doubtful() -> None:
    # the photo's edge cuts r9c1's 2 below its middle: what is left of it reads 7, and the
    # puzzle still has exactly one solution
    seed = 900060
    rng = np.random.default_rng(seed)
    puzzle = photos.newspaper_puzzle(seed % len(photos.PUZZLES), rng)
    photo = photograph(puzzle.cells, rng, conditions=CLASSES["cropped"])
    reading = image.read(photo.image)
    assert reading.grid.cells[72] != puzzle.cells[72]
    assert not reading.trusted
    assert 72 in reading.doubtful
    assert any(line.startswith("r9c1 reads") and "photo's edge" in line
               for line in reading.distrust)
