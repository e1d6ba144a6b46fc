"""The ``jigsaw`` format: the layout many jigsaw collections use, a grid of clues and then a
grid of its regions::

    ..3.....2
    ...8..63.
    ...
    AAAACCCCF
    ABBBBBBCF
    ...

N lines of N clues (``1``-``9``, then ``A``-``Z``; ``.``, ``0`` or ``_`` blank), then N lines
of N region symbols (letters or digits, a symbol a region: N regions of N cells); a blank
line between the two grids is optional, and puzzles follow one another with a blank line
between them. A line may also give its cells as tokens with spaces between them (``5 3 0 0
7 ...`` and ``1 1 2 2 ...``, numbers past 9 too). ``#`` comment lines are passed over.

Two more layouts of collections are read (not written): a puzzle on one line, its N*N clues,
spaces, its N*N region symbols; and the two grids side by side, each of the N lines a row of
clues, spaces and the row's region symbols.

Written: the clues with ``.`` for a blank, a blank line, the regions as letters from ``A``
in reading order. It holds a classic or jigsaw puzzle; a puzzle with other rules is
refused by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from math import isqrt

from ..errors import CellCountError, RulesError, SudokuError, SymbolError
from ..grid import SYMBOLS, Grid
from ..rules import Rules
from . import _writer
from ._input import Input, decode, is_comment, split_eol, unreadable
from ._reading import ReadOptions, with_tail
from ._records import Item, Record, Style
from ._regions import boxes_of, is_region_map
from ._spec import Format, blank_line
from ._symbols import SYMBOL_VALUE, as_grid, check_symbol_size

NAME = "jigsaw"
DEFAULT = Style(NAME, blank=".")
_BLANKS = frozenset({".", "0", "_"})
_REGION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def format_item(item: Item, style: Style = DEFAULT) -> str:
    """One puzzle as its clue grid, a blank line and its region grid."""
    grid = as_grid(item)
    n = grid.n
    check_symbol_size(n, NAME)
    eol = style.eol or "\n"
    symbols = [".", *SYMBOLS[:n]]
    clues = [("".join(symbols[v] for v in row)) for row in grid.rows()]
    regions = grid.rules.regions
    if n <= len(_REGION_LETTERS):
        marks = [_REGION_LETTERS[k] for k in regions]
        rows = ["".join(marks[r * n:r * n + n]) for r in range(n)]
    else:
        rows = [" ".join(str(k + 1) for k in regions[r * n:r * n + n]) for r in range(n)]
    return eol.join(clues) + eol + eol + eol.join(rows) + eol


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One puzzle as bytes."""
    return format_item(item, style).encode()


def dumps(items: Item | Iterable[Item], **style: str) -> str:
    """Puzzles as clue grids and region grids, a blank line between them. Option: ``eol``."""
    return _writer.dumps_with(FORMAT, items, **style)


def loads(data: str | bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """Every puzzle of the text, with its regions."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """The records of ``inp``, in order."""
    return with_tail(inp, _records(inp))


def _cells(text: str) -> list[str]:
    return text.split() if any(ch.isspace() for ch in text) else list(text)


def _halves(text: str) -> tuple[str, str] | None:
    """The two fields of a line that holds clues and region symbols side by side (two
    fields of the same length, 4 or more), else None."""
    fields = text.split()
    if len(fields) == 2 and len(fields[0]) == len(fields[1]) >= 4:
        return fields[0], fields[1]
    return None


def _one_line(clues: str) -> bool:
    """Is a field of ``clues`` a whole puzzle (N*N of them, N from 4), rather than a row?"""
    return len(clues) >= 16 and isqrt(len(clues)) ** 2 == len(clues)


def _stacked(lines: list[str]) -> list[list[str]]:
    """The rows of the first puzzle of ``lines`` as the two-grid layout has them (N rows of
    clues, then N rows of regions), whichever layout they are written in."""
    first = _halves(lines[0]) if lines else None
    if first is None:
        return [_cells(line) for line in lines]
    if _one_line(first[0]):
        n = isqrt(len(first[0]))
        return [list(first[k][r * n:r * n + n]) for k in (0, 1) for r in range(n)]
    pairs = [_halves(line) for line in lines[:len(first[0])]]
    if any(pair is None for pair in pairs):
        return []
    return [list(pair[k]) for k in (0, 1) for pair in pairs if pair is not None]


def is_jigsaw_head(lines: list[str]) -> bool:
    """Do the first significant lines of an input (without comments and blank lines) read
    as a jigsaw puzzle: N lines of N clues, then N lines of N region symbols that make N
    regions of N cells, each region one piece (cells side by side)? (Or the same on one
    line, or the two grids side by side.) A second grid of digits is no such map: a solved
    grid's equal digits never touch, and a puzzle's blanks are no region of N cells."""
    rows = _stacked(lines)
    n = len(rows[0]) if rows else 0
    if not 4 <= n <= len(_REGION_LETTERS) or len(rows) < 2 * n:
        return False
    if any(len(r) != n for r in rows[:2 * n]):
        return False
    if not all(v in _BLANKS or v in SYMBOL_VALUE for r in rows[:n] for v in r):
        return False
    return is_region_map([v for r in rows[n:2 * n] for v in r], n)


def _records(inp: Input) -> Iterator[Record | str]:
    rows: list[list[str]] = []
    right: list[list[str]] = []  # the rows of regions written beside the clues
    lines: list[int] = []  # the line of each row
    start = 0
    failed = False  # a puzzle already reported: its lines are passed over to a blank line
    eol = "\n"
    for lineno, raw in enumerate(inp.lines(), 1):
        text = decode(raw)
        body, eol_here = split_eol(text)
        stripped = body.strip()
        bad = unreadable(raw, text)
        if bad is not None:
            yield Record(None, lineno, inp.fail(bad, lineno), Style(NAME))
            rows, lines, failed = [], [], True
            continue
        if not stripped:
            if failed or (rows and len(rows) != len(rows[0])):
                failed = False
                if rows:
                    yield _error(inp, start, CellCountError(
                        f"a jigsaw puzzle of {len(rows)} lines: it needs "
                        f"{len(rows[0]) if right else 2 * len(rows[0])}, "
                        "a grid of clues and a grid of regions"))
                rows, lines, right = [], [], []
            continue
        if failed or (not rows and is_comment(stripped)):
            continue
        if not rows:
            start, eol = lineno, eol_here or "\n"
        halves = _halves(stripped) if not rows or right else None
        if halves is not None and not rows and _one_line(halves[0]):
            yield _puzzle(inp, _stacked([stripped]), [lineno] * 2 * isqrt(len(halves[0])),
                          eol)
            continue
        if halves is not None:  # a row of clues and its row of regions side by side
            rows.append(list(halves[0]))
            right.append(list(halves[1]))
        else:
            rows.append(_cells(stripped))
        lines.append(lineno)
        n = len(rows[0])
        if right and len(rows) == n:
            yield _puzzle(inp, rows + right, lines + lines, eol)
            rows, lines, right = [], [], []
        elif len(rows) == 2 * n:
            yield _puzzle(inp, rows, lines, eol)
            rows, lines, right = [], [], []
    if rows:
        yield _error(inp, start, CellCountError(
            f"a jigsaw puzzle cut short: {len(rows)} lines, it needs {2 * len(rows[0])}"))
    yield ""


def _error(inp: Input, line: int, error: SudokuError) -> Record:
    return Record(None, line, inp.fail(error, line), Style(NAME))


def _puzzle(inp: Input, rows: list[list[str]], lines: list[int], eol: str) -> Record:
    n = len(rows[0])
    start = lines[0]
    try:
        for k, row in enumerate(rows):
            what = "clues" if k < n else "regions"
            if len(row) != n:
                raise CellCountError(f"a line of {what} with {len(row)} cells, expected {n}",
                                     line=lines[k])
        cells = tuple(_clue(v, n, f"r{i // n + 1}c{i % n + 1}", lines[i // n])
                      for i, v in enumerate(v for row in rows[:n] for v in row))
        marks = [v for row in rows[n:] for v in row]
        seen: dict[str, int] = {}
        ids = [seen.setdefault(v, len(seen)) for v in marks]
        box = boxes_of(ids, n) if len(seen) == n else None
        if box is not None:  # the regions are the boxes of a shape: a classic puzzle
            rules = Rules(n, box=box)
        elif all(len(v) == 1 for v in marks):
            rules = Rules(n, regions="".join(marks))  # a message names the region's symbol
        else:
            if len(seen) != n:
                raise RulesError(f"regions: {len(seen)} regions, a {n}x{n} grid needs {n}")
            rules = Rules(n, regions=ids)
    except SudokuError as e:
        return _error(inp, e.line or start, e)
    return Record(Grid.unchecked(cells, rules.shape, None if rules.is_classic else rules),
                  start, None, Style(NAME, eol=eol))


def _clue(token: str, n: int, cell: str, line: int) -> int:
    if token in _BLANKS:
        return 0
    value = int(token) if token.isascii() and token.isdigit() and len(token) <= 2 else (
        SYMBOL_VALUE.get(token, -1) if len(token) == 1 else -1)
    if len(token) == 1 and n > 9 and token.isdigit():
        value = SYMBOL_VALUE[token]
    if not 1 <= value <= n:
        raise SymbolError(f"{token[:10]!r} at {cell} is not a digit of a {n}x{n} sudoku",
                          cell=cell, line=line)
    return value


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    separator=blank_line,
    rules=frozenset({"jigsaw"}),
)
