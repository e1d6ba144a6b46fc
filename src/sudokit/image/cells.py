"""Straightening the grid, cutting it into 81 cells, and telling empty cells from digits.

A cell holds a digit when a dark shape of a digit's height sits near its middle; grid lines
that bleed into the cell touch its border and are left out, and so are a blurred line's
edges. A thin digit's strokes that a small photo has faded to a few grey levels are followed
from its dark parts (a thin 7's bar). The digit's shape is cut out, scaled to fit 20 x 20
and centred in a 28 x 28 patch (ink 1.0, paper 0.0), the input of the digit model.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import cv2
import numpy as np

#: Pixels per cell once the grid is straightened.
CELL = 40
#: Side of the patch the digit model reads, and of the box the digit is scaled into.
PATCH, FIT = 28, 20
#: A shape whose ink is less than this share of the grid's digits' (by their median) is
#: not taken for a digit: print showing through from the other side of the page, or a
#: shadow's edge; below DIM, it is not even looked at. Between the two, it may also be a
#: thin digit that a small photo has greyed (see :func:`shapes`).
FAINT, DIM = 0.35, 0.2
#: The digits of one puzzle are printed in one ink: where the grid's palest tenth of
#: shapes (at least FAINT) is still dark, a shape under PALER of their ink is fainter than
#: a digit too (print showing through, mirrored and paler, beside dark digits), though a
#: thin face's pale digits stay digits (see :func:`faint_below`).
PALER = 0.58
#: How a digit's shape is looked for: (threshold between paper and ink, gap bridged) in turn.
#: Nearer the paper than the ink: a thin stroke, greyed by blur, still counts; pieces closer
#: than a pixel belong together (a stroke broken by blur and noise); when that makes no
#: digit, those closer than two, then paler strokes too (a thin face in a small photo: its
#: bars keep their ink, its slanted strokes fade). Looking for a digit's shape, the paler
#: cuts leave out a blurred grid line's edges with the line (see :func:`_erase_lines`).
LEVELS = ((0.4, 3), (0.4, 5), (0.25, 5))
#: How a mark is looked for in a cell where no digit's shape was found: as a digit, from a
#: fifth of a cell tall, then paler strokes still across wider gaps (a thin 7 whose slanted
#: stroke a small photo has faded to a few grey pixels under its bar).
MARK_LEVELS = (*LEVELS, (0.25, 9), (0.15, 9))
#: The least height of a digit's shape, and of a mark, in cells.
TALL, MARK_TALL = 0.28, 0.2
#: Where no mark is found, a thin 7 may have kept only its bar: a dash at least BAR_INK as
#: dark as the grid's digits, wider than tall, at least BAR_THICK of a cell thick (a thin
#: grid line's remnant is not) and BAR_WIDE (least, most) of a cell wide (a grid line's
#: remnant runs longer), its middle in the cell's middle (BAR_MIDDLE to
#: 1 - BAR_MIDDLE across) and above BAR_HIGH of the cell, the top margin next to the grid
#: line included (a 7 printed high, or a grid straightened a little low). Beside it, its
#: rows are paper (their median less than BAR_BESIDE of the digits' ink darker than the
#: paper): a piece of a grid line that runs a little slanted through the cell's top is not.
BAR_INK, BAR_THICK, BAR_WIDE = 0.4, 0.07, (0.1, 0.5)
BAR_MIDDLE, BAR_HIGH, BAR_BESIDE = 0.3, 0.45, 0.15
#: Some papers print a grid's inner lines as dashes that stop short of the crossings: a
#: dash at a cell's top looks like a thin 7's bar. Such a grid has paper where its lines
#: cross: its crossings are less than DASHED as dark as its lines halfway between them (by
#: their medians), where any other grid's are as dark or darker. No bar is looked for there.
DASHED = 0.5
#: A printed digit sits in its cell's middle: its shape is still found with this many
#: pixels more of the cell's edge left out (15% of the cell each side, 10% as usual).
MIDDLE = 6
#: How a digit's shape is cut a second time, for a second reading (:func:`second_cuts`):
#: with its paler strokes, across wider gaps.
SECOND_LEVELS = ((0.25, 5),)
#: When no level makes a digit, its strokes are followed from its dark parts into the faint
#: ones joined to them (a thin 7 on a small photo: a dark bar, and a slanted stroke blurred
#: to a few grey levels under the paper): a faint stroke is at least FAINT_STROKE grey levels,
#: and NOISE times the paper's noise, darker than the paper, smoothed over SMOOTH pixels.
FAINT_STROKE, NOISE, SMOOTH = 10.0, 4.0, 0.8
#: The dark parts a faint stroke is followed from: at least SEED pixels, and none of them a
#: grid line's remnant (a line at least LINE of the cell's inside long, three times longer
#: than wide, away from the cell's middle).
SEED, LINE = 6, 0.6
#: A piece above or below a digit's shape, at most this many pixels of paper from it, is
#: part of it (:func:`_stacked`): a thin 7's bar, its slanted stroke faded just under it.
STACK = 6
#: A digit's shape covers at least this share of the rows it spans with ink; one that only
#: dots make is looked for again at the next level (:func:`_solid`).
SOLID = 0.5
#: A digit's shape less than SHORT as tall as the grid's digits (their median) has lost
#: strokes to the photo (a thin 7 faded to its bar and a few grey pixels): it is cut again
#: as tall as they are, with the paler rows beyond it towards the cell's middle.
SHORT = 0.65
#: So is a mark less than MARK_SHORT as tall as the grid's digits (its pieces, joined across
#: wider gaps, span more than their ink); a grid line's remnant, nearly as tall as they
#: are, is not: cut taller, it would look like a 7's bar.
MARK_SHORT = 0.8


def warp(gray: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The grid inside ``corners`` straightened to a (9 * CELL) square."""
    side = 9 * CELL
    quad = corners.astype(np.float32)
    extent = float(max(np.linalg.norm(quad[0] - quad[2]), np.linalg.norm(quad[1] - quad[3])))
    # shrink a large photo first: the warp samples, it does not average
    while extent > 2.5 * side and min(gray.shape) > 64:
        gray = cv2.pyrDown(gray)
        quad = (quad / 2).astype(np.float32)
        extent /= 2
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad, target)
    return cv2.warpPerspective(gray, matrix, (side, side), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def even_light(flat: np.ndarray) -> np.ndarray:
    """``flat`` divided by its paper's brightness (the picture with the ink closed over), so
    that a shadow or a gradient across the grid no longer looks like ink."""
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (CELL // 2 + 1, CELL // 2 + 1))
    # a small blur only: a wide one would smear the sharp edge of a shadow into the cells
    # next to it, where the paper would then look darker than it is, and its edge like ink
    paper = cv2.GaussianBlur(cv2.morphologyEx(flat, cv2.MORPH_CLOSE, kernel), (0, 0), CELL / 20)
    even = flat.astype(np.float32) * (230.0 / np.maximum(paper.astype(np.float32), 1.0))
    return np.clip(even, 0, 255).astype(np.uint8)


def digit_patches(flat: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """(patches, cells): the 28 x 28 float32 patch of each cell that seems to hold a digit,
    and the index (0..80) of each such cell, from the straightened grid ``flat``.

    The digits of one puzzle are printed in one ink: a shape much fainter than the grid's
    other digits (FAINT of their median contrast) is print showing through the paper from
    the other side, or a shadow's edge, and its cell is left empty."""
    patches, where, strengths = shapes(flat)
    keep = [k for k, strength in enumerate(strengths) if strength >= FAINT]
    return patches[keep], [where[k] for k in keep]


def shapes(flat: np.ndarray) -> tuple[np.ndarray, list[int], list[float]]:
    """(patches, cells, strengths): as :func:`digit_patches`, with the shapes down to DIM
    of the grid's digits' ink too, and each shape's ink next to theirs (their median 1.0;
    1.0 for each when the grid has too few shapes to tell)."""
    flat = even_light(flat)
    found = []
    for i in range(81):
        shape = _digit_shape(_cell(flat, i), first=True)
        if shape is not None:
            found.append((i, shape))
    strengths = [1.0] * len(found)
    if len(found) >= 8:  # enough digits to know the ink by
        found = _short_cut_again(flat, found, LEVELS, first=True)
        ink = float(np.median([shape[1] for _, shape in found]))
        strengths = [shape[1] / ink for _, shape in found]
    kept = [k for k, strength in enumerate(strengths) if strength >= DIM]
    patches = [found[k][1][0] for k in kept]
    array = np.stack(patches) if patches else np.zeros((0, PATCH, PATCH), np.float32)
    return array, [found[k][0] for k in kept], [strengths[k] for k in kept]


def faint_below(strengths: Sequence[float]) -> float:
    """The ink (next to the grid's digits', as :func:`shapes` gives ``strengths``) under which
    a shape of the grid is fainter than a digit's: FAINT, or PALER of the palest tenth of the
    shapes at least FAINT when that is more (a grid whose digits are all dark)."""
    digits = [s for s in strengths if s >= FAINT]
    if len(digits) < 8:  # too few digits to know their ink by
        return FAINT
    return max(FAINT, PALER * float(np.percentile(digits, 10)))


def second_cuts(flat: np.ndarray, where: Sequence[int]) -> tuple[np.ndarray, list[int]]:
    """(patches, found): the shapes in the cells ``where`` of ``flat`` cut again, with their
    paler strokes across wider gaps (:data:`SECOND_LEVELS`), and the positions in ``where``
    of the cells where such a shape was found. A thin stroke a small photo has greyed is
    part of the second cut and not always of the first: the two readings together are
    surer than either."""
    flat = even_light(flat)
    cut = [(k, _digit_shape(_cell(flat, i), SECOND_LEVELS)) for k, i in enumerate(where)]
    shaped = [(k, shape) for k, shape in cut if shape is not None]
    if len(shaped) >= 8:  # enough digits to know their height by
        shaped = _short_cut_again(flat, [(where[k], shape) for k, shape in shaped],
                                  SECOND_LEVELS, keys=[k for k, _ in shaped])
    patches = [shape[0] for _, shape in shaped]
    array = np.stack(patches) if patches else np.zeros((0, PATCH, PATCH), np.float32)
    return array, [k for k, _ in shaped]


def _short_cut_again(flat: np.ndarray, found: list[tuple[int, tuple[np.ndarray, float, float]]],
                     levels: Sequence[tuple[float, int]], first: bool = False,
                     keys: Sequence[int] | None = None
                     ) -> list[tuple[int, tuple[np.ndarray, float, float]]]:
    """The shapes ``found`` (cell, shape as :func:`_digit_shape` gives it, cut at ``levels``)
    of the evenly lit ``flat``, each less than SHORT as tall as their median cut again as
    tall as that, with the paler rows beyond it (its patch only: its ink and height stay),
    keyed by the cell or by ``keys``."""
    tall = float(np.median([shape[2] for _, shape in found]))
    again = []
    for k, (i, shape) in enumerate(found):
        if shape[2] < SHORT * tall:
            taller = _digit_shape(_cell(flat, i), levels, first=first, least=tall)
            shape = shape if taller is None else (taller[0], shape[1], shape[2])
        again.append((i if keys is None else keys[k], shape))
    return again


def off_middle(flat: np.ndarray, where: Sequence[int]) -> list[int]:
    """The cells of ``where`` whose middle (all but MIDDLE of the cell each side) holds no
    digit's shape, as cut at :data:`LEVELS` or :data:`SECOND_LEVELS`: the shape found there
    lies at the cell's edge (a grid line's remnant, a neighbour's stroke) or is a stroke of
    a digit too short to be one once the edge is left out (a thin 7's bar alone). A shape
    that only its faint strokes make (:func:`_faint_strokes`) is looked for so in the
    middle too."""
    flat = even_light(flat)
    return [i for i in where if not _holds_middle(_cell(flat, i))]


def _holds_middle(cell: np.ndarray) -> bool:
    """True when the middle of ``cell`` holds a digit's shape (see :func:`off_middle`)."""
    faint = _digit_shape(cell) is None and _digit_shape(cell, SECOND_LEVELS) is None
    return (_digit_shape(cell, margin=MIDDLE, first=faint) is not None
            or _digit_shape(cell, SECOND_LEVELS, margin=MIDDLE) is not None)


def marks(flat: np.ndarray, skip: Collection[int], bars: Collection[int] = (),
          dashes: bool | None = None) -> tuple[np.ndarray, list[int], list[float], list[float]]:
    """(patches, cells, strengths, heights): the faint marks in the cells of ``flat`` not in
    ``skip`` (those where a digit's shape was found) that could be a digit the photo has all
    but lost (:data:`MARK_LEVELS`), or, where none is found and in the cells ``bars`` too
    (of ``skip``: a shape fainter than a digit's, read as blank), a thin 7's bar alone
    (:func:`_bar`, shorter than MARK_TALL; none in a grid printed in dashes, see
    :func:`dashed`), each as a patch for the digit model, with its ink next to the grid's
    digits' (their median 1.0) and its height in cells. Empty when the grid has too few
    digits to know their ink by. ``dashes``: :func:`dashed` of ``flat``, when known."""
    with_bars = not (dashed(flat) if dashes is None else dashes)
    flat = even_light(flat)
    digits = [shape for shape in (_digit_shape(_cell(flat, i), first=True) for i in skip)
              if shape]
    found: list[tuple[int, np.ndarray, float, float]] = []
    if len(digits) >= 8:
        ink = float(np.median([shape[1] for shape in digits]))
        tall = float(np.median([shape[2] for shape in digits]))
        for i in range(81):
            if i in skip and not (with_bars and i in bars):
                continue
            mark = None if i in skip else _digit_shape(_cell(flat, i), MARK_LEVELS, MARK_TALL)
            if mark is not None and mark[2] < MARK_SHORT * tall:
                taller = _digit_shape(_cell(flat, i), MARK_LEVELS, MARK_TALL, least=tall)
                mark = mark if taller is None else (taller[0], mark[1], mark[2])
            if mark is None and with_bars:
                mark = _bar(_cell(flat, i), ink, tall)
            if mark is not None:
                found.append((i, mark[0], mark[1] / ink, mark[2]))
    array = (np.stack([f[1] for f in found]) if found
             else np.zeros((0, PATCH, PATCH), np.float32))
    return array, [f[0] for f in found], [f[2] for f in found], [f[3] for f in found]


def dashed(flat: np.ndarray) -> bool:
    """True when the inner lines of the straightened grid ``flat`` stop short of their
    crossings, printed as dashes (see :data:`DASHED`): the darkest pixel near each
    crossing, and across each line halfway between two, are compared (evenly lit)."""
    grey = even_light(flat)
    paper = float(np.percentile(grey[::3, ::3], 80))
    lines = CELL * np.arange(1, 9)
    halves = CELL * np.arange(9) + CELL // 2
    crossings = cv2.erode(grey, np.ones((5, 5), np.uint8))[np.ix_(lines, lines)]
    across = cv2.erode(grey, np.ones((7, 3), np.uint8))[np.ix_(lines, halves)]
    down = cv2.erode(grey, np.ones((3, 7), np.uint8))[np.ix_(halves, lines)]
    ink = paper - float(np.median(np.concatenate([across, down], axis=None)))
    return ink > 0.0 and paper - float(np.median(crossings)) < DASHED * ink


def _bar(cell: np.ndarray, ink: float, tall: float) -> tuple[np.ndarray, float, float] | None:
    """(the digit patch, the contrast of its ink on the paper, its height in cells) of a
    thin 7's bar alone in one straightened cell (see :data:`BAR_INK`), with what is left of
    its faded stroke below it, as a digit ``tall`` cells high would fill the patch; None when
    the cell holds no such dash. ``ink``: the contrast of the grid's digits (their median)."""
    inner = cell.astype(np.float32)
    m = CELL // 10
    ranked = np.sort(inner[m:CELL - m, m:CELL - m], axis=None)
    paper = float(ranked[int(0.8 * ranked.size)])
    mask = (inner < paper - BAR_INK * ink).astype(np.uint8)
    _erase_lines(mask, flanks=True)
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
    best, best_area = 0, 0
    for k in range(1, n):
        x, y, w, h, area = stats[k]
        cx, cy = centroids[k]
        if (area >= SEED and BAR_THICK * CELL <= h <= w and h < MARK_TALL * CELL
                and BAR_WIDE[0] * CELL <= w <= BAR_WIDE[1] * CELL
                and BAR_MIDDLE * CELL < cx < (1 - BAR_MIDDLE) * CELL and cy < BAR_HIGH * CELL
                and area > best_area and _alone(inner[y:y + h], x, w, paper - BAR_BESIDE * ink)):
            best, best_area = k, area
    if not best:
        return None
    x, y, w, h, _ = stats[best]
    strokes = inner[labels == best]
    contrast = paper - float(np.percentile(strokes, 10))
    height = max(h, round(tall * CELL))  # the bar and the rows a 7's stroke runs below it
    glyph = np.clip((paper - inner[y:y + height, x:x + w]) / contrast, 0.0, 1.0)
    gh, gw = glyph.shape
    f = FIT / height
    nh, nw = max(1, round(gh * f)), max(1, round(gw * f))
    glyph = cv2.resize(glyph, (nw, nh), interpolation=cv2.INTER_AREA)
    patch = np.zeros((PATCH, PATCH), np.float32)
    oy, ox = (PATCH - FIT) // 2, (PATCH - nw) // 2
    patch[oy:oy + nh, ox:ox + nw] = glyph
    return patch, contrast, float(h) / CELL


def _alone(rows: np.ndarray, x: int, w: int, paper: float) -> bool:
    """True when the ``rows`` of a dash (from column ``x``, ``w`` wide) are, beside it (two
    pixels away and more), no darker than ``paper``, by their median."""
    beside = np.concatenate([rows[:, :max(0, x - 2)], rows[:, x + w + 2:]], axis=1)
    return bool(beside.size == 0 or np.median(beside) >= paper)


def _cell(flat: np.ndarray, i: int) -> np.ndarray:
    r, c = divmod(i, 9)
    return flat[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL]


def cell_patch(cell: np.ndarray) -> np.ndarray | None:
    """The digit patch of one straightened cell, or None when the cell looks empty."""
    shape = _digit_shape(cell, first=True)
    return None if shape is None else shape[0]


def _digit_shape(cell: np.ndarray, levels: Sequence[tuple[float, int]] = LEVELS,
                 tall: float = TALL, margin: int = CELL // 10, first: bool = False,
                 least: float = 0.0) -> tuple[np.ndarray, float, float] | None:
    """(the digit patch, the contrast of its ink on the paper, its height in cells) of one
    straightened cell, or None when the cell looks empty: no piece at least ``tall`` cells
    high near its middle at any of ``levels`` (see :data:`LEVELS`). With ``first`` (a
    digit's shape as the reading first cuts it), the levels paler than the first leave out
    a blurred grid line's edges with the line, and when no level makes a digit, its faint
    strokes followed from its dark parts may (:func:`_faint_strokes`). A shape less than
    ``least`` cells tall is cut as tall as that, with all that is darker than the paper in
    the rows beyond it towards the cell's middle, across its width (see :data:`SHORT`)."""
    m = margin
    inner = cell[m:CELL - m, m:CELL - m].astype(np.float32)
    size = inner.shape[0]
    ranked = np.sort(inner, axis=None)
    paper = float(ranked[int(0.8 * ranked.size)])
    dark = float(ranked[int(0.015 * ranked.size)])
    contrast = paper - dark
    if contrast < max(18.0, 0.15 * paper):
        return None
    sparse = None  # the first piece found that is only dots across wider gaps
    for level, gap in levels:
        mask = (inner < paper - level * contrast).astype(np.uint8)
        _erase_lines(mask, flanks=first and level < LEVELS[0][0])
        joined = cv2.dilate(mask, np.ones((gap, gap), np.uint8)) & _no_lines(mask)
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(joined, connectivity=8)
        best = _central_piece(stats, centroids + m, size, tall)
        if best and _solid((labels == best) & (mask > 0), stats[best][3]):
            break
        if best and sparse is None:
            sparse = mask, n, labels, stats, centroids, best
    else:
        if sparse is not None:
            mask, n, labels, stats, centroids, best = sparse
        elif not first:
            return None
        else:
            mask = _faint_strokes(inner, paper, paper - LEVELS[0][0] * contrast)
            joined = cv2.dilate(mask, np.ones((3, 3), np.uint8)) & _no_lines(mask)
            n, labels, stats, centroids = cv2.connectedComponentsWithStats(joined,
                                                                           connectivity=8)
            best = _central_piece(stats, centroids + m, size, tall)
            if not best:
                return None
    x, y, w, h, _ = stats[best]
    keep = (labels == best) & (mask > 0)
    core = keep.copy()
    x0, y0, x1, y1 = x - 2, y - 2, x + w + 2, y + h + 2
    for k in range(1, n):  # pieces of a broken stroke, and strokes above or below
        kx, ky, kw, kh, area = stats[k]
        if k == best or area < 3 or _line_like(stats[k], centroids[k], size):
            continue  # (not what is left of a grid line along the digit's side)
        piece = (labels == k) & (mask > 0)
        if (kx < x1 and kx + kw > x0 and ky < y1 and ky + kh > y0) or _stacked(core, piece):
            keep |= piece
    ys, xs = np.nonzero(keep)
    if len(ys) == 0:  # only the joining pixels were central: no ink of a digit there
        return None
    top, bottom, left, right = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    keep = cv2.dilate(keep.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    raw = np.clip((paper - inner) / contrast, 0.0, 1.0)
    ink = raw * keep
    want = round(least * CELL)
    if bottom - top < want:  # its faded strokes run on towards the cell's middle
        beyond = (slice(bottom, min(size, top + want)) if top + bottom < size
                  else slice(max(0, bottom - want), top))
        ink[beyond, left:right] = raw[beyond, left:right]
        top, bottom = min(top, beyond.start), max(bottom, beyond.stop)
    glyph = ink[top:bottom, left:right]
    gh, gw = glyph.shape
    f = FIT / max(gh, gw)
    nh, nw = max(1, round(gh * f)), max(1, round(gw * f))
    glyph = cv2.resize(glyph, (nw, nh), interpolation=cv2.INTER_AREA)
    patch = np.zeros((PATCH, PATCH), np.float32)
    oy, ox = (PATCH - nh) // 2, (PATCH - nw) // 2
    patch[oy:oy + nh, ox:ox + nw] = glyph
    strokes = inner[keep & (mask > 0)]
    # the darkest of the strokes: a thin stroke blurred is pale at its edges, not its core
    dark = paper - float(np.percentile(strokes, 10)) if strokes.size else contrast
    return patch, dark, float(h) / CELL


def _solid(piece: np.ndarray, height: int) -> bool:
    """True when the ink ``piece`` (a 0/1 mask) covers at least SOLID of the ``height`` rows
    its joined piece spans: a stroke, not a row of dots that wide gaps join (a thin 7's
    slanted stroke, faded, cut at too dark a level)."""
    return bool(np.count_nonzero(piece.any(axis=1)) >= SOLID * height)


def _stacked(digit: np.ndarray, piece: np.ndarray) -> bool:
    """True when the ink ``piece`` (a 0/1 mask) lies above or below the ink ``digit``, at
    most STACK rows of paper from it, across part of its width, with at least SEED pixels
    and half as many as ``digit`` (not a speck beside a whole digit), and is not shaped like
    a grid line's remnant: a thin 7's bar cut from its slanted stroke where that stroke has
    faded just under it."""
    ys, xs = np.nonzero(piece)
    dy, dx = np.nonzero(digit)
    if len(ys) < max(SEED, len(dy) / 2) or not len(dy):
        return False
    across = xs.min() <= dx.max() and xs.max() >= dx.min()
    gap = max(int(ys.min() - dy.max()), int(dy.min() - ys.max())) - 1  # rows of paper
    stats = np.array([xs.min(), ys.min(), xs.max() + 1 - xs.min(), ys.max() + 1 - ys.min()])
    centroid = np.array([xs.mean(), ys.mean()])
    return bool(across and gap <= STACK and not _line_like(stats, centroid, len(piece)))


def _central_piece(stats: np.ndarray, centroids: np.ndarray, size: int, tall: float) -> int:
    """The label of the largest piece at least ``tall`` cells high near the cell's middle
    (0: none)."""
    best, best_area = 0, 0
    for k in range(1, len(stats)):
        _, _, w, h, area = stats[k]
        cx, cy = centroids[k]
        central = 0.25 * CELL < cx < 0.75 * CELL and 0.25 * CELL < cy < 0.75 * CELL
        if central and h >= tall * CELL and area > best_area and w < 0.95 * size:
            best, best_area = k, area
    return best


def _faint_strokes(inner: np.ndarray, paper: float, dark: float) -> np.ndarray:
    """The strokes of the cell's inside ``inner`` (float32) that are joined to a dark part
    (darker than ``dark``) and at least a faint stroke darker than ``paper``
    (:data:`FAINT_STROKE`), as a 0/1 mask, grid lines' remnants left out."""
    smooth = cv2.GaussianBlur(inner, (0, 0), SMOOTH)
    noise = 1.4826 * float(np.median(np.abs(inner - cv2.GaussianBlur(inner, (0, 0), 1.0))))
    faint = (smooth < paper - max(FAINT_STROKE, NOISE * noise)).astype(np.uint8)
    strong = (inner < dark).astype(np.uint8)
    _erase_lines(faint, flanks=True)
    _erase_lines(strong, flanks=True)
    n, parts, stats, centroids = cv2.connectedComponentsWithStats(strong, connectivity=8)
    seeds = np.zeros(n, bool)
    for k in range(1, n):
        seeds[k] = stats[k, 4] >= SEED and not _line_like(stats[k], centroids[k], len(inner))
    _, pieces = cv2.connectedComponents(faint, connectivity=8)
    kept = np.unique(pieces[seeds[parts] & (faint > 0)])
    return np.isin(pieces, kept[kept > 0]).astype(np.uint8)


def _line_like(stats: np.ndarray, centroid: np.ndarray, size: int) -> bool:
    """True for a piece (its ``stats`` and ``centroid`` in a cell's inside of ``size``
    pixels) shaped like a grid line's remnant: long and thin, away from the middle, across
    its length."""
    w, h = int(stats[2]), int(stats[3])
    cx, cy = centroid
    down = h >= LINE * size and 3 * w <= h and not 0.3 * size < cx < 0.7 * size
    across = w >= LINE * size and 3 * h <= w and not 0.3 * size < cy < 0.7 * size
    return bool(down or across)


def _erase_lines(mask: np.ndarray, flanks: bool = False) -> None:
    """Clear, in place, the rows and columns near the cell's border that are mostly ink: a
    grid line that bled into the cell, which would otherwise join the digit; with
    ``flanks``, also the two rows or columns on each side of such a line that are partly
    ink (a blurred line's edges)."""
    size = mask.shape[0]
    edge = size // 4
    for axis in (0, 1):
        share = mask.mean(axis=1 - axis)
        lines = [k for k in (*range(edge), *range(size - edge, size)) if share[k] > 0.85]
        gone = set(lines)
        for k in lines if flanks else ():
            for step in (-1, 1):
                j = k + step
                while j not in gone and 0 <= j < size and abs(j - k) <= 2 and share[j] > 0.4:
                    gone.add(j)
                    j += step
        for k in gone:
            if axis == 0:
                mask[k, :] = 0
            else:
                mask[:, k] = 0


def _no_lines(mask: np.ndarray) -> np.ndarray:
    """1 except on the cell's outermost ring, so that joining neighbouring pieces does not
    join a digit to what is left of a grid line at the border."""
    inside = np.zeros_like(mask)
    inside[1:-1, 1:-1] = 1
    return inside
