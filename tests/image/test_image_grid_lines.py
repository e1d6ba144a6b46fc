"""A grid whose outline is not found whole is found from its lines: a grid half in a hard
shadow, whose border and faint lines the shadow breaks up, a grid whose outer border is
broken, and one that runs off the photo's edge. Each is read entirely right, and trusted
(each was refused as "no grid" when only outlines were looked for)."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")

from support import photos  # noqa: E402


def read_back(name: str, seed: int) -> None:
    photos.read_back(name, seed, corners=True)


@pytest.mark.parametrize("seed", [2, 6])
def test_a_grid_partly_in_a_hard_shadow(seed: int) -> None:
    read_back("shaded", seed)


def test_a_grid_whose_outer_border_is_broken_and_outline_missed() -> None:
    read_back("broken-border", 14)


def test_a_grid_that_runs_off_the_photos_edge() -> None:
    # its outer line on one side is not in the photo: put where the other lines' spacing
    # says it is
    read_back("cropped", 130)


@pytest.mark.parametrize("seed", [46, 53])
def test_a_corner_lost_with_a_broken_border_is_found_on_the_lines(seed: int) -> None:
    # the outline's corner is cut off where the border is broken: the outline shows only
    # seven of the eight box lines, and the grid's lines show them all
    read_back("broken-border", seed)
