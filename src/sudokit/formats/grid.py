"""The ``grid`` format: N lines of N whitespace-separated integers, ``0`` for a blank.

This is what seed 004's ``sudoku create`` prints and ``sudoku solve`` reads::

    5 3 0 0 7 0 0 0 0
    6 0 0 1 9 5 0 0 0
    ...

Puzzles are separated by a blank line. From 10x10 up the numbers are right-aligned to the
width of N (``16`` and `` 5``), so the columns line up; any spacing is read. A ``.`` is
read as a blank as well.
"""

from __future__ import annotations

import re
import sys

from ..grid import Grid
from . import _writer
from ._blocks import (
    Block,
    block_grid,
    block_reader,
    int_table,
    int_value,
    read_block_rows,
    regex_spans,
)
from ._common import Item, Style, as_grid, make_loads, template_fits

NAME = "grid"
BLANKS = ("0", ".")
DEFAULT = Style(NAME, blank="0")
_SELF = sys.modules[__name__]
_SPANS = regex_spans(re.compile(r"\S+"))


def separator(style: Style) -> str:
    """A blank line between two puzzles."""
    return style.eol or "\n"


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as N lines of numbers."""
    grid = as_grid(item)
    blank = style.blank
    template = template_fits(style, len(grid.cells))
    if template is not None:
        return template.fill(grid.cells, lambda v: str(v) if v else blank)
    n = grid.n
    width = len(str(n))
    tokens = [blank.rjust(width)] + [str(v).rjust(width) for v in range(1, n + 1)]
    eol = style.eol
    return "".join(" ".join([tokens[v] for v in row]) + eol for row in grid.rows())


# The format's public functions, built by the helpers every format shares.
encode = _writer.make_encode(format_item, DEFAULT)
dumps = _writer.make_dumps(
    _SELF,
    """Puzzles as grids, a blank line between two. Options: ``blank`` (``"0"`` or
    ``"."``), ``eol``.""",
)
read_records = block_reader(_SELF)
loads = make_loads(
    _SELF, Grid, """Every puzzle of a text of grids; raises the first error (a SudokuError)."""
)


def row_cells(stripped: str) -> int:
    """How many cells a row line holds."""
    return len(stripped.split())


def parse_block(block: Block, n: int | None, box: tuple[int, int] | None) -> tuple[Grid, Style]:
    """The grid of one block of rows, and its style."""
    shape, cells, tokens = read_block_rows(_SELF, block, n, box, str.split, int_table, int_value)
    blank = "." if "." in tokens else "0"
    return block_grid(_SELF, block, shape, cells, blank, _SPANS)
