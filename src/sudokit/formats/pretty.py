"""The ``pretty`` format: a picture for people, with box separators, that reads back.

A grid (``.`` for a blank; ``0`` is read too)::

    5 3 . | . 7 . | . . .
    6 . . | 1 9 5 | . . .
    . 9 8 | . . . | . 6 .
    ------+-------+------
    8 . . | . 6 . | . . 3
    ...

A candidates board, each cell's candidates in a column as wide as its widest cell, ``-``
for a cell with none (the pencilmark grid of HoDoKu and Sudoku Explainer)::

    .----------------.----------------.----------------.
    | 5    3    124  | 26   7    1246 | 1489 1249 248  |
    ...
    :----------------+----------------+----------------:
    ...
    '----------------'----------------'----------------'

Beyond 35x35 (past Z) a grid's digits are drawn as right-aligned numbers. The separators
also give the box shape, so a 6x6 with 3x2 boxes reads back as such. Puzzles
are separated by a blank line. This is what ``str(grid)`` shows, and what ``sudoku`` prints
for a binary grid.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from ..candidates import Candidates
from ..errors import SymbolError
from ..grid import SYMBOLS, Grid
from ..shape import Shape
from . import _writer
from ._blocks import (
    Block,
    block_shape,
    eol_of,
    is_decoration,
    parse_rows,
    read_blocks,
    regex_spans,
    style_of,
    symbol_cell,
    symbol_table,
)
from ._input import Input
from ._reading import ReadOptions
from ._records import Item, Record, Style, template_fits
from ._spec import Format, blank_line
from ._symbols import MAX_SYMBOL_SIZE, a_size, check_symbol_size

NAME = "pretty"
BLANKS = (".", "0")
DEFAULT = Style(NAME, blank=".")
_TOKEN = re.compile(r"[^\s|]+")
_SPANS = regex_spans(_TOKEN)
_VALUE = {s: i + 1 for i, s in enumerate(SYMBOLS)} | {
    s.lower(): i + 1 for i, s in enumerate(SYMBOLS)
}


# -- writing -------------------------------------------------------------------------


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle drawn: a grid, or a candidates board as a pencilmark grid."""
    if isinstance(item, Candidates):
        check_symbol_size(item.n, NAME)
        return _format_candidates(item, style)
    blank = style.blank
    template = template_fits(style, len(item.cells))
    if template is not None:
        return template.fill(item.cells, lambda v: _symbol(v) if v else blank)
    shape = item.shape
    if shape.n <= MAX_SYMBOL_SIZE:
        symbols = [blank] + list(SYMBOLS[: shape.n])
    else:  # beyond Z: numbers, right-aligned
        width = len(str(shape.n))
        symbols = [blank.rjust(width)] + [str(v).rjust(width) for v in range(1, shape.n + 1)]
    groups = _column_groups(shape)
    eol = style.eol
    line = _rule(shape, len(symbols[0])) + eol
    out = []
    for r, row in enumerate(item.rows()):
        if r and r % shape.box_rows == 0:
            out.append(line)
        cells = [symbols[v] for v in row]
        out.append(" | ".join(" ".join(cells[a:b]) for a, b in groups) + eol)
    return "".join(out)


def _column_groups(shape: Shape) -> list[tuple[int, int]]:
    c = shape.box_cols
    return [(a, a + c) for a in range(0, shape.n, c)]


def _symbol(v: int) -> str:
    return SYMBOLS[v - 1] if v <= MAX_SYMBOL_SIZE else str(v)


def _rule(shape: Shape, width: int = 1) -> str:
    """The line between two bands: dashes under the cells, ``+`` under each bar."""
    c, k = shape.box_cols, shape.n // shape.box_cols
    span = c * (width + 1)  # the cells of a box and the space before its bar
    if k == 1:
        return "-" * (span - 1)
    widths = [span] + [span + 1] * (k - 2) + [span]
    return "+".join("-" * w for w in widths)


def _candidate_text(mask: int, n: int) -> str:
    return "".join(SYMBOLS[d] for d in range(n) if mask >> d & 1) or "-"


def _format_candidates(board: Candidates, style: Style) -> str:
    shape, n = board.shape, board.n
    template = template_fits(style, len(board.masks))
    if template is not None:
        return template.fill(board.masks, lambda m: _candidate_text(m, n))
    texts = [_candidate_text(m, n) for m in board.masks]
    widths = [max(len(texts[r * n + c]) for r in range(n)) for c in range(n)]
    groups = _column_groups(shape)
    dashes = ["-" * (sum(widths[a:b]) + (b - a - 1) + 2) for a, b in groups]
    eol = style.eol
    out = ["." + ".".join(dashes) + "." + eol]
    for r in range(n):
        if r and r % shape.box_rows == 0:
            out.append(":" + "+".join(dashes) + ":" + eol)
        row = texts[r * n : (r + 1) * n]
        cells = [row[c].ljust(widths[c]) for c in range(n)]
        out.append("| " + " | ".join(" ".join(cells[a:b]) for a, b in groups) + " |" + eol)
    out.append("'" + "'".join(dashes) + "'" + eol)
    return "".join(out)


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles drawn, a blank line between two. Options: ``blank`` (``"."`` or ``"0"``),
    ``eol``.

    >>> from sudokit import Grid
    >>> print(dumps(Grid("1234341221434321")), end="")
    1 2 | 3 4
    3 4 | 1 2
    ----+----
    2 1 | 4 3
    4 3 | 2 1
    """
    return _writer.dumps_with(FORMAT, items, **style)


# -- reading -------------------------------------------------------------------------


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid | Candidates]:
    """Every puzzle of a text of pictures; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, in order."""
    return read_blocks(inp, options, _PictureSyntax())


def row_cells(stripped: str) -> int:
    """How many cells a row line holds."""
    return len(_TOKEN.findall(stripped))


def parse_block(
    block: Block, n: int | None, box: tuple[int, int] | None
) -> tuple[Grid | Candidates, Style]:
    """The grid (or candidates board) of one picture, and its style."""
    first_row = block.lines[block.rows[0]] if block.rows else ""
    top = block.lines[0].strip()
    # a pencilmark grid has its '.---' border (and no '.' or '0' for a blank: its empty
    # cell is '-'); without it, cells of several candidates give it away (in grids up to
    # 35x35, whose digits are single symbols)
    tokens = [t for j in block.rows for t in _TOKEN.findall(block.lines[j])]
    is_board = (
        is_decoration(top) and top.startswith(".") and "." not in tokens and "0" not in tokens
    ) or (row_cells(first_row) <= MAX_SYMBOL_SIZE and any(len(t) > 1 for t in tokens))
    shape = block_shape(block, n, box, row_cells(first_row))
    if box is None:
        shape = _drawn_shape(block, shape, is_board)
    eol = eol_of(block)
    if is_board:
        masks, _ = parse_rows(block, shape, _TOKEN.findall, {}, _mask)
        board = Candidates.unchecked(masks, shape)
        canonical = _format_candidates(board, Style(NAME, ".", eol))
        return board, style_of(NAME, block, canonical, masks, _SPANS, ".", eol)
    cells, tokens = parse_rows(block, shape, _TOKEN.findall, symbol_table(shape.n), symbol_cell)
    blank = "0" if "0" in tokens and "." not in tokens else "."
    grid = Grid.unchecked(cells, shape)
    canonical = format_item(grid, Style(NAME, blank, eol))
    return grid, style_of(NAME, block, canonical, cells, _SPANS, blank, eol)


def _drawn_shape(block: Block, shape: Shape, is_board: bool) -> Shape:
    """The box shape the picture draws: cells before the first inner bar, rows before the
    first inner rule. Falls back to ``shape`` (the natural one) when they do not tile."""
    n = shape.n
    first = block.lines[block.rows[0]].strip()
    if is_board:
        first = first[1:] if first.startswith("|") else first
    bar = first.find("|")
    cols = len(_TOKEN.findall(first[:bar])) if bar >= 0 else 0
    rows = 0
    start = block.rows[0]
    for j in range(start + 1, len(block.lines)):
        if is_decoration(block.lines[j].strip()):
            if j < block.rows[-1]:
                rows = sum(1 for r in block.rows if r < j)
            break
    if cols and not rows and n % cols == 0:
        rows = n // cols
    if rows and not cols and n % rows == 0:
        cols = n // rows
    if rows and cols and rows * cols == n and (rows, cols) != (shape.box_rows, shape.box_cols):
        return Shape(rows, cols)
    return shape


def _mask(token: str, cell: int, shape: Shape, line: int) -> int:
    """The candidates a token lists, as a mask (``-``: none)."""
    mask = _mask_of(token, shape.n)
    if mask < 0:
        bad = next(ch for ch in token if not 1 <= _VALUE.get(ch, 0) <= shape.n)
        raise SymbolError(
            f"{bad!r} in the candidates of {shape.cell_name(cell)} is not a digit of "
            f"{a_size(shape.n)} sudoku",
            line=line,
            cell=shape.cell_name(cell),
        )
    return mask


@lru_cache(maxsize=4096)
def _mask_of(token: str, n: int) -> int:
    if token == "-":
        return 0
    mask = 0
    for ch in token:
        d = _VALUE.get(ch, 0)
        if not 1 <= d <= n:
            return -1
        mask |= 1 << (d - 1)
    return mask


class _PictureSyntax:
    """Reading pictures as blocks of rows (see ``_blocks.BlockSyntax``)."""

    name = NAME
    tabs = False

    def row_cells(self, stripped: str) -> int:
        return row_cells(stripped)

    def parse_block(
        self, block: Block, n: int | None, box: tuple[int, int] | None
    ) -> tuple[Item, Style]:
        return parse_block(block, n, box)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    blanks=BLANKS,
    separator=blank_line,
)
