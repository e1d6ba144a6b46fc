"""Unique rectangle type 6 and the hidden rectangle (sound only on a puzzle with exactly one
solution): rectangles whose two-candidate corners sit on a diagonal, or alone.

Four unplaced cells at the corners of a rectangle over two rows, two columns and two boxes,
holding the pair {a,b}, must not end up as that pair alone (the deadly pattern of
:mod:`.unique_rectangles`). A corner with other candidates may already have lost a or b: the
argument is about the solution, so it still counts.

- Type 6: two diagonal corners hold only {a,b}, and in both rows (or both columns) of the
  rectangle a fits only in its corners. Then a sits on one diagonal; on the other one it would
  leave b to both pair corners: deadly. So a leaves the two other corners.
- Hidden rectangle: one corner holds only {a,b}; in the row and the column of the opposite
  corner, a fits only in the rectangle (the opposite corner may hold only {a,b} too). If the
  opposite corner were b, a would fill the two
  corners beside it and b the pair corner: deadly. So the opposite corner is not b.
"""

from __future__ import annotations

from ..board import Board, Geometry, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list


def rectangles(board: Board) -> list[tuple[int, int, int, int, int]]:
    """(pair mask, top-left, top-right, bottom-left, bottom-right) for every rectangle over
    two boxes whose four unplaced corners hold the pair, one corner holding it alone, the
    others both its digits or one of them among other candidates (kept for one board state),
    in the order of their first corner holding the pair alone, then of the other row and
    column."""
    found = board.derived("all-rectangles")
    if found is None:
        found = _rectangles(board)
        board.keep("all-rectangles", found)
    return found  # type: ignore[return-value]


def _rectangles(board: Board) -> list[tuple[int, int, int, int, int]]:
    # both techniques need a corner holding only the pair: start from those cells, and find
    # the other corners among the open cells that hold both digits, or one and another
    # candidate (a corner that lost a digit of the pair: it is never a given)
    masks = board.masks
    dcells = board.dcells
    memo = board.memo
    wide = _wide_cells(board)
    bivalue = board.bivalue_cells()
    done = 0  # the cells with two candidates whose pair was looked at
    entries: list[tuple[int, tuple[int, int, int, int, int]]] = []
    rest = bivalue
    while rest:
        pbit = rest & -rest
        rest ^= pbit
        if done & pbit:
            continue
        pair = masks[pbit.bit_length() - 1]
        low = pair & -pair
        a_cells = dcells[low.bit_length() - 1]
        b_cells = dcells[(pair ^ low).bit_length() - 1]
        # both digits, or one of them among other candidates (the cell holds two or more)
        both = (a_cells & b_cells) | ((a_cells ^ b_cells) & wide)
        alone = bivalue & a_cells & b_cells
        done |= alone
        # a pair's rectangles depend on these two cell sets alone: kept while they stay
        key = ("pair-rectangles", pair)
        kept: tuple[int, int, list] | None = memo.get(key)  # type: ignore[assignment]
        if kept is None or kept[0] != both or kept[1] != alone:
            kept = (both, alone, _pair_rectangles(board.geo, pair, both, alone))
            memo[key] = kept
        entries += kept[2]
    entries.sort()
    return [rectangle for _, rectangle in entries]


def _pair_rectangles(geo: Geometry, pair: int, both: int, alone: int
                     ) -> list[tuple[int, tuple[int, int, int, int, int]]]:
    """The rectangles of ``pair`` whose corners are cells of ``both``, one of them in
    ``alone`` (holding only the pair), each with its place in the listing: by its first
    corner in ``alone``, then the other row, then the other column."""
    n = geo.n
    box_of = geo.box_of
    unit_bits = geo.unit_bits
    line = (1 << n) - 1
    out = []
    rest = alone
    while rest:
        pbit = rest & -rest
        rest ^= pbit
        p = pbit.bit_length() - 1
        # a rectangle with a corner holding only the pair below p was listed from there
        usable = both & ~(alone & (pbit - 1))
        pr, pc = divmod(p, n)
        # the columns where the row of p has a corner, and the cells of its column
        row_cols = (usable >> (pr * n)) & line & ~(1 << pc)
        if not row_cols:
            continue
        bp = box_of[p]
        col = usable & unit_bits[n + pc] & ~pbit
        while col:
            low = col & -col
            col ^= low
            c1 = low.bit_length() - 1
            r = c1 // n
            # the columns where both rows have a corner: the fourth corner is there too
            cols = row_cols & (usable >> (r * n))
            b1 = box_of[c1]
            while cols:
                low = cols & -cols
                cols ^= low
                c = low.bit_length() - 1
                if len({bp, b1, box_of[pr * n + c], box_of[r * n + c]}) != 2:
                    continue
                r1, r2 = min(pr, r), max(pr, r)
                k1, k2 = min(pc, c), max(pc, c)
                out.append(((p * n + r) * n + c,
                            (pair, r1 * n + k1, r1 * n + k2, r2 * n + k1, r2 * n + k2)))
    return out


def _wide_cells(board: Board) -> int:
    """The cells with two candidates or more, as a cell set."""
    return board.crowded_cells()[1]


def _only_in(board: Board, unit: int, digit: int, cells: int) -> bool:
    """Does ``digit`` fit, in ``unit``, only in ``cells``, and still somewhere (not placed
    in the unit already: with a corner that lost it, the rectangle may hold none)?"""
    places = board.unit_cells(unit, digit)
    return places != 0 and not places & ~cells


def _text(board: Board, pair: int, corners: tuple[int, ...], why: str) -> str:
    return (
        f"Unique rectangle {cell_list(board.geo, sorted(corners))} on "
        f"{digit_list(digits_of(pair))}: {why}"
    )


def find_type6(board: Board) -> Step | None:
    """A type 6 unique rectangle, or None."""
    geo = board.geo
    n = geo.n
    masks = board.masks
    for pair, a, b, c, d in rectangles(board):
        for x, y, u, v in ((a, d, b, c), (b, c, a, d)):
            if masks[x] != pair or masks[y] != pair:
                continue
            corners = 1 << a | 1 << b | 1 << c | 1 << d
            for digit in digits_of(pair):
                rows = (geo.row_of[a], geo.row_of[c])
                cols = (n + geo.col_of[a], n + geo.col_of[b])
                if not (
                    all(_only_in(board, r, digit, corners) for r in rows)
                    or all(_only_in(board, k, digit, corners) for k in cols)
                ):
                    continue
                gone = [(cell, digit) for cell in (u, v) if masks[cell] >> (digit - 1) & 1]
                if not gone or masks[u] == pair or masks[v] == pair:
                    continue
                why = (
                    f"{digit} fits in two lines only at the corners, so it lies on a diagonal; "
                    f"on {cell_list(geo, (u, v))} it would leave the pair corners "
                    f"{cell_list(geo, sorted((x, y)))} both the other digit, a deadly pattern: "
                    f"so {cell_list(geo, (u, v))} lose {digit}."
                )
                return UR_TYPE6.step(
                    board, [a, b, c, d], _text(board, pair, (a, b, c, d), why), elim=gone
                )
    return None


def find_hidden(board: Board) -> Step | None:
    """A hidden rectangle, or None."""
    geo = board.geo
    n = geo.n
    masks = board.masks
    dcells = board.dcells
    unit_bits = geo.unit_bits
    row_of, col_of = geo.row_of, geo.col_of
    for pair, a, b, c, d in rectangles(board):
        corners = 1 << a | 1 << b | 1 << c | 1 << d
        low = pair & -pair
        # (digit, the other digit's bit): the pair's digits in order
        digits = ((low.bit_length(), pair ^ low), ((pair ^ low).bit_length(), low))
        for pair_corner, far, side1, side2 in (
            (a, d, b, c),
            (d, a, c, b),
            (b, c, a, d),
            (c, b, d, a),
        ):
            if masks[pair_corner] != pair:
                continue
            for digit, other_bit in digits:
                if not masks[far] & other_bit:
                    continue
                # the digit fits, in the far corner's row and in its column, only in the
                # rectangle, and still somewhere (not placed in the line already: with a
                # corner that lost it, the rectangle may hold none)
                places = dcells[digit - 1]
                in_row = places & unit_bits[row_of[far]]
                if not in_row or in_row & ~corners:
                    continue
                in_col = places & unit_bits[n + col_of[far]]
                if not in_col or in_col & ~corners:
                    continue
                other = other_bit.bit_length()
                row, col = row_of[far], n + col_of[far]
                why = (
                    f"in {geo.unit_names[row]} and {geo.unit_names[col]}, {digit} fits only in "
                    f"the rectangle; were {geo.cell_names[far]} {other}, {digit} would fill "
                    f"{cell_list(geo, sorted((side1, side2)))} and {geo.cell_names[pair_corner]} "
                    f"would be {other}: a deadly pattern. So {geo.cell_names[far]}<>{other}."
                )
                return HIDDEN_RECTANGLE.step(
                    board,
                    [a, b, c, d],
                    _text(board, pair, (a, b, c, d), why),
                    elim=[(far, other)],
                )
    return None


UR_TYPE6 = Technique(
    key="unique-rectangle-6",
    name="Unique Rectangle Type 6",
    level=Level.HARD,
    score=4.9,
    effort=100,
    find=find_type6,
    uniqueness=True,
)
HIDDEN_RECTANGLE = Technique(
    key="hidden-rectangle", name="Hidden Rectangle", level=Level.HARD, score=4.9, effort=100,
    find=find_hidden, uniqueness=True,
)
