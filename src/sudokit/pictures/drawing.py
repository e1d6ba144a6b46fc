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
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..candidates import Candidates
from ..errors import ShapeError, SymbolError
from ..grid import SYMBOLS, Grid
from ..rules import Rules
from . import constraints, variants
from .shapes import (
    BASELINE,
    DARK,
    LIGHT,
    THEMES,
    Circle,
    Curve,
    Figure,
    Geometry,
    Line,
    Poly,
    Rect,
    RoundRect,
    Shape_,
    Text,
    Theme,
)

if TYPE_CHECKING:
    from ..shape import Shape

#: A cell, by index (0 is r1c1) or by name ("r1c1").
Cell = int | str
#: A node of a chain: (cell, digit), or (cells, digit) for a group of cells.
Node = tuple[Cell | Iterable[Cell], int]

__all__ = ["BASELINE", "DARK", "LIGHT", "THEMES", "Cell", "Circle", "Curve", "Figure",
           "Geometry", "Line", "Node", "Poly", "Rect", "RoundRect", "Shape_", "Text", "Theme",
           "check_size", "grid_figure"]

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
    rules: Rules | None = None,
    houses: Iterable[Iterable[Cell]] = (),
    caption: bool = True,
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

    ``rules`` (by default the grid's own, or the puzzle's) are drawn as
    :mod:`sudokit.pictures.variants` says: regions, diagonals, shaded cells, parity marks,
    and under the square, unless ``caption`` is False, the rules that leave no mark.
    ``houses`` (each a list of cells) are outlined, as a step's picture shows the houses
    it speaks of.
    """
    shape = _board_shape(item, "item")
    size = _size(size)
    givens = _same_grid(shape, puzzle, "puzzle")
    known = _same_grid(shape, written, "written")
    shaded = {_cell(shape, c, "cells") for c in _iterable(cells, "cells")}
    struck = {_candidate(shape, e, "eliminations") for e in _iterable(eliminations, "eliminations")}
    placed = dict(_candidate(shape, p, "placements") for p in _iterable(placements, "placements"))
    chain = [_link(shape, link) for link in _iterable(links, "links")]
    outlined = [sorted({_cell(shape, c, "houses") for c in _iterable(house, "houses")})
                for house in _iterable(houses, "houses")]
    drawn = _rules_of(shape, rules, item, puzzle)
    n = shape.n
    scale = size / 360
    band = size * 0.06 if labels else 0.0
    margin = _MARGIN * scale
    ring = constraints.ring(drawn)  # room for totals outside the grid, in cells
    unit = (size - 2 * margin - band) / (n + 2 * ring)
    # irregular regions of a prime size have no boxes whose layout the pencil marks copy
    geo = Geometry(shape, margin + band + ring * unit, margin + band + ring * unit, unit,
                   square_marks=bool(drawn and drawn.is_jigsaw and shape.box_rows == 1),
                   padded=constraints.padded(drawn),
                   lowered=constraints.total_cells(drawn))
    words = variants.caption_lines(drawn, size) if drawn and caption else []
    fig = Figure(size, size + variants.caption_height(words, size))
    fig.add(Rect(0, 0, size, fig.height, theme.background, "background"))
    if drawn:
        variants.draw_tints(fig, geo, drawn, theme)
    for cell in sorted(shaded):
        x, y = geo.corner(cell)
        fig.add(Rect(x, y, unit, unit, theme.highlight, "highlight"))
    if drawn:
        variants.draw_parity(fig, geo, drawn, theme)
        variants.draw_diagonals(fig, geo, drawn, theme, scale)
    marked = drawn if drawn is not None and drawn.constraints else None
    if marked is not None:  # the grid lines under the constraints' lines, the digits over
        _lines(fig, geo, theme, scale, boxes=not marked.is_jigsaw)
        constraints.draw_lines(fig, geo, marked, theme)
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
    if marked is None:
        _lines(fig, geo, theme, scale, boxes=not (drawn and drawn.is_jigsaw))
    if drawn and drawn.is_jigsaw:
        variants.draw_region_lines(fig, geo, drawn, theme, scale)
    if marked is not None:
        constraints.draw_marks(fig, geo, marked, theme)
        constraints.draw_outside(fig, geo, marked, theme)
    variants.draw_outlines(fig, geo, outlined, theme, scale)
    if marked is not None:
        constraints.draw_totals(fig, geo, marked, theme, shaded)
    _links(fig, geo, chain, theme, scale)
    if labels:
        _labels(fig, geo, band, ring * unit, theme)
    variants.draw_caption(fig, words, size, theme)
    return fig


def _rules_of(shape: Shape, rules: object, item: Grid | Candidates,
              puzzle: Grid | None) -> Rules | None:
    """The rules a picture draws: ``rules``, else the grid's or the puzzle's own; None
    for classic rules, which draw nothing beyond the boxes."""
    if rules is None:
        # the grid's own rules, else the puzzle's (a solution found may not carry them)
        found = next((g.rules for g in (item, puzzle)
                      if isinstance(g, Grid) and not g.rules.is_classic), None)
    elif not isinstance(rules, Rules):
        raise TypeError(f"rules: expected Rules or None, got {type(rules).__name__}")
    elif rules.size != shape.n or (rules.shape != shape and not rules.is_jigsaw):
        raise ValueError(f"rules: {rules.describe()} rules do not fit the {shape.n}x{shape.n} "
                         f"picture (box {shape})")
    else:
        found = rules
    if found is not None:
        constraints.check(found)  # a constraint left undrawn would draw another puzzle
    return None if found is None or found.is_classic else found


def _digit(geo: Geometry, cell: int, value: int, colour: str, role: str,
           bold: bool = False) -> Text:
    x, y = geo.corner(cell)
    font = geo.unit * (0.62 if geo.shape.n <= 9 else 0.55)
    return Text(x + geo.unit / 2, y + geo.unit / 2 + BASELINE * font, SYMBOLS[value - 1],
                font, colour, role, bold)


def _candidates(fig: Figure, geo: Geometry, board: Candidates, cell: int,
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
    for d in digits:
        cx, cy = geo.mark(cell, d)
        pencil_mark(fig, cx, cy, d, geo.mark_font, (cell, d) in struck, theme)


def pencil_mark(fig: Figure, cx: float, cy: float, d: int, font: float, struck: bool,
                theme: Theme) -> None:
    """Pencil mark ``d`` centred at (cx, cy); a struck one (a step removes it) is drawn
    bold on a tinted disc and crossed out."""
    if not struck:
        fig.add(Text(cx, cy + BASELINE * font, SYMBOLS[d - 1], font, theme.pencil, "pencil"))
        return
    # a tinted disc behind the mark keeps it readable under its stroke
    fig.add(Circle(cx, cy, font * 0.62, theme.struck, 0, "struck-mark", theme.struck_tint))
    fig.add(Text(cx, cy + BASELINE * font, SYMBOLS[d - 1], font, theme.struck, "struck",
                 bold=True))
    half = font * 0.45
    fig.add(Line(cx - half, cy + half, cx + half, cy - half, theme.struck,
                 max(0.8, font * 0.09), "struck-line"))


def _guides(fig: Figure, geo: Geometry, cell: int, theme: Theme) -> None:
    radius = geo.mark_font * 0.09
    for d in range(1, geo.shape.n + 1):
        cx, cy = geo.mark(cell, d)
        fig.add(Circle(cx, cy, radius, theme.guide, 0, "guide", theme.guide))


def _lines(fig: Figure, geo: Geometry, theme: Theme, scale: float, boxes: bool = True) -> None:
    """The cell lines, thin, and the box lines, thick (only the border without ``boxes``,
    where irregular regions replace them)."""
    shape = geo.shape
    left, top, unit = geo.left, geo.top, geo.unit
    right, bottom = left + shape.n * unit, top + shape.n * unit
    thick, thin = 2.5 * scale, 0.6 * scale
    for k in range(shape.n + 1):
        x = left + k * unit
        y = top + k * unit
        edge = k in (0, shape.n)
        box_col = edge or (boxes and k % shape.box_cols == 0)
        box_row = edge or (boxes and k % shape.box_rows == 0)
        fig.add(Line(x, top, x, bottom, theme.line, thick if box_col else thin,
                     "box-line" if box_col else "cell-line"))
        fig.add(Line(left, y, right, y, theme.line, thick if box_row else thin,
                     "box-line" if box_row else "cell-line"))


def _links(fig: Figure, geo: Geometry,
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


def _node(fig: Figure, geo: Geometry, node: tuple[tuple[int, ...], int], ring: float,
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


def _end(geo: Geometry, node: tuple[tuple[int, ...], int],
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


def _labels(fig: Figure, geo: Geometry, band: float, ring: float, theme: Theme) -> None:
    """r1, r2, ... left of the rows and c1, c2, ... above the columns (beyond the ``ring``
    where totals stand outside the grid)."""
    n = geo.shape.n
    font = min(band * 0.55, geo.unit * (0.42 if n < 10 else 0.34))
    away = ring + band / 2
    for k in range(n):
        middle = k * geo.unit + geo.unit / 2
        fig.add(Text(geo.left + middle, geo.top - away + BASELINE * font, f"c{k + 1}",
                     font, theme.label, "label"))
        fig.add(Text(geo.left - away, geo.top + middle + BASELINE * font, f"r{k + 1}",
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
