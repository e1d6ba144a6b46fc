"""Reading formats whose puzzle is a block of N row lines: grid, csv, table, pretty.

A block is N *row* lines (lines with cells), with *decoration* lines (borders such as
``------+-------+------``) among or around them. Blocks are separated by blank lines or
comment lines (``#``); a block also ends after its N-th row (and the decoration right after
it), so puzzles written one after another without a blank line are read as well. N is fixed
by ``box``, else by the first row of the first puzzle; a later block of another size is a
record with a :class:`MixedSizeError`, and reading goes on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Protocol

from ..errors import CellCountError, MixedSizeError, ShapeError, SudokuError, SymbolError
from ..grid import SYMBOLS, symbol_value
from ..shape import Shape
from ._input import Input, decode, is_comment, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template
from ._symbols import a_size, box_shape, no_shape_reason, shape_for

#: The characters of a border line (``*`` is Simple Sudoku's corner).
_DECORATION_CHARS = frozenset("-+=.:'|*")

Spans = list[tuple[int, int]]


def is_decoration(stripped: str) -> bool:
    """A border line: no spaces, only ``- + = . : ' | *``, with at least one ``-`` or ``=``
    (a test linear in the line, whatever it holds)."""
    return ("-" in stripped or "=" in stripped) and _DECORATION_CHARS.issuperset(stripped)


class Block:
    """The lines of one puzzle as read: ``lines`` (with their line endings), the line number
    of the first, which of them are rows, the text before the block (``lead``), and the
    first line that could not be read as text (``error``)."""

    __slots__ = ("first", "lead", "lines", "rows", "expected", "error")

    def __init__(self, first: int, lead: str) -> None:
        self.first = first
        self.lead = lead
        self.lines: list[str] = []
        self.rows: list[int] = []
        self.expected = 0
        self.error: SudokuError | None = None

    def line_of(self, index: int) -> int:
        """The input line number of ``lines[index]``."""
        return self.first + index

    def row_line(self, row: int) -> int:
        """The input line number of row ``row`` (0-based)."""
        return self.first + self.rows[row]

    def text(self) -> str:
        """The block's text, as read."""
        return "".join(self.lines)


class BlockSyntax(Protocol):
    """What reading blocks needs of a format: its ``name``, how many cells a row line
    holds, and the puzzle of a block (``parse_block(block, n, box) -> (item, style)``,
    raising a SudokuError for a block it cannot read)."""

    @property
    def name(self) -> str: ...

    @property
    def tabs(self) -> bool:
        """Tabs separate cells: a line of tabs is a row of empty cells, not a blank line."""
        ...

    def row_cells(self, row: str) -> int:
        """How many cells a row line (without its line ending) holds."""
        ...

    def parse_block(
        self, block: Block, n: int | None, box: tuple[int, int] | None
    ) -> tuple[Item, Style]: ...


def read_blocks(inp: Input, options: ReadOptions, syntax: BlockSyntax) -> Iterator[Record]:
    """Records of the puzzles of ``inp`` in a block format, in order."""
    return with_tail(inp, _blocks(inp, options.box, syntax))


def _blocks(
    inp: Input, box: tuple[int, int] | None, fmt: BlockSyntax
) -> Iterator[Record | str]:
    fixed = box_shape(box)
    size = fixed.n if fixed else None
    lead: list[str] = []
    block: Block | None = None
    lineno = 0
    for raw in inp.lines():
        lineno += 1
        text = decode(raw)
        s = text.strip(" \r\n\f\v") if fmt.tabs else text.strip()
        if not s or is_comment(s):
            if block is not None and not block.rows:  # borders only: layout, not a puzzle
                lead.append(block.lead + block.text())
            elif block is not None:
                record, size = _finish(inp, fmt, block, size, box)
                yield record
            block = None
            bad = unreadable(raw, text)
            if bad is not None:  # a comment of such bytes: an error in its place
                style = Style(fmt.name, eol=split_eol(text)[1] or "\n", lead="".join(lead))
                yield Record(None, lineno, inp.fail(bad, lineno), style)
                lead.clear()
                continue
            lead.append(text)
            continue
        if is_decoration(s):
            if block is None:
                block = Block(lineno, "".join(lead))
                lead.clear()
            block.lines.append(text)
            continue
        if block is not None and block.rows and len(block.rows) >= block.expected:
            record, size = _finish(inp, fmt, block, size, box)
            yield record
            block = None
        if block is None:
            block = Block(lineno, "".join(lead))
            lead.clear()
        bad = unreadable(raw, text)
        if bad is not None and block.error is None:
            block.error = bad.located(line=lineno)
        if not block.rows:
            cells = fmt.row_cells(split_eol(text)[0])
            block.expected = cells if size is None or cells > size else size
        block.rows.append(len(block.lines))
        block.lines.append(text)
    if block is not None and not block.rows:
        lead.append(block.lead + block.text())
    elif block is not None:
        record, size = _finish(inp, fmt, block, size, box)
        yield record
    yield "".join(lead)


def _finish(
    inp: Input, fmt: BlockSyntax, block: Block, size: int | None, box: tuple[int, int] | None
) -> tuple[Record, int | None]:
    """The record of a block, and the size later blocks must have. A block of another size
    than the first puzzle's is an error in its place (the others are read on)."""
    try:
        if block.error is not None:
            raise block.error
        item, style = fmt.parse_block(block, size, box)
    except SudokuError as e:
        error = e
        if size is not None and block.rows and block.error is None:
            other = fmt.row_cells(split_eol(block.lines[block.rows[0]])[0])
            if other != size and _parses(fmt, block, other):
                error = MixedSizeError(
                    f"{a_size(other)} puzzle among {size}x{size} puzzles: "
                    "one input holds puzzles of one size"
                )
        located = inp.fail(error, block.first)
        return Record(None, block.first, located, Style(fmt.name, lead=block.lead)), size
    return Record(item, block.first, None, style._replace(lead=block.lead)), item.n


def _parses(fmt: BlockSyntax, block: Block, n: int) -> bool:
    try:
        fmt.parse_block(block, n, None)
    except SudokuError:
        return False
    return True


def block_shape(block: Block, n: int | None, box: tuple[int, int] | None, cells: int) -> Shape:
    """The shape of a block: from ``box``, else from N (``n``, else the first row's
    ``cells``)."""
    size = n if n is not None else cells
    if box is not None:
        size = box[0] * box[1]
    shape = shape_for(size, box)
    if shape is None:
        raise ShapeError(
            f"a row of {size} cell{'s' if size != 1 else ''}: {no_shape_reason(size)}",
            line=block.row_line(0) if block.rows else block.first,
        )
    return shape


def cut(block: Block, spans_of: Callable[[str], Spans]) -> Template:
    """The block's text cut around its cells: ``spans_of(row_line)`` gives the (start, end)
    of each cell token of a row line. The template's values are left empty."""
    parts: list[str] = []
    tokens: list[str] = []
    pending: list[str] = []
    rows = set(block.rows)
    for j, text in enumerate(block.lines):
        if j not in rows:
            pending.append(text)
            continue
        pos = 0
        for start, end in spans_of(text):
            pending.append(text[pos:start])
            parts.append("".join(pending))
            pending = []
            tokens.append(text[start:end])
            pos = end
        pending.append(text[pos:])
    parts.append("".join(pending))
    return Template(tuple(parts), tuple(tokens), ())


def parse_rows(
    block: Block,
    shape: Shape,
    split_row: Callable[[str], list[str]],
    table: dict[str, int],
    slow: Callable[[str, int, Shape, int], int],
) -> tuple[tuple[int, ...], list[str]]:
    """The values of a block's cells, and their tokens: N rows of N cells (else a
    CellCountError on the line at fault), each token looked up in ``table``; a token not
    there goes to ``slow(token, cell, shape, line)``, which reads it or raises."""
    n = shape.n
    rows = [split_row(block.lines[j]) for j in block.rows]
    for r, row in enumerate(rows):
        if len(row) != n:
            raise CellCountError(
                f"row {r + 1} has {len(row)} cells, expected {n}", line=block.row_line(r)
            )
    if len(rows) != n:
        raise CellCountError(
            f"expected {n} rows of {n} cells, got {len(rows)} rows", line=block.first
        )
    tokens = [t for row in rows for t in row]
    get = table.get
    values = [get(t, -1) for t in tokens]
    if -1 in values:
        values = [slow(t, i, shape, block.row_line(i // n)) for i, t in enumerate(tokens)]
    return tuple(values), tokens


def eol_of(block: Block) -> str:
    """The line ending of the block's first row."""
    return split_eol(block.lines[block.rows[0]] if block.rows else block.lines[0])[1]


def style_of(
    name: str,
    block: Block,
    canonical: str,
    values: tuple[int, ...],
    spans_of: Callable[[str], Spans],
    blank: str,
    eol: str,
    form: str = "",
) -> Style:
    """The style of a parsed block: plain when the writer gives back the same text by
    itself (``canonical``), else with the block's template."""
    if canonical == block.text():
        return Style(name, blank, eol, form=form)
    template = cut(block, spans_of)
    return Style(
        name, blank, eol, form=form, template=Template(template.parts, template.tokens, values)
    )


_INT_TABLES: dict[int, dict[str, int]] = {}
_SYMBOL_TABLES: dict[int, dict[str, int]] = {}


def int_table(n: int) -> dict[str, int]:
    """Token -> digit for the integer formats (blank: ``0``, ``.`` or nothing)."""
    table = _INT_TABLES.get(n)
    if table is None:
        table = _INT_TABLES[n] = {"": 0, ".": 0, "0": 0} | {str(v): v for v in range(1, n + 1)}
    return table


def symbol_table(n: int) -> dict[str, int]:
    """Token -> digit for the symbol formats (1-9, A-Z either case, numbers written out;
    blank: ``.``, ``0`` or nothing)."""
    table = _SYMBOL_TABLES.get(n)
    if table is None:
        table = int_table(n) | {SYMBOLS[v - 1]: v for v in range(1, min(n, len(SYMBOLS)) + 1)}
        table |= {SYMBOLS[v - 1].lower(): v for v in range(10, min(n, len(SYMBOLS)) + 1)}
        _SYMBOL_TABLES[n] = table
    return table


def field_spans(text: str, sep: str, inner_only: bool) -> Spans:
    """Spans of the stripped fields of a row line split at ``sep`` (csv: ``,``; table:
    ``|``, where ``inner_only`` drops what lies outside the first and last separator)."""
    body, _ = split_eol(text)
    spans: Spans = []
    pos = 0
    fields = body.split(sep)
    for k, f in enumerate(fields):
        start = pos
        pos += len(f) + len(sep)
        if inner_only and (k == 0 or k == len(fields) - 1):
            continue
        stripped = f.strip()
        if not stripped:
            spans.append((start, start))
            continue
        left = start + len(f) - len(f.lstrip())
        spans.append((left, left + len(stripped)))
    return spans


def regex_spans(pattern: re.Pattern[str]) -> Callable[[str], Spans]:
    """Spans of the matches of ``pattern`` in a row line."""

    def spans(text: str) -> Spans:
        return [m.span() for m in pattern.finditer(text)]

    return spans


def int_value(token: str, cell: int, shape: Shape, line: int) -> int:
    """The digit an integer cell token stands for (``.``, ``0`` or nothing: a blank)."""
    if token in ("", ".", "0"):
        return 0
    n = shape.n
    digits = token[1:] if token[:1] in "+-" else token
    if not (digits.isascii() and digits.isdigit()):
        if n > 9 and len(token) == 1 and token.isalpha():  # 10 and up written as letters
            return symbol_cell(token, cell, shape, line)
        raise SymbolError(
            f"{token!r} at {shape.cell_name(cell)} is not a number",
            line=line,
            cell=shape.cell_name(cell),
        )
    # a number past 4 digits is past any size (and int() refuses one of 4,300)
    significant = digits.lstrip("0") or "0"
    v = (-1 if token[0] == "-" else 1) * int(significant) if len(significant) <= 4 else None
    if v is None or not 0 <= v <= n:
        shown = str(v) if v is not None else f"{token[:8]}... ({len(token)} characters)"
        raise SymbolError(
            f"{shown} at {shape.cell_name(cell)} is out of range for {a_size(n)} sudoku "
            f"(0 to {n})",
            line=line,
            cell=shape.cell_name(cell),
        )
    return v


def symbol_cell(token: str, cell: int, shape: Shape, line: int) -> int:
    """The digit a one-symbol cell token stands for (``.`` or ``0``: a blank; 1-9, A-Z; a
    number written out, like ``12``, is read too)."""
    if len(token) > 1 and token.isascii() and token.isdigit():
        return int_value(token, cell, shape, line)
    try:
        if len(token) != 1:
            raise SymbolError("")
        return symbol_value(token, shape.n)
    except SymbolError:
        n = shape.n
        raise SymbolError(
            f"{token!r} at {shape.cell_name(cell)} is not a digit of {a_size(n)} sudoku",
            line=line,
            cell=shape.cell_name(cell),
        ) from None
