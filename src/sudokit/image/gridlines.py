"""Finding a grid from its lines, where no outline of it is found: a grid printed in faint
lines, whose outer border is broken, that runs off the photo's edge, or that touches a
shadow or the page's edge so that its outline takes them in.

Straight stretches of ink (line segments) are found in the photo's strokes; they fall into
two families of directions, the grid's lines across and down. Stretches along one line are
joined; a line is kept when it crosses several lines of the other family (text, a page's
edge or a rule beside the grid cross none), and this is repeated until what is kept crosses
itself. Of the three outermost lines kept on each side, each way, every pair gives an
outline (a stray line beyond the grid, or a line just inside a missed outer one, is then
passed over once the outlines are scored against a grid's lines); when the lines kept span
eight cells, not nine, and the grid runs off the photo beyond one side, that side's line
is also moved out a cell, to where the spacing of the others says the missing one is.
"""

from __future__ import annotations

import cv2
import numpy as np

#: A segment is at least this share of the photo's long side.
SEGMENT = 0.05
#: The widest gap along a segment, a share of the photo's long side.
GAP = 0.015
#: The most segments kept.
MOST_SEGMENTS = 150
#: Of Hough's lines, the most looked at (most votes first).
HOUGH_LINES = 2000
#: Hough's lines are walked along this many at a time.
BATCH = 100
#: A photo whose strokes cover more than this share of it (noise) has no lines to follow.
DENSE = 0.3
#: A line is kept when it crosses at least this many lines of the other family.
CROSSES = 3
#: Two segments are on one line when each one's ends are within this many pixels of the other.
NEAR = 4.0


def outlines(ink: np.ndarray) -> list[np.ndarray]:
    """Outlines (4 x 2 float32, clockwise from top-left, possibly running off the picture)
    of the grid that the lines in ``ink`` (strokes 255 on 0) show; empty when they show
    none."""
    if float((ink > 0).mean()) > DENSE:
        return []
    h, w = ink.shape
    least = SEGMENT * max(h, w)
    segments = _segments(ink, least)
    if len(segments) < 8:
        return []
    families = _families(segments)
    if families is None:
        return []
    across, down = (_join(segments[f]) for f in families)
    for _ in range(3):
        keep_a, keep_d = _crossing(across, down)
        if keep_a.all() and keep_d.all():
            break
        across, down = across[keep_a], down[keep_d]
    if len(across) < 3 or len(down) < 3:
        return []
    shapes = []
    for a in _spans(across, down, (w, h)):
        for d in _spans(down, across, (w, h)):
            quad = np.array([_meet(a[0], d[0]), _meet(a[0], d[1]), _meet(a[1], d[1]),
                             _meet(a[1], d[0])], np.float32)
            if np.isfinite(quad).all():
                shapes.append(_clockwise(quad))
    return shapes


def _segments(ink: np.ndarray, least: float) -> np.ndarray:
    """Rows of (x0, y0, x1, y1): the stretches, at least ``least`` long, of the straight
    lines with the most ink along them where they are mostly ink (a faint line thresholds
    into dashes: gaps of up to GAP of the photo's side are bridged)."""
    h, w = ink.shape
    found = cv2.HoughLines(ink, 1, np.pi / 360, int(least))
    if found is None:
        return np.zeros((0, 4))
    bridge = max(3, round(GAP * max(h, w)))
    half = _half(bridge)
    kept = _Kept(MOST_SEGMENTS)
    lines = found.reshape(-1, 2)[:HOUGH_LINES]
    for start in range(0, len(lines), BATCH):
        x, y, dark, inside = _walks(ink, lines[start:start + BATCH])
        # each place's ink within the bridge around it (the line's own places only)
        total = np.cumsum(np.pad(dark & inside, ((0, 0), (bridge // 2 + 1, 0))), axis=1,
                          dtype=np.int32)
        ends = np.pad(total, ((0, 0), (0, (bridge - 1) // 2)), mode="edge")
        count = ends[:, bridge:] - ends[:, :-bridge]
        mostly = (count >= half) & inside & (inside.sum(axis=1) >= least)[:, None]
        rows, edges = np.nonzero(np.diff(np.pad(mostly.astype(np.int8), ((0, 0), (1, 1))),
                                         axis=1))
        rows, starts, stops = rows[::2], edges[::2], edges[1::2]
        long = stops - starts >= least
        runs = list(zip(rows[long].tolist(), starts[long].tolist(), stops[long].tolist(),
                        strict=True))
        if not runs:
            continue
        found_here = np.array([[x[k, a], y[k, a], x[k, b - 1], y[k, b - 1]]
                               for k, a, b in runs])
        # each segment against those kept before this batch at once; then, one by one,
        # against those this batch adds
        before = kept.count
        repeated = kept.repeats(found_here)
        for i, (k, _, _) in enumerate(runs):
            segment = found_here[i]
            if not repeated[i] and not kept.repeats(segment[None], since=before)[0]:
                kept.add(segment)
            last_of_line = i + 1 == len(runs) or runs[i + 1][0] != k
            if last_of_line and kept.count >= MOST_SEGMENTS:
                return kept.rows()
    return kept.rows()


def _half(bridge: int) -> int:
    """The fewest places of ink, of ``bridge`` around a place, that make it mostly ink:
    where their shares, added one by one, reach a half (as a moving average adds them)."""
    share, count = 0.0, 0
    while share < 0.5:
        share += 1 / bridge
        count += 1
    return count


def _walks(ink: np.ndarray, lines: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For ``lines`` (rows of Hough's rho, theta), each one's places a pixel apart, one row
    a line, and which are ink and which inside ``ink``: (x, y, dark, inside) (a line
    crosses the picture in one stretch; each row holds its line's stretch inside the
    picture, and places outside it up to the longest line's length)."""
    h, w = ink.shape
    # a place inside the picture lies within its diagonal of its corner (0, 0)
    reach = int(np.ceil(np.hypot(h, w))) + 1
    # each line's direction and foot as Hough's own (single) precision gives them
    cos, sin = np.cos(lines[:, 1]), np.sin(lines[:, 1])
    dx, dy = (-sin).astype(np.float64), cos.astype(np.float64)
    fx, fy = (lines[:, 0] * cos).astype(np.float64), (lines[:, 0] * sin).astype(np.float64)
    # each line's places t (x = fx + t dx, y = fy + t dy) from where it may enter the
    # picture to where it may leave it (a little wider than the picture: which places are
    # inside is decided below, place by place)
    first, last = np.full(len(lines), -reach), np.full(len(lines), reach - 1)
    for f, d, size in ((fx, dx, w), (fy, dy, h)):
        with np.errstate(divide="ignore", invalid="ignore"):
            a, b = (0 - 1 - f) / d, (size - f) / d
        steep = np.abs(d) > 1e-6
        first = np.where(steep, np.maximum(first, np.floor(np.minimum(a, b))), first)
        last = np.where(steep, np.minimum(last, np.ceil(np.maximum(a, b))), last)
    first = np.clip(first - 1, -reach, reach).astype(np.int64)
    span = int(max(1, (np.clip(last + 1, -reach, reach - 1) - first).max() + 1))
    every = (first[:, None] + np.arange(span)[None, :]).astype(np.float64)
    x = fx[:, None] + every * dx[:, None]
    y = fy[:, None] + every * dy[:, None]
    inside = (x >= 0) & (x <= w - 1) & (y >= 0) & (y <= h - 1)
    spot = np.where(inside, np.rint(y) * w + np.rint(x), 0).astype(np.intp)
    dark = ink.ravel()[spot] > 0
    return x, y, dark, inside


class _Kept:
    """The segments kept so far, with what :meth:`repeats` needs of each."""

    def __init__(self, most: int) -> None:
        size = most + 64
        self.count = 0
        self.segments = np.zeros((size, 4))
        self.along = np.zeros((size, 2))
        self.length = np.zeros(size)

    def add(self, segment: np.ndarray) -> None:
        """Keep ``segment`` (x0, y0, x1, y1)."""
        if self.count == len(self.segments):
            self.segments = np.concatenate([self.segments, np.zeros_like(self.segments)])
            self.along = np.concatenate([self.along, np.zeros_like(self.along)])
            self.length = np.concatenate([self.length, np.zeros_like(self.length)])
        k = self.count
        self.segments[k] = segment
        self.length[k] = max(float(np.linalg.norm(segment[2:] - segment[:2])), 1e-9)
        self.along[k] = (segment[2:] - segment[:2]) / self.length[k]
        self.count += 1

    def rows(self) -> np.ndarray:
        """The segments kept, as rows of (x0, y0, x1, y1)."""
        return self.segments[:self.count].copy()

    def repeats(self, segments: np.ndarray, since: int = 0) -> np.ndarray:
        """For each of ``segments`` (rows of x0, y0, x1, y1), whether it lies along one of
        those kept (a thick line is found many times, at slightly different angles), of
        those kept from the ``since``-th on."""
        k = self.count
        if k <= since:
            return np.zeros(len(segments), bool)
        along, length = self.along[since:k], self.length[since:k]
        # each end of each segment from each start kept: segment, end, kept, (x, y)
        d = segments.reshape(-1, 2, 1, 2) - self.segments[None, None, since:k, :2]
        off = np.abs(-along[:, 1] * d[..., 0] + along[:, 0] * d[..., 1]).max(axis=1)
        t = along[:, 0] * d[..., 0] + along[:, 1] * d[..., 1]
        overlap = np.minimum(t.max(axis=1), length) - np.maximum(t.min(axis=1), 0)
        mine = np.array([float(np.linalg.norm(s[2:] - s[:2])) for s in segments])
        return ((off < 2 * NEAR) & (overlap > 0.5 * mine[:, None])).any(axis=1)


def _families(segments: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The indices of the segments of the two main directions (each within 15 degrees of
    its direction; the two 60 to 120 degrees apart); None when there are not two."""
    dx, dy = segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1]
    angle = np.degrees(np.arctan2(dy, dx)) % 180
    weight = np.hypot(dx, dy)
    hist = np.bincount(np.round(angle).astype(int) % 180, weight, 180)
    smooth = np.zeros(180)
    for k in range(-4, 5):
        smooth += np.roll(hist, k)
    first = int(smooth.argmax())
    apart = np.abs((np.arange(180) - first + 90) % 180 - 90)
    second = int(np.where((apart >= 60), smooth, -1).argmax())
    if smooth[second] <= 0:
        return None
    near = [np.abs((angle - peak + 90) % 180 - 90) <= 15 for peak in (first, second)]
    a, d = np.flatnonzero(near[0]), np.flatnonzero(near[1])
    if len(a) < 3 or len(d) < 3:
        return None
    # across: the family nearer the photo's rows
    if abs((first + 90) % 180 - 90) > abs((second + 90) % 180 - 90):
        a, d = d, a
    return a, d


def _join(segments: np.ndarray) -> np.ndarray:
    """Segments on one line joined: rows of (x0, y0, x1, y1), the line's ends (the extremes
    of its segments along it)."""
    n = len(segments)
    owner = np.arange(n)

    def root(i: int) -> int:
        while owner[i] != i:
            owner[i] = owner[owner[i]]
            i = int(owner[i])
        return i

    p, q = segments[:, :2], segments[:, 2:]
    direction = (q - p) / np.maximum(np.linalg.norm(q - p, axis=1), 1e-9)[:, None]
    normal = np.stack([-direction[:, 1], direction[:, 0]], axis=1)
    for i in range(n):
        # the distance of each other segment's two ends from segment i's line
        off = np.maximum(np.abs((p - p[i]) @ normal[i]), np.abs((q - p[i]) @ normal[i]))
        for j in np.flatnonzero(off < NEAR):
            a, b = root(i), root(int(j))
            if a != b:
                owner[b] = a
    roots = np.array([root(i) for i in range(n)])
    lines = []
    for r in np.unique(roots):
        ends = np.concatenate([p[roots == r], q[roots == r]])
        centre = ends.mean(axis=0)
        _, _, vt = np.linalg.svd(ends - centre)
        along = (ends - centre) @ vt[0]
        lines.append(np.concatenate([centre + along.min() * vt[0], centre + along.max() * vt[0]]))
    return np.array(lines)


def _meet(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where the lines through segments ``a`` and ``b`` meet (inf when parallel)."""
    d1, d2 = a[2:] - a[:2], b[2:] - b[:2]
    cross = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(cross) < 1e-9:
        return np.array([np.inf, np.inf])
    t = ((b[0] - a[0]) * d2[1] - (b[1] - a[1]) * d2[0]) / cross
    return a[:2] + t * d1


def _crossing(across: np.ndarray, down: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Which lines of each family cross at least CROSSES of the other (within their ends,
    give or take a twentieth of their length), every pair met at once as :func:`_meet`
    meets two."""
    a, d = across[:, None, :], down[None, :, :]
    da, dd = a[..., 2:] - a[..., :2], d[..., 2:] - d[..., :2]
    cross = da[..., 0] * dd[..., 1] - da[..., 1] * dd[..., 0]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = ((d[..., 0] - a[..., 0]) * dd[..., 1] - (d[..., 1] - a[..., 1]) * dd[..., 0]) / cross
    t = np.where(np.abs(cross) < 1e-9, np.inf, t)
    point = a[..., :2] + t[..., None] * da  # inf where parallel
    hits = _along(a, da, point) & _along(d, dd, point)
    return hits.sum(axis=1) >= CROSSES, hits.sum(axis=0) >= CROSSES


def _along(segments: np.ndarray, direction: np.ndarray, point: np.ndarray) -> np.ndarray:
    """For each of ``point`` (... x 2, on its segment's line), whether it lies between the
    ends of its segment of ``segments`` (... x 4, x0, y0, x1, y1; ``direction``, its end
    less its start), give or take a twentieth of its length and a few pixels."""
    start = segments[..., :2]
    length = np.sqrt(direction[..., 0] * direction[..., 0]
                     + direction[..., 1] * direction[..., 1])
    off = point - start
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (off[..., 0] * direction[..., 0] + off[..., 1] * direction[..., 1]) / length
    return (np.isfinite(point).all(axis=-1) & (length != 0)
            & (-0.05 * length - 4 <= t) & (t <= 1.05 * length + 4))


def _spans(lines: np.ndarray, other: np.ndarray, size: tuple[int, int]
           ) -> list[tuple[np.ndarray, np.ndarray]]:
    """Pairs of (first, last) lines that may bound the grid in this family: each of the
    three outermost lines kept on one side with each on the other; and, when the lines kept
    span eight cells and the grid runs off the photo beyond one side, that side's line moved
    out by a cell."""
    centre = other.reshape(-1, 2).mean(axis=0)
    middle = np.array([centre, centre + (other[:, 2:] - other[:, :2]).mean(axis=0)]).ravel()
    at = np.array([_meet(line, middle) for line in lines])
    axis = middle[2:] - middle[:2]
    position = (at - middle[:2]) @ axis / float(axis @ axis)
    order = np.argsort(position)
    lines, position = lines[order], position[order]
    first, last = lines[0], lines[-1]
    spans = [(lines[i], lines[-1 - j]) for i in range(min(3, len(lines)))
             for j in range(min(3, len(lines))) if i + j < len(lines) - 2]
    gaps = np.diff(position)
    gaps = gaps[gaps > 0.2 * (position[-1] - position[0]) / 9]
    if not len(gaps):
        return spans
    step = float(np.median(gaps))
    cells = (position[-1] - position[0]) / step
    if 7.5 <= cells <= 8.5:
        w, h = size
        for end, inner, out in ((first, lines[1], 0), (last, lines[-2], 1)):
            moved = _beyond(end, inner)
            corners = moved.reshape(2, 2)
            beyond = (corners < 0).any() or (corners[:, 0] > w - 1).any() \
                or (corners[:, 1] > h - 1).any()
            near_edge = _off_frame(end, step * float(np.linalg.norm(axis)), w, h)
            if beyond or near_edge:
                spans.append((moved, last) if out == 0 else (first, moved))
    return spans


def _beyond(line: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """The line a cell beyond ``line``, away from its neighbour ``inner``: each end moved
    as far from ``line`` as ``inner`` is there."""
    start, end = inner[:2], inner[2:]
    along = (end - start) / max(float(np.linalg.norm(end - start)), 1e-9)
    ends = line.reshape(2, 2)
    feet = start + ((ends - start) @ along)[:, None] * along
    return (2 * ends - feet).ravel()


def _off_frame(line: np.ndarray, step: float, w: int, h: int) -> bool:
    """True when a line one ``step`` further out, beside ``line``, would be at or past the
    photo's edge at either of its ends."""
    ends = line.reshape(2, 2)
    room = np.minimum.reduce([ends[:, 0], ends[:, 1], w - 1 - ends[:, 0], h - 1 - ends[:, 1]])
    return bool((room < 1.2 * step).any())


def _clockwise(quad: np.ndarray) -> np.ndarray:
    """Four corners as top-left, top-right, bottom-right, bottom-left."""
    s, d = quad.sum(axis=1), quad[:, 0] - quad[:, 1]
    return np.array([quad[s.argmin()], quad[d.argmax()], quad[s.argmax()], quad[d.argmin()]],
                    np.float32)
