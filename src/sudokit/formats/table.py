"""The ``table`` format: N lines like ``|6|2|8|3|5|1|7|9|4|``, what seed 002 (cdoku) prints.

One symbol between two bars (1-9, then A-Z; up to 35x35), ``.`` for a blank (``0`` or a space
are read too, and numbers written out such as ``|12|``). Puzzles are separated by a blank
line; border lines made of ``- + = |`` are allowed.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from functools import partial

from ..errors import SymbolError
from ..grid import SYMBOLS, Grid
from . import _writer
from ._blocks import (
    Block,
    block_shape,
    eol_of,
    field_spans,
    parse_rows,
    read_blocks,
    style_of,
    symbol_cell,
    symbol_table,
)
from ._common import (
    Input,
    Item,
    Record,
    Style,
    as_grid,
    check_symbol_size,
    loads_with,
    template_fits,
)

NAME = "table"
BLANKS = (".", "0", " ")
DEFAULT = Style(NAME, blank=".")
_SELF = sys.modules[__name__]
_SPANS = partial(field_spans, sep="|", inner_only=True)


def separator(style: Style) -> str:
    """A blank line between two puzzles."""
    return style.eol or "\n"


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as N table rows."""
    grid = as_grid(item)
    check_symbol_size(grid.n, NAME)
    blank = style.blank
    template = template_fits(style, len(grid.cells))
    if template is not None:
        return template.fill(grid.cells, lambda v: SYMBOLS[v - 1] if v else blank.strip())
    tokens = [blank] + list(SYMBOLS[: grid.n])
    eol = style.eol
    return "".join("|" + "|".join([tokens[v] for v in row]) + "|" + eol for row in grid.rows())


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as tables, a blank line between two. Options: ``blank`` (``"."``, ``"0"`` or
    ``" "``), ``eol``."""
    return _writer.dump_items(_SELF, items, _writer.make_style(_SELF, BLANKS, **style)).decode()


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a text of tables; raises the first error (a SudokuError)."""
    return loads_with(read_records, data, box)  # type: ignore[return-value]


def read_records(inp: Input, box: tuple[int, int] | None = None) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, in order."""
    return read_blocks(inp, box, _SELF)


def row_cells(stripped: str) -> int:
    """How many cells a row line holds."""
    return max(stripped.count("|") - 1, 0)


def parse_block(block: Block, n: int | None, box: tuple[int, int] | None) -> tuple[Grid, Style]:
    """The grid of one block of rows, and its style."""
    for r, j in enumerate(block.rows):
        s = block.lines[j].strip()
        if len(s) < 2 or s[0] != "|" or s[-1] != "|":
            raise SymbolError(
                f"row {r + 1} is not a table row: it must start and end with '|'",
                line=block.row_line(r),
            )
    shape = block_shape(block, n, box, row_cells(block.lines[block.rows[0]].strip()))
    cells, tokens = parse_rows(block, shape, _split, symbol_table(shape.n), symbol_cell)
    blank = "." if "." in tokens else "0" if "0" in tokens else " " if "" in tokens else "."
    eol = eol_of(block)
    grid = Grid._trusted(cells, shape)
    canonical = format_item(grid, Style(NAME, blank, eol))
    return grid, style_of(NAME, block, canonical, cells, _SPANS, blank, eol)


def _split(line: str) -> list[str]:
    return [f.strip() for f in line.split("|")[1:-1]]
