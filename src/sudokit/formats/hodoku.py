"""The ``hodoku`` format: HoDoKu's library lines, one puzzle (and a step found in it) per
line, fields between colons::

    :0000:x:7.2.34.8.........2.8..51.74.......51..63.27..29.......14.76..2.8.........2.51.8.7:::
    :0361:4:..5.132673268..14917...2835..8..1.262.1.96758.6..283...12....83693184572..723.6..:434:411:

The fields: the technique's code, the digit(s) of the step (``x``: none), the grid (a
``+`` before a digit that was placed rather than given), the candidates already deleted
(``rcd`` triples), the step's eliminations, and whatever follows. The grid is the puzzle
read (givens and placed digits); the rest become the record's fields ``technique``,
``digits``, ``deleted``, ``eliminations`` and ``extra``, and a line written back keeps them
(a solution in place of the grid, the ``+`` marks where they were).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from ..errors import CellCountError, MixedSizeError, ParseError, SudokuError
from ..grid import SYMBOLS, Grid
from ..shape import Shape
from . import _writer
from ._fields import read_cells
from ._input import Input, decode, is_comment, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template, fields_of, template_fits
from ._spec import Format, no_separator
from ._symbols import (
    MAX_SYMBOL_SIZE,
    a_size,
    as_grid,
    box_shape,
    check_symbol_size,
    shape_for_count,
)

NAME = "hodoku"
BLANKS = (".", "0")
DEFAULT = Style(NAME, blank=".")
#: The names of the fields after the grid, in order.
AFTER = ("deleted", "eliminations")


def is_library_line(line: str) -> bool:
    """Does ``line`` look like a HoDoKu library line (``:code:digits:grid:...``)?"""
    return line.startswith(":") and line.count(":") >= 4


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as a library line (no step: ``:0000:x:<grid>:::``)."""
    grid = as_grid(item)
    check_symbol_size(grid.n, NAME)
    blank = style.blank
    template = template_fits(style, len(grid.cells))
    if template is not None:
        return template.fill(grid.cells, lambda v: SYMBOLS[v - 1] if v else blank)
    symbols = [blank, *SYMBOLS[: grid.n]]
    return ":0000:x:" + "".join(symbols[v] for v in grid.cells) + ":::" + style.eol


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as library lines. Options: ``blank`` (``"."`` or ``"0"``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a text of library lines; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, one per library line, in order."""
    return with_tail(inp, _records(inp, options.box))


def _records(inp: Input, box: tuple[int, int] | None) -> Iterator[Record | str]:
    shape = box_shape(box)
    lead: list[str] = []
    lineno = 0
    for raw in inp.lines():
        lineno += 1
        text = decode(raw)
        body, eol = split_eol(text)
        s = body.strip()
        if not s or is_comment(s):
            lead.append(text)
            continue
        before = "".join(lead)
        lead.clear()
        try:
            bad = unreadable(raw, text)
            if bad is not None:
                raise bad
            grid, style, pairs = _parse(body, eol, shape, box)
        except SudokuError as e:
            yield Record(None, lineno, inp.fail(e, lineno), Style(NAME, eol=eol, lead=before))
            continue
        shape = grid.shape
        yield Record(grid, lineno, None, style._replace(lead=before), pairs)
    yield "".join(lead)


def _parse(
    body: str, eol: str, shape: Shape | None, box: tuple[int, int] | None
) -> tuple[Grid, Style, Mapping[str, str]]:
    if not is_library_line(body.strip()):
        raise ParseError("not a HoDoKu library line (:code:digits:grid:deleted:...)")
    start = body.index(":")
    fields = body[start:].split(":")
    text = fields[3]
    at = start + len(fields[1]) + len(fields[2]) + 3  # where the grid field starts
    symbols = text.replace("+", "")
    found = shape_for_count(len(symbols), box)
    if found is None or found.n > MAX_SYMBOL_SIZE:
        if shape is not None:
            raise CellCountError(f"expected {shape.ncells} cells, got {len(symbols)}")
        raise CellCountError(f"{len(symbols)} cells do not make a puzzle (N*N, e.g. 81)")
    if shape is not None and found.n != shape.n:
        raise MixedSizeError(
            f"{a_size(found.n)} puzzle among {shape.n}x{shape.n} puzzles: one input holds "
            "puzzles of one size"
        )
    cells, blank = read_cells(symbols, found)
    parts: list[str] = [body[:at]]
    tokens: list[str] = []
    for ch in text:
        if ch == "+":
            parts[-1] += "+"
        else:
            tokens.append(ch)
            parts.append("")
    parts[-1] += body[at + len(text) :] + eol
    template = Template(tuple(parts), tuple(tokens), cells)
    pairs = [("technique", fields[1]), ("digits", fields[2])]
    pairs += [(name, value) for name, value in zip(AFTER, fields[4:6], strict=False) if value]
    if any(fields[6:]):
        pairs.append(("extra", ":".join(fields[6:])))
    style = Style(NAME, blank, eol, template=template)
    return Grid.unchecked(cells, found), style, fields_of(pairs)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    blanks=BLANKS,
    separator=no_separator,
)
