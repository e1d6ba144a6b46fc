"""The ``sdk`` format: a puzzle as N lines of N symbols, ``.`` for a blank, after header
lines that say what it is (SadMan Software's ``.sdk``, as SudoCue documents it)::

    #ARuud
    #DA random puzzle created by SudoCue
    #LEasy
    2..1.5..3
    .54...71.
    ...

A header line is ``#`` and one letter, then its text: ``A`` author, ``D`` description,
``C`` comment, ``B`` date published, ``S`` source, ``L`` level, ``U`` source URL. They
become the record's fields (``author``, ``description``, ``comment``, ``date``,
``source``, ``difficulty``, ``url``) and are written back before the puzzle. Several
puzzles may follow one another, each after its own header lines; a blank line ends a
puzzle cut short (one error naming its first line, the blank line kept for the next).
``0`` and the blanks people type (``_``, ``*``...) are read too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..errors import CellCountError, MixedSizeError, SudokuError
from ..grid import SYMBOLS, Grid
from . import _writer
from ._fields import read_cells
from ._headers import SDK_HEADERS, is_sdk_header
from ._input import Input, decode, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template, fields_of, template_fits
from ._spec import Format, blank_line
from ._symbols import a_size, as_grid, box_shape, check_symbol_size, shape_for

NAME = "sdk"
BLANKS = (".", "0")
DEFAULT = Style(NAME, blank=".")

def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as N lines of N symbols."""
    grid = as_grid(item)
    check_symbol_size(grid.n, NAME)
    blank = style.blank
    template = template_fits(style, len(grid.cells))
    if template is not None:
        return template.fill(grid.cells, lambda v: SYMBOLS[v - 1] if v else blank)
    symbols = [blank, *SYMBOLS[: grid.n]]
    return "".join("".join(symbols[v] for v in row) + style.eol for row in grid.rows())


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as rows of symbols. Options: ``blank`` (``"."`` or ``"0"``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of an ``.sdk`` text; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, in order, each with its header's fields."""
    return with_tail(inp, _records(inp, options.box))


def _records(inp: Input, box: tuple[int, int] | None) -> Iterator[Record | str]:
    fixed = box_shape(box)
    size = fixed.n if fixed is not None else None
    lead: list[str] = []
    pairs: list[tuple[str, str]] = []
    rows: list[str] = []
    first = 0
    lineno = 0
    bad: SudokuError | None = None
    for raw in inp.lines():
        lineno += 1
        text = decode(raw)
        body, eol = split_eol(text)
        s = body.strip()
        if not rows and (error := unreadable(raw, text)) is not None:
            # a header line of such bytes is an error in its place (they would change)
            yield Record(None, lineno, inp.fail(error, lineno),
                         Style(NAME, eol=eol, lead="".join(lead)))
            lead, pairs = [], []
            continue
        if not rows and (not s or s.startswith("#") or s.startswith("[")):
            if is_sdk_header(s):
                pairs.append((SDK_HEADERS[s[1]], s[2:].strip()))
            lead.append(text)
            continue
        if rows and not s:  # a blank line ends a puzzle cut short: it is the next one's
            yield _finish(inp, rows, first, size, box, "".join(lead), pairs, bad)
            lead, pairs, rows, bad = [text], [], [], None
            continue
        if not rows:
            first = lineno
            n = len(s) if size is None else size
        if unreadable(raw, text) is not None and bad is None:
            bad = unreadable(raw, text)
        rows.append(text)
        if len(rows) < n:
            continue
        record = _finish(inp, rows, first, size, box, "".join(lead), pairs, bad)
        if record.item is not None:
            size = record.item.n
        yield record
        lead, pairs, rows, bad = [], [], [], None
    if rows:
        yield _finish(inp, rows, first, size, box, "".join(lead), pairs, bad)
        lead = []
    yield "".join(lead)


def _finish(
    inp: Input,
    rows: list[str],
    first: int,
    size: int | None,
    box: tuple[int, int] | None,
    lead: str,
    pairs: list[tuple[str, str]],
    bad: SudokuError | None,
) -> Record:
    bodies = [split_eol(r)[0].strip() for r in rows]
    eol = split_eol(rows[0])[1]
    try:
        if bad is not None:
            raise bad
        n = len(bodies[0])
        shape = shape_for(n, box)
        if shape is None:
            raise CellCountError(f"a row of {n} symbols: no sudoku has rows of that length")
        if size is not None and n != size:
            raise MixedSizeError(
                f"{a_size(n)} puzzle among {size}x{size} puzzles: one input holds puzzles "
                "of one size"
            )
        for r, body in enumerate(bodies):
            if len(body) != n:
                raise CellCountError(
                    f"row {r + 1} has {len(body)} symbols, expected {n}", line=first + r
                )
        if len(bodies) != n:
            raise CellCountError(f"expected {n} rows of {n} symbols, got {len(bodies)} rows")
        cells, blank = read_cells("".join(bodies), shape)
    except SudokuError as e:
        return Record(None, first, inp.fail(e, first), Style(NAME, eol=eol, lead=lead))
    grid = Grid.unchecked(cells, shape)
    style = Style(NAME, blank, eol, lead)
    if format_item(grid, style) != "".join(rows):
        parts: list[str] = []
        pending = ""
        for text, body in zip(rows, bodies, strict=True):
            start = text.index(body)
            parts.append(pending + text[:start])
            parts.extend([""] * (len(body) - 1))
            pending = text[start + len(body) :]
        parts.append(pending)
        template = Template(tuple(parts), tuple("".join(bodies)), cells)
        style = style._replace(template=template)
    return Record(grid, first, None, style, fields_of(pairs))


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    blanks=BLANKS,
    separator=blank_line,
)
