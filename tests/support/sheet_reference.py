"""A plain exact-cover (Algorithm X) solver for overlapping classic grids, written from the
rules alone: it knows nothing of sudokit's Sheet, its cell numbering or its houses.

A layout is (size, box_rows, box_cols, corners): each grid an N x N square whose top-left
cell is at ``corners[k]`` on the sheet. A puzzle is a dict {(row, col): digit} of its
givens. Every cell in play holds one digit; every row, column and box of every grid holds
each digit once (a house two grids share is one house).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

Position = tuple[int, int]
Layout = tuple[int, int, int, tuple[Position, ...]]


def positions(layout: Layout) -> set[Position]:
    """The sheet positions in play."""
    n, _, _, corners = layout
    return {(r0 + r, c0 + c) for r0, c0 in corners for r in range(n) for c in range(n)}


def houses(layout: Layout) -> set[frozenset[Position]]:
    """Every row, column and box of every grid, each once."""
    n, br, bc, corners = layout
    out: set[frozenset[Position]] = set()
    for r0, c0 in corners:
        for k in range(n):
            out.add(frozenset((r0 + k, c0 + c) for c in range(n)))
            out.add(frozenset((r0 + r, c0 + k) for r in range(n)))
            top, left = r0 + k // (n // bc) * br, c0 + k % (n // bc) * bc
            out.add(frozenset((top + r, left + c) for r in range(br) for c in range(bc)))
    return out


def _matrix(layout: Layout) -> tuple[dict[object, set[tuple[Position, int]]],
                                      dict[tuple[Position, int], list[object]]]:
    """Algorithm X's columns (what must be covered once) and rows (a digit in a cell)."""
    n = layout[0]
    cells = positions(layout)
    rows: dict[tuple[Position, int], list[object]] = {}
    house_list = sorted(houses(layout), key=sorted)
    of_cell: dict[Position, list[int]] = {p: [] for p in cells}
    for h, house in enumerate(house_list):
        for p in house:
            of_cell[p].append(h)
    for p in cells:
        for d in range(1, n + 1):
            rows[(p, d)] = [("cell", p)] + [("house", h, d) for h in of_cell[p]]
    columns: dict[object, set[tuple[Position, int]]] = {}
    for row, cols in rows.items():
        for col in cols:
            columns.setdefault(col, set()).add(row)
    return columns, rows


def _select(columns: dict[object, set[tuple[Position, int]]],
            rows: dict[tuple[Position, int], list[object]], row: tuple[Position, int]
            ) -> list[set[tuple[Position, int]]]:
    removed = []
    for col in rows[row]:
        for other in columns[col]:
            for col2 in rows[other]:
                if col2 != col:
                    columns[col2].remove(other)
        removed.append(columns.pop(col))
    return removed


def _deselect(columns: dict[object, set[tuple[Position, int]]],
              rows: dict[tuple[Position, int], list[object]], row: tuple[Position, int],
              removed: list[set[tuple[Position, int]]]) -> None:
    for col in reversed(rows[row]):
        columns[col] = removed.pop()
        for other in columns[col]:
            for col2 in rows[other]:
                if col2 != col:
                    columns[col2].add(other)


def _search(columns: dict[object, set[tuple[Position, int]]],
            rows: dict[tuple[Position, int], list[object]], chosen: list[tuple[Position, int]],
            rng: random.Random | None,
            select: Callable[[tuple[Position, int]], list[set[tuple[Position, int]]]] | None
            = None) -> Iterator[list[tuple[Position, int]]]:
    if not columns:
        yield list(chosen)
        return
    col = min(columns, key=lambda c: len(columns[c]))
    options = sorted(columns[col])
    if rng is not None:
        rng.shuffle(options)
    for row in options:
        chosen.append(row)
        removed = _select(columns, rows, row) if select is None else select(row)
        yield from _search(columns, rows, chosen, rng, select)
        _deselect(columns, rows, row, removed)
        chosen.pop()


def solutions(layout: Layout, givens: dict[Position, int], limit: int = 2,
              rng: random.Random | None = None) -> list[dict[Position, int]]:
    """Up to ``limit`` solutions of the puzzle, each {(row, col): digit}; with ``rng``, in a
    random order (a random filled sheet from no givens)."""
    columns, rows = _matrix(layout)
    for p, d in givens.items():
        if (p, d) not in rows or any(col not in columns for col in rows[(p, d)]):
            return []  # (not in play, or clashing with an earlier given)
        _select(columns, rows, (p, d))
    found = []
    for chosen in _search(columns, rows, [], rng):
        found.append(dict(givens) | dict(chosen))
        if len(found) >= limit:
            break
    return found


class _GaveUp(Exception):
    pass


def random_filled(layout: Layout, seed: int) -> dict[Position, int]:
    """A random complete sheet of the layout: random choices, and a fresh start whenever
    one try has taken 1,000 choices (a random fill is quick, or very slow)."""
    rng = random.Random(seed)
    while True:
        columns, rows = _matrix(layout)
        try:
            for chosen in _search(columns, rows, [], rng, _Budget(columns, rows, 1_000)):
                return dict(chosen)
        except _GaveUp:
            continue


class _Budget:
    """Algorithm X's step, counted: _GaveUp past ``limit`` choices."""

    def __init__(self, columns: dict[object, set[tuple[Position, int]]],
                 rows: dict[tuple[Position, int], list[object]], limit: int) -> None:
        self.columns, self.rows, self.left = columns, rows, limit

    def __call__(self, row: tuple[Position, int]) -> list[set[tuple[Position, int]]]:
        self.left -= 1
        if self.left < 0:
            raise _GaveUp
        return _select(self.columns, self.rows, row)
