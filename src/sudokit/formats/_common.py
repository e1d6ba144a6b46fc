"""What every format module shares: the style of a puzzle as it was read, the record a
reader yields, and the input a reader consumes.

A *style* carries what a writer needs to give back the bytes it was read from: the blank
character, the line ending, the text before the puzzle (comments, blank lines) and after the
last one, and, for a puzzle laid out in a way the writer would not produce by itself, a
*template*: the original text cut around its cell tokens.
"""

from __future__ import annotations

import functools
import io
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from math import isqrt
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, BinaryIO, Generic, NamedTuple, Protocol, TypeVar

from ..candidates import Candidates
from ..errors import SudokuError
from ..grid import SYMBOLS, Grid
from ..shape import MAX_SIZE, Shape

if TYPE_CHECKING:
    import numpy as np

#: Bytes read before deciding on a format (a whole binary grid fits: 4 * 64 * 64 = 16,384).
HEAD_SIZE = 1 << 16

#: The largest N a format that writes one symbol per digit can express (1-9, then A-Z).
MAX_SYMBOL_SIZE = len(SYMBOLS)

Item = Grid | Candidates

#: What a format reads: grids, boards, or either.
ItemT = TypeVar("ItemT", bound=Item)


class Template(NamedTuple):
    """A puzzle's original text cut around its cells: ``parts[0] tokens[0] parts[1] ...
    tokens[-1] parts[-1]``. ``values[i]`` is what ``tokens[i]`` stood for (a digit, or a
    candidate mask), so a cell whose value is unchanged is written back as it was read."""

    parts: tuple[str, ...]
    tokens: tuple[str, ...]
    values: tuple[int, ...]

    def fill(self, values: Sequence[int], token: Callable[[int], str]) -> str:
        """The template's text with ``values`` in its cells (``token(v)`` for a new value)."""
        parts, tokens, old = self.parts, self.tokens, self.values
        out = [parts[0]]
        for i, v in enumerate(values):
            out.append(tokens[i] if v == old[i] else token(v))
            out.append(parts[i + 1])
        return "".join(out)


class Style(NamedTuple):
    """How one puzzle is laid out in its format.

    ``blank``: the character (or token) of a blank cell; ``eol``: the line ending;
    ``lead``: the exact text before the puzzle (None: the format's usual separator);
    ``tail``: text after the last puzzle of an input; ``form``: a variant of the format
    (candidates: ``"line"`` or ``"board"``); ``template``: the original text of a puzzle laid
    out in a way the writer would not produce by itself.
    """

    fmt: str
    blank: str = "."
    eol: str = "\n"
    lead: str | None = None
    tail: str = ""
    form: str = ""
    template: Template | None = None


#: The ``fields`` of a record that carries none (shared, read-only).
NO_FIELDS: Mapping[str, str] = MappingProxyType({})


class Record(NamedTuple):
    """One puzzle read from an input: ``item``, or ``error`` saying why it could not be read.

    ``line`` is the 1-based line where the puzzle starts; ``style`` is what a writer of the
    same format needs to give back the same bytes (pass it to :meth:`Writer.write`).
    ``fields`` holds what the input says about the puzzle besides its cells, as text by
    name (``rating``, ``comment``, ``name``, ``solution``...; the names are listed in
    ``docs/formats.md``), in the order the input gives them; empty for most formats.
    """

    item: Grid | Candidates | None
    line: int
    error: SudokuError | None = None
    style: Style | None = None
    fields: Mapping[str, str] = NO_FIELDS


class Batch(NamedTuple):
    """Consecutive puzzles read at once: ``rows`` lines of one style, from line ``line``
    on, with nothing between them. ``cells`` holds their digits, ``shape.ncells`` bytes per
    puzzle (0 for a blank): the form a batch solver takes (``array()``). ``style`` is the
    style of each of them, except that its ``lead`` goes before the first only and its
    ``tail`` after the last only. ``records()`` gives the same puzzles one Record each."""

    cells: bytes
    line: int
    rows: int
    shape: Shape
    style: Style

    def records(self) -> Iterator[Record]:
        """One Record per puzzle, in order, as a reader of single records gives them."""
        style = self.style
        inner = style._replace(lead=None, tail="")
        styles = [inner] * self.rows
        styles[0] = styles[0]._replace(lead=style.lead)
        styles[-1] = styles[-1]._replace(tail=style.tail)
        make = record_maker()
        trusted = Grid._trusted
        shape = self.shape
        unpack = _unpacker(shape.ncells)
        for i, cells in enumerate(unpack(self.cells)):
            yield make(trusted(cells, shape), self.line + i, styles[i])

    def array(self) -> np.ndarray:
        """The puzzles as a read-only (rows, N*N) uint8 NumPy array."""
        import numpy as np

        return np.frombuffer(self.cells, dtype=np.uint8).reshape(self.rows, self.shape.ncells)


@functools.cache
def _unpacker(ncells: int) -> Callable[[bytes], Iterator[tuple[int, ...]]]:
    return struct.Struct(f"{ncells}B").iter_unpack


def expand(items: Iterable[Record | Batch]) -> Iterator[Record]:
    """Records one by one, each Batch among ``items`` turned into its records."""
    for item in items:
        if type(item) is Batch:
            yield from item.records()
        else:
            yield item  # type: ignore[misc]


#: What a reader yields: records, or records and batches.
ChunkT = TypeVar("ChunkT", bound=Record | Batch)


def record_maker() -> Callable[[Item, int, Style], Record]:
    """A fast ``lambda item, line, style: Record(item, line, None, style)`` for hot loops: it
    builds the tuple directly, skipping the generated ``__new__`` with its defaults."""
    new = tuple.__new__

    def make(item: Item, line: int, style: Style) -> Record:
        return new(Record, (item, line, None, style, NO_FIELDS))

    return make


class _Chain(io.RawIOBase):
    """A raw stream that gives ``head`` and then the rest of ``stream``."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        super().__init__()
        self._head = memoryview(head)
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        read1 = getattr(self._stream, "read1", None)
        data = read1(len(buffer)) if read1 is not None else self._stream.read(len(buffer))
        if not data:
            return 0
        n = len(data)
        buffer[:n] = data
        return n


_BOM = b"\xef\xbb\xbf"


def with_bom(inp: Input, records: Iterator[ChunkT]) -> Iterator[ChunkT]:
    """``records``, the first one's lead starting with the input's byte order mark if it had
    one (so that writing it back gives the same bytes)."""
    if not inp.bom:
        return records
    return _bom_first(inp.bom, records)


def _bom_first(bom: str, records: Iterator[ChunkT]) -> Iterator[ChunkT]:
    first = next(records, None)
    if first is None:
        return
    if first.style is not None:
        style = first.style._replace(lead=bom + (first.style.lead or ""))
        yield first._replace(style=style)  # type: ignore[misc]
    else:
        yield first
    yield from records


class Input:
    """One input being read: ``head`` (already read to detect the format) then the rest."""

    def __init__(self, stream: BinaryIO, source: str | None, head: bytes | None = None) -> None:
        self.stream = stream
        self.source = source
        self.head = stream.read(HEAD_SIZE) if head is None else head
        #: A UTF-8 byte order mark the input started with (as editors on Windows write it):
        #: kept out of the readers' way, and given back in the first record's lead.
        self.bom = ""
        if self.head.startswith(_BOM):
            self.head = self.head[len(_BOM) :]
            self.bom = "\ufeff"
        self._used = False

    def lines(self) -> Iterator[bytes]:
        """The input's lines, each with its line ending, read as they are needed."""
        self._claim()
        if len(self.head) < HEAD_SIZE:  # the whole input is in the head
            return iter(io.BytesIO(self.head))
        return iter(io.BufferedReader(_Chain(self.head, self.stream), buffer_size=HEAD_SIZE))

    def blocks(self, size: int) -> Iterator[bytes]:
        """The input in pieces of about ``size`` bytes, each made of whole lines (the last
        piece may end without a line ending), read as they are needed."""
        self._claim()
        if len(self.head) < HEAD_SIZE:  # the whole input is in the head
            if self.head:
                yield self.head
            return
        reader = io.BufferedReader(_Chain(self.head, self.stream), buffer_size=HEAD_SIZE)
        while data := reader.read(size):
            if data[-1] != 10:
                data += reader.readline()
            yield data

    def reader(self) -> io.BufferedReader:
        """The whole input as one buffered binary stream (for formats without lines)."""
        self._claim()
        return io.BufferedReader(_Chain(self.head, self.stream), buffer_size=HEAD_SIZE)

    def read(self, limit: int) -> bytes:
        """Up to ``limit`` bytes of the input (more would be a mistake the caller reports)."""
        self._claim()
        if len(self.head) >= limit:
            return self.head[:limit]
        return self.head + self.stream.read(limit - len(self.head))

    def _claim(self) -> None:
        if self._used:
            raise RuntimeError("an input can be read once")
        self._used = True

    def fail(self, error: SudokuError, line: int | None = None) -> SudokuError:
        """``error`` located in this input (for raising or for a record)."""
        return error.located(source=self.source, line=line)


def decode(raw: bytes) -> str:
    """A line of input as text (bytes that are not UTF-8 become U+FFFD, reported later as
    characters that are not digits)."""
    return raw.decode("utf-8", "replace")


def split_eol(text: str) -> tuple[str, str]:
    """(body, line ending) of one line."""
    if text.endswith("\r\n"):
        return text[:-2], "\r\n"
    if text.endswith(("\n", "\r")):
        return text[:-1], text[-1]
    return text, ""


def is_comment(stripped: str) -> bool:
    """A comment line: one whose first character (after spaces) is ``#``."""
    return stripped.startswith("#")


def shape_for(n: int, box: tuple[int, int] | None) -> Shape | None:
    """The shape of an N x N puzzle, or None if sudokit cannot infer one (no natural box,
    or N below 4: a line of 1 or 9 characters is not taken for a tiny puzzle)."""
    if box is not None:
        return Shape.for_size(n, box) if box[0] * box[1] == n else None
    if n < 4 or n > MAX_SIZE:
        return None
    try:
        return Shape.for_size(n)
    except SudokuError:
        return None


def shape_for_count(count: int, box: tuple[int, int] | None) -> Shape | None:
    """The shape of a puzzle of ``count`` cells, or None."""
    n = isqrt(count)
    return shape_for(n, box) if n * n == count else None


def box_shape(box: tuple[int, int] | None) -> Shape | None:
    """The shape a ``box=(R, C)`` argument fixes (None when not given)."""
    return None if box is None else Shape.for_size(box[0] * box[1], box)


def as_grid(item: Item) -> Grid:
    """The digits of an item: a grid itself, or a candidates board's solved cells."""
    return item.to_grid() if isinstance(item, Candidates) else item


def a_size(n: int) -> str:
    """``"a 9x9"``, ``"an 8x8"``: a size with its article, for messages."""
    return f"{'an' if str(n).startswith('8') or n in (11, 18) else 'a'} {n}x{n}"


def symbol(v: int) -> str:
    """The one-character symbol of digit ``v`` (1-9, then A-Z)."""
    return SYMBOLS[v - 1]


def check_symbol_size(n: int, fmt: str) -> None:
    """Formats that write one symbol per digit stop at 35 (1-9 then A-Z)."""
    if n > MAX_SYMBOL_SIZE:
        from ..errors import ShapeError

        raise ShapeError(
            f"the {fmt} format writes one symbol per digit (1-9, A-Z), so it stops at "
            f"{MAX_SYMBOL_SIZE}x{MAX_SYMBOL_SIZE}; {a_size(n)} grid needs grid, csv, json or binary"
        )


def as_items(items: Item | Iterable[Item]) -> list[Item]:
    """One item or many, as a list."""
    if isinstance(items, Grid | Candidates):
        return [items]
    return list(items)


def template_fits(style: Style, ncells: int) -> Template | None:
    """The style's template, if it has one for a puzzle of this many cells."""
    t = style.template
    return t if t is not None and len(t.tokens) == ncells else None


def with_tail(inp: Input, records: Iterable[Record | str]) -> Iterator[Record]:
    """The records of a reader that yields them, and then, as a plain string, the text after
    the last one: that text becomes the last record's ``style.tail``. An input without a
    single puzzle (only blank lines or comments) is an error of the whole input."""
    from ..errors import ParseError

    held: Record | None = None
    for r in records:
        if isinstance(r, str):
            if held is not None and r and held.style is not None:
                held = held._replace(style=held.style._replace(tail=r))
            continue
        if held is not None:
            yield held
        held = r
    if held is None:
        raise inp.fail(ParseError("no puzzle found: nothing but blank lines, comments or borders"))
    yield held


def loads_with(
    read_records: Callable[[Input, tuple[int, int] | None], Iterator[Record]],
    data: str | bytes,
    box: tuple[int, int] | None,
) -> list[Item]:
    """Every item a reader finds in ``data``; the first error is raised."""
    raw = data.encode() if isinstance(data, str) else bytes(data)
    inp = Input(io.BytesIO(raw), None)
    items: list[Item] = []
    for record in with_bom(inp, read_records(inp, box)):
        if record.error is not None:
            raise record.error
        assert record.item is not None  # a record holds an item or an error
        items.append(record.item)
    return items


class Loads(Protocol, Generic[ItemT]):
    """The ``loads`` function of a format module."""

    def __call__(self, data: str | bytes, box: tuple[int, int] | None = None) -> list[ItemT]: ...


def make_loads(module: ModuleType, reads: type[ItemT], doc: str) -> Loads[ItemT]:
    """The ``loads`` function of format ``module`` (documented as ``doc``): every item its
    ``read_records`` finds in a text, the first error raised. ``reads`` says what the items
    are (for the type checker)."""

    def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[ItemT]:
        return loads_with(module.read_records, data, box)  # type: ignore[return-value]

    loads.__doc__ = doc
    loads.__module__ = module.__name__
    return loads
