"""A stream of text cut into its top-level JSON values, one at a time, in time linear in the
text and memory bounded by the largest value.

JSON Lines, objects one after another in any layout, and a JSON array of objects all read
the same way: between values, whitespace, ``,``, ``[`` and ``]`` are passed over, and ``#``
comment lines are kept. A value that is broken (a brace missing, cut short, nested too
deep, too large) is one :class:`Piece` with an error, and the values after it are read on:
a value still open when a line starting with ``{`` comes at its own indentation or less
ends there. Inside an array, an element that is not an object (a number, a string, an
array without objects) is one error piece of its own, named by its place in the array,
and the elements after it are read on.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from ..errors import ParseError

#: A value still not complete after this many characters is a mistake, not a puzzle.
MAX_VALUE = 1 << 24
#: Deeper nesting than this is a mistake (a puzzle object needs 4 levels).
MAX_DEPTH = 64

_STRUCTURE = re.compile(r'[\[\]{}"\\]')
#: Python reads integers of at most this many digits (``sys.get_int_max_str_digits``).
MAX_DIGITS = 4300
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
_BETWEEN = " \t\r\n,[]"
_DECODER = json.JSONDecoder()


class Piece(NamedTuple):
    """One part of the stream: ``kind`` is ``"value"`` (``value`` decoded, ``text`` its
    text with the spaces and line ending after it), ``"lead"`` (text between values) or
    ``"error"`` (``text`` the broken value or stray text, ``error`` what is wrong);
    ``line`` is where it starts."""

    kind: str
    text: str
    line: int
    value: Any = None
    error: ParseError | None = None
    #: The value's place (1-based) in the array it is an element of, for a value that is not
    #: an object or shares its line with another; None otherwise.
    element: int | None = None


class _Open:
    """A value being scanned: where it starts, its text so far, the scanner's state."""

    __slots__ = ("line", "indent", "parts", "size", "depth", "in_string", "escape", "deepest")

    def __init__(self, line: int, indent: int) -> None:
        self.line = line
        self.indent = indent
        self.parts: list[str] = []
        self.size = 0
        self.depth = 0
        self.in_string = False
        self.escape = False
        self.deepest = 0

    def scan(self, text: str, pos: int) -> int:
        """Scan ``text`` from ``pos``; the index just after the value's end, or -1."""
        skip = -1
        for m in _STRUCTURE.finditer(text, pos):
            i = m.start()
            if i == skip:
                continue
            ch = m.group()
            if self.in_string:
                if ch == "\\":
                    skip = i + 1
                elif ch == '"':
                    self.in_string = False
                continue
            if ch == '"':
                self.in_string = True
            elif ch in "[{":
                self.depth += 1
                self.deepest = max(self.deepest, self.depth)
            elif ch in "]}":
                self.depth -= 1
                if self.depth == 0:
                    return i + 1
        return -1


def too_deep(text: str) -> int | None:
    """The line where ``text`` first nests arrays and objects more than :data:`MAX_DEPTH`
    deep (brackets inside strings are text, not nesting), or None when it never does."""
    depth, in_string, skip = 0, False, -1
    for m in _STRUCTURE.finditer(text):
        i = m.start()
        if i == skip:
            continue
        ch = m.group()
        if in_string:
            if ch == "\\":
                skip = i + 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return text.count("\n", 0, i) + 1
        elif ch in "]}":
            depth -= 1
    return None


def loads_bounded(text: str, start: int = 1) -> Any:
    """``json.loads(text)``, with every way it can fail a ParseError naming the line
    (``start``: the line ``text`` starts on): invalid JSON, nesting past
    :data:`MAX_DEPTH`, a number too long for Python to read."""
    deep = too_deep(text)
    if deep is not None:
        raise ParseError(
            f"JSON nested more than {MAX_DEPTH} deep: not a puzzle", line=start + deep - 1
        )
    return _loads(text, start)


def _loads(text: str, start: int) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ParseError(f"invalid JSON: {e.msg}", line=start + e.lineno - 1) from None
    except ValueError:  # a number past the digits Python converts (4,300)
        m = _LONG_NUMBER.search(text)
        at = text.count("\n", 0, m.start()) if m is not None else 0
        raise ParseError(
            f"a number of more than {MAX_DIGITS} digits: not a puzzle", line=start + at
        ) from None
    except RecursionError:
        raise ParseError(
            f"JSON nested more than {MAX_DEPTH} deep: not a puzzle", line=start
        ) from None


def _decode(text: str, start: int, deepest: int) -> tuple[Any, ParseError | None]:
    if deepest > MAX_DEPTH:
        return None, ParseError(f"JSON nested more than {MAX_DEPTH} deep: not a puzzle")
    try:
        return _loads(text, start), None
    except ParseError as e:
        return None, e


def _not_closed(cur: _Open, last: int) -> ParseError:
    return ParseError(
        f"this JSON value is not closed: it is cut off after line {last}", line=cur.line
    )


def json_values(lines: Iterator[str]) -> Iterator[Piece]:
    """The pieces of a stream given as text lines (each with its line ending)."""
    lead: list[str] = []
    lead_line = 1
    cur: _Open | None = None
    cur_element: int | None = None
    arrays = _Arrays()
    lineno = 0
    for text in lines:
        lineno += 1
        pos = 0
        if cur is not None and not cur.in_string:
            body = text.lstrip(" \t")
            if body.startswith("{") and len(text) - len(body) <= cur.indent:
                yield Piece("error", "".join(cur.parts), cur.line, None,
                            _not_closed(cur, lineno - 1), cur_element)
                cur = None
        while pos < len(text):
            if cur is None:
                after = arrays.pass_over(text, pos)
                if after > pos:
                    if not lead:
                        lead_line = lineno
                    lead.append(text[pos:after])
                    pos = after
                    if pos == len(text):
                        break
                if text[pos] == "#" and not text[:pos].strip():  # a comment line
                    if not lead:
                        lead_line = lineno
                    lead.append(text[pos:])
                    break
                if lead:
                    yield Piece("lead", "".join(lead), lead_line)
                    lead.clear()
                element = arrays.next_element()
                if text[pos] != "{":
                    end = _stray_end(text, pos, element)
                    yield Piece("error", text[pos:end], lineno, None,
                                _not_object(text[pos:end], element, lineno), element)
                    pos = end
                    continue
                if not text[:pos].strip():
                    element = None  # the object starts its line: the line says which it is
                # most values are on one line: the C decoder reads them at once
                try:
                    value, end = _DECODER.raw_decode(text, pos)
                except (ValueError, RecursionError):  # a JSONDecodeError, or a number too long
                    cur, cur_element = _Open(lineno, pos), element
                else:
                    end = _after(text, end)
                    yield Piece("value", text[pos:end], lineno, value, None, element)
                    pos = end
                    continue
            end = cur.scan(text, pos)
            if end < 0:
                if not isinstance(cur, _Skipping):
                    cur.parts.append(text[pos:])
                cur.size += len(text) - pos
                if cur.size > MAX_VALUE and not isinstance(cur, _Skipping):
                    yield Piece("error", "".join(cur.parts), cur.line, None, ParseError(
                        f"a JSON value of more than {MAX_VALUE} characters: not a puzzle",
                        line=cur.line), cur_element)
                    cur = _Skipping(cur)
                break
            end = _after(text, end)
            if not isinstance(cur, _Skipping):
                cur.parts.append(text[pos:end])
                whole = "".join(cur.parts)
                value, error = _decode(whole, cur.line, cur.deepest)
                if error is None:
                    yield Piece("value", whole, cur.line, value, None, cur_element)
                else:
                    yield Piece("error", whole, cur.line, None, error, cur_element)
            cur = None
            pos = end
    if cur is not None and not isinstance(cur, _Skipping):
        yield Piece("error", "".join(cur.parts), cur.line, None, _not_closed(cur, lineno),
                    cur_element)
    if lead:
        yield Piece("lead", "".join(lead), lead_line)


_SPACES_COMMAS = re.compile(r"[ \t\r\n,]*")
_NOT_SPACE = re.compile(r"[^ \t]")
_ELEMENT_END = re.compile(r"[,\[\]{}\n]")


class _Arrays:
    """The arrays the scan is inside of, each with the number of its elements met so far."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: list[int] = []

    def pass_over(self, text: str, pos: int) -> int:
        """Past what lies between values from ``pos`` (spaces, commas, the brackets of arrays
        of objects, followed); stops at a value, or at the ``[`` of an array without objects
        (a value of its own)."""
        if text[pos : pos + 1] == "{":  # the usual case: a value right here
            return pos
        while True:
            pos = _SPACES_COMMAS.match(text, pos).end()  # type: ignore[union-attr]
            ch = text[pos : pos + 1]
            if ch == "]":
                if self.counts:
                    self.counts.pop()
            elif ch != "[" or _plain_array(text, pos):
                return pos
            else:
                if self.counts:  # an array in an array is one of its elements
                    self.counts[-1] += 1
                self.counts.append(0)
            pos += 1

    def next_element(self) -> int | None:
        """The place of the value about to be read in the array it is in (None: in none)."""
        if not self.counts:
            return None
        self.counts[-1] += 1
        return self.counts[-1]


def _plain_array(text: str, pos: int) -> bool:
    """Is the ``[`` at ``pos`` an array that holds no object, whole on this line (then it is
    one element, not a list of puzzles)?"""
    m = _NOT_SPACE.search(text, pos + 1)
    if m is None or m.group() in "{[]#\r\n":
        return False
    try:
        _, end = _DECODER.raw_decode(text, pos)
    except (ValueError, RecursionError):  # a JSONDecodeError, or a number too long
        return False
    return "{" not in text[pos:end]


def _stray_end(text: str, pos: int, element: int | None) -> int:
    """Where a value that is not an object, starting at ``pos``, ends: after the JSON value
    (inside an array, the text up to the next comma or bracket when it is not JSON);
    outside an array, the rest of its line unless an object or nothing follows the value
    (a line of text is one mistake, not one a word)."""
    try:
        _, end = _DECODER.raw_decode(text, pos)
    except (ValueError, RecursionError):  # a JSONDecodeError, or a number too long
        if element is None:
            return len(text)
        m = _ELEMENT_END.search(text, pos + 1)
        return m.start() if m is not None else len(text)
    if element is None:
        rest = text[_SPACES_COMMAS.match(text, end).end() :]  # type: ignore[union-attr]
        if rest and rest[0] != "{":
            return len(text)
    return _after(text, end)


def _not_object(text: str, element: int | None, line: int) -> ParseError:
    if element is None:
        return ParseError("expected a JSON object (a puzzle) here", line=line)
    shown = text.strip()
    shown = shown if len(shown) <= 24 else shown[:20] + "..."
    return ParseError(f"expected a JSON object (a puzzle), not {shown}", line=line)


class _Skipping(_Open):
    """A value already reported as too large: scanned to its end, its text dropped."""

    __slots__ = ()

    def __init__(self, was: _Open) -> None:
        super().__init__(was.line, was.indent)
        self.depth, self.in_string, self.deepest = was.depth, was.in_string, was.deepest


def _after(text: str, end: int) -> int:
    """Past the spaces after a value, and its line ending when nothing else follows."""
    stop = end + len(text[end:]) - len(text[end:].lstrip(" \t\r"))
    if text[stop : stop + 1] == "\n":
        stop += 1
    return stop


# -- where the values of a (valid) JSON text lie, to write some of them anew -------------

_SPACE = re.compile(r"[ \t\n\r]*")


def skip_space(text: str, pos: int) -> int:
    """Past the JSON whitespace at ``pos``."""
    return _SPACE.match(text, pos).end()  # type: ignore[union-attr]


def members(text: str, pos: int) -> Iterator[tuple[str, int, int]]:
    """The members of the JSON object whose ``{`` is at ``pos`` (text already read as
    valid JSON): each key, with where its value starts and ends, in order."""
    pos = skip_space(text, pos + 1)
    while text[pos] == '"':
        key, pos = _DECODER.raw_decode(text, pos)
        start = skip_space(text, skip_space(text, pos) + 1)  # past the colon
        _, end = _DECODER.raw_decode(text, start)
        yield key, start, end
        pos = skip_space(text, end)
        if text[pos] == ",":
            pos = skip_space(text, pos + 1)


def member(text: str, pos: int, key: str) -> tuple[int, int] | None:
    """Where the value of ``key`` in the object at ``pos`` starts and ends: its last one,
    the one a JSON reader keeps (None when there is none). A key of the same name in a
    nested object or inside a string is not it."""
    found = None
    for name, start, end in members(text, pos):
        if name == key:
            found = (start, end)
    return found


def elements(text: str, pos: int) -> Iterator[tuple[int, int]]:
    """Where each element of the JSON array at ``pos`` starts and ends (none when the
    value there is not an array)."""
    if text[pos] != "[":
        return
    pos = skip_space(text, pos + 1)
    while text[pos] != "]":
        _, end = _DECODER.raw_decode(text, pos)
        yield pos, end
        pos = skip_space(text, end)
        if text[pos] == ",":
            pos = skip_space(text, pos + 1)

