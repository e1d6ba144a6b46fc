"""The ``hodoku`` format: HoDoKu's library lines, one puzzle (and a step found in it) per
line, fields between colons::

    :0000:x:7.2.34.8.........2.8..51.74.......51..63.27..29.......14.76..2.8.........2.51.8.7:::
    :0361:4:..5.132673268..14917...2835..8..1.262.1.96758.6..283...12....83693184572..723.6..:434:411:

The fields, as HoDoKu describes them (``:<technique>:<candidates>:<givens>:<deleted
candidates>:<eliminations>:<placements>:<extra>``): the technique's code, the digit(s) of
the step (``x``: none), the grid (a ``+`` before a digit that was placed rather than
given), the candidates already deleted (``<digit><row><col>`` triples, separated by
spaces), the step's eliminations and placements, and whatever follows.

The board a line stands for is its grid's digits (given and placed alike) with, in every
other cell, the digits none of its peers holds, less the deleted candidates: a line that
deletes any is read as that :class:`~sudokit.Candidates` board, one that deletes none as
its grid. The fields become the record's ``technique``, ``digits``, ``deleted``,
``eliminations`` and ``extra``, and a line written back keeps them (a solution in place
of the grid, the ``+`` marks where they were; a board whose candidates changed, its own
deleted candidates). A board written without a line to follow is ``:0000:x:<grid>:<deleted
candidates>::``; its candidates that a peer's digit rules out go (the format cannot say
them).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from ..candidates import Candidates
from ..errors import CellCountError, MixedSizeError, ParseError, SudokuError
from ..grid import SYMBOLS, Grid
from ..shape import Shape
from . import _writer
from ._fields import read_cells
from ._headers import is_library_line
from ._input import Input, decode, is_comment, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template, fields_of, template_fits
from ._spec import Format, no_separator
from ._symbols import (
    MAX_SYMBOL_SIZE,
    a_size,
    as_grid,
    box_shape,
    check_symbol_size,
    shape_for_count,
)

NAME = "hodoku"
BLANKS = (".", "0")
DEFAULT = Style(NAME, blank=".")
#: The names of the fields after the grid, in order.
AFTER = ("deleted", "eliminations")


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as a library line (no step: ``:0000:x:<grid>:<deleted>::``)."""
    check_symbol_size(item.n, NAME)
    blank = style.blank
    masks = _masks(item)
    template = template_fits(style, len(masks))
    if template is not None:
        line = template.fill(masks, lambda m: _symbol(m, blank))
        if isinstance(item, Candidates):
            line = _with_deleted(line, template, item)
        return line
    grid = as_grid(item)
    symbols = [blank, *SYMBOLS[: grid.n]]
    deleted = _deleted_text(item) if isinstance(item, Candidates) else ""
    return ":0000:x:" + "".join(symbols[v] for v in grid.cells) + f":{deleted}::" + style.eol


def _masks(item: Item) -> tuple[int, ...]:
    """Each cell's candidates as a mask (a grid's blank: every digit)."""
    if isinstance(item, Candidates):
        return item.masks
    full = item.shape.full_mask
    return tuple(1 << (v - 1) if v else full for v in item.cells)


def _symbol(mask: int, blank: str) -> str:
    return SYMBOLS[mask.bit_length() - 1] if mask.bit_count() == 1 else blank


def _deleted(board: Candidates) -> list[tuple[int, int]]:
    """The (cell, digit) pairs a board lacks beyond what its solved cells rule out: what a
    library line lists as deleted candidates, in reading order."""
    pencil = Candidates.pencilmarks(board.to_grid()).masks
    return [
        (cell, d)
        for cell, (m, p) in enumerate(zip(board.masks, pencil, strict=True))
        if m.bit_count() != 1
        for d in range(1, board.n + 1)
        if p >> (d - 1) & 1 and not m >> (d - 1) & 1
    ]


def _deleted_text(board: Candidates) -> str:
    n = board.n
    return " ".join(f"{d}{cell // n + 1}{cell % n + 1}" for cell, d in _deleted(board))


def _with_deleted(line: str, template: Template, board: Candidates) -> str:
    """``line`` (a template filled) with the deleted candidates of ``board``, unless the
    line read deleted the same ones or the board is solved (then the field is kept as it
    was read, as a solution keeps the line's other fields)."""
    read = Candidates(template.values, board.shape)
    if board.count_solved() == len(board.masks) or _deleted(read) == _deleted(board):
        return line
    head, tail = line[: -len(template.parts[-1])], template.parts[-1]
    fields = tail.split(":", 2)
    if len(fields) < 3:
        fields += [""] * (3 - len(fields))
    fields[1] = _deleted_text(board)
    return head + ":".join(fields)


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as library lines. Options: ``blank`` (``"."`` or ``"0"``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Item]:
    """Every puzzle of a text of library lines (a grid, or the board of a line that deletes
    candidates); raises the first error (a SudokuError)."""
    return FORMAT.loads(data, box)


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the puzzles of ``inp``, one per library line, in order."""
    return with_tail(inp, _records(inp, options.box))


def _records(inp: Input, box: tuple[int, int] | None) -> Iterator[Record | str]:
    shape = box_shape(box)
    lead: list[str] = []
    lineno = 0
    for raw in inp.lines():
        lineno += 1
        text = decode(raw)
        body, eol = split_eol(text)
        s = body.strip()
        bad = unreadable(raw, text)  # a comment of such bytes too: they would change
        if bad is None and (not s or is_comment(s)):
            lead.append(text)
            continue
        before = "".join(lead)
        lead.clear()
        try:
            if bad is not None:
                raise bad
            item, style, pairs = _parse(body, eol, shape, box)
        except SudokuError as e:
            yield Record(None, lineno, inp.fail(e, lineno), Style(NAME, eol=eol, lead=before))
            continue
        shape = item.shape
        yield Record(item, lineno, None, style._replace(lead=before), pairs)
    yield "".join(lead)


def _parse(
    body: str, eol: str, shape: Shape | None, box: tuple[int, int] | None
) -> tuple[Item, Style, Mapping[str, str]]:
    if not is_library_line(body.strip()):
        raise ParseError("not a HoDoKu library line (:code:digits:grid:deleted:...)")
    start = body.index(":")
    fields = body[start:].split(":")
    text = fields[3]
    at = start + len(fields[1]) + len(fields[2]) + 3  # where the grid field starts
    symbols = text.replace("+", "")
    found = shape_for_count(len(symbols), box)
    if found is None or found.n > MAX_SYMBOL_SIZE:
        if shape is not None:
            raise CellCountError(f"expected {shape.ncells} cells, got {len(symbols)}")
        raise CellCountError(f"{len(symbols)} cells do not make a puzzle (N*N, e.g. 81)")
    if shape is not None and found.n != shape.n:
        raise MixedSizeError(
            f"{a_size(found.n)} puzzle among {shape.n}x{shape.n} puzzles: one input holds "
            "puzzles of one size"
        )
    cells, blank = read_cells(symbols, found)
    grid = Grid.unchecked(cells, found)
    item = _board(grid, fields[4] if len(fields) > 4 else "")
    parts: list[str] = [body[:at]]
    tokens: list[str] = []
    for ch in text:
        if ch == "+":
            parts[-1] += "+"
        else:
            tokens.append(ch)
            parts.append("")
    parts[-1] += body[at + len(text) :] + eol
    template = Template(tuple(parts), tuple(tokens), _masks(item))
    pairs = [("technique", fields[1]), ("digits", fields[2])]
    pairs += [(name, value) for name, value in zip(AFTER, fields[4:6], strict=False) if value]
    if any(fields[6:]):
        pairs.append(("extra", ":".join(fields[6:])))
    style = Style(NAME, blank, eol, template=template)
    return item, style, fields_of(pairs)


def _board(grid: Grid, deleted: str) -> Item:
    """The board of a line: its grid, less the deleted candidates (``<digit><row><col>``
    each) when there are any."""
    if not deleted.strip():
        return grid
    n = grid.n
    masks = list(Candidates.pencilmarks(grid).masks)
    for token in deleted.split():
        if n > 9 or len(token) != 3 or not token.isascii() or not token.isdigit() or "0" in token:
            raise ParseError(
                f"deleted candidate {token!r} is not <digit><row><col> (each 1-9, as 415 "
                "for a 4 in r1c5)"
            )
        d, row, col = (int(c) for c in token)
        cell = (row - 1) * n + col - 1
        if not grid.cells[cell]:
            masks[cell] &= ~(1 << (d - 1))
    return Candidates(masks, grid.shape)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    blanks=BLANKS,
    separator=no_separator,
)
