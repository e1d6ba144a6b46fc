"""The pieces every picture is made of: a :class:`Figure` of shapes (rectangles, lines,
curves, circles, texts, polylines and rounded boxes) in a box of units, y growing
downwards, the colours of a :class:`Theme`, and the :class:`Geometry` that says where each
cell of a grid (and each pencil mark) lies.

:mod:`sudokit.pictures.drawing`, :mod:`sudokit.pictures.variants` and
:mod:`sudokit.pictures.constraints` draw with them,
:mod:`sudokit.pictures.svg` and :mod:`sudokit.pictures.pdf` write them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..shape import Shape


@dataclass(frozen=True)
class Theme:
    """The colours of a picture (``dataclasses.replace(LIGHT, region_tints=True)`` tints
    the regions of a jigsaw too)."""

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
    #: the grey of the odd cells' circles and the even cells' squares
    parity: str = "#d9d9d9"
    #: the thin lines of the diagonals (X)
    diagonal: str = "#8c8c8c"
    #: the shade of windoku windows and centre-dot cells
    tint: str = "#dde7f3"
    #: the outline of the houses a step names
    outline: str = "#e07b00"
    #: the dashed outlines of cages and their totals
    cage: str = "#1a1a1a"
    #: thermometers (bulb and line) and arrows (circle, line and head)
    thermo: str = "#c8c8c8"
    arrow: str = "#8f8f8f"
    #: the lines of German whispers, renban, palindromes, between lines, region sums and
    #: entropic lines
    whisper: str = "#6ed36e"
    renban: str = "#d9a0f0"
    palindrome: str = "#b4b4b4"
    between: str = "#9a9a9a"
    region_sum: str = "#7fb8f0"
    entropic: str = "#f5b25a"
    #: kropki dots (black dots filled, white ones outlined), X and V, greater-than signs
    sign: str = "#000000"
    #: light tints that tell regions (and disjoint groups) apart, neighbours never alike
    tints: tuple[str, ...] = ("#fde2cf", "#d9ecd0", "#d6e4f5", "#f5d9ec", "#fff2c2",
                              "#dcd6f5", "#cdeeee", "#f2e0d0", "#e6f0c8")
    #: tint each irregular region (jigsaw) as well as bordering it
    region_tints: bool = False


LIGHT = Theme("light", background="#ffffff", line="#000000", given="#000000",
              filled="#1f5fbf", pencil="#555555", highlight="#fff3b0", struck="#d62728",
              placed="#2ca02c", label="#6b6b6b", link="#8e44ad", guide="#c8c8c8",
              struck_tint="#fde2e2")
DARK = Theme("dark", background="#1e1e1e", line="#d8d8d8", given="#f2f2f2",
             filled="#79b0ff", pencil="#a8a8a8", highlight="#4d4420", struck="#ff6b6b",
             placed="#63d563", label="#9a9a9a", link="#d79cff", guide="#555555",
             struck_tint="#5a2a2a", parity="#4a4a4a", diagonal="#8a8a8a", tint="#2c3a4a",
             outline="#ff9f1a", cage="#d8d8d8", thermo="#5c5c5c", arrow="#9a9a9a",
             whisper="#2f8a3a", renban="#7d4a96", palindrome="#6e6e6e", between="#8a8a8a",
             region_sum="#2f6ea8", entropic="#a8661c", sign="#e6e6e6",
             tints=("#4a3526", "#2f4528", "#26394f", "#4a2a40", "#4a4420", "#352d52",
                    "#1f4545", "#47382a", "#3c4520"))
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
    #: ends run on by half the width, so that lines meet at a corner without a notch
    #: (a PDF draws every line so)
    square: bool = False


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


@dataclass(frozen=True)
class Poly:
    """A line through ``points`` with round ends and corners (``closed``: back to the
    first point, filled with ``fill`` when given), as thermometers and cages are drawn."""

    points: tuple[tuple[float, float], ...]
    colour: str
    width: float
    role: str = ""
    fill: str | None = None
    closed: bool = False
    dash: bool = False


@dataclass(frozen=True)
class RoundRect:
    """A rectangle with corners rounded to ``radius``, outlined (and filled when ``fill``
    is given): the circle of an arrow whose number spans several cells."""

    x: float
    y: float
    w: float
    h: float
    radius: float
    colour: str
    width: float
    role: str = ""
    fill: str | None = None


Shape_ = Rect | Line | Curve | Circle | Text | Poly | RoundRect


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


#: Pencil marks on a grid with cages, dots or signs keep this share of a cell's side clear
#: of its border, where a cage's dashed outline runs; under a cage total they start lower.
PAD = 0.1
LOWERED = 0.25


class Geometry:
    """Where cells and their pencil marks are."""

    def __init__(self, shape: Shape, left: float, top: float, unit: float,
                 square_marks: bool = False, padded: bool = False,
                 lowered: frozenset[int] = frozenset()) -> None:
        self.shape = shape
        #: whether pencil marks keep clear of the cells' borders (where cages' outlines
        #: run and dots sit), and the cells (with a cage total in their corner) where they
        #: sit lower
        self.padded = padded
        self.lowered = lowered
        self.left = left
        self.top = top
        self.unit = unit
        self.across, self.down = shape.box_cols, shape.box_rows  # n marks in a box's layout
        if square_marks:  # no boxes to copy (irregular regions of a prime size): a square
            self.across = math.isqrt(shape.n - 1) + 1
            self.down = -(-shape.n // self.across)

    def corner(self, cell: int) -> tuple[float, float]:
        return (self.left + self.shape.col_of(cell) * self.unit,
                self.top + self.shape.row_of(cell) * self.unit)

    def mark(self, cell: int, digit: int) -> tuple[float, float]:
        """The centre of pencil mark ``digit`` in ``cell``."""
        x, y = self.corner(cell)
        u = self.unit
        pad = PAD * u if self.padded else 0.0
        top = LOWERED * u if cell in self.lowered else pad
        return (x + pad + ((digit - 1) % self.across + 0.5) * (u - 2 * pad) / self.across,
                y + top + ((digit - 1) // self.across + 0.5) * (u - top - pad) / self.down)

    @property
    def mark_font(self) -> float:
        # a little smaller where 16 or 25 marks share a cell, so that they keep apart
        share = 0.72 if self.shape.n <= 9 else 0.64
        room = self.unit * (1 - 2 * PAD) if self.padded else self.unit
        return min(room / self.across, room / self.down) * share
