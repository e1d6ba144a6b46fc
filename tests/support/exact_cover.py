"""A plain backtracking solver for sudoku under any rules, written from the rules' words.

It shares nothing with the engines, nor with the sets ``Rules`` derives (houses, peers,
differ pairs): each rule is read from its definition (same row, same column, same region,
the two diagonals, the four windows, the same place in every box, the box centres, a
king's or a knight's move, orthogonal neighbours, odd and even cells) and checked directly
when a digit is tried. It fills the cell with the fewest digits left first, and is slow but
obviously right: the reference the engines are checked against.
"""

from __future__ import annotations

import random

from sudokit import Rules


def _same_digit_forbidden(rules: Rules, a: int, b: int) -> bool:
    """May cells a and b (a != b) not hold the same digit under ``rules``? By definition."""
    n = rules.size
    br, bc = rules.shape.box_rows, rules.shape.box_cols
    ra, ca = divmod(a, n)
    rb, cb = divmod(b, n)
    if ra == rb or ca == cb or rules.regions[a] == rules.regions[b]:
        return True
    if rules.diagonals and ((ra == ca and rb == cb) or (ra + ca == n - 1 and rb + cb == n - 1)):
        return True
    if rules.windows:
        def window(r: int, c: int) -> tuple[int, int] | None:
            if r % 4 != 0 and c % 4 != 0:  # rows/columns 1-3 and 5-7 (0-based) on 9x9
                return (r // 4, c // 4)
            return None
        wa, wb = window(ra, ca), window(rb, cb)
        if wa is not None and wa == wb:
            return True
    if rules.disjoint and (ra % br, ca % bc) == (rb % br, cb % bc):
        return True
    if rules.centre_dot:
        def centre(r: int, c: int) -> bool:
            return r % br == br // 2 and c % bc == bc // 2
        if centre(ra, ca) and centre(rb, cb):
            return True
    dr, dc = abs(ra - rb), abs(ca - cb)
    if rules.anti_king and dr <= 1 and dc <= 1:
        return True
    return rules.anti_knight and {dr, dc} == {1, 2}


def _consecutive_forbidden(rules: Rules, a: int, b: int) -> bool:
    """May cells a and b not hold consecutive digits (orthogonal neighbours)?"""
    if not rules.non_consecutive:
        return False
    n = rules.size
    ra, ca = divmod(a, n)
    rb, cb = divmod(b, n)
    return abs(ra - rb) + abs(ca - cb) == 1


def _parity_ok(rules: Rules, cell: int, digit: int) -> bool:
    if cell in rules.odd:
        return digit % 2 == 1
    if cell in rules.even:
        return digit % 2 == 0
    return True


class OutOfBudget(Exception):
    """The search tried more cells than its budget allowed."""


class Reference:
    """The rules read into two lists of partners per cell, once."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n = rules.size
        cells = range(n * n)
        self.n = n
        self.same = [[b for b in cells if b != a and _same_digit_forbidden(rules, a, b)]
                     for a in cells]
        self.near = [[b for b in cells if _consecutive_forbidden(rules, a, b)] for a in cells]
        self.allowed = [[d for d in range(1, n + 1) if _parity_ok(rules, c, d)] for c in cells]

    def options(self, grid: list[int], cell: int) -> list[int]:
        """The digits ``cell`` may take next to the filled cells of ``grid``."""
        used = {grid[b] for b in self.same[cell]}
        close = {grid[b] for b in self.near[cell] if grid[b]}
        return [d for d in self.allowed[cell]
                if d not in used and d - 1 not in close and d + 1 not in close]

    def consistent(self, grid: list[int]) -> bool:
        """Do the filled cells keep every rule?"""
        for a, d in enumerate(grid):
            if not d:
                continue
            if not _parity_ok(self.rules, a, d):
                return False
            if any(grid[b] == d for b in self.same[a]):
                return False
            if any(grid[b] and abs(grid[b] - d) == 1 for b in self.near[a]):
                return False
        return True

    def solutions(self, cells: list[int] | tuple[int, ...], limit: int,
                  rng: random.Random | None = None, budget: int | None = None
                  ) -> list[list[int]]:
        """Up to ``limit`` solutions of the puzzle ``cells`` (digits in a random order
        when ``rng`` is given). With ``budget``, OutOfBudget after that many cells tried."""
        grid = list(cells)
        found: list[list[int]] = []
        if not self.consistent(grid):
            return found
        tried = [0]

        def fill() -> None:
            tried[0] += 1
            if budget is not None and tried[0] > budget:
                raise OutOfBudget
            best, best_options = -1, None
            for cell, d in enumerate(grid):
                if d == 0:
                    options = self.options(grid, cell)
                    if best_options is None or len(options) < len(best_options):
                        best, best_options = cell, options
                        if len(options) <= 1:
                            break
            if best_options is None:
                found.append(list(grid))
                return
            if rng is not None:
                rng.shuffle(best_options)
            for d in best_options:
                grid[best] = d
                fill()
                if len(found) >= limit:
                    return
            grid[best] = 0

        fill()
        return found

    def random_solution(self, rng: random.Random, budget: int = 300) -> list[int] | None:
        """A solution of the empty grid, searched in random digit orders (a fresh order
        each time an order runs past ``budget`` cells, the budget growing slowly, as such
        searches are quick or very long); None if there is none."""
        while True:
            try:
                found = self.solutions([0] * self.n * self.n, 1, rng, budget)
            except OutOfBudget:
                budget += budget // 8
                continue
            return found[0] if found else None

    def count(self, cells: list[int] | tuple[int, ...], limit: int) -> int:
        """How many solutions ``cells`` has, no further than ``limit``."""
        return len(self.solutions(cells, limit))
