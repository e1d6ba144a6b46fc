"""The ``line`` format: one puzzle per line, its N*N cells in reading order.

Digits are 1-9 then A-Z (so up to 35x35; lower case is read too), a blank is ``.`` or
``0``; lines that start with ``#`` are comments, blank lines are ignored. This is the form of
the public collections (``data/*.txt``)::

    # top 1465
    4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........

Reading is the batch path: a line of the usual size is checked and converted with two
``bytes.translate`` calls, so millions of lines stream through in bounded memory.

>>> from sudokit.formats import line
>>> text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> puzzles = line.loads(text)
>>> line.dumps(puzzles, blank="0")[:20]
'53007000060019500009'
"""

from __future__ import annotations

import io
import math
import os
import sys
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import CellCountError, MixedSizeError, ParseError, SudokuError, SymbolError
from ..grid import SYMBOLS, Grid
from ..shape import Shape
from . import _writer
from ._common import (
    HEAD_SIZE,
    MAX_SYMBOL_SIZE,
    Batch,
    Input,
    Item,
    Record,
    Style,
    Template,
    a_size,
    as_grid,
    box_shape,
    check_symbol_size,
    decode,
    expand,
    is_comment,
    make_loads,
    shape_for,
    shape_for_count,
    split_eol,
    template_fits,
)

if TYPE_CHECKING:
    import numpy as np

NAME = "line"
BLANKS = (".", "0")
#: Lines a Batch holds at most when read_chunks is not told otherwise.
BATCH_ROWS = 4096
DEFAULT = Style(NAME, blank=".")
_SELF = sys.modules[__name__]

#: Character -> digit for every size (case-insensitive); blanks are 0.
_VALUE = {s: i + 1 for i, s in enumerate(SYMBOLS)} | {
    s.lower(): i + 1 for i, s in enumerate(SYMBOLS)
} | {".": 0, "0": 0}

_IN_TABLES: dict[int, bytes] = {}
_OUT_TABLES: dict[str, bytes] = {}


def _in_table(n: int) -> bytes:
    """bytes.translate table: a valid upper-case symbol or blank -> its digit, else 255."""
    table = _IN_TABLES.get(n)
    if table is None:
        t = bytearray([255]) * 256
        t[ord(".")] = t[ord("0")] = 0
        for v in range(1, n + 1):
            t[ord(SYMBOLS[v - 1])] = v
        table = _IN_TABLES[n] = bytes(t)
    return table


def _out_table(blank: str) -> bytes:
    """bytes.translate table: digit -> its symbol, 0 -> ``blank``."""
    table = _OUT_TABLES.get(blank)
    if table is None:
        t = bytearray(range(256))
        t[0] = ord(blank)
        for v, s in enumerate(SYMBOLS, 1):
            t[v] = ord(s)
        table = _OUT_TABLES[blank] = bytes(t)
    return table


def separator(style: Style) -> str:
    """Nothing goes between two lines."""
    return ""


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as its line, with its line ending."""
    grid = as_grid(item)
    check_symbol_size(grid.n, NAME)
    template = template_fits(style, len(grid.cells))
    if template is not None:
        blank = style.blank
        return template.fill(grid.cells, lambda v: SYMBOLS[v - 1] if v else blank).encode()
    return bytes(grid.cells).translate(_out_table(style.blank)) + style.eol.encode()


def encode_array(cells: np.ndarray, style: Style = DEFAULT) -> bytes:
    """The rows of a (B, N*N) array of digits (0 for a blank) as lines, in ``style``'s
    blank and line ending: what ``encode`` gives for each row, at NumPy's pace."""
    import numpy as np

    rows, ncells = cells.shape
    n = math.isqrt(ncells)
    if n * n != ncells:
        raise CellCountError(f"{ncells} cells do not make a puzzle line (N*N cells, e.g. 81)")
    check_symbol_size(n, NAME)
    symbols = np.frombuffer(_out_table(style.blank), dtype=np.uint8)
    eol = np.frombuffer(style.eol.encode(), dtype=np.uint8)
    out = np.empty((rows, ncells + eol.size), dtype=np.uint8)
    out[:, :ncells] = symbols[cells]
    out[:, ncells:] = eol
    return out.tobytes()


def loads_array(data: str | bytes, box: tuple[int, int] | None = None) -> np.ndarray:
    """Every puzzle of a text of lines as a (B, N*N) uint8 NumPy array (0 for a blank), the
    form ``sudokit.batch`` takes; raises the first error (a SudokuError naming the line)."""
    raw = data.encode() if isinstance(data, str) else bytes(data)
    return _array(Input(io.BytesIO(raw), None), box)


def load_array(path: str | os.PathLike[str], box: tuple[int, int] | None = None) -> np.ndarray:
    """Every puzzle of a file of lines as ``loads_array`` gives them (errors name the file)."""
    name = os.fspath(path)
    with open(name, "rb") as f:
        return _array(Input(f, name), box)


def _array(inp: Input, box: tuple[int, int] | None) -> np.ndarray:
    import numpy as np

    parts = []
    for item in read_chunks(inp, box):
        if isinstance(item, Batch):
            parts.append(item.array())
        elif item.error is not None:
            raise item.error
        elif item.item is not None:
            parts.append(np.array([as_grid(item.item).cells], dtype=np.uint8))
    return np.concatenate(parts)


# The format's public functions, built by the helpers every format shares.
dumps = _writer.make_dumps(
    _SELF, """Puzzles as lines. Options: ``blank`` (``"."`` or ``"0"``), ``eol``."""
)
loads = make_loads(
    _SELF, Grid, """Every puzzle of a text of lines; raises the first error (a SudokuError)."""
)


def read_records(inp: Input, box: tuple[int, int] | None = None) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, one per puzzle line, in order."""
    return expand(read_chunks(inp, box))


def read_chunks(
    inp: Input, box: tuple[int, int] | None = None, rows: int = BATCH_ROWS
) -> Iterator[Record | Batch]:
    """The puzzles of ``inp`` in order: runs of up to ``rows`` well-formed lines of one
    style as a :class:`Batch` each, everything else (puzzles laid out otherwise, lines that
    cannot be read) as a Record each. ``expand`` turns this into ``read_records``."""
    return _chunks(inp, box, rows)


def _line_shape(count: int, box: tuple[int, int] | None) -> Shape | None:
    """The shape of a line of ``count`` cells: a square of a size the line form can write
    (up to 35x35), or None."""
    shape = shape_for_count(count, box)
    return shape if shape is not None and shape.n <= MAX_SYMBOL_SIZE else None


def guess_shape(head: bytes, box: tuple[int, int] | None = None) -> Shape | None:
    """The shape most puzzle lines at the start of the input have (None if none fits)."""
    lines = head.split(b"\n")
    if len(head) >= HEAD_SIZE:
        lines = lines[:-1]  # the last one may be cut short
    lengths: Counter[int] = Counter()
    for raw in lines[:1000]:
        s = raw.strip()
        if s and not s.startswith(b"#"):
            lengths[len(s)] += 1
    for length, _ in lengths.most_common():
        shape = _line_shape(length, box)
        if shape is not None:
            return shape
    return None


def _chunks(inp: Input, box: tuple[int, int] | None, rows: int) -> Iterator[Record | Batch]:
    # Each item is held back until the next one is read, so that the comments after the
    # last puzzle can become its style's tail (as _common.with_tail does, inlined here).
    shape = box_shape(box) or guess_shape(inp.head, box)
    if shape is not None:
        check_symbol_size(shape.n, NAME)
    plain = {".": Style(NAME, "."), "0": Style(NAME, "0")}
    crlf = {".": Style(NAME, ".", "\r\n"), "0": Style(NAME, "0", "\r\n")}
    lead: list[str] = []
    lineno = 0
    held: Record | Batch | None = None
    # The run being gathered: the digits of its lines, its first line, its style.
    run: list[bytes] = []
    run_line = 0
    run_base = run_style = plain["."]  # run_style is run_base with the run's lead
    # The fast path: a line of exactly N*N upper-case symbols or blanks and a "\n" or a
    # "\r\n" (as in the public collections) joins the run when it has the run's style.
    width, table = _fast(shape)
    for raw in inp.lines():
        lineno += 1
        size = len(raw)
        if (size == width and raw[-1] == 10) or (size == width + 1 and raw[-2:] == b"\r\n"):
            t = raw[: width - 1].translate(table)
            if 255 not in t:
                has_zero = 48 in raw
                if not (has_zero and 46 in raw):  # not both '0' and '.' as blanks
                    style = (plain if size == width else crlf)["0" if has_zero else "."]
                    if run and style is run_base and not lead and len(run) < rows:
                        run.append(t)
                        continue
                    if run:
                        if held is not None:
                            yield held
                        held = _batch(run, run_line, shape, run_style)  # type: ignore[arg-type]
                    run = [t]
                    run_line = lineno
                    run_base = run_style = style
                    if lead:
                        run_style = Style(NAME, style.blank, style.eol, "".join(lead))
                        lead.clear()
                    continue
        # Everything else: comments, blank lines, other line endings, mistakes.
        text = decode(raw)
        body, eol = split_eol(text)
        s = body.strip()
        if not s or is_comment(s):
            lead.append(text)
            continue
        if run:
            if held is not None:
                yield held
            held = _batch(run, run_line, shape, run_style)  # type: ignore[arg-type]
            run = []
        before = "".join(lead) or None
        lead.clear()
        if shape is None:
            shape = _line_shape(len(s), box)
            width, table = _fast(shape)
        try:
            if shape is None:
                near = _nearest_shape(len(s), box)
                if near is not None:
                    raise CellCountError(f"expected {near.ncells} cells, got {len(s)}")
                raise CellCountError(
                    f"{len(s)} cells do not make a puzzle line (a line holds N*N cells, e.g. 81)"
                )
            grid, style = _parse(s, body, eol, shape, before)
        except SudokuError as e:
            other = _other_size(s, shape) if shape is not None else None
            if shape is not None and other is not None:
                raise inp.fail(
                    MixedSizeError(
                        f"{a_size(other.n)} puzzle ({len(s)} cells) among "
                        f"{shape.n}x{shape.n} puzzles: one input holds puzzles of one size"
                    ),
                    lineno,
                ) from None
            if held is not None:
                yield held
            held = Record(None, lineno, inp.fail(e, lineno), Style(NAME, eol=eol, lead=before))
            continue
        if held is not None:
            yield held
        held = Record(grid, lineno, None, style)
    if run:
        if held is not None:
            yield held
        held = _batch(run, run_line, shape, run_style)  # type: ignore[arg-type]
    if held is None:
        raise inp.fail(ParseError("no puzzle found: nothing but blank lines, comments or borders"))
    if lead and held.style is not None:
        held = held._replace(style=held.style._replace(tail="".join(lead)))
    yield held


def _batch(run: list[bytes], line: int, shape: Shape, style: Style) -> Batch:
    return Batch(b"".join(run), line, len(run), shape, style)


def _fast(shape: Shape | None) -> tuple[int, bytes]:
    """What the fast path needs for ``shape``: the length of a line with its "\\n" and the
    translate table."""
    if shape is None:
        return -1, b""
    return shape.ncells + 1, _in_table(shape.n)


def _nearest_shape(count: int, box: tuple[int, int] | None) -> Shape | None:
    """The size a line of ``count`` cells was most likely meant to have: the square within
    N cells of it (a cell or a few too many or too few), if there is one."""
    n = round(count**0.5)
    shape = shape_for(n, box) if n <= MAX_SYMBOL_SIZE else None
    return shape if shape is not None and abs(shape.ncells - count) < n else None


def _other_size(s: str, shape: Shape) -> Shape | None:
    """The shape of ``s`` if it is a well-formed puzzle line of a size other than
    ``shape``'s."""
    other = _line_shape(len(s), None)
    if other is None or other.n == shape.n:
        return None
    return other if all(_VALUE.get(ch, 99) <= other.n for ch in s) else None


def _parse(s: str, body: str, eol: str, shape: Shape, lead: str | None) -> tuple[Grid, Style]:
    n, ncells = shape.n, shape.ncells
    if len(s) != ncells:
        raise CellCountError(f"expected {ncells} cells, got {len(s)}")
    values = []
    for i, ch in enumerate(s):
        v = _VALUE.get(ch, 99)
        if v > n:
            raise SymbolError(
                f"{ch!r} at {shape.cell_name(i)} is not a digit of {a_size(n)} sudoku",
                cell=shape.cell_name(i),
            )
        values.append(v)
    cells = tuple(values)
    has_dot, has_zero = "." in s, "0" in s
    blank = "0" if has_zero and not has_dot else "."
    if s == body and not (has_dot and has_zero) and s == s.upper():
        return Grid._trusted(cells, shape), Style(NAME, blank, eol, lead)
    start = body.index(s)
    parts = (body[:start],) + ("",) * (ncells - 1) + (body[start + ncells :] + eol,)
    template = Template(parts, tuple(s), cells)
    return Grid._trusted(cells, shape), Style(NAME, blank, eol, lead, template=template)


