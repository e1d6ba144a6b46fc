"""A small, obviously correct solver to check the engines against: plain backtracking over
cells in reading order, trying each digit that does not clash. Slow, and simple on purpose."""

from __future__ import annotations

from sudokit import Grid


def allowed(cells: list[int], grid: Grid, cell: int) -> list[int]:
    shape = grid.shape
    used = {cells[p] for p in shape.peers[cell]}
    return [d for d in range(1, grid.n + 1) if d not in used]


def count_solutions(grid: Grid, limit: int) -> tuple[int, list[int] | None]:
    """(number of solutions up to ``limit``, the first one found in reading order)."""
    if not grid.is_valid():
        return 0, None
    cells = list(grid.cells)
    blanks = [i for i, v in enumerate(cells) if v == 0]
    found: list[list[int]] = []

    def fill(k: int) -> bool:  # True: stop, the limit is reached
        if k == len(blanks):
            found.append(list(cells))
            return len(found) >= limit
        cell = blanks[k]
        for d in allowed(cells, grid, cell):
            cells[cell] = d
            if fill(k + 1):
                return True
        cells[cell] = 0
        return False

    fill(0)
    return len(found), (found[0] if found else None)


def pattern_solution(n: int, box_rows: int, box_cols: int) -> list[int]:
    """A valid solved grid of any shape, from the classic shifting pattern."""
    return [
        (box_cols * (r % box_rows) + r // box_rows + c) % n + 1
        for r in range(n)
        for c in range(n)
    ]
