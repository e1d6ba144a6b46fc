"""The layout of a puzzle of several overlapping classic grids (:class:`Sheet`): where each
grid lies on the sheet, the cells in play and their numbering, the houses and peers, and
what a complete assignment must keep. :mod:`sudokit.sheets` is its public face, with the
puzzles on a sheet (``SheetGrid``).

>>> Sheet.preset("samurai").describe()
'samurai (5 overlapping 9x9 grids)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from operator import itemgetter

from .errors import RulesError, ShapeError
from .grid import Conflict
from .shape import Shape, is_whole

#: The layouts of the named puzzles of 9x9 grids: the top-left cell of each grid.
PRESETS: dict[str, tuple[tuple[int, int], ...]] = {
    "samurai": ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12)),
    "twodoku": ((0, 0), (6, 6)),
    "butterfly": ((0, 0), (0, 3), (3, 0), (3, 3)),
    "sohei": ((0, 6), (6, 0), (6, 12), (12, 6)),
    "windmill": ((0, 3), (3, 12), (6, 6), (9, 0), (12, 9)),
    "flower": ((0, 3), (3, 0), (3, 3), (3, 6), (6, 3)),
}

#: Other names of the presets.
ALIASES: dict[str, str] = {
    "gattai-5": "samurai", "gattai5": "samurai", "samurai-sudoku": "samurai",
    "double": "twodoku", "double-sudoku": "twodoku", "gattai-2": "twodoku",
    "sohei-sudoku": "sohei", "gattai-4": "sohei", "butterfly-sudoku": "butterfly",
    "windmill-sudoku": "windmill", "flower-sudoku": "flower",
}

def preset_key(name: str) -> str | None:
    """The preset that ``name`` (or an alias of it, in any case) names, or None."""
    if not isinstance(name, str):
        raise TypeError(f"a sheet's name is a string such as 'samurai', not "
                        f"{type(name).__name__}")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    return key if key in PRESETS else None


class Sheet:
    """The rules of overlapping classic N x N grids: ``grids`` holds the (row, col) of each
    grid's top-left cell on the sheet (0-based; some grid starts on row 0, some on column
    0). Grids are numbered 1, 2, ... in that order in words, and 0, 1, ... in calls.

    Immutable, equal by content, hashable; ``repr`` gives back Python that rebuilds it.
    RulesError for a layout that cannot be played: fewer than two grids, two the same, a
    grid that overlaps no other (the sheet is one piece), an overlap that is not whole boxes
    of both grids."""

    size: int
    shape: Shape
    grids: tuple[tuple[int, int], ...]

    def __init__(self, size: int = 9, grids: Iterable[tuple[int, int]] = PRESETS["samurai"]
                 ) -> None:
        if not is_whole(size):
            raise TypeError(f"Sheet: size must be a whole number, not {size!r}")
        size = int(size)
        try:
            shape = Shape.for_size(size)
        except ShapeError as e:
            raise RulesError(f"Sheet: {e.message}") from None
        if shape.box_rows < 2:
            raise RulesError(f"Sheet: {size}x{size} grids have no boxes of two rows or more "
                             f"for the grids to share")
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "grids", _checked_grids(grids, shape))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Sheet cannot be changed (tried to set {name!r})")

    @classmethod
    def preset(cls, name: str) -> Sheet:
        """The sheet of a named puzzle: samurai, twodoku, butterfly, sohei, windmill or
        flower (or another name of one, such as "gattai-5"). RulesError for another name."""
        key = preset_key(name)
        if key is None:
            raise RulesError(f"no overlapping grids named {name.strip()!r}: known are "
                             f"{', '.join(PRESETS)}")
        return _preset(key)

    # -- the layout -------------------------------------------------------------------
    @property
    def name(self) -> str | None:
        """The preset this sheet is, or None."""
        if self.size != 9:
            return None
        return next((k for k, grids in PRESETS.items() if grids == self.grids), None)

    def describe(self) -> str:
        """The sheet in words: ``"samurai (5 overlapping 9x9 grids)"``."""
        n = self.size
        words = f"{len(self.grids)} overlapping {n}x{n} grids"
        return f"{self.name} ({words})" if self.name else words

    @cached_property
    def rows(self) -> int:
        """The sheet's height in positions."""
        return max(r for r, _ in self.grids) + self.size

    @cached_property
    def cols(self) -> int:
        """The sheet's width in positions."""
        return max(c for _, c in self.grids) + self.size

    @cached_property
    def cells(self) -> tuple[int, ...]:
        """The sheet positions (row * cols + col) in play, ascending: cell index i stands
        at ``cells[i]``."""
        n, cols = self.size, self.cols
        return tuple(sorted({(r0 + r) * cols + c0 + c for r0, c0 in self.grids
                             for r in range(n) for c in range(n)}))

    @property
    def ncells(self) -> int:
        """How many cells are in play."""
        return len(self.cells)

    @cached_property
    def _index_of(self) -> dict[int, int]:
        return {p: i for i, p in enumerate(self.cells)}

    def index(self, row: int, col: int) -> int | None:
        """The cell index at sheet position (row, col), 0-based; None where no grid is."""
        if not (is_whole(row) and is_whole(col)):
            raise TypeError(f"Sheet.index: row and col must be whole numbers, not "
                            f"{row!r}, {col!r}")
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            return None
        return self._index_of.get(int(row) * self.cols + int(col))

    def position(self, i: int) -> tuple[int, int]:
        """The sheet position (row, col), 0-based, of cell index ``i``."""
        return divmod(self.cells[self.checked_index(i)], self.cols)

    def checked_index(self, i: object) -> int:
        """``i`` as a cell index: TypeError for no whole number, IndexError off the sheet."""
        if not is_whole(i):
            raise TypeError(f"a cell index is a whole number, not {i!r}")
        if not 0 <= int(i) < self.ncells:  # type: ignore[call-overload]
            raise IndexError(f"no cell {i} on this sheet: cells are 0 to {self.ncells - 1}")
        return int(i)  # type: ignore[call-overload]

    def cell_name(self, i: int) -> str:
        """The cell's sheet coordinates in words, 1-based: ``"r7c13"``."""
        r, c = self.position(i)
        return f"r{r + 1}c{c + 1}"

    def grid_cells(self, k: int) -> tuple[int, ...]:
        """The N*N cell indices of grid ``k`` (0-based), in the grid's reading order."""
        return self._grid_cells[self._checked_grid(k)]

    @cached_property
    def _grid_cells(self) -> tuple[tuple[int, ...], ...]:
        n, cols, at = self.size, self.cols, self._index_of
        return tuple(tuple(at[(r0 + r) * cols + c0 + c] for r in range(n) for c in range(n))
                     for r0, c0 in self.grids)

    def _checked_grid(self, k: object) -> int:
        if not is_whole(k):
            raise TypeError(f"a grid number is a whole number, not {k!r}")
        if not 0 <= int(k) < len(self.grids):  # type: ignore[call-overload]
            raise IndexError(f"no grid {k} on this sheet: grids are 0 to {len(self.grids) - 1}")
        return int(k)  # type: ignore[call-overload]

    def grids_of(self, i: int) -> tuple[int, ...]:
        """The grids (0-based) that cell index ``i`` belongs to."""
        return self._grids_of[self.checked_index(i)]

    @cached_property
    def _grids_of(self) -> tuple[tuple[int, ...], ...]:
        out: list[list[int]] = [[] for _ in range(self.ncells)]
        for k, cells in enumerate(self._grid_cells):
            for i in cells:
                out[i].append(k)
        return tuple(map(tuple, out))

    # -- the rules ------------------------------------------------------------------
    @cached_property
    def named_houses(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Each house with its name in words: (``"row 3 of grid 2"``, cells)."""
        shape = self.shape
        seen: set[frozenset[int]] = set()
        out = []
        for k, cells in enumerate(self._grid_cells):
            for kind, units in (("row", shape.rows), ("column", shape.cols),
                                ("box", shape.boxes)):
                for u, unit in enumerate(units):
                    house = tuple(sorted(cells[c] for c in unit))
                    if frozenset(house) not in seen:  # shared by an earlier grid: once
                        seen.add(frozenset(house))
                        out.append((f"{kind} {u + 1} of grid {k + 1}", house))
        return tuple(out)

    @cached_property
    def houses(self) -> tuple[tuple[int, ...], ...]:
        """Every set of cells whose digits all differ: each grid's rows, columns and boxes,
        grid by grid; a house two grids share (a box, or a row of grids side by side) is
        listed once, where it first appears."""
        return tuple(h for _, h in self.named_houses)

    @cached_property
    def house_names(self) -> tuple[str, ...]:
        """The words for each of :attr:`houses`: ``"row 3 of grid 2"``, ``"box 4 of grid 3"``."""
        return tuple(name for name, _ in self.named_houses)

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """Per cell index: the other cells that share a house with it, sorted."""
        out: list[set[int]] = [set() for _ in range(self.ncells)]
        for house in self.houses:
            for i in house:
                out[i].update(house)
        for i, same in enumerate(out):
            same.discard(i)
        return tuple(tuple(sorted(s)) for s in out)

    def broken(self, digits: Sequence[int]) -> str | None:
        """The first rule a complete assignment (one digit 1..N per cell index) breaks, in
        words; None when it keeps them all."""
        n = self.size
        if len(digits) != self.ncells or not (
                (all(type(d) is int for d in digits) and self._digits.issuperset(digits))
                or all(is_whole(d) and 1 <= d <= n for d in digits)):
            return f"a complete {self.describe()} sheet holds {self.ncells} digits of 1-{n}"
        if all(len(set(get(digits))) == n for get in self._house_getters):
            return None
        for name, house in self.named_houses:  # (which house, only when one breaks)
            seen: dict[int, int] = {}
            for i in house:
                if digits[i] in seen:
                    return (f"{self.cell_name(seen[digits[i]])} and {self.cell_name(i)} both "
                            f"hold {digits[i]} in {name}")
                seen[digits[i]] = i
        return None

    @cached_property
    def _house_getters(self) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
        return tuple(itemgetter(*house) for house in self.houses)

    @cached_property
    def _digits(self) -> frozenset[int]:
        return frozenset(range(1, self.size + 1))

    def keeps(self, digits: Sequence[int]) -> bool:
        """True when a complete assignment keeps every rule (see :meth:`broken`)."""
        return self.broken(digits) is None

    def said(self, conflict: Conflict) -> str:
        """A :class:`~sudokit.grid.Conflict` of this sheet in words."""
        names = ", ".join(self.cell_name(i) for i in conflict.cells)
        times = "twice" if len(conflict.cells) == 2 else f"{len(conflict.cells)} times"
        return f"digit {conflict.digit} appears {times} in {conflict.unit} ({names})"

    # -- a value --------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sheet):
            return NotImplemented
        return self.size == other.size and self.grids == other.grids

    def __hash__(self) -> int:
        return hash((Sheet, self.size, self.grids))

    def __reduce__(self) -> tuple[object, ...]:
        return (Sheet, (self.size, self.grids))

    def __repr__(self) -> str:
        return f"Sheet({self.size}, grids={self.grids!r})"


def _preset(key: str) -> Sheet:
    """The preset's sheet, made once."""
    found = _PRESET_SHEETS.get(key)
    if found is None:
        found = _PRESET_SHEETS[key] = Sheet(9, PRESETS[key])
    return found


_PRESET_SHEETS: dict[str, Sheet] = {}


def _checked_grids(grids: object, shape: Shape) -> tuple[tuple[int, int], ...]:
    """The grids' corners as a tuple of (row, col), checked (see :class:`Sheet`)."""
    if isinstance(grids, str | bytes) or not hasattr(grids, "__iter__"):
        raise TypeError(f"Sheet: grids must be (row, col) pairs, not {type(grids).__name__}")
    out: list[tuple[int, int]] = []
    for corner in grids:
        if not (isinstance(corner, tuple | list) and len(corner) == 2
                and all(is_whole(x) for x in corner)):
            raise TypeError(f"Sheet: each grid is a (row, col) pair of whole numbers, not "
                            f"{corner!r}")
        r, c = int(corner[0]), int(corner[1])
        if r < 0 or c < 0:
            raise RulesError(f"Sheet: grid {len(out) + 1} starts at ({r}, {c}); rows and "
                             f"columns start at 0")
        if (r, c) in out:
            raise RulesError(f"Sheet: grids {out.index((r, c)) + 1} and {len(out) + 1} are "
                             f"the same, at ({r}, {c})")
        out.append((r, c))
    if len(out) < 2:
        raise RulesError(f"Sheet: {len(out)} grid{'' if len(out) == 1 else 's'}; overlapping "
                         f"grids need two or more")
    if min(r for r, _ in out) or min(c for _, c in out):
        raise RulesError("Sheet: the top grid starts on row 0 and the leftmost on column 0 "
                         "(the sheet has no empty border)")
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    joined = {0}
    for a, (ra, ca) in enumerate(out):
        for b, (rb, cb) in enumerate(out[a + 1:], a + 1):
            if abs(ra - rb) >= n or abs(ca - cb) >= n:
                continue
            if (ra - rb) % br or (ca - cb) % bc:
                raise RulesError(f"Sheet: grids {a + 1} and {b + 1} overlap in part of a box; "
                                 f"grids share whole {br}x{bc} boxes")
    while True:  # the grids reached from grid 1 through overlaps
        more = {b for b, (rb, cb) in enumerate(out) for a in joined
                if abs(out[a][0] - rb) < n and abs(out[a][1] - cb) < n} - joined
        if not more:
            break
        joined |= more
    apart = [k for k in range(len(out)) if k not in joined]
    if apart:
        raise RulesError(f"Sheet: grid {apart[0] + 1} at {out[apart[0]]} does not join grid "
                         f"1 through overlapping grids; the sheet must be one piece")
    return tuple(out)
