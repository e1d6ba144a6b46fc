"""Reading and writing puzzles in every format sudokit knows, one module per format. It may
import the solver, the batch and the engine and the values under them, and nothing above.

==============  ==============================================================================
``line``        one puzzle per line, N*N symbols (1-9, A-Z), ``.`` or ``0`` blank (or the one
                other symbol typed for blanks); fields around it kept (a rating, ``#
                comment``, ``ED=7.1/1.2/1.2``, ``<hash> <puzzle> <rating>``, share links)
``grid``        N lines of N space-separated integers, ``0`` blank
``csv``         N lines of N comma-separated values, ``.``/``0``/empty blank; or a CSV table
                with a header, one puzzle per row (``quizzes,solutions``, ``puzzle,...``)
``tsv``         N lines of N tab-separated values, empty blank (a table copied from a page)
``table``       N lines like ``|6|2|8|3|5|1|7|9|4|``
``text``        any text: its digits (and ``.``, letters) in order, the rest ignored
``pretty``      a picture with box separators, also for candidates (HoDoKu, Simple Sudoku)
``binary``      N*N little-endian int32, one grid per file
``candidates``  each cell's N candidate characters: the 810-byte NUL board or the
                729-character line
``json``        ``{"size": 9, "box": [3, 3], "cells": [[...], ...]}``, one object per line
``sdk``         SadMan/SudoCue ``.sdk``: ``#A``... header lines, then N rows of N symbols
``opensudoku``  the OpenSudoku app's XML collections (read with entities refused)
``ipuz``        the sudoku kind of ipuz.org's JSON format, one puzzle per file
``hodoku``      HoDoKu's library lines ``:code:digits:grid:deleted:eliminations:...``
``fpuzzles``    f-puzzles links, compressed strings and JSON, with the puzzle's rules
``sudokupad``   SudokuPad links (the f-puzzles kind, and its own ``scl``), with the rules
``jigsaw``      a clue grid, then a grid of region letters or numbers (jigsaw collections)
==============  ==============================================================================

Each module has ``loads(data, box=None) -> list`` and ``dumps(items, **style) -> str`` (bytes
for binary); :func:`loads` and :func:`dumps` here take the format's name, :func:`read` and
:class:`Writer` stream. Whatever is read and written again in the same format comes back byte
for byte: each :class:`Record` carries the :class:`Style` its puzzle was laid out in (blank
character, line ending, comments before it, or the whole layout when it is unusual), and a
writer given that style reproduces it, for the puzzle or for its solution.

Reading streams: :func:`read` yields records as it reads (the line format at several hundred
thousand lines a second, in constant memory); a puzzle that cannot be read is a record with an
``error``, and reading goes on. Writing: a :class:`Writer` puts each format's separator
between puzzles (none for formats whose puzzles end their lines; a blank line for those of
several lines), the text around a document's puzzles (an XML root element) when they were
not read from one, and a message such as ``ERROR: Puzzle not solveable`` in place of an
answer.

How :func:`detect` decides is written in ``_detection.py`` (and ``docs/formats.md``): the
file name where its extension decides, then the first bytes and the first few significant
lines, each test linear in what it looks at.

The contract every format module fills in is :class:`Format` (``formats/_spec.py``), and
the registry (``formats/_registry.py``) holds one line per format: adding a format is one
module defining ``FORMAT``, ``loads`` and ``dumps``, and one line there. Every reader yields
:class:`Record` values: ``item`` (or ``error``), ``line``, ``style``, and ``fields``, the
text the input carries about the puzzle besides its cells (``rating``, ``comment``,
``name``, ``solution``...), by name.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from ..candidates import Candidates
from ..errors import SudokuError
from ..grid import Grid
from ..sheets import Sheet
from ._detection import detect, detect_stream, is_binary, not_text
from ._input import Input, with_bom
from ._reading import ReadOptions, items_or_first_error
from ._records import Batch, ChunkT, Item, Record, Style, Template, expand
from ._registry import EXTENSIONS, FORMATS, format_for_path, spec
from ._spec import Format, data_bytes
from ._writer import FormatWriter

__all__ = [
    "EXTENSIONS",
    "Batch",
    "FORMATS",
    "Format",
    "ReadOptions",
    "Reader",
    "Record",
    "Style",
    "Template",
    "Writer",
    "detect",
    "detect_stream",
    "dump",
    "dumps",
    "expand",
    "format_for_path",
    "load",
    "loads",
    "read",
]


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
    column: str | None = None,
    sheet: Sheet | None = None,
) -> Reader:
    """The puzzles of a binary stream, one :class:`Record` each, read as they are needed.

    ``fmt`` is detected from the input when not given (with ``source`` as a file name);
    the result's ``fmt`` says which. A puzzle that cannot be read gives a record with
    ``error`` set, in its place, and reading goes on; an input that is not puzzles at all
    (empty, binary noise) raises a SudokuError naming ``source``. ``column`` names the
    column that holds the puzzles in a CSV file with a header; ``sheet``, the layout of
    overlapping grids the puzzles are on (for the samurai format). The format is decided
    before this returns, so an unreadable input fails here, not on the first ``next``.
    """
    if not callable(getattr(stream, "read", None)):
        raise TypeError(f"read takes a binary stream, not {type(stream).__name__}")
    if column is not None and not isinstance(column, str):
        raise TypeError(f"column must be a string, not {type(column).__name__}")
    inp = Input(stream, source)
    try:
        if not isinstance(inp.head, bytes):
            raise TypeError("read takes a binary stream (open the file with 'rb')")
        if fmt is None:
            fmt = detect(inp.head, source)
        format_ = spec(fmt)
        if not format_.binary and inp.head and is_binary(inp.head):
            raise not_text(inp.head, fmt)
        chunks = with_bom(inp, format_.chunks(inp, ReadOptions(box, column, sheet)))
    except SudokuError as e:
        raise e.located(source=source) from None
    return Reader(chunks, fmt, source)


def loads(
    data: str | bytes, fmt: str | None = None, box: tuple[int, int] | None = None
) -> list[Grid | Candidates]:
    """Every puzzle of ``data`` (format detected when not given); the first error is raised."""
    raw = data_bytes(data)
    return items_or_first_error(read(io.BytesIO(raw), fmt, source=None, box=box))


def dumps(items: Item | Iterable[Item], fmt: str = "line", **style: str) -> str | bytes:
    """Puzzles written in format ``fmt`` (bytes for binary; str otherwise). ``style``: the
    format's options, such as ``blank="0"`` or ``eol="\\r\\n"``."""
    spec(fmt)  # an unknown name is a clear error
    return FORMATS[fmt].dumps(items, **style)


def load(
    path: str | os.PathLike[str], fmt: str | None = None, box: tuple[int, int] | None = None
) -> list[Grid | Candidates]:
    """Every puzzle of a file; the first error is raised (naming the file and line)."""
    name = os.fspath(path)
    with open(name, "rb") as f:
        return items_or_first_error(read(f, fmt, source=name, box=box))


def dump(
    items: Item | Iterable[Item], path: str | os.PathLike[str], fmt: str | None = None,
    **style: str,
) -> None:
    """Write puzzles to a file, in ``fmt`` or the format its extension stands for (line
    when it stands for none; a ``.cand`` file gets the 810-byte board form)."""
    name = os.fspath(path)
    fmt = fmt or format_for_path(name) or "line"
    if fmt == "candidates" and name.lower().endswith(".cand"):
        style.setdefault("form", "board")
    data = dumps(items, fmt, **style)
    with open(name, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


class Writer(FormatWriter):
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
        super().__init__(spec(fmt), stream, style)
        self.fmt = fmt
