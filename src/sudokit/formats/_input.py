"""The input a reader consumes: its head (read once, to detect the format), then the rest, as
lines, as blocks of whole lines, or as one stream; and the text helpers every line reader
shares.

Memory stays bounded by the longest line a puzzle can need, not by the input: a line longer
than :data:`MAX_LINE` bytes is cut there (the rest of it is read and dropped), and the reader
reports it as one bad record (see :func:`overlong`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import BinaryIO, TypeVar

from ..errors import ParseError, SudokuError
from ._records import Batch, Record

#: Bytes read before deciding on a format (a whole binary grid fits: 4 * 64 * 64 = 16,384).
HEAD_SIZE = 1 << 16

#: The longest line any format needs (a 64x64 board of candidates as one JSON line is about
#: a megabyte); a longer line is cut here and reported, so that memory stays bounded.
MAX_LINE = 1 << 22

_BOM = b"\xef\xbb\xbf"

ChunkT = TypeVar("ChunkT", bound=Record | Batch)


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
        read1 = getattr(self._stream, "read1", None)  # a raw stream has no read1
        data = read1(len(buffer)) if read1 is not None else self._stream.read(len(buffer))
        if not data:
            return 0
        n = len(data)
        buffer[:n] = data
        return n


def overlong(raw: bytes) -> bool:
    """Is ``raw`` a line cut at :data:`MAX_LINE` (too long to be any puzzle)?"""
    return len(raw) > MAX_LINE and not raw.endswith(b"\n")


def overlong_error(line: int | None = None) -> ParseError:
    """The error of a line cut at :data:`MAX_LINE`."""
    return ParseError(
        f"a line of more than {MAX_LINE} bytes: longer than any puzzle, not read", line=line
    )


def _bounded_lines(readline: Callable[[int], bytes]) -> Iterator[bytes]:
    """Lines from ``readline``, each cut at MAX_LINE + 1 bytes (the rest of a longer line is
    read and dropped)."""
    limit = MAX_LINE + 1
    while raw := readline(limit):
        if len(raw) == limit and raw[-1] != 10:
            while (more := readline(limit)) and more[-1] != 10:
                pass
        yield raw


def _cr_lines(read: Callable[[int], bytes]) -> Iterator[bytes]:
    """Lines ended by a lone carriage return (old Mac files), each with its "\\r"."""
    pending = b""
    dropping = False  # inside a line already cut at MAX_LINE and given
    while data := read(HEAD_SIZE):
        pieces = (pending + data).split(b"\r")
        pending = pieces.pop()
        for piece in pieces:
            if dropping:
                dropping = False
                continue
            yield piece + b"\r"
        if len(pending) > MAX_LINE:
            if not dropping:
                yield pending[: MAX_LINE + 1]
            pending, dropping = b"", True
    if pending and not dropping:
        yield pending


class Input:
    """One input being read: ``head`` (already read to detect the format) then the rest.

    ``bom`` is the UTF-8 byte order mark the input started with (kept out of the readers'
    way, and given back in the first record's lead); ``cr_only`` says its lines end with a
    lone carriage return, which :meth:`lines` then splits at.
    """

    def __init__(self, stream: BinaryIO, source: str | None, head: bytes | None = None) -> None:
        self.stream = stream
        self.source = source
        self.head = stream.read(HEAD_SIZE) if head is None else head
        self.bom = ""
        if self.head.startswith(_BOM):
            self.head = self.head[len(_BOM) :]
            self.bom = "\ufeff"
        self.cr_only = b"\r" in self.head and b"\n" not in self.head
        self._used = False

    def _rest(self) -> io.BufferedReader | io.BytesIO:
        if len(self.head) < HEAD_SIZE:  # the whole input is in the head
            return io.BytesIO(self.head)
        return io.BufferedReader(_Chain(self.head, self.stream), buffer_size=HEAD_SIZE)

    def lines(self) -> Iterator[bytes]:
        """The input's lines, each with its line ending, read as they are needed (a line
        longer than MAX_LINE comes cut, see :func:`overlong`)."""
        self._claim()
        rest = self._rest()
        if self.cr_only:
            return _cr_lines(rest.read)
        return _bounded_lines(rest.readline)

    def blocks(self, size: int) -> Iterator[bytes]:
        """The input in pieces of about ``size`` bytes, each made of whole lines (the last
        piece may end without a line ending; a line longer than MAX_LINE is cut), read as
        they are needed."""
        self._claim()
        if len(self.head) < HEAD_SIZE:  # the whole input is in the head
            if self.head:
                yield self.head
            return
        reader = self._rest()
        lines = _bounded_lines(reader.readline)
        while data := reader.read(size):
            if data[-1] != 10:
                data += next(lines, b"")
            yield data

    def reader(self) -> io.BufferedReader | io.BytesIO:
        """The whole input as one buffered binary stream (for formats without lines)."""
        self._claim()
        return self._rest()

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


def decode(raw: bytes) -> str:
    """A line of input as text (bytes that are not UTF-8 become U+FFFD; see
    :func:`unreadable`)."""
    return raw.decode("utf-8", "replace")


def unreadable(raw: bytes, text: str) -> ParseError | None:
    """What makes a line unreadable as text, if anything: a cut line, bytes that are not
    UTF-8, a NUL, a carriage return inside it. ``text`` is ``decode(raw)``."""
    if overlong(raw):
        return overlong_error()
    if "\ufffd" in text and b"\xef\xbf\xbd" not in raw:
        return ParseError("bytes that are not UTF-8 text in this line")
    if "\0" in text:
        return ParseError("a NUL byte in this line: binary data, not text")
    if "\r" in text and "\r" in split_eol(text)[0]:
        # a line ended by a lone CR among lines ended by LF: what follows it would be
        # read as part of this line (a puzzle after it hidden in a comment, or taken for
        # text after a puzzle)
        return ParseError(
            "a carriage return inside this line (the file's lines end in more than one "
            "way): save it with one kind of line ending"
        )
    return None


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
