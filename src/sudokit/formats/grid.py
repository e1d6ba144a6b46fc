"""The ``grid`` format: N lines of N whitespace-separated integers, ``0`` for a blank.

This is what ``sudoku create`` prints and ``sudoku solve`` reads, 9 lines of 9 numbers::

    5 3 0 0 7 0 0 0 0
    6 0 0 1 9 5 0 0 0
    ...

Puzzles are separated by a blank line. From 10x10 up the numbers are right-aligned to the
width of N (``16`` and `` 5``), so the columns line up; any spacing is read. A ``.`` is
read as a blank as well, and from 10x10 up the letters A-Z for 10 and up (written back as
letters).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..grid import Grid
from . import _writer
from ._blocks import int_table, int_value, regex_spans
from ._delimited import DelimitedRows
from ._records import Item, Style

NAME = "grid"
BLANKS = ("0", ".")
DEFAULT = Style(NAME, blank="0")

ROWS = DelimitedRows(
    name=NAME,
    default=DEFAULT,
    blanks=BLANKS,
    split=str.split,
    count=lambda stripped: len(stripped.split()),
    spans=regex_spans(re.compile(r"\S+")),
    table_of=int_table,
    value=int_value,
    blank_of=lambda tokens: "." if "." in tokens else "0",
    join=" ".join,
    width=True,
)
FORMAT = ROWS.spec()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as grids, a blank line between two. Options: ``blank`` (``"0"`` or
    ``"."``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a text of grids; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]
