"""The ``text`` format: any text; its cell symbols are read in order, the rest is ignored.

It reads the digits of a text file and ignores the rest, so a puzzle
typed by hand, in whatever layout, can be read::

    +-------+-------+-------+
    | 5 3 0 | 0 7 0 | 0 0 0 |
    | 6 0 0 | 1 9 5 | 0 0 0 |
    ...

Cell symbols are the digits and ``.`` (``0`` and ``.`` are blanks), and, for puzzles larger
than 9x9, the letters (A-Z for 10 and up, either case). Everything else (spaces, ``|``, ``-``,
``+``, commas, words such as ``Puzzle:``...) is layout, and so is a border line such as
``.-----------.`` (its dots are corners, not cells) and a title: a line of words with a few
numbers and no ``.`` (``Puzzle 12 (2024-01-05)``; a row such as ``Row A: 530070000`` or
``Row A: 5 3 0 0 7 0 0 0 0`` is cells); lines that start with ``#`` are comments. Whether
letters are cells is decided once, from the start of the input: they are not if its first
puzzle, read without them, is a puzzle of 9x9 or smaller.

A grid typed as N rows of N symbols (N up to 9) with one of the blanks people type, ``_``,
``*``, ``-``, ``x`` (or ``X``, ``?``, ``·``), instead of ``.`` or ``0``, is read too, with or
without spaces, tabs and a ``|``/``+---+`` (or ``*---*``, ``.---.``) frame: that blank is a
cell symbol then. Where the blank is ``-`` or ``*``, which borders are drawn with, a line of
them without a digit is a border unless it holds exactly a row's N symbols and no ``+`` or
``=``.

How the cells are cut into puzzles: N comes from ``box`` if given; otherwise from the first
puzzle. If its first line with cells holds k cells and k is a sudoku size (a row per line),
the puzzle is k*k cells; else the puzzle ends at the first blank line (or the end of the input)
where the cells counted so far make a square grid (a whole puzzle on one line, or any other
layout). Then every puzzle has N*N cells: blank lines between bands are allowed, and a
puzzle ends after its last cell, together with the border lines that follow it.

Writing puts each cell back where it was read, so a solution keeps its puzzle's layout;
a puzzle that was not read from text is drawn with ``0`` for blanks and a frame, as above.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator

from ..errors import CellCountError, ParseError, RulesError, SudokuError, SymbolError
from ..grid import SYMBOLS, Grid
from ..shape import MAX_SIZE, Shape
from . import _writer
from ._blocks import is_decoration
from ._fields import TYPED_BLANKS
from ._input import HEAD_SIZE, Input, decode, is_comment, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template, template_fits
from ._regions import is_region_map
from ._spec import Format, blank_line
from ._symbols import (
    SYMBOL_VALUE,
    a_size,
    as_grid,
    box_shape,
    check_symbol_size,
    shape_for,
    shape_for_count,
)

NAME = "text"
BLANKS = ("0", ".")
DEFAULT = Style(NAME, blank="0")
_DIGITS = re.compile(r"[0-9.]")
_LETTERS = re.compile(r"[0-9.A-Za-z]")
_VALUE = SYMBOL_VALUE


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle: in the layout it was read in, else framed."""
    grid = as_grid(item)
    check_symbol_size(grid.n, NAME)
    blank = style.blank
    template = template_fits(style, len(grid.cells))
    if template is not None:
        return template.fill(grid.cells, lambda v: SYMBOLS[v - 1] if v else blank)
    shape = grid.shape
    c = shape.box_cols
    groups = [(a, a + c) for a in range(0, shape.n, c)]
    eol = style.eol
    border = "+" + "+".join("-" * (2 * c + 1) for _ in groups) + "+" + eol
    symbols = [blank] + list(SYMBOLS[: shape.n])
    out = [border]
    for r, row in enumerate(grid.rows()):
        if r and r % shape.box_rows == 0:
            out.append(border)
        cells = [symbols[v] for v in row]
        out.append("| " + " | ".join(" ".join(cells[a:b]) for a, b in groups) + " |" + eol)
    out.append(border)
    return "".join(out)


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as framed text, a blank line between two. Options: ``blank`` (``"0"`` or
    ``"."``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a text; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, in order."""
    box = options.box
    return with_tail(inp, _records(inp, box, _cells_of(inp.head, box)))


class _Cells:
    """How the cells of a text are found: ``pattern`` matches one; ``blank`` is a typed
    blank read as a cell (``_``, ``-``...), if any, and ``others`` more typed blanks found
    with it (a mistake: a puzzle uses one). For ``-`` and ``*``, which borders are drawn
    with, ``row`` is the symbols of a row: a line of them with no digit is a border unless
    it holds exactly that many and no ``+`` or ``=``; a bare line of exactly a row's
    dashes is a row of blanks only when the grid needs it (``dash_rows``)."""

    __slots__ = ("pattern", "blank", "others", "row", "dash_rows", "titles")

    def __init__(self, pattern: re.Pattern[str], blank: str = "", others: str = "",
                 row: int = 0, dash_rows: bool = False, titles: bool = False) -> None:
        self.pattern, self.blank, self.others = pattern, blank, others
        self.row, self.dash_rows, self.titles = row, dash_rows, titles

    def count(self, text: str) -> int:
        """How many cells a line holds (none in a border)."""
        found = len(self.pattern.findall(text))
        return 0 if found and self.is_border(text, found) else found

    def is_border(self, text: str, found: int | None = None) -> bool:
        """Is a line a border: one drawn with the blank's symbol, or (with no typed blank)
        one such as ``.-------.`` whose corners are dots?"""
        if not self.row:
            return is_decoration(text.strip()) or (self.titles and _is_title(text, found))
        found = len(self.pattern.findall(text)) if found is None else found
        return self._border(text, found)

    def _border(self, text: str, found: int) -> bool:
        if _DIGIT.search(text) is not None:
            return False
        if found != self.row or "+" in text or "=" in text:
            return True
        return self.blank == "-" and "|" not in text and not self.dash_rows

    def value(self, ch: str) -> int:
        """The digit a cell symbol stands for (0: a blank)."""
        if ch == self.blank:
            return 0
        if ch in self.others:
            shown = ", ".join(map(repr, self.blank + self.others))
            raise SymbolError(f"mixed blank symbols {shown}: a puzzle uses one")
        return _VALUE[ch]


_DIGITS_ONLY = _Cells(_DIGITS, titles=True)
_LETTERS_TOO = _Cells(_LETTERS)
_DIGIT = re.compile("[1-9]")
#: A word (three letters or more, in any script) of a title such as "Puzzle 12 (2024-01-05)".
_WORD = re.compile(r"[^\W\d_]{3,}")
_RUN = re.compile(r"\d+")


def _is_title(text: str, found: int | None) -> bool:
    """A line of words with a few numbers and no blank ``.`` (``Puzzle 12 (2024-01-05)``):
    a title, not cells (when letters are not cells). A row of cells has its digits in one
    run (``Row A: 530070000``) or one a cell (``Row A: 5 3 0 0 7 0 0 0 0``)."""
    if found is None:
        found = len(_DIGITS.findall(text))
    if found >= 16 or "." in text or _WORD.search(text) is None:
        return False
    runs = [len(run) for run in _RUN.findall(text)]
    return not ((len(runs) == 1 and runs[0] >= 4) or (len(runs) >= 4 and max(runs) == 1))
#: What a row typed with a blank holds once its layout (spaces, tabs, ``|``) is taken out.
_ROW_SYMBOLS = frozenset("0123456789.") | TYPED_BLANKS
_LAYOUT = str.maketrans("", "", " \t|")
_BORDER_SYMBOLS = frozenset("-+=*.:'")  # and the corners of a .---. frame


def _typed_rows(head: str, box: tuple[int, int] | None) -> _Cells | None:
    """At the input's start, rows of N symbols (N up to 9, a sudoku size) whose blank is
    a typed blank (``_``, ``*``, ``-``, ``x``...; no ``.`` or ``0`` among them), between
    borders: how to find their cells. None when the start is not such rows. (A row of
    another length, or a second kind of blank, is read too, so that the reader says what
    is wrong.)"""
    lines: list[tuple[str, str]] = []
    for line in head.splitlines()[: 3 * MAX_SIZE]:
        s = line.strip()
        if s and not is_comment(s):
            lines.append((s, s.translate(_LAYOUT)))
        elif lines:
            break
    rows = [symbols for _, symbols in lines if _DIGIT.search(symbols)]
    kinds = list(dict.fromkeys(ch for symbols in rows for ch in symbols if ch not in "123456789"))
    if not rows or not kinds or not TYPED_BLANKS.issuperset(kinds):
        return None
    n, blank = len(rows[0]), kinds[0]
    if n > 9 or shape_for(n, box) is None:
        return None
    found, dashes = 0, 0  # rows, and bare lines of a row's dashes (a row or a border)
    for line, symbols in lines:
        if not _ROW_SYMBOLS.issuperset(symbols) and not _BORDER_SYMBOLS.issuperset(symbols):
            return None  # words, or layout this reading does not know
        if blank == "-" and set(symbols) == {"-"} and len(symbols) == n and "|" not in line:
            dashes += 1
        elif _DIGIT.search(symbols) or (symbols and set(symbols) <= set(kinds) and (
            len(symbols) == n or not _BORDER_SYMBOLS.issuperset(symbols)
        )):
            found += 1
    pattern = re.compile("[1-9" + re.escape("".join(kinds)) + "]")
    row = n if blank in "-*" else 0
    return _Cells(pattern, blank, "".join(kinds[1:]), row, found + dashes == n)


#: A letter standing alone between digits, as the cells of a grid of 10x10 and up: ``9 C 4``.
_LONE_LETTER = re.compile(r"[0-9.][ \t|,]+[A-Za-z](?:$|[ \t|,\r\n]+[0-9.A-Za-z])", re.MULTILINE)


def _cells_of(head: bytes, box: tuple[int, int] | None) -> _Cells:
    """A typed blank is a cell in rows typed with one (see ``_typed_rows``); letters are
    cells when letters stand alone among the digits of the input's start (``9 C 4``), or
    when the first puzzle read without them is larger than 9x9; else digits and dots
    only."""
    if len(head) >= HEAD_SIZE:
        head = head[: head.rfind(b"\n") + 1]
    typed = _typed_rows(decode(head[:4096]), box)
    if typed is not None:
        return typed
    if box is not None:
        return _LETTERS_TOO if box[0] * box[1] > 9 else _DIGITS_ONLY
    if _LONE_LETTER.search(decode(head[:4096])):
        return _LETTERS_TOO
    try:
        for first in _records(Input(io.BytesIO(head), None), None, _DIGITS_ONLY):
            if isinstance(first, Record) and type(first.error) is not ParseError:
                # (a line that is not text says nothing of the puzzles: the next one does)
                if (first.item is not None and first.item.n <= 9) or \
                        isinstance(first.error, RulesError):  # (read, but under other rules)
                    return _DIGITS_ONLY
                return _LETTERS_TOO
    except SudokuError:
        pass
    return _LETTERS_TOO


class _Open:
    """A puzzle being read: its lines, where it starts, how many cells so far."""

    __slots__ = ("lines", "first", "lead", "count", "done", "error")

    def __init__(self, first: int, lead: str) -> None:
        self.lines: list[str] = []
        self.first = first
        self.lead = lead
        self.count = 0
        self.done = False
        self.error: SudokuError | None = None  # a line in it that is not text


def _records(
    inp: Input, box: tuple[int, int] | None, cell: _Cells
) -> Iterator[Record | str]:
    shape = box_shape(box)
    first_count: int | None = None  # cells on the first line that has any
    lead: list[str] = []
    cur: _Open | None = None
    lineno = 0
    for raw in inp.lines():
        lineno += 1
        text = decode(raw)
        bad = unreadable(raw, text)
        if bad is not None:  # not text (its bytes would change): an error in its place
            if cur is not None and not cur.done:
                cur.error = cur.error or bad.located(line=lineno)
                cur.lines.append(text)
                continue
            if cur is not None:
                yield _finish(inp, cur, shape, cell)
                cur = None
            yield Record(None, lineno, inp.fail(bad, lineno),
                         Style(NAME, "0", split_eol(text)[1], "".join(lead)))
            lead.clear()
            continue
        s = text.strip()
        if not s or is_comment(s):
            if cur is not None and not cur.done:
                if s:  # a comment inside a puzzle stays with it
                    cur.lines.append(text)
                    continue
                if shape is None:
                    shape = _square(cur.count, first_count, box)
                    if shape is None:
                        cur.lines.append(text)
                        continue
                elif cur.count and cur.count % (shape.n * shape.box_rows) == 0 and (
                    cur.count < shape.ncells
                ):
                    cur.lines.append(text)  # a blank line between two bands
                    continue
            if cur is not None:
                if cur.count or cur.error is not None:
                    yield _finish(inp, cur, shape, cell)
                else:  # borders only: layout, not a puzzle
                    lead.append(cur.lead + "".join(cur.lines))
                cur = None
            lead.append(text)
            continue
        count = cell.count(text)
        if cur is not None and cur.done and count:
            yield _finish(inp, cur, shape, cell)
            cur = None
        if cur is None:
            cur = _Open(lineno, "".join(lead))
            lead.clear()
        cur.lines.append(text)
        if not count:
            continue  # a border line
        cur.count += count
        if first_count is None:
            first_count = count
        if shape is None:
            rows = shape_for(first_count, box)
            if rows is not None and cur.count == rows.ncells:
                shape = rows
                cur.done = True
            elif cur.count > MAX_SIZE * MAX_SIZE:
                raise inp.fail(_not_a_puzzle(cur.count), cur.first)
        elif cur.count >= shape.ncells:
            cur.done = True
    if cur is not None and not cur.count and cur.error is None:
        lead.append(cur.lead + "".join(cur.lines))
    elif cur is not None:
        if shape is None:
            shape = shape_for_count(cur.count, box)
            if shape is None:
                typed = first_count if cell.blank else None  # rows typed with a blank
                raise inp.fail(_not_a_puzzle(cur.count, typed, box), cur.first)
        yield _finish(inp, cur, shape, cell)
    yield "".join(lead)


def _square(count: int, first_count: int | None, box: tuple[int, int] | None) -> Shape | None:
    """At a blank line of the first puzzle: the shape its cells make, if they make one."""
    if first_count is None:
        return None
    if count == first_count or shape_for(first_count, box) is None:
        return shape_for_count(count, box)
    return None


def _not_a_puzzle(
    count: int, row: int | None = None, box: tuple[int, int] | None = None
) -> ParseError:
    rows = shape_for(row, box) if row else None
    if rows is not None:  # rows of N cells: N rows of N were meant
        return CellCountError(
            f"expected {rows.ncells} cells ({rows.n} rows of {rows.n}), got {count}"
        )
    return ParseError(
        f"not a puzzle: {count} cell symbols (digits, '.', letters) do not make a square grid"
    )


def _finish(inp: Input, cur: _Open, shape: Shape | None, cell: _Cells) -> Record:
    lead = cur.lead
    eol = split_eol(cur.lines[0])[1]
    if cur.error is not None:
        return Record(None, cur.first, inp.fail(cur.error), Style(NAME, "0", eol, lead))
    if shape is None:  # the first puzzle ended before its cells made a grid
        error = CellCountError(
            f"{cur.count} cells do not make a square grid", line=cur.first
        )
        return Record(None, cur.first, inp.fail(error), Style(NAME, "0", eol, lead))
    try:
        grid, style = _parse(cur, shape, cell)
    except (CellCountError, SymbolError, RulesError) as e:
        return Record(None, cur.first, inp.fail(e, cur.first), Style(NAME, "0", eol, lead))
    return Record(grid, cur.first, None, style)


def _parse(cur: _Open, shape: Shape, cells_of: _Cells) -> tuple[Grid, Style]:
    n, ncells = shape.n, shape.ncells
    if cur.count != ncells:
        raise CellCountError(f"expected {ncells} cells, got {cur.count}", line=cur.first)
    tokens: list[str] = []
    values: list[int] = []
    for j, text in enumerate(cur.lines):
        if is_comment(text.strip()) or cells_of.is_border(text):
            continue
        for ch in cells_of.pattern.findall(text):
            v = cells_of.value(ch)
            if v > n:
                cell = shape.cell_name(len(tokens))
                raise SymbolError(
                    f"{ch!r} at {cell} is not a digit of {a_size(n)} sudoku",
                    line=cur.first + j,
                    cell=cell,
                )
            tokens.append(ch)
            values.append(v)
    _not_regions(cur, cells_of, n)
    cells = tuple(values)
    blank = cells_of.blank or ("." if "." in tokens and "0" not in tokens else "0")
    eol = split_eol(cur.lines[0])[1]
    grid = Grid.unchecked(cells, shape)
    if format_item(grid, Style(NAME, blank, eol)) == "".join(cur.lines):
        return grid, Style(NAME, blank, eol, cur.lead)
    return grid, Style(NAME, blank, eol, cur.lead, template=_template(cur, cells_of, cells))


def _not_regions(cur: _Open, cells_of: _Cells, n: int) -> None:
    """Refuse a grid whose rows each end in a row of jigsaw regions (the clues and the
    regions side by side): read as notes, its puzzle would be solved under other rules."""
    rows = [text.split() for text in cur.lines
            if not is_comment(text.strip()) and not cells_of.is_border(text)]
    if len(rows) == n and all(len(fields) == 2 for fields in rows) and \
            is_region_map("".join(fields[1] for fields in rows), n):
        raise RulesError("each row ends in a row of jigsaw regions: read the input "
                         "--from jigsaw", line=cur.first)


def _template(cur: _Open, cells_of: _Cells, cells: tuple[int, ...]) -> Template:
    """The puzzle's text cut around its cells (comment lines stay whole)."""
    parts: list[str] = []
    tokens: list[str] = []
    pending: list[str] = []
    for text in cur.lines:
        if is_comment(text.strip()) or cells_of.is_border(text):
            pending.append(text)
            continue
        pos = 0
        for m in cells_of.pattern.finditer(text):
            pending.append(text[pos : m.start()])
            parts.append("".join(pending))
            pending = []
            tokens.append(m.group())
            pos = m.end()
        pending.append(text[pos:])
    parts.append("".join(pending))
    return Template(tuple(parts), tuple(tokens), cells)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    blanks=BLANKS,
    separator=blank_line,
)
