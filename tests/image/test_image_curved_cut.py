"""A curved page is read right where the photo's edge cuts it or a shadow lies across it:
its lines, followed from an outline a cell off near a corner, are followed again from
where the first crossings put them (where a shadow's edge hides its outline, from the
corners of its straight lines moved onto them), and measured as the straight grid's are (an outer
line just outside its crossings, or partly off the photo, is seen). Moving an outline's
corners onto the grid's lines takes a pass over the photo per move, all four corners at
once."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.image import snap  # noqa: E402
from sudokit.image.synthetic import CLASSES, photograph  # noqa: E402
from support import photos  # noqa: E402


def read_benchmark_photo(name: str, seed: int) -> None:
    """The photo of class ``name`` that the photo benchmark makes from ``seed`` is read
    entirely right."""
    rng = np.random.default_rng(seed)
    puzzle = photos.newspaper_puzzle(seed % len(photos.PUZZLES), rng)
    photo = photograph(puzzle.cells, rng, conditions=CLASSES[name])
    reading = image.read(cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1]
                         .tobytes())
    assert reading.grid == puzzle


def test_a_curved_page_that_runs_off_two_edges_of_the_photo() -> None:
    # the grid touches the photo's top and right edges; its lines, followed from an
    # outline a cell off there, bent away from them, and a cell was read wrong
    read_benchmark_photo("curved-shaded", 400017)


def test_a_curved_page_in_a_hard_shadow() -> None:
    # the bent lines were measured on strokes shrunk and thresholded again, which thins
    # them away: the straight lattice won and three cells were read wrong
    read_benchmark_photo("curved-shaded", 400053)


@pytest.mark.parametrize("seed", [590058, 590095])
def test_a_curved_page_whose_outline_a_shadows_edge_hides(seed: int) -> None:
    # the shadow's edge runs across the grid into the page: no outline shows the grid,
    # and the straight lines followed meet a cell off its curved corners; it was refused
    # as showing no grid
    read_benchmark_photo("curved-shaded", seed)


def test_a_grid_cut_by_the_photos_edge_is_not_squeezed_into_what_shows() -> None:
    # the outline ends at the photo's edge, a part of a row short: lines bent to fit it
    # squeeze nine rows into eight and a half; straight lines on corners moved onto the
    # grid's lines show it better
    read_benchmark_photo("cropped", 900072)


def drawn_grid(cell: int = 30, margin: int = 60) -> tuple[np.ndarray, np.ndarray]:
    """(strokes 255 on 0, the outer corners): a 9 x 9 grid drawn straight."""
    side = 9 * cell
    ink = np.zeros((side + 2 * margin, side + 2 * margin), np.uint8)
    for k in range(10):
        p = margin + k * cell
        cv2.line(ink, (p, margin), (p, margin + side), 255, 3 if k % 3 == 0 else 1)
        cv2.line(ink, (margin, p), (margin + side, p), 255, 3 if k % 3 == 0 else 1)
    corners = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32) + margin
    return ink, corners


def test_moving_the_corners_measures_all_four_corners_moves_in_one_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ink, true = drawn_grid()
    quad = true.copy()
    quad[2] += np.array([1.2, 0.9], np.float32) * 30  # a corner more than a cell off
    passes: list[int] = []
    measure = snap._fits

    def counted(quads: np.ndarray, *args: object) -> np.ndarray:
        passes.append(len(quads))
        return measure(quads, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(snap, "_fits", counted)
    moved = snap.snap(quad, snap.distances(ink))
    assert np.abs(moved - true).max() < 0.15 * 30
    # each move looked for takes one pass over the photo for the outline as it is and one
    # for every corner's every move: at most two a move, four moves a step size
    assert len(passes) <= 2 * snap.MOST_MOVES * len(snap.SEARCHES)
    # and the moves measured are every corner's, each step size's square, less those that
    # take a corner out of reach or off the photo (this grid lies two cells from its edge:
    # the coarse moves three cells out are never measured)
    moves = [len(np.arange(-reach, reach + step / 2, step)) ** 2
             for step, reach, _, _ in snap.SEARCHES]
    measured = [n for n in passes if n > 1]
    assert max(measured) <= 4 * max(moves)
    assert measured[0] < 4 * moves[0]


def test_the_grid_lines_points_are_placed_as_each_point_alone_would_be() -> None:
    # the points along the grid's lines, placed for many outlines at once, land exactly
    # (to the last bit) where each point taken through its outline's matrix lands: moving
    # the corners finds the same corners however the points are placed
    rng = np.random.default_rng(5)
    quads = snap.SQUARE[None] * rng.uniform(20, 60, (40, 1, 1)) + rng.uniform(0, 300, (40, 4, 2))
    matrices = snap._homographies(quads.astype(np.float64))
    for per_cell in {search[3] for search in snap.SEARCHES}:
        one_by_one = snap._projected(matrices, snap.samples(per_cell)[None])
        at_once = snap._on_lines(matrices, per_cell)
        assert np.array_equal(one_by_one[0], at_once[0])
        assert np.array_equal(one_by_one[1], at_once[1])
