"""Pictures of grids and candidate boards as SVG, for notebooks, documents and teaching.

In Jupyter a :class:`~sudokit.Grid` or a :class:`~sudokit.candidates.Candidates` board shows
itself as this picture (``_repr_svg_``, as python-chess draws its boards). :func:`board`
draws one with options: the puzzle whose givens stand out from the digits filled in, cells to
highlight, candidates struck out and digits placed, which :func:`step` takes from a logic
step (a hint) so that a student sees what the step looks at and what it changes.

>>> from sudokit import Grid, solve, svg
>>> puzzle = Grid(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> picture = svg.board(solve(puzzle), puzzle=puzzle)   # givens in black, the rest in blue
>>> picture.startswith("<svg") and picture.count(">5<") == 9
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from .candidates import Candidates
from .grid import SYMBOLS, Grid

if TYPE_CHECKING:
    from .logic.step import Step
    from .shape import Shape

#: A cell, by index (0 is r1c1) or by name ("r1c1").
Cell = int | str

#: Colours: givens, digits filled in, pencil marks, highlighted cells, struck candidates and
#: placed digits.
GIVEN = "#000000"
FILLED = "#1f5fbf"
PENCIL = "#555555"
HIGHLIGHT = "#fff3b0"
STRUCK = "#d62728"
PLACED = "#2ca02c"

_MARGIN = 4


def board(
    item: Grid | Candidates,
    *,
    puzzle: Grid | None = None,
    cells: Iterable[Cell] = (),
    eliminations: Iterable[tuple[Cell, int]] = (),
    placements: Iterable[tuple[Cell, int]] = (),
    size: int = 360,
) -> str:
    """An SVG picture of ``item``, ``size`` pixels wide.

    A grid's digits are drawn as givens, or, when ``puzzle`` is given, as givens where the
    puzzle has them and as filled-in digits elsewhere. A candidate board draws a cell with one
    candidate as a digit and the others as pencil marks. ``cells`` are shaded;
    ``eliminations`` (cell, digit) are struck out in red, and ``placements`` drawn in green.
    """
    shape = item.shape
    givens = puzzle.cells if puzzle is not None else None
    shaded = {_index(shape, c) for c in cells}
    struck = {(_index(shape, c), d) for c, d in eliminations}
    placed = {_index(shape, c): d for c, d in placements}
    unit = (size - 2 * _MARGIN) / shape.n
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}">',
        f'<rect x="0" y="0" width="{size}" height="{size}" fill="white"/>',
    ]
    for cell in sorted(shaded):
        x, y = _corner(shape, cell, unit)
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{unit:.1f}" height="{unit:.1f}" '
                     f'fill="{HIGHLIGHT}"/>')
    for cell in range(shape.ncells):
        if cell in placed:
            parts.append(_digit(shape, cell, placed[cell], unit, PLACED))
        elif isinstance(item, Grid):
            value = item.cells[cell]
            if value:
                given = givens is None or givens[cell] == value
                parts.append(_digit(shape, cell, value, unit, GIVEN if given else FILLED))
        else:
            parts.extend(_candidates(item, cell, unit, givens, struck))
    parts.extend(_lines(shape, unit))
    parts.append("</svg>")
    return "\n".join(parts)


def step(item: Grid | Candidates, move: Step, *, size: int = 360) -> str:
    """``item`` with a logic step drawn on it: the cells it looks at shaded, the candidates
    it rules out struck, the digits it places in green (a Grid is drawn as its pencil marks,
    the board the step was found on)."""
    if isinstance(item, Grid):
        item = Candidates.pencilmarks(item)
    return board(item, cells=move.cells, eliminations=move.eliminations,
                 placements=move.placements, size=size)


def _index(shape: Shape, cell: Cell) -> int:
    return shape.parse_cell(cell) if isinstance(cell, str) else cell


def _corner(shape: Shape, cell: int, unit: float) -> tuple[float, float]:
    return _MARGIN + shape.col_of(cell) * unit, _MARGIN + shape.row_of(cell) * unit


def _text(x: float, y: float, value: int, font: float, colour: str, extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{font:.1f}" '
            f'fill="{colour}" text-anchor="middle" dominant-baseline="central"{extra}>'
            f"{escape(SYMBOLS[value - 1])}</text>")


def _digit(shape: Shape, cell: int, value: int, unit: float, colour: str) -> str:
    x, y = _corner(shape, cell, unit)
    weight = ' font-weight="bold"' if colour == GIVEN else ""
    return _text(x + unit / 2, y + unit / 2, value, unit * 0.6, colour, weight)


def _candidates(board: Candidates, cell: int, unit: float, givens: tuple[int, ...] | None,
                struck: set[tuple[int, int]]) -> list[str]:
    """A cell of a candidate board: its digit when it has one candidate left (and nothing is
    struck there), else its pencil marks laid out as the digits of a box."""
    shape = board.shape
    digits = sorted(board.candidates(cell))
    if len(digits) == 1 and (cell, digits[0]) not in struck:
        given = givens is None or givens[cell] == digits[0]
        return [_digit(shape, cell, digits[0], unit, GIVEN if given else FILLED)]
    x, y = _corner(shape, cell, unit)
    across, down = shape.box_cols, shape.box_rows  # N marks in a box's own layout
    step_x, step_y = unit / across, unit / down
    font = min(step_x, step_y) * 0.75
    marks = []
    for d in digits:
        cx = x + ((d - 1) % across + 0.5) * step_x
        cy = y + ((d - 1) // across + 0.5) * step_y
        if (cell, d) in struck:
            marks.append(_text(cx, cy, d, font, STRUCK))
            half = font * 0.4
            marks.append(f'<line x1="{cx - half:.1f}" y1="{cy + half:.1f}" '
                         f'x2="{cx + half:.1f}" y2="{cy - half:.1f}" stroke="{STRUCK}"/>')
        else:
            marks.append(_text(cx, cy, d, font, PENCIL))
    return marks


def _lines(shape: Shape, unit: float) -> list[str]:
    """The cell lines, thin, and the box lines, thick."""
    end = _MARGIN + shape.n * unit
    lines = []
    for k in range(shape.n + 1):
        at = _MARGIN + k * unit
        across = 2.5 if k % shape.box_cols == 0 else 0.6  # a vertical line
        down = 2.5 if k % shape.box_rows == 0 else 0.6  # a horizontal one
        lines.append(f'<line x1="{at:.1f}" y1="{_MARGIN}" x2="{at:.1f}" y2="{end:.1f}" '
                     f'stroke="black" stroke-width="{across}"/>')
        lines.append(f'<line x1="{_MARGIN}" y1="{at:.1f}" x2="{end:.1f}" y2="{at:.1f}" '
                     f'stroke="black" stroke-width="{down}"/>')
    return lines
