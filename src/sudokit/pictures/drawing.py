"""How a grid looks, once, for every kind of picture: a :class:`Figure` of shapes.

A figure is a list of rectangles, lines, curves, circles and texts in a square of ``size``
units, y growing downwards. :mod:`sudokit.pictures.svg` writes it as SVG, :mod:`sudokit.pictures`
draws it on a PDF page (and from there a PNG), so a grid looks the same on screen, in a
notebook and on paper. Each shape carries a ``role`` ("given", "pencil", "link-weak", ...)
that the SVG keeps as its class, so that a style sheet or a test can find it.

:func:`grid_figure` draws a grid or a candidate board: givens in bold, digits filled in and
digits placed by a step in their own colours, pencil marks small and grey, struck candidates
red and crossed, shaded cells, chain links between candidates, and row and column labels
in the ``r1c1`` names that hints use.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..candidates import Candidates
from ..errors import ShapeError, SymbolError
from ..grid import SYMBOLS, Grid

if TYPE_CHECKING:
    from ..shape import Shape

#: A cell, by index (0 is r1c1) or by name ("r1c1").
Cell = int | str
#: A node of a chain: (cell, digit), or (cells, digit) for a group of cells.
Node = tuple[Cell | Iterable[Cell], int]


@dataclass(frozen=True)
class Theme:
    """The colours of a picture."""

    name: str
    background: str
    line: str
    given: str
    filled: str
    pencil: str
    highlight: str
    struck: str
    placed: str
    label: str
    link: str
    guide: str
    struck_tint: str


LIGHT = Theme("light", background="#ffffff", line="#000000", given="#000000",
              filled="#1f5fbf", pencil="#555555", highlight="#fff3b0", struck="#d62728",
              placed="#2ca02c", label="#6b6b6b", link="#8e44ad", guide="#c8c8c8",
              struck_tint="#fde2e2")
DARK = Theme("dark", background="#1e1e1e", line="#d8d8d8", given="#f2f2f2",
             filled="#79b0ff", pencil="#a8a8a8", highlight="#4d4420", struck="#ff6b6b",
             placed="#63d563", label="#9a9a9a", link="#d79cff", guide="#555555",
             struck_tint="#5a2a2a")
THEMES = {t.name: t for t in (LIGHT, DARK)}


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str
    role: str = ""


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str
    width: float
    role: str = ""
    dash: bool = False


@dataclass(frozen=True)
class Curve:
    """A quadratic Bezier curve from (x1, y1) to (x2, y2) bent towards (cx, cy)."""

    x1: float
    y1: float
    cx: float
    cy: float
    x2: float
    y2: float
    colour: str
    width: float
    role: str = ""
    dash: bool = False


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    colour: str
    width: float
    role: str = ""
    fill: str | None = None


@dataclass(frozen=True)
class Text:
    """Text centred on x, with its baseline at y; ``size`` is the font size."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    role: str = ""
    bold: bool = False


Shape_ = Rect | Line | Curve | Circle | Text


@dataclass
class Figure:
    """Shapes in a ``width`` x ``height`` box, drawn in order (later ones on top)."""

    width: float
    height: float
    items: list[Shape_] = field(default_factory=list)

    def add(self, item: Shape_) -> None:
        self.items.append(item)


#: Where a digit's baseline sits below the centre of its cell, as a share of the font size
#: (half the height of a capital letter or figure in the sans-serif faces used).
BASELINE = 0.36

_MARGIN = 4


def grid_figure(
    item: Grid | Candidates,
    *,
    puzzle: Grid | None = None,
    cells: Iterable[Cell] = (),
    eliminations: Iterable[tuple[Cell, int]] = (),
    placements: Iterable[tuple[Cell, int]] = (),
    links: Iterable[tuple[Node, Node, bool]] = (),
    labels: bool = False,
    guides: bool = False,
    theme: Theme = LIGHT,
    size: float = 360,
    written: Grid | None = None,
) -> Figure:
    """A picture of ``item`` in a ``size`` x ``size`` square.

    A grid's digits are givens, or, when ``puzzle`` is given, givens where the puzzle has
    them and filled-in digits elsewhere. A candidate board draws a cell with one candidate
    as a digit and the others as pencil marks; with ``written`` (the digits written in so
    far: the givens and the digits placed) a cell with one candidate that holds no written
    digit is a pencil mark too, a single not yet filled in. ``cells`` are shaded,
    ``eliminations`` (cell, digit) struck out, ``placements`` drawn in the placed colour;
    ``links`` are (node, node, strong) triples drawn as curves between the candidates,
    solid when strong, dashed when weak, where a node is (cell, digit) or, for a group of
    cells, (cells, digit): its candidates are ringed and joined as one node. ``labels``
    writes r1.. and c1.. beside the rows and columns; ``guides`` puts a faint dot where each
    pencil mark goes in the empty cells of a grid, for a solver writing candidates by hand.
    Cells go by index (0 is r1c1) or by name; grids larger than 35x35 (one symbol per digit,
    1 to 9 and A to Z) are refused.
    """
    shape = _board_shape(item, "item")
    size = _size(size)
    givens = _same_grid(shape, puzzle, "puzzle")
    known = _same_grid(shape, written, "written")
    shaded = {_cell(shape, c, "cells") for c in _iterable(cells, "cells")}
    struck = {_candidate(shape, e, "eliminations") for e in _iterable(eliminations, "eliminations")}
    placed = dict(_candidate(shape, p, "placements") for p in _iterable(placements, "placements"))
    chain = [_link(shape, link) for link in _iterable(links, "links")]
    n = shape.n
    scale = size / 360
    band = size * 0.06 if labels else 0.0
    margin = _MARGIN * scale
    unit = (size - 2 * margin - band) / n
    geo = _Geometry(shape, margin + band, margin + band, unit)
    fig = Figure(size, size)
    fig.add(Rect(0, 0, size, size, theme.background, "background"))
    for cell in sorted(shaded):
        x, y = geo.corner(cell)
        fig.add(Rect(x, y, unit, unit, theme.highlight, "highlight"))
    for cell in range(shape.ncells):
        if cell in placed:
            fig.add(_digit(geo, cell, placed[cell], theme.placed, "placed"))
        elif isinstance(item, Grid):
            value = item.cells[cell]
            if value:
                given = givens is None or givens[cell] == value
                fig.add(_digit(geo, cell, value, theme.given if given else theme.filled,
                               "given" if given else "filled", bold=given))
            elif guides:
                _guides(fig, geo, cell, theme)
        else:
            _candidates(fig, geo, item, cell, givens, known, struck, theme)
    _lines(fig, geo, theme, scale)
    _links(fig, geo, chain, theme, scale)
    if labels:
        _labels(fig, geo, band, theme)
    return fig


class _Geometry:
    """Where cells and their pencil marks are."""

    def __init__(self, shape: Shape, left: float, top: float, unit: float) -> None:
        self.shape = shape
        self.left = left
        self.top = top
        self.unit = unit
        self.across, self.down = shape.box_cols, shape.box_rows  # n marks in a box's layout

    def corner(self, cell: int) -> tuple[float, float]:
        return (self.left + self.shape.col_of(cell) * self.unit,
                self.top + self.shape.row_of(cell) * self.unit)

    def mark(self, cell: int, digit: int) -> tuple[float, float]:
        """The centre of pencil mark ``digit`` in ``cell``."""
        x, y = self.corner(cell)
        return (x + ((digit - 1) % self.across + 0.5) * self.unit / self.across,
                y + ((digit - 1) // self.across + 0.5) * self.unit / self.down)

    @property
    def mark_font(self) -> float:
        # a little smaller where 16 or 25 marks share a cell, so that they keep apart
        share = 0.72 if self.shape.n <= 9 else 0.64
        return min(self.unit / self.across, self.unit / self.down) * share


def _digit(geo: _Geometry, cell: int, value: int, colour: str, role: str,
           bold: bool = False) -> Text:
    x, y = geo.corner(cell)
    font = geo.unit * (0.62 if geo.shape.n <= 9 else 0.55)
    return Text(x + geo.unit / 2, y + geo.unit / 2 + BASELINE * font, SYMBOLS[value - 1],
                font, colour, role, bold)


def _candidates(fig: Figure, geo: _Geometry, board: Candidates, cell: int,
                givens: tuple[int, ...] | None, written: tuple[int, ...] | None,
                struck: set[tuple[int, int]], theme: Theme) -> None:
    """A cell of a candidate board: its digit when one candidate is left (and nothing is
    struck there, and the digit is written in where ``written`` says what is), else its
    pencil marks laid out as the digits of a box."""
    digits = sorted(board.candidates(cell))
    if (len(digits) == 1 and (cell, digits[0]) not in struck
            and (written is None or written[cell] == digits[0])):
        given = givens is None or givens[cell] == digits[0]
        fig.add(_digit(geo, cell, digits[0], theme.given if given else theme.filled,
                       "given" if given else "filled", bold=given))
        return
    font = geo.mark_font
    for d in digits:
        cx, cy = geo.mark(cell, d)
        if (cell, d) in struck:
            # a tinted disc behind the mark keeps it readable under its stroke
            fig.add(Circle(cx, cy, font * 0.62, theme.struck, 0, "struck-mark",
                          theme.struck_tint))
            fig.add(Text(cx, cy + BASELINE * font, SYMBOLS[d - 1], font, theme.struck,
                         "struck", bold=True))
            half = font * 0.45
            fig.add(Line(cx - half, cy + half, cx + half, cy - half, theme.struck,
                         max(0.8, font * 0.09), "struck-line"))
        else:
            fig.add(Text(cx, cy + BASELINE * font, SYMBOLS[d - 1], font, theme.pencil,
                         "pencil"))


def _guides(fig: Figure, geo: _Geometry, cell: int, theme: Theme) -> None:
    radius = geo.mark_font * 0.09
    for d in range(1, geo.shape.n + 1):
        cx, cy = geo.mark(cell, d)
        fig.add(Circle(cx, cy, radius, theme.guide, 0, "guide", theme.guide))


def _lines(fig: Figure, geo: _Geometry, theme: Theme, scale: float) -> None:
    """The cell lines, thin, and the box lines, thick."""
    shape = geo.shape
    left, top, unit = geo.left, geo.top, geo.unit
    right, bottom = left + shape.n * unit, top + shape.n * unit
    thick, thin = 2.5 * scale, 0.6 * scale
    for k in range(shape.n + 1):
        x = left + k * unit
        y = top + k * unit
        box_col = k % shape.box_cols == 0
        box_row = k % shape.box_rows == 0
        fig.add(Line(x, top, x, bottom, theme.line, thick if box_col else thin,
                     "box-line" if box_col else "cell-line"))
        fig.add(Line(left, y, right, y, theme.line, thick if box_row else thin,
                     "box-line" if box_row else "cell-line"))


def _links(fig: Figure, geo: _Geometry,
           links: list[tuple[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int], bool]],
           theme: Theme, scale: float) -> None:
    """Each link a curve from node to node, bowed to one side so that links along a line
    do not run through the marks between; the chain's candidates ringed, and the
    candidates of a group node joined by a bar, as one node."""
    ring = geo.mark_font * 0.6
    ringed: set[tuple[tuple[int, ...], int]] = set()
    for a, b, strong in links:
        (x1, y1), (x2, y2) = _end(geo, a, b), _end(geo, b, a)
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        bow = min(0.18 * length, geo.unit * 0.9)
        cx, cy = (x1 + x2) / 2 - dy / length * bow, (y1 + y2) / 2 + dx / length * bow
        # start and end on the rings, not in the middle of the digits
        sx, sy = _towards(x1, y1, cx, cy, ring)
        ex, ey = _towards(x2, y2, cx, cy, ring)
        fig.add(Curve(sx, sy, cx, cy, ex, ey, theme.link, 1.6 * scale,
                      "link-strong" if strong else "link-weak", dash=not strong))
        for node in (a, b):
            if node not in ringed:
                ringed.add(node)
                _node(fig, geo, node, ring, theme, scale)


def _node(fig: Figure, geo: _Geometry, node: tuple[tuple[int, ...], int], ring: float,
          theme: Theme, scale: float) -> None:
    """A chain node: its candidates ringed, those of a group joined ring to ring."""
    cells, digit = node
    marks = [geo.mark(c, digit) for c in cells]
    for x, y in marks:
        fig.add(Circle(x, y, ring, theme.link, 1.1 * scale, "chain-node"))
    for (x1, y1), (x2, y2) in pairwise(marks):
        sx, sy = _towards(x1, y1, x2, y2, ring)
        ex, ey = _towards(x2, y2, x1, y1, ring)
        fig.add(Line(sx, sy, ex, ey, theme.link, 2.2 * scale, "chain-group"))


def _end(geo: _Geometry, node: tuple[tuple[int, ...], int],
         other: tuple[tuple[int, ...], int]) -> tuple[float, float]:
    """Where a link to ``other`` meets ``node``: the node's candidate nearest the middle of
    the other node (a group's candidates lie side by side)."""
    marks = [geo.mark(c, node[1]) for c in node[0]]
    there = [geo.mark(c, other[1]) for c in other[0]]
    tx = sum(x for x, _ in there) / len(there)
    ty = sum(y for _, y in there) / len(there)
    return min(marks, key=lambda m: (m[0] - tx) ** 2 + (m[1] - ty) ** 2)


def _towards(x: float, y: float, tx: float, ty: float, distance: float) -> tuple[float, float]:
    dx, dy = tx - x, ty - y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return x + dx / length * distance, y + dy / length * distance


def _labels(fig: Figure, geo: _Geometry, band: float, theme: Theme) -> None:
    """r1, r2, ... left of the rows and c1, c2, ... above the columns."""
    n = geo.shape.n
    font = min(band * 0.55, geo.unit * (0.42 if n < 10 else 0.34))
    for k in range(n):
        middle = k * geo.unit + geo.unit / 2
        fig.add(Text(geo.left + middle, geo.top - band / 2 + BASELINE * font, f"c{k + 1}",
                     font, theme.label, "label"))
        fig.add(Text(geo.left - band / 2, geo.top + middle + BASELINE * font, f"r{k + 1}",
                     font, theme.label, "label"))


# The arguments of grid_figure, checked where they come in: a wrong kind of value is a
# TypeError, a value out of range a ValueError, each naming the argument.

def _board_shape(item: object, what: str) -> Shape:
    if not isinstance(item, Grid | Candidates):
        raise TypeError(f"{what}: expected a Grid or Candidates, got {type(item).__name__}")
    check_size(item.n)
    return item.shape


def check_size(n: int) -> None:
    """Refuse (ShapeError) a grid of side ``n`` that pictures cannot show: one symbol per
    digit, 1 to 9 and A to Z, reaches 35x35."""
    if n > len(SYMBOLS):
        raise ShapeError(f"pictures show grids up to {len(SYMBOLS)}x{len(SYMBOLS)} (one "
                         f"symbol per digit, 1 to 9 and A to Z), not {n}x{n}")


def _size(size: object) -> float:
    if isinstance(size, bool) or not isinstance(size, numbers.Real):
        raise TypeError(f"size: expected a number of pixels or points, got {size!r}")
    width = float(size)
    if not 0 < width < math.inf:
        raise ValueError(f"size: a picture's width is a positive number, not {size!r}")
    return width


def _same_grid(shape: Shape, grid: object, what: str) -> tuple[int, ...] | None:
    if grid is None:
        return None
    if not isinstance(grid, Grid):
        raise TypeError(f"{what}: expected a Grid or None, got {type(grid).__name__}")
    if grid.shape != shape:
        raise ValueError(f"{what}: a {grid.n}x{grid.n} grid (box {grid.shape}) does not "
                         f"match the {shape.n}x{shape.n} picture (box {shape})")
    return grid.cells


def _iterable(value: object, what: str) -> Iterable[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{what}: expected a list, got {type(value).__name__}")
    return value


def _cell(shape: Shape, cell: object, what: str) -> int:
    if isinstance(cell, str):
        try:
            return shape.parse_cell(cell)
        except ShapeError as e:
            raise ShapeError(f"{what}: {e}") from None
    if isinstance(cell, bool) or not isinstance(cell, numbers.Integral):
        raise TypeError(f"{what}: a cell is an index or a name such as 'r1c1', not {cell!r}")
    index = int(cell)
    if not 0 <= index < shape.ncells:
        raise ValueError(f"{what}: no cell {index} in a {shape.n}x{shape.n} grid "
                         f"(cells are 0 to {shape.ncells - 1})")
    return index


def _digit_of(shape: Shape, digit: object, what: str) -> int:
    if isinstance(digit, bool) or not isinstance(digit, numbers.Integral):
        raise TypeError(f"{what}: a digit is a whole number, not {digit!r}")
    value = int(digit)
    if not 1 <= value <= shape.n:
        raise SymbolError(f"{what}: {value} is not a digit of a {shape.n}x{shape.n} grid "
                          f"(1 to {shape.n})")
    return value


def _pair(value: object, what: str) -> tuple[Any, Any]:
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise TypeError(f"{what}: expected (cell, digit) pairs, got {value!r}")
    return value[0], value[1]


def _candidate(shape: Shape, value: object, what: str) -> tuple[int, int]:
    cell, digit = _pair(value, what)
    return _cell(shape, cell, what), _digit_of(shape, digit, what)


def _link(shape: Shape, link: object
          ) -> tuple[tuple[tuple[int, ...], int], tuple[tuple[int, ...], int], bool]:
    if not isinstance(link, tuple | list) or len(link) != 3:
        raise TypeError(f"links: expected (node, node, strong) triples, got {link!r}")
    a, b, strong = link
    return _chain_node(shape, a), _chain_node(shape, b), bool(strong)


def _chain_node(shape: Shape, node: object) -> tuple[tuple[int, ...], int]:
    cells, digit = _pair(node, "links")
    group = [cells] if isinstance(cells, str | int) else list(_iterable(cells, "links"))
    if not group:
        raise ValueError("links: a node has at least one cell")
    return (tuple(sorted({_cell(shape, c, "links") for c in group})),
            _digit_of(shape, digit, "links"))
