"""The ``fpuzzles`` format: puzzles as f-puzzles shares them, with their rules.

One puzzle per line, each a link ``https://www.f-puzzles.com/?load=<data>``, the
compressed ``<data>`` alone, a SudokuPad link of the f-puzzles kind, or f-puzzles' JSON
document on one line; or a whole file that is one JSON document, laid out over many lines.
``<data>`` is the document compressed with lz-string, in base64 (``_lzstring.py``)::

    {"size":9,"grid":[[{},{"value":7,"given":true},...],...],"diagonal+":true,
     "diagonal-":true}

The document's ``grid`` holds the givens and the irregular regions; the rules held are X,
windoku and centre-dot (as extra regions), anti-knight, anti-king, disjoint groups,
non-consecutive and odd/even cells (``_fpuzzles_doc.py``), and the cages, lines, dots and
signs of killer cages, little killers, sandwich sums, thermometers, arrows, whispers,
renban, palindrome, between, region-sum and entropic lines, kropki dots, XV and minimum and
maximum cells, with the negative rules of dots and XV (``_fpuzzles_constraints.py`` says
exactly what is read). A constraint sudokit does not hold (a clone, a quadruple, a drawn
line...) is refused by name, never dropped.

Written: every rules value f-puzzles can say (a cage whose digits may repeat, a slow
thermometer, a greater-than sign not among a minimum or maximum cell's, a little killer
short of its diagonal: refused by name), as the JSON document on one line (``form="json"``,
the default), as a link (``form="link"``) or as the compressed string alone
(``form="compressed"``); a puzzle read is written back in the form it was read in.
The record's fields: ``name`` (``title``), ``author``, ``solution``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..grid import Grid
from ..rules import PRESETS
from . import _lzstring, _writer
from ._fpuzzles_doc import write_doc
from ._input import Input
from ._links import compact, fpuzzles_link, read_links
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style
from ._spec import Format
from ._symbols import as_grid

NAME = "fpuzzles"
FORMS = ("json", "link", "compressed")
DEFAULT = Style(NAME, form="json")
#: The form a puzzle is written back in, by the form it was read in.
READ_AS = {"json": "json", "link": "link", "compressed": "compressed", "scl": "link"}


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as f-puzzles writes it, in the style's form."""
    doc = write_doc(as_grid(item))
    if style.form == "link":
        text = fpuzzles_link(doc)
    elif style.form == "compressed":
        text = _lzstring.compress_to_base64(compact(doc))
    else:
        text = compact(doc)
    return text + (style.eol or "\n")


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as f-puzzles documents, one a line. Options: ``form`` (``"json"``,
    ``"link"``, ``"compressed"``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of the text (links, compressed strings or JSON), with its rules."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """The records of ``inp``, in order."""
    return with_tail(inp, read_links(inp, NAME, READ_AS))


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    forms=FORMS,
    rules=frozenset(PRESETS),
)
