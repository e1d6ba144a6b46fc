"""A grid whose outline is not found whole is found from its lines: a grid half in a hard
shadow, whose border and faint lines the shadow breaks up, a grid whose outer border is
broken, and one that runs off the photo's edge. Each is read entirely right, and trusted
(each was refused as "no grid" when only outlines were looked for). A grid whose inner
lines stop short of the crossings is a grid; one 3 x 3 box, its own thin lines taken for
the grid's box lines, is not the whole grid."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.image import gridlines, locate, snap  # noqa: E402
from sudokit.image.synthetic import CLASSES, photograph  # noqa: E402
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


def benchmark_photo(name: str, seed: int) -> None:
    """The photo of class ``name`` that the photo benchmark makes from ``seed`` is read
    entirely right, its grid found in its place (each corner within a third of a cell)."""
    rng = np.random.default_rng(seed)
    puzzle = photos.newspaper_puzzle(seed % len(photos.PUZZLES), rng)
    photo = photograph(puzzle.cells, rng, conditions=CLASSES[name])
    reading = image.read(cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1]
                         .tobytes())
    cell = float(np.linalg.norm(photo.corners[0] - photo.corners[2])) / (9 * np.sqrt(2))
    assert np.abs(np.array(reading.corners) - photo.corners).max() < cell / 3
    assert reading.grid == puzzle


def test_a_grid_whose_inner_lines_stop_short_of_the_crossings() -> None:
    # every inner line is dashes between the crossings, about half its length: refused as
    # "no grid" when each box line had to be dark over 60% of its length
    benchmark_photo("short-lines", 500086)


def test_one_box_is_not_taken_for_the_whole_grid() -> None:
    # the box in the light, its border and two thin lines each way, looks like a grid
    # whose thin lines are missing; the grid's own lines, half in a shadow, show the grid
    benchmark_photo("shaded", 800093)


def test_a_grid_whose_lines_a_shadow_leaves_only_faintly_darker_than_the_paper() -> None:
    # in the shadow its lines are only a few grey levels darker than the paper around
    # them: at the usual contrast neither its outline nor its lines show a whole grid,
    # and at the faint contrast no outline does; it was refused as "no grid" until its
    # lines were followed at the faint contrast too
    benchmark_photo("shaded", 1030006)


def test_lines_followed_bent_from_a_corner_off_do_not_beat_a_straight_outline() -> None:
    # a straight page half in a shadow: its outline shows the whole grid straight, its
    # corners moved onto the lines; the lines followed from an outline a cell off at one
    # corner bend to meet it there and showed the grid a little more clearly, and the
    # last column was read one cell short
    benchmark_photo("shaded", 1030007)



def test_a_photo_refused_at_the_faint_contrast_moves_fewer_corners() -> None:
    # a small grid on a curved page in a shadow, its border never among the longest lines,
    # still refused as "no grid": at the faint contrast the outlines pieced together from
    # the paler lines are not moved onto them (that never found a grid there), so the
    # refusal comes after 8 moves of an outline's corners, not 11
    rng = np.random.default_rng(630006)
    puzzle = photos.newspaper_puzzle(630006 % len(photos.PUZZLES), rng)
    photo = photograph(puzzle.cells, rng, conditions=CLASSES["curved-shaded"])
    jpeg = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()
    moves = []
    move = snap.snap

    def counted(quad: np.ndarray, near: np.ndarray) -> np.ndarray:
        moves.append(quad)
        return move(quad, near)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(snap, "snap", counted)
        with pytest.raises(image.ImageError, match="no sudoku grid"):
            image.read(jpeg)
    assert len(moves) <= 8


def test_seven_rows_of_a_grid_stretched_over_nine_are_refused() -> None:
    # a curved page in a shadow whose top runs off it: no grid shows at the usual
    # contrast, and at the faint one the bottom seven rows' outline, divided into nine,
    # found the shadow's edge and the digits where its missing lines would be; it was
    # read wrong (not trusted): its lines' own spacing, 9/7 of its cells', refuses it
    _, jpeg = photos.benchmark_photo("curved-shaded", 630066)
    with pytest.raises(image.ImageError, match="no sudoku grid"):
        image.read(jpeg)


@pytest.mark.parametrize(("lines", "stretched"), [(10, False), (8, True), (11, True),
                                                  (4, False)])
def test_a_lattice_is_stretched_where_its_lines_are_spaced_unlike_its_cells(
        lines: int, stretched: bool) -> None:
    # the dark share of each row of a lattice straightened at 16 pixels a cell, its
    # lines evenly spaced from its first row to its last, half the rows between them grey
    # (four lines: a grid whose thin lines do not show, its box lines a cell and a half
    # apart twice over, is not stretched)
    profile = np.full(9 * 16 + 1, 0.4)
    profile[np.rint(np.linspace(0, 9 * 16, lines)).astype(int)] = 1.0
    assert locate._unlike(profile) is stretched


@pytest.mark.parametrize(("name", "seed"), [("curved", 970099), ("short-lines", 730057)])
def test_lines_followed_around_one_box_or_three_rows_find_the_grid_around_them(
        name: str, seed: int) -> None:
    # no outline shows the grid; of the grid's lines followed, those around one 3 x 3
    # box (curved 970099) or the bottom three rows (short-lines 730057, its inner lines
    # dashes) showed all eight box lines, the lines through the cells' middles taken for
    # the thin ones: read as the whole grid, 32 and 38 cells were wrong. The grid around
    # them, whose thin lines are there, is read right
    puzzle, jpeg = photos.benchmark_photo(name, seed)
    reading = image.read(jpeg)
    assert reading.grid == puzzle
    assert reading.trusted


def test_a_grid_whose_outline_shows_every_line_whole_is_not_looked_for_in_its_lines(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the outline of curved 970012, its corners moved onto the grid's lines, shows all
    # twenty lines whole: no lattice pieced together from the lines could show it better,
    # so they are not followed (five more corner moves, 73 passes over the photo in all)
    followed: list[int] = []
    outlines = gridlines.outlines

    def counted(ink: np.ndarray) -> list[np.ndarray]:
        followed.append(1)
        return outlines(ink)

    monkeypatch.setattr(gridlines, "outlines", counted)
    puzzle, jpeg = photos.benchmark_photo("curved", 970012)
    reading = image.read(jpeg)
    assert reading.grid == puzzle
    assert reading.trusted
    assert not followed
