"""Canonical forms of puzzles smaller than 9x9 (4x4, 6x6, ...), by trying every symmetry.

The definition is the 9x9 one (see ``canon``): the smallest string of the cells, blanks as
0, over every order of the rows that keeps bands whole, every such order of the columns,
transposition where the boxes are square, each string relabelled in order of first
appearance. A 6x6 board has 48 x 72 orders, a 4x4 one 2 x 8 x 8: few enough to try them
all, each string cut short as soon as it passes the best so far.

>>> from sudokit import Grid
>>> smallest_form(Grid("...1" + "." * 12).cells, Grid.empty(4).shape)
(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..shape import Shape

#: The largest size whose every symmetry is tried here.
LARGEST = 6


def line_orders(count: int, block: int) -> list[tuple[int, ...]]:
    """Every order of ``count`` lines that keeps their blocks of ``block`` whole."""
    blocks = count // block
    inner = list(itertools.permutations(range(block)))
    return [tuple(block * b + w[i][j] for i, b in enumerate(outer) for j in range(block))
            for outer in itertools.permutations(range(blocks))
            for w in itertools.product(inner, repeat=blocks)]


def smallest_form(cells: Sequence[int], shape: Shape) -> tuple[int, ...]:
    """The canonical form of the cells of a puzzle of ``shape`` (at most ``LARGEST``)."""
    n = shape.n
    if n > LARGEST:
        raise ValueError(f"smallest_form: every symmetry is tried up to {LARGEST}x{LARGEST}, "
                         f"not {n}x{n}")
    rows_of = [tuple(cells[n * r:n * r + n]) for r in range(n)]
    boards = [rows_of]
    if shape.box_rows == shape.box_cols:
        boards.append([tuple(rows_of[r][c] for r in range(n)) for c in range(n)])
    row_orders = line_orders(n, shape.box_rows)
    col_orders = line_orders(n, shape.box_cols)
    best: list[int] | None = None
    for board in boards:
        for rows in row_orders:
            for cols in col_orders:
                best = _smaller(board, rows, cols, best)
    return tuple(best or ())


def _smaller(board: list[tuple[int, ...]], rows: tuple[int, ...], cols: tuple[int, ...],
             best: list[int] | None) -> list[int] | None:
    """The string of ``board`` in this order, relabelled, when smaller than ``best``; else
    ``best`` (the string is cut short as soon as it is larger)."""
    labels: dict[int, int] = {}
    out: list[int] = []
    equal = best is not None
    for r in rows:
        line = board[r]
        for c in cols:
            v = line[c]
            if v:
                v = labels.setdefault(v, len(labels) + 1)
            if equal:
                b = best[len(out)]  # type: ignore[index]
                if v > b:
                    return best
                if v < b:
                    equal = False
            out.append(v)
    return best if equal else out
