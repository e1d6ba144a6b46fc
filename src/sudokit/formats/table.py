"""The ``table`` format: N lines like ``|6|2|8|3|5|1|7|9|4|``, what cdoku prints.

One symbol between two bars (1-9, then A-Z; up to 35x35), ``.`` for a blank (``0`` or a space
are read too, and numbers written out such as ``|12|``). Puzzles are separated by a blank
line; border lines made of ``- + = |`` are allowed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from ..grid import Grid
from . import _writer
from ._blocks import field_spans, symbol_cell, symbol_table
from ._delimited import DelimitedRows
from ._records import Item, Style

NAME = "table"
BLANKS = (".", "0", " ")
DEFAULT = Style(NAME, blank=".")


def _blank(tokens: list[str]) -> str:
    return "." if "." in tokens else "0" if "0" in tokens else " " if "" in tokens else "."


ROWS = DelimitedRows(
    name=NAME,
    default=DEFAULT,
    blanks=BLANKS,
    split=lambda line: [f.strip() for f in line.split("|")[1:-1]],
    count=lambda stripped: max(stripped.count("|") - 1, 0),
    spans=partial(field_spans, sep="|", inner_only=True),
    table_of=symbol_table,
    value=symbol_cell,
    blank_of=_blank,
    join=lambda tokens: "|" + "|".join(tokens) + "|",
    numbers=False,
    bars=True,
)
FORMAT = ROWS.spec()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as tables, a blank line between two. Options: ``blank`` (``"."``, ``"0"`` or
    ``" "``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of a text of tables; raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]
