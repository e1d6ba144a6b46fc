"""Finding the puzzle's grid in a photo: its four outer corners.

Candidates are the outlines of dark regions after an adaptive threshold (so uneven light does
not matter); each is reduced to a quadrilateral (four vertices of its convex hull, or, when
the hull does not simplify to four, its extreme points: a curled page or a grid cut by the
photo's edge still gives its corners) and scored by how well the lines of a 9 x 9 grid show
at the expected places once it is straightened. The largest candidate that scores close to
the best is fitted to the grid's lines and must then show a sudoku grid's line structure
(:mod:`sudokit.image.structure`); where it does not show all of it, its corners are moved
onto the grid's own lines (:mod:`sudokit.image.snap`: a corner off by a cell or so, where
the border is broken or cut by the photo's edge). Where no outline shows a whole grid, the
grid's lines are followed (:mod:`sudokit.image.gridlines`), and then the outlines of the
strokes closed over small gaps are tried (lines broken at every crossing leave each cell an
outline of its own). A photo where nothing shows the structure is refused.
"""

from __future__ import annotations

import cv2
import numpy as np

from ..errors import ImageError
from . import gridlines, snap
from .lattice import crossings, refollow, warp, widened
from .structure import CELL, Structure, measure, straighten

#: The side, in pixels, the photo is reduced to for the search.
SEARCH_SIDE = 800
#: A grid must cover at least this share of the photo.
MIN_AREA = 0.03
#: The score (mean share of a line's length found dark) below which no grid is seen.
MIN_SCORE = 0.45
#: The most outlines whose line structure is checked before giving up.
MAX_LOOKS = 4
#: An outline whose thin lines are on average dark over less than this share of their
#: length may be one 3 x 3 box of the grid: the grid's lines are followed too, and win
#: when they show a whole grid more clearly.
BOX_THIN = 0.5

#: A stroke is this many grey levels darker than the mean around it; where no grid is
#: found so, FAINT_CONTRAST, and then its thin lines must be dark, on average, over
#: FAINT_THIN of their length each way.
CONTRAST, FAINT_CONTRAST, FAINT_THIN = 7, 3, 0.45
#: Gaps in the strokes up to this share of the photo's long side are closed over when
#: the grid's outline is looked for in cells that each show their own outline.
CLOSE = 0.012

#: Lines that bend, seen at least this clearly (:attr:`Structure.score`) from an outline,
#: are not compared with the grid's lines found on their own (less clearly, the outline
#: may be a cell or more off the grid).
SEEN = 0.9

#: Of the outlines looked at, the first this many have their corners moved onto the
#: grid's lines when they do not show all of them.
SNAP_LOOKS = 2

#: Of the lattices seen from an outline, one whose lines bend must score this much higher
#: (:attr:`Structure.score`) than a straight one (a page curled so slightly is read
#: better straight: a bent lattice's outer lines are fitted curves); BENT, from an
#: outline pieced together from the grid's own lines.
SLIGHT, BENT = 0.01, 0.02

#: Of two lattices found, one showing all eight box lines ranks this much higher.
WHOLE = 0.05

#: Why a photo is refused where no lattice shows a grid.
NO_GRID = "no sudoku grid found in the picture (no 9 x 9 grid of lines)"

#: A lattice found: (corners, crossings or None, the line structure shown).
_Found = tuple[np.ndarray, np.ndarray | None, Structure]


def find_grid(gray: np.ndarray) -> np.ndarray:
    """The grid's corners in ``gray`` as a 4 x 2 float32 array (x, y): top-left, top-right,
    bottom-right, bottom-left. Raises ImageError when no sudoku grid is seen."""
    return find_lattice(gray)[0]


def find_lattice(gray: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """(corners, crossings): the grid's corners in ``gray`` as :func:`find_grid` gives them,
    and, on a page whose lines bend, the 10 x 10 crossings of its lines (x, y; None where
    the lines are straight). Raises ImageError when no sudoku grid is seen."""
    h, w = gray.shape
    scale = min(1.0, SEARCH_SIDE / max(h, w))
    small = cv2.resize(gray, (max(1, round(w * scale)), max(1, round(h * scale))),
                       interpolation=cv2.INTER_AREA) if scale < 1 else gray
    if float(small.std()) < 4:
        raise ImageError("no sudoku grid found: the picture is blank")
    try:
        return _find(small, scale, CONTRAST)[:2]
    except ImageError:
        # a grid printed in faint lines, blurred across one way of its lines, or in a
        # shadow that breaks its lines up, loses them to the threshold: look again for
        # strokes only slightly darker than the paper around them (its outlines, then its
        # lines followed), where the grid must then show all its lines, its thin ones
        # each way too (paler strokes show more of what is not a grid)
        found = _find(small, scale, FAINT_CONTRAST)
        if not found[2].whole or min(found[2].thin_each) < FAINT_THIN:
            raise
        return found[:2]


def _find(small: np.ndarray, scale: float, contrast: int) -> _Found:
    """:func:`find_lattice` in the picture ``small`` (the photo reduced by ``scale``),
    its strokes those at least ``contrast`` grey levels darker than around them, with the
    line structure shown. At the FAINT_CONTRAST, paler strokes (a shadow's edge, the
    digits) can stand in for lines that are not there: a lattice whose own lines are
    spaced unlike its cells (seven rows of a grid whose top is lost on a curved page,
    stretched over nine) is refused."""
    raw = _ink(small, contrast)
    ink = cv2.dilate(raw, np.ones((3, 3), np.uint8))
    near = snap.distances(raw)
    found = _search(small, scale, contrast, raw, ink, near)
    if contrast == FAINT_CONTRAST and _stretched(ink, found, scale):
        raise ImageError(NO_GRID)
    return found


def _search(small: np.ndarray, scale: float, contrast: int, raw: np.ndarray,
            ink: np.ndarray, near: np.ndarray) -> _Found:
    """:func:`_find` with the strokes thresholded (``raw``), thickened (``ink``) and their
    distances (``near``: :func:`sudokit.image.snap.distances`), the lattice as it is
    found (the strokes are closed over gaps only at the usual CONTRAST: paler strokes
    closed join much that is not a grid)."""
    # outlines from the strokes as thresholded and as thickened: thickening closes gaps in a
    # faint grid line, but also joins the grid to text printed close to it
    lacking, moved = _from_outlines((raw, ink), ink, near, scale, SNAP_LOOKS)
    if lacking is not None and lacking[2].whole and lacking[2].thin_lines >= BOX_THIN \
            and not moved and (lacking[1] is None or lacking[2].score >= SEEN):
        return lacking
    if lacking is not None and lacking[2].thin_lines < BOX_THIN:
        # one 3 x 3 box of the grid, its border taken for the grid's and the lines
        # through its cells' middles for its thin ones? Then the grid around it, whose
        # lines are all there, shows the structure better
        lacking = _better(lacking, _around_box(ink, near, lacking, scale))
        if lacking is not None and lacking[2].whole and lacking[2].thin_lines >= BOX_THIN:
            return lacking
    if lacking is not None and lacking[2].whole and lacking[2].score >= 1.0:
        # every line of the grid seen whole from its outline, its corners moved onto them:
        # no lattice pieced together from the lines can show it better
        return lacking
    # no outline shows a whole grid (with a box line missing, a corner may be wrong; with
    # most thin lines missing, it may be one 3 x 3 box, its own thin lines taken for the
    # grid's box lines, the grid's outline around it lost in a shadow): follow the grid's
    # lines themselves; an outline pieced together from them must show
    # all eight box lines, and more of the grid's lines than the outline found
    shapes = [(_grid_score(ink, quad), 0.0, quad)
              for quad in gridlines.outlines(ink)]
    # (at the faint contrast such an outline is taken as it is: moved onto the paler
    # strokes, its corners show no grid the unmoved ones miss, and each move is slow)
    snap_looks = SNAP_LOOKS if contrast == CONTRAST else 0
    for look, quad in enumerate(_preferred(shapes)):
        if _inside(quad, small.shape):
            quad = _refine(ink, quad)
        # an outline pieced together from the grid's own straight lines: its lines bend
        # only where that shows the grid clearly better (where its border is broken, a
        # bent lattice's corner is a guess)
        found = _lattice(ink, quad, scale, near, BENT)
        if (found is None or not found[2].whole) and look < snap_looks and (
                lacking is None or not lacking[2].whole):
            # where no outline shows the whole grid (a shadow's edge across a curved
            # page may hide its outline), the straight lines of a curved page meet a
            # cell or so off its corners: moved onto the lines, the corners must show
            # them straight, as any corners moved
            snapped = snap.snap(quad, near)
            if measure(ink, snapped).is_grid:
                found = _better(found, _lattice(ink, snapped, scale, near, BENT))
        # lines that bend must show the grid BENT more clearly than the straight ones of
        # an outline too (followed from a corner a cell off, they bend to meet it)
        if found is not None and found[2].whole and (
                lacking is None or found[2].score > lacking[2].score
                + BENT * (found[1] is not None and lacking[1] is None)):
            if min(found[2].thin_each) < BOX_THIN:
                # lines pieced together from one box's, or one band of three rows': the
                # grid around it, whose thin lines are there, shows the structure better
                found = _better(found, _around_box(ink, near, found, scale, True)) or found
            return found
    if (lacking is None or not lacking[2].whole) and contrast == CONTRAST:
        # lines that stop short of the crossings, or break there, leave each cell its own
        # outline: the strokes closed over gaps of about a third of a cell join them
        gap = max(5, round(CLOSE * max(small.shape)) | 1)
        closed = cv2.morphologyEx(raw, cv2.MORPH_CLOSE, np.ones((gap, gap), np.uint8))
        lacking = _better(lacking, _from_outlines((closed,), ink, near, scale, 1)[0])
    if lacking is not None:
        return lacking
    raise ImageError(NO_GRID)


def _from_outlines(strokes: tuple[np.ndarray, ...], ink: np.ndarray, near: np.ndarray,
                   scale: float, looks: int) -> tuple[_Found | None, bool]:
    """The lattice shown by the best of the outlines of ``strokes`` (each 255 on 0) that
    shows a grid's lines in ``ink``, each refitted to its evenly spaced lines or its
    corners moved onto them (``near``: :func:`sudokit.image.snap.distances`); None when
    none does (the first ``looks`` outlines looked at have their corners moved). And
    whether its corners were so moved (then the grid's lines, followed, may show it
    better)."""
    contours = [c for im in strokes for c in cv2.findContours(
        im, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)[0]]
    total = ink.shape[0] * ink.shape[1]
    hulls = [cv2.convexHull(c) for c in contours if len(c) >= 4]
    hulls = [hull for hull in hulls if cv2.contourArea(hull) >= MIN_AREA * total]
    hulls.sort(key=cv2.contourArea, reverse=True)
    scored = []
    for hull in hulls[:16]:
        quad = _quadrilateral(hull)
        if quad is None:
            continue
        scored.append((_grid_score(ink, quad), cv2.contourArea(quad), quad))
    for look, outline in enumerate(_preferred(scored)):
        quad = outline
        for _ in range(2):
            quad = _refine(ink, quad)
        found = _lattice(ink, quad, scale, near)
        if (found is None or not found[2].whole) and look < looks:
            # a corner may be off (a border broken or cut off near it, a shadow): move
            # each corner onto the grid's own lines, from the outline and from its refit
            # (an outline so moved must show a grid's lines straight: moving corners
            # freely, then bending lines to fit, could make a grid of a larger lattice)
            kept = found
            starts = [outline] if np.abs(quad - outline).max() < 1 or look else [outline, quad]
            for moved in (snap.snap(start, near) for start in starts):
                if measure(ink, moved).is_grid:
                    found = _better(found, _lattice(ink, moved, scale, near))
            if found is not kept:
                return found, True
        if found is not None:
            # straight lines on corners moved onto them (a bent lattice lost to them)
            # are checked against the grid's own lines like any corners moved
            return found, found[1] is None and bool(np.abs(found[0] * scale - quad).max() > 1)
    return None, False


def _around_box(ink: np.ndarray, near: np.ndarray, found: _Found, scale: float,
                bands: bool = False) -> _Found | None:
    """The grid of which the outline of ``found`` would be one 3 x 3 box (its cells'
    borders taken for the grid's box lines, the lines through their middles for its thin
    ones), when it shows a whole grid's lines; with ``bands``, or one band of three rows
    or columns: three times as tall only where its thin lines across are mostly missing,
    as wide only where those down are. Of the places it may have in that grid (those
    mostly inside the photo), the two whose lines show best, each with its corners moved
    onto the grid's lines (``near``: :func:`sudokit.image.snap.distances`); None when
    neither does."""
    quad = found[0] * scale
    matrix = cv2.getPerspectiveTransform(snap.SQUARE, quad.astype(np.float32))
    tall, wide = (3 if thin < BOX_THIN or not bands else 1 for thin in found[2].thin_each)
    h, w = ink.shape
    places = []
    for row in range(tall):
        for col in range(wide):
            grid = np.array([[0, 0], [9 * wide, 0], [9 * wide, 9 * tall], [0, 9 * tall]],
                            np.float32) - np.array([9 * col, 9 * row], np.float32)
            around = cv2.perspectiveTransform(grid[None], matrix)[0].astype(np.float32)
            inside = np.clip(around, 0, [w - 1, h - 1]).astype(np.float32)
            if cv2.contourArea(inside) >= 0.8 * abs(cv2.contourArea(around)):
                places.append((_grid_score(ink, around), around))
    best: _Found | None = None
    for _, around in sorted(places, key=lambda t: -t[0])[:2]:
        other = _lattice(ink, snap.snap(around, near), scale)
        if other is not None and other[2].whole and other[2].thin_lines >= BOX_THIN:
            best = _better(best, other)
    return best


#: A lattice's own lines are spaced unlike its cells when places evenly spaced across it,
#: at least STRETCH of a cell more or less than a cell apart, are darker on average than
#: its own ten lines by OWN_LINES (a share of the lines' length). Spacings from SPACINGS
#: of a cell are tried: seven to eleven of a grid's rows taken for nine (not one and a
#: half or three quarters of a cell, which meet every box line of a grid whose thin lines
#: do not show).
STRETCH, OWN_LINES, SPACINGS = 0.1, 0.1, (0.8, 1.35)


def _stretched(ink: np.ndarray, found: _Found, scale: float) -> bool:
    """True where the lines in ``ink`` of the lattice ``found`` (in the photo reduced by
    ``scale``) are spaced unlike its cells, either way (:func:`_unlike`): a lattice put
    on what is not the grid's lines."""
    if found[1] is None:
        flat = straighten(ink, found[0] * scale)
    else:
        # straightened cell by cell, with a cell around it (its last lines inside)
        middle = (slice(CELL, 10 * CELL + 1),) * 2
        flat = (warp(ink, widened(found[1] * scale), CELL, 0, shrink=False) > 127)[middle]
    return _unlike(flat.mean(axis=1)) or _unlike(flat.mean(axis=0))


def _unlike(profile: np.ndarray) -> bool:
    """True where ``profile`` (the dark share of each row of a lattice straightened at
    CELL pixels a cell) shows lines evenly spaced at least STRETCH of a cell off CELL, and
    clearly darker there (OWN_LINES) than at the lattice's own ten lines."""
    n = len(profile)
    wide = np.maximum(profile, np.maximum(np.roll(profile, 1), np.roll(profile, -1)))
    own = float(wide[CELL * np.arange(10)].mean())
    for spacing in np.arange(CELL * SPACINGS[0], CELL * SPACINGS[1], 0.25):
        if abs(spacing - CELL) < STRETCH * CELL:
            continue
        for first in np.arange(0.0, spacing):
            places = np.rint(np.arange(first, n - 0.5, spacing)).astype(int)
            if float(wide[places].mean()) > own + OWN_LINES:
                return True
    return False


def _better(found: _Found | None, other: _Found | None) -> _Found | None:
    """Of two lattices found (or None), the one whose outline shows the grid better: the
    higher score, all eight box lines counting WHOLE more."""
    if found is None or other is None:
        return found if other is None else other

    def rank(lattice: _Found) -> float:
        return lattice[2].score + WHOLE * lattice[2].whole

    return other if rank(other) > rank(found) else found


def _inside(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """True when ``quad`` lies within a picture of ``shape``."""
    return bool((quad >= 0).all() and (quad[:, 0] <= shape[1] - 1).all()
                and (quad[:, 1] <= shape[0] - 1).all())


def _lattice(ink: np.ndarray, quad: np.ndarray, scale: float,
             near: np.ndarray | None = None, bend: float = SLIGHT) -> _Found | None:
    """(corners, crossings, structure): the corners and crossings as :func:`find_lattice`
    gives them, scaled back by ``scale``, and the line structure they show, when ``quad``
    shows a sudoku grid's lines (straight or bent); else None. With ``near``
    (:func:`sudokit.image.snap.distances`), lines that bend but cannot be followed all
    the way from ``quad`` (its corners off the grid's by half a cell: the outline of a
    curved page is a compromise) are followed again from its corners moved onto them.
    Lines that bend must show the grid ``bend`` more clearly (:attr:`Structure.score`)
    than straight ones."""
    straight = measure(ink, quad)
    points = crossings(ink, quad)
    # of the lattices seen, the one that shows the grid's lines best (of equals, the first)
    seen: list[tuple[Structure, np.ndarray, np.ndarray | None]] = []
    if points is not None:
        bent = measure(ink, quad, points)
        seen.append((bent, quad, points))
        moved = snap.snap(quad, near) if near is not None else None
        again = crossings(ink, moved) if moved is not None else None
        if moved is not None and again is not None:
            seen.append((measure(ink, moved, again), moved, again))
        if moved is not None:
            # lines bent to fit an outline that is off (a grid cut by the photo's edge,
            # squeezed into the part of it that shows) lose to straight ones on the grid
            seen.append((measure(ink, moved), moved, None))
        if not any(t[0].whole for t in seen):
            # lines followed from an outline a cell off near a corner (a curved page cut
            # by the photo's edge) bend away from it there: followed again from where
            # the crossings found put them, they are found
            bent_lines = [(t[0].score, t[2]) for t in seen if t[2] is not None]
            wider = refollow(ink, max(bent_lines, key=lambda t: t[0])[1])
            if wider is not None:
                seen.append((measure(ink, quad, wider), quad, wider))
    seen.append((straight, quad, None))
    grids = [t for t in seen if t[0].is_grid]
    if not grids:
        return None
    # (of equals, straight lines)
    structure, outline, lines = max(
        grids, key=lambda t: (t[0].score - bend * (t[2] is not None), t[2] is None))
    if lines is None:
        return (outline / scale).astype(np.float32), None, structure
    return _bent(outline, lines, structure, scale)


def _bent(quad: np.ndarray, points: np.ndarray, structure: Structure, scale: float
          ) -> _Found:
    """The lattice of lines that bend, crossing at ``points``, scaled back by ``scale``."""
    return (points[[0, 0, 9, 9], [0, 9, 9, 0]] / scale).astype(np.float32), \
        (points / scale).astype(np.float32), structure


def _preferred(scored: list[tuple[float, float, np.ndarray]]) -> list[np.ndarray]:
    """The outlines worth a closer look, best first: of those scoring close to the best, the
    largest (the grid, not a part of it), then the others by score."""
    best = max((s for s, _, _ in scored), default=0.0)
    if best < MIN_SCORE:
        return []
    near = sorted((t for t in scored if t[0] >= best - 0.03), key=lambda t: -t[1])
    rest = sorted((t for t in scored if t[0] < best - 0.03 and t[0] >= MIN_SCORE),
                  key=lambda t: -t[0])
    return [quad for _, _, quad in (near + rest)[:MAX_LOOKS]]


def _ink(gray: np.ndarray, contrast: int = 7) -> np.ndarray:
    """Dark strokes as 255 on 0: pixels at least ``contrast`` grey levels darker than the
    mean of their neighbourhood."""
    block = max(15, (max(gray.shape) // 40) | 1)
    blur = cv2.GaussianBlur(gray, (5, 5), 0)
    ink = cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                block, contrast)
    return ink


def order_corners(points: np.ndarray) -> np.ndarray:
    """Four points as top-left, top-right, bottom-right, bottom-left."""
    pts = points.reshape(-1, 2).astype(np.float32)
    s, d = pts.sum(axis=1), pts[:, 0] - pts[:, 1]
    return np.array([pts[s.argmin()], pts[d.argmax()], pts[s.argmax()], pts[d.argmin()]],
                    np.float32)


def _quadrilateral(hull: np.ndarray) -> np.ndarray | None:
    peri = cv2.arcLength(hull, True)
    for eps in (0.015, 0.025, 0.04, 0.06):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            quad = order_corners(approx)
            break
    else:
        quad = order_corners(hull)
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    if sides.min() < 0.4 * sides.max() or len(np.unique(quad, axis=0)) < 4:
        return None
    return quad


#: :func:`_grid_score` straightens a grid at this many pixels a cell; of the places across
#: it, those within two of each of its ten lines, and those of its cells' insides away
#: from them.
_SCORE_CELL = 16
_NEAR_LINES = np.clip(_SCORE_CELL * np.arange(10)[:, None] + np.arange(-2, 3)[None, :],
                      0, 9 * _SCORE_CELL)
_BETWEEN_LINES = (_SCORE_CELL * np.arange(9)[:, None]
                  + np.arange(4, _SCORE_CELL - 3)[None, :]).ravel()


def _grid_score(ink: np.ndarray, quad: np.ndarray) -> float:
    """How much of the ten lines each way of a 9 x 9 grid is dark, once ``quad`` is
    straightened to a square (1.0: every line whole)."""
    side = 9 * _SCORE_CELL
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad, target)
    flat = cv2.warpPerspective(ink, matrix, (side + 1, side + 1)) > 127
    rows, cols = flat.mean(axis=1), flat.mean(axis=0)
    found = np.empty((2, 11))
    for profile, shares in zip((rows, cols), found, strict=True):
        # each line's darkest row within two pixels of its place, then the cells' light
        shares[:10] = profile[_NEAR_LINES].max(axis=1)
        shares[10] = 1 - float(np.median(profile[_BETWEEN_LINES]))  # cells are mostly light
    return float(np.mean(found.ravel()))


def _refine(ink: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """``quad`` shrunk to the ten lines each way that fit best inside it: an outline that
    also took in a shadow or a frame next to the grid comes back to the grid itself."""
    side = 9 * 24
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad, target)
    flat = cv2.warpPerspective(ink, matrix, (side + 1, side + 1)) > 127
    x0, x1 = _comb(flat.mean(axis=0))
    y0, y1 = _comb(flat.mean(axis=1))
    if x1 - x0 < side / 3 or y1 - y0 < side / 3:
        return quad
    box = np.array([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]], np.float32)
    return cv2.perspectiveTransform(box, np.linalg.inv(matrix))[0].astype(np.float32)


def _comb(profile: np.ndarray) -> tuple[float, float]:
    """(first, last) of the ten evenly spaced positions where ``profile`` is darkest on
    average; of near ties, the widest. The whole length unless another comb is clearly
    better."""
    n = len(profile)
    wide = profile.copy()
    for shift in (-2, -1, 1, 2):
        wide = np.maximum(wide, np.roll(profile, shift))
    whole = float(wide[np.rint(np.arange(10) * (n - 1) / 9).astype(int)].mean())
    spacings = np.arange(n / 27, (n - 1) / 9 + 0.01, 0.25)
    # every comb of every spacing at once, where it fits: at offsets 0, 1, ... up to the
    # length
    room = n - 1 - 9 * spacings + 0.5
    offsets = np.arange(0, max(float(room.max(initial=0.0)), 0.0))
    fits = offsets[None, :] < room[:, None]  # spacing, offset
    if not fits.any():
        return 0.0, float(n - 1)
    positions = np.rint(offsets[None, :, None]
                        + (spacings[:, None] * np.arange(10)[None, :])[:, None, :]).astype(int)
    scores = np.where(fits, wide[np.clip(positions, 0, n - 1)].mean(axis=2), -np.inf)
    ks = scores.argmax(axis=1)
    tops = scores[np.arange(len(spacings)), ks]
    best = (-1.0, 0.0, float(n - 1))
    for spacing, k, top in zip(spacings.tolist(), ks.tolist(), tops.tolist(), strict=True):
        # a wider comb wins a near tie: the outline of the grid, not a part of it (a
        # spacing that fits no comb scores -inf)
        if top > best[0] - 0.02:
            best = (max(best[0], top), float(offsets[k]), float(offsets[k] + 9 * spacing))
    if best[0] < whole + 0.1:
        return 0.0, float(n - 1)
    return best[1], best[2]
