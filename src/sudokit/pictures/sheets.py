"""Pictures of puzzles on several overlapping grids (samurai, twodoku, butterfly, sohei,
windmill, flower), laid out as they are printed.

Each grid keeps its thin cell lines and thick box borders, with a thick outline round it;
a box two grids share is drawn once, and the positions of the sheet that no grid covers are
left blank. Givens are bold, digits filled in (a solution drawn over its puzzle) blue, as on
a single grid (:mod:`sudokit.pictures.drawing`). A logic step found on a sheet is drawn on its
pencil marks: the cells it looks at shaded, the candidates it rules out struck, the digits it
places in green and the houses it names outlined; its cells go by sheet index or by their
``r7c13`` names (1-based sheet rows and columns). :func:`sheet_pages` prints sheets one to a
page, with their answers on request.

>>> from sudokit.sheets import Sheet, SheetGrid
>>> sheet = Sheet.preset("twodoku")
>>> picture = sheet_figure(SheetGrid(sheet, (0,) * sheet.ncells))
>>> round(picture.width), round(picture.height)
(360, 360)
"""

from __future__ import annotations

import io
import numbers
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import ShapeError
from ..grid import SYMBOLS
from ..shape import Shape
from ..sheets import Sheet, SheetGrid
from . import layout
from .drawing import pencil_mark
from .shapes import BASELINE, LIGHT, Figure, Line, Rect, Text, Theme

if TYPE_CHECKING:
    from ..logic.step import Step

__all__ = ["SheetEntry", "sheet_after", "sheet_candidates", "sheet_figure", "sheet_pages",
           "sheet_step_figure", "sheet_walk"]

_MARGIN = 4


class _Place:
    """Where the cells of a sheet lie in a picture: its left and top edge and the side of a
    cell, in the figure's units."""

    def __init__(self, sheet: Sheet, left: float, top: float, unit: float) -> None:
        self.sheet = sheet
        self.left = left
        self.top = top
        self.unit = unit
        shape = Shape.for_size(sheet.size)
        self.box_rows, self.box_cols = shape.box_rows, shape.box_cols

    def corner(self, cell: int) -> tuple[float, float]:
        row, col = self.sheet.position(cell)
        return self.left + col * self.unit, self.top + row * self.unit

    def mark(self, cell: int, digit: int) -> tuple[float, float]:
        """The centre of pencil mark ``digit`` in ``cell``, laid out as a box's digits."""
        x, y = self.corner(cell)
        across, down = self.box_cols, self.box_rows
        return (x + ((digit - 1) % across + 0.5) * self.unit / across,
                y + ((digit - 1) // across + 0.5) * self.unit / down)

    @property
    def mark_font(self) -> float:
        return min(self.unit / self.box_cols, self.unit / self.box_rows) * 0.72


def sheet_figure(
    item: SheetGrid,
    *,
    puzzle: SheetGrid | None = None,
    cells: Iterable[int | str] = (),
    eliminations: Iterable[tuple[int | str, int]] = (),
    placements: Iterable[tuple[int | str, int]] = (),
    marks: Sequence[int] | None = None,
    houses: Iterable[Iterable[int | str]] = (),
    labels: bool = False,
    theme: Theme = LIGHT,
    size: float = 360,
) -> Figure:
    """A picture of the sheet puzzle (or solution) ``item``, ``size`` units wide.

    Its digits are givens, or, with ``puzzle``, givens where the puzzle has them and digits
    filled in elsewhere. ``marks`` (a candidate mask per cell, bit d-1 for digit d) draws
    the blanks' pencil marks; ``cells`` are shaded, ``eliminations`` (cell, digit) struck,
    ``placements`` drawn in the placed colour and ``houses`` (lists of cells) outlined.
    ``labels`` writes r1.. and c1.. beside the sheet's rows and columns, as cells are named.
    """
    if not isinstance(item, SheetGrid):
        raise TypeError(f"item: expected a SheetGrid, got {type(item).__name__}")
    sheet = item.sheet
    if sheet.size > len(SYMBOLS):
        raise ShapeError(f"pictures show grids up to {len(SYMBOLS)}x{len(SYMBOLS)}, not "
                         f"{sheet.size}x{sheet.size}")
    width = _width(size)
    givens = _same_sheet(sheet, puzzle, "puzzle")
    masks = _masks(sheet, marks)
    shaded = {_cell(sheet, c, "cells") for c in _list(cells, "cells")}
    struck = {_candidate(sheet, e, "eliminations") for e in _list(eliminations, "eliminations")}
    placed = dict(_candidate(sheet, p, "placements") for p in _list(placements, "placements"))
    outlined = [{_cell(sheet, c, "houses") for c in _list(h, "houses")}
                for h in _list(houses, "houses")]
    scale = width / 360
    band = width * 0.05 if labels else 0.0
    margin = _MARGIN * scale
    unit = (width - 2 * margin - band) / max(sheet.rows, sheet.cols)
    place = _Place(sheet, margin + band, margin + band, unit)
    fig = Figure(width, 2 * margin + band + sheet.rows * unit)
    fig.add(Rect(0, 0, fig.width, fig.height, theme.background, "background"))
    for cell in sorted(shaded):
        x, y = place.corner(cell)
        fig.add(Rect(x, y, unit, unit, theme.highlight, "highlight"))
    for cell in range(sheet.ncells):
        value = item.digits[cell]
        if cell in placed:
            fig.add(_digit(place, cell, placed[cell], theme.placed, "placed"))
        elif value:
            given = givens is None or givens[cell] == value
            fig.add(_digit(place, cell, value, theme.given if given else theme.filled,
                           "given" if given else "filled", bold=given))
        elif masks is not None:
            _pencil(fig, place, cell, masks[cell], struck, theme)
    _lines(fig, place, theme, scale)
    _outlines(fig, place, outlined, theme, scale)
    if labels:
        _labels(fig, place, band, theme)
    return fig


def sheet_step_figure(
    item: SheetGrid,
    move: Step,
    *,
    puzzle: SheetGrid | None = None,
    marks: Sequence[int] | None = None,
    labels: bool = True,
    theme: Theme = LIGHT,
    size: float = 360,
) -> Figure:
    """``item`` with a logic step drawn on its pencil marks (``marks``, by default every
    candidate its digits leave): the step's cells shaded, the candidates it rules out
    struck, the digits it places in green and the houses it names outlined."""
    from ..logic.step import Step  # here: importing the logic solver costs start-up

    if not isinstance(move, Step):
        raise TypeError(f"move: expected a logic Step, got {type(move).__name__}")
    if not isinstance(item, SheetGrid):
        raise TypeError(f"item: expected a SheetGrid, got {type(item).__name__}")
    return sheet_figure(
        item, puzzle=puzzle if puzzle is not None else item, cells=move.cells,
        eliminations=move.eliminations, placements=move.placements,
        marks=marks if marks is not None else sheet_candidates(item),
        houses=getattr(move, "houses", ()), labels=labels, theme=theme, size=size)


def sheet_candidates(grid: SheetGrid) -> list[int]:
    """Each cell's candidates as a mask (bit d-1 for digit d): a blank's the digits none
    of its peers holds, a filled cell's its digit alone."""
    sheet = grid.sheet
    full = (1 << sheet.size) - 1
    out = []
    for cell, value in enumerate(grid.digits):
        if value:
            out.append(1 << (value - 1))
            continue
        mask = full
        for p in sheet.peers[cell]:
            if grid.digits[p]:
                mask &= ~(1 << (grid.digits[p] - 1))
        out.append(mask)
    return out


def sheet_walk(puzzle: SheetGrid, steps: Iterable[Step]
               ) -> Iterator[tuple[SheetGrid, list[int], Step]]:
    """The board before each step of a solving path from ``puzzle``: its digits and its
    candidates (each placement and elimination taken in turn), and the step."""
    digits, marks = puzzle, sheet_candidates(puzzle)
    for step in steps:
        yield digits, marks, step
        digits, marks = sheet_after(digits, marks, step)


def sheet_after(digits: SheetGrid, marks: Sequence[int], step: Step
                ) -> tuple[SheetGrid, list[int]]:
    """The digits and candidates of a sheet after ``step``: each digit it places leaves
    its peers' candidates, each candidate it rules out leaves its cell."""
    sheet = digits.sheet
    values, masks = list(digits.digits), list(marks)
    for cell_name, digit in step.placements:
        cell = _cell(sheet, cell_name, "placements")
        values[cell] = digit
        masks[cell] = 1 << (digit - 1)
        for p in sheet.peers[cell]:
            masks[p] &= ~(1 << (digit - 1))
    for cell_name, digit in step.eliminations:
        masks[_cell(sheet, cell_name, "eliminations")] &= ~(1 << (digit - 1))
    return SheetGrid(sheet, tuple(values)), masks


def _digit(place: _Place, cell: int, value: int, colour: str, role: str,
           bold: bool = False) -> Text:
    x, y = place.corner(cell)
    font = place.unit * (0.62 if place.sheet.size <= 9 else 0.55)
    return Text(x + place.unit / 2, y + place.unit / 2 + BASELINE * font, SYMBOLS[value - 1],
                font, colour, role, bold)


def _pencil(fig: Figure, place: _Place, cell: int, mask: int, struck: set[tuple[int, int]],
            theme: Theme) -> None:
    for d in range(1, place.sheet.size + 1):
        if mask >> (d - 1) & 1:
            cx, cy = place.mark(cell, d)
            pencil_mark(fig, cx, cy, d, place.mark_font, (cell, d) in struck, theme)


def _boxes(sheet: Sheet, box_rows: int, box_cols: int) -> dict[tuple[int, int], set[int]]:
    """Each sheet position in play -> the boxes it is in, a box named by the grid and its
    number there."""
    out: dict[tuple[int, int], set[int]] = {}
    per_row = sheet.size // box_cols
    for k, (top, left) in enumerate(sheet.grids):
        for r in range(sheet.size):
            for c in range(sheet.size):
                box = k * sheet.size + (r // box_rows) * per_row + c // box_cols
                out.setdefault((top + r, left + c), set()).add(box)
    return out


def _lines(fig: Figure, place: _Place, theme: Theme, scale: float) -> None:
    """The lines between cells: thick where two cells share no box of any grid (a box's
    border, and a grid's outline where a cell meets a blank position), thin inside a box.
    Edges in a row of the same kind make one line, so that a box two grids share is drawn
    once."""
    sheet = place.sheet
    boxes = _boxes(sheet, place.box_rows, place.box_cols)

    def kind(a: tuple[int, int], b: tuple[int, int]) -> int:
        """0: no line, 1: thin, 2: thick, between positions a and b."""
        box_a, box_b = boxes.get(a), boxes.get(b)
        if box_a is None and box_b is None:
            return 0
        if box_a is None or box_b is None:
            return 2
        return 1 if box_a & box_b else 2

    runs: list[tuple[bool, int, int, int, int]] = []  # (across, line, start, end, kind)
    for r in range(sheet.rows + 1):  # the edges above row r
        runs.extend((True, r, s, e, k) for s, e, k in
                    _runs([kind((r - 1, c), (r, c)) for c in range(sheet.cols)]))
    for c in range(sheet.cols + 1):  # the edges left of column c
        runs.extend((False, c, s, e, k) for s, e, k in
                    _runs([kind((r, c - 1), (r, c)) for r in range(sheet.rows)]))
    u = place.unit
    # as heavy for the size of a cell as a single grid's lines, and no fainter than a hair
    thick, thin = max(0.065 * u, scale), max(0.018 * u, 0.35 * scale)
    for wanted in (1, 2):  # thin first, the thick lines over their ends
        for across, at, start, end, k in runs:
            if k != wanted:
                continue
            width, role = (thick, "box-line") if k == 2 else (thin, "cell-line")
            if across:
                y = place.top + at * u
                line = Line(place.left + start * u, y, place.left + end * u, y, theme.line,
                            width, role, square=k == 2)
            else:
                x = place.left + at * u
                line = Line(x, place.top + start * u, x, place.top + end * u, theme.line,
                            width, role, square=k == 2)
            fig.add(line)


def _runs(kinds: list[int]) -> Iterator[tuple[int, int, int]]:
    """(start, end, kind) of each run of equal, non-zero kinds."""
    start = 0
    for i in range(1, len(kinds) + 1):
        if i == len(kinds) or kinds[i] != kinds[start]:
            if kinds[start]:
                yield start, i, kinds[start]
            start = i


def _outlines(fig: Figure, place: _Place, houses: list[set[int]], theme: Theme,
              scale: float) -> None:
    """Each house outlined just inside the edges of its cells that it does not share."""
    inset, width = 2.4 * scale, 2.0 * scale
    sheet, u = place.sheet, place.unit
    for house in houses:
        at = {sheet.position(c) for c in house}
        for r, c in sorted(at):
            x, y = place.left + c * u, place.top + r * u
            if (r - 1, c) not in at:
                fig.add(Line(x, y + inset, x + u, y + inset, theme.outline, width, "house"))
            if (r + 1, c) not in at:
                fig.add(Line(x, y + u - inset, x + u, y + u - inset, theme.outline, width,
                             "house"))
            if (r, c - 1) not in at:
                fig.add(Line(x + inset, y, x + inset, y + u, theme.outline, width, "house"))
            if (r, c + 1) not in at:
                fig.add(Line(x + u - inset, y, x + u - inset, y + u, theme.outline, width,
                             "house"))


def _labels(fig: Figure, place: _Place, band: float, theme: Theme) -> None:
    """r1, r2, ... left of the sheet's rows and c1, c2, ... above its columns."""
    sheet, u = place.sheet, place.unit
    font = min(band * 0.5, u * 0.34)
    for k in range(sheet.cols):
        fig.add(Text(place.left + (k + 0.5) * u, place.top - band / 2 + BASELINE * font,
                     f"c{k + 1}", font, theme.label, "label"))
    for k in range(sheet.rows):
        fig.add(Text(place.left - band / 2, place.top + (k + 0.5) * u + BASELINE * font,
                     f"r{k + 1}", font, theme.label, "label"))


# -- the arguments, checked where they come in ----------------------------------------------

def _width(size: object) -> float:
    if isinstance(size, bool) or not isinstance(size, numbers.Real):
        raise TypeError(f"size: expected a number of pixels or points, got {size!r}")
    if not 0 < float(size) < float("inf"):
        raise ValueError(f"size: a picture's width is a positive number, not {size!r}")
    return float(size)


def _same_sheet(sheet: Sheet, grid: object, what: str) -> tuple[int, ...] | None:
    if grid is None:
        return None
    if not isinstance(grid, SheetGrid):
        raise TypeError(f"{what}: expected a SheetGrid or None, got {type(grid).__name__}")
    if grid.sheet != sheet:
        raise ValueError(f"{what}: a {grid.sheet.describe()} puzzle does not match the "
                         f"{sheet.describe()} picture")
    return tuple(grid.digits)


def _masks(sheet: Sheet, marks: object) -> list[int] | None:
    if marks is None:
        return None
    values = list(_list(marks, "marks"))
    if len(values) != sheet.ncells:
        raise ValueError(f"marks: expected {sheet.ncells} candidate masks, one per cell, got "
                         f"{len(values)}")
    full = (1 << sheet.size) - 1
    for m in values:
        if isinstance(m, bool) or not isinstance(m, numbers.Integral) or not 0 <= int(m) <= full:
            raise ValueError(f"marks: {m!r} is not a candidate mask (0 to {full})")
    return [int(m) for m in values]


def _list(value: object, what: str) -> Iterable[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{what}: expected a list, got {type(value).__name__}")
    return value


def _cell(sheet: Sheet, cell: object, what: str) -> int:
    """A cell by sheet index, or by its name ``r7c13`` (1-based sheet row and column)."""
    if isinstance(cell, str):
        row, _, col = cell.lower().removeprefix("r").partition("c")
        index = (sheet.index(int(row) - 1, int(col) - 1)
                 if row.isdigit() and col.isdigit() else None)
        if index is None:
            raise ValueError(f"{what}: no cell {cell!r} in play on the {sheet.describe()} "
                             "sheet")
        return int(index)
    if isinstance(cell, bool) or not isinstance(cell, numbers.Integral):
        raise TypeError(f"{what}: a cell is an index or a name such as 'r7c13', not {cell!r}")
    if not 0 <= int(cell) < sheet.ncells:
        raise ValueError(f"{what}: no cell {cell} on the sheet (cells are 0 to "
                         f"{sheet.ncells - 1})")
    return int(cell)


def _candidate(sheet: Sheet, value: object, what: str) -> tuple[int, int]:
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise TypeError(f"{what}: expected (cell, digit) pairs, got {value!r}")
    cell, digit = value
    if isinstance(digit, bool) or not isinstance(digit, numbers.Integral) \
            or not 1 <= int(digit) <= sheet.size:
        raise ValueError(f"{what}: {digit!r} is not a digit of the sheet (1 to {sheet.size})")
    return _cell(sheet, cell, what), int(digit)


# -- printed pages ---------------------------------------------------------------------------

@dataclass
class SheetEntry:
    """One sheet puzzle of a booklet: its number, the puzzle, its answer (None: no
    solution), where it came from, its level when it was rated, and its section."""

    number: int
    puzzle: SheetGrid
    solution: SheetGrid | None
    source: str | None = None
    level: str | None = None
    section: str = ""

    @property
    def caption(self) -> str:
        """``No. 3 · samurai (5 overlapping 9x9 grids) · hard``."""
        parts = [f"No. {self.number}", self.puzzle.sheet.describe()]
        if self.solution is None:
            parts.append("no solution")
        elif self.level:
            parts.append(self.level)
        return " · ".join(parts)


def sheet_pages(entries: Sequence[SheetEntry], *, title: str = "Sudoku", paper: str = "a4",
                landscape: bool = False, answers: bool = False, source: bool = False) -> bytes:
    """A PDF of sheet puzzles, one to a page, each as large as the page allows with its
    caption under it; with ``answers``, each answer on a page of its own after them (a
    LayoutError when the paper is unknown or the cells come out too small to write in)."""
    # reportlab is an optional extra, imported when a PDF is made
    from .pdf import BOLD, REGULAR, draw_figure, new_canvas

    if not entries:
        raise layout.LayoutError("no puzzles to print")
    page = layout.page(paper, landscape)
    pages: list[tuple[str, Sheet, Figure, list[str]]] = []
    for e in entries:
        lines = [e.caption] + ([e.source] if source and e.source else [])
        pages.append((e.section or "Puzzles", e.puzzle.sheet, sheet_figure(e.puzzle), lines))
    if answers:
        pages.extend(("Answers", e.puzzle.sheet, sheet_figure(e.solution, puzzle=e.puzzle),
                      [f"Answer to No. {e.number}"]) for e in entries if e.solution is not None)
    where = f"one to a page on {paper}{' landscape' if landscape else ''}"
    body = page.body
    # every puzzle checked before a page is drawn (an answer is as large as its puzzle);
    # the figure's margins take under 3% of its width
    for _, sheet, figure, lines in pages[:len(entries)]:
        layout.check_cells(_fit(figure, body, lines) * figure.width * 0.97,
                           max(sheet.rows, sheet.cols), layout.MIN_CELL,
                           f"{sheet.name or 'sheet'} puzzle", where)
    out = io.BytesIO()
    c = new_canvas(out, page.width, page.height, title)
    for number, (heading, _, figure, lines) in enumerate(pages, 1):
        scale = _fit(figure, body, lines)
        width, height = figure.width * scale, figure.height * scale
        caption = _CAPTION_LINE * len(lines) + 6
        left = body.x + (body.w - width) / 2
        top = body.y + (body.h - caption - height) / 2
        c.setFillColorRGB(0, 0, 0)
        c.setFont(BOLD, 13)
        c.drawString(page.header.x, page.height - page.header.y - 13, title)
        c.setFont(REGULAR, 10)
        c.drawRightString(page.header.right, page.height - page.header.y - 13, heading)
        c.setLineWidth(0.5)
        c.line(page.header.x, page.height - page.header.bottom, page.header.right,
               page.height - page.header.bottom)
        draw_figure(c, figure, left, page.height - top, width)
        y = page.height - (top + height) - _CAPTION_LINE
        for k, text in enumerate(lines):
            c.setFont(BOLD if k == 0 else REGULAR, 10 if k == 0 else 9)
            c.drawCentredString(body.x + body.w / 2, y, text)
            y -= _CAPTION_LINE
        c.setFont(REGULAR, 9)
        c.drawCentredString(page.footer.x + page.footer.w / 2,
                            page.height - page.footer.bottom + 3, f"page {number} of {len(pages)}")
        c.showPage()
    c.save()
    return out.getvalue()


#: The height of a caption's line under a printed sheet, in points.
_CAPTION_LINE = 14.0


def _fit(figure: Figure, body: layout.Box, lines: list[str]) -> float:
    """The scale that fits ``figure`` in ``body`` with ``lines`` of caption under it."""
    caption = _CAPTION_LINE * len(lines) + 6
    return min(body.w / figure.width, (body.h - caption) / figure.height)
