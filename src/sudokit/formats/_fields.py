"""The puzzle field of a line and what stands around it.

People keep puzzles in lines with more on them: a rating (``<puzzle> 7.2``), a comment
(``<puzzle> # from the paper``), Sudoku Explainer's ratings (``<puzzle> ED=7.1/1.2/1.2``),
an id or hash before the puzzle (``<hash> <puzzle> <rating>``, as puzzle banks ship), or a
share link of sudokuwiki.org (``https://www.sudokuwiki.org/sudoku.htm?bd=<81 digits>``).
They type blanks as ``.``, ``0``, ``_``, ``*``, ``-``, ``x``, ``·`` or a space. This module
finds the puzzle field (every test linear in the line), reads its cells with the rule people
expect (among N*N symbols holding digits, the one other symbol is the blank), and names the
other fields (``id``, ``rating``, ``ratings``, ``comment``, ``url``, ``extra``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import NamedTuple

from ..errors import CellCountError, SymbolError
from ..grid import SYMBOLS
from ..shape import Shape
from ._records import fields_of
from ._symbols import MAX_SYMBOL_SIZE, SYMBOL_VALUE, a_size, shape_for_count

#: Blanks people type besides ``.`` and ``0`` (any one symbol that is no digit is read so
#: when it is the only one; these are also allowed in a field that is looked for).
TYPED_BLANKS = frozenset("_*-xX·?")
_FIELD_CHARS = frozenset(SYMBOLS + SYMBOLS.lower() + ".0") | TYPED_BLANKS
_SPACES = frozenset(" \u00a0\t")
_TOKEN = re.compile(r"\S+")
_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")
_COMMENT = re.compile(r"(?:^|\s)#")
#: The parameter of a sudokuwiki.org link that holds the 81 cells (0 for a blank).
_SHARE_PARAMETER = "bd="
_SHARE_END = re.compile(r"[&#]")


@functools.cache
def _table(n: int) -> bytes:
    """bytes.translate table: a symbol of size ``n`` (either case) or a blank -> its digit,
    anything else -> 255."""
    table = bytearray([255]) * 256
    table[ord(".")] = table[ord("0")] = 0
    for v in range(1, n + 1):
        table[ord(SYMBOLS[v - 1])] = table[ord(SYMBOLS[v - 1].lower())] = v
    return bytes(table)


class Field(NamedTuple):
    """Where the puzzle stands in a line (``start``, ``end``) and the shape its length
    makes; ``token``: the whole whitespace-separated token it was found in (a link)."""

    start: int
    end: int
    shape: Shape
    token: tuple[int, int]


def _shape_of(length: int, shape: Shape | None, box: tuple[int, int] | None) -> Shape | None:
    if shape is not None:
        return shape if length == shape.ncells else None
    found = shape_for_count(length, box)
    return found if found is not None and found.n <= MAX_SYMBOL_SIZE else None


def find_field(body: str, shape: Shape | None, box: tuple[int, int] | None) -> Field | None:
    """The puzzle field of a line (``body``, without its line ending): the whole line when
    spaces are its blanks, else the first whitespace-separated token (or a share link's
    ``bd=`` value) whose length makes a puzzle (``shape``'s, when known)."""
    stripped = body.strip("\r\n")
    if " " in stripped or "\u00a0" in stripped:
        found = _shape_of(len(stripped), shape, box)
        if found is not None and _FIELD_CHARS.union(_SPACES).issuperset(stripped) and len(
            stripped.split()
        ) > 2:
            return Field(0, len(stripped), found, (0, len(stripped)))
    for m in _TOKEN.finditer(body):
        a, b = m.span()
        token = m.group()
        at = token.find(_SHARE_PARAMETER)
        if at >= 0 and "?" in token[:at]:
            start = a + at + len(_SHARE_PARAMETER)
            after = _SHARE_END.search(body, start, b)  # the next parameter or a #fragment
            end = b if after is None else after.start()
            found = _shape_of(end - start, shape, box)
            if found is not None:
                return Field(start, end, found, (a, b))
            continue
        found = _shape_of(b - a, shape, box)
        if found is not None and _FIELD_CHARS.issuperset(token):
            return Field(a, b, found, (a, b))
    return None


def longest_field(body: str) -> str | None:
    """The longest token of cell symbols (16 or more) in a line that holds no puzzle field:
    what the puzzle was meant to be, for the message."""
    best: str | None = None
    for m in _TOKEN.finditer(body):
        token = m.group()
        if len(token) >= 16 and _FIELD_CHARS.issuperset(token) and (
            best is None or len(token) > len(best)
        ):
            best = token
    return best


def read_cells(field: str, shape: Shape) -> tuple[tuple[int, ...], str]:
    """The digits of a puzzle field (0 for a blank) and the blank it uses. ``.`` and ``0``
    are blanks; when neither is there, the one symbol that is no digit is the blank (a
    space, ``_``, ``*``, ``x``...). Raises SymbolError naming the cell otherwise."""
    n = shape.n
    if n > MAX_SYMBOL_SIZE:
        raise CellCountError(
            f"{len(field)} symbols would make {a_size(n)} puzzle, but one symbol per cell "
            f"stops at {MAX_SYMBOL_SIZE}x{MAX_SYMBOL_SIZE} (1-9, then A-Z)"
        )
    raw = field.encode()
    digits = raw.translate(_table(n))
    if 255 not in digits and len(raw) == len(field):  # the usual case, at C speed
        return tuple(digits), "0" if b"0" in raw and b"." not in raw else "."
    values: list[int] = []
    others: dict[str, int] = {}
    for i, ch in enumerate(field):
        v = SYMBOL_VALUE.get(ch, 99)
        if v > n:
            others.setdefault(ch, i)
            v = 0
        values.append(v)
    has_dot, has_zero = "." in field, "0" in field
    blank = "0" if has_zero and not has_dot else "."
    if others:
        (first, *more) = others
        if not more and not has_dot and not has_zero and (
            first in TYPED_BLANKS or first in _SPACES
        ):
            return tuple(values), first
        letters = [ch for ch in others if ch.isalnum()]
        if not letters and all(ch in TYPED_BLANKS or ch in _SPACES for ch in others):
            shown = [*(".") * has_dot, *("0") * has_zero, *others]
            raise SymbolError(
                f"mixed blank symbols {', '.join(map(repr, shown))}: a puzzle uses one"
            )
        ch = letters[0] if letters else next(
            c for c in others if c not in TYPED_BLANKS and c not in _SPACES
        )
        cell = shape.cell_name(others[ch])
        # a digit of another script (the full-width digits of CJK input, say) looks right
        hint = f" (write it as {int(ch)})" if ch.isdecimal() and not ch.isascii() else ""
        raise SymbolError(
            f"{ch!r} at {cell} is not a digit of {a_size(n)} sudoku{hint}", cell=cell
        )
    return tuple(values), blank


def around(body: str, field: Field) -> Mapping[str, str]:
    """The fields of a line besides the puzzle: ``id`` (what stands before it), ``url``
    (the share link it came in), ``rating`` (the first number after it, or the first of
    Sudoku Explainer's ``ED=7.1/1.2/1.2``), ``ratings`` (SE's three), ``comment`` (after
    ``#``), ``extra`` (anything else after it)."""
    pairs: list[tuple[str, str]] = []
    before = body[: field.token[0]].strip()
    if before:
        pairs.append(("id", before))
    if field.token != (field.start, field.end):
        pairs.append(("url", body[field.token[0] : field.token[1]]))
    rest = body[field.token[1] :]
    comment = _COMMENT.search(rest)
    if comment is not None:
        rest, note = rest[: comment.start()], rest[comment.end() :].strip()
    extra: list[str] = []
    rated = False
    for token in rest.split():
        if token.startswith("ED=") and not rated:
            ratings = token[3:]
            pairs += [("rating", ratings.split("/")[0]), ("ratings", ratings)]
            rated = True
        elif _NUMBER.fullmatch(token) and not rated:
            pairs.append(("rating", token))
            rated = True
        else:
            extra.append(token)
    if comment is not None:
        pairs.append(("comment", note))
    if extra:
        pairs.append(("extra", " ".join(extra)))
    return fields_of(pairs)
