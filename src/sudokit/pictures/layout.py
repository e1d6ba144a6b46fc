"""Where things go on a printed page: paper, margins, header, footer and the slots that hold
grids with their captions. Pure arithmetic in points (1/72 inch), measured from the top left
corner of the page, so that tests can compare a rendered page with what the layout says.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import SudokuError

#: Points per millimetre.
MM = 72 / 25.4

#: Paper sizes, portrait, in points.
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}

#: Grids per page and how they are arranged (columns, rows) on a portrait page; a landscape
#: page swaps them.
PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}

#: Every side keeps 12 mm free: inside what home inkjet and laser printers can reach
#: (typically 3 to 6.4 mm), with room to hold the sheet.
MARGIN = 12 * MM
HEADER = 22.0
FOOTER = 16.0
#: The smallest cell a puzzle is printed with: room to write a digit with a pencil.
MIN_CELL = 5 * MM
#: Answers are checked, not written in: smaller cells do.
MIN_ANSWER_CELL = 2.8 * MM
GAP = 10.0


class LayoutError(SudokuError):
    """A layout that cannot be printed: unknown paper, grids per page, or cells too small."""


@dataclass(frozen=True)
class Box:
    """A rectangle on the page: left, top (from the top of the page), width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inside(self, other: Box, slack: float = 0.01) -> bool:
        """Whether this box lies within ``other``."""
        return (self.x >= other.x - slack and self.y >= other.y - slack
                and self.right <= other.right + slack and self.bottom <= other.bottom + slack)

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share any area."""
        return (self.x < other.right and other.x < self.right
                and self.y < other.bottom and other.y < self.bottom)


@dataclass(frozen=True)
class Page:
    """A page's size and the boxes every page has."""

    width: float
    height: float

    @property
    def printable(self) -> Box:
        """Everything drawn lies in here."""
        return Box(MARGIN, MARGIN, self.width - 2 * MARGIN, self.height - 2 * MARGIN)

    @property
    def header(self) -> Box:
        return Box(MARGIN, MARGIN, self.width - 2 * MARGIN, HEADER)

    @property
    def footer(self) -> Box:
        return Box(MARGIN, self.height - MARGIN - FOOTER, self.width - 2 * MARGIN, FOOTER)

    @property
    def body(self) -> Box:
        top = MARGIN + HEADER + GAP / 2
        return Box(MARGIN, top, self.width - 2 * MARGIN,
                   self.height - MARGIN - FOOTER - GAP / 2 - top)


def page(paper: str, landscape: bool = False) -> Page:
    """The page of ``paper`` ("a4" or "letter"), turned when ``landscape``."""
    try:
        w, h = PAPERS[paper.lower()]
    except KeyError:
        raise LayoutError(
            f"unknown paper {paper!r}: one of {', '.join(PAPERS)}") from None
    return Page(h, w) if landscape else Page(w, h)


def arrangement(per_page: int, landscape: bool) -> tuple[int, int]:
    """(columns, rows) of ``per_page`` slots."""
    try:
        cols, rows = PER_PAGE[per_page]
    except KeyError:
        raise LayoutError(f"cannot put {per_page} puzzles on a page: one of "
                          f"{', '.join(str(k) for k in PER_PAGE)}") from None
    return (rows, cols) if landscape else (cols, rows)


@dataclass(frozen=True)
class Slot:
    """A place for one grid: the grid's square and the caption's box under it."""

    grid: Box
    caption: Box


def slots(body: Box, cols: int, rows: int, caption: float, gap: float = GAP) -> list[Slot]:
    """``cols`` x ``rows`` slots filling ``body`` row by row, each a square grid as large as
    fits with ``caption`` points of text under it, centred in its share of the body."""
    cell_w = (body.w - (cols - 1) * gap) / cols
    cell_h = (body.h - (rows - 1) * gap) / rows
    side = max(0.0, min(cell_w, cell_h - caption))
    out = []
    for r in range(rows):
        for c in range(cols):
            x = body.x + c * (cell_w + gap)
            y = body.y + r * (cell_h + gap)
            left = x + (cell_w - side) / 2
            top = y + (cell_h - side - caption) / 2
            out.append(Slot(Box(left, top, side, side), Box(x, top + side, cell_w, caption)))
    return out


def check_cells(side: float, n: int, least: float, what: str, hint: str) -> None:
    """Refuse a grid of side ``side`` points whose ``n`` cells would be under ``least``."""
    cell = side / n
    if cell < least:
        raise LayoutError(
            f"a {n}x{n} {what} needs cells of at least {least / MM:.1f} mm, and "
            f"{hint} gives {cell / MM:.1f} mm: use fewer per page or --landscape")
