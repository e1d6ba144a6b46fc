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
Reading a file and writing it back gives the same bytes; a solution goes in place of its
puzzle's ``data``.

The XML is read with the standard library's expat parser with any document type
declaration refused, so no entity is ever defined or expanded (no "billion laughs").
"""

from __future__ import annotations

import re
import xml.parsers.expat
from collections.abc import Iterable, Iterator
from typing import Any

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

#: Where a game's data attribute's value starts (its quote is group 1).
_DATA = re.compile(rb"""\sdata\s*=\s*(["'])""")

OPENING = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<opensudoku version="2">\n'
    '  <folder name="sudokit">\n'
)
CLOSING = "  </folder>\n</opensudoku>\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One game element (or, for a puzzle read from a file, its ``data`` value)."""
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
    """A message in place of a puzzle: an XML comment, so the file stays valid."""
    return ("    <!-- " + text.replace("--", "- -") + " -->\n").encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as one OpenSudoku collection (version 2, one folder). Option: ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of an OpenSudoku XML text; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the games of ``inp``, in order."""
    return with_tail(inp, _records(inp))


class _Games:
    """What the parser finds: each game (line, byte offset, attributes, the fields of its
    folder and collection at that point), and the error that stopped it, if any."""

    def __init__(self) -> None:
        self.games: list[tuple[int, int, dict[str, str], list[tuple[str, str]]]] = []
        self.collection: list[tuple[str, str]] = []
        self.folder: list[tuple[str, str]] = []
        self.text: list[str] | None = None
        self.error: ParseError | None = None


def _parse(data: bytes) -> _Games:
    found = _Games()
    parser = xml.parsers.expat.ParserCreate()
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    depth = 0

    def refuse(*_: Any) -> None:
        raise ParseError(
            "XML with a document type declaration: refused (its entities could expand "
            "without bound)",
            line=parser.CurrentLineNumber,
        )

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth == 1 and name != "opensudoku":
            raise ParseError(
                f"an XML document of <{name}>, not an OpenSudoku collection",
                line=parser.CurrentLineNumber,
            )
        if name == "folder":
            found.folder = [("name", attrs["name"])] if "name" in attrs else []
        elif name == "game":
            found.games.append(
                (
                    parser.CurrentLineNumber,
                    parser.CurrentByteIndex,
                    attrs,
                    found.collection + found.folder,
                )
            )
        elif depth == 2 and name in COLLECTION:
            found.text = []

    def end(name: str) -> None:
        nonlocal depth
        depth -= 1
        if found.text is not None and depth == 1:
            found.collection.append((COLLECTION[name], "".join(found.text).strip()))
            found.text = None
        if name == "folder":
            found.folder = []

    def chars(text: str) -> None:
        if found.text is not None:
            found.text.append(text)

    parser.StartDoctypeDeclHandler = refuse
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
    except ParseError as e:
        found.error = e
    except (LookupError, ValueError) as e:  # an encoding expat cannot read, say
        found.error = ParseError(f"XML that cannot be read: {e}", line=parser.CurrentLineNumber)
    return found


def _records(inp: Input) -> Iterator[Record | str]:
    data = inp.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise inp.fail(ParseError(f"an XML file larger than {MAX_BYTES} bytes: not read"))
    found = _parse(data)
    shape = Shape(3, 3)
    pos = 0
    for line, offset, attrs, context in found.games:
        value = attrs.get("data")
        m = _DATA.search(data, offset)
        start = m.end() if m is not None else offset
        end = data.find(m.group(1), start) if m is not None else -1
        lead = data[pos:start].decode("utf-8", "replace")
        pairs = context + [(k, v) for k, v in attrs.items() if k != "data"]
        try:
            if value is None or end < 0:
                raise ParseError("a game without a data attribute")
            if len(value) != 81 or data[start:end].decode("utf-8", "replace") != value:
                raise CellCountError(f"a game's data holds {len(value)} cells, expected 81")
            cells, blank = read_cells(value, shape)
        except SudokuError as e:
            yield Record(None, line, inp.fail(e, line), Style(NAME, lead=lead))
            pos = max(start, end)
            continue
        template = Template(("",) * 82, tuple(value), cells)
        style = Style(NAME, blank, "", lead, template=template)
        yield Record(Grid.unchecked(cells, shape), line, None, style, fields_of(pairs))
        pos = end
    if found.error is not None:
        if not found.games:
            raise inp.fail(found.error)
        line = found.error.line or 1
        yield Record(None, line, inp.fail(found.error), Style(NAME, lead=""))
    yield data[pos:].decode("utf-8", "replace")


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
