"""Small, obviously correct solvers to check the engines against, slow and simple on purpose:
plain backtracking over cells in reading order for any shape, and for 9x9 puzzles plain
backtracking on the empty cell with the fewest digits left."""

from __future__ import annotations

from collections.abc import Sequence

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


#: The 27 units of a 9x9 grid (its rows, columns and boxes, cells numbered in reading order)
#: and the 20 other cells of each cell's row, column and box.
UNITS_9 = ([[9 * r + c for c in range(9)] for r in range(9)]
           + [[9 * r + c for r in range(9)] for c in range(9)]
           + [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)]
              for b in range(9)])
PEERS_9 = [sorted({p for unit in UNITS_9 if cell in unit for p in unit} - {cell})
           for cell in range(81)]


def every_digit_has_a_place(grid: list[int], left: dict[int, set[int]]) -> bool:
    """Has each digit, in each row, column and box, a place: given there, or left to one of
    its empty cells (``left``: the digits each empty cell may still take)?"""
    return all({grid[c] for c in unit}.union(*(left[c] for c in unit if c in left))
               >= set(range(1, 10)) for unit in UNITS_9)


def solutions_9x9(cells: Sequence[int], limit: int = 2) -> list[list[int]]:
    """Up to ``limit`` solutions of a 9x9 puzzle (81 digits, 0 for a blank), in the order
    found: backtracking on the empty cell with the fewest digits left, a branch given up
    where a cell, or a digit of a row, column or box, has no place left. Givens that clash
    have none."""
    grid = list(cells)
    if any(d and any(grid[p] == d for p in PEERS_9[c]) for c, d in enumerate(grid)):
        return []
    found: list[list[int]] = []

    def fill() -> None:
        left = {c: set(range(1, 10)) - {grid[p] for p in PEERS_9[c]}
                for c in range(81) if not grid[c]}
        if not left:
            found.append(list(grid))
            return
        cell = min(left, key=lambda c: len(left[c]))
        if len(left[cell]) > 1 and not every_digit_has_a_place(grid, left):  # before a choice
            return
        for digit in sorted(left[cell]):
            grid[cell] = digit
            fill()
            grid[cell] = 0
            if len(found) >= limit:
                return

    fill()
    return found


def count_9x9(cells: Sequence[int], limit: int = 2) -> int:
    """How many solutions a 9x9 puzzle (81 digits, 0 for a blank) has, up to ``limit``."""
    return len(solutions_9x9(cells, limit))
