"""The ``killer`` format: a killer sudoku as many published sets write it, the cage map and
each cage's sum, with or without a grid of givens before them::

    AABBCCDDE
    FGGHCIDJE
    ...
    A=8 B=10 C=24 D=13 E=10 F=7 ...

The cage map is N lines of N symbols, one symbol a cage (letters, digits, any character
but ``=`` and ``:``; ``.`` is a cell in no cage), or all N*N symbols on one line; the
symbols may be tokens with spaces or commas between them (cage numbers; past 62 cages).
The sums follow, on one line or more: ``<cage>=<sum>`` or ``<cage>:<sum>`` (``<cage>=?``
for a cage without a sum), separated by spaces or commas (a puzzle without cages: ``-``).
A grid of givens may come first, in the same form (N lines of N symbols, or one line;
``1``-``9`` then ``A``-``Z``, ``.``, ``0`` or ``_`` blank); or each row of givens with its
row of the map beside it (``56..1..2. aabbccdde``). Or a puzzle on one line: the map's N*N
symbols (after the givens' N*N, when given) and the sums, spaces between them. Puzzles of
rows follow one another, a blank line between them (a blank line before the sums is
passed over); ``#`` comment lines are passed over.

Written: the givens (when any), the cage map with a letter per cage in reading order,
and the sums on one line (``form="rows"``, the default); or all three on one line
(``form="line"``, as a puzzle read on one line is written back). It holds classic killer
puzzles; a cage whose digits may repeat and any other rules are refused by name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from math import isqrt

from ..constraints import Cage
from ..errors import (
    CellCountError,
    ParseError,
    RulesError,
    SudokuError,
    SymbolError,
    UnsupportedRulesError,
)
from ..grid import SYMBOLS, Grid
from ..rules import Rules
from ..shape import Shape
from . import _writer
from ._input import Input, decode, is_comment, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style
from ._spec import Format, blank_line
from ._symbols import SYMBOL_VALUE, as_grid, check_symbol_size

NAME = "killer"
#: ``rows``: the grids a row a line, the sums after them; ``line``: a puzzle a line.
FORMS = ("rows", "line")
DEFAULT = Style(NAME, form="rows")
#: The symbols cages are written with, in reading order of their first cells.
CAGE_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_BLANKS = frozenset({".", "0", "_"})
_SUM = re.compile(r"([^\s=:,]{1,8})[=:](\d{1,4}|\?)")
_SEPARATORS = re.compile(r"[\s,]+")


def sums_of(text: str) -> list[tuple[str, int | None]] | None:
    """The ``cage=sum`` pairs of a line of sums, or None when the line is not one."""
    if text.strip() == "-":
        return []
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
    found = [_SUM.fullmatch(t) for t in tokens]
    if not tokens or not all(found):
        return None
    return [(m[1], None if m[2] == "?" else int(m[2])) for m in found if m is not None]


def one_line(text: str) -> tuple[list[str], list[tuple[str, int | None]]] | None:
    """A puzzle on one line: its fields (the map, or the givens and the map, N*N symbols
    each) and its sums; None when the line is not one."""
    parts = text.split()
    k = 0
    while k < min(2, len(parts)) and sums_of(parts[k]) is None:
        k += 1
    pairs = sums_of(" ".join(parts[k:])) if 0 < k < len(parts) else None
    if pairs is None:
        return None
    width = len(parts[0])
    if any(len(f) != width for f in parts[:k]) or isqrt(width) ** 2 != width or width < 16:
        return None
    return parts[:k], pairs


def is_killer_head(lines: list[str]) -> bool:
    """Do the first significant lines of an input (without comments and blank lines) read
    as a killer puzzle: rows of one grid, then a line of sums of cages the map holds; or a
    puzzle on one line?"""
    one = one_line(lines[0]) if lines else None
    if one is not None:
        return _names_cages(one[1], set(one[0][-1]))
    rows: list[str] = []
    for line in lines:
        pairs = sums_of(line)
        if pairs is not None:
            return _names_cages(pairs, _map_symbols(rows))
        rows.append(line)
    return False


def _names_cages(pairs: list[tuple[str, int | None]], symbols: set[str] | None) -> bool:
    """Do the sums name cages of a map of these symbols (no sums: a map of no cage)?"""
    if symbols is None:
        return False
    if not pairs:
        return symbols == {"."}
    return all(name in symbols for name, _ in pairs)


def _map_symbols(rows: list[str]) -> set[str] | None:
    """The symbols of the cage map ``rows`` end with (after givens, if any), or None when
    they are not the rows of a cage map by their counts and lengths."""
    cells = [_cells(r) for r in rows]
    if cells and all(_side_by_side(c) for c in cells):
        if len({len(c[0]) for c in cells}) != 1 or len(cells[0][0]) != len(rows):
            return None
        return {ch for c in cells for ch in c[1]}
    widths = {len(c) for c in cells}
    if len(widths) != 1:
        return None
    width = widths.pop()
    if len(rows) in (1, 2) and isqrt(width) ** 2 == width and width >= 16:
        return set(cells[-1])
    if len(rows) in (width, 2 * width):
        return {token for c in cells[-width:] for token in c}
    return None


def _side_by_side(cells: list[str]) -> bool:
    """Is a row of cells a row of givens and its row of the map, side by side?"""
    return len(cells) == 2 and len(cells[0]) == len(cells[1]) > 2


def _cells(text: str) -> list[str]:
    tokens = text.split()
    if _side_by_side(tokens):
        return tokens
    if len(tokens) <= 1 and "," in text:  # a row of a spreadsheet
        tokens = [t.strip() for t in text.strip().strip(",").split(",")]
    return tokens if len(tokens) > 1 else list(text.strip())


# -- writing ----------------------------------------------------------------------


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One killer puzzle: its givens (when it has any), its cage map and its sums."""
    grid = as_grid(item)
    n = grid.n
    check_symbol_size(n, NAME)
    eol = style.eol or "\n"
    cages = [c for c in grid.rules.constraints if isinstance(c, Cage)]
    for cage in cages:
        if cage.repeat:
            raise UnsupportedRulesError(
                f"the killer format cannot hold a cage whose digits may repeat ({cage.where(n)}):"
                " write it --to fpuzzles or sudokupad")
    cages.sort(key=lambda c: c.cells[0])
    ids = [_cage_id(k, len(cages)) for k in range(len(cages))]
    mark = ["."] * (n * n)
    for cage, name in zip(cages, ids, strict=True):
        for cell in cage.cells:
            mark[cell] = name
    wide = max(map(len, ids), default=1) > 1
    sums = " ".join(f"{name}={'?' if c.total is None else c.total}"
                    for name, c in zip(ids, cages, strict=True)) or "-"
    symbols = [".", *SYMBOLS[:n]]
    givens = ["".join(symbols[v] for v in row) for row in grid.rows()] if any(grid.cells) \
        else []
    if style.form == "line" and not wide:
        return " ".join(["".join(givens), "".join(mark), sums]).lstrip() + eol
    lines = givens
    for r in range(n):
        row = mark[r * n:r * n + n]
        lines.append(" ".join(m.rjust(2) for m in row).strip() if wide else "".join(row))
    lines.append(sums)
    return eol.join(lines) + eol


def _cage_id(k: int, count: int) -> str:
    if count <= len(CAGE_SYMBOLS):
        return CAGE_SYMBOLS[k]
    return f"{CAGE_SYMBOLS[k // len(CAGE_SYMBOLS)]}{CAGE_SYMBOLS[k % len(CAGE_SYMBOLS)]}"


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Killer puzzles as cage maps and sums, a blank line between them. Options: ``form``
    (``"rows"``, ``"line"``: a puzzle a line), ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every killer puzzle of the text, with its cages."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


# -- reading ----------------------------------------------------------------------


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """The records of ``inp``, in order."""
    return with_tail(inp, _records(inp, options.box))


class _Block:
    """The lines of one puzzle as they are read: its rows, then its sums."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, list[str]]] = []
        self.sums: list[tuple[int, list[tuple[str, int | None]]]] = []
        self.eol = "\n"
        self.gap = False  # a blank line after the rows: only sums may follow
        self.form = "rows"


def _records(inp: Input, box: tuple[int, int] | None) -> Iterator[Record | str]:
    block = _Block()
    failed = False  # a puzzle already reported: its lines are passed over to a blank line
    for lineno, raw in enumerate(inp.lines(), 1):
        text = decode(raw)
        body, eol = split_eol(text)
        stripped = body.strip()
        bad = unreadable(raw, text)
        if bad is not None:
            yield Record(None, lineno, inp.fail(bad, lineno), Style(NAME))
            block, failed = _Block(), True
            continue
        if not stripped or is_comment(stripped):
            if not stripped and (block.sums or failed):
                if block.sums:
                    yield _puzzle(inp, block, box)
                block, failed = _Block(), False
            block.gap = block.gap or (not stripped and bool(block.rows))
            continue
        if failed:
            continue
        one = one_line(stripped)
        if one is not None:  # a puzzle on one line
            if block.rows:
                yield _puzzle(inp, block, box) if block.sums else _no_sums(inp, block)
            block = _Block()
            block.rows = [(lineno, list(field)) for field in one[0]]
            block.sums, block.eol, block.form = [(lineno, one[1])], eol or "\n", "line"
            yield _puzzle(inp, block, box)
            block = _Block()
            continue
        pairs = sums_of(stripped)
        if pairs is None and block.sums:  # the next puzzle starts without a blank line
            yield _puzzle(inp, block, box)
            block = _Block()
        elif pairs is None and block.gap:  # rows, a blank line, rows: the sums are missing
            yield _no_sums(inp, block)
            block = _Block()
        if not block.rows and pairs is None:
            block.eol = eol or "\n"
        if pairs is not None:
            if not block.rows:
                yield _error(inp, lineno, ParseError("cage sums without a cage map before "
                                                     "them"))
                failed = True
                continue
            block.sums.append((lineno, pairs))
        else:
            block.rows.append((lineno, _cells(stripped)))
    if block.rows:
        yield _puzzle(inp, block, box) if block.sums else _no_sums(inp, block)
    yield ""


def _no_sums(inp: Input, block: _Block) -> Record:
    return _error(inp, block.rows[0][0], ParseError("a cage map without its sums after it "
                                                    "(such as A=10 B=15 ...)"))


def _error(inp: Input, line: int, error: SudokuError) -> Record:
    return Record(None, line, inp.fail(error, line), Style(NAME))


def _puzzle(inp: Input, block: _Block, box: tuple[int, int] | None) -> Record:
    start = block.rows[0][0]
    try:
        givens, cage_map = _grids(block.rows)
        n = isqrt(len(cage_map))
        shape = Shape.for_size(n, box)
        cells = tuple(_clue(token, n, i, line) for i, (line, token) in enumerate(givens))
        rules = Rules(n, box=(shape.box_rows, shape.box_cols),
                      constraints=_cages(cage_map, block.sums, n))
    except SudokuError as e:
        return _error(inp, e.line or start, e)
    if cells == ():
        cells = (0,) * (n * n)
    return Record(Grid.unchecked(cells, rules.shape, rules), start, None,
                  Style(NAME, eol=block.eol, form=block.form))


Cell = tuple[int, str]  # (line, symbol)


def _grids(rows: list[tuple[int, list[str]]]) -> tuple[list[Cell], list[Cell]]:
    """The givens (empty when not given) and the cage map, each cell with its line."""
    if all(_side_by_side(r) for _, r in rows):
        givens = [(line, ch) for line, r in rows for ch in r[0]]
        cage_map = [(line, ch) for line, r in rows for ch in r[1]]
        return _square(givens, rows), _square(cage_map, rows)
    width = len(rows[0][1])
    for line, row in rows:
        if len(row) != width:
            raise CellCountError(f"a row of {len(row)} cells among rows of {width}", line=line)
    flat = [(line, token) for line, row in rows for token in row]
    if len(rows) in (1, 2) and width > 3 and isqrt(width) ** 2 == width:
        parts = len(rows)
    elif len(rows) in (width, 2 * width):
        parts = len(rows) // width
    else:
        raise CellCountError(f"a killer puzzle of {len(rows)} rows of {width}: it needs "
                             f"{width} rows of the cage map (or {2 * width}, the givens "
                             "first)", line=rows[0][0])
    size = len(flat) // parts
    return (flat[:size] if parts == 2 else []), flat[-size:]


def _square(cells: list[Cell], rows: list[tuple[int, list[str]]]) -> list[Cell]:
    if len(rows) ** 2 != len(cells):
        raise CellCountError(f"{len(rows)} rows of {len(cells) // len(rows)} cells: not a "
                             "square grid", line=rows[0][0])
    return cells


def _clue(token: str, n: int, index: int, line: int) -> int:
    if token in _BLANKS:
        return 0
    value = int(token) if token.isascii() and token.isdigit() and len(token) <= 2 else (
        SYMBOL_VALUE.get(token, -1) if len(token) == 1 else -1)
    if not 1 <= value <= n:
        cell = f"r{index // n + 1}c{index % n + 1}"
        raise SymbolError(f"{token[:10]!r} at {cell} is not a digit of a {n}x{n} sudoku",
                          cell=cell, line=line)
    return value


def _cages(cage_map: list[Cell], sums: list[tuple[int, list[tuple[str, int | None]]]],
           n: int) -> list[Cage]:
    """The cages of the map with their sums, each checked where it is written."""
    cells: dict[str, list[int]] = {}
    first_line: dict[str, int] = {}
    for i, (line, symbol) in enumerate(cage_map):
        if symbol != ".":
            cells.setdefault(symbol, []).append(i)
            first_line.setdefault(symbol, line)
    total: dict[str, tuple[int | None, int]] = {}
    for line, pairs in sums:
        for name, value in pairs:
            if name in total:
                raise ParseError(f"cage {name!r} has two sums", line=line)
            if name not in cells:
                raise ParseError(f"cage {name!r} has a sum but no cell in the cage map",
                                 line=line)
            total[name] = (value, line)
    out = []
    for name, members in cells.items():
        if name not in total:
            raise ParseError(f"cage {name!r} (at r{members[0] // n + 1}c{members[0] % n + 1}) "
                             f"has no sum: add {name}=<sum>, or {name}=? for none",
                             line=sums[0][0])
        value, line = total[name]
        cage = Cage(members, value)
        try:
            cage.check(n)
        except RulesError as e:
            e.line = line if len(members) <= n else first_line[name]
            raise
        out.append(cage)
    return out


def separator(style: Style) -> str:
    """A blank line between two puzzles of rows; nothing between lines."""
    return "" if style.form == "line" else blank_line(style)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    separator=separator,
    forms=FORMS,
    rules=frozenset({"killer"}),
)
