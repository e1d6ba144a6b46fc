"""Puzzles of several overlapping classic grids on one sheet: samurai, twodoku, butterfly,
sohei, windmill, flower.

A :class:`Sheet` is the layout: the size N of its grids and the (row, col) of each grid's
top-left cell on an R x C sheet. Each grid keeps the classic rules (its rows, columns and
boxes hold different digits); where grids overlap they share whole boxes. The cells in play
are numbered 0 .. ncells-1 in reading order of the sheet: cell index ``i`` stands at sheet
position ``sheet.cells[i]`` (row * cols + col), and every other call speaks of the index.
A :class:`SheetGrid` is a puzzle or a solution on a sheet: one digit per cell (0 blank).

>>> s = Sheet.preset("twodoku")
>>> s
Sheet(9, grids=((0, 0), (6, 6)))
>>> s.describe(), s.rows, s.cols, s.ncells, len(s.houses)
('twodoku (2 overlapping 9x9 grids)', 15, 15, 153, 53)
>>> s.cell_name(s.index(7, 13)), s.grids_of(s.index(7, 7))
('r8c14', (0, 1))
>>> eval(repr(s)) == s
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .errors import ConflictError, ParseError, SymbolError
from .grid import SYMBOLS, Conflict, Grid
from .shape import is_whole
from .sheet_layout import ALIASES, PRESETS, Sheet, preset_key

__all__ = ["ALIASES", "BLANKS", "PRESETS", "Sheet", "SheetGrid", "layout_of", "preset_key"]

#: Characters that stand for a blank cell of a sheet.
BLANKS = ".0_-*"

class SheetGrid:
    """A puzzle or a solution on a :class:`Sheet`: ``digits[i]`` is the digit (0 for a
    blank) of cell index ``i``. ``digits`` is a sequence of ``sheet.ncells`` whole numbers,
    or a string of as many symbols (1-9 then A-Z; '.' or '0' for a blank).

    Immutable, equal by sheet and digits, hashable; ``repr`` gives back Python that
    rebuilds it; ``str()`` is the sheet text (see :meth:`parse`)."""

    __slots__ = ("_sheet", "_digits", "_hash")

    def __init__(self, sheet: Sheet, digits: str | Sequence[int]) -> None:
        if not isinstance(sheet, Sheet):
            raise TypeError(f"SheetGrid: sheet must be a Sheet (such as "
                            f"Sheet.preset('samurai')), not {type(sheet).__name__}")
        self._sheet = sheet
        self._digits = _checked_digits(digits, sheet)
        self._hash = -1

    @classmethod
    def unchecked(cls, sheet: Sheet, digits: tuple[int, ...]) -> SheetGrid:
        """A sheet grid from digits the caller vouches for (a tuple of ncells ints 0..N)."""
        out = cls.__new__(cls)
        out._sheet, out._digits, out._hash = sheet, digits, -1
        return out

    @classmethod
    def empty(cls, sheet: Sheet) -> SheetGrid:
        """The blank puzzle of ``sheet``."""
        return cls(sheet, (0,) * sheet.ncells)

    @classmethod
    def from_grids(cls, sheet: Sheet, grids: Sequence[Grid]) -> SheetGrid:
        """The sheet grid whose sub-grid k is ``grids[k]``: ConflictError naming the grids
        and the cell where two of them put different digits in a shared cell (a digit
        against a blank is no disagreement: the digit is kept)."""
        if len(grids) != len(sheet.grids):
            raise ValueError(f"SheetGrid.from_grids: {sheet.describe()} needs "
                             f"{len(sheet.grids)} grids, not {len(grids)}")
        digits = [0] * sheet.ncells
        source = [0] * sheet.ncells
        for k, grid in enumerate(grids):
            if not isinstance(grid, Grid) or grid.n != sheet.size:
                raise TypeError(f"SheetGrid.from_grids: grid {k + 1} must be a "
                                f"{sheet.size}x{sheet.size} Grid")
            for i, d in zip(sheet.grid_cells(k), grid.cells, strict=True):
                if d and digits[i] and digits[i] != d:
                    raise ConflictError(f"grids {source[i] + 1} and {k + 1} disagree at "
                                        f"{sheet.cell_name(i)}: {digits[i]} and {d}",
                                        cell=sheet.cell_name(i))
                if d and not digits[i]:
                    digits[i], source[i] = d, k
        return cls.unchecked(sheet, tuple(digits))

    @classmethod
    def parse(cls, text: str, sheet: Sheet | None = None) -> SheetGrid:
        """Read a sheet text: R lines of C characters, a digit or a blank ('.', '0', '_',
        '-', '*') at each position in play, a space (or any other character that is no
        digit) where no grid is; lines may stop early. Or one line per grid of N*N
        characters, in the order of the sheet's grids, the shared cells agreeing.
        ``sheet`` None: the preset whose layout the text fits. ParseError naming the line
        for anything else."""
        if not isinstance(text, str):
            raise TypeError(f"SheetGrid.parse: text must be a string, not {type(text).__name__}")
        if sheet is not None and not isinstance(sheet, Sheet):
            raise TypeError(f"SheetGrid.parse: sheet must be a Sheet or None, not "
                            f"{type(sheet).__name__}")
        lines = [line.rstrip() for line in text.replace("\r", "").split("\n")]
        first = next((k for k, line in enumerate(lines) if line), len(lines))
        lines = lines[first:]
        while lines and not lines[-1]:
            lines.pop()
        if not lines:
            raise ParseError("an empty text is not a sheet", line=1)
        if _per_grid(lines, sheet):
            return _read_grid_lines(lines, sheet, first)
        return _read_sheet(lines, sheet, first)

    # -- reading --------------------------------------------------------------------
    @property
    def sheet(self) -> Sheet:
        return self._sheet

    @property
    def digits(self) -> tuple[int, ...]:
        """One digit per cell index (0 for a blank)."""
        return self._digits

    @property
    def cells(self) -> tuple[int, ...]:
        """The same as :attr:`digits` (the name a :class:`~sudokit.grid.Grid` has)."""
        return self._digits

    @property
    def n(self) -> int:
        """The size of each grid."""
        return self._sheet.size

    def __getitem__(self, i: int) -> int:
        return self._digits[self._sheet.checked_index(i)]

    def __iter__(self) -> Iterator[int]:
        return iter(self._digits)

    def __len__(self) -> int:
        return len(self._digits)

    def grid(self, k: int) -> Grid:
        """The classic grid of sub-grid ``k`` (0-based)."""
        shape = self._sheet.shape
        return Grid.unchecked(tuple(self._digits[i] for i in self._sheet.grid_cells(k)), shape)

    @property
    def givens(self) -> int:
        """How many cells hold a digit."""
        return sum(1 for d in self._digits if d)

    @property
    def blanks(self) -> int:
        """How many cells are blank."""
        return len(self._digits) - self.givens

    def is_complete(self) -> bool:
        """No blank cell left (says nothing about conflicts)."""
        return all(self._digits)

    def conflicts(self) -> list[Conflict]:
        """Every house in which one digit stands more than once (``unit`` names the house,
        as "row 3 of grid 2"; :meth:`Sheet.said` puts one in words)."""
        out = []
        digits = self._digits
        for name, house in self._sheet.named_houses:
            seen: dict[int, list[int]] = {}
            for i in house:
                if digits[i]:
                    seen.setdefault(digits[i], []).append(i)
            out += [Conflict(name, d, tuple(cs)) for d, cs in sorted(seen.items())
                    if len(cs) > 1]
        return out

    def is_valid(self) -> bool:
        """No digit repeats in a house (blanks allowed)."""
        return not self.conflicts()

    def is_solved(self) -> bool:
        """Complete and free of conflicts."""
        return self.is_complete() and self.is_valid()

    def raise_on_conflict(self) -> None:
        """Raise ConflictError naming the first clash, if there is one."""
        found = self.conflicts()
        if found:
            c = found[0]
            raise ConflictError(self._sheet.said(c), cell=self._sheet.cell_name(c.cells[-1]))

    def is_solution_of(self, puzzle: SheetGrid) -> bool:
        """Complete, keeping every rule of the sheet and every given of ``puzzle``."""
        if not isinstance(puzzle, SheetGrid):
            raise TypeError(f"is_solution_of: puzzle must be a SheetGrid, not "
                            f"{type(puzzle).__name__}")
        return (puzzle._sheet == self._sheet and self._sheet.keeps(self._digits)
                and all(p == 0 or p == d for p, d in zip(puzzle._digits, self._digits,
                                                         strict=True)))

    def with_digit(self, i: int, digit: int) -> SheetGrid:
        """A copy with cell index ``i`` set to ``digit`` (0 clears it)."""
        if not is_whole(digit) or not 0 <= digit <= self.n:
            raise SymbolError(f"{digit!r} is not a digit of a {self.n}x{self.n} grid")
        digits = list(self._digits)
        digits[self._sheet.checked_index(i)] = int(digit)
        return SheetGrid.unchecked(self._sheet, tuple(digits))

    # -- writing --------------------------------------------------------------------
    def to_line(self, blank: str = ".") -> str:
        """The digits in cell index order, one symbol each (the form ``repr`` uses)."""
        return "".join(SYMBOLS[d - 1] if d else blank for d in self._digits)

    def to_text(self, blank: str = ".", unused: str = " ") -> str:
        """The sheet text: one line per sheet row, ``blank`` for a blank cell and
        ``unused`` where no grid is, trailing spaces dropped."""
        sheet = self._sheet
        rows = [[unused] * sheet.cols for _ in range(sheet.rows)]
        for p, d in zip(sheet.cells, self._digits, strict=True):
            rows[p // sheet.cols][p % sheet.cols] = SYMBOLS[d - 1] if d else blank
        return "\n".join("".join(row).rstrip() for row in rows)

    def grid_lines(self) -> list[str]:
        """One line of N*N symbols per grid, in the order of the sheet's grids."""
        return [self.grid(k).to_line() for k in range(len(self._sheet.grids))]

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"SheetGrid({self._sheet!r}, {self.to_line()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SheetGrid):
            return NotImplemented
        return self._digits == other._digits and self._sheet == other._sheet

    def __hash__(self) -> int:
        if self._hash == -1:
            self._hash = hash((self._sheet, self._digits))
        return self._hash

    def __reduce__(self) -> tuple[object, ...]:
        return (SheetGrid.unchecked, (self._sheet, self._digits))


def _checked_digits(digits: object, sheet: Sheet) -> tuple[int, ...]:
    """One digit 0..N per cell of ``sheet``, from a string of symbols or whole numbers."""
    n, count = sheet.size, sheet.ncells
    if isinstance(digits, str):
        values = []
        for k, ch in enumerate(digits):
            d = 0 if ch in BLANKS else SYMBOLS.find(ch.upper()) + 1
            if not 0 <= d <= n or (d == 0 and ch not in BLANKS):
                raise SymbolError(f"SheetGrid: {ch!r} (character {k + 1}) is not a digit of a "
                                  f"{n}x{n} grid")
            values.append(d)
    elif isinstance(digits, bytes) or not hasattr(digits, "__iter__"):
        raise TypeError(f"SheetGrid: digits must be {count} whole numbers or a string of "
                        f"symbols, not {type(digits).__name__}")
    else:
        values = list(digits)
        for k, d in enumerate(values):
            if not is_whole(d):
                raise TypeError(f"SheetGrid: digit {k} is {d!r}, not a whole number")
            if not 0 <= d <= n:
                raise SymbolError(f"SheetGrid: {d} at {sheet.cell_name(k) if k < count else k} "
                                  f"is not a digit of a {n}x{n} grid (0 for a blank)")
    if len(values) != count:
        raise ParseError(f"SheetGrid: {sheet.describe()} has {count} cells, {len(values)} "
                         f"digits given")
    return tuple(int(d) for d in values)


def _symbol(ch: str, n: int) -> int | None:
    """The digit ``ch`` stands for on a sheet of N x N grids: 0 for a blank, None for a
    character that is neither (a mark where no grid is)."""
    if ch in BLANKS:
        return 0
    d = SYMBOLS.find(ch.upper()) + 1
    return d if 0 < d <= n else None


def _per_grid(lines: list[str], sheet: Sheet | None) -> bool:
    """Is this the form of one line of N*N symbols per grid (wider than any sheet)?"""
    n = 9 if sheet is None else sheet.size
    return len(lines) > 1 and all(len(line) == n * n and not any(ch.isspace() for ch in line)
                                  for line in lines) \
        and (sheet is None or n * n > sheet.cols)


def _read_grid_lines(lines: list[str], sheet: Sheet | None, first: int) -> SheetGrid:
    """The sheet grid of one line per grid (see :meth:`SheetGrid.parse`)."""
    n = 9 if sheet is None else sheet.size
    rows = []
    for k, line in enumerate(lines):
        row = [_symbol(ch, n) for ch in line]
        if None in row:
            at = row.index(None)
            raise SymbolError(f"{line[at]!r} (character {at + 1}) is not a digit of a {n}x{n} "
                              f"grid", line=first + k + 1)
        rows.append(row)
    if sheet is not None:
        candidates = [sheet]
    else:
        candidates = [Sheet.preset(name) for name, grids in PRESETS.items()
                      if len(grids) == len(lines)]
        if not candidates:
            known = ", ".join(f"{name} {len(grids)}" for name, grids in PRESETS.items())
            raise ParseError(f"{len(lines)} lines of {n * n} cells: no overlapping-grids "
                             f"puzzle has {len(lines)} grids (one line a grid: {known})",
                             line=first + 1)
    if len(lines) != len(candidates[0].grids):
        raise ParseError(f"{len(lines)} lines of {n * n} cells, one a grid: "
                         f"{candidates[0].describe()} needs {len(candidates[0].grids)}",
                         line=first + 1)
    for strict in (True, False):
        fits = [s for s in candidates if _disagreement(s, rows, strict) is None]
        if len(fits) == 1:
            return _joined(fits[0], rows)
        if len(fits) > 1:
            raise ParseError(f"{len(lines)} lines of {n * n} cells fit "
                             f"{' and '.join(str(s.name) for s in fits)} alike: name the "
                             f"puzzle's kind", line=first + 1)
    found = _disagreement(candidates[0], rows, False)
    assert found is not None  # (no candidate fitted: the first disagrees somewhere)
    a, b, i = found
    raise ParseError(f"grids {a + 1} and {b + 1} of {candidates[0].describe()} disagree at "
                     f"{candidates[0].cell_name(i)}: {_said(rows, candidates[0], a, i)} and "
                     f"{_said(rows, candidates[0], b, i)}", line=first + b + 1)


def _said(rows: list[list[int | None]], sheet: Sheet, k: int, i: int) -> str:
    d = rows[k][sheet.grid_cells(k).index(i)]
    return f"{d}" if d else "a blank"


def _disagreement(sheet: Sheet, rows: list[list[int | None]], strict: bool
                  ) -> tuple[int, int, int] | None:
    """The first (grid, later grid, cell) where two grids' lines put different digits in a
    cell they share (``strict``: a digit against a blank counts too); None if none do."""
    seen: dict[int, tuple[int, int]] = {}
    for k, row in enumerate(rows):
        for i, d in zip(sheet.grid_cells(k), row, strict=True):
            d = d or 0
            if i not in seen:
                seen[i] = (k, d)
                continue
            before, was = seen[i]
            if d != was and (strict or (d and was)):
                return before, k, i
            if d and not was:
                seen[i] = (k, d)
    return None


def _joined(sheet: Sheet, rows: list[list[int | None]]) -> SheetGrid:
    digits = [0] * sheet.ncells
    for k, row in enumerate(rows):
        for i, d in zip(sheet.grid_cells(k), row, strict=True):
            digits[i] = digits[i] or d or 0
    return SheetGrid.unchecked(sheet, tuple(digits))


def _read_sheet(lines: list[str], sheet: Sheet | None, first: int) -> SheetGrid:
    """The sheet grid of a sheet text (see :meth:`SheetGrid.parse`)."""
    if sheet is None:
        sheet = _layout_of(lines, first)
    if len(lines) != sheet.rows:
        raise ParseError(f"{sheet.describe()} is {sheet.rows} lines of up to {sheet.cols} "
                         f"positions; this text has {len(lines)} lines", line=first + 1)
    n, cols = sheet.size, sheet.cols
    play = set(sheet.cells)
    digits = []
    for r, line in enumerate(lines):
        where = first + r + 1
        for c in range(max(len(line), cols)):
            ch = line[c] if c < len(line) else ""
            d = _symbol(ch, n) if ch else None
            if r * cols + c in play and c < cols:
                if d is None:
                    said = f"{ch!r}" if ch else "the line's end"
                    raise ParseError(f"column {c + 1}: {said} where {sheet.describe()} has a "
                                     f"cell (a digit, or '.' for a blank)", line=where)
                digits.append(d)
            elif d:
                raise ParseError(f"column {c + 1}: digit {ch} where no grid of "
                                 f"{sheet.describe()} is", line=where)
    return SheetGrid.unchecked(sheet, tuple(digits))


def layout_of(lines: Sequence[str]) -> Sheet | None:
    """The preset whose cells in play are exactly where ``lines`` (a sheet text's rows)
    hold digits and blanks, or None."""
    found = _in_play(lines)
    return next((sheet for sheet in map(Sheet.preset, PRESETS)
                 if _positions(sheet) == found), None)


def _in_play(lines: Sequence[str]) -> set[tuple[int, int]]:
    return {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line)
            if _symbol(ch, 9) is not None}


def _positions(sheet: Sheet) -> set[tuple[int, int]]:
    return {divmod(p, sheet.cols) for p in sheet.cells}


def _layout_of(lines: list[str], first: int) -> Sheet:
    """The preset whose cells in play are where the text has digits and blanks."""
    found = _in_play(lines)
    best: tuple[int, Sheet, list[tuple[int, int]]] | None = None
    for name in PRESETS:
        sheet = Sheet.preset(name)
        differ = sorted(_positions(sheet) ^ found)
        if not differ:
            return sheet
        if best is None or len(differ) < best[0]:
            best = (len(differ), sheet, differ)
    assert best is not None  # (there are presets)
    _, sheet, differ = best
    r, c = differ[0]
    if (r, c) in found:
        what = f"{lines[r][c]!r} where {sheet.describe()}, the nearest layout, has no cell"
    else:
        ch = lines[r][c] if c < len(lines[r]) else ""
        what = (f"{f'{ch!r}' if ch else 'the line ends'} where {sheet.describe()}, the "
                f"nearest layout, has a cell")
    raise ParseError(f"column {c + 1}: {what} (a sheet's cells hold digits or '.', and "
                     f"spaces mark where no grid is)", line=first + r + 1)
