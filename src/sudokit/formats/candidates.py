"""The ``candidates`` format: for each cell, which digits are still possible (pencilmarks).

Each cell is N characters: at place d the digit d if it is still a candidate, else ``.``
(``0`` is read too). Two forms:

- ``board``: the 810-byte candidate board, each cell's N characters followed by a NUL byte,
  cells in reading order, nothing else: 810 bytes for a 9x9. Boards may follow one another.
  N is where the first NUL stands.
- ``line``: the one-line pencilmark form, the N*N cells' characters in a row, one board per
  line (729 characters for a 9x9); ``#`` lines are comments.

Writing a grid gives its candidates before any deduction: a given is its digit alone, a
blank cell holds every digit (see :meth:`sudokit.candidates.Candidates.from_grid`).

>>> from sudokit.formats import candidates
>>> from sudokit import Grid
>>> board = candidates.loads(candidates.dumps(Grid.empty(4)))[0]
>>> candidates.dumps(board, form="board")[:10]
'1234\\x001234\\x00'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

from ..candidates import Candidates
from ..errors import CellCountError, MixedSizeError, ParseError, SudokuError, SymbolError
from ..grid import SYMBOLS
from ..shape import Shape
from . import _writer
from ._input import Input, decode, is_comment, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style, Template, template_fits
from ._spec import Format, no_separator
from ._symbols import MAX_SYMBOL_SIZE, a_size, box_shape, check_symbol_size, shape_for

NAME = "candidates"
BLANKS = (".", "0")
FORMS = ("line", "board")
DEFAULT = Style(NAME, blank=".", form="line")
_VALUE = {s: i + 1 for i, s in enumerate(SYMBOLS)} | {
    s.lower(): i + 1 for i, s in enumerate(SYMBOLS)
}


def as_board(item: Item) -> Candidates:
    """A candidates board itself, or a grid's candidates before any deduction."""
    return item if isinstance(item, Candidates) else Candidates.from_grid(item)


@lru_cache(maxsize=1 << 16)
def _cell_text(mask: int, n: int, blank: str) -> str:
    return "".join(SYMBOLS[d] if mask >> d & 1 else blank for d in range(n))


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One board in the style's form (the board form holds NUL characters)."""
    board = as_board(item)
    n = board.n
    check_symbol_size(n, NAME)
    blank = style.blank
    template = template_fits(style, len(board.masks))
    if template is not None:
        return template.fill(board.masks, lambda m: _cell_text(m, n, blank))
    if style.form == "board":
        return "".join(_cell_text(m, n, blank) + "\0" for m in board.masks)
    return "".join(_cell_text(m, n, blank) for m in board.masks) + style.eol


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One board as bytes."""
    return format_item(item, style).encode()


def encode_message(text: str, style: Style) -> bytes:
    """A message in place of a board: a line of text."""
    return (text + (style.eol or "\n")).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Boards as candidates. Options: ``form`` (``"line"``, the default, or ``"board"``, the
    810-byte NUL form), ``blank`` (``"."`` or ``"0"``), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Candidates]:
    """Every board of a candidates text (either form); raises the first error."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """Records of the boards of ``inp``, in order (the form is the head's: NULs or lines)."""
    if b"\0" in inp.head:
        return with_tail(inp, _boards(inp, options.box))
    return with_tail(inp, _lines(inp, options.box))


#: Cell text -> mask, per N, as they are met (a board repeats a few hundred of them).
_CHUNK_MASKS: dict[int, dict[str, int]] = {}


def _parse_cells(
    chunks: list[str], shape: Shape, line: int | None, where: str = ""
) -> tuple[tuple[int, ...], str]:
    """The masks of N-character cells, and the blank they use."""
    n = shape.n
    full = SYMBOLS[:n]
    masks = []
    blanks = set()
    known = _CHUNK_MASKS.setdefault(n, {})
    for i, chunk in enumerate(chunks):
        mask = known.get(chunk, -1)
        if mask >= 0:
            masks.append(mask)
            if "0" in chunk:
                blanks.add("0")
            if "." in chunk:
                blanks.add(".")
            continue
        mask = 0
        for d, ch in enumerate(chunk):
            if ch == full[d] or _VALUE.get(ch) == d + 1:
                mask |= 1 << d
            elif ch in ".0":
                blanks.add(ch)
            else:
                cell = shape.cell_name(i)
                raise SymbolError(
                    f"{where}{ch!r} at place {d + 1} of the candidates of {cell}: "
                    f"expected {full[d]!r} or '.'",
                    line=line,
                    cell=cell,
                )
        masks.append(mask)
        if len(known) < 1 << 16:
            known[chunk] = mask
    blank = "0" if blanks == {"0"} else "."
    return tuple(masks), blank


# -- the board form ------------------------------------------------------------------


def _boards(inp: Input, box: tuple[int, int] | None) -> Iterator[Record | str]:
    head = inp.head
    n = head.index(b"\0")
    shape = box_shape(box) or (shape_for(n, None) if 1 <= n <= MAX_SYMBOL_SIZE else None)
    if shape is None or shape.n != n:
        raise inp.fail(
            ParseError(
                f"not a candidates board: its first cell has {n} characters before the NUL "
                "byte, which is no sudoku size (a 9x9 board is 81 cells of 9 characters and a "
                "NUL, 810 bytes)"
            )
        )
    size = shape.ncells * (n + 1)
    reader = inp.reader()
    k = 0
    while True:
        data = reader.read(size)
        if not data:
            break
        k += 1
        where = f"board {k}: " if k > 1 else ""
        if len(data) < size:
            if not data.strip():
                yield data.decode("ascii")  # a line ending after the last board
                break
            error = CellCountError(
                f"{where}expected {size} bytes for {a_size(n)} candidates board "
                f"(N*N cells of N characters and a NUL), got {len(data)}"
            )
            yield Record(None, 1, inp.fail(error), Style(NAME, form="board", eol=""))
            break
        text = data.decode("ascii", "replace")
        try:
            chunks = []
            for i in range(shape.ncells):
                at = i * (n + 1)
                if text[at + n] != "\0":
                    raise ParseError(
                        f"{where}cell {shape.cell_name(i)} is not followed by a NUL byte "
                        f"(byte {at + n + 1} of the board)",
                        cell=shape.cell_name(i),
                    )
                chunks.append(text[at : at + n])
            masks, blank = _parse_cells(chunks, shape, None, where)
        except SudokuError as e:
            yield Record(None, 1, inp.fail(e), Style(NAME, form="board", eol=""))
            continue
        board = Candidates.unchecked(masks, shape)
        style = Style(NAME, blank, "", form="board")
        if format_item(board, style) != text:  # both '.' and '0' for a removed candidate
            parts = ("",) + ("\0",) * shape.ncells
            style = Style(
                NAME, blank, "", form="board", template=Template(parts, tuple(chunks), masks)
            )
        yield Record(board, 1, None, style)


# -- the line form -------------------------------------------------------------------


def cube_shape(length: int, box: tuple[int, int] | None) -> Shape | None:
    """The shape of a one-line board of ``length`` characters (N*N*N), or None."""
    n = round(length ** (1 / 3))
    if n * n * n != length or n > MAX_SYMBOL_SIZE:
        return None
    return shape_for(n, box)


def _lines(inp: Input, box: tuple[int, int] | None) -> Iterator[Record | str]:
    shape = box_shape(box)
    lead: list[str] = []
    lineno = 0
    for raw in inp.lines():
        lineno += 1
        text = decode(raw)
        body, eol = split_eol(text)
        s = body.strip()
        if not s or is_comment(s):
            lead.append(text)
            continue
        before = "".join(lead)
        lead.clear()
        bad = unreadable(raw, text)
        if bad is not None:
            error = inp.fail(bad, lineno)
            yield Record(None, lineno, error, Style(NAME, eol=eol, lead=before))
            continue
        if shape is None:
            shape = cube_shape(len(s), box)
        try:
            if shape is None:
                raise CellCountError(
                    f"{len(s)} characters do not make a board of candidates "
                    "(N*N cells of N characters: 729 for a 9x9)"
                )
            n = shape.n
            if len(s) != shape.ncells * n:
                other = cube_shape(len(s), None)
                if other is not None:
                    raise MixedSizeError(
                        f"{a_size(other.n)} board among {n}x{n} boards: "
                        "one input holds boards of one size",
                        line=lineno,
                    )
                raise CellCountError(
                    f"expected {shape.ncells * n} characters ({shape.ncells} cells of {n}), "
                    f"got {len(s)}"
                )
            chunks = [s[i : i + n] for i in range(0, len(s), n)]
            masks, blank = _parse_cells(chunks, shape, lineno)
        except SudokuError as e:
            yield Record(None, lineno, inp.fail(e, lineno), Style(NAME, eol=eol, lead=before))
            continue
        board = Candidates.unchecked(masks, shape)
        style = Style(NAME, blank, eol, before, form="line")
        if format_item(board, style) != text:
            start = body.index(s)
            parts = (body[:start],) + ("",) * (shape.ncells - 1) + (body[start + len(s) :] + eol,)
            template = Template(parts, tuple(chunks), masks)
            style = Style(NAME, blank, eol, before, form="line", template=template)
        yield Record(board, lineno, None, style)
    yield "".join(lead)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    blanks=BLANKS,
    forms=FORMS,
    separator=no_separator,
    encode_message=encode_message,
    binary=True,
)
