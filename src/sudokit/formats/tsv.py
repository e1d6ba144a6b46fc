"""The ``tsv`` format: N lines of N tab-separated values, as a table copied from a web page
or a spreadsheet gives them::

    5<TAB>3<TAB><TAB><TAB>7<TAB><TAB><TAB><TAB>
    6<TAB><TAB><TAB>1<TAB>9<TAB>5<TAB><TAB><TAB>
    ...

A blank is an empty cell (or ``0``, ``.``); digits from 10 up are numbers (or letters).
Puzzles are separated by a blank line.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from ..grid import Grid
from . import _writer
from ._blocks import field_spans, int_table, int_value
from ._delimited import DelimitedRows
from ._records import Item, Style

NAME = "tsv"
BLANKS = ("", "0", ".")
DEFAULT = Style(NAME, blank="")


def _blank(tokens: list[str]) -> str:
    return "" if "" in tokens else "." if "." in tokens else "0" if "0" in tokens else ""


ROWS = DelimitedRows(
    name=NAME,
    default=DEFAULT,
    blanks=BLANKS,
    split=lambda line: [f.strip() for f in line.split("\t")],
    count=lambda row: row.count("\t") + 1,
    spans=partial(field_spans, sep="\t", inner_only=False),
    table_of=int_table,
    value=int_value,
    blank_of=_blank,
    join="\t".join,
    tabs=True,
)
FORMAT = ROWS.spec()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as tab-separated rows, a blank line between two. Options: ``blank``
    (``""``, ``"0"`` or ``"."``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a text of tab-separated rows; raises the first error."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]
