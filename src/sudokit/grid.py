"""The puzzle value: an immutable grid of digits, with its line form as parse/format pair.

>>> g = Grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
>>> g[0], g["r1c5"], g.n
(4, 3, 9)
>>> eval(repr(g)) == g
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from .errors import CellCountError, ConflictError, ParseError, ShapeError, SymbolError
from .shape import Shape, is_whole

#: Digit d is written as SYMBOLS[d - 1]; 10 and up are letters, so the line form reaches 35.
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BLANKS = ".0"
_VALUE_OF = {s: i + 1 for i, s in enumerate(SYMBOLS)} | {
    s.lower(): i + 1 for i, s in enumerate(SYMBOLS)
}


def digit_symbol(d: int) -> str:
    """The character for digit ``d`` in the line form ('.' for a blank)."""
    if not is_whole(d) or not 0 <= d <= len(SYMBOLS):
        raise ValueError(f"digit_symbol: d must be a digit from 0 (blank) to {len(SYMBOLS)}, "
                         f"not {d!r}")
    return "." if d == 0 else SYMBOLS[d - 1]


def symbol_value(ch: str, n: int) -> int:
    """The digit a character stands for in an N x N line (0 for a blank).

    Raises SymbolError for anything else."""
    try:
        if ch in BLANKS:
            return 0
    except TypeError:  # (no check on the way of a character: this runs for every cell read)
        raise TypeError(f"symbol_value: ch must be a character, not {type(ch).__name__}"
                        ) from None
    d = _VALUE_OF.get(ch, 0)
    if d == 0 or d > n:
        raise SymbolError(f"{ch!r} is not a digit of a {n}x{n} sudoku")
    return d


class Conflict(NamedTuple):
    """Two or more cells of one unit that hold the same digit."""

    unit: str  # "row 3", "column 5", "box 2"
    digit: int
    cells: tuple[int, ...]

    def said(self, shape: Shape) -> str:
        """The clash in words: ``digit 5 appears 3 times in row 1 (r1c1, r1c4, r1c9)``."""
        times = "twice" if len(self.cells) == 2 else f"{len(self.cells)} times"
        names = ", ".join(shape.cell_name(i) for i in self.cells)
        return f"digit {self.digit} appears {times} in {self.unit} ({names})"


class Grid:
    """An immutable N x N sudoku grid: ``cells[i]`` is 0 for a blank or a digit 1..N.

    ``Grid(line)`` parses the one-line form (``.`` or ``0`` for blanks; 1-9 then A-Z); a
    text of several lines (such as ``str(grid)``) is read like a file of one puzzle; rows
    of integers (lists, tuples, a 2-D NumPy array), N*N integers in reading order, or a
    Grid are taken as they are. ``str(grid)`` draws it; ``repr(grid)`` is Python that
    rebuilds it. Grids are values:
    equal when shape and cells are equal, hashable, never changed in place.
    """

    __slots__ = ("_cells", "_shape", "_hash")

    def __init__(self, line: str | Grid | Sequence[object] | object,
                 box: tuple[int, int] | None = None) -> None:
        if not isinstance(line, str):
            other = _from_value(line, box)
            self._init(other.cells, other.shape)
            return
        text = line.strip()
        if "\n" in text:  # a drawn grid, such as str(grid): read as the formats read it
            self._init(*_from_drawing(text, box))
            return
        shape = Shape.from_cell_count(len(text), box) if text else None
        if shape is None:
            raise CellCountError("an empty line is not a puzzle")
        cells = []
        for i, ch in enumerate(text):
            try:
                cells.append(symbol_value(ch, shape.n))
            except SymbolError as e:
                raise SymbolError(f"{e.message} (character {i + 1})") from None
        self._init(tuple(cells), shape)

    def _init(self, cells: tuple[int, ...], shape: Shape) -> None:
        self._cells = cells
        self._shape = shape
        self._hash = -1  # computed when first asked for: most grids are never hashed

    # -- constructors ---------------------------------------------------------------
    @classmethod
    def from_cells(cls, cells: Iterable[int], box: tuple[int, int] | None = None) -> Grid:
        """A grid from N*N integers (0 for blank), in reading order."""
        if isinstance(cells, str | bytes) or not hasattr(cells, "__iter__"):
            raise TypeError(f"Grid.from_cells takes N*N integers, not {type(cells).__name__}")
        values = tuple(cells)
        for v in values:
            if not is_whole(v):
                raise TypeError(f"Grid.from_cells: {v!r} is not a whole number (0 for a blank, "
                                "1..N)")
        values = tuple(int(v) for v in values)
        shape = Shape.from_cell_count(len(values), box)
        return cls._trusted(values, shape, check=True)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]], box: tuple[int, int] | None = None) -> Grid:
        """A grid from N rows of N integers."""
        if isinstance(rows, str | bytes) or not hasattr(rows, "__len__"):
            raise TypeError(f"Grid.from_rows takes N rows of N integers, not "
                            f"{type(rows).__name__}")
        n = len(rows)
        for i, row in enumerate(rows):
            if isinstance(row, str | bytes) or not hasattr(row, "__len__"):
                raise TypeError(f"Grid.from_rows: row {i + 1} is {type(row).__name__}, "
                                "expected a sequence of integers")
            if len(row) != n:
                raise CellCountError(f"row {i + 1} has {len(row)} values, expected {n}")
        return cls.from_cells((v for row in rows for v in row), box)

    @classmethod
    def empty(cls, n: int = 9, box: tuple[int, int] | None = None) -> Grid:
        """The blank N x N grid."""
        shape = Shape.for_size(n, box)
        return cls._trusted((0,) * shape.ncells, shape)

    @classmethod
    def unchecked(cls, cells: tuple[int, ...], shape: Shape) -> Grid:
        """A grid from values the caller vouches for: ``shape.ncells`` ints 0..N in a tuple,
        as an engine or a reader that has already checked them holds. Nothing is checked
        here (that is the point: it is the fast constructor for hot paths)."""
        grid = cls.__new__(cls)
        grid._init(cells, shape)
        return grid

    @classmethod
    def _trusted(cls, cells: tuple[int, ...], shape: Shape, check: bool = False) -> Grid:
        if check:
            if len(cells) != shape.ncells:
                raise CellCountError(f"expected {shape.ncells} cells, got {len(cells)}")
            for i, v in enumerate(cells):
                if not 0 <= v <= shape.n:
                    raise SymbolError(
                        f"{v} is not a digit of a {shape.n}x{shape.n} sudoku "
                        f"(cell {shape.cell_name(i)})"
                    )
        grid = cls.__new__(cls)
        grid._init(cells, shape)
        return grid

    # -- reading ----------------------------------------------------------------------
    @property
    def cells(self) -> tuple[int, ...]:
        return self._cells

    @property
    def shape(self) -> Shape:
        return self._shape

    @property
    def n(self) -> int:
        return self._shape.n

    @property
    def box(self) -> tuple[int, int]:
        return (self._shape.box_rows, self._shape.box_cols)

    def __getitem__(self, key: int | str | tuple[int, int]) -> int:
        """``grid[cell]``, ``grid[row, col]`` (0-based) or ``grid["r1c1"]``; IndexError,
        naming the cells there are, for a cell outside the grid."""
        if type(key) is int and 0 <= key < len(self._cells):
            return self._cells[key]
        return self._cells[self._index(key)]

    def _index(self, key: object) -> int:
        """The cell number that ``key`` names (see :meth:`Shape.cell`)."""
        return self._shape.cell(key)

    def __iter__(self) -> Iterator[int]:
        return iter(self._cells)

    def __len__(self) -> int:
        return len(self._cells)

    def rows(self) -> list[tuple[int, ...]]:
        """The N rows, each a tuple of N digits (0 for a blank)."""
        n = self.n
        return [self._cells[r * n : (r + 1) * n] for r in range(n)]

    @property
    def givens(self) -> int:
        """How many cells hold a digit."""
        return sum(1 for v in self._cells if v)

    @property
    def blanks(self) -> int:
        """How many cells are blank."""
        return len(self._cells) - self.givens

    def is_complete(self) -> bool:
        """No blank cell left (says nothing about conflicts)."""
        return all(self._cells)

    def conflicts(self) -> list[Conflict]:
        """Every unit in which one digit stands more than once."""
        shape = self._shape
        out = []
        names = ["row"] * shape.n + ["column"] * shape.n + ["box"] * shape.n
        for k, unit in enumerate(shape.units):
            seen: dict[int, list[int]] = {}
            for cell in unit:
                v = self._cells[cell]
                if v:
                    seen.setdefault(v, []).append(cell)
            for digit, cells in sorted(seen.items()):
                if len(cells) > 1:
                    out.append(Conflict(f"{names[k]} {k % shape.n + 1}", digit, tuple(cells)))
        return out

    def is_valid(self) -> bool:
        """No digit repeats in a unit (blanks allowed)."""
        return not self.conflicts()

    def is_solved(self) -> bool:
        """Complete and free of conflicts."""
        return self.is_complete() and self.is_valid()

    def raise_on_conflict(self) -> None:
        """Raise ConflictError naming the first clash, if there is one."""
        found = self.conflicts()
        if found:
            c = found[0]
            raise ConflictError(c.said(self._shape), cell=self._shape.cell_name(c.cells[-1]))

    # -- derived values -------------------------------------------------------------
    def with_digit(self, cell: int | str | tuple[int, int], digit: int) -> Grid:
        """A copy with ``cell`` (a number, a (row, col) pair or a name such as ``"r1c2"``)
        set to ``digit`` (0 clears it)."""
        if not is_whole(digit):
            raise TypeError(f"a digit is a whole number, not {digit!r}")
        if not 0 <= digit <= self.n:
            raise SymbolError(f"{digit} is not a digit of a {self.n}x{self.n} sudoku")
        cells = list(self._cells)
        cells[self._index(cell)] = int(digit)
        return Grid._trusted(tuple(cells), self._shape)

    # -- formatting -----------------------------------------------------------------
    def to_line(self, blank: str = ".") -> str:
        """The one-line form, the inverse of ``Grid(line)``."""
        if not isinstance(blank, str) or len(blank) != 1 or blank.upper() in SYMBOLS \
                or not blank.isprintable():
            raise ValueError(f"to_line: blank must be one character that is no digit, such "
                             f"as '.' or '0', not {blank!r}")
        if self.n > len(SYMBOLS):
            raise ShapeError(f"the line form cannot write a {self.n}x{self.n} grid")
        return "".join(SYMBOLS[v - 1] if v else blank for v in self._cells)

    def __str__(self) -> str:
        from .formats.pretty import dumps  # the drawing lives with the other formats

        return dumps(self).rstrip("\n")

    def _repr_svg_(self) -> str | None:
        """The grid as an SVG picture (how Jupyter shows it): see :mod:`sudokit.pictures.svg`.
        None past 35x35, which pictures do not show (Jupyter then shows the text)."""
        if self.n > len(SYMBOLS):
            return None
        from .pictures.svg import board  # a presentation hook, imported when called

        return board(self)

    def __repr__(self) -> str:
        box = "" if self._shape.is_natural() else f", box={self.box}"
        if self.n <= len(SYMBOLS):
            return f"Grid({self.to_line()!r}{box})"
        return f"Grid.from_cells({list(self._cells)!r}, box={self.box})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self._cells == other._cells and self._shape == other._shape

    def __hash__(self) -> int:
        if self._hash == -1:
            self._hash = hash((self._cells, self._shape))
        return self._hash


def is_solution(solution: Grid, puzzle: Grid) -> bool:
    """Is ``solution`` complete, free of conflicts, and does it keep every given of ``puzzle``?"""
    for name, value in (("solution", solution), ("puzzle", puzzle)):
        if not isinstance(value, Grid):
            raise TypeError(f"is_solution: {name} must be a Grid, not {type(value).__name__}")
    shape = solution.shape
    if shape != puzzle.shape:
        return False
    cells = solution.cells
    # n distinct digits 1..n in every unit means complete and without conflict
    n = shape.n
    for unit_values in shape.unit_getters:
        if len(set(unit_values(cells))) != n:
            return False
    if 0 in cells:
        return False
    return all(p == 0 or p == s for p, s in zip(puzzle.cells, cells, strict=True))


def _from_value(value: object, box: tuple[int, int] | None) -> Grid:
    """A Grid from what ``Grid(...)`` accepts besides a line: see the class docstring."""
    if isinstance(value, Grid):
        if box is not None and tuple(box) != value.box:
            return Grid.from_cells(value.cells, box)
        return value
    if value is None or isinstance(value, bool | int | float | bytes | bytearray) or not (
        hasattr(value, "__len__") and hasattr(value, "__iter__")
    ):
        raise TypeError(
            f"Grid() takes a line such as '53..7....6..195...' (81 symbols for a 9x9), rows "
            f"of integers (Grid.from_rows) or N*N integers (Grid.from_cells), not "
            f"{type(value).__name__}"
        )
    items = list(value)
    if items and all(is_whole(v) for v in items):
        return Grid.from_cells((int(v) for v in items), box)
    rows = []
    for i, row in enumerate(items):
        if isinstance(row, str | bytes) or not hasattr(row, "__iter__"):
            raise TypeError(f"Grid(): row {i + 1} is {type(row).__name__}, expected a "
                            "sequence of integers (see Grid.from_rows)")
        cells = list(row)
        for v in cells:
            if not is_whole(v):
                raise TypeError(f"Grid(): row {i + 1} holds {v!r}, expected integers 0..N "
                                "(see Grid.from_rows)")
        rows.append([int(v) for v in cells])
    if not rows:
        raise CellCountError("an empty grid is not a puzzle")
    return Grid.from_rows(rows, box)


def _from_drawing(text: str, box: tuple[int, int] | None) -> tuple[tuple[int, ...], Shape]:
    """The cells and shape of the one grid drawn in ``text`` (any text format)."""
    from . import formats  # deferred: the formats need this module first

    items = formats.loads(text, box=box)
    if len(items) != 1:
        raise ParseError(f"Grid() reads one puzzle; this text holds {len(items)}")
    item = items[0]
    grid = item if isinstance(item, Grid) else item.to_grid()
    return grid.cells, grid.shape
