"""Empty Rectangle: in a box, a digit fits only within one row and one column of the box
(the rest of the box is 'empty'). With a strong link on the digit in a column (or row) that
crosses the box's row (or column) outside the box, the digit leaves the cell where the far
end's line crosses the box's other line."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
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
            for r, c in _crosses(geo, here, rows, cols):
                if links is None:
                    links = strong_links(board, d0, range(2 * n))
                for end in _ends(board, d0, r, c, box_rows, box_cols, links):
                    return _step(board, d0, b, r, c, here, [end])
        memo[("er", d0)] = dc  # nothing for this digit while its cells stay the same
    return None


def every(board: Board) -> Iterator[Step]:
    """Every Empty Rectangle on ``board``. Where one box's row and column meet two strong
    links that remove the digit from two cells (a dual Empty Rectangle), the step removing
    both comes first, then each on its own. ``hint --all`` lists these."""
    geo = board.geo
    n = geo.n
    unit_bits = geo.unit_bits
    for d0 in range(n):
        dc = board.dcells[d0]
        links = strong_links(board, d0, range(2 * n)) if dc else []
        for b in range(2 * n, 3 * n):
            here = dc & unit_bits[b]
            rows = {geo.row_of[cell] for cell in bits(here)}
            cols = {geo.col_of[cell] for cell in bits(here)}
            if len(rows) < 2 or len(cols) < 2:
                continue
            box_rows, box_cols = _box_lines(geo)[b - 2 * n]
            for r, c in _crosses(geo, here, rows, cols):
                found: dict[int, tuple[int, ...]] = {}
                for end in _ends(board, d0, r, c, box_rows, box_cols, links):
                    found.setdefault(end[-1], end)
                ends = list(found.values())
                for pair in itertools.combinations(ends, 2):
                    yield _step(board, d0, b, r, c, here, list(pair))
                for end in ends:
                    yield _step(board, d0, b, r, c, here, [end])


def _crosses(
    geo: Geometry, here: int, rows: set[int], cols: set[int]
) -> Iterator[tuple[int, int]]:
    """The (row, column) pairs of the box that hold every place of the digit in it."""
    unit_bits = geo.unit_bits
    n = geo.n
    for r in rows:
        for c in cols:
            if not here & ~(unit_bits[r] | unit_bits[n + c]):
                yield r, c


@lru_cache(maxsize=16)
def _box_lines(geo: Geometry) -> tuple[tuple[set[int], set[int]], ...]:
    """The rows and the columns of each box (shared sets: read them, never change them)."""
    n = geo.n
    return tuple(({geo.row_of[c] for c in geo.units[b]}, {geo.col_of[c] for c in geo.units[b]})
                 for b in range(2 * n, 3 * n))


def _ends(
    board: Board,
    d0: int,
    r: int,
    c: int,
    box_rows: set[int],
    box_cols: set[int],
    links: list[tuple[int, int, int]],
) -> Iterator[tuple[int, ...]]:
    """Each strong link that makes an Empty Rectangle with the box's row ``r`` and column
    ``c``, in the order of ``links``: (unit, its two ends, near end, far end, target cell)."""
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
            if board.dcells[d0] >> target & 1:
                yield u, p, q, near, far, target


def _step(
    board: Board, d0: int, box: int, r: int, c: int, here: int,
    ends: list[tuple[int, ...]],
) -> Step:
    """The step of the box's row ``r`` and column ``c`` with one strong link or two."""
    geo = board.geo
    names = geo.cell_names
    d = d0 + 1
    said = "; ".join(
        f"{d} is in {names[near]} or {names[far]} ({geo.unit_names[u]}): "
        f"either way {names[target]} cannot be {d}"
        for u, _, _, near, far, target in ends
    )
    text = f"In {geo.unit_names[box]}, {d} lies only in row {r + 1} or column {c + 1}; {said}."
    cells = list(bits(here))
    for end in ends:
        cells += [end[1], end[2]]
    return EMPTY_RECTANGLE.step(board, cells, text, elim=[(end[-1], d) for end in ends])


EMPTY_RECTANGLE = Technique(
    key="empty-rectangle", name="Empty Rectangle", level=Level.HARD, score=4.5, effort=120,
    find=find,
)
