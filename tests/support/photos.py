"""Puzzles as printed in a newspaper, for the photo tests."""

from __future__ import annotations

import numpy as np

from sudokit.grid import Grid
from sudokit.solver import solve
from support.files import data_file, read_lines

PUZZLES = read_lines(data_file("puzzles3_magictour_top1465.txt"))


def newspaper_puzzle(index: int, rng: np.random.Generator) -> Grid:
    """A puzzle of the collection with givens added from its solution, up to the 26 to 34
    of a newspaper puzzle (still exactly one solution)."""
    puzzle = Grid(PUZZLES[index])
    solution = solve(puzzle)
    assert solution is not None
    cells = list(puzzle.cells)
    blanks = [i for i, v in enumerate(cells) if not v]
    for i in rng.permutation(blanks)[: max(0, int(rng.integers(26, 35)) - puzzle.givens)]:
        cells[i] = solution.cells[i]
    return Grid.from_cells(cells)
