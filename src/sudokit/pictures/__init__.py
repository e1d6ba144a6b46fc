"""How a grid looks, and every way to write it: figures (:mod:`.drawing`, made of the
shapes of :mod:`.shapes`, with a variant's rules drawn by :mod:`.variants` and its cages,
lines, dots and signs by :mod:`.constraints`), SVG
(:mod:`.svg`), the step viewer (:mod:`.walkthrough`), and print-ready PDF booklets of
puzzles, answers and solving paths, and grids as PDF or PNG pictures. It may import the
logic, the formats and the values under them; nothing here imports the generator, the
streams, the command line or the web server.

The PDF is written with ReportLab (fonts embedded, the same bytes for the same puzzles) and
PNG pictures are PDF pages rendered with PDFium: both install from wheels with pip, as the
``pdf`` extra (``pip install '.[pdf]'`` in the source folder), and are imported only when used.

>>> from sudokit import Grid
>>> from sudokit.pictures import Options, booklet, prepare
>>> puzzle = Grid(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> pdf = booklet([prepare(puzzle, 1)], Options(title="Warm-up", answers=True))
>>> pdf[:5]
b'%PDF-'
"""

from .booklet import Entry, Options, booklet, plan, prepare, render
from .layout import LayoutError
from .pdf import MissingDependency, figure_png, figures_pdf, pdf_page_png

__all__ = [
    "Entry",
    "LayoutError",
    "MissingDependency",
    "Options",
    "booklet",
    "figure_png",
    "figures_pdf",
    "pdf_page_png",
    "plan",
    "prepare",
    "render",
]
