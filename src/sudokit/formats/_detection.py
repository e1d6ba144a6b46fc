"""Which format an input is written in, from its first bytes.

:func:`detect` looks at the head of an input (at most 64 KiB) and, of its text, at the
first 8 lines that are neither blank nor comments; every test it makes is linear in what it
looks at, so a hostile line costs no more than reading it. The rules, in order:

1. The file name: an extension that decides (``.bin``, ``.csv``, ``.json``, ``.jsonl``;
   see the registry) gives the format.
2. Empty (or only blank) input is an error (a UTF-8 byte order mark is skipped, and kept).
3. Bytes with NULs: a candidates board if the first NUL follows N characters that are
   digits-or-dots of a cell; binary if the whole input is 4*N*N bytes of little-endian
   integers 0..N.
4. Binary noise: when more lines of the head hold NULs, control characters or bytes that
   are not UTF-8 than do not, the input is not text (an error). Fewer such lines among
   text are read as text: each becomes one bad record in its place.
5. Header lines such as ``#ARuud`` (``#`` and one of ``A D C B S L U``) before a row of
   N symbols: sdk. Rows of one grid (N rows of N, 2N with the givens first, or one or
   two lines of N*N) and then a line of cage sums (``A=10 B=15``; ``-`` for none): killer.
   N lines of N clues, then N lines of N region symbols making N regions of N cells, each
   region one piece (a solved grid's equal digits never touch): jigsaw. Lines whose digits
   and blanks lie exactly where the cells of a known sheet of overlapping grids are (the
   21 lines of a samurai, ...): samurai.
6. Otherwise the first significant lines decide (border lines, such as ``+-+-+``, are
   passed over):

   - a border starting ``.-`` or ``*-``: pretty (a candidates picture), unless the rows
     in it are typed without spaces between cells (``|53.|.7.|...|``, Simple Sudoku's) or
     hold a blank people type (``*``, ``_``, ``x``...): text;
   - ``:code:digits:grid:...``: hodoku (HoDoKu's library lines);
   - ``<`` first: opensudoku when an ``<opensudoku`` element starts (else text);
   - ``{`` or ``[`` first: fpuzzles when its first lines hold a ``"grid"`` of rows of cell
     objects; ipuz when they name ``ipuz.org/``; else json;
   - a link to f-puzzles or SudokuPad: fpuzzles or sudokupad; so is f-puzzles'
     compressed document alone (``N4Ig`` and base64 text): fpuzzles;
     ``ipuz(`` first (ipuz's JSONP form): ipuz;
   - a header that names a puzzle column (``quizzes,solutions``, ``id,puzzle,...``, or
     with ``;`` between names): csv; so is a first line of comma-separated fields, one of
     them a whole puzzle (a table with no header);
   - N*N characters, digits of that size and spaces for blanks, on every line: line;
   - lines of N symbols (N from 16), one a line, half of them with a symbol no line of
     a sqrt(N) sized puzzle holds: text (the rows of one grid, as a headerless .sdk has them);
   - puzzle lines (the first line, and half of them, start with a field of 16 or more
     cell symbols or typed blanks such as ``_`` and ``·``, maybe followed by other
     fields): line, unless N*N*N characters follow the pencilmark pattern (place d holds
     d or ``.``; not every cell empty, and for 64 characters, which are also an 8x8 line,
     no cell empty): candidates; so are N*N*N characters with a few (at most 1 in 20)
     out of the pattern and at least N*N marks, so that the reader names the typo's cell;
   - ``|x|x|...|`` with one symbol between bars: table;
   - at least 4 tab-separated fields, three quarters of them integers or blanks: tsv;
   - at least 4 comma-separated fields, three quarters of them integers or blanks: csv;
   - at least 4 space-separated tokens, three quarters of them integers (or ``.``), and no
     ``|``: grid (pretty if rules such as ``-------`` stand between the rows);
   - single symbols (or numbers, past 35x35) with ``|`` between equal groups: pretty;
   - anything else: text.
"""

from __future__ import annotations

import os
import struct
from math import isqrt
from typing import Any, BinaryIO

from ..errors import ParseError, SudokuError
from ._blocks import is_decoration
from ._fields import TYPED_BLANKS, find_field, read_cells
from ._headers import is_csv_header, is_library_line, is_sdk_header, split_csv
from ._input import HEAD_SIZE
from ._registry import DECIDING_EXTENSIONS, EXTENSIONS
from ._sites import is_fpuzzles_json, link_format
from ._symbols import MAX_SYMBOL_SIZE, shape_for, shape_for_count
from .jigsaw import is_jigsaw_head
from .killer import is_killer_head
from .samurai import is_sheet_head

#: Significant lines (neither blank nor comments) detection looks at.
LINES_LOOKED_AT = 8
#: Lines looked at for a killer puzzle's sums: after the givens and the cage map of the
#: largest grid written a row a line.
KILLER_LINES = 2 * MAX_SYMBOL_SIZE + 2

NOT_TEXT = (
    "binary data that is not a puzzle (a binary grid is 4*N*N bytes, 324 for a 9x9; a "
    "candidates board 810 bytes of digits, dots and NULs)"
)

_SYMBOLS = frozenset("0123456789.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
#: Characters a puzzle field of a line may hold: symbols and the blanks people type.
_FIELD_CHARS = _SYMBOLS | TYPED_BLANKS
#: Blanks people type that no pencilmark picture holds.
_PICTURE_BLANKS = frozenset("*_?·")
_CONTROL = frozenset(chr(c) for c in range(32)) - frozenset("\t\n\r\f\v")


def detect(head: bytes, filename: str | None = None) -> str:
    """The name of the format ``head`` (the first bytes of an input) is written in.

    ``filename`` helps where its extension decides (``.bin``, ``.csv``, ``.json``).
    Raises ParseError for an empty input and for bytes that are no sudoku format, and
    TypeError when ``head`` is not bytes. The rules are in this module's docstring.
    """
    if not isinstance(head, bytes | bytearray | memoryview):
        raise TypeError(f"detect takes the first bytes of an input, not {type(head).__name__}")
    if filename is not None and not isinstance(filename, str):
        raise TypeError(f"filename must be a string, not {type(filename).__name__}")
    head = bytes(head)
    ext = os.path.splitext(filename)[1].lower() if filename else ""
    if ext in DECIDING_EXTENSIONS:
        return EXTENSIONS[ext]
    head = head.removeprefix(b"\xef\xbb\xbf")  # a byte order mark says nothing
    if not head.strip(b" \r\n\f\v"):  # (a line of tabs is a row of empty cells)
        raise ParseError("empty input: no puzzle to read")
    if b"\0" in head:
        if _is_board(head):
            return "candidates"
        if len(head) < HEAD_SIZE and _is_binary_grid(head):
            return "binary"
    texts = text_lines(head)
    if texts is None:
        raise not_text(head)
    if _is_sdk(texts):
        return "sdk"
    plain = _plain(texts, KILLER_LINES)
    if is_killer_head(plain):
        return "killer"
    if is_jigsaw_head(plain):
        return "jigsaw"
    if is_sheet_head(texts):
        return "samurai"
    rows = _significant(texts)
    if not rows:
        raise ParseError("no puzzle found: nothing but blank lines, comments or borders")
    return _detect_text(rows)


def not_text(head: bytes, fmt: str | None = None) -> ParseError:
    """The error of an input that is not text (``fmt``: the text format it was to be)."""
    if _looks_utf16(head):
        return ParseError(
            "this looks like UTF-16 text (two bytes a character): save it as UTF-8, "
            "the encoding sudokit reads"
        )
    if fmt is not None:
        return ParseError(f"binary data, not the text of the {fmt} format")
    return ParseError(NOT_TEXT)


def _looks_utf16(head: bytes) -> bool:
    """UTF-16 text: its byte order mark, or a NUL in every other byte (ASCII characters)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    sample = head[:1024]
    if len(sample) < 8:
        return False
    even, odd = sample[0::2], sample[1::2]
    return any(
        zeros.count(0) * 10 >= len(zeros) * 9 and 0 not in chars
        for zeros, chars in ((odd, even), (even, odd))
    )


def is_binary(head: bytes) -> bool:
    """Is ``head`` binary noise rather than text (rule 4)?"""
    return text_lines(head) is None


def text_lines(head: bytes) -> list[str] | None:
    """The lines of ``head`` that are text (at most 1,000; the last one dropped when the
    head may have cut it), or None when most of them are not: NULs, control characters,
    bytes that are not UTF-8."""
    lines = head.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n", 1000)[:1000]
    if len(head) >= HEAD_SIZE and len(lines) > 1:
        lines.pop()
    good: list[str] = []
    bad = 0
    for raw in lines:
        if not raw:
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            bad += 1
            continue
        if _CONTROL.isdisjoint(text[:4096]) and (len(text) <= 4096 or "\0" not in text):
            good.append(text)
        else:
            bad += 1
    if not good or bad > len(good):
        return None
    return good


def _is_sdk(texts: list[str]) -> bool:
    """Header lines such as ``#ARuud`` before a row of N symbols (rule 5's first)."""
    first = next((t.strip() for t in texts if t.strip()), "")
    if not is_sdk_header(first):
        return False
    row = next((t.strip() for t in texts if t.strip() and t.strip()[0] not in "#["), "")
    return 4 <= len(row) <= MAX_SYMBOL_SIZE and _FIELD_CHARS.issuperset(row)


def _plain(texts: list[str], limit: int) -> list[str]:
    """Up to ``limit`` lines that are neither blank nor comments, stripped."""
    out = []
    for line in texts:
        s = line.strip()
        if s and not s.startswith("#"):
            out.append(s)
            if len(out) == limit:
                break
    return out


def _significant(texts: list[str]) -> list[str]:
    out = []
    for line in texts:
        s = line.strip()
        if line.count("\t") >= 3:  # tab-separated cells: empty ones at the ends count
            s = line.strip(" \r\n\f\v")
        elif " " in s and spaces_for_blanks(line):  # blank cells at the ends count
            s = line
        if s and not s.startswith("#"):
            out.append(s)
            if len(out) == LINES_LOOKED_AT:
                break
    return out


def _is_board(head: bytes) -> bool:
    n = head.index(b"\0")
    if not 1 <= n <= 35:
        return False
    cells = head.split(b"\0", 81)[: max(1, min(len(head) // (n + 1), 81))]
    if len(cells) > 1 and not cells[-1]:
        cells = cells[:-1]
    symbols = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
    if any(len(c) != n for c in cells):
        return False
    # NULs every N+1 bytes make the board; a typo or two among its marks is the reader's
    # to report, at its cell
    misplaced = sum(ch not in (symbols[d], 46, 48) for c in cells for d, ch in enumerate(c))
    return misplaced == 0 or (n >= 4 and misplaced * 20 <= len(cells) * n)


def _is_binary_grid(data: bytes) -> bool:
    count, rest = divmod(len(data), 4)
    n = isqrt(count)
    if rest or n * n != count or not 1 <= n <= 64:
        return False
    return all(0 <= v <= n for v in struct.unpack(f"<{count}i", data))


def puzzle_field(row: str) -> bool:
    """Does a line start with a puzzle field (16 or more cell symbols or typed blanks, or
    a share link), maybe after a first field (an id or hash) and before other fields?"""
    fields = row.split(None, 2)
    for field in fields[:2]:
        if "?bd=" in field or "&bd=" in field:  # a share link of sudokuwiki.org
            return True
        if len(field) >= 16 and _FIELD_CHARS.issuperset(field[:16]) and any(
            ch.isdigit() or ch == "." for ch in field
        ):
            return True
    return False


def spaces_for_blanks(body: str) -> bool:
    """Is ``body`` (a line without its ending) a puzzle line whose blanks are spaces: N*N
    characters, each a digit of that size or a space, as the line reader takes it?"""
    if " " not in body and "\u00a0" not in body:
        return False
    field = find_field(body, None, None)
    if field is None or (field.start, field.end) != (0, len(body)):
        return False
    try:
        _, blank = read_cells(body, field.shape)
    except SudokuError:
        return False  # '.' or '0' besides the spaces, a symbol too large: not this
    return blank.isspace()


def _detect_text(rows: list[str]) -> str:
    if rows[0].startswith((".-", "*-")) and not _typed_grid(rows):
        return "pretty"
    # borders say little: look at the first line with cells (a bordered table, say)
    cells = [r for r in rows if not is_decoration(r)]
    ruled = 0 < len(cells) < len(rows)
    rows = cells or rows
    first = rows[0]
    if is_library_line(first):
        return "hodoku"
    if first.startswith("<"):
        return "opensudoku" if any("<opensudoku" in r for r in rows) else "text"
    if first[0] in "{[":
        if is_fpuzzles_json(" ".join(rows)):
            return "fpuzzles"
        return "ipuz" if any("ipuz.org/" in r for r in rows) else "json"
    linked = link_format(first)
    if linked is not None:
        return linked
    if first.startswith("ipuz(") or first.startswith("ipuz ("):  # the JSONP form
        return "ipuz"
    if is_csv_header(first) or is_csv_header(first, sep=";"):
        return "csv"
    if _csv_puzzle_row(first):
        return "csv"
    if spaces_for_blanks(first) and all(spaces_for_blanks(r) or puzzle_field(r) for r in rows):
        return "line"
    if all(_SYMBOLS.issuperset(r) for r in rows):
        if _grid_rows(rows):
            return "text"
        if _is_pencilmark_line(first):
            return "candidates"
        if any(shape_for_count(len(r), None) for r in rows) or all(len(r) >= 16 for r in rows):
            return "line"
    if puzzle_field(first) and 2 * sum(map(puzzle_field, rows)) >= len(rows):
        return "line"
    if _is_table_row(first):
        return "table"
    cells = first.split("\t")
    if len(cells) >= 4 and _mostly(_is_csv_value, cells):
        return "tsv"
    fields = first.split(",")
    if len(fields) >= 4 and _mostly(_is_csv_value, fields):
        return "csv"
    tokens = first.split()
    if "|" not in first and len(tokens) >= 4 and _mostly(_is_grid_token, tokens):
        # rules between the rows: a picture whose boxes are whole rows (1xN)
        return "pretty" if ruled and all(len(t) == 1 for t in tokens) else "grid"
    if "|" in first and not first.startswith("|"):
        groups = [g.split() for g in first.split("|")]
        sizes = {len(g) for g in groups}
        if len(sizes) == 1 and all(_is_pretty_token(t) for g in groups for t in g):
            return "pretty"
    return "text"


def _grid_rows(rows: list[str]) -> bool:
    """Rows of one grid typed without spaces (a headerless .sdk of 16x16 and up): lines of
    N symbols each, as many as were looked at, holding a symbol that no line of a sqrt(N)
    sized puzzle holds (16 characters ``81..4......G.3F.`` are no 4x4 puzzle)."""
    n = len(rows[0])
    if not 16 <= n <= MAX_SYMBOL_SIZE or len(rows) < min(n, LINES_LOOKED_AT):
        return False
    if any(len(r) != n for r in rows):
        return False
    small = frozenset("0." + "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: isqrt(n)])
    # most of them, so that a typo in a file of 4x4 lines leaves it a file of lines
    return 2 * sum(not small.issuperset(r.upper()) for r in rows) >= len(rows)


def _csv_puzzle_row(row: str) -> bool:
    """A row of a CSV table with no header: comma-separated fields, one of them a whole
    puzzle (N*N cell symbols, 16 or more)."""
    if "," not in row:
        return False
    return any(
        len(f) >= 16 and _SYMBOLS.issuperset(f) and shape_for_count(len(f), None) is not None
        for f in split_csv(row)
    )


def _typed_grid(rows: list[str]) -> bool:
    """Is the first row inside a frame a grid's row as people type it: its cells with no
    space between them (Simple Sudoku's ``|53.|.7.|...|``), or with a blank people type
    (``*``, ``_``, ``?``, ``·``, or ``x`` as a cell of its own)? That is the text reader's;
    a pencilmark picture has spaces between its cells and holds only candidates and ``-``."""
    cells = next((r for r in rows if not is_decoration(r)), "")
    boxes = [box.split() for box in cells.split("|") if box.strip()]
    unspaced = bool(boxes) and all(len(box) == 1 and len(box[0]) > 1 for box in boxes)
    return unspaced or not _PICTURE_BLANKS.isdisjoint(cells) or any(
        t in ("x", "X") for box in boxes for t in box
    )


def _is_table_row(s: str) -> bool:
    """``|x|x|...|``: bars at both ends, at most one symbol (and spaces) between two."""
    if len(s) < 3 or s[0] != "|" or s[-1] != "|":
        return False
    return all(len(f.strip()) <= 1 for f in s[1:-1].split("|"))


def _is_csv_value(field: str) -> bool:
    t = field.strip()
    return t == "" or t == "." or (t.isascii() and t.isdigit())


def _is_grid_token(token: str) -> bool:
    return token == "." or (token.isascii() and token.isdigit())


def _is_pretty_token(token: str) -> bool:
    return (len(token) == 1 and token in _SYMBOLS) or (token.isascii() and token.isdigit())


def _mostly(test: Any, tokens: list[str]) -> bool:
    """Are three quarters of ``tokens`` values? (A typo must not change the format, or its
    report would be about something else.)"""
    return sum(1 for t in tokens if test(t)) * 4 >= len(tokens) * 3


def _is_pencilmark_line(s: str) -> bool:
    n = round(len(s) ** (1 / 3))
    if n * n * n != len(s) or n > MAX_SYMBOL_SIZE or shape_for(n, None) is None:
        return False
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
    empty = misplaced = marks = 0
    for i in range(0, len(s), n):
        chunk = s[i : i + n]
        cell_marks = 0
        for d, ch in enumerate(chunk):
            if ch == symbols[d]:
                cell_marks += 1
            elif ch not in ".0":
                misplaced += 1
        marks += cell_marks
        empty += cell_marks == 0
    if len(s) == 64:
        # 64 characters are also an 8x8 puzzle line: there, insist on a board with no
        # empty cell and every mark in its place
        return misplaced == 0 and empty == 0
    if misplaced == 0:
        return empty < n * n
    # A few characters out of place (a typo): still the board, so that the error names
    # the cell. A puzzle line of N*N*N characters (729: 27x27) whose symbols fall on the
    # pattern this often, with a mark a cell, is implausible.
    return misplaced * 20 <= len(s) and marks >= n * n


def detect_stream(stream: BinaryIO, filename: str | None = None) -> str:
    """:func:`detect` on the start of a stream, leaving the stream where it was.

    A seekable stream is read and rewound; an unseekable one (a pipe) is peeked at, which
    sees only what has arrived so far. ``formats.read`` needs neither: its result's ``fmt``
    says what it detected.
    """
    if stream.seekable():
        pos = stream.tell()
        head = stream.read(HEAD_SIZE)
        stream.seek(pos)
    elif hasattr(stream, "peek"):  # a buffered pipe can be peeked at, a raw one cannot
        head = stream.peek(HEAD_SIZE)[:HEAD_SIZE]
    else:
        raise SudokuError("cannot look ahead in this stream: name its format")
    try:
        return detect(head, filename)
    except SudokuError as e:
        raise e.located(source=filename) from None
