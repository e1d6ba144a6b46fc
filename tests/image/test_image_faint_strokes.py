"""Cutting a cell: a thin digit's stroke that a small photo has blurred to a few grey levels
under the paper stays part of the digit (followed from its dark bar), and a blurred grid
line's edges along the cell's side are no digit."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.grid import Grid  # noqa: E402
from sudokit.image import cells  # noqa: E402
from support.photos import PUZZLES  # noqa: E402

PAPER, INK = 228, 40


def page_with(cell: int, draw) -> tuple[np.ndarray, tuple[int, ...]]:
    """A photo of PUZZLES[0] (60 pixels a cell), its digits printed dark, except in
    ``cell``, where ``draw(page, x, y)`` draws instead (x, y: the cell's top-left corner)."""
    page = np.full((700, 700), PAPER, np.uint8)
    for k in range(10):
        width = 4 if k % 3 == 0 else 1
        cv2.line(page, (80 + 60 * k, 80), (80 + 60 * k, 620), INK, width)
        cv2.line(page, (80, 80 + 60 * k), (620, 80 + 60 * k), INK, width)
    given = Grid(PUZZLES[0]).cells
    for i, d in enumerate(given):
        r, c = divmod(i, 9)
        x, y = 80 + 60 * c, 80 + 60 * r
        if i == cell:
            draw(page, x, y)
        elif d:
            cv2.putText(page, str(d), (x + 18, y + 46), cv2.FONT_HERSHEY_SIMPLEX, 1.4, INK, 3,
                        cv2.LINE_AA)
    return page, given


def faint_seven(page: np.ndarray, x: int, y: int) -> None:
    """A thin face's 7 in a small photo: a dark bar, and a slanted stroke blurred to about
    fifteen grey levels under the paper."""
    cv2.line(page, (x + 19, y + 15), (x + 41, y + 15), INK, 4)
    stem = np.full_like(page, 0)
    cv2.line(stem, (x + 40, y + 17), (x + 27, y + 48), 255, 3)
    blurred = cv2.GaussianBlur(stem, (0, 0), 1.0).astype(np.float32) / 255
    page[:] = np.where(blurred > 0.05, page - 16 * blurred, page).astype(np.uint8)


def test_a_thin_seven_whose_slanted_stroke_all_but_faded_is_read_as_a_seven() -> None:
    given = Grid(PUZZLES[0]).cells
    seven = next(i for i, d in enumerate(given) if d == 7)
    page, given = page_with(seven, faint_seven)
    reading = image.read(cv2.GaussianBlur(page, (0, 0), 0.7))
    assert reading.first.cells[seven] == 7  # the digit model's own reading, before any repair
    assert reading.ink[seven] > cells.FAINT
    assert reading.grid.cells == given


def test_the_faint_stroke_is_cut_with_its_bar() -> None:
    # the cell straightened (40 pixels): the bar alone is too short for a digit's shape
    flat = np.full((9 * cells.CELL, 9 * cells.CELL), PAPER, np.uint8)
    cell = np.full((60, 60), PAPER, np.uint8)
    faint_seven(cell, 0, 0)
    flat[:cells.CELL, :cells.CELL] = cv2.resize(cell, (cells.CELL, cells.CELL),
                                                interpolation=cv2.INTER_AREA)
    patch = cells.cell_patch(flat[:cells.CELL, :cells.CELL])
    assert patch is not None
    rows = np.flatnonzero(patch.max(axis=1) > 0.05)
    assert rows[-1] - rows[0] >= cells.FIT - 1  # the stroke's whole height, not the bar's


def test_a_blurred_grid_lines_edges_along_the_cells_side_are_no_digit() -> None:
    # a cell with nothing printed in it, along its right side a thick blurred line a little
    # inside the cell (a grid found a pixel or two off): only the line's core is mostly ink
    # from top to bottom; its blurred edges, cut with the paler strokes, once made a 1
    size = cells.CELL
    line = np.zeros((size, size), np.float32)
    cv2.line(line, (31, 0), (31, size), 1.0, 3)
    for seed in range(5):
        noise = np.random.default_rng(seed).normal(0, 2, line.shape)
        cell = np.clip(PAPER - 170 * cv2.GaussianBlur(line, (0, 0), 2.0) + noise, 0, 255)
        assert cells.cell_patch(cell.astype(np.uint8)) is None
