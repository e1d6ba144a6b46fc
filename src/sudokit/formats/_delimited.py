"""The delimited-rows family: formats whose puzzle is N row lines of N cell tokens split
by a delimiter (``csv``: commas; ``table``: bars; ``grid``: spaces). One
:class:`DelimitedRows` describes such a format: how a row line splits into tokens, which
tokens stand for which digit, and how a row is written; the reading (blocks of rows, see
``_blocks``), the styles that give back the same bytes, and the writing are shared here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..errors import SymbolError
from ..grid import SYMBOLS, Grid
from ..shape import Shape
from ._blocks import Block, Spans, block_shape, eol_of, parse_rows, read_blocks, style_of
from ._input import Input, split_eol
from ._reading import ReadOptions
from ._records import Item, Record, Style, template_fits
from ._spec import Format, blank_line
from ._symbols import as_grid, check_symbol_size

#: The style form of a grid read with letters for 10 and up (written back with letters).
LETTERS = "letters"


def _trailing_tabs(block: Block, count: int) -> bool:
    """Does every row end with a tab, one field more than there are rows (N rows of N
    cells and an empty field after each, as some pages copy a table)?"""
    return len(block.rows) == count - 1 and all(
        split_eol(block.lines[j])[0].rstrip(" ").endswith("\t") for j in block.rows
    )


class DelimitedRows:
    """One format of the family.

    ``name``, ``default`` (style) and ``blanks`` (what ``dumps`` accepts) as in
    :class:`~sudokit.formats.Format`; ``split(line)``: a row line's cell tokens, stripped;
    ``count(row)``: how many cells a row line (without its line ending) holds;
    ``spans(line)``: where each cell token of a row line stands; ``table_of(n)``: token
    -> digit for the usual tokens;
    ``value(token, cell, shape, line)``: any other token's digit, or a SymbolError;
    ``blank_of(tokens)``: the blank a block's tokens use; ``join(tokens)``: a row line's
    text (no line ending) from the tokens of its cells; ``numbers``: digits from 10 up are
    written as numbers (else as letters, up to 35); ``width``: numbers are right-aligned
    to the width of N; ``bars``: each row line starts and ends with ``|``; ``tabs``: tabs
    separate cells (a line of tabs is a row of empty cells).
    """

    name: str
    default: Style
    blanks: tuple[str, ...]
    split: Callable[[str], list[str]]
    count: Callable[[str], int]
    spans: Callable[[str], Spans]
    table_of: Callable[[int], dict[str, int]]
    value: Callable[[str, int, Shape, int], int]
    blank_of: Callable[[list[str]], str]
    join: Callable[[list[str]], str]
    numbers: bool = True
    width: bool = False
    bars: bool = False
    tabs: bool = False

    # written out rather than made by dataclasses, whose import would be a good part of the
    # time `sudoku` takes to start
    def __init__(
        self, *, name: str, default: Style, blanks: tuple[str, ...],
        split: Callable[[str], list[str]], count: Callable[[str], int],
        spans: Callable[[str], Spans], table_of: Callable[[int], dict[str, int]],
        value: Callable[[str, int, Shape, int], int], blank_of: Callable[[list[str]], str],
        join: Callable[[list[str]], str], numbers: bool = True, width: bool = False,
        bars: bool = False, tabs: bool = False,
    ) -> None:
        self.name, self.default, self.blanks = name, default, blanks
        self.split, self.count, self.spans, self.table_of = split, count, spans, table_of
        self.value, self.blank_of, self.join = value, blank_of, join
        self.numbers, self.width, self.bars, self.tabs = numbers, width, bars, tabs

    # -- writing ---------------------------------------------------------------------

    def token(self, v: int, style: Style) -> str:
        """The token of digit ``v`` (0: the style's blank)."""
        if not v:
            return style.blank
        if not self.numbers or style.form == LETTERS:
            return SYMBOLS[v - 1]
        return str(v)

    def format_item(self, item: Item, style: Style) -> str:
        """One puzzle as N row lines."""
        grid = as_grid(item)
        n = grid.n
        if not self.numbers or style.form == LETTERS:
            check_symbol_size(n, self.name)
        template = template_fits(style, len(grid.cells))
        if template is not None:
            blank = style.blank.strip() if self.bars else style.blank
            return template.fill(grid.cells, lambda v: self.token(v, style) if v else blank)
        tokens = [self.token(v, style) for v in range(n + 1)]
        if self.width:
            w = len(str(n))
            tokens = [t.rjust(w) for t in tokens]
        eol = style.eol
        return "".join(self.join([tokens[v] for v in row]) + eol for row in grid.rows())

    def encode(self, item: Item, style: Style) -> bytes:
        """One puzzle as bytes."""
        return self.format_item(item, style).encode()

    # -- reading ---------------------------------------------------------------------

    def row_cells(self, row: str) -> int:
        """How many cells a row line (without its line ending) holds."""
        return self.count(row)

    def parse_block(
        self, block: Block, n: int | None, box: tuple[int, int] | None
    ) -> tuple[Grid, Style]:
        """The grid of one block of rows, and its style."""
        if self.bars:
            for r, j in enumerate(block.rows):
                s = block.lines[j].strip()
                if len(s) < 2 or s[0] != "|" or s[-1] != "|":
                    raise SymbolError(
                        f"row {r + 1} is not a table row: it must start and end with '|'",
                        line=block.row_line(r),
                    )
        first = split_eol(block.lines[block.rows[0]])[0]
        count = self.count(first)
        split, spans = self.split, self.spans
        if self.tabs and _trailing_tabs(block, count):  # a table copied with a tab after each row
            count -= 1
            split = lambda line: self.split(line)[:-1]  # noqa: E731
            spans = lambda line: self.spans(line)[:-1]  # noqa: E731
        shape = block_shape(block, n, box, count)
        cells, tokens = parse_rows(block, shape, split, self.table_of(shape.n), self.value)
        blank = self.blank_of(tokens)
        form = LETTERS if self.numbers and any(t.isalpha() for t in tokens) else ""
        eol = eol_of(block)
        grid = Grid.unchecked(cells, shape)
        canonical = self.format_item(grid, Style(self.name, blank, eol, form=form))
        return grid, style_of(self.name, block, canonical, cells, spans, blank, eol, form)

    def read_records(self, inp: Input, options: ReadOptions) -> Iterator[Record]:
        """Records of the puzzles of ``inp``, in order."""
        return read_blocks(inp, options, self)

    def spec(self) -> Format:
        """The format's contract (see :class:`~sudokit.formats.Format`)."""
        return Format(
            name=self.name,
            default=self.default,
            encode=self.encode,
            read_records=self.read_records,
            blanks=self.blanks,
            separator=blank_line,
        )
