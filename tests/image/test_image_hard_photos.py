"""Photos in the hard conditions of real newspaper photos, made in software: a curved page
partly in a hard shadow, print showing through from the other side of the page, a grid
whose outer border is broken. Each is read entirely right, and trusted."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.grid import Grid  # noqa: E402
from support.files import data_file, read_lines  # noqa: E402
from support.photos import newspaper_puzzle, read_back  # noqa: E402

PUZZLES = read_lines(data_file("puzzles3_magictour_top1465.txt"))


@pytest.mark.parametrize("seed", [2, 5, 10])
def test_a_curved_page_partly_in_shadow(seed: int) -> None:
    read_back("curved-shaded", seed)


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_print_showing_through_from_the_other_side(seed: int) -> None:
    read_back("show-through", seed)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_grid_whose_outer_border_is_broken(seed: int) -> None:
    read_back("broken-border", seed)


def test_a_page_bent_in_a_curve_is_straightened_cell_by_cell() -> None:
    # a strong bend: a straight outline misses the middle of each row by most of a cell
    rng = np.random.default_rng(1)
    page = np.full((700, 700), 235, np.uint8)
    for k in range(10):
        width = 4 if k % 3 == 0 else 1
        cv2.line(page, (80 + 60 * k, 80), (80 + 60 * k, 620), 20, width)
        cv2.line(page, (80, 80 + 60 * k), (620, 80 + 60 * k), 20, width)
    cells = newspaper_puzzle(3, rng).cells
    for i, d in enumerate(cells):
        if d:
            r, c = divmod(i, 9)
            cv2.putText(page, str(d), (80 + 60 * c + 18, 80 + 60 * r + 46),
                        cv2.FONT_HERSHEY_SIMPLEX, 1.4, 20, 3, cv2.LINE_AA)
    ys, xs = np.mgrid[0:700, 0:700].astype(np.float32)
    bend = (42 * np.sin(np.pi * xs / 700)).astype(np.float32)  # rows sag 42 px in the middle
    curved = cv2.remap(page, xs, ys - bend, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    reading = image.read(curved)
    assert reading.grid.cells == cells


def test_a_digit_printed_faintly_is_read_with_doubt_not_lost() -> None:
    # a thin digit a small photo has greyed to a quarter of the others' ink: as faint as
    # print showing through, but without it this minimal puzzle has several solutions
    page = np.full((700, 700), 235, np.uint8)
    for k in range(10):
        width = 4 if k % 3 == 0 else 1
        cv2.line(page, (80 + 60 * k, 80), (80 + 60 * k, 620), 20, width)
        cv2.line(page, (80, 80 + 60 * k), (620, 80 + 60 * k), 20, width)
    cells = Grid(PUZZLES[0]).cells
    faint = next(i for i, d in enumerate(cells) if d)
    for i, d in enumerate(cells):
        if d:
            r, c = divmod(i, 9)
            ink = 235 - 0.27 * (235 - 20) if i == faint else 20
            cv2.putText(page, str(d), (80 + 60 * c + 18, 80 + 60 * r + 46),
                        cv2.FONT_HERSHEY_SIMPLEX, 1.4, ink, 3, cv2.LINE_AA)
    reading = image.read(page)
    assert reading.grid.cells == cells
    assert faint in reading.doubtful
    assert [(c.cell, c.after) for c in reading.changes] == [(faint, cells[faint])]


def test_a_thin_digit_broken_into_dashes_is_still_read() -> None:
    # a thin 7 whose strokes the photo broke into pieces three or four pixels apart (once
    # straightened): still a digit
    page = np.full((700, 700), 235, np.uint8)
    for k in range(10):
        width = 4 if k % 3 == 0 else 1
        cv2.line(page, (80 + 60 * k, 80), (80 + 60 * k, 620), 20, width)
        cv2.line(page, (80, 80 + 60 * k), (620, 80 + 60 * k), 20, width)
    cells = Grid(PUZZLES[0]).cells
    broken = next(i for i, d in enumerate(cells) if d == 7)
    for i, d in enumerate(cells):
        r, c = divmod(i, 9)
        x, y = 80 + 60 * c, 80 + 60 * r
        if i == broken:  # the bar and the stem in short dashes, gaps of 5 to 7 pixels
            for t in range(0, 40, 12):
                cv2.line(page, (x + 16 + t * 28 // 40, y + 12), (x + 16 + (t + 5) * 28 // 40,
                                                                  y + 12), 20, 2)
                cv2.line(page, (x + 44 - t * 20 // 40, y + 12 + t), (x + 44 - (t + 5) * 20 // 40,
                                                                      y + 17 + t), 20, 2)
        elif d:
            cv2.putText(page, str(d), (x + 18, y + 46), cv2.FONT_HERSHEY_SIMPLEX, 1.4, 20, 3,
                        cv2.LINE_AA)
    reading = image.read(page)
    assert reading.grid.cells == cells


def test_a_thin_seven_whose_slanted_stroke_faded_is_still_read() -> None:
    # a thin face in a small photo: the 7's bar keeps its ink, its slanted stroke fades to a
    # third of it
    page = np.full((700, 700), 235, np.uint8)
    for k in range(10):
        width = 4 if k % 3 == 0 else 1
        cv2.line(page, (80 + 60 * k, 80), (80 + 60 * k, 620), 20, width)
        cv2.line(page, (80, 80 + 60 * k), (620, 80 + 60 * k), 20, width)
    cells = Grid(PUZZLES[0]).cells
    faded = next(i for i, d in enumerate(cells) if d == 7)
    for i, d in enumerate(cells):
        r, c = divmod(i, 9)
        x, y = 80 + 60 * c, 80 + 60 * r
        if i == faded:
            cv2.line(page, (x + 18, y + 14), (x + 42, y + 14), 20, 3)
            cv2.line(page, (x + 42, y + 14), (x + 28, y + 48), 235 - 0.33 * 215, 2)
        elif d:
            cv2.putText(page, str(d), (x + 18, y + 46), cv2.FONT_HERSHEY_SIMPLEX, 1.4, 20, 3,
                        cv2.LINE_AA)
    reading = image.read(page)
    assert reading.grid.cells == cells
