"""The ``samurai`` format: puzzles of overlapping grids (samurai, twodoku, butterfly, sohei,
windmill, flower) laid out on their sheet as they are printed, one text row a sheet row::

    ..3......   .....8...
    ...
    .....1..7..9.2...8...
    ...
          ..4......
    ...

A position in play holds a digit (``1``-``9``, then ``A``-``Z``) or a blank (``.``, ``0``,
``_``, ``-`` or ``*``); a space (or any other character that is no digit) stands where no
grid is, and a line may stop after its last cell. The layout tells which puzzle it is.
Puzzles follow one another with a blank line between them; ``#`` comment lines before a
puzzle are passed over. Read also, when the layout is named (``--variant samurai``): one
line of N*N symbols per grid, in the order of the layout's grids (the form of many samurai
collections), the cells two grids share agreeing. A single N x N grid (N lines of N
symbols) is a classic puzzle.

Written: the sheet with ``.`` for a blank (or the blank it was read with) and spaces where
no grid is, trailing spaces dropped; or, for a puzzle read as one line per grid, the same
form. A puzzle under other rules than the classic ones is refused by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, cast

from ..errors import CellCountError, SudokuError, SymbolError, UnsupportedRulesError
from ..grid import SYMBOLS, Grid
from ..shape import Shape
from ..sheets import BLANKS, PRESETS, Sheet, SheetGrid, layout_of
from . import _writer
from ._input import Input, decode, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style
from ._spec import Format, blank_line
from ._symbols import as_grid, check_symbol_size

NAME = "samurai"
DEFAULT = Style(NAME, blank=".")
#: The form of one line per grid (the sheet's own form is the default, "").
GRID_LINES = "grids"


def format_item(item: Item | SheetGrid, style: Style = DEFAULT) -> str:
    """One puzzle as the rows of its sheet (or as one line per grid, in that form)."""
    eol = style.eol or "\n"
    blank = style.blank if style.blank in BLANKS else "."
    if isinstance(item, SheetGrid):
        check_symbol_size(item.n, NAME)
        if style.form == GRID_LINES:
            return eol.join(g.to_line(blank) for g in map(item.grid, range(len(
                item.sheet.grids)))) + eol
        return item.to_text(blank=blank).replace("\n", eol) + eol
    grid = as_grid(item)
    check_symbol_size(grid.n, NAME)
    if layout_of(["." * grid.n] * grid.n) is not None:
        raise UnsupportedRulesError(f"the {NAME} format cannot hold a classic {grid.n}x{grid.n} "
                                    f"puzzle: its rows would read as the sheet of overlapping "
                                    f"grids of that size")
    symbols = [blank, *SYMBOLS[:grid.n]]
    return eol.join("".join(symbols[v] for v in row) for row in grid.rows()) + eol


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | SheetGrid | Iterable[Item | SheetGrid], **style: str) -> str:
    """Puzzles as sheets, a blank line between them. Options: ``blank``, ``eol``, ``form``
    (``"grids"``: one line per grid)."""
    return _writer.dumps_with(FORMAT, items, **style)  # type: ignore[arg-type]


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Any]:
    """Every puzzle of the text: a SheetGrid for each sheet, a Grid for a single grid."""
    return FORMAT.loads(data, box)


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """The records of ``inp``, in order."""
    return with_tail(inp, _records(inp, options))


def is_sheet_head(texts: list[str]) -> bool:
    """Do the first lines of an input that are neither blank nor comments lie exactly where
    the cells of a known sheet are?"""
    block: list[str] = []
    for text in texts:
        body = text.rstrip()
        if not body.strip() or (not block and body.lstrip().startswith("#")):
            continue
        block.append(body)
        if len(block) == _TALLEST:
            break
    return any(layout_of(block[:rows]) is not None for rows in _HEIGHTS if len(block) >= rows)


#: The heights of the known sheets, and the tallest.
_HEIGHTS = sorted({Sheet.preset(name).rows for name in PRESETS})
_TALLEST = _HEIGHTS[-1]


def _records(inp: Input, options: ReadOptions) -> Iterator[Record | str]:
    block: list[str] = []
    start, eol = 0, "\n"
    for lineno, raw in enumerate(inp.lines(), 1):
        text = decode(raw)
        body, eol_here = split_eol(text)
        bad = unreadable(raw, text)
        if bad is not None:
            if block:
                yield _puzzle(block, start, eol, options, inp)
            yield Record(None, lineno, inp.fail(bad, lineno), Style(NAME))
            block = []
            continue
        if not body.strip():
            if block:
                yield _puzzle(block, start, eol, options, inp)
            block = []
            continue
        if not block:
            if body.lstrip().startswith("#"):
                continue
            start, eol = lineno, eol_here or "\n"
        block.append(body.rstrip())
    if block:
        yield _puzzle(block, start, eol, options, inp)
    yield ""


def _puzzle(block: list[str], start: int, eol: str, options: ReadOptions, inp: Input
            ) -> Record:
    sheet = options.sheet
    try:
        if sheet is None and layout_of(block) is None and _is_one_grid(block):
            grid = _one_grid(block, options.box)
            return Record(grid, start, None, Style(NAME, blank=_blank_of(block), eol=eol))
        found = SheetGrid.parse("\n".join(block), sheet)
    except SudokuError as e:
        e.line = start + (e.line or 1) - 1
        return Record(None, start, inp.fail(e, start), Style(NAME))
    form = GRID_LINES if len(block) == len(found.sheet.grids) \
        and len(block[0]) == found.n ** 2 else ""
    style = Style(NAME, blank=_blank_of(block), eol=eol, form=form)
    return Record(cast(Item, found), start, None, style)


def _blank_of(block: list[str]) -> str:
    """The first blank character the puzzle was written with ('.' when it has none)."""
    return next((ch for line in block for ch in line if ch in BLANKS), ".")


def _is_one_grid(block: list[str]) -> bool:
    """N lines of N characters and no space: a single grid, not a sheet."""
    n = len(block)
    return n > 1 and all(len(line) == n and " " not in line for line in block)


def _one_grid(block: list[str], box: tuple[int, int] | None) -> Grid:
    n = len(block)
    shape = Shape.for_size(n, box)
    check_symbol_size(n, NAME)
    cells = []
    for r, line in enumerate(block):
        for c, ch in enumerate(line):
            d = 0 if ch in BLANKS else SYMBOLS.find(ch.upper()) + 1
            if ch not in BLANKS and not 1 <= d <= n:
                raise SymbolError(f"{ch!r} at r{r + 1}c{c + 1} is not a digit of a {n}x{n} "
                                  f"sudoku", line=r + 1)
            cells.append(d)
    if len(cells) != shape.ncells:
        raise CellCountError(f"expected {shape.ncells} cells, got {len(cells)}", line=1)
    return Grid.unchecked(tuple(cells), shape)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    blanks=tuple(BLANKS),
    forms=("", GRID_LINES),
    separator=blank_line,
    rules=frozenset({"overlapping"}),
)
