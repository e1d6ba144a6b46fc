"""Puzzle links of the setters' sites, and the reader the ``fpuzzles`` and ``sudokupad``
formats share.

A link, or a line of a file of links, is one of:

- ``https://www.f-puzzles.com/?load=<data>``: f-puzzles' JSON document, lz-string
  compressed in base64 (the link may be percent-encoded, as some pages write it);
- ``https://sudokupad.app/fpuzzles<data>``, ``https://sudokupad.app/?puzzleid=fpuzzles<data>``
  (and the same on ``app.crackingthecryptic.com/sudoku/``): the same document, opened by
  SudokuPad; ``.../scl<data>`` or ``?puzzleid=scl<data>``: SudokuPad's own compact format
  (``_scl.py``);
- the ``<data>`` alone (a compressed f-puzzles document);
- the JSON document itself, on one line.

A file may also hold one JSON document laid out over many lines. A short SudokuPad link
(``sudokupad.app/abc123``) names a puzzle kept on SudokuPad's server, which sudokit cannot
reach: it is refused with what to do instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

from ..errors import ParseError, SudokuError
from ..grid import Grid
from . import _lzstring, _scl
from ._fpuzzles_doc import read_doc
from ._input import Input, decode, is_comment, split_eol, unreadable
from ._json_values import MAX_VALUE, loads_bounded
from ._records import Record, Style, fields_of
from ._sites import SITES

FPUZZLES_SITE = "https://www.f-puzzles.com/?load="
SUDOKUPAD_SITE = "https://sudokupad.app/"

_FPUZZLES = re.compile(r"(?:https?://)?(?:www\.)?f-puzzles\.com/?\?(?:[^#]*&)?load=([^&#\s]*)",
                       re.IGNORECASE)
_SUDOKUPAD = re.compile(
    r"(?:https?://)?(?:[a-z0-9-]+\.)*(?:sudokupad\.app|crackingthecryptic\.com)"
    r"(/[^?#\s]*)?(\?[^#\s]*)?", re.IGNORECASE)
_PUZZLEID = re.compile(r"(?:^|&)puzzleid=([^&]*)")
def doc_of_line(text: str) -> tuple[dict[str, Any], str]:
    """The f-puzzles document a link, a compressed string or a JSON text holds, and the
    form it was written in (``"link"``, ``"scl"``, ``"compressed"`` or ``"json"``)."""
    text = text.strip()
    if text.startswith("{"):
        return _object(loads_bounded(text)), "json"
    m = _FPUZZLES.fullmatch(text)
    if m is not None:
        return _unpacked(unquote(m[1])), "link"
    m = _SUDOKUPAD.fullmatch(text)
    if m is not None:
        return _sudokupad(m[1] or "", m[2] or "")
    if SITES.match(text):
        raise ParseError("not a puzzle link of f-puzzles (?load=...) or SudokuPad "
                         "(/fpuzzles... or /scl...)")
    return _unpacked(text), "compressed"


def _sudokupad(path: str, query: str) -> tuple[dict[str, Any], str]:
    m = _PUZZLEID.search(query[1:])
    if m is None:  # the puzzle is the path (base64 may hold "/"), after a "/sudoku/" part
        path = path[1:]
        path = path[len("sudoku/"):] if path.startswith("sudoku/") else path
    data = unquote(m[1] if m is not None else path)
    if data.startswith("fpuzzles"):
        return _unpacked(data[len("fpuzzles"):]), "link"
    if data.startswith("fpuz"):
        return _unpacked(data[len("fpuz"):]), "link"
    if data.startswith("scl"):
        return _scl.fpuzzles_doc(_object(_scl.unpacked(data[3:]))), "scl"
    if data.startswith("ctc"):
        raise ParseError("a SudokuPad puzzle of the ctc kind is not supported yet")
    if not data:
        raise ParseError("a SudokuPad link without a puzzle in it")
    raise ParseError("a short SudokuPad link names a puzzle kept on SudokuPad's server, "
                     "which sudokit does not fetch: open it there and share its long "
                     "(fpuzzles or scl) link")


def _unpacked(data: str) -> dict[str, Any]:
    """An f-puzzles document from its compressed text."""
    if not data:
        raise ParseError("an empty f-puzzles puzzle string")
    text = _lzstring.decompress_from_base64(data.replace(" ", "+"))
    if not text:
        raise ParseError("not an f-puzzles puzzle string: it holds nothing")
    return _object(loads_bounded(text))


def _object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ParseError("an f-puzzles puzzle is a JSON object")
    return value


def compact(doc: dict[str, Any]) -> str:
    """A document as f-puzzles writes it: JSON without spaces."""
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def fpuzzles_link(doc: dict[str, Any]) -> str:
    """The f-puzzles link that opens ``doc``."""
    return FPUZZLES_SITE + _lzstring.compress_to_base64(compact(doc))


def sudokupad_link(doc: dict[str, Any]) -> str:
    """The SudokuPad link (of the f-puzzles kind) that opens ``doc``."""
    return SUDOKUPAD_SITE + "fpuzzles" + _lzstring.compress_to_base64(compact(doc))


#: The form of a record read as each form of input, per format.
Forms = dict[str, str]


def read_links(inp: Input, name: str, forms: Forms) -> Iterator[Record | str]:
    """The puzzles of an input of links, compressed strings or f-puzzles JSON, in order:
    a whole-file JSON document is one record; otherwise a record per line (a line that
    cannot be read is a record with its error, and reading goes on). ``forms`` maps what
    a line was (``link``, ``scl``, ``compressed``, ``json``) to the style form given."""
    raw = inp.read(MAX_VALUE + 1)
    if len(raw) > MAX_VALUE:
        raise inp.fail(ParseError(f"a puzzle file larger than {MAX_VALUE} bytes: not read"))
    text = decode(raw)
    body = text.lstrip()
    if body.startswith("{") and not _one_per_line(body):
        start = text.count("\n", 0, len(text) - len(body)) + 1
        yield _record(inp, body, start, name, forms, "\n")
        yield ""
        return
    for lineno, piece in enumerate(text.splitlines(keepends=True), 1):
        line, eol = split_eol(piece)
        stripped = line.strip()
        if not stripped or is_comment(stripped):
            continue
        bad = unreadable(piece.encode(), piece)
        if bad is not None:
            yield Record(None, lineno, inp.fail(bad, lineno), Style(name))
            continue
        yield _record(inp, stripped, lineno, name, forms, eol or "\n")
    yield ""


def _one_per_line(body: str) -> bool:
    """Is the first line a whole JSON document (documents one per line)?"""
    first = body.split("\n", 1)[0].strip()
    try:
        return isinstance(json.loads(first), dict)
    except ValueError:
        return False


def _record(inp: Input, text: str, line: int, name: str, forms: Forms, eol: str) -> Record:
    try:
        doc, form = doc_of_line(text)
        grid, fields = read_doc(doc)
    except SudokuError as e:
        e.line = line + (e.line or 1) - 1  # a line of a JSON text read from ``line`` on
        return Record(None, line, inp.fail(e), Style(name))
    return Record(grid, line, None, Style(name, eol=eol, form=forms.get(form, "")),
                  fields_of(fields))


def grid_of(text: str) -> Grid:
    """The puzzle of one link, compressed string or f-puzzles JSON text."""
    doc, _ = doc_of_line(text)
    return read_doc(doc)[0]
