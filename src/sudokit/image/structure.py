"""The line structure of a sudoku grid: whether a straightened outline shows the ten lines
each way of a 9 x 9 grid, at the expected places and nowhere else.

A found outline is trusted only when, straightened to a square, the strokes of the photo
(ink, 255 on 0) show

- the ten lines each way, most of each one's length dark near its expected place (or, for
  lines printed short of the crossings, the outer ones whole and each inner one in part);
- light paper between them: the cells' insides, away from the lines, are mostly light
  (noise, or a page of text, darkens them as much as the lines);
- lines that stop at the outline: the inner lines do not run on past the outer ones (a
  part of a larger lattice, graph paper, is no sudoku grid).

Every third line is thick where the grid is printed so; that is measured
(:attr:`Structure.thick_every_third`) but not required, since some papers print all lines
alike.
"""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from . import lattice

#: Pixels per cell of the straightened square the structure is measured on.
CELL = 16
#: How far (pixels of that square) a line may stray from its expected place: a curved page.
SLACK = 2
#: A line is there when this share of its length is dark near its place.
LINE = 0.6
#: Of the eight lines that frame the boxes (0, 3, 6, 9 each way), at least this many must be
#: there (a broken or shaded outer border may lose one).
BOX_LINES_NEEDED = 7
#: The twelve thin lines between them are often printed faint: on average this share of
#: their length must be dark.
THIN_LINES = 0.15
#: The thin lines each way, away from the crossings, must be dark over this share of their
#: length on average (in a ruled table, the lines one way are rules, the other way only
#: their crossings), or FAINT_APART where the eight box lines are all there (a grid may
#: print its thin lines faint, and a threshold break them up).
THIN_APART, FAINT_APART = 0.08, 0.02
#: Some papers print the inner lines short of the crossings (dashes between them): a grid
#: whose four outer lines are there and whose sixteen inner lines are all dark over at least
#: SHORT of their length stands for one whose box lines are all there.
SHORT = 0.4
#: Inside the cells, away from the lines, at most this share may be dark (digits are
#: there, lines are not).
BETWEEN = 0.3
#: An outer line less than this share of which lies inside the photo is taken to be there:
#: the grid runs off the photo's edge (the inner lines must all be seen); one more of which
#: lies inside is judged on that part.
OFF_FRAME = 0.5
#: Past the outline, the inner lines may run on for at most this share of their places.
RUN_ON = 0.25


class Structure(NamedTuple):
    """How well a straightened outline shows a 9 x 9 grid: ``lines``, the dark share of each
    of the ten lines across then the ten down; ``between``, the dark share of the cells'
    insides away from the lines (the median cell's); ``run_on``, the share of the inner
    lines that carry on past the outline; ``thick_every_third``: lines 0, 3, 6, 9 are
    heavier than the others; ``thin_apart``: the mean dark share of the thin lines across,
    then down, away from their crossings."""

    lines: tuple[float, ...]
    between: float
    run_on: float
    thick_every_third: bool
    thin_apart: tuple[float, float] = (1.0, 1.0)

    @property
    def box_lines(self) -> int:
        """How many of the eight lines that frame the boxes are there."""
        return sum(share >= LINE for k, share in enumerate(self.lines) if k % 10 % 3 == 0)

    @property
    def stops_short(self) -> bool:
        """True when the four outer lines are there and every inner line is at least SHORT
        dark: lines printed short of the crossings, each as evenly as the others."""
        outer = [share for k, share in enumerate(self.lines) if k % 10 in (0, 9)]
        inner = [share for k, share in enumerate(self.lines) if k % 10 not in (0, 9)]
        return min(outer) >= LINE and min(inner) >= SHORT

    @property
    def thin_lines(self) -> float:
        """The mean dark share of the twelve thin lines."""
        return float(np.mean([share for k, share in enumerate(self.lines) if k % 10 % 3]))

    @property
    def thin_each(self) -> tuple[float, float]:
        """The mean dark share of the six thin lines across, then of the six down."""
        thin = [share for k, share in enumerate(self.lines) if k % 10 % 3]
        return float(np.mean(thin[:6])), float(np.mean(thin[6:]))

    @property
    def is_grid(self) -> bool:
        """True when the outline shows a sudoku grid's lines."""
        boxed = self.box_lines == 8 or self.stops_short
        return ((boxed or self.box_lines >= BOX_LINES_NEEDED) and self.thin_lines >= THIN_LINES
                and min(self.thin_apart) >= (FAINT_APART if boxed else THIN_APART)
                and self.between <= BETWEEN and self.run_on <= RUN_ON)

    @property
    def whole(self) -> bool:
        """True when the outline shows a sudoku grid's lines with all eight box lines there
        (or off the photo's edge): the test for an outline pieced together from lines,
        which may be off by whole cells, where a missing box line would go unnoticed."""
        return self.is_grid and (self.box_lines == 8 or self.stops_short)

    @property
    def score(self) -> float:
        """A single measure for ranking outlines (higher is better)."""
        return float(np.mean(self.lines)) - max(0.0, self.between - 0.2) - 0.5 * self.run_on


def straighten(ink: np.ndarray, quad: np.ndarray, cell: int = CELL, border: int = 0
               ) -> np.ndarray:
    """``ink`` inside ``quad`` (4 x 2, clockwise from top-left) as a boolean square of
    9 * ``cell`` + 1 pixels, with ``border`` cells more around it."""
    side = 9 * cell
    pad = border * cell
    target = np.array([[pad, pad], [pad + side, pad], [pad + side, pad + side],
                       [pad, pad + side]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    size = side + 1 + 2 * pad
    return cv2.warpPerspective(ink, matrix, (size, size), borderMode=cv2.BORDER_CONSTANT,
                               borderValue=0) > 127


def measure(ink: np.ndarray, quad: np.ndarray, points: np.ndarray | None = None) -> Structure:
    """The line structure of ``ink`` inside ``quad``; with ``points``, the crossings of
    lines that bend (:mod:`sudokit.image.lattice`), inside them."""
    flat = straighten(ink, quad, border=1)
    pad, side = CELL, 9 * CELL
    if points is None:
        inside = flat[pad:pad + side + 1, pad:pad + side + 1]
        seen = straighten(np.full(ink.shape, 255, np.uint8), quad)
    else:
        # with a cell around the grid, as the outline's perspective straightens it: an
        # outer line a pixel outside its crossings is seen as the inner lines are
        wide = lattice.widened(points)
        middle = (slice(pad, pad + side + 1),) * 2
        inside = (lattice.warp(ink, wide, CELL, 0, shrink=False) > 127)[middle]
        seen = (lattice.warp(np.full(ink.shape, 255, np.uint8), wide, CELL, 0, shrink=False)
                > 127)[middle]
    lines: list[float] = []
    weights: list[float] = []
    for grid, sight in ((inside, seen), (inside.T, seen.T)):  # across, then down
        shares = [_line_share(grid, k * CELL) for k in range(10)]
        for k in (0, 9):  # an outer line partly off the photo's edge: judged on the rest
            part = _line_share(sight, k * CELL, 0)
            shares[k] = 1.0 if part < OFF_FRAME else min(1.0, shares[k] / part)
        lines += shares
        weights += [_thickness(grid, k * CELL) for k in range(10)]
    thin_apart = (_apart(inside), _apart(inside.T))
    between = _between(inside)
    run_on = _run_on(flat)
    thick = [weights[k] for k in range(20) if k % 10 % 3 == 0]
    thin = [weights[k] for k in range(20) if k % 10 % 3]
    return Structure(tuple(lines), between, run_on,
                     float(np.median(thick)) > 1.3 * float(np.median(thin)), thin_apart)


def _apart(grid: np.ndarray) -> float:
    """The mean dark share of the thin lines across ``grid`` away from where the lines
    down cross them (a ruled table's rules are dark only where they cross its columns)."""
    away = np.ones(grid.shape[1], bool)
    for k in range(10):
        away[max(0, k * CELL - SLACK - 1):k * CELL + SLACK + 2] = False
    return float(np.mean([_line_share(grid[:, away], k * CELL) for k in range(10) if k % 3]))


def _line_share(grid: np.ndarray, row: int, slack: int = SLACK) -> float:
    """The share of row ``row``'s length that is dark within ``slack`` rows of it."""
    band = grid[max(0, row - slack):row + slack + 1]
    return float(band.any(axis=0).mean())


def _between(grid: np.ndarray) -> float:
    """The dark share of the middle cell's inside, away from the lines, of the 81 ranked (a
    cell's ink is its digit, in a third of the cells or so; noise is dark everywhere)."""
    m = SLACK + 2
    cells = grid[:9 * CELL, :9 * CELL].reshape(9, CELL, 9, CELL)
    cells = cells[:, m:CELL - m + 1, :, m:CELL - m + 1]
    return float(np.median(cells.mean(axis=(1, 3))))


def _thickness(grid: np.ndarray, row: int) -> float:
    """The mean number of dark rows near row ``row``, along its length."""
    band = grid[max(0, row - SLACK - 1):row + SLACK + 2]
    return float(band.sum(axis=0).mean())


def _run_on(flat: np.ndarray) -> float:
    """The share of the 32 places where an inner line would carry on past the outline (half a
    cell beyond it, each way) that are dark as a line is."""
    pad, side = CELL, 9 * CELL
    dark = 0
    for grid in (flat, flat.T):
        for k in range(1, 9):
            x = pad + k * CELL
            column: np.ndarray = np.any(grid[:, max(0, x - SLACK):x + SLACK + 1], axis=1)
            before = column[pad - CELL // 2 - 2:pad - 3]
            after = column[pad + side + 4:pad + side + CELL // 2 + 3]
            dark += (before.mean() >= 0.8) + (after.mean() >= 0.8)
    return dark / 32
