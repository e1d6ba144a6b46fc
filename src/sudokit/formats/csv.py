"""The ``csv`` format: N lines of N comma-separated values, as cdoku reads them::

    .,.,.,.,.,.,.,.,.
    .,.,.,.,7,6,.,2,.
    ...

A blank is ``.``, ``0`` or nothing (``,,``); digits from 10 up are written as numbers. Puzzles
are separated by a blank line. Spaces around values are read (and kept on a round trip).

A CSV file with a header, as public machine-learning data sets ship puzzles, is read too:
one puzzle per row, as a line of N*N symbols, in the column the header names ``quizzes``,
``puzzle`` (and a few other names, see ``PUZZLE_COLUMNS``) or the one ``column=`` names::

    quizzes,solutions
    0043002090050090010700600430060020871900074000...,8643712593258497619712658434...

A header with semicolons and no comma (``id;puzzle;difficulty``, as a spreadsheet writes
CSV where the comma is the decimal point) makes a table of ``;``-separated fields.
The other columns become the record's fields by their header names (a ``solutions`` or
``solution`` column as ``solution``); a row written back keeps them, with the puzzle (or
its solution) in its column.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial

from ..errors import CellCountError, MixedSizeError, ParseError, SudokuError
from ..grid import Grid
from . import _writer
from ._blocks import field_spans, int_table, int_value
from ._delimited import DelimitedRows
from ._fields import read_cells
from ._headers import PUZZLE_COLUMNS, csv_fields, csv_value, header_names, is_csv_header, split_csv
from ._input import MAX_LINE, Input, decode, is_comment, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template, fields_of
from ._spec import Format, blank_line
from ._symbols import a_size, box_shape, shape_for_count

NAME = "csv"
BLANKS = (".", "0", "")
DEFAULT = Style(NAME, blank=".")


def _blank(tokens: list[str]) -> str:
    return "." if "." in tokens else "" if "" in tokens else "0" if "0" in tokens else "."


#: The style form of a row of a table with a header (see below).
HEADER = "header"

ROWS = DelimitedRows(
    name=NAME,
    default=DEFAULT,
    blanks=BLANKS,
    split=lambda line: [f.strip() for f in line.split(",")],
    count=lambda stripped: stripped.count(",") + 1,
    spans=partial(field_spans, sep=",", inner_only=False),
    table_of=int_table,
    value=int_value,
    blank_of=_blank,
    join=",".join,
)


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as CSV, a blank line between two. Options: ``blank`` (``"."``, ``"0"`` or
    ``""``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a CSV text; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


# -- a table with a header: one puzzle per row ---------------------------------------

#: What a puzzle field of a header-less table may hold: cell symbols and the usual blanks.
_PUZZLE_CHARS = frozenset("0123456789.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

#: Header names of a column that holds the solutions (offered as the ``solution`` field).
SOLUTION_COLUMNS = ("solutions", "solution", "answer", "answers")


def _looks_like_header(line: str) -> bool:
    """Names rather than values: every comma-separated field starts with a letter."""
    names = header_names(line)
    return "," in line and all(name[:1].isalpha() for name in names)


def _separator(header: str) -> str:
    """What separates the fields of a table whose first line is ``header``: ``;`` when
    the header has semicolons and no comma (as spreadsheets write CSV where a comma is the
    decimal point), else ``,``. (A ``;`` table is one whose header names a puzzle column,
    or with ``column=``.)"""
    return ";" if ";" in header and "," not in header else ","


def _first_line(head: bytes) -> str:
    for raw in head.split(b"\n", 64)[:64]:
        text = decode(raw).strip()
        if text and not is_comment(text):
            return text
    return ""


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, in order: a table with a header (one puzzle per
    row, in the column ``options.column`` or the one named like ``quizzes`` or
    ``puzzle``), else blocks of N rows of N values."""
    first = _first_line(inp.head)
    sep = _separator(first)
    if options.column is not None or is_csv_header(first, True, sep) or (
        _looks_like_header(first)
    ):
        return with_tail(inp, _table_rows(inp, options, sep))
    at = _puzzle_column(first)
    if at is not None:  # rows of puzzles with no header
        return with_tail(inp, _table_rows(inp, options, ",", at))
    return ROWS.read_records(inp, options)


def _puzzle_column(line: str) -> int | None:
    """The field of a header-less line of two fields or more that is a whole puzzle (N*N
    symbols, 16 or more), when the line's fields are not a grid's row of values; None
    otherwise."""
    fields = split_csv(line)
    if len(fields) < 2 or (len(fields) > 3 and all(_is_value(f) for f in fields)):
        return None  # one field: a puzzle line (the line format's); or a row of a grid
    return next((k for k, f in enumerate(fields) if len(f) >= 16 and _PUZZLE_CHARS.issuperset(f)
                 and shape_for_count(len(f), None) is not None), None)


def _is_value(field: str) -> bool:
    return field in ("", ".") or (field.isascii() and field.isdigit() and len(field) <= 2)


def _column(names: list[str], wanted: str | None, header: str) -> int:
    if wanted is not None:
        if wanted.strip().lower() in names:
            return names.index(wanted.strip().lower())
        raise ParseError(f"no column {wanted!r} in the header (its columns: {header.strip()})")
    for name in PUZZLE_COLUMNS:
        if name in names:
            return names.index(name)
    raise ParseError(
        f"the header names no puzzle column ({', '.join(PUZZLE_COLUMNS)}): name it with "
        "--column"
    )


def _records_of(inp: Input, sep: str) -> Iterator[tuple[int, str, SudokuError | None]]:
    """The input's CSV records, each with the line it starts on, its text (line ending
    included) and the error that keeps it from being read, if any. A record whose quoted
    fields hold line breaks spans several lines (RFC 4180). A record longer than any
    puzzle row can be is an error in its place (its text dropped), and so is a quoted
    field left open at the end of the input."""
    lines = enumerate(inp.lines(), 1)
    for lineno, raw in lines:
        text = decode(raw)
        bad = unreadable(raw, text)
        if bad is not None or '"' not in text or csv_fields(split_eol(text)[0], sep) is not None:
            yield lineno, text, bad
            continue
        pending, size, quotes = [text], len(raw), text.count('"')
        for _, raw in lines:
            text = decode(raw)
            size += len(raw)
            quotes += text.count('"')
            if size > MAX_LINE:
                pending.clear()
                if quotes % 2:
                    _drop_open_record(lines, quotes)
                yield lineno, "", ParseError(
                    f"a record of more than {MAX_LINE} bytes (a quoted field not closed?): "
                    "longer than any puzzle row, not read"
                )
                break
            pending.append(text)
            if '"' in text and csv_fields(split_eol("".join(pending))[0], sep) is not None:
                yield lineno, "".join(pending), unreadable(raw, text)
                break
        else:
            yield lineno, "".join(pending), ParseError(
                "a quoted field opened on this line is not closed: the rest of the input is "
                "in it (a quote inside a field is written twice, \"\")"
            )


def _drop_open_record(lines: Iterator[tuple[int, bytes]], quotes: int) -> None:
    """Read on (and drop) the lines of a record too long to keep, to its closing quote."""
    for _, raw in lines:
        quotes += raw.count(b'"')
        if quotes % 2 == 0:
            return


def _table_rows(
    inp: Input, options: ReadOptions, sep: str, column: int | None = None
) -> Iterator[Record | str]:
    """The rows of a table, a puzzle in each: after its header, or, with ``column``, with
    no header (the puzzle in that field, the others named ``column 2``...)."""
    lead: list[str] = []
    names: list[str] | None = None
    labels: list[str] = []
    at = 0
    shape = box_shape(options.box)
    for lineno, text, bad in _records_of(inp, sep):
        body, eol = split_eol(text)
        s = body.strip()
        if bad is None and (not s or is_comment(s)):
            lead.append(text)
            continue
        if names is None and column is not None and bad is None:  # no header: name them
            count = len(csv_fields(body, sep) or [()])
            labels = [f"column {k + 1}" for k in range(count)]
            names, at = [label.lower() for label in labels], column
        if names is None:  # the header
            try:
                if bad is not None:
                    raise bad
                labels = split_csv(body, sep)
                names = [label.lower() for label in labels]
                at = _column(names, options.column, body)
            except SudokuError as e:
                raise inp.fail(e, lineno) from None
            lead.append(text)
            continue
        before = "".join(lead)
        lead.clear()
        try:
            if bad is not None:
                raise bad
            spans = csv_fields(body, sep) or [(0, len(body))]
            if len(spans) != len(names):
                where = "the header names" if column is None else "the first row has"
                raise CellCountError(f"{len(spans)} fields, but {where} {len(names)} columns")
            start, end = spans[at]
            puzzle = body[start:end]
            start += len(puzzle) - len(puzzle.lstrip(' "'))
            puzzle = puzzle.strip(' "')
            found = shape_for_count(len(puzzle), options.box) if shape is None else shape
            if found is None or found.ncells != len(puzzle):
                other = shape_for_count(len(puzzle), None)
                if shape is not None and other is not None:
                    raise MixedSizeError(
                        f"{a_size(other.n)} puzzle among {shape.n}x{shape.n} puzzles: "
                        "one input holds puzzles of one size"
                    )
                if shape is not None:
                    raise CellCountError(f"expected {shape.ncells} cells, got {len(puzzle)}")
                raise CellCountError(
                    f"the {labels[at]!r} column holds {len(puzzle)} symbols, not a puzzle "
                    "(N*N cells, e.g. 81)"
                )
            shape = found
            cells, blank = read_cells(puzzle, shape)
        except SudokuError as e:
            error = inp.fail(e, lineno)
            yield Record(None, lineno, error, Style(NAME, eol=eol, lead=before))
            continue
        end = start + len(puzzle)
        parts = (body[:start],) + ("",) * (shape.ncells - 1) + (body[end:] + eol,)
        template = Template(parts, tuple(puzzle), cells)
        style = Style(NAME, blank, eol, before, form=HEADER, template=template)
        pairs = []
        for k, (name, label) in enumerate(zip(names, labels, strict=True)):
            if k != at:
                value = csv_value(body[spans[k][0] : spans[k][1]])
                pairs.append(("solution" if name in SOLUTION_COLUMNS else label, value))
        yield Record(Grid.unchecked(cells, shape), lineno, None, style, fields_of(pairs))
    if names is None:
        raise inp.fail(ParseError("no puzzle found: nothing but a header"))
    yield "".join(lead)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=ROWS.encode,
    read_records=read_records,
    blanks=BLANKS,
    separator=blank_line,
)
