"""The ``opensudoku`` format: the XML collections of the OpenSudoku app for Android.

Version 2 keeps the puzzles in folders, each a ``game`` whose ``data`` is the 81 cells with
``0`` for a blank::

    <?xml version="1.0" encoding="UTF-8"?>
    <opensudoku version="2">
      <folder name="Easy">
        <game data="530070000600195000098000060800060003400803001700020006060000280..." />
      </folder>
    </opensudoku>

Version 1 has one collection, described by ``name``, ``author``, ``description``,
``comment``, ``created``, ``source``, ``level`` and ``sourceURL`` elements before its
games. A record's fields are the folder's ``name``, the collection's description (as
``name``, ``author``, ``description``, ``comment``, ``date``, ``source``, ``difficulty``,
``url``) and the game's other attributes (``state``, ``time``, ``note``...) by name.
A game the app saved after play has ``data="version: 3&#10;value|notes|editable|..."``:
its puzzle is its givens (the cells not editable), and a solution goes into each cell's
value. Reading a file and writing it back gives the same bytes (cells written as character
references, ``&#53;``, are read and kept so); a solution goes in place of its puzzle's
``data``. A message (a game that cannot be read or solved) is an XML comment in place of
its game element, so the output is well-formed XML with one game or one comment per game,
in order; text the parser cannot read ends the games, with the elements still open closed
after its comment.

The XML is read with the standard library's expat parser with any document type
declaration that declares something refused, so no entity is ever defined or expanded (no
"billion laughs"); a bare ``<!DOCTYPE opensudoku>`` is read.
"""

from __future__ import annotations

import codecs
import re
import xml.parsers.expat
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from ..errors import CellCountError, ParseError, ShapeError, SudokuError
from ..grid import Grid
from ..shape import Shape
from . import _writer
from ._fields import read_cells
from ._input import Input
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template, fields_of
from ._spec import Format, no_separator
from ._symbols import as_grid

NAME = "opensudoku"
DEFAULT = Style(NAME, blank="0", eol="\n")
#: The largest file read (a collection of a million games is about 100 MB).
MAX_BYTES = 1 << 28

#: Version 1's collection elements and the field each one fills.
COLLECTION = {
    "name": "name",
    "author": "author",
    "description": "description",
    "comment": "comment",
    "created": "date",
    "source": "source",
    "level": "difficulty",
    "sourceURL": "url",
}

#: A start tag (expat has checked that it is well-formed): its attributes, then ``/>`` or ``>``.
_START_TAG = re.compile(rb"""<[^\s/>]+((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(/?)>""")
_ATTRIBUTE = re.compile(rb"""([^\s=]+)\s*=\s*("[^"]*"|'[^']*')""")
#: One character of an attribute's text as written: a character reference, an entity
#: reference, or a character.
_CHARACTER = re.compile(r"&#[0-9]+;|&#x[0-9a-fA-F]+;|&[^;&]*;|[^&]", re.DOTALL)
#: A field of a saved game's cells (``value|notes|editable|``; an empty one is skipped, as
#: the app's reader does).
_SAVED_FIELD = re.compile(r"[^|]+")
#: The encoding an XML declaration names.
_DECLARED = re.compile(rb"""<\?xml[^>]*?\sencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\1""")
#: Characters XML 1.0 does not allow in a document, even in a comment.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

OPENING = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<opensudoku version="2">\n'
    '  <folder name="sudokit">\n'
)
CLOSING = "  </folder>\n</opensudoku>\n"


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One game element (for a puzzle read from a file, its element as read, the cells
    of its ``data`` changed where the puzzle's are)."""
    grid = as_grid(item)
    if grid.n != 9:
        raise ShapeError(f"the opensudoku format holds 9x9 puzzles, not {grid.n}x{grid.n}")
    template = style.template
    if template is not None and len(template.tokens) == 81:
        return template.fill(grid.cells, str)
    return '    <game data="' + "".join(map(str, grid.cells)) + '" />' + style.eol


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def encode_message(text: str, style: Style) -> bytes:
    """A message in place of a game: an XML comment where the game element stood, so the
    file stays well-formed XML with one game or one comment per game read."""
    comment = "<!-- " + re.sub("-(?=-)", "- ", _NOT_XML.sub("?", text)) + " -->"
    if style.lead is None:  # not read from a document: a line of the collection written
        return ("    " + comment + (style.eol or "\n")).encode()
    return comment.encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as one OpenSudoku collection (version 2, one folder). Option: ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of an OpenSudoku XML text; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the games of ``inp``, in order."""
    return with_tail(inp, _records(inp))


class _Game(NamedTuple):
    """A game element as the parser found it: its line, where its text starts and ends
    (bytes), its attributes, and the fields of its folder and collection at that point."""

    line: int
    start: int
    end: int
    attrs: dict[str, str]
    context: list[tuple[str, str]]


class _Games:
    """What the parser finds: each game, and the error that stopped it, if any, with where
    the text read well ends and the elements still open there (to close them)."""

    def __init__(self) -> None:
        self.games: list[_Game] = []
        self.collection: list[tuple[str, str]] = []
        self.folder: list[tuple[str, str]] = []
        self.text: list[str] | None = None
        self.open: list[tuple[str, int]] = []  # each element's name and byte offset
        self.error: ParseError | None = None
        self.error_at = 0


def _element_end(data: bytes, start: int, end_event: int) -> int:
    """Where the element whose start tag is at ``start`` ends, given where expat reported
    its end (right after ``/>`` for an empty element, at ``</`` otherwise)."""
    tag = _START_TAG.match(data, start)
    if tag is not None and tag.group(2) and tag.end() == end_event:
        return end_event
    close = data.find(b">", end_event)
    return close + 1 if close >= 0 else len(data)


def _parse(data: bytes) -> _Games:
    found = _Games()
    parser = xml.parsers.expat.ParserCreate()
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def refuse(*_: Any) -> None:
        raise ParseError(
            "XML with a document type declaration: refused (its entities could expand "
            "without bound)",
            line=parser.CurrentLineNumber,
        )

    def doctype(name: str, system: str | None, public: str | None, inner: bool) -> None:
        if inner:  # declarations in the document: entities could be defined there
            refuse()
        # <!DOCTYPE opensudoku> alone declares nothing (an external one is never read)

    def start(name: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        if not found.open and name != "opensudoku":
            raise ParseError(
                f"an XML document of <{name}>, not an OpenSudoku collection", line=line
            )
        if name == "game" and any(n == "game" for n, _ in found.open):
            raise ParseError("a game inside another game", line=line)
        found.open.append((name, parser.CurrentByteIndex))
        if name == "folder":
            found.folder = [("name", attrs["name"])] if "name" in attrs else []
        elif name == "game":
            found.games.append(_Game(line, parser.CurrentByteIndex, -1, attrs,
                                     found.collection + found.folder))
        elif len(found.open) == 2 and name in COLLECTION:
            found.text = []

    def end(name: str) -> None:
        _, at = found.open.pop()
        if found.text is not None and len(found.open) == 1:
            found.collection.append((COLLECTION[name], "".join(found.text).strip()))
            found.text = None
        if name == "folder":
            found.folder = []
        elif name == "game":
            game = found.games[-1]
            found.games[-1] = game._replace(end=_element_end(data, at, parser.CurrentByteIndex))

    def chars(text: str) -> None:
        if found.text is not None:
            found.text.append(text)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as e:
        found.error = ParseError(
            f"not well-formed XML: {xml.parsers.expat.errors.messages[e.code]}", line=e.lineno
        )
        found.error_at = parser.ErrorByteIndex
    except ParseError as e:
        found.error = e
        found.error_at = parser.CurrentByteIndex
    except (LookupError, ValueError) as e:  # an encoding expat cannot read, say
        found.error = ParseError(f"XML that cannot be read: {e}", line=parser.CurrentLineNumber)
        found.error_at = parser.CurrentByteIndex
    return found


def _template(element: bytes, attrs: dict[str, str]) -> tuple[Template, str]:
    """A game element cut around the cells of its ``data`` attribute (each as it is
    written: a digit, or a character reference such as ``&#53;``), and its blank."""
    value = attrs.get("data")
    tag = _START_TAG.match(element)
    found = None
    if tag is not None:
        found = next((m for m in _ATTRIBUTE.finditer(element, tag.start(1), tag.end(1))
                      if m.group(1) == b"data"), None)
    if value is None or found is None:
        raise ParseError("a game without a data attribute")
    a, b = found.start(2) + 1, found.end(2) - 1
    chars = _CHARACTER.findall(element[a:b].decode("utf-8", "replace"))
    before = element[:a].decode("utf-8", "replace")
    after = element[b:].decode("utf-8", "replace")
    if value.startswith("version:") and len(chars) == len(value):
        at, cells = _saved_cells(value)
        parts = [before + "".join(chars[: at[0]])]
        parts += ["".join(chars[i + 1 : j]) for i, j in zip(at, at[1:], strict=False)]
        parts.append("".join(chars[at[-1] + 1 :]) + after)
        return Template(tuple(parts), tuple(chars[i] for i in at), tuple(cells)), "0"
    if len(value) != 81 or len(chars) != 81:
        raise CellCountError(f"a game's data holds {len(value)} cells, expected 81")
    digits, blank = read_cells(value, Shape(3, 3))
    return Template((before,) + ("",) * 80 + (after,), tuple(chars), digits), blank


def _saved_cells(value: str) -> tuple[list[int], list[int]]:
    """A game as the app saves one it has played (``version: 3`` and a line of
    ``value|notes|editable|`` for each cell): where each cell's value is in ``value``, and
    the puzzle's digits (the cells not editable: the givens; what a player entered is not
    the puzzle, and is written over by a solution)."""
    line = value.find("\n") + 1 or value.find(" ", len("version:") + 1) + 1
    fields = [(m.start(), m.group()) for m in _SAVED_FIELD.finditer(value, line)]
    if not line or len(fields) < 3 * 81 or any(
        not (fields[k][1].isdigit() and len(fields[k][1]) == 1) for k in range(0, 3 * 81, 3)
    ):
        raise CellCountError(
            "a game's data in the app's saved form must hold 81 cells of value|notes|editable"
        )
    at = [fields[k][0] for k in range(0, 3 * 81, 3)]
    cells = [int(fields[k][1]) if fields[k + 2][1] == "0" else 0 for k in range(0, 3 * 81, 3)]
    return at, cells


def _records(inp: Input) -> Iterator[Record | str]:
    data = inp.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise inp.fail(ParseError(f"an XML file larger than {MAX_BYTES} bytes: not read"))
    data = _as_utf8(inp, data)
    found = _parse(data)
    complete = [g for g in found.games if g.end >= 0]
    if found.error is not None and not complete:
        raise inp.fail(found.error)
    pos = 0
    for game in complete:
        lead = data[pos : game.start].decode("utf-8", "replace")
        pos = game.end
        try:
            template, blank = _template(data[game.start : game.end], game.attrs)
        except SudokuError as e:
            yield Record(None, game.line, inp.fail(e, game.line), Style(NAME, eol="", lead=lead))
            continue
        style = Style(NAME, blank, "", lead, template=template)
        pairs = game.context + [(k, v) for k, v in game.attrs.items() if k != "data"]
        yield Record(Grid.unchecked(template.values, Shape(3, 3)), game.line, None, style,
                     fields_of(pairs))
    if found.error is None:
        yield data[pos:].decode("utf-8", "replace")
        return
    yield _cut(inp, found.error, found, data, pos)
    yield "".join(f"\n</{name}>" for name, _ in reversed(found.open)) + "\n"


def _as_utf8(inp: Input, data: bytes) -> bytes:
    """The document in UTF-8, what sudokit writes: one in another encoding its declaration
    names (ISO-8859-1, windows-1252, Shift_JIS...) is read in it, and its declaration says
    UTF-8 from then on, so that the text written back is what was read. A file in UTF-16
    is refused before it comes here (as text that is not UTF-8), so a declaration of UTF-16
    on bytes that spell ASCII is a mistake, refused."""
    m = _DECLARED.match(data)
    if m is None:
        return data
    name = m.group(2).decode("ascii")
    try:
        codec = codecs.lookup(name).name
    except LookupError:
        raise inp.fail(
            ParseError(f"XML in an encoding sudokit does not know: {name}"), 1
        ) from None
    if codec in ("utf-8", "ascii"):
        return data
    if "<?xml".encode(codec, "replace") != b"<?xml":  # UTF-16, UTF-32: two bytes or more each
        raise inp.fail(ParseError(f"the XML declaration says {name}, but the file is not "
                                  f"written in it: correct the declaration, or save the "
                                  f"file as UTF-8"), 1)
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise inp.fail(ParseError(f"bytes that are not {name} text, as the XML declaration "
                                  "says the file is"), line) from None
    return (text[: m.start(2)] + "UTF-8" + text[m.end(2) :]).encode()


def _cut(inp: Input, error: ParseError, found: _Games, data: bytes, pos: int) -> Record:
    """The record of the text the parser could not read, from the end of the last game
    (its comment stands in place of that text, which is not XML; the elements still
    open there are closed after it)."""
    stop = found.error_at
    games = [i for i, (name, _) in enumerate(found.open) if name == "game"]
    if games:  # a game left open: it is part of what could not be read
        stop = min(stop, found.open[games[0]][1])
        del found.open[games[0] :]
    lead = data[pos:max(pos, stop)].decode("utf-8", "replace")
    if lead.rfind("<") > lead.rfind(">"):  # a tag cut short
        lead = lead[: lead.rfind("<")]
    return Record(None, error.line or 1, inp.fail(error), Style(NAME, eol="", lead=lead))


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    separator=no_separator,
    encode_message=encode_message,
    opening=OPENING,
    closing=CLOSING,
)
