"""Cages, lines, dots and signs drawn as the setters' tools draw them.

Cages are dashed outlines just inside their cells' borders, with the total small in the
top left corner of the cage's first cell (the pencil marks of that cell sit lower, clear
of it); little killer totals stand outside the grid with a small arrow along their
diagonal, sandwich totals outside their row or column. Thermometers are grey with a round
bulb (a slow one hollow: a ring and a pale core), arrows a circle (a rounded box over the
cells of a number of several digits) with a line ending in an arrowhead; German whispers
are green, renban purple, palindromes grey, region-sum lines blue, entropic lines orange,
and a between line thin with a circle at each end. Kropki dots, X and V and the
greater-than chevrons (pointing to the smaller digit) sit on the edge the two cells
share. :func:`words` says each family of constraints in words, the legend of a page.

The lines go under the digits, the cages and signs over the grid lines; a picture asks
:func:`check` first, so that a constraint it has no drawing for is refused by name rather
than left out.

>>> from sudokit.constraints import Cage, Thermo
>>> from sudokit.rules import Rules
>>> words(Rules(9, constraints=[Thermo((0, 1, 2))]))
{'thermo': 'Thermo: digits increase along a thermometer from its round bulb'}
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..constraints import (
    XV,
    Arrow,
    Between,
    Cage,
    Constraint,
    Entropic,
    GreaterThan,
    Kropki,
    LittleKiller,
    Palindrome,
    RegionSum,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
)
from ..errors import UnsupportedRulesError
from ..rules import Rules
from .shapes import BASELINE, Circle, Figure, Geometry, Poly, Rect, RoundRect, Text, Theme

#: The width of the ring around the grid where outside totals stand, in cells.
RING = 0.8

#: The lines drawn as a plain coloured band: the theme's colour for each, by family.
_BANDS: dict[type[Constraint], str] = {
    Whisper: "whisper", Renban: "renban", Palindrome: "palindrome",
    RegionSum: "region_sum", Entropic: "entropic",
}

#: Every kind of constraint a picture can draw.
DRAWN: tuple[type[Constraint], ...] = (Cage, LittleKiller, Sandwich, Thermo, Arrow, Between,
                                       Kropki, XV, GreaterThan, *_BANDS)

Point = tuple[float, float]


def check(rules: Rules) -> None:
    """UnsupportedRulesError naming the first constraint of ``rules`` that pictures cannot
    draw (a kind they do not know, or a little killer whose diagonal does not run from
    the edge to the edge, whose total has no place outside the grid)."""
    n = rules.size
    for item in rules.constraints:
        if not isinstance(item, DRAWN):
            raise UnsupportedRulesError(
                f"pictures cannot draw {item.word or type(item).__name__} constraints yet "
                f"({item.where(n)})")
        if isinstance(item, LittleKiller):
            _diagonal(item, n)


def ring(rules: Rules | None) -> float:
    """The ring around the grid the rules' outside totals need, in cells (0 for none)."""
    if rules is None:
        return 0.0
    return RING if any(isinstance(c, LittleKiller | Sandwich) for c in rules.constraints) \
        else 0.0


def padded(rules: Rules | None) -> bool:
    """Whether pencil marks keep clear of the cells' borders: where cages' dashed outlines
    run, and dots and signs sit on the edges."""
    return rules is not None and any(isinstance(c, Cage | Kropki | XV | GreaterThan)
                                     for c in rules.constraints)


def total_cells(rules: Rules | None) -> frozenset[int]:
    """The cells with a cage total in their corner."""
    if rules is None:
        return frozenset()
    return frozenset(c.cells[0] for c in rules.constraints
                     if isinstance(c, Cage) and c.total is not None)


def draw_lines(fig: Figure, geo: Geometry, rules: Rules, theme: Theme) -> None:
    """The thermometers, coloured lines, between lines and arrows, under the digits."""
    for item in rules.constraints:
        if isinstance(item, Thermo):
            _thermo(fig, geo, item, theme)
    for item in rules.constraints:
        if type(item) in _BANDS:
            _band(fig, geo, item.cells, getattr(theme, _BANDS[type(item)]), item.family)
    for item in rules.constraints:
        if isinstance(item, Between):
            _between(fig, geo, item, theme)
        elif isinstance(item, Arrow):
            _arrow(fig, geo, item, theme)


def draw_marks(fig: Figure, geo: Geometry, rules: Rules, theme: Theme) -> None:
    """The cages' outlines, then the dots and signs, over the grid lines."""
    for item in rules.constraints:
        if isinstance(item, Cage):
            _cage(fig, geo, item, theme)
    for item in rules.constraints:
        if isinstance(item, Kropki):
            _kropki(fig, geo, item, theme)
        elif isinstance(item, XV):
            _xv(fig, geo, item, theme)
        elif isinstance(item, GreaterThan):
            _greater(fig, geo, item, theme)


def draw_totals(fig: Figure, geo: Geometry, rules: Rules, theme: Theme,
                shaded: Iterable[int] = ()) -> None:
    """The cages' totals, over everything else on the grid (a step's outlines too), each
    on a patch of its cell's own colour (the highlight's, in ``shaded`` cells)."""
    lit = set(shaded)
    for item in rules.constraints:
        if isinstance(item, Cage) and item.total is not None:
            cell = item.cells[0]
            _total(fig, geo, cell, str(item.total), theme,
                   theme.highlight if cell in lit else theme.background)


def draw_outside(fig: Figure, geo: Geometry, rules: Rules, theme: Theme) -> None:
    """The totals outside the grid: little killers with their arrows, sandwich sums (the
    two side by side where both stand by the same row or column)."""
    sandwiches = {_sandwich_place(item): item for item in rules.constraints
                  if isinstance(item, Sandwich)}
    shared: dict[tuple[int, int], int] = {}  # a place both share: the arrow's side there
    for item in rules.constraints:
        if isinstance(item, LittleKiller):
            place, side = _little_killer(fig, geo, item, theme, sandwiches)
            if place in sandwiches:
                shared[place] = side
    for place, item in sandwiches.items():
        _sandwich(fig, geo, item, place, theme, shared.get(place, 0))


# -- the legend ----------------------------------------------------------------------------

def words(rules: Rules) -> dict[str, str]:
    """Each family of the rules' constraints in words, by its name in ``rules.names``:
    the legend under a printed puzzle."""
    said = _sentences(rules)
    return {name: said[name] for name in rules.names if name in said}


def negative_words(rules: Rules) -> list[str]:
    """What no mark shows: that every kropki dot (every X and V) is given."""
    out = []
    if rules.all_dots:
        out.append(_ALL_DOTS)
    if rules.all_xv:
        out.append(_ALL_XV)
    return out


_ALL_DOTS = ("All kropki dots are given: neighbours without a dot are neither consecutive "
             "nor one twice the other")
_ALL_XV = "All X and V signs are given: neighbours without one add up to neither 5 nor 10"


def _sentences(rules: Rules) -> dict[str, str]:
    n = rules.size
    of = rules.constraints
    cages = [c for c in of if isinstance(c, Cage)]
    repeat = [c for c in cages if c.repeat]
    killer = "Killer: the digits in a dashed cage add up to the total in its corner"
    if not repeat:
        killer += " and do not repeat"
    elif len(repeat) == len(cages):
        killer += "; digits may repeat in a cage"
    else:
        killer += ("; digits do not repeat in a cage, except in the cages at "
                   + ", ".join(_name(c.cells[0], n) for c in repeat))
    thermos = [c for c in of if isinstance(c, Thermo)]
    thermo = "Thermo: digits increase along a thermometer from its round bulb"
    if thermos and all(t.slow for t in thermos):
        thermo = ("Slow thermo: digits never decrease along a thermometer from its hollow "
                  "bulb")
    elif any(t.slow for t in thermos):
        thermo += "; along a hollow (slow) one they may also stay the same"
    gaps = sorted({c.gap for c in of if isinstance(c, Whisper)}) or [5]
    third = n // 3
    return {
        "killer": killer,
        "little-killer": "Little killer: the digits along the diagonal an arrow outside "
                         "the grid points down add up to its total (they may repeat)",
        "thermo": thermo,
        "arrow": "Arrow: the digits on an arrow add up to the number in its circle (a "
                 "circle over several cells reads them as one number)",
        "whispers": f"German whispers: neighbours on a green line differ by at least "
                    f"{' or '.join(map(str, gaps))}",
        "renban": "Renban: a purple line holds a run of consecutive digits, in any order",
        "palindrome": "Palindrome: a grey line reads the same from either end",
        "between": "Between lines: the digits on a line lie strictly between the digits "
                   "in its two circles",
        "region-sum": "Region-sum lines: the digits of a blue line add up to the same in "
                      "each region it passes through",
        "entropic": f"Entropic lines: any three cells in a row on an orange line hold a "
                    f"low (1-{third}), a middle ({third + 1}-{2 * third}) and a high digit "
                    f"({2 * third + 1}-{n})",
        "kropki": "Kropki: a white dot joins consecutive digits, a black dot digits of "
                  "which one is twice the other" + (". " + _ALL_DOTS if rules.all_dots else ""),
        "xv": "XV: the digits either side of an X add up to 10, of a V to 5"
              + (". " + _ALL_XV if rules.all_xv else ""),
        "greater-than": "Greater-than: each sign points to the smaller digit",
        "sandwich": f"Sandwich: a total outside a row or column is the sum of the digits "
                    f"between its 1 and its {n}",
    }


def _name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


# -- lines ----------------------------------------------------------------------------------

def _centre(geo: Geometry, cell: int) -> Point:
    x, y = geo.corner(cell)
    return x + geo.unit / 2, y + geo.unit / 2


def _towards(a: Point, b: Point, distance: float) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return a[0] + dx / length * distance, a[1] + dy / length * distance


def _band(fig: Figure, geo: Geometry, cells: Iterable[int], colour: str, role: str,
          width: float = 0.2) -> None:
    points = tuple(_centre(geo, c) for c in cells)
    if len(points) == 1:  # a line of one cell: a round dot
        fig.add(Circle(*points[0], geo.unit * width / 2, colour, 0, role, colour))
    else:
        fig.add(Poly(points, colour, geo.unit * width, role))


def _thermo(fig: Figure, geo: Geometry, item: Thermo, theme: Theme) -> None:
    u = geo.unit
    points = tuple(_centre(geo, c) for c in item.line)
    if not item.slow:
        fig.add(Poly(points, theme.thermo, u * 0.3, "thermo"))
        fig.add(Circle(*points[0], u * 0.38, theme.thermo, 0, "thermo-bulb", theme.thermo))
        return
    # a slow thermometer is hollow: a ring for its bulb, and a pale core along the line
    stem = (_towards(points[0], points[1], u * 0.34), *points[1:])
    fig.add(Poly(stem, theme.thermo, u * 0.3, "thermo"))
    fig.add(Poly(stem, theme.background, u * 0.1, "thermo-slow"))
    fig.add(Circle(*points[0], u * 0.34, theme.thermo, u * 0.09, "thermo-bulb-slow"))


def _between(fig: Figure, geo: Geometry, item: Between, theme: Theme) -> None:
    u = geo.unit
    points = [_centre(geo, c) for c in item.line]
    r = u * 0.4
    points[0] = _towards(points[0], points[1], r)
    points[-1] = _towards(points[-1], points[-2], r)
    fig.add(Poly(tuple(points), theme.between, u * 0.06, "between"))
    for cell in (item.line[0], item.line[-1]):
        fig.add(Circle(*_centre(geo, cell), r, theme.between, u * 0.05, "between-end"))


def _arrow(fig: Figure, geo: Geometry, item: Arrow, theme: Theme) -> None:
    u = geo.unit
    width = u * 0.05
    r = u * 0.4
    circle = item.circle
    n = geo.shape.n
    rows = {c // n for c in circle}
    cols = {c % n for c in circle}
    if len(circle) == 1 or len(rows) * len(cols) != len(circle):
        for cell in circle:  # one cell, or cells that are no straight run: a circle each
            fig.add(Circle(*_centre(geo, cell), r, theme.arrow, width, "arrow-circle"))
    else:  # a straight run of cells: one rounded box over them
        x, y = geo.corner(min(circle))
        inset = u / 2 - r
        fig.add(RoundRect(x + inset, y + inset, len(cols) * u - 2 * inset,
                          len(rows) * u - 2 * inset, r, theme.arrow, width, "arrow-circle"))
    first = _centre(geo, item.line[0])
    near = min(circle, key=lambda c: math.dist(_centre(geo, c), first))
    points = [_towards(_centre(geo, near), first, r),
              *(_centre(geo, c) for c in item.line)]
    tip = _towards(points[-1], points[-2], -u * 0.12)
    points[-1] = tip
    fig.add(Poly(tuple(points), theme.arrow, width, "arrow-line"))
    fig.add(Poly(_head(points[-2], tip, u * 0.22), theme.arrow, width, "arrow-head"))


def _head(start: Point, tip: Point, size: float) -> tuple[Point, ...]:
    """The two wings and the tip of an open arrowhead at ``tip``, pointing away from
    ``start``."""
    angle = math.atan2(tip[1] - start[1], tip[0] - start[0])
    wings = [(tip[0] - size * math.cos(angle + s), tip[1] - size * math.sin(angle + s))
             for s in (0.6, -0.6)]
    return wings[0], tip, wings[1]


# -- cages --------------------------------------------------------------------------------

def _cage(fig: Figure, geo: Geometry, cage: Cage, theme: Theme) -> None:
    """The cage's outline, dashed, just inside its cells: one closed line per loop."""
    u = geo.unit
    for loop in _loops(geo, set(cage.cells), u * 0.09):
        fig.add(Poly(loop, theme.cage, max(0.5, u * 0.028), "cage", closed=True, dash=True))


def _loops(geo: Geometry, cells: set[int], inset: float) -> list[tuple[Point, ...]]:
    """The outline of ``cells`` drawn ``inset`` inside their border, as closed loops of
    corner points, each turning clockwise."""
    n, u = geo.shape.n, geo.unit

    def inside(r: int, c: int) -> bool:
        return 0 <= r < n and 0 <= c < n and r * n + c in cells

    # each side of a cell on the border, as a directed edge (clockwise around the cells)
    nexts: dict[Point, list[Point]] = {}
    for cell in cells:
        r, c = divmod(cell, n)
        for dr, dc, start, end in ((-1, 0, (0, 0), (1, 0)), (0, 1, (1, 0), (1, 1)),
                                   (1, 0, (1, 1), (0, 1)), (0, -1, (0, 1), (0, 0))):
            if not inside(r + dr, c + dc):
                nexts.setdefault((c + start[0], r + start[1]), []).append(
                    (c + end[0], r + end[1]))
    loops: list[tuple[Point, ...]] = []
    while nexts:
        first = min(nexts)
        corners: list[Point] = [first]
        point = _follow(nexts, first, None)
        while point != first:
            corners.append(point)
            point = _follow(nexts, point, corners[-2])
        loops.append(_inset(corners, inset, geo, u))
    return loops


def _follow(nexts: dict[Point, list[Point]], point: Point, before: Point | None) -> Point:
    """The next corner of a loop after ``point``: where two cells of the cage meet only at
    this corner, the turn to the right, which keeps to the cell the loop came along."""
    ways = nexts[point]
    if len(ways) > 1 and before is not None:
        dx, dy = point[0] - before[0], point[1] - before[1]
        right = (point[0] - dy, point[1] + dx)
        way = right if right in ways else ways[0]
    else:
        way = ways[0]
    ways.remove(way)
    if not ways:
        del nexts[point]
    return way


def _inset(corners: list[Point], inset: float, geo: Geometry, u: float) -> tuple[Point, ...]:
    """The corners of a clockwise loop on the lattice moved ``inset`` inwards, the straight
    runs joined."""
    out: list[Point] = []
    k = len(corners)
    for i in range(k):
        (ax, ay), (bx, by), (cx, cy) = corners[i - 1], corners[i], corners[(i + 1) % k]
        din, dout = (bx - ax, by - ay), (cx - bx, cy - by)
        if din == dout:
            continue  # no turn here
        # clockwise on screen (y down), the inside lies to the right of each edge
        nx = -din[1] - dout[1]
        ny = din[0] + dout[0]
        out.append((geo.left + bx * u + nx * inset, geo.top + by * u + ny * inset))
    return tuple(out)


def _total(fig: Figure, geo: Geometry, cell: int, text: str, theme: Theme,
           ground: str) -> None:
    """A cage's total, small in the top left corner of ``cell``, on a patch of ``ground``
    that breaks the dashed line."""
    u = geo.unit
    x, y = geo.corner(cell)
    font = u * 0.23
    wide = len(text) * font * 0.6
    fig.add(Rect(x + u * 0.03, y + u * 0.02, wide + u * 0.07, font * 0.9, ground,
                 "cage-total-ground"))
    fig.add(Text(x + u * 0.065 + wide / 2, y + u * 0.02 + font * 0.78, text, font, theme.cage,
                 "cage-total"))


# -- dots and signs ----------------------------------------------------------------------

def _edge(geo: Geometry, a: int, b: int) -> Point:
    (ax, ay), (bx, by) = _centre(geo, a), _centre(geo, b)
    return (ax + bx) / 2, (ay + by) / 2


def _kropki(fig: Figure, geo: Geometry, item: Kropki, theme: Theme) -> None:
    u = geo.unit
    fill = theme.sign if item.colour == "black" else theme.background
    fig.add(Circle(*_edge(geo, item.a, item.b), u * 0.12, theme.sign, u * 0.035,
                   f"kropki-{item.colour}", fill))


def _xv(fig: Figure, geo: Geometry, item: XV, theme: Theme) -> None:
    u = geo.unit
    x, y = _edge(geo, item.a, item.b)
    font = u * 0.38
    fig.add(Circle(x, y, u * 0.15, theme.background, 0, "xv-ground", theme.background))
    fig.add(Text(x, y + BASELINE * font, "X" if item.total == 10 else "V", font, theme.sign,
                 "xv", bold=True))


def _greater(fig: Figure, geo: Geometry, item: GreaterThan, theme: Theme) -> None:
    u = geo.unit
    x, y = _edge(geo, item.big, item.small)
    (bx, by), (sx, sy) = _centre(geo, item.big), _centre(geo, item.small)
    dx, dy = (sx - bx) / u, (sy - by) / u  # one step from the greater cell to the smaller
    tip = (x + dx * u * 0.07, y + dy * u * 0.07)
    wings = [(x - dx * u * 0.07 + dy * s * u * 0.14, y - dy * u * 0.07 + dx * s * u * 0.14)
             for s in (1, -1)]
    fig.add(Poly((wings[0], tip, wings[1]), theme.sign, u * 0.045, "greater-than"))


# -- outside the grid ---------------------------------------------------------------------

def _diagonal(item: LittleKiller, n: int) -> tuple[int, int]:
    """The step (rows, columns) of a little killer's diagonal from its total, which stands
    outside the grid just before its first cell (UnsupportedRulesError when the diagonal
    starts or ends inside the grid)."""
    r, c = divmod(item.line[0], n)

    def out(row: int, col: int) -> bool:
        return not (0 <= row < n and 0 <= col < n)

    if len(item.line) > 1:
        r1, c1 = divmod(item.line[1], n)
        steps = [(r1 - r, c1 - c)]
    else:
        steps = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    rl, cl = divmod(item.line[-1], n)
    for dr, dc in steps:
        if out(r - dr, c - dc) and out(rl + dr, cl + dc):
            return dr, dc
    raise UnsupportedRulesError(
        f"pictures draw a little killer's total outside the grid, where its diagonal "
        f"starts: {item.where(n)} does not run from edge to edge")


def _little_killer(fig: Figure, geo: Geometry, item: LittleKiller, theme: Theme,
                   taken: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], int]:
    """The total outside the grid, by the first cell of its diagonal, and a small arrow
    along it (moved to the arrow's side where a sandwich sum stands in the same ``taken``
    place); gives back its place (row and column, one of them outside the grid) and its
    side: its step along the edge of the grid it stands by."""
    u, n = geo.unit, geo.shape.n
    dr, dc = _diagonal(item, n)
    r, c = divmod(item.line[0], n)
    place = (r - dr, c - dc)
    side = dc if 0 <= c - dc < n else dr
    x, y = _outside(geo, *place)
    if place in taken:
        x, y = (x + side * u * 0.22, y) if 0 <= c - dc < n else (x, y + side * u * 0.22)
    vx, vy = dc / math.sqrt(2), dr / math.sqrt(2)
    font = u * 0.3
    fig.add(Text(x - vx * u * 0.1, y - vy * u * 0.1 + BASELINE * font, str(item.total), font,
                 theme.given, "little-killer"))
    start = (x + vx * u * 0.2, y + vy * u * 0.2)
    tip = (x + vx * u * 0.4, y + vy * u * 0.4)
    width = u * 0.03
    fig.add(Poly((start, tip), theme.given, width, "little-killer-arrow"))
    fig.add(Poly(_head(start, tip, u * 0.08), theme.given, width, "little-killer-arrow"))
    return place, side


def _outside(geo: Geometry, row: int, col: int) -> Point:
    """The middle of the place outside the grid at ``row`` and ``col`` (-1 or N for the
    ring around it)."""
    u, n = geo.unit, geo.shape.n

    def middle(k: int, start: float) -> float:
        if k < 0:
            return start - RING * u / 2
        if k >= n:
            return start + n * u + RING * u / 2
        return start + (k + 0.5) * u

    return middle(col, geo.left), middle(row, geo.top)


def _sandwich_place(item: Sandwich) -> tuple[int, int]:
    """Where a sandwich sum stands: left of its row, above its column."""
    return (item.index, -1) if item.house == "row" else (-1, item.index)


def _sandwich(fig: Figure, geo: Geometry, item: Sandwich, place: tuple[int, int],
              theme: Theme, side: int) -> None:
    """A sandwich sum, moved away from ``side`` (-1 or 1; 0: no little killer here)."""
    u = geo.unit
    font = u * (0.28 if side else 0.36)
    x, y = _outside(geo, *place)
    shift, out = -side * u * 0.3, (u * 0.1 if side else 0.0)  # aside, and a little out
    x, y = (x - out, y + shift) if item.house == "row" else (x + shift, y - out)
    fig.add(Text(x, y + BASELINE * font, str(item.total), font, theme.given, "sandwich"))
