"""Figures on PDF pages, with ReportLab, and PDF pages as PNG pictures, with PDFium.

ReportLab writes the pages. Its wheel carries the Bitstream Vera fonts, which are embedded
(as subsets) in every PDF, so a booklet prints the same on any machine without a font the
user has to install; its invariant mode fixes the dates and the document id, so the same
puzzles give the same bytes. PDFium (pypdfium2) renders pages to pixels for PNG output:
no system library such as cairo is needed.

Both are optional (the ``pdf`` extra): they are imported when a PDF or PNG is asked for.
"""

from __future__ import annotations

import io
import os
from functools import lru_cache
from typing import Any

from ..errors import SudokuError
from ..extras import install_hint
from .drawing import Circle, Curve, Figure, Line, Poly, Rect, RoundRect, Text

#: The embedded faces: regular and bold.
REGULAR = "SudokitSans"
BOLD = "SudokitSans-Bold"

#: Points per millimetre.
MM = 72 / 25.4


class MissingDependency(SudokuError):
    """The PDF libraries are not installed."""


def _reportlab() -> Any:
    try:
        import reportlab  # noqa: F401 - imported here: only PDF and PNG output need it
    except ImportError:
        raise MissingDependency(
            f"PDF and PNG output need the pdf extra: {install_hint('pdf')}") from None
    _register_fonts()
    # reportlab is an optional extra, imported when a PDF is made
    from reportlab.pdfgen import canvas

    return canvas


@lru_cache(maxsize=1)
def _register_fonts() -> None:
    """Register the Vera faces that ship inside ReportLab's wheel, by their path there (not
    by a search of the system's font folders, which could find another file)."""
    # reportlab is an optional extra, imported when a PDF is made
    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    pdfmetrics.registerFont(TTFont(REGULAR, os.path.join(folder, "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, os.path.join(folder, "VeraBd.ttf")))


def new_canvas(out: io.BytesIO, width: float, height: float, title: str = "") -> Any:
    """A ReportLab canvas of pages ``width`` x ``height`` points that writes the same bytes
    for the same drawing (fixed dates and id), with the embedded fonts registered."""
    canvas = _reportlab()
    c = canvas.Canvas(out, pagesize=(width, height), invariant=1, pageCompression=1,
                      initialFontName=REGULAR)
    c.setTitle(title or "sudoku")
    c.setAuthor("sudokit")
    c.setCreator("sudokit")
    c.setSubject("sudoku puzzles")
    return c


@lru_cache(maxsize=64)
def _colour(hex_colour: str) -> Any:
    # reportlab is an optional extra, imported when a PDF is made
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)


def draw_figure(c: Any, figure: Figure, x: float, top: float, width: float) -> None:
    """Draw ``figure`` with its top left corner at (x, top) in page points (y up), scaled to
    ``width`` points wide."""
    k = width / figure.width

    def px(v: float) -> float:
        return x + k * v

    def py(v: float) -> float:
        return top - k * v

    c.saveState()
    c.setLineCap(2)  # square ends: box lines meet without notches at the corners
    text = None  # a run of texts goes into one text object, with state set on change only
    font: tuple[str, float] | None = None
    fill: str | None = None
    for item in figure.items:
        if isinstance(item, Text):
            if text is None:
                text = c.beginText()
                font = fill = None
            face = BOLD if item.bold else REGULAR
            size = k * item.size
            if font != (face, size):
                font = (face, size)
                text.setFont(face, size)
            if fill != item.colour:
                fill = item.colour
                text.setFillColor(_colour(item.colour))
            text.setTextOrigin(px(item.x) - _width(item.text, face, size) / 2, py(item.y))
            text.textOut(item.text)
            continue
        if text is not None:
            c.drawText(text)
            text = None
        if isinstance(item, Rect):
            c.setFillColor(_colour(item.fill))
            c.rect(px(item.x), py(item.y + item.h), k * item.w, k * item.h, stroke=0, fill=1)
        elif isinstance(item, Line):
            _stroke(c, item.colour, k * item.width, item.dash)
            c.line(px(item.x1), py(item.y1), px(item.x2), py(item.y2))
        elif isinstance(item, Curve):
            _stroke(c, item.colour, k * item.width, item.dash)
            # the quadratic curve as the cubic PDF draws: control points 2/3 of the way
            x1, y1, x2, y2 = item.x1, item.y1, item.x2, item.y2
            ax, ay = x1 + 2 / 3 * (item.cx - x1), y1 + 2 / 3 * (item.cy - y1)
            bx, by = x2 + 2 / 3 * (item.cx - x2), y2 + 2 / 3 * (item.cy - y2)
            path = c.beginPath()
            path.moveTo(px(x1), py(y1))
            path.curveTo(px(ax), py(ay), px(bx), py(by), px(x2), py(y2))
            c.drawPath(path, stroke=1, fill=0)
        elif isinstance(item, Poly):
            _stroke(c, item.colour, k * item.width, item.dash)
            c.setLineCap(1)
            c.setLineJoin(1)
            if item.fill:
                c.setFillColor(_colour(item.fill))
            path = c.beginPath()
            (x0, y0), *rest = item.points
            path.moveTo(px(x0), py(y0))
            for x1, y1 in rest:
                path.lineTo(px(x1), py(y1))
            if item.closed:
                path.close()
            c.drawPath(path, stroke=1, fill=1 if item.fill else 0)
            c.setLineCap(2)
            c.setLineJoin(0)
        elif isinstance(item, RoundRect):
            if item.fill:
                c.setFillColor(_colour(item.fill))
            _stroke(c, item.colour, k * item.width, False)
            c.roundRect(px(item.x), py(item.y + item.h), k * item.w, k * item.h,
                        k * item.radius, stroke=1, fill=1 if item.fill else 0)
        elif isinstance(item, Circle):
            if item.fill:
                c.setFillColor(_colour(item.fill))
            if item.width:
                _stroke(c, item.colour, k * item.width, False)
            c.circle(px(item.cx), py(item.cy), k * item.r, stroke=1 if item.width else 0,
                     fill=1 if item.fill else 0)
    if text is not None:
        c.drawText(text)
    c.restoreState()


@lru_cache(maxsize=4096)
def _width(text: str, face: str, size: float) -> float:
    # reportlab is an optional extra, imported when a PDF is made
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, face, size))


def _stroke(c: Any, colour: str, width: float, dash: bool) -> None:
    c.setStrokeColor(_colour(colour))
    c.setLineWidth(width)
    if dash:
        c.setDash(width * 3, width * 2)
    else:
        c.setDash()


def figures_pdf(figures: list[Figure], width: float = 100 * MM, title: str = "") -> bytes:
    """A PDF with one page per figure, each page the figure scaled to ``width`` points."""
    if isinstance(figures, Figure) or not isinstance(figures, list | tuple):
        raise TypeError(f"figures: expected a list of Figures, got {type(figures).__name__}")
    for figure in figures:
        _check_figure(figure)
    _check_width(width, "width")
    if not isinstance(title, str):
        raise TypeError(f"title: expected a string, got {title!r}")
    out = io.BytesIO()
    c = None
    for figure in figures:
        height = width * figure.height / figure.width
        if c is None:
            c = new_canvas(out, width, height, title)
        else:
            c.setPageSize((width, height))
        draw_figure(c, figure, 0, height, width)
        c.showPage()
    if c is None:
        raise ValueError("no figures to draw")
    c.save()
    return out.getvalue()


def pdf_page_png(pdf: bytes, page: int = 0, dpi: float = 150) -> bytes:
    """Page ``page`` (from 0) of a PDF as PNG bytes, rendered at ``dpi``."""
    image = render_page(pdf, page, dpi)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def render_page(pdf: bytes, page: int = 0, dpi: float = 150) -> Any:
    """Page ``page`` of a PDF as a Pillow image (RGB), rendered at ``dpi``."""
    try:
        import pypdfium2 as pdfium  # imported here: only PNG output needs it
    except ImportError:
        raise MissingDependency(
            f"PNG output needs the pdf extra: {install_hint('pdf')}") from None
    document = pdfium.PdfDocument(pdf)
    try:
        bitmap = document[page].render(scale=dpi / 72)
        return bitmap.to_pil().convert("RGB")
    finally:
        document.close()


def figure_png(figure: Figure, width_px: int | None = None) -> bytes:
    """A figure as a PNG ``width_px`` pixels wide (by default its own width)."""
    _check_figure(figure)
    if width_px is not None:
        _check_width(width_px, "width_px")
    width_px = width_px or int(round(figure.width))
    return pdf_page_png(figures_pdf([figure], width=width_px * 0.75), 0, dpi=96)


def _check_figure(figure: object) -> None:
    if not isinstance(figure, Figure):
        raise TypeError(f"figure: expected a Figure (sudokit.pictures.drawing.grid_figure), got "
                        f"{type(figure).__name__}")


def _check_width(width: object, what: str) -> None:
    if isinstance(width, bool) or not isinstance(width, int | float):
        raise TypeError(f"{what}: expected a number, got {width!r}")
    if not 0 < width < float("inf"):
        raise ValueError(f"{what}: a picture's width is a positive number, not {width!r}")
