"""A symmetry of 9x9 sudoku as a value: ``Transform``, and the named ones (rotate, mirror,
flip, transpose, band and stack swaps, relabelling, a random one).

A transform maps a grid ``g`` to ``out`` by, in order: transposing ``g`` when
``transpose`` is set, taking output row ``r`` from input row ``rows[r]`` and output column
``c`` from input column ``cols[c]``, then writing digit ``d`` as ``digits[d - 1]``. The row
and column orders keep bands and stacks whole (rows of one band stay together), so a
puzzle and its transform have the same solutions, transformed, and the same difficulty.

>>> t = Transform.rotate()
>>> t.cell_map()[:3]
(72, 63, 54)
>>> (t @ t @ t @ t) == Transform()
True
>>> Transform.parse(str(t)) == t
True
"""

from __future__ import annotations

import random as _random
from collections.abc import Iterable, Sequence

from ..errors import SudokuError
from ..grid import Grid
from ..rules import refusal

#: The identity order of nine rows, columns or digits (digits: 1..9).
_NINE = tuple(range(9))
_DIGITS = tuple(range(1, 10))


class Transform:
    """One of the 3,359,232 x 9! symmetries of 9x9 sudoku (see the module's text).

    ``rows`` and ``cols`` are 0-based input lines in output order; ``digits[d - 1]`` is
    what digit ``d`` becomes. ``a @ b`` applies ``b``, then ``a``; ``then`` reads the
    other way. ``str`` gives a one-word form (1-based): ``t`` when transposed, then
    ``r`` and the nine rows, ``c`` and the nine columns, ``d`` and the nine digits.
    """

    __slots__ = ("transpose", "rows", "cols", "digits")
    transpose: bool
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    digits: tuple[int, ...]

    def __init__(self, transpose: bool = False, rows: Iterable[int] = _NINE,
                 cols: Iterable[int] = _NINE, digits: Iterable[int] = _DIGITS) -> None:
        if not isinstance(transpose, bool):
            raise TypeError(f"Transform: transpose must be True or False, not {transpose!r}")
        object.__setattr__(self, "transpose", transpose)
        object.__setattr__(self, "rows", _lines(rows, "rows"))
        object.__setattr__(self, "cols", _lines(cols, "cols"))
        object.__setattr__(self, "digits", _digits(digits))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Transform is immutable")

    # -- using one --------------------------------------------------------------------
    def cell_map(self) -> tuple[int, ...]:
        """For each output cell, the input cell it takes its digit from."""
        rows, cols = self.rows, self.cols
        if self.transpose:
            return tuple(9 * cols[c] + rows[r] for r in range(9) for c in range(9))
        return tuple(9 * rows[r] + cols[c] for r in range(9) for c in range(9))

    def apply_cells(self, cells: Sequence[int]) -> tuple[int, ...]:
        """The 81 cells (0 for a blank) of ``cells`` transformed."""
        if len(cells) != 81:
            raise SudokuError(f"Transform.apply_cells: cells must hold 81 values (9x9), "
                              f"not {len(cells)}")
        relabel = (0, *self.digits)
        return tuple(relabel[cells[i]] for i in self.cell_map())

    def apply(self, grid: Grid) -> Grid:
        """``grid`` (9x9) transformed."""
        if not isinstance(grid, Grid):
            raise TypeError(f"Transform.apply: grid must be a Grid, not {type(grid).__name__}")
        if grid.n != 9 or grid.box != (3, 3):
            raise SudokuError(f"Transform.apply: transforms are of 9x9 puzzles with 3x3 "
                              f"boxes; got a {grid.n}x{grid.n} puzzle")
        refused = refusal(grid.rules, "Transform.apply: transforming")
        if refused is not None:  # a variant's rules would not move with the cells
            raise refused
        return Grid.unchecked(self.apply_cells(grid.cells), grid.shape)

    def __matmul__(self, other: Transform) -> Transform:
        """``other``, then this one."""
        if not isinstance(other, Transform):
            return NotImplemented
        mine, theirs = self.cell_map(), other.cell_map()
        return _from_map(tuple(theirs[mine[i]] for i in range(81)),
                         tuple(self.digits[d - 1] for d in other.digits))

    def then(self, other: Transform) -> Transform:
        """This one, then ``other``."""
        if not isinstance(other, Transform):
            raise TypeError(f"Transform.then: other must be a Transform, not "
                            f"{type(other).__name__}")
        return other @ self

    def inverse(self) -> Transform:
        """The transform that undoes this one."""
        cells = self.cell_map()
        back = [0] * 81
        for i, source in enumerate(cells):
            back[source] = i
        digits = [0] * 9
        for d, new in enumerate(self.digits, 1):
            digits[new - 1] = d
        return _from_map(tuple(back), tuple(digits))

    # -- the named ones ---------------------------------------------------------------
    @classmethod
    def rotate(cls, quarters: int = 1) -> Transform:
        """A quarter turn clockwise, ``quarters`` times."""
        one = cls(True, _NINE, tuple(reversed(_NINE)))
        out = cls()
        for _ in range(quarters % 4):
            out = one @ out
        return out

    @classmethod
    def mirror(cls) -> Transform:
        """Left and right swapped."""
        return cls(cols=tuple(reversed(_NINE)))

    @classmethod
    def flip(cls) -> Transform:
        """Top and bottom swapped."""
        return cls(rows=tuple(reversed(_NINE)))

    @classmethod
    def transposed(cls) -> Transform:
        """Rows read as columns (the main diagonal stays)."""
        return cls(True)

    @classmethod
    def swap_bands(cls, a: int, b: int) -> Transform:
        """Bands ``a`` and ``b`` (1 to 3, from the top) swapped."""
        return cls(rows=_swapped(a, b, "swap_bands"))

    @classmethod
    def swap_stacks(cls, a: int, b: int) -> Transform:
        """Stacks ``a`` and ``b`` (1 to 3, from the left) swapped."""
        return cls(cols=_swapped(a, b, "swap_stacks"))

    @classmethod
    def relabel(cls, digits: Iterable[int]) -> Transform:
        """Digit ``d`` written as ``digits[d - 1]``."""
        return cls(digits=digits)

    @classmethod
    def random(cls, rng: _random.Random) -> Transform:
        """A transform drawn uniformly by ``rng`` (a ``random.Random``)."""
        if not isinstance(rng, _random.Random):
            raise TypeError(f"Transform.random: rng must be a random.Random, not "
                            f"{type(rng).__name__}")
        return cls(rng.random() < 0.5, _random_lines(rng), _random_lines(rng),
                   rng.sample(_DIGITS, 9))

    # -- as text and value ------------------------------------------------------------
    def __str__(self) -> str:
        return ("t" if self.transpose else "") + "r" + "".join(str(r + 1) for r in self.rows) \
            + "c" + "".join(str(c + 1) for c in self.cols) + "d" \
            + "".join(map(str, self.digits))

    @classmethod
    def parse(cls, text: str) -> Transform:
        """The transform written as ``str`` writes one (``r123456789c123456789d123456789``
        is the identity; a leading ``t`` transposes first)."""
        if not isinstance(text, str):
            raise TypeError(f"Transform.parse: text must be a str, not {type(text).__name__}")
        body = text.strip()
        transpose = body.startswith("t")
        body = body[transpose:]
        if (len(body) != 30 or body[0] != "r" or body[10] != "c" or body[20] != "d"
                or not body[1:10].isdigit() or not body[11:20].isdigit()
                or not body[21:].isdigit()):
            raise SudokuError(f"not a transform: {text!r} (expected r + 9 rows, c + 9 "
                              "columns, d + 9 digits, such as r123456789c123456789d123456789,"
                              " with a leading t to transpose)")
        return cls(transpose, (int(x) - 1 for x in body[1:10]),
                   (int(x) - 1 for x in body[11:20]), (int(x) for x in body[21:]))

    def __repr__(self) -> str:
        parts = []
        if self.transpose:
            parts.append("transpose=True")
        for name, value, plain in (("rows", self.rows, _NINE), ("cols", self.cols, _NINE),
                                   ("digits", self.digits, _DIGITS)):
            if value != plain:
                parts.append(f"{name}={value!r}")
        return f"Transform({', '.join(parts)})"

    def _key(self) -> tuple[bool, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        return (self.transpose, self.rows, self.cols, self.digits)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Transform):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[type[Transform], tuple[object, ...]]:
        return (Transform, self._key())


def _from_map(cells: tuple[int, ...], digits: tuple[int, ...]) -> Transform:
    """The transform whose ``cell_map`` is ``cells``."""
    transpose = cells[0] // 9 != cells[1] // 9
    if transpose:
        rows = tuple(cells[9 * r] % 9 for r in range(9))
        cols = tuple(cells[c] // 9 for c in range(9))
    else:
        rows = tuple(cells[9 * r] // 9 for r in range(9))
        cols = tuple(cells[c] % 9 for c in range(9))
    return Transform(transpose, rows, cols, digits)


def _lines(values: Iterable[int], name: str) -> tuple[int, ...]:
    """``values`` as an order of nine rows (or columns) that keeps bands (stacks) whole."""
    try:
        out = tuple(values)
    except TypeError:
        raise TypeError(f"Transform: {name} must be nine whole numbers 0 to 8, not "
                        f"{type(values).__name__}") from None
    if sorted(out) != list(_NINE) or any(type(v) is not int for v in out):
        raise SudokuError(f"Transform: {name} must be an order of 0 to 8, each once; got "
                          f"{out!r}")
    if any(out[3 * b + i] // 3 != out[3 * b] // 3 for b in range(3) for i in range(3)):
        raise SudokuError(f"Transform: {name} {out!r} splits a band or stack: each three "
                          "in a row must come from one")
    return out


def _digits(values: Iterable[int]) -> tuple[int, ...]:
    """``values`` as a relabelling of the digits 1 to 9."""
    try:
        out = tuple(values)
    except TypeError:
        raise TypeError(f"Transform: digits must be nine digits 1 to 9, not "
                        f"{type(values).__name__}") from None
    if sorted(out) != list(_DIGITS) or any(type(v) is not int for v in out):
        raise SudokuError(f"Transform: digits must be 1 to 9, each once; got {out!r}")
    return out


def _swapped(a: int, b: int, function: str) -> tuple[int, ...]:
    """The nine lines with blocks ``a`` and ``b`` (1 to 3) swapped."""
    for name, value in (("a", a), ("b", b)):
        if type(value) is not int or not 1 <= value <= 3:
            raise SudokuError(f"Transform.{function}: {name} must be 1, 2 or 3, not {value!r}")
    blocks = [0, 1, 2]
    blocks[a - 1], blocks[b - 1] = blocks[b - 1], blocks[a - 1]
    return tuple(3 * blocks[i // 3] + i % 3 for i in range(9))


def _random_lines(rng: _random.Random) -> tuple[int, ...]:
    """A random order of nine lines that keeps the blocks of three whole."""
    blocks = rng.sample(range(3), 3)
    return tuple(3 * b + i for b in blocks for i in rng.sample(range(3), 3))
