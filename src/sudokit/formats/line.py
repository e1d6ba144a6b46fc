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
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, NoReturn

from ..errors import CellCountError, MixedSizeError, RulesError, SudokuError, SymbolError
from ..grid import SYMBOLS, Grid
from ..shape import MAX_SIZE, Shape
from . import _writer
from ._fields import Field, around, find_field, longest_field, read_cells
from ._input import HEAD_SIZE, Input, decode, is_comment, split_eol, unreadable
from ._reading import NO_OPTIONS, ReadOptions, no_puzzle_found
from ._records import NO_FIELDS, Batch, Item, Record, Style, Template, expand, template_fits
from ._regions import is_region_map
from ._spec import Format, no_separator
from ._symbols import (
    MAX_SYMBOL_SIZE,
    SYMBOL_VALUE,
    a_size,
    as_grid,
    box_shape,
    check_symbol_size,
    no_shape_reason,
    shape_for,
    shape_for_count,
    symbol_size_message,
)

if TYPE_CHECKING:
    import numpy as np

NAME = "line"
BLANKS = (".", "0")
#: Lines a Batch holds at most when read_chunks is not told otherwise.
BATCH_ROWS = 4096
DEFAULT = Style(NAME, blank=".")

#: Character -> digit for every size (case-insensitive); blanks are 0.
_VALUE = SYMBOL_VALUE

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
    import numpy as np  # NumPy only for arrays: reading lines stays light

    if not isinstance(style, Style):
        raise TypeError(f"style must be a Style, not {type(style).__name__}")
    rows, ncells = _array_shape(cells)
    n = math.isqrt(ncells)
    if n * n != ncells:
        raise CellCountError(f"{ncells} cells do not make a puzzle line (N*N cells, e.g. 81)")
    check_symbol_size(n, NAME)
    _check_digits(cells, n)
    symbols = np.frombuffer(_out_table(style.blank), dtype=np.uint8)
    eol = np.frombuffer(style.eol.encode(), dtype=np.uint8)
    out = np.empty((rows, ncells + eol.size), dtype=np.uint8)
    out[:, :ncells] = symbols[cells]
    out[:, ncells:] = eol
    return out.tobytes()


def _array_shape(cells: object) -> tuple[int, int]:
    """The (rows, cells per row) of a 2-D integer array; a TypeError or ValueError naming
    ``cells`` for anything else."""
    import numpy as np  # NumPy only for arrays: reading lines stays light

    if not isinstance(cells, np.ndarray):
        raise TypeError(
            f"cells must be a (B, N*N) NumPy array of digits, not {type(cells).__name__}"
        )
    if cells.ndim != 2:
        raise ValueError(f"cells must be a (B, N*N) array, not one of shape {cells.shape}")
    if cells.dtype.kind not in "iu":
        raise TypeError(f"cells must hold integers (digits, 0 for a blank), not {cells.dtype}")
    return int(cells.shape[0]), int(cells.shape[1])


def _check_digits(cells: np.ndarray, n: int) -> None:
    """Every value a digit of an N x N puzzle or 0; else a SymbolError naming the first
    one out of range, its row and its cell."""
    import numpy as np  # NumPy only for arrays: reading lines stays light

    if not cells.size or (cells.max() <= n and (cells.dtype.kind == "u" or cells.min() >= 0)):
        return  # the usual case: two reductions, no array made
    bad = (cells < 0) | (cells > n)
    if bad.any():
        row, cell = divmod(int(np.argmax(bad)), cells.shape[1])
        raise SymbolError(
            f"cells holds {cells[row, cell]} at row {row + 1}, r{cell // n + 1}c{cell % n + 1}: a "
            f"{n}x{n} puzzle's digits are 1 to {n} (0 for a blank)"
        )


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


def dump_array(cells: np.ndarray, path: str | os.PathLike[str], **style: str) -> None:
    """Write the rows of a (B, N*N) array of digits to a file of lines (the inverse of
    ``load_array``). ``style``: ``blank`` (``"."`` or ``"0"``) and ``eol``."""
    data = encode_array(cells, FORMAT.style(**style))
    with open(os.fspath(path), "wb") as f:
        f.write(data)


def _array(inp: Input, box: tuple[int, int] | None) -> np.ndarray:
    import numpy as np  # NumPy only for arrays: reading lines stays light

    parts = []
    for item in read_chunks(inp, ReadOptions(box)):
        if isinstance(item, Batch):
            parts.append(item.array())
        elif item.error is not None:
            raise item.error
        elif item.item is not None:
            parts.append(np.array([as_grid(item.item).cells], dtype=np.uint8))
    return np.concatenate(parts)


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as lines. Options: ``blank`` (``"."`` or ``"0"``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a text of lines; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions = NO_OPTIONS) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, one per puzzle line, in order."""
    return expand(read_chunks(inp, options))


def read_chunks(
    inp: Input, options: ReadOptions = NO_OPTIONS, rows: int = BATCH_ROWS
) -> Iterator[Record | Batch]:
    """The puzzles of ``inp`` in order: runs of up to ``rows`` well-formed lines of one
    style as a :class:`Batch` each, everything else (puzzles laid out otherwise, lines that
    cannot be read) as a Record each. ``expand`` turns this into ``read_records``."""
    return _chunks(inp, options.box, rows)


def _line_shape(count: int, box: tuple[int, int] | None) -> Shape | None:
    """The shape of a line of ``count`` cells: a square of a size the line form can write
    (up to 35x35), or None."""
    shape = shape_for_count(count, box)
    return shape if shape is not None and shape.n <= MAX_SYMBOL_SIZE else None


#: The bytes of a puzzle line of the usual form (cell symbols and the two blanks).
_SYMBOL_BYTES = (SYMBOLS + SYMBOLS.lower() + ".0").encode()


def guess_shape(head: bytes, box: tuple[int, int] | None = None) -> Shape | None:
    """The shape most puzzle lines at the start of the input have (None if none fits);
    lines that hold no puzzle field do not count."""
    lines = head.split(b"\n", 1000)[:1000]
    if len(head) >= HEAD_SIZE:
        lines = lines[:-1]  # the last one may be cut short
    lengths: Counter[int] = Counter()
    for raw in lines:
        s = raw.strip()
        if not s or s.startswith(b"#"):
            continue
        if not s.translate(None, _SYMBOL_BYTES):
            lengths[len(s)] += 1
            continue
        field = find_field(decode(s), None, box)
        if field is not None:
            lengths[field.end - field.start] += 1
    for length, _ in lengths.most_common():
        shape = _line_shape(length, box)
        if shape is not None:
            return shape
    return None


def _chunks(inp: Input, box: tuple[int, int] | None, rows: int) -> Iterator[Record | Batch]:
    runs = _Runs(inp, box, rows)
    if inp.cr_only:  # lines that end with a lone "\r": read one by one
        for raw in inp.lines():
            runs.read_lines([raw])
            yield from runs.ready
            runs.ready.clear()
        last = runs.finish()
        yield from runs.ready
        yield last
        return
    for data in inp.blocks(_BLOCK_BYTES):
        try:
            runs.read_block(data)
        except SudokuError:
            yield from runs.ready  # what was read before the input turned out unreadable
            raise
        yield from runs.ready
        runs.ready.clear()
    last = runs.finish()
    yield from runs.ready
    yield last


#: Bytes read at once. A block of lines that all have the usual form is checked and
#: converted with NumPy in one go (when it holds at least _NUMPY_MIN_BYTES).
_BLOCK_BYTES = 1 << 18
_NUMPY_MIN_BYTES = 1 << 13

#: The style of a line of the usual form, by (line ending, blank): shared objects, so that
#: a run's style is compared by identity.
_STYLES = {(eol, blank): Style(NAME, blank, eol) for eol in ("\n", "\r\n") for blank in BLANKS}


class _Runs:
    """What reading one input of lines keeps: the run of well-formed lines being gathered
    (their digits, first line, style), the comments that will lead the next puzzle, and
    the last item, held back so that the comments after the last puzzle of the input can
    become its style's tail. ``ready`` holds the items finished so far."""

    def __init__(self, inp: Input, box: tuple[int, int] | None, rows: int) -> None:
        self.inp = inp
        self.box = box
        self.max_rows = rows
        self.shape = box_shape(box) or guess_shape(inp.head, box)
        if self.shape is not None:
            check_symbol_size(self.shape.n, NAME)
        self.lead: list[str] = []
        self.lineno = 0
        self.held: Record | Batch | None = None
        self.ready: list[Record | Batch] = []
        self.run: list[bytes] = []
        self.run_rows = 0
        self.run_line = 0
        self.run_base = self.run_style = _STYLES["\n", "."]  # run_style: with the run's lead

    def read_block(self, data: bytes) -> None:
        """Read the lines of ``data`` (whole lines, the last one maybe without an end)."""
        if len(data) < _NUMPY_MIN_BYTES or self.shape is None:
            self.read_lines(_split_lines(data))
            return
        lines = _LineKinds(data, self.shape)
        for first, last, kind in lines.segments():
            if kind < 0:  # lines of some other form, one by one
                self.read_lines(data[lines.starts[i] : lines.ends[i]] for i in range(first, last))
            else:
                eol, blank = _KINDS[kind]
                self.add_rows(lines.cells_of(first, last), last - first, _STYLES[eol, blank])

    def add_rows(self, cells: bytes, count: int, style: Style) -> None:
        """Add ``count`` well-formed lines of ``style`` (their digits), the next lines read."""
        assert self.shape is not None  # well-formed lines have a shape
        ncells = self.shape.ncells
        at = 0
        while at < count:
            joins = (self.run_rows and style is self.run_base and not self.lead
                     and self.run_rows < self.max_rows)
            if not joins:
                self._end_run()
                self.run_line = self.lineno + at + 1
                self.run_base = self.run_style = style
                if self.lead:
                    self.run_style = style._replace(lead="".join(self.lead))
                    self.lead.clear()
            take = min(count - at, self.max_rows - self.run_rows)
            self.run.append(cells[at * ncells : (at + take) * ncells])
            self.run_rows += take
            at += take
        self.lineno += count

    def read_lines(self, lines: Iterable[bytes]) -> None:
        """Read lines one by one (each with its line ending)."""
        width, table = _fast(self.shape)
        for raw in lines:
            # The fast path: a line of exactly N*N upper-case symbols or blanks and a "\n" or
            # a "\r\n" (as in the public collections).
            size = len(raw)
            if (size == width and raw[-1] == 10) or (
                size == width + 1 and raw[-2:] == b"\r\n"
            ):
                t = raw[: width - 1].translate(table)
                if 255 not in t:
                    has_zero = 48 in raw
                    if not (has_zero and 46 in raw):  # not both '0' and '.' as blanks
                        eol = "\n" if size == width else "\r\n"
                        self.add_rows(t, 1, _STYLES[eol, "0" if has_zero else "."])
                        continue
            self.lineno += 1
            self._read_other(raw)
            width, table = _fast(self.shape)  # the first puzzle line may have set the shape

    def _read_other(self, raw: bytes) -> None:
        """Comments, blank lines, other line endings and layouts, mistakes."""
        text = decode(raw)
        body, eol = split_eol(text)
        s = body.strip()
        bad = unreadable(raw, text)
        if bad is None and (not s or is_comment(s)):
            self.lead.append(text)
            return
        self._end_run()
        before = "".join(self.lead) or None
        self.lead.clear()
        if bad is not None:  # this line only: the others are read on
            error = self.inp.fail(bad, self.lineno)
            self._put(Record(None, self.lineno, error, Style(NAME, eol=eol, lead=before)))
            return
        shape = self.shape
        field = find_field(body, shape, self.box)
        try:
            if field is None:
                _no_field(body, s, shape, self.box)
            if shape is None:
                shape = self.shape = field.shape
            _not_regions(s, shape.n)
            grid, style, fields = _parse(body, eol, field, shape, before)
        except SudokuError as e:
            error = self.inp.fail(e, self.lineno)
            self._put(Record(None, self.lineno, error, Style(NAME, eol=eol, lead=before)))
            return
        self._put(Record(grid, self.lineno, None, style, fields))

    def finish(self) -> Record | Batch:
        """The last item of the input, with what followed it as its tail."""
        self._end_run()
        held = self.held
        if held is None:
            raise self.inp.fail(no_puzzle_found())
        if self.lead and held.style is not None:
            held = held._replace(style=held.style._replace(tail="".join(self.lead)))
        return held

    def _put(self, item: Record | Batch) -> None:
        if self.held is not None:
            self.ready.append(self.held)
        self.held = item

    def _end_run(self) -> None:
        if self.run_rows:
            assert self.shape is not None  # a run has well-formed lines
            cells = b"".join(self.run)
            self._put(Batch(cells, self.run_line, self.run_rows, self.shape, self.run_style))
            self.run = []
            self.run_rows = 0


def _not_regions(text: str, n: int) -> None:
    """Refuse a line whose text after the clues is a map of jigsaw regions: read as a
    comment, its puzzle would be solved under other rules."""
    fields = text.split()
    if len(fields) == 2 and is_region_map(fields[1], n):
        raise RulesError("the text after the clues is a map of jigsaw regions: read the input "
                         "--from jigsaw")


def _split_lines(data: bytes) -> list[bytes]:
    """The lines of ``data``, each with its "\\n" (as iterating over a binary file gives
    them: a lone "\\r" does not end a line)."""
    lines = [line + b"\n" for line in data.split(b"\n")]
    last = lines.pop()
    if len(last) > 1:  # text after the last "\n"
        lines.append(last[:-1])
    return lines


#: (line ending, blank) of each kind of well-formed line that _LineKinds tells apart.
_KINDS = (("\n", "."), ("\n", "0"), ("\r\n", "."), ("\r\n", "0"))


class _LineKinds:
    """The lines of a block of bytes sorted out with NumPy: where each starts and ends, and
    its kind: an index into _KINDS for a well-formed line (N*N upper-case symbols or blanks,
    one kind of blank, "\\n" or "\\r\\n"), -1 for any other."""

    def __init__(self, data: bytes, shape: Shape) -> None:
        import numpy as np  # NumPy only for arrays: reading lines stays light

        raw = np.frombuffer(data, dtype=np.uint8)
        ends = np.flatnonzero(raw == 10) + 1  # each line ends after its "\n" ...
        if not data.endswith(b"\n"):
            ends = np.append(ends, len(data))  # ... but the last one may have none
        starts = np.concatenate(([0], ends[:-1]))
        ncells = shape.ncells
        lengths = ends - starts
        ends_lf = raw[ends - 1] == 10
        # the form of each line: 0 N*N bytes and "\n", 1 N*N bytes and "\r\n", -1 other
        form = np.full(len(starts), -1, dtype=np.int8)
        form[(lengths == ncells + 1) & ends_lf] = 0
        form[(lengths == ncells + 2) & ends_lf & (raw[np.maximum(ends - 2, 0)] == 13)] = 1
        values = np.frombuffer(data.translate(_in_table(shape.n)), dtype=np.uint8)
        self.cells = np.zeros((len(starts), ncells), dtype=np.uint8)
        self.kind = np.full(len(starts), -1, dtype=np.int8)
        for first, last, line_form in _stretches(form):
            if line_form < 0:
                continue
            # consecutive lines of one length: a 2-D view of the bytes, no copy
            lo, hi, width = starts[first], ends[last - 1], ncells + 1 + line_form
            text = raw[lo:hi].reshape(-1, width)[:, :ncells]
            cells = values[lo:hi].reshape(-1, width)[:, :ncells]
            zero = (text == 48).any(axis=1)
            good = (cells != 255).all(axis=1) & ~(zero & (text == 46).any(axis=1))
            self.kind[first:last] = np.where(good, 2 * line_form + zero, -1)
            self.cells[first:last] = cells
        self.starts = starts.tolist()
        self.ends = ends.tolist()

    def segments(self) -> Iterator[tuple[int, int, int]]:
        """(first, last + 1, kind) of each stretch of lines of one kind, in order."""
        return _stretches(self.kind)

    def cells_of(self, first: int, last: int) -> bytes:
        """The digits of well-formed lines first..last-1, N*N bytes per line."""
        return self.cells[first:last].tobytes()


def _stretches(values: np.ndarray) -> Iterator[tuple[int, int, int]]:
    """(first, last + 1, value) of each stretch of equal values of a 1-D array, in order."""
    import numpy as np  # NumPy only for arrays: reading lines stays light

    bounds = [0, *(np.flatnonzero(values[1:] != values[:-1]) + 1).tolist(), len(values)]
    for first, last in zip(bounds, bounds[1:], strict=False):
        yield first, last, int(values[first])


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


def _no_field(
    body: str, s: str, shape: Shape | None, box: tuple[int, int] | None
) -> NoReturn:
    """Raise the error of a line without a puzzle field: another size, a count of cells
    off, or a symbol that is no digit."""
    if shape is not None:
        other = find_field(body, None, None)
        if other is not None and other.shape.n != shape.n:
            count = other.end - other.start
            raise MixedSizeError(
                f"{a_size(other.shape.n)} puzzle ({count} cells) among "
                f"{shape.n}x{shape.n} puzzles: one input holds puzzles of one size"
            )
    meant = longest_field(body) or s
    if shape is None:
        near = _nearest_shape(len(meant), box)
        if near is not None:
            if len(meant) == near.ncells:
                read_cells(meant, near)  # raises, naming the symbol that is no digit
            raise CellCountError(f"expected {near.ncells} cells, got {len(meant)}")
        n = math.isqrt(len(meant))
        if n * n == len(meant) and n > MAX_SYMBOL_SIZE:
            why = symbol_size_message(n, NAME) if n <= MAX_SIZE else no_shape_reason(n)
            raise CellCountError(f"{len(meant)} cells: {why}")
        raise CellCountError(
            f"{len(meant)} cells do not make a puzzle line (a line holds N*N cells, e.g. 81)"
        )
    if len(meant) == shape.ncells:
        read_cells(meant, shape)  # raises, naming the symbol that is no digit
    raise CellCountError(f"expected {shape.ncells} cells, got {len(meant)}")


def _parse(
    body: str, eol: str, field: Field, shape: Shape, lead: str | None
) -> tuple[Grid, Style, Mapping[str, str]]:
    text = body[field.start : field.end]
    cells, blank = read_cells(text, shape)
    grid = Grid.unchecked(cells, shape)
    if text == body and blank in "0." and not ("." in text and "0" in text) and (
        text == text.upper()
    ):
        return grid, Style(NAME, blank, eol, lead), NO_FIELDS
    ncells = shape.ncells
    parts = (body[: field.start],) + ("",) * (ncells - 1) + (body[field.end :] + eol,)
    template = Template(parts, tuple(text), cells)
    return grid, Style(NAME, blank, eol, lead, template=template), around(body, field)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    blanks=BLANKS,
    separator=no_separator,
    read_chunks=read_chunks,
)
