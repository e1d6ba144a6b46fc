"""Checks of made puzzles by a small backtracking solver written here (not sudokit's
engines): unique, minimal, symmetric."""

from __future__ import annotations

from sudokit import Grid


# -- the reference: plain backtracking on the most constrained choice ---------------------
def ref_count(grid: Grid, limit: int = 2) -> int:
    """Solutions of ``grid``, counted up to ``limit``, by plain backtracking: branch on
    the blank cell with the fewest digits allowed, or on the digit with the fewest places
    left in a unit, whichever offers fewer choices."""
    if not grid.is_valid():
        return 0
    n = grid.n
    shape = grid.shape
    peers = shape.peers
    cells = list(grid.cells)
    found = 0

    def allowed(cell: int) -> set[int]:
        return set(range(1, n + 1)) - {cells[p] for p in peers[cell]}

    def search() -> bool:  # True: the limit is reached
        nonlocal found
        options = {cell: allowed(cell) for cell, v in enumerate(cells) if v == 0}
        if not options:
            found += 1
            return found >= limit
        cell = min(options, key=lambda c: len(options[c]))
        choices = [(cell, d) for d in options[cell]]
        for unit in shape.units:
            placed = {cells[c] for c in unit}
            for d in range(1, n + 1):
                if d not in placed and len(choices) > 1:
                    places = [(c, d) for c in unit if cells[c] == 0 and d in options[c]]
                    if len(places) < len(choices):
                        choices = places
        for c, d in choices:
            cells[c] = d
            if search():
                cells[c] = 0
                return True
            cells[c] = 0
        return False

    search()
    return found


def assert_unique(puzzle: Grid) -> None:
    assert ref_count(puzzle, 2) == 1, f"not exactly one solution: {puzzle!r}"


def assert_minimal(puzzle: Grid) -> None:
    for cell, v in enumerate(puzzle.cells):
        if v:
            assert ref_count(puzzle.with_digit(cell, 0), 2) == 2, (
                f"r{cell // puzzle.n + 1}c{cell % puzzle.n + 1} can go: {puzzle!r}")


def images(r: int, c: int, n: int, symmetry: str) -> list[tuple[int, int]]:
    """Where the pattern must repeat cell (r, c), written out one symmetry at a time."""
    m = n - 1
    return {
        "none": [],
        "rot180": [(m - r, m - c)],
        "rot90": [(c, m - r), (m - r, m - c), (m - c, r)],
        "mirror": [(r, m - c)],
        "flip": [(m - r, c)],
        "diagonal": [(c, r)],
        "antidiagonal": [(m - c, m - r)],
        "dihedral": [(c, m - r), (m - r, m - c), (m - c, r), (r, m - c), (m - r, c),
                     (c, r), (m - c, m - r)],
    }[symmetry]


def assert_symmetric(puzzle: Grid, symmetry: str) -> None:
    n = puzzle.n
    for r in range(n):
        for c in range(n):
            for r2, c2 in images(r, c, n, symmetry):
                assert bool(puzzle[r, c]) == bool(puzzle[r2, c2]), (
                    f"{symmetry}: r{r + 1}c{c + 1} and r{r2 + 1}c{c2 + 1} differ: {puzzle!r}")
