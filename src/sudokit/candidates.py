"""A board of candidate sets (pencilmarks): each cell holds the digits still possible there.

The board of the 810-byte candidate format: a cell's candidates, ruling a digit out
of a cell, counting solved cells, and its one tactic, ``propagate``. The human-style
techniques of :mod:`sudokit.logic` work on the same boards (``pencilmarks`` is where they
start from a puzzle).

>>> from sudokit import Grid
>>> puzzle = Grid(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
>>> board = Candidates.from_grid(puzzle)
>>> board.count_solved(), board.num_candidates(2)
(30, 9)
>>> sorted(Candidates.pencilmarks(puzzle).candidates(2))
[1, 2, 4]
>>> done = board.propagate()
>>> done.count_solved(), done.is_solved()
(81, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import CellCountError, SymbolError
from .grid import SYMBOLS, Grid
from .shape import MAX_SIZE, Shape, is_whole


class Candidates:
    """An immutable board of candidate masks (digit d at bit d-1), one per cell.

    A cell is *solved* when one candidate is left; a cell with none is a contradiction.
    """

    __slots__ = ("_masks", "_shape")

    def __init__(self, masks: Sequence[int], shape: Shape | None = None) -> None:
        values = _whole_masks(masks)
        if shape is not None and not isinstance(shape, Shape):
            raise TypeError(f"Candidates: shape must be a Shape or None, not "
                            f"{type(shape).__name__}")
        shape = shape or Shape.from_cell_count(len(values))
        if len(values) != shape.ncells:
            raise CellCountError(f"expected {shape.ncells} cells, got {len(values)}")
        for i, m in enumerate(values):
            if m < 0 or m > shape.full_mask:
                raise SymbolError(f"candidate mask {m} out of range at {shape.cell_name(i)}")
        self._masks = values
        self._shape = shape

    @classmethod
    def from_grid(cls, grid: Grid) -> Candidates:
        """Givens become single candidates, blanks hold every digit (nothing ruled out yet)."""
        _check_grid(grid, "Candidates.from_grid")
        full = grid.shape.full_mask
        return cls([1 << (v - 1) if v else full for v in grid.cells], grid.shape)

    @classmethod
    def pencilmarks(cls, grid: Grid) -> Candidates:
        """The candidates a solver first writes down: givens as single candidates, and in
        each blank the digits that no given among its peers holds (one pass, no chaining)."""
        _check_grid(grid, "Candidates.pencilmarks")
        shape = grid.shape
        cells = grid.cells
        full = shape.full_mask
        masks = []
        for cell, v in enumerate(cells):
            if v:
                masks.append(1 << (v - 1))
                continue
            m = full
            for p in shape.peers[cell]:
                if cells[p]:
                    m &= ~(1 << (cells[p] - 1))
            masks.append(m)
        return cls.unchecked(tuple(masks), shape)

    @classmethod
    def from_sets(cls, sets: Iterable[Iterable[int]], shape: Shape | None = None) -> Candidates:
        """A board from each cell's set of candidate digits, in reading order."""
        if isinstance(sets, str | bytes) or not hasattr(sets, "__iter__"):
            raise TypeError(f"Candidates.from_sets: sets must be one set of digits per cell, "
                            f"not {type(sets).__name__}")
        return cls([_mask_of(s) for s in sets], shape)

    @property
    def masks(self) -> tuple[int, ...]:
        """One candidate mask per cell (digit d at bit d-1)."""
        return self._masks

    @property
    def shape(self) -> Shape:
        """The board's geometry."""
        return self._shape

    @property
    def n(self) -> int:
        """The side of the board (9 for a 9x9)."""
        return self._shape.n

    def candidates(self, cell: int | str | tuple[int, int]) -> frozenset[int]:
        """The digits still possible in ``cell`` (a number, a (row, col) pair or a name
        such as ``"r1c2"``)."""
        m = self._masks[self._shape.cell(cell)]
        return frozenset(d + 1 for d in range(self.n) if m >> d & 1)

    def num_candidates(self, cell: int | str | tuple[int, int]) -> int:
        """How many digits are still possible in ``cell`` (0 to N)."""
        return self._masks[self._shape.cell(cell)].bit_count()

    def is_cell_solved(self, cell: int | str | tuple[int, int]) -> bool:
        """Is exactly one candidate left in ``cell``?"""
        return self._masks[self._shape.cell(cell)].bit_count() == 1

    def count_solved(self) -> int:
        """How many cells have exactly one candidate left."""
        return sum(1 for m in self._masks if m.bit_count() == 1)

    def rule_out(self, cell: int | str | tuple[int, int], digit: int) -> Candidates:
        """A copy with ``digit`` removed from ``cell`` (the same board if it was already out)."""
        cell = self._shape.cell(cell)
        if not is_whole(digit):
            raise TypeError(f"rule_out: digit must be a whole number, not {digit!r}")
        if not 1 <= digit <= self.n:
            raise SymbolError(f"rule_out: digit must be from 1 to {self.n}, not {digit}")
        m = self._masks[cell]
        bit = 1 << (digit - 1)
        if not m & bit:
            return self
        masks = list(self._masks)
        masks[cell] = m & ~bit
        return Candidates.unchecked(tuple(masks), self._shape)

    def propagate(self) -> Candidates:
        """Constraint propagation: rule each solved cell's digit out of its row, column and box,
        until nothing changes. The result may still have unsolved cells."""
        masks = list(self._masks)
        peers = self._shape.peers
        queue = [i for i, m in enumerate(masks) if m.bit_count() == 1]
        while queue:
            cell = queue.pop()
            bit = masks[cell]
            for p in peers[cell]:
                m = masks[p]
                if m & bit and m != bit:
                    m &= ~bit
                    masks[p] = m
                    if m.bit_count() == 1:
                        queue.append(p)
        return Candidates.unchecked(tuple(masks), self._shape)

    def has_contradiction(self) -> bool:
        """Has a cell lost every candidate, or do two solved cells that see each other hold
        the same digit? (Then the board has no solution.)"""
        masks = self._masks
        peers = self._shape.peers
        for cell, m in enumerate(masks):
            if not m:
                return True
            if not m & (m - 1) and any(masks[p] == m for p in peers[cell]):
                return True
        return False

    def is_solved(self) -> bool:
        """Is every cell down to one candidate, with no digit twice in a unit?"""
        return all(m.bit_count() == 1 for m in self._masks) and self.to_grid().is_valid()

    def to_grid(self) -> Grid:
        """Solved cells as digits, every other cell blank."""
        return Grid.unchecked(
            tuple(m.bit_length() if m.bit_count() == 1 else 0 for m in self._masks), self._shape
        )

    @classmethod
    def unchecked(cls, masks: tuple[int, ...], shape: Shape) -> Candidates:
        """A board from masks the caller vouches for: ``shape.ncells`` ints in a tuple, each
        a subset of the shape's digits, as an engine or a reader that has already checked
        them holds. Nothing is checked here: it is the fast constructor for hot paths."""
        made = cls.__new__(cls)
        made._masks = masks
        made._shape = shape
        return made

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Candidates):
            return NotImplemented
        return self._masks == other._masks and self._shape == other._shape

    def __hash__(self) -> int:
        return hash((self._masks, self._shape))

    def _repr_svg_(self) -> str | None:
        """The board as an SVG picture (how Jupyter shows it): see :mod:`sudokit.pictures.svg`.
        None past 35x35, which pictures do not show (Jupyter then shows the text)."""
        if self.n > len(SYMBOLS):
            return None
        from .pictures.svg import board  # a presentation hook, imported when called

        return board(self)

    def __repr__(self) -> str:
        s = self._shape
        box = "" if s.is_natural() else f", Shape({s.box_rows}, {s.box_cols})"
        return f"Candidates({list(self._masks)!r}{box})"


def _whole_masks(masks: object) -> tuple[int, ...]:
    """``masks`` as a tuple of ints, or TypeError when they are not whole numbers (a mask
    of 1.5 is no set of digits: truncating it would change the board)."""
    if isinstance(masks, str | bytes) or not hasattr(masks, "__iter__"):
        raise TypeError(f"Candidates: masks must be N*N whole numbers (digit d at bit d-1), "
                        f"not {type(masks).__name__}")
    values = tuple(masks)
    if set(map(type, values)) <= {int}:  # (one pass in C: most callers hand Python ints)
        return values
    for m in values:
        if not is_whole(m):
            raise TypeError(f"Candidates: masks must be whole numbers (digit d at bit d-1), "
                            f"not {type(m).__name__} {m!r}")
    return tuple(int(m) for m in values)


def _check_grid(grid: object, function: str) -> None:
    if not isinstance(grid, Grid):
        raise TypeError(f"{function}: grid must be a Grid, not {type(grid).__name__}")


def _mask_of(digits: Iterable[int]) -> int:
    """The mask of a cell's set of candidate digits (each a whole number from 1)."""
    if not hasattr(digits, "__iter__"):
        raise TypeError(f"Candidates.from_sets: a cell's candidates are a set of digits, "
                        f"not {type(digits).__name__}")
    try:
        unique = set(digits)
    except TypeError:  # a list or an array among the digits
        raise TypeError(f"Candidates.from_sets: a cell's candidates are digits, not "
                        f"{digits!r}") from None
    mask = 0
    for d in unique:
        if not is_whole(d):
            raise TypeError(f"Candidates.from_sets: {d!r} is not a digit")
        if not 1 <= d <= MAX_SIZE:
            raise SymbolError(f"Candidates.from_sets: {d} is not a digit (digits are 1..N)")
        mask |= 1 << (int(d) - 1)
    return mask
