"""The geometry of a sudoku of side N = R x C: its cells, units and peers.

Glossary (used everywhere in sudokit):

- *cell*: one square, numbered 0 .. N*N-1 in reading order; named ``r1c1`` .. ``rNcN``.
- *digit*: 1 .. N; 0 means a blank cell.
- *box*: an R x C block; *unit*: a row, a column or a box (3N units in all).
- *peers* of a cell: the other cells that share a unit with it.
- *mask*: a set of digits as bits, digit d at bit d-1.
- *givens*: the digits of the puzzle, which no operation ever changes.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from functools import cached_property
from operator import itemgetter

from .errors import ShapeError

MAX_SIZE = 64


class Shape:
    """A board's geometry: boxes of ``box_rows`` x ``box_cols`` cells, side ``n``.

    A value: equal when the box shapes are equal, hashable, and never changed."""

    box_rows: int
    box_cols: int

    def __init__(self, box_rows: int, box_cols: int) -> None:
        for side in (box_rows, box_cols):
            if not is_whole(side):
                raise TypeError(f"a box's sides are whole numbers, got {side!r}")
        box_rows, box_cols = int(box_rows), int(box_cols)
        if box_rows < 1 or box_cols < 1:
            raise ShapeError(f"box {box_rows}x{box_cols}: sides must be positive")
        if box_rows * box_cols > MAX_SIZE:
            raise ShapeError(
                f"size {box_rows * box_cols} is larger than the largest supported, {MAX_SIZE}"
            )
        object.__setattr__(self, "box_rows", box_rows)
        object.__setattr__(self, "box_cols", box_cols)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Shape cannot be changed (tried to set {name!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Shape):
            return NotImplemented
        return self.box_rows == other.box_rows and self.box_cols == other.box_cols

    def __hash__(self) -> int:
        return hash((self.box_rows, self.box_cols))

    def __repr__(self) -> str:
        return f"Shape(box_rows={self.box_rows}, box_cols={self.box_cols})"

    @property
    def n(self) -> int:
        return self.box_rows * self.box_cols

    @property
    def ncells(self) -> int:
        return self.n * self.n

    @property
    def full_mask(self) -> int:
        return (1 << self.n) - 1

    @classmethod
    def for_size(cls, n: int, box: tuple[int, int] | None = None) -> Shape:
        """The shape of an N x N board: ``box`` when given, else the natural one.

        The natural box has as many rows as the largest divisor of N that is at most
        sqrt(N) (so 6 -> 2x3, 12 -> 3x4); a prime N above 3 has none, and needs ``box``.
        """
        if not is_whole(n):
            raise TypeError(f"a grid's size is a whole number, got {n!r}")
        n = int(n)
        if box is not None:
            if not isinstance(box, tuple | list) or len(box) != 2:
                raise TypeError(f"a box is (rows, columns), got {box!r}")
            shape = cls(*box)
            if shape.n != n:
                raise ShapeError(f"a {box[0]}x{box[1]} box does not tile a {n}x{n} grid: its "
                                 f"sides multiply to {shape.n}, not {n}")
            return shape
        if n < 1 or n > MAX_SIZE:
            raise ShapeError(f"size {n} is not supported (1 to {MAX_SIZE})")
        rows = max(r for r in range(1, int(n**0.5) + 1) if n % r == 0)
        if rows == 1 and n > 3:
            raise ShapeError(f"size {n} has no natural box shape: give one, such as "
                             f"box=(1, {n}) (--box 1x{n} on the command line)")
        return cls(rows, n // rows)

    @classmethod
    def from_cell_count(cls, count: int, box: tuple[int, int] | None = None) -> Shape:
        """The shape of a board of ``count`` cells, or ShapeError if count is not a square."""
        if not is_whole(count):
            raise TypeError(f"a count of cells is a whole number, got {count!r}")
        count = int(count)
        n = math.isqrt(count) if count >= 0 else -1
        if n * n != count:
            raise ShapeError(f"{count} cells do not make a square grid")
        return cls.for_size(n, box)

    def is_natural(self) -> bool:
        try:
            return Shape.for_size(self.n) == self
        except ShapeError:
            return False

    def row_of(self, cell: int) -> int:
        return cell // self.n

    def col_of(self, cell: int) -> int:
        return cell % self.n

    def box_of(self, cell: int) -> int:
        r, c = divmod(cell, self.n)
        boxes_per_row = self.n // self.box_cols
        return (r // self.box_rows) * boxes_per_row + c // self.box_cols

    @cached_property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        n = self.n
        return tuple(tuple(r * n + c for c in range(n)) for r in range(n))

    @cached_property
    def cols(self) -> tuple[tuple[int, ...], ...]:
        n = self.n
        return tuple(tuple(r * n + c for r in range(n)) for c in range(n))

    @cached_property
    def boxes(self) -> tuple[tuple[int, ...], ...]:
        out: list[list[int]] = [[] for _ in range(self.n)]
        for cell in range(self.ncells):
            out[self.box_of(cell)].append(cell)
        return tuple(tuple(b) for b in out)

    @cached_property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Rows, then columns, then boxes."""
        return self.rows + self.cols + self.boxes

    @cached_property
    def unit_getters(self) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
        """For each unit, a function that picks its cells' values out of a sequence."""
        if self.n == 1:  # itemgetter of one index returns a value, not a tuple
            return (lambda seq: (seq[0],),) * 3
        return tuple(itemgetter(*unit) for unit in self.units)

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        out = []
        for cell in range(self.ncells):
            same = set(self.rows[self.row_of(cell)])
            same |= set(self.cols[self.col_of(cell)])
            same |= set(self.boxes[self.box_of(cell)])
            same.discard(cell)
            out.append(tuple(sorted(same)))
        return tuple(out)

    def cell(self, key: object) -> int:
        """The cell number that ``key`` names: a cell number (0-based, in reading order),
        a (row, col) pair (0-based) or an ``r1c1`` name. IndexError for a cell outside
        the board, TypeError for anything else."""
        n = self.n
        if isinstance(key, str):
            return self.parse_cell(key)
        if isinstance(key, tuple) and len(key) == 2 and all(is_whole(k) for k in key):
            r, c = (int(k) for k in key)
            if not (0 <= r < n and 0 <= c < n):
                raise IndexError(f"no cell ({r}, {c}) in a {n}x{n} grid: rows and columns "
                                 f"are 0 to {n - 1}")
            return r * n + c
        if is_whole(key):
            cell = int(key)  # type: ignore[call-overload]
            if not 0 <= cell < self.ncells:
                raise IndexError(f"no cell {cell} in a {n}x{n} grid: cells are 0 to "
                                 f"{self.ncells - 1}")
            return cell
        raise TypeError(f"a cell is a number, a (row, col) pair or a name such as 'r1c1', "
                        f"not {key!r}")

    def cell_name(self, cell: int) -> str:
        """``r1c1`` notation, 1-based: cell 0 is ``r1c1``."""
        n = self.box_rows * self.box_cols
        if type(cell) is not int or not 0 <= cell < n * n:
            cell = self.cell(cell)  # its checks, and its errors, for anything else
        r, c = divmod(cell, n)
        return f"r{r + 1}c{c + 1}"

    def parse_cell(self, name: str) -> int:
        """The inverse of :meth:`cell_name`."""
        if not isinstance(name, str):
            raise TypeError(f"a cell name is a string such as 'r1c1', not {name!r}")
        text = name.strip().lower()
        try:
            r_text, c_text = text[1:].split("c")
            r, c = int(r_text), int(c_text)
        except ValueError:
            raise ShapeError(f"not a cell name: {name!r} (expected e.g. 'r1c1')") from None
        if not (text.startswith("r") and 1 <= r <= self.n and 1 <= c <= self.n):
            raise ShapeError(f"not a cell of a {self.n}x{self.n} grid: {name!r}")
        return (r - 1) * self.n + (c - 1)

    def __str__(self) -> str:
        return f"{self.box_rows}x{self.box_cols}"


def is_whole(value: object) -> bool:
    """Is ``value`` a whole number (a Python or NumPy integer, not a bool)?"""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return False
    try:
        operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True


def parse_box(text: str) -> tuple[int, int]:
    """Parse ``RxC`` (as given to --box) into (R, C)."""
    if not isinstance(text, str):
        raise TypeError(f"a box shape is a string such as '2x3', not {text!r}")
    try:
        r, c = text.lower().split("x")
        return int(r), int(c)
    except ValueError:
        raise ShapeError(f"not a box shape: {text!r} (expected RxC, e.g. 2x3)") from None
