"""A stream of text cut into its top-level JSON values, one at a time, in time linear in the
text and memory bounded by the largest value.

JSON Lines, objects one after another in any layout, and a JSON array of objects all read
the same way: between values, whitespace, ``,``, ``[`` and ``]`` are passed over, and ``#``
comment lines are kept. A value that is broken (a brace missing, cut short, nested too
deep, too large) is one :class:`Piece` with an error, and the values after it are read on:
a value still open when a line starting with ``{`` comes at its own indentation or less
ends there.
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


def _decode(text: str, start: int, deepest: int) -> tuple[Any, ParseError | None]:
    if deepest > MAX_DEPTH:
        return None, ParseError(f"JSON nested more than {MAX_DEPTH} deep: not a puzzle")
    try:
        return json.loads(text), None
    except json.JSONDecodeError as e:
        return None, ParseError(f"invalid JSON: {e.msg}", line=start + e.lineno - 1)
    except RecursionError:
        return None, ParseError(f"JSON nested more than {MAX_DEPTH} deep: not a puzzle")


def _not_closed(cur: _Open, last: int) -> ParseError:
    return ParseError(
        f"this JSON value is not closed: it is cut off after line {last}", line=cur.line
    )


def json_values(lines: Iterator[str]) -> Iterator[Piece]:
    """The pieces of a stream given as text lines (each with its line ending)."""
    lead: list[str] = []
    lead_line = 1
    cur: _Open | None = None
    lineno = 0
    for text in lines:
        lineno += 1
        pos = 0
        if cur is not None and not cur.in_string:
            body = text.lstrip(" \t")
            if body.startswith("{") and len(text) - len(body) <= cur.indent:
                yield Piece("error", "".join(cur.parts), cur.line, None,
                            _not_closed(cur, lineno - 1))
                cur = None
        while pos < len(text):
            if cur is None:
                rest = text[pos:]
                stripped = rest.lstrip(_BETWEEN)
                if len(stripped) < len(rest):
                    if not lead:
                        lead_line = lineno
                    lead.append(rest[: len(rest) - len(stripped)])
                    pos += len(rest) - len(stripped)
                    if not stripped:
                        break
                if text[pos] == "#" and not text[:pos].strip():  # a comment line
                    if not lead:
                        lead_line = lineno
                    lead.append(text[pos:])
                    break
                if lead:
                    yield Piece("lead", "".join(lead), lead_line)
                    lead.clear()
                if text[pos] != "{":
                    yield Piece("error", text[pos:], lineno, None,
                                ParseError("expected a JSON object (a puzzle) here", line=lineno))
                    break
                # most values are on one line: the C decoder reads them at once
                try:
                    value, end = _DECODER.raw_decode(text, pos)
                except (json.JSONDecodeError, RecursionError):
                    cur = _Open(lineno, pos)
                else:
                    end = _after(text, end)
                    yield Piece("value", text[pos:end], lineno, value)
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
                        line=cur.line))
                    cur = _Skipping(cur)
                break
            end = _after(text, end)
            if not isinstance(cur, _Skipping):
                cur.parts.append(text[pos:end])
                whole = "".join(cur.parts)
                value, error = _decode(whole, cur.line, cur.deepest)
                if error is None:
                    yield Piece("value", whole, cur.line, value)
                else:
                    yield Piece("error", whole, cur.line, None, error)
            cur = None
            pos = end
    if cur is not None and not isinstance(cur, _Skipping):
        yield Piece("error", "".join(cur.parts), cur.line, None, _not_closed(cur, lineno))
    if lead:
        yield Piece("lead", "".join(lead), lead_line)


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
