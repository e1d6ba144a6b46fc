"""The ``sudokupad`` format: SudokuPad links, one puzzle per line.

Read: ``https://sudokupad.app/fpuzzles<data>`` and ``.../?puzzleid=fpuzzles<data>`` (the
f-puzzles kind: ``<data>`` is an f-puzzles document, see the ``fpuzzles`` format), the
same on ``app.crackingthecryptic.com/sudoku/``, and SudokuPad's own puzzle format,
``.../scl<data>`` (``_scl.py``): givens, regions and killer cages, and the title and
author it keeps; what SudokuPad only draws (lines, arrows, dots) is refused by name. A short link,
which names a puzzle kept on SudokuPad's server, is refused with what to do instead.

Written: a link of the f-puzzles kind (``form="link"``, the default), which holds every
rules value f-puzzles can say (``_fpuzzles_constraints.py``); or, with ``form="scl"``,
SudokuPad's own format, which holds the givens, the regions and killer cages with their
totals (other rules are refused by name).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..constraints import Cage
from ..errors import SudokuError, UnsupportedRulesError
from ..grid import Grid
from ..rules import PRESETS
from . import _writer
from ._fpuzzles_doc import write_doc
from ._input import Input
from ._links import SUDOKUPAD_SITE, read_links, sudokupad_link
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style
from ._scl import packed, scl_puzzle
from ._spec import Format
from ._symbols import as_grid

NAME = "sudokupad"
FORMS = ("link", "scl")
DEFAULT = Style(NAME, form="link")
READ_AS = {"json": "link", "link": "link", "compressed": "link", "scl": "scl"}


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as a SudokuPad link, in the style's form."""
    grid = as_grid(item)
    if style.form == "scl":
        beyond = [name for name in grid.rules.names if name not in ("jigsaw", "killer")]
        if beyond:
            raise SudokuError(
                f"SudokuPad's scl form cannot hold the {PRESETS[beyond[0]]} rules: write "
                "the f-puzzles kind of link (--to sudokupad) or --to fpuzzles")
        for cage in grid.rules.constraints:
            if isinstance(cage, Cage) and (cage.total is None or cage.repeat):
                raise UnsupportedRulesError(
                    f"SudokuPad's scl form holds killer cages with a total whose digits "
                    f"differ, not {cage.where(grid.n)}: write the f-puzzles kind of link "
                    "(--to sudokupad) or --to fpuzzles")
        text = SUDOKUPAD_SITE + "scl" + packed(scl_puzzle(grid))
    else:
        text = sudokupad_link(write_doc(grid))
    return text + (style.eol or "\n")


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as SudokuPad links, one a line. Options: ``form`` (``"link"``, ``"scl"``),
    ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of the text's SudokuPad (or f-puzzles) links, with its rules."""
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
