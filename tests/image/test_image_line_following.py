"""The grid's lines followed quickly give the places and stretches that following them
place by place gives: a curved page's cells are cut where each cell's own four crossings
put them, and a faint line's dashes are joined into one stretch where they are mostly ink."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit.image import gridlines, lattice  # noqa: E402


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_curved_pages_places_are_those_of_each_cells_own_corners(dtype: type) -> None:
    rng = np.random.default_rng(5)
    ideal = 40.0 * np.stack(np.meshgrid(np.arange(10), np.arange(10)), axis=-1)
    points = (ideal + rng.normal(0, 4, ideal.shape)).astype(dtype)
    u = np.concatenate([np.arange(9 * 16) / 16, [9.0, -0.25, 9.3]])
    across, down = np.meshgrid(u, u)
    one_by_one = lattice.place(points, np.stack([across, down], axis=-1).astype(dtype))
    assert np.array_equal(lattice.spots(points, u), one_by_one)


def dashed_line(dash: int, gap: int) -> np.ndarray:
    ink = np.zeros((400, 600), np.uint8)
    for x in range(40, 560, dash + gap):
        ink[200, x:min(560, x + dash)] = 255
    return ink


def test_a_faint_lines_dashes_are_one_stretch() -> None:
    # gaps a third of the bridge across, in dashes twice as long: one stretch end to end
    segments = gridlines._segments(dashed_line(8, 4), 30)
    assert len(segments) == 1
    x0, y0, x1, y1 = segments[0]
    assert abs(y0 - 200) <= 1 and abs(y1 - 200) <= 1
    assert min(x0, x1) <= 45 and max(x0, x1) >= 550


def test_a_line_of_dots_is_no_stretch() -> None:
    # ink over a quarter of its length: never mostly ink
    assert len(gridlines._segments(dashed_line(2, 6), 30)) == 0


@pytest.mark.parametrize("bridge", range(3, 13))
def test_half_a_bridge_of_ink_is_mostly_ink_as_a_moving_average_says(bridge: int) -> None:
    dark = np.zeros(4 * bridge, bool)
    count = gridlines._half(bridge)
    dark[bridge:bridge + count] = True
    average = np.convolve(dark, np.ones(bridge) / bridge, mode="same")
    assert average.max() >= 0.5
    dark[bridge + count - 1] = False
    assert np.convolve(dark, np.ones(bridge) / bridge, mode="same").max() < 0.5
