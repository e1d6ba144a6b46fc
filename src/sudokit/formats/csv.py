"""The ``csv`` format: N lines of N comma-separated values, as cdoku reads them::

    .,.,.,.,.,.,.,.,.
    .,.,.,.,7,6,.,2,.
    ...

A blank is ``.``, ``0`` or nothing (``,,``); digits from 10 up are written as numbers. Puzzles
are separated by a blank line. Spaces around values are read (and kept on a round trip).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from ..grid import Grid
from . import _writer
from ._blocks import field_spans, int_table, int_value
from ._delimited import DelimitedRows
from ._records import Item, Style

NAME = "csv"
BLANKS = (".", "0", "")
DEFAULT = Style(NAME, blank=".")


def _blank(tokens: list[str]) -> str:
    return "." if "." in tokens else "" if "" in tokens else "0" if "0" in tokens else "."


ROWS = DelimitedRows(
    name=NAME,
    default=DEFAULT,
    blanks=BLANKS,
    split=lambda line: [f.strip() for f in line.split(",")],
    count=lambda stripped: stripped.count(",") + 1,
    spans=partial(field_spans, sep=",", inner_only=False),
    table_of=int_table,
    value=int_value,
    blank_of=_blank,
    join=",".join,
)
FORMAT = ROWS.spec()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as CSV, a blank line between two. Options: ``blank`` (``"."``, ``"0"`` or
    ``""``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a CSV text; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]
