"""The ``table`` format: N lines like ``|6|2|8|3|5|1|7|9|4|``, what seed 002 (cdoku) prints.

One symbol between two bars (1-9, then A-Z; up to 35x35), ``.`` for a blank (``0`` or a space
are read too, and numbers written out such as ``|12|``). Puzzles are separated by a blank
line; border lines made of ``- + = |`` are allowed.
"""

from __future__ import annotations

import sys
from functools import partial

from ..errors import SymbolError
from ..grid import SYMBOLS, Grid
from . import _writer
from ._blocks import (
    Block,
    block_grid,
    block_reader,
    field_spans,
    read_block_rows,
    symbol_cell,
    symbol_table,
)
from ._common import Item, Style, as_grid, check_symbol_size, make_loads, template_fits

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


# The format's public functions, built by the helpers every format shares.
encode = _writer.make_encode(format_item, DEFAULT)
dumps = _writer.make_dumps(
    _SELF,
    """Puzzles as tables, a blank line between two. Options: ``blank`` (``"."``, ``"0"`` or
    ``" "``), ``eol``.""",
)
read_records = block_reader(_SELF)
loads = make_loads(
    _SELF, Grid, """Every puzzle of a text of tables; raises the first error (a SudokuError)."""
)


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
    shape, cells, tokens = read_block_rows(
        _SELF, block, n, box, _split, symbol_table, symbol_cell
    )
    blank = "." if "." in tokens else "0" if "0" in tokens else " " if "" in tokens else "."
    return block_grid(_SELF, block, shape, cells, blank, _SPANS)


def _split(line: str) -> list[str]:
    return [f.strip() for f in line.split("|")[1:-1]]
