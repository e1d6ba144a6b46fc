"""The ``json`` format: one object per puzzle, with its size, box shape and cells.

::

    {"size": 9, "box": [3, 3], "cells": [[5, 3, 0, 0, 7, 0, 0, 0, 0], [6, 0, 0, ...], ...]}

``cells`` holds N rows of N integers, ``0`` for a blank (``null`` is read as a blank too; so
are a flat list of N*N integers and a string in the line form). A candidates board has
``"candidates"`` instead: N rows of N lists of digits. ``size`` and ``box`` are optional when
reading (``box`` also as ``"3x3"``); ``box`` gives a shape other than the natural one.

Several puzzles are written one object per line (JSON Lines), so a stream of answers stays
valid line by line; a message written in place of a puzzle is ``{"error": "..."}``. Reading
accepts JSON Lines, objects one after another in any layout (pretty-printed, say), and a JSON
array of objects, with ``#`` comment lines between objects as in the other formats; a puzzle
written back keeps its layout and any other keys it had. An element of an array that is not
an object (a number, a string) is a bad record of its own, named by its place in the array.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from ..candidates import Candidates
from ..errors import (
    CellCountError,
    MixedSizeError,
    ParseError,
    ShapeError,
    SudokuError,
    SymbolError,
)
from ..grid import SYMBOLS, Grid, symbol_value
from ..shape import Shape, parse_box
from . import _writer
from ._input import Input, decode
from ._json_values import Piece, elements, json_values, member, skip_space
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template
from ._spec import Format, no_separator
from ._symbols import a_size

NAME = "json"
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|null")
_LIST = re.compile(r"\[[^\[\]]*\]")
#: One character of a JSON string as written: an escape, or a character.
_CHARACTER = re.compile(r"\\u[0-9a-fA-F]{4}|\\.|[^\\]", re.DOTALL)
DEFAULT = Style(NAME, blank="0")

# -- writing -------------------------------------------------------------------------


def _digits_token(mask: int, n: int) -> str:
    return "[" + ", ".join(str(d + 1) for d in range(n) if mask >> d & 1) + "]"


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as one JSON object and a line ending."""
    n = item.n
    template = style.template
    if isinstance(item, Candidates):
        if template is not None and len(template.tokens) == len(item.masks):
            return template.fill(item.masks, lambda m: _digits_token(m, n))
        rows: list[Any] = [
            [[d + 1 for d in range(n) if m >> d & 1] for m in item.masks[r * n : (r + 1) * n]]
            for r in range(n)
        ]
        key = "candidates"
    else:
        if template is not None and len(template.tokens) == len(item.cells):
            if style.form == "string":
                return template.fill(item.cells, lambda v: SYMBOLS[v - 1] if v else ".")
            return template.fill(item.cells, str)
        rows = [list(row) for row in item.rows()]
        key = "cells"
    obj = {"size": n, "box": [item.shape.box_rows, item.shape.box_cols], key: rows}
    return json.dumps(obj) + style.eol


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def encode_message(text: str, style: Style) -> bytes:
    """A message in place of a puzzle: ``{"error": text}`` and the puzzle's line ending (none
    for an element of an array with more after it on its line)."""
    return (json.dumps({"error": text}) + style.eol).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as JSON Lines (one object per line). Option: ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


# -- reading -------------------------------------------------------------------------


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid | Candidates]:
    """Every puzzle of a JSON text; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, in order."""
    return with_tail(inp, _records(inp, options.box), _no_object)


def _no_object() -> ParseError:
    return ParseError(
        "no puzzle found: only empty JSON arrays, blank lines or comments "
        '(a puzzle is a JSON object with "cells")'
    )


def _records(inp: Input, box: tuple[int, int] | None) -> Iterator[Record | str]:
    size: int | None = None
    lead = ""
    not_text: list[int] = []  # the lines whose bytes are not UTF-8
    for piece in json_values(_lines(inp, not_text)):
        error: SudokuError | None = _not_utf8(piece, not_text)
        if piece.kind == "lead" and error is None:
            lead = piece.text
            continue
        before, lead = lead, ""
        start = piece.line
        if error is None and piece.error is not None:
            error = _in_array(piece.error, piece.element)
        if error is not None:
            error = inp.fail(error, start)
            yield Record(None, start, error, Style(NAME, eol=_eol(piece.text), lead=before))
            continue
        try:
            item = _item(piece.value, box)
            if size is not None and item.n != size:
                raise MixedSizeError(
                    f"{a_size(item.n)} puzzle among {size}x{size} puzzles: "
                    "one input holds puzzles of one size"
                )
        except SudokuError as e:
            error = inp.fail(_in_array(e, piece.element), start)
            yield Record(None, start, error, Style(NAME, eol=_eol(piece.text), lead=before))
            continue
        size = item.n
        yield Record(item, start, None, _style(item, piece.text, before, piece.value))
    yield lead


def _lines(inp: Input, not_text: list[int]) -> Iterator[str]:
    """The input's lines as text, noting in ``not_text`` those whose bytes are not UTF-8
    (each becomes U+FFFD in the text, which must not be written back as if read)."""
    for lineno, raw in enumerate(inp.lines(), 1):
        text = decode(raw)
        if "\ufffd" in text and b"\xef\xbf\xbd" not in raw:
            not_text.append(lineno)
        yield text


def _not_utf8(piece: Piece, not_text: list[int]) -> ParseError | None:
    """The error of a piece that spans a line of bytes that are not UTF-8, if it does."""
    if not not_text or "\ufffd" not in piece.text:
        return None
    at = bisect.bisect_left(not_text, piece.line)  # the lines are noted in order
    if at == len(not_text) or not_text[at] > piece.line + piece.text.count("\n"):
        return None
    return ParseError("bytes that are not UTF-8 text (JSON is UTF-8)", line=not_text[at])


def _in_array(error: SudokuError, element: int | None) -> SudokuError:
    """``error``, naming the element of an array it is about (several share a line)."""
    if element is not None:
        error.message = f"element {element} of the array: {error.message}"
        error.args = (error.message,)
    return error


def _eol(text: str) -> str:
    """The line ending after a value's text: none when more follows it on its line."""
    return "\r\n" if text.endswith("\r\n") else "\n" if text.endswith("\n") else ""


def _style(item: Item, text: str, lead: str, obj: dict[str, Any]) -> Style:
    eol = _eol(text)
    plain = Style(NAME, "0", eol, lead)
    if format_item(item, plain) == text:
        return plain
    key = "candidates" if isinstance(item, Candidates) else "cells"
    form = "string" if isinstance(obj.get(key), str) else ""
    template = _template(text, key, item, form)
    return Style(NAME, "0", eol, lead, form=form, template=template)


def _template(text: str, key: str, item: Item, form: str) -> Template | None:
    """The object's text cut around the cells of its top-level ``key`` value (a ``"cells"``
    inside another object or a string is not it); None if it cannot be."""
    found = member(text, skip_space(text, 0), key)
    if found is None:
        return None
    start, end = found
    if form == "string":  # each character, or escape (\u002e), is a cell
        spans = [m.span() for m in _CHARACTER.finditer(text, start + 1, end - 1)]
    elif '"' not in text[start:end]:  # numbers only: found at C speed
        pattern = _LIST if key == "candidates" else _NUMBER
        spans = [m.span() for m in pattern.finditer(text, start, end)]
    else:
        spans = _cell_tokens(text, start, key == "candidates")
    values = item.masks if isinstance(item, Candidates) else item.cells
    if len(spans) != len(values):
        return None
    parts, tokens, pos = [], [], 0
    for a, b in spans:
        parts.append(text[pos:a])
        tokens.append(text[a:b])
        pos = b
    parts.append(text[pos:])
    return Template(tuple(parts), tuple(tokens), tuple(values))


def _cell_tokens(text: str, pos: int, lists: bool) -> list[tuple[int, int]]:
    """Each cell's text in the array at ``pos`` (rows of cells, or a flat list): a value
    that is no array, or with ``lists``, an array of digits (a cell's candidates)."""
    spans: list[tuple[int, int]] = []
    for a, b in elements(text, pos):
        inner = text[a] == "["
        if inner and not (lists and all(text[x] != "[" for x, _ in elements(text, a))):
            spans.extend(_cell_tokens(text, a, lists))
        else:
            spans.append((a, b))
    return spans


def _shown(value: Any) -> str:
    """A value for a message: its JSON text, cut short."""
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 24 else text[:20] + "..."


def _item(obj: Any, box: tuple[int, int] | None) -> Item:
    if not isinstance(obj, dict):
        raise ParseError('expected an object with "cells"')
    if "error" in obj and "cells" not in obj and "candidates" not in obj:
        raise ParseError(f"no puzzle here: {obj['error']}")
    given_box = obj.get("box")
    if given_box is not None:
        box = _box(given_box)
    size = obj.get("size")
    if size is not None and (not isinstance(size, int) or isinstance(size, bool)):
        raise ParseError(f'"size" must be an integer, not {_shown(size)}')
    if "cells" in obj:
        cells, n = _cells(obj["cells"], size)
        shape = _shape(n, box, size)
        return Grid.unchecked(tuple(_digit(v, i, shape) for i, v in enumerate(cells)), shape)
    if "candidates" in obj:
        sets, n = _candidate_sets(obj["candidates"], size)
        shape = _shape(n, box, size)
        masks = []
        for i, digits in enumerate(sets):
            mask = 0
            for d in digits:
                mask |= 1 << (_digit(d, i, shape) - 1) if d else 0
            masks.append(mask)
        return Candidates.unchecked(tuple(masks), shape)
    raise ParseError('an object without "cells" (nor "candidates") is not a puzzle')


def _box(value: Any) -> tuple[int, int]:
    if isinstance(value, str):
        return parse_box(value)
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return value[0], value[1]
    raise ShapeError(f'"box" must be [rows, columns] or "RxC", not {_shown(value)}')


def _shape(n: int, box: tuple[int, int] | None, size: int | None) -> Shape:
    if size is not None and size != n:
        raise CellCountError(f'"size" is {size} but the cells make {a_size(n)} grid')
    return Shape.for_size(n, box)


def _rows_or_flat(value: Any, what: str, size: int | None) -> tuple[list[Any], int]:
    if not isinstance(value, list) or not value:
        raise CellCountError(f'"{what}" must be a list of rows')
    if all(isinstance(row, list) for row in value) and (
        what == "cells" or all(isinstance(c, list) for row in value for c in row)
    ):
        n = len(value)
        for r, row in enumerate(value):
            if len(row) != n:
                raise CellCountError(f'row {r + 1} of "{what}" has {len(row)} cells, expected {n}')
        return [c for row in value for c in row], n
    n = size if size is not None else round(len(value) ** 0.5)
    if n * n != len(value):
        raise CellCountError(f'{len(value)} "{what}" do not make a square grid')
    return value, n


def _cells(value: Any, size: int | None) -> tuple[list[Any], int]:
    if isinstance(value, str):
        n = round(len(value) ** 0.5)
        if n * n != len(value) or not value:
            raise CellCountError(f'"cells": {len(value)} characters do not make a square grid')
        return [symbol_value(ch, n) for ch in value], n
    return _rows_or_flat(value, "cells", size)


def _candidate_sets(value: Any, size: int | None) -> tuple[list[Any], int]:
    sets, n = _rows_or_flat(value, "candidates", size)
    for s in sets:
        if not isinstance(s, list):
            raise SymbolError(
                f'each cell of "candidates" must be a list of digits, not {_shown(s)}'
            )
    return sets, n


def _digit(v: Any, cell: int, shape: Shape) -> int:
    if v is None:
        return 0
    if not isinstance(v, int) or isinstance(v, bool):
        raise SymbolError(
            f"{_shown(v)} at {shape.cell_name(cell)} is not a number", cell=shape.cell_name(cell)
        )
    if not 0 <= v <= shape.n:
        raise SymbolError(
            f"{v} at {shape.cell_name(cell)} is out of range for {a_size(shape.n)} sudoku "
            f"(0 to {shape.n})",
            cell=shape.cell_name(cell),
        )
    return v


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    separator=no_separator,
    encode_message=encode_message,
)
