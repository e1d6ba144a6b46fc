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

from .errors import CellCountError, ConflictError, ParseError, RulesError, ShapeError, SymbolError
from .rules import Rules
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
    """Two or more cells of one unit that hold the same digit; or (``digit`` 0) cells that
    break another rule of the grid, ``unit`` saying which."""

    unit: str  # "row 3", "column 5", "box 2", "the main diagonal", ...
    digit: int
    cells: tuple[int, ...]

    def said(self, shape: Shape) -> str:
        """The clash in words: ``digit 5 appears 3 times in row 1 (r1c1, r1c4, r1c9)``."""
        names = ", ".join(shape.cell_name(i) for i in self.cells)
        if self.digit == 0:
            return f"{self.unit} ({names})"
        times = "twice" if len(self.cells) == 2 else f"{len(self.cells)} times"
        return f"digit {self.digit} appears {times} in {self.unit} ({names})"


class Grid:
    """An immutable N x N sudoku grid: ``cells[i]`` is 0 for a blank or a digit 1..N.

    ``Grid(line)`` parses the one-line form (``.`` or ``0`` for blanks; 1-9 then A-Z); a
    text of several lines (such as ``str(grid)``) is read like a file of one puzzle; rows
    of integers (lists, tuples, a 2-D NumPy array), N*N integers in reading order, or a
    Grid are taken as they are. ``str(grid)`` draws it; ``repr(grid)`` is Python that
    rebuilds it. ``rules`` (a :class:`~sudokit.rules.Rules`) are the puzzle's rules when
    they are not the classic ones. Grids are values:
    equal when shape, cells and rules are equal, hashable, never changed in place.
    """

    __slots__ = ("_cells", "_shape", "_hash", "_rules")

    def __init__(self, line: str | Grid | Sequence[object] | object,
                 box: tuple[int, int] | None = None, *, rules: Rules | None = None) -> None:
        if rules is not None:
            box = _box_of_rules(rules, box)
        if not isinstance(line, str):
            other = _from_value(line, box)
            self._init(other.cells, other.shape, other._rules if rules is None else rules)
            return
        text = line.strip()
        if "\n" in text:  # a drawn grid, such as str(grid): read as the formats read it
            self._init(*_from_drawing(text, box), rules)
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
        self._init(tuple(cells), shape, rules)

    def _init(self, cells: tuple[int, ...], shape: Shape, rules: Rules | None = None) -> None:
        self._cells = cells
        self._shape = shape
        self._hash = -1  # computed when first asked for: most grids are never hashed
        # None stands for the classic rules of the shape: a classic grid holds nothing more
        self._rules = None if rules is None else _own_rules(rules, shape)

    # -- constructors ---------------------------------------------------------------
    @classmethod
    def from_cells(cls, cells: Iterable[int], box: tuple[int, int] | None = None, *,
                   rules: Rules | None = None) -> Grid:
        """A grid from N*N integers (0 for blank), in reading order, under ``rules``."""
        if isinstance(cells, str | bytes) or not hasattr(cells, "__iter__"):
            raise TypeError(f"Grid.from_cells takes N*N integers, not {type(cells).__name__}")
        values = tuple(cells)
        for v in values:
            if not is_whole(v):
                raise TypeError(f"Grid.from_cells: {v!r} is not a whole number (0 for a blank, "
                                "1..N)")
        values = tuple(int(v) for v in values)
        if rules is not None:
            box = _box_of_rules(rules, box)
        shape = Shape.from_cell_count(len(values), box)
        return cls._trusted(values, shape, check=True, rules=rules)

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
    def unchecked(cls, cells: tuple[int, ...], shape: Shape, rules: Rules | None = None
                  ) -> Grid:
        """A grid from values the caller vouches for: ``shape.ncells`` ints 0..N in a tuple,
        as an engine or a reader that has already checked them holds. Nothing is checked
        here (that is the point: it is the fast constructor for hot paths) but that
        ``rules``, when given, are rules of this shape."""
        grid = cls.__new__(cls)
        grid._init(cells, shape, rules)
        return grid

    @classmethod
    def _trusted(cls, cells: tuple[int, ...], shape: Shape, check: bool = False,
                 rules: Rules | None = None) -> Grid:
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
        grid._init(cells, shape, rules)
        return grid

    # -- reading ----------------------------------------------------------------------
    @property
    def cells(self) -> tuple[int, ...]:
        return self._cells

    @property
    def shape(self) -> Shape:
        return self._shape

    @property
    def rules(self) -> Rules:
        """The puzzle's rules: the classic ones of its shape unless it was given others."""
        rules = self._rules
        return Rules.classic(self._shape) if rules is None else rules

    @property
    def own_rules(self) -> Rules | None:
        """The puzzle's rules when they are not the classic ones, else None (a check that
        costs nothing, for the hot paths that treat classic grids as before)."""
        return self._rules

    def with_rules(self, rules: Rules) -> Grid:
        """The same digits under ``rules`` (rules of this grid's size and boxes)."""
        return Grid._trusted(self._cells, self._shape, rules=rules)

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
        """Every unit in which one digit stands more than once; under other rules than the
        classic ones, also every house of the rules, pair of cells and cell that breaks
        them (see :class:`Conflict`)."""
        if self._rules is not None:
            return _rule_conflicts(self._cells, self._rules)
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
        return Grid._trusted(tuple(cells), self._shape, rules=self._rules)

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
        rules = self._rules
        box = "" if self._shape.is_natural() or rules is not None else f", box={self.box}"
        if rules is not None:
            box += f", rules={rules!r}"
        if self.n <= len(SYMBOLS):
            return f"Grid({self.to_line()!r}{box})"
        box = box if rules is not None else f", box={self.box}"
        return f"Grid.from_cells({list(self._cells)!r}{box})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return (self._cells == other._cells and self._shape == other._shape
                and self._rules == other._rules)

    def __hash__(self) -> int:
        if self._hash == -1:
            rules = self._rules
            self._hash = hash((self._cells, self._shape) if rules is None
                              else (self._cells, self._shape, rules))
        return self._hash


def is_solution(solution: Grid, puzzle: Grid) -> bool:
    """Is ``solution`` complete, free of conflicts, and does it keep every given of ``puzzle``?"""
    for name, value in (("solution", solution), ("puzzle", puzzle)):
        if not isinstance(value, Grid):
            raise TypeError(f"is_solution: {name} must be a Grid, not {type(value).__name__}")
    shape = solution.shape
    if shape != puzzle.shape:
        return False
    if puzzle._rules is not None:
        return _solves_under(solution.cells, puzzle.cells, puzzle._rules)
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
    if not hasattr(item, "to_grid") and not isinstance(item, Grid):  # overlapping grids
        raise ParseError("Grid() reads one grid; this text is a sheet of overlapping grids "
                         "(sudokit.sheets.SheetGrid.parse reads it)")
    grid = item if isinstance(item, Grid) else item.to_grid()
    return grid.cells, grid.shape


def _box_of_rules(rules: object, box: tuple[int, int] | None) -> tuple[int, int]:
    """The box shape a grid under ``rules`` reads with: ``box``, or the rules' own."""
    if not isinstance(rules, Rules):
        raise TypeError(f"Grid: rules must be a Rules (such as Rules.preset('x')), not "
                        f"{type(rules).__name__}")
    if box is None:
        return (rules.shape.box_rows, rules.shape.box_cols)
    return box


def _own_rules(rules: Rules, shape: Shape) -> Rules | None:
    """``rules`` checked against the grid's shape; None for the shape's classic rules."""
    if not isinstance(rules, Rules):
        raise TypeError(f"Grid: rules must be a Rules (such as Rules.preset('x')), not "
                        f"{type(rules).__name__}")
    if rules.size != shape.n:
        raise RulesError(f"rules of a {rules.size}x{rules.size} grid cannot apply to a "
                         f"{shape.n}x{shape.n} grid")
    if rules.shape != shape:
        raise RulesError(f"the rules' boxes are {rules.shape}, the grid's are {shape}")
    return None if rules.is_classic else rules


def _house_names(rules: Rules) -> list[str]:
    """The words for each of ``rules.houses``, in order."""
    n = rules.size
    region = "region" if rules.is_jigsaw else "box"
    return ([f"row {k + 1}" for k in range(n)] + [f"column {k + 1}" for k in range(n)]
            + [f"{region} {k + 1}" for k in range(n)]
            + [name for name, _ in rules.extra_houses()])


def _rule_conflicts(cells: tuple[int, ...], rules: Rules) -> list[Conflict]:
    """Every conflict of ``cells`` under ``rules``: houses, differ pairs, neighbours whose
    digits are consecutive, and cells that hold a digit of the wrong parity."""
    out = []
    for name, house in zip(_house_names(rules), rules.houses, strict=True):
        seen: dict[int, list[int]] = {}
        for cell in house:
            if cells[cell]:
                seen.setdefault(cells[cell], []).append(cell)
        out += [Conflict(name, d, tuple(cs)) for d, cs in sorted(seen.items()) if len(cs) > 1]
    n = rules.size
    for a, b in rules.differ:
        if cells[a] and cells[a] == cells[b]:
            far = max(abs(a // n - b // n), abs(a % n - b % n))
            move = "a king's move" if far == 1 else "a knight's move"
            out.append(Conflict(f"cells {move} apart", cells[a], (a, b)))
    for a, b in rules.non_consecutive_pairs:
        if cells[a] and cells[b] and abs(cells[a] - cells[b]) == 1:
            out.append(Conflict(f"neighbours hold consecutive digits {cells[a]} and "
                                f"{cells[b]}", 0, (a, b)))
    for cell, mask in enumerate(rules.cell_masks):
        if cells[cell] and not mask >> (cells[cell] - 1) & 1:
            kind = "odd" if cell in rules.odd else "even"
            out.append(Conflict(f"digit {cells[cell]} stands in an {kind} cell", 0, (cell,)))
    return out


def _solves_under(solution: tuple[int, ...], puzzle: tuple[int, ...], rules: Rules) -> bool:
    """Does ``solution`` fill every cell, break none of ``rules`` and keep the givens?"""
    if 0 in solution or any(p and p != s for p, s in zip(puzzle, solution, strict=True)):
        return False
    for house in rules.houses:
        if len({solution[c] for c in house}) != len(house):
            return False
    return not _rule_conflicts(solution, rules)
