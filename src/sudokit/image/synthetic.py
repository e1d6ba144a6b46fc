"""Photos of printed puzzles made in software: a page with a grid and digits, photographed at
an angle, under uneven light, out of focus, with sensor noise and JPEG artefacts.

The tests, the benchmark and the training of the digit model all make their photos here; what
differs between them is the glyph drawer (the typefaces the digits are written in). The one
that ships, :func:`hershey_glyph`, draws with the stroke fonts built into OpenCV, which the
digit model never saw in training: a reading of these photos is a reading of an unseen face.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import cv2
import numpy as np

#: ``glyph(digit, height, rng)``: the digit as a uint8 mask (255 = ink), about ``height``
#: pixels tall, any width, tightly cropped.
GlyphDrawer = Callable[[int, int, np.random.Generator], np.ndarray]

_HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN,
)


class Conditions(NamedTuple):
    """The hard conditions of real newspaper photos, each on or off (all off: the usual
    random photo). ``low_resolution``: the whole page in a 640 x 480 photo; ``old_jpeg``: an
    old phone's strong JPEG compression; ``show_through``: the print of the other side of
    the page showing faintly, mirrored; ``curved``: a page bent in more than a gentle curl;
    ``shaded``: part of the grid in a hard shadow; ``thin_face``: the digits in a thin,
    condensed weight (:func:`thinned`); ``short_lines``: grid lines that stop
    short of the cells' corners; ``broken_border``: gaps in the grid's outer border;
    ``cropped``: the grid running off one or two edges of the photo, its outer line and a
    sliver of its outer cells cut off."""

    low_resolution: bool = False
    old_jpeg: bool = False
    show_through: bool = False
    curved: bool = False
    shaded: bool = False
    thin_face: bool = False
    short_lines: bool = False
    broken_border: bool = False
    cropped: bool = False


#: No hard condition: the usual random photo.
PLAIN = Conditions()

#: The failure classes of real photos, by name, as conditions to make photos in.
CLASSES: dict[str, Conditions] = {
    "plain": PLAIN,
    "old-phone": Conditions(low_resolution=True, old_jpeg=True),
    "thin-faces": Conditions(low_resolution=True, old_jpeg=True, thin_face=True),
    "show-through": Conditions(show_through=True),
    "curved-shaded": Conditions(curved=True, shaded=True),
    "short-lines": Conditions(short_lines=True),
    "broken-border": Conditions(broken_border=True),
    "curved": Conditions(curved=True),
    "shaded": Conditions(shaded=True),
    "cropped": Conditions(cropped=True),
}


class Photo(NamedTuple):
    """A made photo: ``image`` (H x W x 3 uint8, BGR), the grid's outer ``corners`` in it
    (top-left, top-right, bottom-right, bottom-left, as x, y), and the ``cells`` drawn."""

    image: np.ndarray
    corners: np.ndarray
    cells: tuple[int, ...]


def hershey_glyph(digit: int, height: int, rng: np.random.Generator) -> np.ndarray:
    """``digit`` drawn with one of OpenCV's built-in stroke fonts, ``height`` pixels tall."""
    font = _HERSHEY[int(rng.integers(len(_HERSHEY)))]
    base = 64
    (w, h), _ = cv2.getTextSize(str(digit), font, 1.0, 1)
    scale = base / h
    thickness = max(1, round(base * rng.uniform(0.07, 0.16)))
    canvas = np.zeros((base * 2, base * 2), np.uint8)
    cv2.putText(canvas, str(digit), (base // 3, base * 3 // 2), font, scale, 255, thickness,
                cv2.LINE_AA)
    return _resize_mask(_crop(canvas), height)


def thinned(glyph: GlyphDrawer) -> GlyphDrawer:
    """``glyph`` in a thin, condensed weight, as some newspapers print digits: drawn large,
    its strokes worn down to a third to a half of their width (less where a thinner stroke
    would go: a thin face keeps every stroke), squeezed to 55-80% of its width."""

    def thin(digit: int, height: int, rng: np.random.Generator) -> np.ndarray:
        big = glyph(digit, 96, rng)
        stroke = cv2.distanceTransform((big > 127).astype(np.uint8), cv2.DIST_L2, 3).max()
        wear = int(stroke * rng.uniform(0.5, 0.7))
        whole = _outline(big)
        while wear:
            worn = cv2.erode(big, np.ones((3, 3), np.uint8), iterations=wear)
            if _outline(worn) == whole:
                big = worn
                break
            wear -= 1
        big = _crop(big)
        squeezed = (max(1, round(big.shape[1] * rng.uniform(0.55, 0.8))), big.shape[0])
        return _resize_mask(cv2.resize(big, squeezed, interpolation=cv2.INTER_AREA), height)

    return thin


def _outline(mask: np.ndarray) -> tuple[int, int, int]:
    """(pieces, height, width) of a glyph's ink, height and width to a tenth: what wearing
    its strokes thinner must not change."""
    ink = (mask > 127).astype(np.uint8)
    ys, xs = np.nonzero(ink)
    if len(ys) == 0:
        return 0, 0, 0
    pieces = cv2.connectedComponents(ink)[0] - 1
    tenth = max(1, round(0.1 * mask.shape[0]))
    return pieces, int(np.ptp(ys)) // tenth, int(np.ptp(xs)) // tenth


def _crop(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask > 40)
    if len(ys) == 0:
        return mask
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _resize_mask(mask: np.ndarray, height: int) -> np.ndarray:
    f = height / mask.shape[0]
    size = (max(1, round(mask.shape[1] * f)), max(1, height))
    return cv2.resize(mask, size, interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)


def render_page(
    cells: Sequence[int], rng: np.random.Generator, glyph: GlyphDrawer,
    conditions: Conditions = PLAIN,
) -> tuple[np.ndarray, np.ndarray]:
    """A flat grey page with the puzzle on it: (page, the grid's outer corners on it)."""
    c = int(rng.integers(40, 84))
    side = 9 * c
    margin = [int(rng.uniform(0.25, 0.9) * side) for _ in range(4)]
    height, width = side + margin[0] + margin[2], side + margin[1] + margin[3]
    paper = rng.uniform(185, 250)
    low = cv2.resize(rng.normal(0, 1, (8, 8)).astype(np.float32), (width, height))
    grain = rng.standard_normal((height, width), dtype=np.float32) * rng.uniform(0, 5)
    page = paper + low * rng.uniform(0, 8) + grain
    x0, y0 = margin[3], margin[0]
    _clutter(page, rng, (x0, y0, side), paper)
    if rng.random() < 0.25:  # alternate boxes shaded, as some papers print them
        shade = rng.uniform(15, 60)
        for b in range(9):
            if b % 2 == 0:
                by, bx = divmod(b, 3)
                page[y0 + by * 3 * c:y0 + (by + 1) * 3 * c,
                     x0 + bx * 3 * c:x0 + (bx + 1) * 3 * c] -= shade
    if conditions.show_through:
        _show_through(page, rng, (x0, y0, c), paper, glyph)
    thin = int(rng.integers(1, max(2, c // 22) + 1))
    thick = thin + int(rng.integers(0, max(2, c // 12) + 1))
    outer = thick + int(rng.integers(0, 4))
    line_ink = rng.uniform(0, 60)
    thin_ink = line_ink if rng.random() < 0.7 else rng.uniform(60, 150)
    for k in range(10):
        t, ink = (thin, thin_ink) if k % 3 else ((outer if k in (0, 9) else thick), line_ink)
        p = k * c
        lo, hi = p - t // 2, p - t // 2 + t
        page[y0 - outer // 2:y0 + side + outer // 2 + 1, x0 + lo:x0 + hi] = ink
        page[y0 + lo:y0 + hi, x0 - outer // 2:x0 + side + outer // 2 + 1] = ink
    if conditions.short_lines:
        _open_crossings(page, rng, (x0, y0, c), paper, thick)
    if conditions.broken_border:
        _break_border(page, rng, (x0, y0, c), paper, outer)
    ink = rng.uniform(0, 70)
    size = rng.uniform(0.45, 0.8)
    for i, d in enumerate(cells):
        if not d:
            continue
        r, col = divmod(i, 9)
        h = max(6, int(c * size * rng.uniform(0.95, 1.05)))
        mask = glyph(int(d), h, rng).astype(np.float32) / 255.0
        mh, mw = mask.shape
        mw = min(mw, c - 2)
        mask = mask[:, :mw]
        cy = y0 + r * c + c / 2 + rng.normal(0, 0.04) * c
        cx = x0 + col * c + c / 2 + rng.normal(0, 0.04) * c
        top, left = int(cy - mh / 2), int(cx - mw / 2)
        region = page[top:top + mh, left:left + mw]
        region[:] = region * (1 - mask) + ink * mask
    corners = np.array([[x0, y0], [x0 + side, y0], [x0 + side, y0 + side], [x0, y0 + side]],
                       np.float32)
    return np.clip(page, 0, 255).astype(np.uint8), corners


def _clutter(page: np.ndarray, rng: np.random.Generator, grid: tuple[int, int, int],
             paper: float) -> None:
    """Lines of 'text' (dark dashes) and the odd rule around the grid, as on a newspaper page."""
    x0, y0, side = grid
    height, width = page.shape
    for _ in range(int(rng.integers(0, 40))):
        h = int(rng.integers(6, 18))
        y = int(rng.integers(0, height - h))
        x = int(rng.integers(0, width - 20))
        w = int(rng.integers(10, max(11, width // 3)))
        if y + h > y0 - 8 and y < y0 + side + 8 and x + w > x0 - 8 and x < x0 + side + 8:
            continue
        for wx in range(x, min(width, x + w), int(rng.integers(h, 3 * h))):
            ww = int(rng.integers(h // 2, 2 * h))
            page[y:y + h, wx:wx + ww] = paper - rng.uniform(60, 180)
    if rng.random() < 0.3:
        y = int(y0 + side + rng.integers(10, 60))
        if y < height:
            page[y:y + 2, :] = rng.uniform(0, 80)


def _show_through(page: np.ndarray, rng: np.random.Generator, grid: tuple[int, int, int],
                  paper: float, glyph: GlyphDrawer) -> None:
    """Faint mirrored digits and lines from the other side of the page, not aligned with
    this side's cells."""
    x0, y0, c = grid
    height, width = page.shape
    depth = rng.uniform(0.06, 0.16) * paper  # how much darker the show-through is
    for _ in range(int(rng.integers(15, 40))):
        h = max(6, int(c * rng.uniform(0.45, 0.8)))
        mask = glyph(int(rng.integers(1, 10)), h, rng)[:, ::-1].astype(np.float32) / 255.0
        mh, mw = mask.shape
        top = int(y0 + rng.uniform(-0.2, 9.2) * c - mh / 2)
        left = int(x0 + rng.uniform(-0.2, 9.2) * c - mw / 2)
        if top >= 0 and left >= 0 and top + mh < height and left + mw < width:
            page[top:top + mh, left:left + mw] -= depth * mask
    for _ in range(int(rng.integers(0, 4))):  # rules from the other side
        y = int(y0 + rng.uniform(0, 9) * c)
        page[y:y + 2, :] -= depth * 0.8


def _open_crossings(page: np.ndarray, rng: np.random.Generator, grid: tuple[int, int, int],
                    paper: float, thick: int) -> None:
    """Paper around each crossing of the inner lines: lines that stop short of the cells'
    corners, as some papers print them."""
    x0, y0, c = grid
    gap = int(c * rng.uniform(0.1, 0.25)) + thick // 2
    for i in range(1, 9):
        for j in range(1, 9):
            y, x = y0 + i * c, x0 + j * c
            page[y - gap:y + gap + 1, x - gap:x + gap + 1] = paper


def _break_border(page: np.ndarray, rng: np.random.Generator, grid: tuple[int, int, int],
                  paper: float, outer: int) -> None:
    """Gaps in the outer border (worn print, a fold): a few pieces of it missing."""
    x0, y0, c = grid
    side = 9 * c
    w = outer // 2 + 2
    for _ in range(int(rng.integers(2, 5))):
        start, length = rng.uniform(0, side * 0.8), int(c * rng.uniform(0.6, 2.5))
        a = int(start)
        b = a + length
        edge = int(rng.integers(4))
        if edge == 0:
            page[y0 - w:y0 + w, x0 + a:x0 + b] = paper
        elif edge == 1:
            page[y0 + side - w:y0 + side + w, x0 + a:x0 + b] = paper
        elif edge == 2:
            page[y0 + a:y0 + b, x0 - w:x0 + w] = paper
        else:
            page[y0 + a:y0 + b, x0 + side - w:x0 + side + w] = paper


def photograph(
    cells: Sequence[int],
    rng: np.random.Generator,
    glyph: GlyphDrawer = hershey_glyph,
    *,
    quality: int | None = None,
    conditions: Conditions = PLAIN,
) -> Photo:
    """The puzzle ``cells`` (81 digits, 0 blank) printed and photographed, all at random
    from ``rng``: angle up to 20 degrees, perspective, curl, shadow, blur, noise, JPEG; and
    the hard ``conditions`` asked for."""
    if conditions.thin_face:
        glyph = thinned(glyph)
    page, grid = render_page(cells, rng, glyph, conditions)
    out_w = int(rng.integers(700, 1300))
    out_h = int(out_w * rng.uniform(1.0, 1.45))
    if rng.random() < 0.4:
        out_w, out_h = out_h, out_w
    if conditions.low_resolution:
        out_w, out_h = (640, 480) if out_w > out_h else (480, 640)
    fill = rng.uniform(0.4, 0.95) * min(out_w, out_h)
    if conditions.low_resolution:  # the whole page in the photo: the grid is a part of it
        fill = rng.uniform(0.5, 0.75) * min(out_w, out_h)
    angle = np.deg2rad(rng.normal(0, 7) if rng.random() < 0.8 else rng.uniform(-20, 20))
    square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64) * fill / 2
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    quad = square @ rot.T + rng.normal(0, 0.04 * fill, (4, 2))
    # keep the grid inside the photo, sometimes right up against its edge
    lo, hi = quad.min(axis=0), quad.max(axis=0)
    room = np.array([out_w, out_h]) - (hi - lo)
    if (room < 4).any():
        quad *= 0.9 * min(out_w, out_h) / (hi - lo).max()
        lo, hi = quad.min(axis=0), quad.max(axis=0)
        room = np.array([out_w, out_h]) - (hi - lo)
    if rng.random() < 0.1:
        offset = np.where(rng.random(2) < 0.5, 1.0, room - 2)
    else:
        offset = rng.uniform(0.1, 0.9, 2) * room
    quad = quad - lo + offset
    if conditions.cropped:
        quad = _cut_off(quad, rng, out_w, out_h)
    matrix = cv2.getPerspectiveTransform(grid, quad.astype(np.float32))
    background = _background(rng, out_h, out_w)
    photo = cv2.warpPerspective(page, matrix, (out_w, out_h), dst=background.copy(),
                                flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)
    photo = photo.astype(np.float32)  # from here on, light is multiplied in
    if rng.random() < 0.3 and not conditions.curved:
        photo = _curl(photo, rng)
    if conditions.curved:
        photo = _curl(photo, rng, 0.035)
    photo *= _lighting(rng, out_h, out_w)
    if conditions.shaded:
        photo *= _hard_shadow(rng, quad, out_h, out_w)
    photo = _blur(photo, rng)
    photo = photo + rng.standard_normal(photo.shape, dtype=np.float32) * rng.uniform(0, 7)
    gray = np.clip(photo, 0, 255).astype(np.uint8)
    tint = rng.uniform(0.85, 1.1, 3)
    color = np.clip(gray[..., None] * tint, 0, 255).astype(np.uint8)
    q = int(rng.integers(20, 92)) if quality is None else quality
    if conditions.old_jpeg and quality is None:
        q = int(rng.integers(12, 40))
    ok, buf = cv2.imencode(".jpg", color, [cv2.IMWRITE_JPEG_QUALITY, q])
    image = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR))
    return Photo(image, quad.astype(np.float32), tuple(int(d) for d in cells))


def _cut_off(quad: np.ndarray, rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """``quad`` moved so that it runs off one or two edges of a ``w`` x ``h`` photo by 3% to
    20% of a cell: the outer line is cut off, the digits next to it are not."""
    cell = float(np.linalg.norm(quad[0] - quad[2])) / (9 * np.sqrt(2))
    shift = np.zeros(2)
    for axis in rng.permutation(2)[:int(rng.integers(1, 3))]:
        over = rng.uniform(0.03, 0.2) * cell
        if rng.random() < 0.5:
            shift[axis] = -over - quad[:, axis].min()
        else:
            shift[axis] = (w, h)[axis] + over - quad[:, axis].max()
    return quad + shift


def _background(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    base = rng.uniform(20, 200)
    low = cv2.resize(rng.normal(0, 1, (6, 6)).astype(np.float32), (w, h))
    back = base + low * rng.uniform(0, 30) + 6 * rng.standard_normal((h, w), dtype=np.float32)
    return np.clip(back, 0, 255).astype(np.uint8)


def _curl(photo: np.ndarray, rng: np.random.Generator, most: float = 0.015) -> np.ndarray:
    """A page that does not lie flat: rows and columns bent into arcs, by up to ``most`` of
    the photo's side (gentle by default)."""
    h, w = photo.shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    amp_y, amp_x = rng.uniform(-most, most, 2) * min(h, w)
    if most > 0.015:  # bent for sure, not by chance a little
        amp_y, amp_x = np.sign(amp_y) * max(abs(amp_y), most / 2 * min(h, w)), amp_x
    map_y = (ys + amp_y * np.sin(np.pi * xs / w)).astype(np.float32)
    map_x = (xs + amp_x * np.sin(np.pi * ys / h)).astype(np.float32)
    return cv2.remap(photo, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _lighting(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """Uneven light: a gradient across the photo and, often, a soft shadow (computed at
    a quarter of the size: light varies slowly)."""
    full = (w, h)
    h, w = (h + 3) // 4, (w + 3) // 4
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-0.35, 0.35, 2)
    light = 1 + gx * (xs / w - 0.5) + gy * (ys / h - 0.5)
    if rng.random() < 0.5:
        a = rng.uniform(0, 2 * np.pi)
        edge = (np.cos(a) * (xs - w * rng.uniform(0.2, 0.8))
                + np.sin(a) * (ys - h * rng.uniform(0.2, 0.8)))
        soft = rng.uniform(1, 15)
        light *= 1 - rng.uniform(0.2, 0.5) / (1 + np.exp(-edge / soft))
    light = (light * rng.uniform(0.75, 1.15)).astype(np.float32)
    return cv2.resize(light, full, interpolation=cv2.INTER_LINEAR)


def _hard_shadow(rng: np.random.Generator, quad: np.ndarray, h: int, w: int) -> np.ndarray:
    """A shadow with a sharp edge (a hand, a phone) over a third to a half of the grid."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    centre = quad.mean(axis=0)
    reach = float(np.linalg.norm(quad[0] - quad[2])) / 2
    at = centre + np.array([np.cos(a), np.sin(a)]) * reach * rng.uniform(0.1, 0.4)
    edge = np.cos(a) * (xs - at[0]) + np.sin(a) * (ys - at[1])
    soft = rng.uniform(1, 4)
    return (1 - rng.uniform(0.4, 0.6) / (1 + np.exp(np.clip(-edge / soft, -50, 50)))
            ).astype(np.float32)


def _blur(photo: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    choice = rng.random()
    if choice < 0.6:
        return cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.3, 1.8))
    if choice < 0.8:  # a shaken hand: blur along one direction
        n = int(rng.integers(3, 8))
        kernel = np.zeros((n, n), np.float32)
        kernel[n // 2, :] = 1 / n
        rot = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1)
        turned = cv2.warpAffine(kernel, rot, (n, n))
        turned = (turned / max(float(turned.sum()), 1e-6)).astype(np.float32)
        return cv2.filter2D(photo, -1, turned)
    return photo
