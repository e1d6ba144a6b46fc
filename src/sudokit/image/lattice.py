"""The grid's lines followed where they bend: a curved page, whose lines are no longer
straight, is straightened piece by piece, each cell on its own four crossings.

Once an outline is found, its ink is straightened by the outline's perspective; each of the
ten lines across is then looked for near its expected place in each of the nine cells it
borders (the row where that stretch is darkest), and a smooth curve (a parabola) is fitted
through the stretches found, ignoring those where the line is missing or something else is
darker; the same for the lines down; the curves are then smoothed across the lines. Where
two curves cross is a corner of a cell.
"""

from __future__ import annotations

import cv2
import numpy as np

#: Pixels per cell of the square the lines are followed in.
CELL = 16
#: A stretch of line is found when this share of it is dark.
FOUND = 0.6
#: Of the ten lines each way, at least this many must be followed; the others take their
#: neighbours' bend.
MIN_LINES = 7
#: A page whose crossings all lie within this many pixels (of that square) of where the
#: outline's perspective puts them is flat: the plain perspective warp does.
FLAT = 2.5


def crossings(ink: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The 10 x 10 crossings of the grid's lines, as (x, y) in ``ink``'s pixels, for the
    grid inside ``quad`` (4 x 2, clockwise from top-left); None when the lines are straight
    (or cannot be followed), so that the outline's perspective is all there is."""
    pad = CELL
    size = 9 * CELL + 1 + 2 * pad
    target = np.array([[pad, pad], [pad + 9 * CELL, pad], [pad + 9 * CELL, pad + 9 * CELL],
                       [pad, pad + 9 * CELL]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    flat = (cv2.warpPerspective(ink, matrix, (size, size)) > 127).astype(np.float32)
    points = _meetings(flat)
    if points is None:
        return None
    ideal = pad + CELL * np.stack(np.meshgrid(np.arange(10), np.arange(10)), axis=-1)
    if np.abs(points - ideal).max() < FLAT:
        return None
    back = cv2.perspectiveTransform(points.reshape(1, -1, 2), np.linalg.inv(matrix))
    return back.reshape(10, 10, 2).astype(np.float32)


def refollow(ink: np.ndarray, points: np.ndarray) -> np.ndarray | None:
    """The 10 x 10 crossings of the grid's lines followed again near ``points`` (crossings
    found before, x and y in ``ink``'s pixels): where the outline the lines were first
    followed from was off by more than half a cell near a corner (a curved page cut by the
    photo's edge), lines bent away from it are found from where the first crossings put
    them; None when they cannot be followed."""
    wide = widened(points.astype(np.float64))
    flat = (warp(ink, wide, CELL, 0, shrink=False) > 127).astype(np.float32)
    found = _meetings(np.pad(flat, ((0, 1), (0, 1))))
    if found is None:
        return None
    return place(wide, found / CELL).astype(np.float32)


def _meetings(flat: np.ndarray) -> np.ndarray | None:
    """Where the lines followed across and down ``flat`` (the grid straightened with a cell
    around it, CELL pixels a cell) cross: 10 x 10 x 2, x and y in ``flat``'s pixels; None
    when they cannot be followed."""
    across = _curves(flat)
    down = _curves(flat.T)
    if across is None or down is None:
        return None
    a = np.array(across)[:, None, :]  # line across k, then m: its parabola's coefficients
    d = np.array(down)[None, :, :]
    x = np.broadcast_to(CELL + CELL * np.arange(10, dtype=np.float64), (10, 10))
    y = (a[..., 0] * x + a[..., 1]) * x + a[..., 2]
    for _ in range(3):  # where the two curves meet
        x = (d[..., 0] * y + d[..., 1]) * y + d[..., 2]
        y = (a[..., 0] * x + a[..., 1]) * x + a[..., 2]
    return np.stack([x, y], axis=-1).astype(np.float32)


def widened(points: np.ndarray) -> np.ndarray:
    """The crossings ``points`` (n x n x 2) with one more row and column of cells each side,
    carried on straight from the outer two: (n + 2) x (n + 2) x 2."""
    n = len(points)
    wide = np.zeros((n + 2, n + 2, 2), points.dtype)
    wide[1:-1, 1:-1] = points
    wide[0, 1:-1], wide[-1, 1:-1] = 2 * points[0] - points[1], 2 * points[-1] - points[-2]
    wide[:, 0], wide[:, -1] = 2 * wide[:, 1] - wide[:, 2], 2 * wide[:, -2] - wide[:, -3]
    return wide


def place(points: np.ndarray, uv: np.ndarray) -> np.ndarray:
    """Where in the photo lie the grid's places ``uv`` (... x 2, in cells across, then
    down) for the crossings ``points`` (n x n x 2), each cell taken bilinearly from its
    own four corners."""
    last = len(points) - 2
    col = np.clip(np.floor(uv[..., 0]).astype(int), 0, last)
    row = np.clip(np.floor(uv[..., 1]).astype(int), 0, last)
    fu = (uv[..., 0] - col).astype(points.dtype)[..., None]
    fv = (uv[..., 1] - row).astype(points.dtype)[..., None]
    top = points[row, col] * (1 - fu) + points[row, col + 1] * fu
    bottom = points[row + 1, col] * (1 - fu) + points[row + 1, col + 1] * fu
    out: np.ndarray = top * (1 - fv) + bottom * fv
    return out


def _curves(flat: np.ndarray) -> list[np.ndarray] | None:
    """For each of the ten lines across ``flat``, the parabola y(x) through its stretches,
    smoothed across the lines (a page bends smoothly, so each coefficient of the parabolas
    is itself a parabola in the line's number: one line's stray stretch does not bend it,
    and a line too broken or shaded to follow takes its neighbours' bend); None when fewer
    than MIN_LINES can be followed."""
    xs, ys = _stretches(flat)
    fits = [_follow(xs, row) for row in ys]
    known = [k for k, fit in enumerate(fits) if fit is not None]
    if len(known) < MIN_LINES:
        return None
    table = np.array([fits[k] for k in known])
    smooth = [np.polyval(np.polyfit(known, table[:, i], 2), np.arange(10)) for i in range(3)]
    return [np.array([smooth[i][k] for i in range(3)]) for k in range(10)]


def _stretches(flat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(x, y): where each of the ten lines across ``flat`` is found near its expected
    place in each of the nine cells it borders (clear of the lines down): the middles x of
    the nine stretches, and for each line the row y of its stretch there (the middle of
    the darkest run; NaN where too little of it is dark), 10 x 9."""
    pad = CELL
    x0 = pad + CELL * np.arange(9) + 3
    xs = (x0 + x0 + CELL - 5) / 2
    # each row's dark share in each stretch
    shares = flat[:, pad:pad + 9 * CELL].reshape(len(flat), 9, CELL)[:, :, 3:CELL - 2].mean(axis=2)
    lo = pad + CELL * np.arange(10) - CELL // 2
    profiles = shares[lo[:, None] + np.arange(CELL + 1)[None, :]]  # line, row, stretch
    best = profiles.max(axis=1)
    near = profiles >= best[:, None, :] - 0.05
    # the median of the rows near the darkest (rising, and at least the darkest one):
    # the middle one, or halfway between the middle two
    count = near.sum(axis=1)
    seen = np.cumsum(near, axis=1)
    low = np.argmax(seen >= ((count + 1) // 2)[:, None, :], axis=1)
    high = np.argmax(seen >= (count // 2 + 1)[:, None, :], axis=1)
    ys = lo[:, None] + (low + high) / 2
    return xs, np.where(best >= FOUND, ys, np.nan)


def _follow(xs: np.ndarray, ys: np.ndarray) -> np.ndarray | None:
    """The parabola y(x) of a line through its stretches at ``xs``, ``ys`` (NaN where not
    found); None when too few are found."""
    found = np.isfinite(ys)
    if found.sum() < 5:
        return None
    xs, ys = xs[found], ys[found]
    fit = np.polyfit(xs, ys, 2)
    keep = np.abs(np.polyval(fit, xs) - ys) < 2.5  # not a digit's stroke
    if keep.sum() < 5:
        return None
    return np.polyfit(xs[keep], ys[keep], 2)


def spots(points: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Where in the photo lie the grid's places at positions ``u`` (in cells, 0 to 9) down
    and across, for the line crossings ``points`` (10 x 10 x 2, or n x n for a lattice of
    n - 1 cells a side): len(u) x len(u) x 2, x and y (:func:`place` on the square of
    ``u`` each way)."""
    # as :func:`place` takes them, each row of places from its cells' top and bottom
    # edges, each edge taken once for the whole row
    u = u.astype(points.dtype)
    last = len(points) - 2
    cell = np.clip(np.floor(u).astype(int), 0, last)
    f = (u - cell).astype(points.dtype)[:, None]
    edges = points[:, cell] * (1 - f) + points[:, cell + 1] * f  # line across, place along
    out: np.ndarray = edges[cell] * (1 - f)[:, :, None] + edges[cell + 1] * f[:, :, None]
    return out


def warp(gray: np.ndarray, points: np.ndarray, cell: int, outside: int | None = None,
         shrink: bool = True) -> np.ndarray:
    """The grid of ``gray`` whose line crossings are ``points`` (10 x 10 x 2, or n x n, x and
    y in ``gray``'s pixels) straightened into a square of 9 (or n - 1) * ``cell`` pixels,
    each cell from its own four corners; places outside the photo take the nearest pixel's value, or
    ``outside`` where given. A large photo is first shrunk (the warp samples, it does not
    average), unless ``shrink`` is False (strokes, which shrinking would thin)."""
    side = (len(points) - 1) * cell
    points = points.astype(np.float32)
    extent = float(np.linalg.norm(points[0, 0] - points[-1, -1]))
    while shrink and extent > 2.5 * side * np.sqrt(2) and min(gray.shape) > 64:
        gray = cv2.pyrDown(gray)
        points = points / 2
        extent /= 2
    u = np.arange(side, dtype=np.float32) / cell  # pixel u samples u, as the perspective
    grid = spots(points, u)
    border = cv2.BORDER_REPLICATE if outside is None else cv2.BORDER_CONSTANT
    return cv2.remap(gray, np.ascontiguousarray(grid[..., 0]),
                     np.ascontiguousarray(grid[..., 1]), cv2.INTER_LINEAR,
                     borderMode=border, borderValue=outside or 0)
