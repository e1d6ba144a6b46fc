"""Empty Rectangle: in a box, a digit fits only within one row and one column of the box
(the rest of the box is 'empty'). With a strong link on the digit in a column (or row) that
crosses the box's row (or column) outside the box, the digit leaves the cell where the far
end's line crosses the box's other line."""

from __future__ import annotations

from functools import lru_cache

from ..board import Board, Geometry, bits
from ..graphs.strong_links import strong_links
from ..step import Level, Step, Technique


def find(board: Board) -> Step | None:
    """An Empty Rectangle elimination, or None."""
    geo = board.geo
    n = geo.n
    row_of, col_of = geo.row_of, geo.col_of
    unit_bits = geo.unit_bits
    memo = board.memo
    for d0 in range(n):
        dc = board.dcells[d0]
        if not dc or memo.get(("er", d0)) == dc:
            continue
        links = None
        for b in range(2 * n, 3 * n):
            here = dc & unit_bits[b]
            if not here & (here - 1):
                continue  # fewer than two places
            rows: set[int] = set()
            cols: set[int] = set()
            x = here
            while x:
                low = x & -x
                x ^= low
                cell = low.bit_length() - 1
                rows.add(row_of[cell])
                cols.add(col_of[cell])
            if len(rows) < 2 or len(cols) < 2:
                continue  # all in one line: that is pointing
            box_rows, box_cols = _box_lines(geo)[b - 2 * n]
            for r in rows:
                for c in cols:
                    if here & ~(unit_bits[r] | unit_bits[n + c]):
                        continue  # a place off row r and column c
                    if links is None:
                        links = strong_links(board, d0, range(2 * n))
                    step = _with_link(board, d0, b, r, c, box_rows, box_cols, links, here)
                    if step is not None:
                        return step
        memo[("er", d0)] = dc  # nothing for this digit while its cells stay the same
    return None


@lru_cache(maxsize=16)
def _box_lines(geo: Geometry) -> tuple[tuple[set[int], set[int]], ...]:
    """The rows and the columns of each box (shared sets: read them, never change them)."""
    n = geo.n
    return tuple(({geo.row_of[c] for c in geo.units[b]}, {geo.col_of[c] for c in geo.units[b]})
                 for b in range(2 * n, 3 * n))


def _with_link(
    board: Board,
    d0: int,
    box: int,
    r: int,
    c: int,
    box_rows: set[int],
    box_cols: set[int],
    links: list[tuple[int, int, int]],
    here: int,
) -> Step | None:
    geo = board.geo
    n = geo.n
    row_of, col_of = geo.row_of, geo.col_of
    for u, p, q in links:
        for near, far in ((p, q), (q, p)):
            if u >= n:  # a column link: near end in the box's row r, outside the box
                if col_of[near] in box_cols or row_of[near] != r or row_of[far] in box_rows:
                    continue
                target = row_of[far] * n + c
            else:  # a row link: near end in the box's column c, outside the box
                if row_of[near] in box_rows or col_of[near] != c or col_of[far] in box_cols:
                    continue
                target = r * n + col_of[far]
            if not board.dcells[d0] >> target & 1:
                continue
            d = d0 + 1
            text = (
                f"In {geo.unit_names[box]}, {d} lies only in row {r + 1} or column {c + 1}; "
                f"{d} is in {geo.cell_names[near]} or {geo.cell_names[far]} "
                f"({geo.unit_names[u]}): either way {geo.cell_names[target]} cannot be {d}."
            )
            return EMPTY_RECTANGLE.step(board, list(bits(here)) + [p, q], text, elim=[(target, d)])
    return None


EMPTY_RECTANGLE = Technique(
    key="empty-rectangle", name="Empty Rectangle", level=Level.HARD, score=4.5, effort=120,
    find=find,
)
