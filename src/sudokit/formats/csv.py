"""The ``csv`` format: N lines of N comma-separated values, as seed 002 (cdoku) reads::

    .,.,.,.,.,.,.,.,.
    .,.,.,.,7,6,.,2,.
    ...

A blank is ``.``, ``0`` or nothing (``,,``); digits from 10 up are written as numbers. Puzzles
are separated by a blank line. Spaces around values are read (and kept on a round trip).
"""

from __future__ import annotations

import sys
from functools import partial

from ..grid import Grid
from . import _writer
from ._blocks import (
    Block,
    block_grid,
    block_reader,
    field_spans,
    int_table,
    int_value,
    read_block_rows,
)
from ._common import Item, Style, as_grid, make_loads, template_fits

NAME = "csv"
BLANKS = (".", "0", "")
DEFAULT = Style(NAME, blank=".")
_SELF = sys.modules[__name__]
_SPANS = partial(field_spans, sep=",", inner_only=False)


def separator(style: Style) -> str:
    """A blank line between two puzzles."""
    return style.eol or "\n"


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as N lines of comma-separated values."""
    grid = as_grid(item)
    blank = style.blank
    template = template_fits(style, len(grid.cells))
    if template is not None:
        return template.fill(grid.cells, lambda v: str(v) if v else blank)
    tokens = [blank] + [str(v) for v in range(1, grid.n + 1)]
    eol = style.eol
    return "".join(",".join([tokens[v] for v in row]) + eol for row in grid.rows())


# The format's public functions, built by the helpers every format shares.
encode = _writer.make_encode(format_item, DEFAULT)
dumps = _writer.make_dumps(
    _SELF,
    """Puzzles as CSV, a blank line between two. Options: ``blank`` (``"."``, ``"0"`` or
    ``""``), ``eol``.""",
)
read_records = block_reader(_SELF)
loads = make_loads(
    _SELF, Grid, """Every puzzle of a CSV text; raises the first error (a SudokuError)."""
)


def row_cells(stripped: str) -> int:
    """How many cells a row line holds."""
    return stripped.count(",") + 1


def parse_block(block: Block, n: int | None, box: tuple[int, int] | None) -> tuple[Grid, Style]:
    """The grid of one block of rows, and its style."""
    shape, cells, tokens = read_block_rows(_SELF, block, n, box, _split, int_table, int_value)
    blank = "." if "." in tokens else "" if "" in tokens else "0" if "0" in tokens else "."
    return block_grid(_SELF, block, shape, cells, blank, _SPANS)


def _split(line: str) -> list[str]:
    return [f.strip() for f in line.split(",")]
