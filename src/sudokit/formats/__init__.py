"""Reading and writing puzzles in every format sudokit knows, one module per format.

=============  ==============================================================================
``line``       one puzzle per line, N*N symbols (1-9, A-Z), ``.`` or ``0`` blank; ``#`` comments
``grid``       N lines of N space-separated integers, ``0`` blank (seed 004)
``csv``        N lines of N comma-separated values, ``.``/``0``/empty blank (seed 002's input)
``table``      N lines like ``|6|2|8|3|5|1|7|9|4|`` (seed 002's output)
``text``       any text: its digits (and ``.``, letters) in order, the rest ignored (seed 003)
``pretty``     a picture with box separators, also for candidates (seeds 000, 001)
``binary``     N*N little-endian int32, one grid per file (seed 000)
``candidates`` each cell's N candidate characters: the 810-byte NUL board (seed 001) or the
               729-character line
``json``       ``{"size": 9, "box": [3, 3], "cells": [[...], ...]}``, one object per line
=============  ==============================================================================

Each module has ``loads(data, box=None) -> list`` and ``dumps(items, **style) -> str`` (bytes
for binary); :func:`loads` and :func:`dumps` here take the format's name, :func:`read` and
:class:`Writer` stream. Whatever is read and written again in the same format comes back byte
for byte: each :class:`Record` carries the :class:`Style` its puzzle was laid out in (blank
character, line ending, comments before it, or the whole layout when it is unusual), and a
writer given that style reproduces it, for the puzzle or for its solution.

Reading streams: :func:`read` yields records as it reads (the line format at several hundred
thousand lines a second, in constant memory); a puzzle that cannot be read is a record with an
``error``, and reading goes on. Writing: a :class:`Writer` puts each format's separator
between puzzles (none for line, candidates and json, whose puzzles end their lines; a blank
line for grid, csv, table, pretty and text), and a message such as ``ERROR: Puzzle not
solveable`` in place of an answer.

How :func:`detect` decides (``head`` is the start of the input):

1. The file name: ``.bin`` is binary, ``.csv`` csv, ``.json``/``.jsonl`` json.
2. Empty (or only blank) input is an error (a UTF-8 byte order mark is skipped, and kept).
3. Bytes with NULs: a candidates board if the first NUL follows N characters that are
   digits-or-dots of a cell; binary if the whole input is 4*N*N bytes of little-endian
   integers 0..N; anything else with NULs, or bytes that are not UTF-8 text, is an error.
4. Otherwise the first lines that are neither blank nor ``#`` comments decide (border lines,
   such as ``+-+-+``, are passed over):

   - a border starting ``.-``: pretty (a candidates picture);
   - ``{`` or ``[`` first: json;
   - lines without spaces of N*N symbols (or of 16 or more, when none has a right
     length: a typo is reported by the line reader): line, unless N*N*N characters follow the
     pencilmark pattern (place d holds d or ``.``; not every cell empty, and for 64
     characters, which are also an 8x8 line, no cell empty): candidates;
   - ``|x|x|...|`` with one symbol between bars: table;
   - at least 4 comma-separated fields, three quarters of them integers or blanks: csv;
   - at least 4 space-separated tokens, three quarters of them integers (or ``.``), and no
     ``|``: grid (pretty if rules such as ``-------`` stand between the rows);
   - single symbols (or numbers, past 35x35) with ``|`` between equal groups: pretty;
   - anything else: text.
"""

from __future__ import annotations

import importlib
import io
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from types import ModuleType
from typing import BinaryIO

from ..candidates import Candidates
from ..errors import ParseError, SudokuError
from ..grid import Grid
from ._common import (
    HEAD_SIZE,
    Batch,
    ChunkT,
    Input,
    Item,
    Record,
    Style,
    Template,
    expand,
    with_bom,
)
from ._writer import ModuleWriter

__all__ = [
    "EXTENSIONS",
    "Batch",
    "FORMATS",
    "Reader",
    "Record",
    "Style",
    "Template",
    "Writer",
    "detect",
    "detect_stream",
    "dump",
    "dumps",
    "format_for_path",
    "load",
    "loads",
    "read",
]


class _Registry(Mapping[str, ModuleType]):
    """Format name -> module, each module imported the first time it is asked for (a
    program that reads lines need not load the JSON or pencilmark readers)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names

    def __getitem__(self, name: str) -> ModuleType:
        if name not in self._names:
            raise KeyError(name)
        return importlib.import_module(f"{__name__}.{name}")

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __repr__(self) -> str:
        return f"<sudokit formats: {', '.join(self._names)}>"


#: Every format, by name: each module has ``loads``, ``dumps``, ``read_records``, ``encode``.
FORMATS: Mapping[str, ModuleType] = _Registry(
    ("line", "grid", "csv", "table", "text", "pretty", "binary", "candidates", "json")
)

#: The format a file name's extension stands for (what ``--to`` defaults to for ``-o FILE``).
EXTENSIONS: dict[str, str] = {
    ".bin": "binary",
    ".csv": "csv",
    ".json": "json",
    ".jsonl": "json",
    ".txt": "line",
    ".sdm": "line",
    ".line": "line",
    ".grid": "grid",
    ".table": "table",
    ".text": "text",
    ".pretty": "pretty",
    ".cand": "candidates",
}

#: Extensions that decide the format when reading, whatever the content looks like.
_TRUSTED_EXTENSIONS = (".bin", ".csv", ".json", ".jsonl")


def format_for_path(path: str | os.PathLike[str] | None) -> str | None:
    """The format a file name's extension stands for, or None."""
    if path is None:
        return None
    return EXTENSIONS.get(os.path.splitext(os.fspath(path))[1].lower())


def _module(fmt: str) -> ModuleType:
    module = FORMATS.get(fmt)
    if module is None:
        raise SudokuError(f"unknown format {fmt!r}; the formats are: {', '.join(FORMATS)}")
    return module


# -- detection ----------------------------------------------------------------------

_SYMBOL_LINE = re.compile(r"[0-9.A-Za-z]+")
_TABLE_ROW = re.compile(r"\|(?:\s*[^|\s]?\s*\|)+")
_CSV_FIELD = re.compile(r"\s*(?:\d+|\.)?\s*")
_GRID_TOKEN = re.compile(r"\d+|\.")
_PRETTY_TOKEN = re.compile(r"[0-9.A-Za-z]|\d+")


def detect(head: bytes, filename: str | None = None) -> str:
    """The name of the format ``head`` (the first bytes of an input) is written in.

    ``filename`` helps where its extension is decisive (``.bin``, ``.csv``, ``.json``).
    Raises ParseError for an empty input and for bytes that are no sudoku format. The rules
    are in this module's docstring.
    """
    ext = os.path.splitext(filename)[1].lower() if filename else ""
    if ext in _TRUSTED_EXTENSIONS:
        return EXTENSIONS[ext]
    head = head.removeprefix(b"\xef\xbb\xbf")  # a byte order mark says nothing
    if not head.strip():
        raise ParseError("empty input: no puzzle to read")
    if b"\0" in head:
        if _is_board(head):
            return "candidates"
        if len(head) < HEAD_SIZE and _is_binary_grid(head):
            return "binary"
        raise ParseError(_NOT_TEXT)
    try:
        # the head may end inside a character: drop up to 3 bytes of it
        body = head.decode("utf-8") if len(head) < HEAD_SIZE else _decode_cut(head)
    except UnicodeDecodeError:
        raise ParseError(_NOT_TEXT) from None
    if any(ord(ch) < 32 and ch not in "\t\n\r\f\v" for ch in body[:4096]):
        raise ParseError(_NOT_TEXT)
    rows = _significant_lines(body, complete=len(head) < HEAD_SIZE)
    if not rows:
        raise ParseError("no puzzle found: nothing but blank lines, comments or borders")
    return _detect_text(rows)


_NOT_TEXT = (
    "binary data that is not a puzzle (a binary grid is 4*N*N bytes, 324 for a 9x9; a "
    "candidates board 810 bytes of digits, dots and NULs)"
)


def _is_binary(head: bytes) -> bool:
    """NULs, or bytes that are not UTF-8."""
    if b"\0" in head:
        return True
    try:
        head.decode("utf-8") if len(head) < HEAD_SIZE else _decode_cut(head)
    except UnicodeDecodeError:
        return True
    return False


def _decode_cut(head: bytes) -> str:
    for cut in range(4):
        try:
            return head[: len(head) - cut].decode("utf-8")
        except UnicodeDecodeError:
            continue
    raise UnicodeDecodeError("utf-8", head, 0, len(head), "not UTF-8")


def _significant_lines(body: str, complete: bool, limit: int = 8) -> list[str]:
    lines = body.split("\n")
    if not complete and len(lines) > 1:
        lines = lines[:-1]
    out = []
    for s in lines:
        s = s.strip()
        if s and not s.startswith("#"):
            out.append(s)
            if len(out) == limit:
                break
    return out


def _is_board(head: bytes) -> bool:
    n = head.index(b"\0")
    if not 1 <= n <= 35:
        return False
    cells = head.split(b"\0")[: max(1, min(len(head) // (n + 1), 81))]
    if len(cells) > 1 and not cells[-1]:
        cells = cells[:-1]
    symbols = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
    return all(
        len(c) == n and all(ch in (symbols[d], 46, 48) for d, ch in enumerate(c)) for c in cells
    )


def _is_binary_grid(data: bytes) -> bool:
    from math import isqrt

    count, rest = divmod(len(data), 4)
    n = isqrt(count)
    if rest or n * n != count or not 1 <= n <= 64:
        return False
    import struct

    return all(0 <= v <= n for v in struct.unpack(f"<{count}i", data))


def _detect_text(rows: list[str]) -> str:
    if rows[0].startswith(".-"):
        return "pretty"
    from ._blocks import is_decoration

    # borders say little: look at the first line with cells (a bordered table, say)
    cells = [r for r in rows if not is_decoration(r)]
    ruled = 0 < len(cells) < len(rows)
    rows = cells or rows
    first = rows[0]
    if first[0] in "{[":
        return "json"
    if all(_SYMBOL_LINE.fullmatch(r) for r in rows):
        from ._common import shape_for_count

        if _is_pencilmark_line(first):
            return "candidates"
        if any(shape_for_count(len(r), None) for r in rows) or all(len(r) >= 16 for r in rows):
            return "line"
    if _TABLE_ROW.fullmatch(first):
        return "table"
    fields = first.split(",")
    if len(fields) >= 4 and _mostly(_CSV_FIELD, fields):
        return "csv"
    tokens = first.split()
    if "|" not in first and len(tokens) >= 4 and _mostly(_GRID_TOKEN, tokens):
        # rules between the rows: a picture whose boxes are whole rows (1xN)
        return "pretty" if ruled and all(len(t) == 1 for t in tokens) else "grid"
    if "|" in first and not first.startswith("|"):
        groups = [g.split() for g in first.split("|")]
        sizes = {len(g) for g in groups}
        if len(sizes) == 1 and all(_PRETTY_TOKEN.fullmatch(t) for g in groups for t in g):
            return "pretty"
    return "text"


def _mostly(pattern: re.Pattern[str], tokens: list[str]) -> bool:
    """Are three quarters of ``tokens`` values? (A typo must not change the format, or its
    report would be about something else.)"""
    return sum(1 for t in tokens if pattern.fullmatch(t)) * 4 >= len(tokens) * 3


def _is_pencilmark_line(s: str) -> bool:
    from .candidates import cube_shape

    shape = cube_shape(len(s), None)
    if shape is None:
        return False
    n = shape.n
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
    empty = 0
    for i in range(0, len(s), n):
        chunk = s[i : i + n]
        if any(ch not in (symbols[d], ".", "0") for d, ch in enumerate(chunk)):
            return False
        empty += all(ch in ".0" for ch in chunk)
    # 64 characters are also an 8x8 puzzle line: there, insist on a board with no empty cell
    return empty == 0 if len(s) == 64 else empty < n * n


# -- reading ------------------------------------------------------------------------


def detect_stream(stream: BinaryIO, filename: str | None = None) -> str:
    """:func:`detect` on the start of a stream, leaving the stream where it was.

    A seekable stream is read and rewound; an unseekable one (a pipe) is peeked at, which
    sees only what has arrived so far. :func:`read` needs neither: its result's ``fmt``
    says what it detected.
    """
    if stream.seekable():
        pos = stream.tell()
        head = stream.read(HEAD_SIZE)
        stream.seek(pos)
    elif hasattr(stream, "peek"):
        head = stream.peek(HEAD_SIZE)[:HEAD_SIZE]
    else:
        raise SudokuError("cannot look ahead in this stream: name its format")
    try:
        return detect(head, filename)
    except SudokuError as e:
        raise e.located(source=filename) from None


class Reader(Iterator[Record]):
    """The records of one input, in order (an iterator); ``fmt`` is the format read.

    ``chunks()`` gives the same puzzles with runs of lines of one style as a
    :class:`Batch` each (the line format reads so; the others give records only): a batch
    solver takes them without building a Grid per puzzle. Read one way or the other.
    """

    def __init__(self, chunks: Iterator[Record | Batch], fmt: str, source: str | None) -> None:
        self._chunks = _located(chunks, source)
        self._records = expand(self._chunks)
        self.fmt = fmt
        self.source = source

    def __iter__(self) -> Iterator[Record]:
        return self._records  # a for loop runs on the generator itself: no call per record

    def __next__(self) -> Record:
        return next(self._records)

    def chunks(self) -> Iterator[Record | Batch]:
        """The puzzles in order, as records and batches."""
        return self._chunks


def _located(chunks: Iterator[ChunkT], source: str | None) -> Iterator[ChunkT]:
    try:
        yield from chunks
    except SudokuError as e:
        raise e.located(source=source) from None


def read(
    stream: BinaryIO,
    fmt: str | None = None,
    *,
    source: str | None = "<stdin>",
    box: tuple[int, int] | None = None,
) -> Reader:
    """The puzzles of a binary stream, one :class:`Record` each, read as they are needed.

    ``fmt`` is detected from the input when not given (with ``source`` as a file name);
    the result's ``fmt`` says which. A puzzle that cannot be read gives a record with
    ``error`` set, and reading goes on; an input that is not puzzles at all (empty, binary
    noise, mixed sizes) raises a SudokuError naming ``source`` and the line. The format is
    decided before this returns, so an unreadable input fails here, not on the first
    ``next``.
    """
    inp = Input(stream, source)
    try:
        if fmt is None:
            fmt = detect(inp.head, source)
        elif fmt not in ("binary", "candidates") and _is_binary(inp.head):
            raise ParseError(f"binary data, not the text of the {fmt} format")
        module = _module(fmt)
        read_chunks = getattr(module, "read_chunks", module.read_records)
        chunks = with_bom(inp, read_chunks(inp, box))
    except SudokuError as e:
        raise e.located(source=source) from None
    return Reader(chunks, fmt, source)


def loads(
    data: str | bytes, fmt: str | None = None, box: tuple[int, int] | None = None
) -> list[Grid | Candidates]:
    """Every puzzle of ``data`` (format detected when not given); the first error is raised."""
    raw = data.encode() if isinstance(data, str) else bytes(data)
    items: list[Item] = []
    for record in read(io.BytesIO(raw), fmt, source=None, box=box):
        if record.error is not None:
            raise record.error
        assert record.item is not None  # a record holds an item or an error
        items.append(record.item)
    return items


def dumps(items: Item | Iterable[Item], fmt: str = "line", **style: str) -> str | bytes:
    """Puzzles written in format ``fmt`` (bytes for binary; str otherwise). ``style``: the
    format's options, such as ``blank="0"`` or ``eol="\\r\\n"``."""
    return _module(fmt).dumps(items, **style)


def load(
    path: str | os.PathLike[str], fmt: str | None = None, box: tuple[int, int] | None = None
) -> list[Grid | Candidates]:
    """Every puzzle of a file; the first error is raised (naming the file and line)."""
    name = os.fspath(path)
    with open(name, "rb") as f:
        items: list[Item] = []
        for record in read(f, fmt, source=name, box=box):
            if record.error is not None:
                raise record.error
            assert record.item is not None  # a record holds an item or an error
            items.append(record.item)
        return items


def dump(
    items: Item | Iterable[Item], path: str | os.PathLike[str], fmt: str | None = None,
    **style: str,
) -> None:
    """Write puzzles to a file, in ``fmt`` or the format its extension stands for (line
    when it stands for none; a ``.cand`` file gets the 810-byte board form of seed 001)."""
    name = os.fspath(path)
    fmt = fmt or format_for_path(name) or "line"
    if fmt == "candidates" and name.lower().endswith(".cand"):
        style.setdefault("form", "board")
    data = dumps(items, fmt, **style)
    with open(name, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


class Writer(ModuleWriter):
    """Writes puzzles one after another to a binary stream, in format ``fmt``.

    ``write(item, style=None)`` writes a Grid or Candidates board, laid out as ``style``
    says (a record's style gives back the bytes it was read from; a style of another format
    is ignored), else as the writer's ``style``, else in the format's usual way.
    ``write_message(text, style=None)`` writes a line such as ``ERROR: Puzzle not
    solveable`` in place of a puzzle, with the same separators. ``close()`` writes what
    followed the last puzzle of the input (trailing comments) and flushes; the stream stays
    open. Separators: line and candidates, none (a puzzle per line); grid, csv, table,
    pretty and text, a blank line between two puzzles; json, none (an object per line);
    binary holds one grid (a second one is an error).
    """

    def __init__(self, fmt: str, stream: BinaryIO, style: Style | None = None) -> None:
        super().__init__(_module(fmt), stream, style)
        self.fmt = fmt
