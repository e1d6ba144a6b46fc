"""Sizes and symbols as the formats write them: the shape a count of cells makes, the
one-character symbol of a digit (1-9, then A-Z), and the words messages use for a size."""

from __future__ import annotations

from collections.abc import Iterable
from math import isqrt

from ..candidates import Candidates
from ..errors import ShapeError, SudokuError
from ..grid import SYMBOLS, Grid
from ..shape import MAX_SIZE, Shape
from ..sheets import SheetGrid
from ._records import Item

#: The largest N a format that writes one symbol per digit can express (1-9, then A-Z).
MAX_SYMBOL_SIZE = len(SYMBOLS)

#: Character -> digit for every size (either case); ``.`` and ``0`` are blanks.
SYMBOL_VALUE = (
    {s: i + 1 for i, s in enumerate(SYMBOLS)}
    | {s.lower(): i + 1 for i, s in enumerate(SYMBOLS)}
    | {".": 0, "0": 0}
)


def shape_for(n: int, box: tuple[int, int] | None) -> Shape | None:
    """The shape of an N x N puzzle, or None if sudokit cannot infer one (no natural box,
    or N below 4: a line of 1 or 9 characters is not taken for a tiny puzzle)."""
    if box is not None:
        return Shape.for_size(n, box) if box[0] * box[1] == n else None
    if n < 4 or n > MAX_SIZE:
        return None
    try:
        return Shape.for_size(n)
    except SudokuError:
        return None


def no_shape_reason(n: int) -> str:
    """Why an N x N puzzle has no shape sudokit infers (``shape_for(n, None)`` is None)."""
    if n > MAX_SIZE:
        return f"{a_size(n)} sudoku is larger than the largest size, {MAX_SIZE}x{MAX_SIZE}"
    if n < 4:
        return f"{a_size(n)} grid is smaller than the smallest sudoku, 4x4"
    return (
        "no sudoku of that size has a natural box shape (give the box shape, e.g. --box 2x3)"
    )


def shape_for_count(count: int, box: tuple[int, int] | None) -> Shape | None:
    """The shape of a puzzle of ``count`` cells, or None."""
    n = isqrt(count)
    return shape_for(n, box) if n * n == count else None


def box_shape(box: tuple[int, int] | None) -> Shape | None:
    """The shape a ``box=(R, C)`` argument fixes (None when not given)."""
    return None if box is None else Shape.for_size(box[0] * box[1], box)


def as_grid(item: Item) -> Grid:
    """The digits of an item: a grid itself, or a candidates board's solved cells."""
    return item.to_grid() if isinstance(item, Candidates) else item


def as_items(items: Item | Iterable[Item]) -> list[Item]:
    """One item or many, as a list; anything else is a TypeError that says what is taken.
    (A puzzle of overlapping grids, a SheetGrid, is an item too: the writer refuses it by
    name in the formats that cannot hold one.)"""
    if isinstance(items, Grid | Candidates | SheetGrid):
        return [items]
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise TypeError(
            "expected a Grid, a Candidates board or an iterable of them, not "
            f"{type(items).__name__}"
        )
    out = list(items)
    for item in out:
        if not isinstance(item, Grid | Candidates | SheetGrid):
            raise TypeError(
                f"expected Grid or Candidates items, not {type(item).__name__}"
            )
    return out


def a_size(n: int) -> str:
    """``"a 9x9"``, ``"an 8x8"``: a size with its article, for messages."""
    return f"{'an' if str(n).startswith('8') or n in (11, 18) else 'a'} {n}x{n}"


def symbol(v: int) -> str:
    """The one-character symbol of digit ``v`` (1-9, then A-Z)."""
    return SYMBOLS[v - 1]


def check_symbol_size(n: int, fmt: str) -> None:
    """Formats that write one symbol per digit stop at 35 (1-9 then A-Z)."""
    if n > MAX_SYMBOL_SIZE:
        raise ShapeError(symbol_size_message(n, fmt))


def symbol_size_message(n: int, fmt: str) -> str:
    """Why an N x N grid (N past 35) has no place in a format of one symbol per digit."""
    return (
        f"the {fmt} format writes one symbol per digit (1-9, A-Z), so it stops at "
        f"{MAX_SYMBOL_SIZE}x{MAX_SYMBOL_SIZE}; {a_size(n)} grid needs grid, csv, json or binary"
    )
