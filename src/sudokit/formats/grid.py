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
from collections.abc import Iterable, Iterator

from ..grid import Grid
from . import _writer
from ._blocks import (
    Block,
    block_shape,
    eol_of,
    int_table,
    int_value,
    parse_rows,
    read_blocks,
    regex_spans,
    style_of,
)
from ._common import Input, Item, Record, Style, as_grid, loads_with, template_fits

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


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as grids, a blank line between two. Options: ``blank`` (``"0"`` or
    ``"."``), ``eol``."""
    return _writer.dump_items(_SELF, items, _writer.make_style(_SELF, BLANKS, **style)).decode()


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a text of grids; raises the first error (a SudokuError)."""
    return loads_with(read_records, data, box)  # type: ignore[return-value]


def read_records(inp: Input, box: tuple[int, int] | None = None) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, in order."""
    return read_blocks(inp, box, _SELF)


def row_cells(stripped: str) -> int:
    """How many cells a row line holds."""
    return len(stripped.split())


def parse_block(block: Block, n: int | None, box: tuple[int, int] | None) -> tuple[Grid, Style]:
    """The grid of one block of rows, and its style."""
    shape = block_shape(block, n, box, row_cells(block.lines[block.rows[0]]))
    cells, tokens = parse_rows(block, shape, str.split, int_table(shape.n), int_value)
    blank = "." if "." in tokens else "0"
    eol = eol_of(block)
    grid = Grid._trusted(cells, shape)
    canonical = format_item(grid, Style(NAME, blank, eol))
    return grid, style_of(NAME, block, canonical, cells, _SPANS, blank, eol)
