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
    cells: Sequence[int], rng: np.random.Generator, glyph: GlyphDrawer
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


def photograph(
    cells: Sequence[int],
    rng: np.random.Generator,
    glyph: GlyphDrawer = hershey_glyph,
    *,
    quality: int | None = None,
) -> Photo:
    """The puzzle ``cells`` (81 digits, 0 blank) printed and photographed, all at random
    from ``rng``: angle up to 20 degrees, perspective, curl, shadow, blur, noise, JPEG."""
    page, grid = render_page(cells, rng, glyph)
    out_w = int(rng.integers(700, 1300))
    out_h = int(out_w * rng.uniform(1.0, 1.45))
    if rng.random() < 0.4:
        out_w, out_h = out_h, out_w
    fill = rng.uniform(0.4, 0.95) * min(out_w, out_h)
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
    matrix = cv2.getPerspectiveTransform(grid, quad.astype(np.float32))
    background = _background(rng, out_h, out_w)
    photo = cv2.warpPerspective(page, matrix, (out_w, out_h), dst=background.copy(),
                                flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)
    photo = photo.astype(np.float32)  # from here on, light is multiplied in
    if rng.random() < 0.3:
        photo = _curl(photo, rng)
    photo *= _lighting(rng, out_h, out_w)
    photo = _blur(photo, rng)
    photo = photo + rng.standard_normal(photo.shape, dtype=np.float32) * rng.uniform(0, 7)
    gray = np.clip(photo, 0, 255).astype(np.uint8)
    tint = rng.uniform(0.85, 1.1, 3)
    color = np.clip(gray[..., None] * tint, 0, 255).astype(np.uint8)
    q = int(rng.integers(20, 92)) if quality is None else quality
    ok, buf = cv2.imencode(".jpg", color, [cv2.IMWRITE_JPEG_QUALITY, q])
    image = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR))
    return Photo(image, quad.astype(np.float32), tuple(int(d) for d in cells))


def _background(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    base = rng.uniform(20, 200)
    low = cv2.resize(rng.normal(0, 1, (6, 6)).astype(np.float32), (w, h))
    back = base + low * rng.uniform(0, 30) + 6 * rng.standard_normal((h, w), dtype=np.float32)
    return np.clip(back, 0, 255).astype(np.uint8)


def _curl(photo: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A page that does not lie flat: rows and columns bent into gentle arcs."""
    h, w = photo.shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    amp_y, amp_x = rng.uniform(-0.015, 0.015, 2) * min(h, w)
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
