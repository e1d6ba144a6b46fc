"""An outline's corners checked against the grid's own lines, and moved onto them.

An outline found from a region's hull may have one corner wrong by a cell or so (a border
broken or cut by the photo's edge near it, a shadow, the page's edge), which bends every
line near that corner away from where the outline puts it. Each corner is moved in turn,
up to two cells each way, to where the twenty lines of a 9 x 9 grid that the four
corners make lie closest to the photo's strokes; coarsely at first (the strokes' nearness
measured loosely, so that a corner far off still feels the lines), then finely. Parts of
lines that fall outside the photo count as average: a grid that runs off the photo's edge
is neither rewarded nor punished for it.
"""

from __future__ import annotations

import cv2
import numpy as np

#: How far (cells of the grid, each way) a corner may move.
REACH = 3.5
#: How far (cells) a corner may lie outside the photo.
OUTSIDE = 0.35
#: A corner moved may make an angle this far (degrees) from a right angle, and opposite
#: sides at least this share of each other's length.
SKEW, SIDES = 30.0, 0.7
#: The searches, coarse to fine: (step, reach, looseness, samples), in cells: each corner
#: is tried at every step up to the reach each way, its fit measured with nearness to a
#: stroke falling off over the looseness, at that many points per cell of each line.
SEARCHES = ((1.0, REACH, 0.45, 2), (0.5, 1.0, 0.3, 3), (0.125, 0.375, 0.12, 4),
            (0.0625, 0.125, 0.06, 4))
#: How loosely :func:`fit` measures, and at how many points per cell.
TIGHT, PER_CELL = 0.06, 4
#: The most corner moves at each step size.
MOST_MOVES = 4
#: The grid's corners in cells, clockwise from top-left.
SQUARE = np.array([[0, 0], [9, 0], [9, 9], [0, 9]], np.float32)


def samples(per_cell: int) -> np.ndarray:
    """Points (u, v), in cells, along the ten lines each way of the grid, ``per_cell`` to
    a cell."""
    t = (np.arange(9 * per_cell) + 0.5) / per_cell
    k = np.arange(10, dtype=np.float64)
    across = np.stack(np.broadcast_arrays(t[None, :], k[:, None]), axis=-1).reshape(-1, 2)
    down = across[:, ::-1]
    return np.concatenate([across, down])



def distances(ink: np.ndarray) -> np.ndarray:
    """Each pixel's distance to the nearest stroke of ``ink`` (strokes 255 on 0)."""
    return cv2.distanceTransform(np.where(ink > 0, 0, 255).astype(np.uint8), cv2.DIST_L2, 3)


def fit(quad: np.ndarray, near: np.ndarray) -> float:
    """How close to the strokes the grid of ``quad`` (4 x 2, clockwise from top-left) lies:
    the mean, over its lines' points, of a nearness from 1 (on a stroke) to 0, measured
    finely. ``near`` is :func:`distances` of the strokes."""
    return float(_fits(quad[None].astype(np.float64), near, TIGHT, PER_CELL)[0])


def snap(quad: np.ndarray, near: np.ndarray) -> np.ndarray:
    """``quad`` (4 x 2 float32, clockwise from top-left) with each corner moved, at most
    REACH cells each way, to where the grid's lines lie closest to the strokes (``near``:
    :func:`distances`). At each step the one corner whose move gains most is moved (the
    corner that is off, not one that would shift the whole grid a cell to meet it)."""
    start = quad.astype(np.float64)
    back = np.linalg.inv(_homographies(start[None])[0])
    quad = start
    for step, reach, loose, per_cell in SEARCHES:
        offsets = np.arange(-reach, reach + step / 2, step)
        moves = np.stack(np.meshgrid(offsets, offsets), axis=-1).reshape(-1, 2)
        now = float(_fits(quad[None], near, loose, per_cell)[0])
        for _ in range(MOST_MOVES):
            gain, best = _best_move(quad, moves, near, (loose, per_cell), back)
            if gain <= now + 1e-6:
                break
            quad, now = best, gain  # its fit, measured with the others
    return quad.astype(np.float32)


def _best_move(quad: np.ndarray, moves: np.ndarray, near: np.ndarray,
               measure: tuple[float, int], back: np.ndarray) -> tuple[float, np.ndarray]:
    """(fit, quad): ``quad`` with the one corner moved by the one of ``moves`` (cells, in
    the grid's own directions) that fits the strokes best, and its fit (of equal fits, the
    first corner's, then the first move's); a corner is kept within REACH cells of where
    ``back`` (the first outline's matrix from the photo to the grid, in cells) puts it.
    ``measure``: (looseness, points per cell) for :func:`_fits`."""
    n = len(moves)
    placed = _project(_homographies(quad[None]),
                      (SQUARE[:, None] + moves[None]).reshape(1, -1, 2))[0]  # corner by move
    quads = np.repeat(quad[None], 4 * n, axis=0)
    for corner in range(4):
        quads[corner * n:(corner + 1) * n, corner] = placed[corner * n:(corner + 1) * n]
    was = _project(back[None], placed[None])[0]
    far = ~(np.abs(was - np.repeat(SQUARE, n, axis=0)) <= REACH + 1e-6).all(axis=1)
    # a grid cut by the photo's edge runs off it by a fraction of a cell: a corner further
    # out would count lines that are not there as cut off
    h, w = near.shape
    cell = float(np.linalg.norm(quad[0] - quad[2]) + np.linalg.norm(quad[1] - quad[3])) / 25.5
    out = np.maximum(np.maximum(-placed, placed - [w - 1, h - 1]), 0).max(axis=1)
    allowed = np.flatnonzero(~(far | (out > OUTSIDE * cell)))  # only these are measured
    scores = np.full(4 * n, -1.0)
    scores[allowed] = _fits(quads[allowed], near, *measure)
    best = int(np.argmax(scores))
    return float(scores[best]), quads[best]


def _homographies(quads: np.ndarray) -> np.ndarray:
    """The perspective matrices (n x 3 x 3) taking SQUARE to each of ``quads`` (n x 4 x 2);
    NaN for a degenerate one."""
    n = len(quads)
    a = np.zeros((n, 8, 8))
    b = np.zeros((n, 8))
    for k, (u, v) in enumerate(SQUARE.astype(np.float64)):
        x, y = quads[:, k, 0], quads[:, k, 1]
        a[:, 2 * k, 0:3] = (u, v, 1.0)
        a[:, 2 * k, 6], a[:, 2 * k, 7] = -u * x, -v * x
        a[:, 2 * k + 1, 3:6] = (u, v, 1.0)
        a[:, 2 * k + 1, 6], a[:, 2 * k + 1, 7] = -u * y, -v * y
        b[:, 2 * k], b[:, 2 * k + 1] = x, y
    h = np.full((n, 9), np.nan)
    ok = np.abs(np.linalg.det(a)) > 1e-9
    if ok.any():
        h[ok, :8] = np.linalg.solve(a[ok], b[ok][..., None])[..., 0]
        h[ok, 8] = 1.0
    return h.reshape(n, 3, 3)


def _project(matrices: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``points`` (1 or n x m x 2) taken through each of ``matrices`` (n x 3 x 3)."""
    x, y = _projected(matrices, points)
    return np.stack([x, y], axis=-1)


def _projected(matrices: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_project`'s x and y, each n x m."""
    u, v = points[..., 0], points[..., 1]
    x, y, z = (matrices[:, k, 0, None] * u + matrices[:, k, 1, None] * v
               + matrices[:, k, 2, None] for k in range(3))
    with np.errstate(divide="ignore", invalid="ignore"):
        return x / z, y / z


def _on_lines(matrices: np.ndarray, per_cell: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_projected` of ``samples(per_cell)`` through each of ``matrices`` (n x 3 x 3):
    x and y, each n x m. A line's points share one coordinate and the lines share their
    places along them, so each product is taken once, then added as :func:`_projected`
    adds them (the same sums, to the last bit)."""
    t = (np.arange(9 * per_cell) + 0.5) / per_cell  # places along a line, as samples()
    k = np.arange(10, dtype=np.float64)  # the lines
    n = len(matrices)
    rows = np.empty((3, n, 2, 10, len(t)))  # x, y, z; across, then down
    for r in range(3):
        a, b, c = (matrices[:, r, i, None] for i in range(3))
        # across, (u, v) = (t, k); down, (u, v) = (k, t): a * u + b * v + c
        np.add((a * t)[:, None, :], (b * k)[:, :, None], out=rows[r, :, 0])
        np.add((a * k)[:, :, None], (b * t)[:, None, :], out=rows[r, :, 1])
        rows[r] += c[:, :, None, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        return (rows[0] / rows[2]).reshape(n, -1), (rows[1] / rows[2]).reshape(n, -1)


def _fits(quads: np.ndarray, near: np.ndarray, loose: float, per_cell: int) -> np.ndarray:
    """:func:`fit` for each of ``quads`` (n x 4 x 2), nearness falling off over ``loose``
    of a cell, at ``per_cell`` points a cell of each line; -1 for a quad whose lines lie
    mostly outside the photo or that no photographed square looks like."""
    h, w = near.shape
    fits = np.full(len(quads), -1.0)
    plausible = np.flatnonzero(_plausible(quads))  # only these are measured
    if len(plausible) == 0:
        return fits
    quads = quads[plausible]
    x, y = _on_lines(_homographies(quads), per_cell)  # each n x m
    np.rint(x, out=x)
    np.rint(y, out=y)
    inside = (x >= 0) & (x < w)  # NaN is never inside
    inside &= y >= 0
    inside &= y < h
    y *= w
    y += x  # the place's index in the photo, where inside
    d = near.ravel()[np.where(inside, y, 0).astype(np.intp)]
    cell = (np.linalg.norm(quads[:, 0] - quads[:, 2], axis=1)
            + np.linalg.norm(quads[:, 1] - quads[:, 3], axis=1)) / (18 * np.sqrt(2))
    sigma = np.maximum(1.0, loose * cell)[:, None]
    close = d / sigma  # the nearness exp(-(d / sigma) ** 2), computed in place
    np.square(close, out=close)
    np.negative(close, out=close)
    np.exp(close, out=close)
    close *= inside  # 0 outside the photo
    seen = inside.sum(axis=1)
    fits[plausible] = np.where(seen >= 0.5 * x.shape[1],
                               close.sum(axis=1) / np.maximum(seen, 1), -1.0)
    return fits


def _plausible(quads: np.ndarray) -> np.ndarray:
    """Which of ``quads`` (n x 4 x 2) a square photographed can look like: convex, each
    corner's angle within SKEW degrees of a right angle, opposite sides at least SIDES as
    long as each other."""
    sides = np.roll(quads, -1, axis=1) - quads  # side k runs from corner k to k + 1
    length = np.maximum(np.linalg.norm(sides, axis=2), 1e-9)
    previous = np.roll(sides, 1, axis=1)
    cross = previous[..., 0] * sides[..., 1] - previous[..., 1] * sides[..., 0]
    cosine = -(previous * sides).sum(axis=2) / (np.roll(length, 1, axis=1) * length)
    convex = (cross > 0).all(axis=1) | (cross < 0).all(axis=1)
    square = (np.abs(cosine) <= np.cos(np.radians(90 - SKEW))).all(axis=1)
    ratio = np.minimum(length[:, :2], length[:, 2:]) / np.maximum(length[:, :2], length[:, 2:])
    return convex & square & (ratio >= SIDES).all(axis=1)
