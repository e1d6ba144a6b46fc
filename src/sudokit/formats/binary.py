"""The ``binary`` format: one grid per file, N*N little-endian 32-bit integers, nothing else.

This is the ``grid.bin`` a C program reads with ``read(fd, grid, 81 * sizeof(int))``:
324 bytes for a 9x9, ``0`` for a blank. N comes from the size of the file (4*N*N bytes),
or from ``box``.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Iterator
from math import isqrt

from ..errors import CellCountError, ParseError, SymbolError
from ..grid import Grid
from ..shape import MAX_SIZE
from . import _writer
from ._input import Input
from ._reading import ReadOptions
from ._records import Item, Record, Style
from ._spec import Format, no_separator
from ._symbols import a_size, as_grid, box_shape, shape_for

NAME = "binary"
ONE_PER_INPUT = True
DEFAULT = Style(NAME, blank="0", eol="")

#: The largest binary grid: 64x64 cells of 4 bytes.
MAX_BYTES = 4 * MAX_SIZE * MAX_SIZE


def encode(item: Item, style: Style = DEFAULT) -> bytes:
    """One grid as N*N little-endian int32."""
    cells = as_grid(item).cells
    return struct.pack(f"<{len(cells)}i", *cells)


def encode_message(text: str, style: Style) -> bytes:
    """A message in place of a grid: a line of text."""
    return (text + "\n").encode()


def dumps(items: Item | Iterable[Item]) -> bytes:
    """The bytes of one grid (a binary file holds exactly one: a ValueError otherwise)."""
    return _writer.dump_items(FORMAT, items, DEFAULT)


def loads(data: bytes, box: tuple[int, int] | None = None) -> list[Grid]:
    """The grid of a binary file's bytes, in a list; raises a SudokuError if they are not one."""
    return FORMAT.loads(data, box)  # type: ignore[return-value]


def read_records(inp: Input, options: ReadOptions) -> Iterator[Record]:
    """The record of the one grid of ``inp``."""
    data = inp.read(MAX_BYTES + 1)
    if not data:
        raise inp.fail(ParseError("empty input: a binary grid is 4*N*N bytes (324 for 9x9)"))
    if len(data) > MAX_BYTES:
        raise inp.fail(
            ParseError(
                f"too large for a binary grid: more than {MAX_BYTES} bytes (a binary grid is "
                "4*N*N bytes, 324 for 9x9)"
            )
        )
    return iter([_record(inp, data, options.box)])


def _record(inp: Input, data: bytes, box: tuple[int, int] | None) -> Record:
    fixed = box_shape(box)
    count = len(data) // 4
    n = isqrt(count)
    shape = fixed if fixed is not None else shape_for(n, None)
    if len(data) % 4 or (fixed is None and n * n != count) or shape is None or (
        shape.ncells != count
    ):
        if fixed is not None:
            message = (
                f"expected {4 * fixed.ncells} bytes for {a_size(fixed.n)} binary grid "
                f"(4*N*N), got {len(data)}"
            )
        else:
            message = f"expected 4*N*N bytes (324 for a 9x9 grid), got {len(data)}"
        return Record(None, 1, inp.fail(CellCountError(message)), DEFAULT)
    values = struct.unpack(f"<{count}i", data)
    for i, v in enumerate(values):
        if not 0 <= v <= shape.n:
            cell = shape.cell_name(i)
            error = SymbolError(
                f"value {v} at {cell} is out of range for {a_size(shape.n)} sudoku "
                f"(0 to {shape.n})",
                cell=cell,
            )
            return Record(None, 1, inp.fail(error), DEFAULT)
    return Record(Grid.unchecked(values, shape), 1, None, DEFAULT)


FORMAT = Format(
    name=NAME,
    default=DEFAULT,
    encode=encode,
    read_records=read_records,
    one_per_input=True,
    separator=no_separator,
    encode_message=encode_message,
    binary=True,
)
