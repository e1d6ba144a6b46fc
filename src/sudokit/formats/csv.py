"""The ``csv`` format: N lines of N comma-separated values, as seed 002 (cdoku) reads::

    .,.,.,.,.,.,.,.,.
    .,.,.,.,7,6,.,2,.
    ...

A blank is ``.``, ``0`` or nothing (``,,``); digits from 10 up are written as numbers. Puzzles
are separated by a blank line. Spaces around values are read (and kept on a round trip).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from functools import partial

from ..grid import Grid
from . import _writer
from ._blocks import (
    Block,
    block_shape,
    eol_of,
    field_spans,
    int_table,
    int_value,
    parse_rows,
    read_blocks,
    style_of,
)
from ._common import Input, Item, Record, Style, as_grid, loads_with, template_fits

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


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as CSV, a blank line between two. Options: ``blank`` (``"."``, ``"0"`` or
    ``""``), ``eol``."""
    return _writer.dump_items(_SELF, items, _writer.make_style(_SELF, BLANKS, **style)).decode()


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a CSV text; raises the first error (a SudokuError)."""
    return loads_with(read_records, data, box)  # type: ignore[return-value]


def read_records(inp: Input, box: tuple[int, int] | None = None) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, in order."""
    return read_blocks(inp, box, _SELF)


def row_cells(stripped: str) -> int:
    """How many cells a row line holds."""
    return stripped.count(",") + 1


def parse_block(block: Block, n: int | None, box: tuple[int, int] | None) -> tuple[Grid, Style]:
    """The grid of one block of rows, and its style."""
    shape = block_shape(block, n, box, row_cells(block.lines[block.rows[0]].strip()))
    cells, tokens = parse_rows(block, shape, _split, int_table(shape.n), int_value)
    blank = "." if "." in tokens else "" if "" in tokens else "0" if "0" in tokens else "."
    eol = eol_of(block)
    grid = Grid._trusted(cells, shape)
    canonical = format_item(grid, Style(NAME, blank, eol))
    return grid, style_of(NAME, block, canonical, cells, _SPANS, blank, eol)


def _split(line: str) -> list[str]:
    return [f.strip() for f in line.split(",")]
