"""Canonical forms of 9x9 puzzles and grids, and the test of two being the same up to the
symmetries of sudoku.

The canonical form is the *minlex* form of the research community: of all the strings of
81 digits (0 for a blank, rows from the top) that the 3,359,232 symmetries give, each
followed by relabelling the digits in order of first appearance (the first digit met
becomes 1, the next new one 2, ...), the smallest. Two puzzles are the same up to symmetry
(isomorphs) exactly when their forms are equal. The compiled search is in ``_minlex``.

>>> p = Grid("..9......" "........1" + "." * 63)
>>> canonical(p).to_line("0")[-18:]
'000000001000002000'
>>> form, how = canonical_with_transform(p)
>>> how.apply(p) == form
True
>>> same(p, Transform.rotate().apply(p)) is not None
True
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

from .. import engine
from ..errors import ConflictError, ShapeError
from ..executors import thread_executor
from ..grid import Grid
from ..rules import refusal
from ..shape import Shape
from .small import LARGEST, smallest_form
from .transform import Transform

#: The only shape with a canonical form here.
SHAPE = Shape(3, 3)

#: Bytes per transform in the arrays of ``forms_of``.
TRANSFORM_BYTES = 28

#: The first byte of a transform in ``forms_of``'s array for a puzzle whose givens clash.
CLASHED = 255

_DIGIT_BYTES = bytes(range(10))

_local = threading.local()


def _minlex() -> Any:
    """This thread's compiled (or, with the pure switch, uncompiled) minlex search."""
    module = engine.load("symmetry._minlex")
    found = _local.__dict__.get(module.__name__)
    if found is None:
        found = _local.__dict__[module.__name__] = module.Minlex()
    return found


def forms_of(cells: bytes, count: int) -> tuple[bytearray, bytearray]:
    """The canonical forms of ``count`` 9x9 puzzles given as 81 bytes each (0 for a blank),
    as 81 bytes each, and their transforms as ``TRANSFORM_BYTES`` each (see
    ``transform_at``). A puzzle whose givens clash has no form: its form is all zeros and
    its transform starts with ``CLASHED``. The search lets go of the GIL."""
    if not isinstance(cells, (bytes, bytearray, memoryview)):
        raise TypeError(f"forms_of: cells must be bytes, not {type(cells).__name__}")
    if type(count) is not int or count < 0 or len(cells) != 81 * count:
        raise ValueError(f"forms_of: cells must hold 81 bytes for each of count={count!r} "
                         f"puzzles, not {len(cells)}")
    if bytes(cells).translate(None, _DIGIT_BYTES):
        raise ValueError("forms_of: cells must be digits 0 to 9")
    forms = bytearray(81 * count)
    transforms = bytearray(TRANSFORM_BYTES * count)
    _minlex().canon_rows(bytes(cells), count, forms, transforms)
    return forms, transforms


def forms_of_parts(parts: list[bytes], jobs: int = 1) -> Iterator[tuple[bytearray, bytearray]]:
    """``forms_of`` each part (81 bytes a puzzle), in order, on up to ``jobs`` threads."""
    if len(parts) <= 1 or jobs <= 1:
        yield from (forms_of(part, len(part) // 81) for part in parts)
        return
    with thread_executor(min(jobs, len(parts))) as executor:
        yield from executor.map(_forms_of_part, parts)


def _forms_of_part(part: bytes) -> tuple[bytearray, bytearray]:
    return forms_of(part, len(part) // 81)


def transform_at(transforms: bytes | bytearray, i: int) -> Transform | None:
    """The transform of puzzle ``i`` in an array of ``forms_of``, or None when its givens
    clash."""
    raw = transforms[TRANSFORM_BYTES * i:TRANSFORM_BYTES * (i + 1)]
    if raw[0] == CLASHED:
        return None
    return Transform(bool(raw[0]), raw[1:10], raw[10:19], raw[19:28])


def checked(grid: object, function: str, small: bool = False) -> Grid:
    """``grid`` when it is a 9x9 Grid with 3x3 boxes (or, with ``small``, of any size up to
    ``LARGEST``) whose givens do not clash."""
    if not isinstance(grid, Grid):
        raise TypeError(f"{function}: grid must be a Grid, not {type(grid).__name__}")
    if grid.shape != SHAPE and not (small and grid.n <= LARGEST):
        also = f", and of puzzles up to {LARGEST}x{LARGEST}" if small else ""
        raise ShapeError(f"{function}: canonical forms are of 9x9 puzzles with 3x3 boxes"
                         f"{also}; got a {grid.n}x{grid.n} puzzle")
    refused = refusal(grid.rules, f"{function}: canonical forms of")
    if refused is not None:  # their symmetries are not sudoku's (a diagonal's are fewer)
        raise refused
    conflicts = grid.conflicts()
    if conflicts:
        raise ConflictError(f"{function}: the givens clash ({conflicts[0].said(grid.shape)}): "
                            "such a puzzle has no canonical form")
    return grid


def canonical_with_transform(grid: Grid) -> tuple[Grid, Transform]:
    """The canonical form of a 9x9 puzzle or grid, and a transform that maps it there."""
    checked(grid, "canonical_with_transform")
    forms, transforms = forms_of(bytes(grid.cells), 1)
    return Grid.unchecked(tuple(forms), SHAPE), _found(transform_at(transforms, 0))


def canonical(grid: Grid) -> Grid:
    """The canonical (minlex) form of a 9x9 puzzle or grid (or of one up to 6x6, found by
    trying every symmetry)."""
    checked(grid, "canonical", small=True)
    if grid.shape != SHAPE:
        return Grid.unchecked(smallest_form(grid.cells, grid.shape), grid.shape)
    forms, _ = forms_of(bytes(grid.cells), 1)
    return Grid.unchecked(tuple(forms), SHAPE)


def same(a: Grid, b: Grid) -> Transform | None:
    """A transform that maps ``a`` to ``b`` when they are the same puzzle up to the
    symmetries of sudoku, else None."""
    checked(a, "same")
    checked(b, "same")
    forms, transforms = forms_of(bytes(a.cells) + bytes(b.cells), 2)
    if forms[:81] != forms[81:]:
        return None
    to_a, to_b = _found(transform_at(transforms, 0)), _found(transform_at(transforms, 1))
    return to_b.inverse() @ to_a


def _found(how: Transform | None) -> Transform:
    """The transform of a puzzle whose givens were checked (so one was found)."""
    if how is None:  # pragma: no cover - checked() refuses such a puzzle first
        raise ConflictError("the givens clash: such a puzzle has no canonical form")
    return how
