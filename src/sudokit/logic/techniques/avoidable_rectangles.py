"""Avoidable rectangles, types 1 and 2 (sound only on a puzzle with exactly one solution).

The unique rectangles' argument, on digits already found: four cells at the corners of a
rectangle that spans two rows, two columns and two boxes, none of them a given, must not end
up as x, y on one line and y, x on the other. The two digits could then be swapped in all
four, and the puzzle would have two solutions. Given digits do not count: a swap would
change a given, so it makes no second solution.

- Type 1: three corners were found as the pattern's digits (x, y on one line and y under
  x): the fourth corner, under y, loses x, the one digit that completes the pattern.
- Type 2: two corners on one line were found as x and y; the open corners under them hold
  exactly {y, z} and {x, z}: one of them is z, so z leaves every cell that sees both.

The board's ``givens`` say which placed digits were given (a board made from a pencilmark
grid counts all its placed digits as given, so nothing is found there).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits
from ..step import Level, Step, Technique, cell_list

#: a rectangle found: (line cells p, q with digits x, y; the cells p', q' under them)
_Corners = tuple[int, int, int, int]


def _rectangles(board: Board) -> Iterator[_Corners]:
    """Rectangles over two boxes with two corners p, q on one line found (not given) as
    different digits, the other two corners open or found: (p, q, p', q'), p' under p."""
    geo = board.geo
    n = geo.n
    values = board.values
    found = ~board.givens & ~board.unsolved & ((1 << geo.ncells) - 1)
    row_of, col_of, box_of = geo.row_of, geo.col_of, geo.box_of
    for p in bits(found):
        for along_row in (True, False):
            line = geo.unit_bits[row_of[p] if along_row else n + col_of[p]]
            for q in bits(found & line):
                if q <= p or values[q] == values[p]:
                    continue
                for other in range(n):
                    if other == (row_of[p] if along_row else col_of[p]):
                        continue
                    if along_row:
                        p2, q2 = other * n + col_of[p], other * n + col_of[q]
                    else:
                        p2, q2 = row_of[p] * n + other, row_of[q] * n + other
                    if len({box_of[p], box_of[q], box_of[p2], box_of[q2]}) == 2:
                        yield p, q, p2, q2


def _text(board: Board, corners: _Corners, why: str) -> str:
    p, q, _, _ = corners
    x, y = board.values[p], board.values[q]
    return (f"Avoidable rectangle {cell_list(board.geo, sorted(corners))} on {x} and {y} "
            f"(none given): {why}")


def find_type1(board: Board) -> Step | None:
    """A type 1 avoidable rectangle (three corners found as the pattern's digits), or None."""
    values, masks, givens = board.values, board.masks, board.givens
    names = board.geo.cell_names
    for corners in _rectangles(board):
        p, q, p2, q2 = corners
        x, y = values[p], values[q]
        # (the found corner under one of the line's, and the open corner with its digit)
        for placed, digit_there, open_cell, digit_open in ((p2, y, q2, x), (q2, x, p2, y)):
            if givens >> placed & 1 or values[placed] != digit_there or values[open_cell]:
                continue
            if masks[open_cell] >> (digit_open - 1) & 1:
                text = _text(board, corners, f"with {names[open_cell]} = {digit_open} the "
                             f"two digits could be swapped, so {names[open_cell]} is not "
                             f"{digit_open}.")
                return AR_TYPE1.step(board, corners, text, elim=[(open_cell, digit_open)])
    return None


def find_type2(board: Board) -> Step | None:
    """A type 2 avoidable rectangle (the open corners hold the pattern's digit and one
    more, the same in both), or None."""
    values, masks, dcells = board.values, board.masks, board.dcells
    geo = board.geo
    names = geo.cell_names
    peer_bits = geo.peer_bits
    for corners in _rectangles(board):
        p, q, p2, q2 = corners
        if values[p2] or values[q2]:
            continue
        x, y = values[p], values[q]
        extra = masks[p2] & ~(1 << (y - 1))
        if (masks[p2] >> (y - 1) & 1 == 0 or masks[q2] >> (x - 1) & 1 == 0
                or extra.bit_count() != 1 or masks[q2] & ~(1 << (x - 1)) != extra):
            continue
        z = extra.bit_length()
        gone = dcells[z - 1] & peer_bits[p2] & peer_bits[q2]
        if gone:
            text = _text(board, corners, f"{names[p2]} and {names[q2]} would be {y} and "
                         f"{x} but for {z}, so one of them is {z}, and {z} leaves "
                         f"{cell_list(geo, bits(gone))}.")
            return AR_TYPE2.step(board, corners, text, elim=[(c, z) for c in bits(gone)])
    return None


# HoDoKu scores them as its unique rectangles of the same types (both 100); Sudoku Explainer
# has none. Not in the default ladder: a pencilmark grid knows no givens, and the rater's
# scale stays Sudoku Explainer's where the two differ.
AR_TYPE1 = Technique(
    key="avoidable-rectangle-1",
    name="Avoidable Rectangle Type 1",
    level=Level.HARD,
    score=4.5,
    effort=100,
    find=find_type1,
    uniqueness=True,
)
AR_TYPE2 = Technique(
    key="avoidable-rectangle-2",
    name="Avoidable Rectangle Type 2",
    level=Level.HARD,
    score=4.6,
    effort=100,
    find=find_type2,
    uniqueness=True,
)
