"""The ``ipuz`` format: the JSON puzzle interchange format (ipuz.org), its sudoku kind.

One puzzle per file, as JSON or in the JSONP form the specification recommends,
``ipuz({...})`` (read, and written back so)::

    {
      "version": "http://ipuz.org/v2",
      "kind": ["http://ipuz.org/sudoku#1"],
      "charset": "123456789",
      "boxes": true,
      "puzzle": [[0, 1, 2, 0, 0, 7, 0, 0, 0], ...],
      "solution": [[9, 1, 2, 5, 6, 7, 4, 3, 8], ...]
    }

``puzzle`` holds N rows of N cells, each a number or a symbol of ``charset`` (1-9, then
A-Z by default), the ``empty`` value (0 by default), ``null``, or an object with a
``given`` (or ``cell``, ``value``). The record's fields: ``name`` (``title``),
``author``, ``source`` (``publisher``), ``date``, ``difficulty``, ``url``, ``comment``
(``notes``), ``id`` (``uniqueid``), ``copyright``, and ``solution`` as a puzzle line.
Irregular regions (``"boxes": false`` and ``zones``), the two diagonals (as ``zones``)
and killer cages (``cages`` with a sum ``value``) are read into the puzzle's rules and
written back (see ``_ipuz_rules``); other rules (calcudoku operators, extra regions)
are refused by name, never solved as a classic puzzle. A file read and
written back gives the same bytes, a solution in place of the cells of its
top-level ``puzzle`` (nothing else changes: a ``"puzzle"`` nested in another object or
named in a string stays as it was; a cell object keeps its other keys, its ``given``,
``cell`` or ``value`` written; new digits are written as the givens are, numbers or
strings of the ``charset``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..errors import (
    CellCountError,
    ParseError,
    ShapeError,
    SudokuError,
    SymbolError,
)
from ..grid import SYMBOLS, Grid
from . import _writer
from ._input import Input
from ._ipuz_rules import rules_fields, rules_of
from ._json_values import (
    MAX_VALUE,
    elements,
    loads_bounded,
    member,
    members,
    skip_space,
)
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template, fields_of
from ._spec import Format, no_separator
from ._symbols import a_size, as_grid, no_shape_reason, shape_for

NAME = "ipuz"
DEFAULT = Style(NAME, blank="0")
KIND = "http://ipuz.org/sudoku"

#: ipuz keys and the field each one fills.
FIELDS = {
    "title": "name",
    "author": "author",
    "publisher": "source",
    "date": "date",
    "difficulty": "difficulty",
    "url": "url",
    "notes": "comment",
    "uniqueid": "id",
    "copyright": "copyright",
}

#: The keys of a cell object that hold its value, the first one present read.
CELL_KEYS = ("given", "cell", "value")
#: The JSONP form of an ipuz file (what the specification recommends for the web).
_JSONP = re.compile(r"\s*ipuz\s*\((.*)\)\s*;?\s*", re.DOTALL)


def _value(v: int, n: int) -> Any:
    """A cell as ipuz writes it: a number up to 9 (and for every digit past 35x35, where
    the symbols end), else its symbol of the charset."""
    return v if n <= 9 or v <= 9 or n > len(SYMBOLS) else SYMBOLS[v - 1]


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as an ipuz document."""
    grid = as_grid(item)
    n = grid.n
    template = style.template
    if template is not None and len(template.tokens) == len(grid.cells):
        charset = style.form  # the symbols a document's cells are written with, if strings
        return template.fill(grid.cells, lambda v: json.dumps(
            charset[v - 1] if v <= len(charset) else v))
    rows = ",\n    ".join(json.dumps([_value(v, n) for v in row]) for row in grid.rows())
    box = [grid.shape.box_rows, grid.shape.box_cols]
    head: dict[str, Any] = {"version": "http://ipuz.org/v2", "kind": [KIND + "#1"]}
    if n <= len(SYMBOLS):
        head["charset"] = SYMBOLS[:n]
    fields = rules_fields(grid.rules)
    text = json.dumps(head)[:-1] + ', "boxes": ' + json.dumps(fields.pop("boxes", True))
    if not grid.shape.is_natural() and not grid.rules.is_jigsaw:
        text += f', "block": {json.dumps(box)}'
    for key, groups in fields.items():
        text += f',\n  "{key}": [\n    ' + ",\n    ".join(map(json.dumps, groups)) + "\n  ]"
    return text + ',\n  "puzzle": [\n    ' + rows + "\n  ]\n}" + style.eol


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def encode_message(text: str, style: Style) -> bytes:
    """A message in place of a puzzle: ``{"error": text}``."""
    return (json.dumps({"error": text}) + "\n").encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """A puzzle as an ipuz document (a file holds one). Option: ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """The puzzle of an ipuz text, in a list; raises a SudokuError if it is not one."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """The record of the one puzzle of ``inp``."""
    return with_tail(inp, _records(inp, options.box))


def _records(inp: Input, box: tuple[int, int] | None) -> Iterator[Record | str]:
    raw = inp.read(MAX_VALUE + 1)
    if len(raw) > MAX_VALUE:
        raise inp.fail(ParseError(f"an ipuz file larger than {MAX_VALUE} bytes: not read"))
    if not raw.strip():
        raise inp.fail(ParseError("empty input: an ipuz file is a JSON object"))
    try:
        text = _text(raw)
        start, end = _unwrapped(text)
        doc = _decode(text[start:end], text.count("\n", 0, start) + 1)
        grid, tokens, solution = _puzzle(doc, box, lambda key: _line_of(text, start, key))
    except SudokuError as e:
        yield Record(None, e.line or 1, inp.fail(e, 1), Style(NAME))
        yield ""
        return
    pairs = [(FIELDS[k], str(doc[k])) for k in FIELDS if isinstance(doc.get(k), str | int)]
    if solution is not None:
        pairs.append(("solution", solution))
    template = _template(text, start, tokens, grid.cells)
    style = Style(NAME, "0", "", "", form=_charset_written(doc, template, grid.n),
                  template=template)
    yield Record(grid, 1, None, style, fields_of(pairs))
    yield ""


def _text(raw: bytes) -> str:
    """The file as text: JSON is UTF-8 (a byte that is not would be changed on the way
    through, so it is an error naming its line)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ParseError("bytes that are not UTF-8 text (JSON is UTF-8)",
                         line=raw.count(b"\n", 0, e.start) + 1) from None


def _unwrapped(text: str) -> tuple[int, int]:
    """Where the JSON object starts and ends: the whole text, or inside the ``ipuz(...)``
    that the specification's JSONP form wraps it in."""
    m = _JSONP.fullmatch(text)
    return (m.start(1), m.end(1)) if m is not None else (0, len(text))


def _decode(text: str, line: int = 1) -> dict[str, Any]:
    # nesting is measured first: no parser recurses without bound
    doc = loads_bounded(text, line)
    if not isinstance(doc, dict):
        raise ParseError("an ipuz file is a JSON object")
    kinds = doc.get("kind")
    if not isinstance(kinds, list) or not any(
        isinstance(k, str) and k.startswith(KIND) for k in kinds
    ):
        raise ParseError(f'not an ipuz sudoku: "kind" must list "{KIND}#1"')
    return doc


def _line_of(text: str, at: int, key: str) -> int:
    """The line of the document (its JSON object from ``at``) a top-level key is on."""
    start = skip_space(text, at)
    span = member(text, start, key) if text[start : start + 1] == "{" else None
    return text.count("\n", 0, span[0] if span else at) + 1


def _puzzle(doc: dict[str, Any], box: tuple[int, int] | None,
            line_of: Callable[[str], int]) -> tuple[Grid, int, str | None]:
    rows = doc.get("puzzle")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise CellCountError('"puzzle" must be a list of rows')
    n = len(rows)
    for r, row in enumerate(rows):
        if len(row) != n:
            raise CellCountError(f'row {r + 1} of "puzzle" has {len(row)} cells, expected {n}')
    block = doc.get("block")
    drawn = box is None and isinstance(block, list) and len(block) == 2 and all(
        isinstance(b, int) and not isinstance(b, bool) and b > 0 for b in block
    )
    if drawn and isinstance(block, list):
        box = (block[0], block[1])
    shape = shape_for(n, box)
    if shape is None and box is not None:
        shown = f"{box[0]}x{box[1]}" if max(box) < 10**6 else "of that size"
        what = f'"block" {shown}' if drawn else f"a box {shown}"
        raise ShapeError(f"{what} does not make boxes of {a_size(n)} grid")
    if shape is None:
        reason = no_shape_reason(n)  # names the size, unless a natural box is missing
        raise CellCountError(reason if a_size(n) in reason else f"{a_size(n)} grid: {reason}")
    charset = doc.get("charset", SYMBOLS[:n])
    if not isinstance(charset, str):
        raise SymbolError('"charset" must be a string')
    empty = doc.get("empty", 0)
    cells = tuple(
        _cell(v, i, shape.n, charset, empty, shape.cell_name(i))
        for i, v in enumerate(v for row in rows for v in row)
    )
    solution = None
    sol = doc.get("solution")
    if isinstance(sol, list) and len(sol) == n and all(
        isinstance(r, list) and len(r) == n for r in sol
    ):
        try:
            values = [
                _cell(v, i, n, charset, empty, shape.cell_name(i))
                for i, v in enumerate(v for row in sol for v in row)
            ]
            solution = "".join(SYMBOLS[v - 1] if v else "." for v in values)
        except SudokuError:
            solution = None
    rules = rules_of(doc, shape, line_of)
    return Grid.unchecked(cells, shape, rules), n * n, solution


def _cell(v: Any, i: int, n: int, charset: str, empty: Any, cell: str) -> int:
    if isinstance(v, dict):
        v = next((v[k] for k in CELL_KEYS if k in v), None)
    if v is None or v == empty or v in ("", ".", "0", 0):
        return 0
    if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= n:
        return v
    if isinstance(v, str) and len(v) == 1 and v in charset[:n]:
        return charset.index(v) + 1
    # a number written as text: ASCII digits only (str.isdigit takes "²" too), and at most
    # two of them besides leading zeros, so that int() never meets a 5,000-digit string
    digits = v.lstrip("0") if isinstance(v, str) and v.isascii() and v.isdigit() else ""
    if 0 < len(digits) <= 2 and 1 <= int(digits) <= n:
        return int(digits)
    shown = json.dumps(v)
    if len(shown) > 20:
        shown = f"{shown[:16]}... ({len(shown)} characters)"
    raise SymbolError(f"{shown} at {cell} is not a digit of {a_size(n)} sudoku", cell=cell)


def _charset_written(doc: dict[str, Any], template: Template | None, n: int) -> str:
    """The symbols a document writes its digits with when they are strings (``"5"``, or
    letters of its ``charset``), so that a new digit is written as its givens are; empty
    when they are numbers (then every digit is, 10 and up too)."""
    if template is None:
        return ""
    givens = zip(template.tokens, template.values, strict=True)
    if not any(token.startswith('"') for token, v in givens if v):
        return ""
    charset = doc.get("charset", SYMBOLS[:n])
    return charset if isinstance(charset, str) else ""


def _template(text: str, at: int, count: int, values: tuple[int, ...]) -> Template | None:
    """The document (its JSON object from ``at``) cut around the cells of its top-level
    ``puzzle`` (the one read: the last of that key), every other byte kept; None if that
    cannot be done."""
    start = skip_space(text, at)
    if text[start : start + 1] != "{":
        return None
    puzzle = member(text, start, "puzzle")
    rows = [row for row, _ in elements(text, puzzle[0])] if puzzle is not None else []
    spans = [_cell_span(text, a, b) for row in rows for a, b in elements(text, row)]
    if len(spans) != count:
        return None
    parts, tokens, pos = [], [], 0
    for a, b in spans:
        parts.append(text[pos:a])
        tokens.append(text[a:b])
        pos = b
    parts.append(text[pos:])
    return Template(tuple(parts), tuple(tokens), values)


def _cell_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The text of a cell a new value replaces: the cell, or in a cell object the value of
    the key read (``given``, ``cell`` or ``value``), so its other keys stay."""
    if text[start] != "{":
        return start, end
    found = {key: (a, b) for key, a, b in members(text, start)}
    return next((found[k] for k in CELL_KEYS if k in found), (start, end))


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    one_per_input=True,
    separator=no_separator,
    encode_message=encode_message,
    rules=frozenset({"jigsaw", "x", "killer"}),
)
