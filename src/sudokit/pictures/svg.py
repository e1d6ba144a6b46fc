"""Pictures of grids and candidate boards as SVG, for notebooks, documents and teaching.

In Jupyter a :class:`~sudokit.Grid` or a :class:`~sudokit.candidates.Candidates` board shows
itself as this picture (``_repr_svg_``, as python-chess draws its boards). :func:`board`
draws one with options: the puzzle whose givens stand out from the digits filled in, cells to
highlight, candidates struck out and digits placed, chain links, row and column labels and a
dark theme. :func:`step` takes all that from a logic step (a hint) so that a student sees what
the step looks at and what it changes. The shapes come from
:mod:`sudokit.pictures.drawing`, which the
PDF and PNG pictures share; each SVG element keeps its role as its ``class``.

>>> from sudokit import Grid, solve
>>> from sudokit.pictures import svg
>>> puzzle = Grid(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> picture = svg.board(solve(puzzle), puzzle=puzzle)   # givens in black, the rest in blue
>>> picture.startswith("<svg") and picture.count(">5<") == 9
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from ..candidates import Candidates
from ..grid import Grid
from . import drawing
from .drawing import LIGHT, THEMES, Cell, Figure, Node, Theme

if TYPE_CHECKING:
    from ..logic.step import Step
    from ..rules import Rules

#: Colours of the light theme: givens, digits filled in, pencil marks, highlighted cells,
#: struck candidates and placed digits (:data:`sudokit.pictures.drawing.DARK` has the dark ones).
GIVEN = LIGHT.given
FILLED = LIGHT.filled
PENCIL = LIGHT.pencil
HIGHLIGHT = LIGHT.highlight
STRUCK = LIGHT.struck
PLACED = LIGHT.placed

#: The font the pictures ask for; sans-serif where it is missing.
FONT = "DejaVu Sans, Bitstream Vera Sans, Verdana, sans-serif"


def board(
    item: Grid | Candidates,
    *,
    puzzle: Grid | None = None,
    cells: Iterable[Cell] = (),
    eliminations: Iterable[tuple[Cell, int]] = (),
    placements: Iterable[tuple[Cell, int]] = (),
    links: Iterable[tuple[Node, Node, bool]] = (),
    labels: bool = False,
    guides: bool = False,
    theme: str | Theme = "light",
    size: int = 360,
    written: Grid | None = None,
    rules: Rules | None = None,
    houses: Iterable[Iterable[Cell]] = (),
) -> str:
    """An SVG picture of ``item``, ``size`` pixels wide.

    A grid's digits are drawn as givens, or, when ``puzzle`` is given, as givens where the
    puzzle has them and as filled-in digits elsewhere. A candidate board draws a cell with one
    candidate as a digit and the others as pencil marks. ``cells`` are shaded;
    ``eliminations`` (cell, digit) are struck out in red, and ``placements`` drawn in green;
    ``links`` (node, node, strong) are drawn between candidates, dashed when weak, where a
    node is (cell, digit) or (cells, digit) for a group. ``labels`` adds r1.. and c1..
    beside the rows and columns, ``guides`` faint dots where pencil marks go, ``theme`` is
    "light" or "dark"; ``written`` (the digits written in on a candidate board) draws a
    cell with one candidate but no digit yet as a pencil mark. Cells go by index or by
    name; a wrong kind of argument is a TypeError, one out of range a ValueError, naming it.

    A grid under a variant's rules (``grid.rules``, or ``rules`` for a candidate board)
    draws them as print does: irregular regions' borders, diagonals, shaded windows and
    groups, parity circles and squares, and the rules with no mark in a line under it.
    ``houses`` (lists of cells) are outlined. ``theme`` may be a
    :class:`~sudokit.pictures.drawing.Theme` (``region_tints=True`` tints a jigsaw's regions).
    """
    return to_svg(drawing.grid_figure(
        item, puzzle=puzzle, cells=cells, eliminations=eliminations, placements=placements,
        links=links, labels=labels, guides=guides, theme=_theme(theme), size=size,
        written=written, rules=rules, houses=houses))


def step(
    item: Grid | Candidates,
    move: Step,
    *,
    puzzle: Grid | None = None,
    written: Grid | None = None,
    labels: bool = True,
    theme: str | Theme = "light",
    size: int = 360,
    rules: Rules | None = None,
) -> str:
    """``item`` with a logic step drawn on it: the cells it looks at shaded, the candidates
    it rules out struck, the digits it places in green, the links of its chain, group
    nodes as one (a Grid is drawn as its pencil marks, the board the step was found on).
    Rows and columns are labelled, as the step's text names cells, unless ``labels`` is
    False; ``puzzle`` tells givens from digits placed earlier, and ``written`` (the digits
    written in on a candidate board) a digit from a single candidate not yet filled in.
    The houses the step names (a row, a box, a diagonal, a window) are outlined, on the
    rules of the grid (or the puzzle, or ``rules``)."""
    return to_svg(step_figure(item, move, puzzle=puzzle, written=written, labels=labels,
                              theme=theme, size=size, rules=rules))


def step_figure(
    item: Grid | Candidates,
    move: Step,
    *,
    puzzle: Grid | None = None,
    written: Grid | None = None,
    labels: bool = True,
    theme: str | Theme = "light",
    size: float = 360,
    rules: Rules | None = None,
    caption: bool = True,
) -> Figure:
    """The figure :func:`step` writes as SVG (and the PDF and PNG pictures draw);
    ``caption`` False leaves out the line of rules under it (a page prints its own)."""
    from ..logic.step import Step  # here: importing the logic solver costs start-up

    if not isinstance(move, Step):
        raise TypeError(f"move: expected a logic Step, got {type(move).__name__}")
    if isinstance(item, Grid):
        puzzle = puzzle if puzzle is not None else item
        written = written if written is not None else item
        item = Candidates.pencilmarks(item)
    return drawing.grid_figure(
        item, puzzle=puzzle, written=written, cells=move.cells,
        eliminations=move.eliminations, placements=move.placements, links=move.links,
        labels=labels, theme=_theme(theme), size=size, rules=rules, houses=move.houses,
        caption=caption)


def to_svg(figure: Figure, *, compact: bool = False) -> str:
    """A figure as an SVG document (one element per shape, its role as its class).

    ``compact`` gathers runs of shapes that share their paint (colour, size, stroke) in a
    group that carries it once, about a third of the size: for pages that hold many
    pictures, such as the step viewer."""
    w, h = _num(figure.width), _num(figure.height)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
             f'viewBox="0 0 {w} {h}" font-family="{FONT}">']
    if not compact:
        parts.extend(f"<{tag} {shape}{paint}{cls}{body}" for tag, shape, paint, cls, body
                     in map(_element, figure.items))
    else:
        group: str | None = None
        for tag, shape, paint, _, body in map(_element, figure.items):
            if paint != group:
                if group is not None:
                    parts.append("</g>")
                parts.append(f"<g{paint}>")
                group = paint
            parts.append(f"<{tag} {shape}{body}")
        if group is not None:
            parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)


def _theme(name: str | Theme) -> Theme:
    if isinstance(name, Theme):
        return name
    try:
        return THEMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown theme {name!r}: one of {', '.join(THEMES)}") from None


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _element(item: drawing.Shape_) -> tuple[str, str, str, str, str]:
    """The element of a shape in pieces: tag, geometry, paint, class, and the rest (its
    text and closing tag, or "/>")."""
    cls = f' class="{item.role}"' if item.role else ""
    if isinstance(item, drawing.Rect):
        return ("rect", f'x="{_num(item.x)}" y="{_num(item.y)}" width="{_num(item.w)}" '
                f'height="{_num(item.h)}"', f' fill="{item.fill}"', cls, "/>")
    if isinstance(item, drawing.Line | drawing.Curve):
        paint = f' stroke="{item.colour}" stroke-width="{_num(item.width)}"'
        if item.dash:
            paint += f' stroke-dasharray="{_num(item.width * 3)},{_num(item.width * 2)}"'
        if isinstance(item, drawing.Line):
            if item.square:
                paint += ' stroke-linecap="square"'
            return ("line", f'x1="{_num(item.x1)}" y1="{_num(item.y1)}" x2="{_num(item.x2)}" '
                    f'y2="{_num(item.y2)}"', paint, cls, "/>")
        return ("path", f'd="M {_num(item.x1)} {_num(item.y1)} Q {_num(item.cx)} '
                f'{_num(item.cy)} {_num(item.x2)} {_num(item.y2)}"', ' fill="none"' + paint,
                cls, "/>")
    if isinstance(item, drawing.Poly):
        paint = (f' fill="{item.fill or "none"}" stroke="{item.colour}" '
                 f'stroke-width="{_num(item.width)}" stroke-linecap="round" '
                 f'stroke-linejoin="round"')
        if item.dash:
            paint += f' stroke-dasharray="{_num(item.width * 3)},{_num(item.width * 2)}"'
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in item.points)
        return ("polygon" if item.closed else "polyline", f'points="{points}"', paint, cls,
                "/>")
    if isinstance(item, drawing.RoundRect):
        return ("rect", f'x="{_num(item.x)}" y="{_num(item.y)}" width="{_num(item.w)}" '
                f'height="{_num(item.h)}" rx="{_num(item.radius)}"',
                f' fill="{item.fill or "none"}" stroke="{item.colour}" '
                f'stroke-width="{_num(item.width)}"', cls, "/>")
    if isinstance(item, drawing.Circle):
        paint = f' fill="{item.fill or "none"}"'
        if item.width:
            paint += f' stroke="{item.colour}" stroke-width="{_num(item.width)}"'
        return ("circle", f'cx="{_num(item.cx)}" cy="{_num(item.cy)}" r="{_num(item.r)}"',
                paint, cls, "/>")
    weight = ' font-weight="bold"' if item.bold else ""
    return ("text", f'x="{_num(item.x)}" y="{_num(item.y)}"',
            f' font-size="{_num(item.size)}" fill="{item.colour}" text-anchor="middle"{weight}',
            cls, f">{escape(item.text, quote=False)}</text>")
