"""The smallest set of givens that already leaves a puzzle with no solution.

Two givens that clash (one digit twice in a unit) are such a set, and no smaller one
exists. Otherwise every given is taken away in turn, and stays away when the rest still
has no solution: what is left is *minimal* (each of its givens is needed for the
contradiction). When the puzzle has few enough givens, every smaller set is then tried
(at most :data:`EXACT_TESTS` of them), which makes it the *smallest* such set.

>>> from sudokit import Grid
>>> puzzle = Grid("...1....." "......1.." "234......" + "." * 45 + "........5")
>>> core = unsolvable_core(puzzle)
>>> [f"{puzzle.shape.cell_name(c)}={d}" for c, d in core.givens], core.smallest
(['r1c4=1', 'r2c7=1', 'r3c1=2', 'r3c2=3', 'r3c3=4'], True)
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import NamedTuple

from ..errors import SudokuError
from ..grid import Grid
from .solutions import count, need_classic

#: The most smaller sets of givens tried to prove a minimal set the smallest.
EXACT_TESTS = 50_000


class Core(NamedTuple):
    """Givens of a puzzle, as (cell, digit) pairs in cell order, that have no solution
    by themselves; none of them can go. ``smallest``: no set of fewer givens of the
    puzzle has no solution (proved), or False when that was not tried (too many)."""

    givens: tuple[tuple[int, int], ...]
    smallest: bool


def unsolvable_core(puzzle: Grid, *, tests: int = EXACT_TESTS) -> Core:
    """The givens of ``puzzle`` (which has no solution) that already leave no solution:
    a clashing pair when there is one, else a minimal set, the smallest when proving so
    takes at most ``tests`` searches. A puzzle with a solution raises SudokuError."""
    need_classic(puzzle, "unsolvable_core")
    clashes = puzzle.conflicts()
    if clashes:
        pair = clashes[0].cells[:2]
        return Core(tuple((c, puzzle.cells[c]) for c in sorted(pair)), True)
    if count(puzzle, 1):
        raise SudokuError("unsolvable_core: the puzzle has a solution")
    givens = [c for c, v in enumerate(puzzle.cells) if v]
    core = list(givens)
    for cell in givens:
        trial = [c for c in core if c != cell]
        if not count(_only(puzzle, trial), 1):
            core = trial
    smaller, proved = _smallest(puzzle, givens, len(core), tests)
    return Core(tuple((c, puzzle.cells[c]) for c in smaller or core), proved)


def _smallest(puzzle: Grid, givens: list[int], size: int, tests: int
              ) -> tuple[list[int] | None, bool]:
    """A set of fewer than ``size`` givens with no solution, the smallest, or None when
    there is none; and whether that was proved (False when it would take more than
    ``tests`` searches, which are then not made)."""
    # no two givens clash here, and any two that do not clash have a solution
    sizes = range(3, size)
    if sum(comb(len(givens), k) for k in sizes) > tests:
        return None, False
    for k in sizes:
        for chosen in combinations(givens, k):
            if not count(_only(puzzle, chosen), 1):
                return list(chosen), True
    return None, True


def _only(puzzle: Grid, cells: list[int] | tuple[int, ...]) -> Grid:
    """The puzzle with only the givens in ``cells``."""
    out = [0] * len(puzzle.cells)
    for c in cells:
        out[c] = puzzle.cells[c]
    return Grid.unchecked(tuple(out), puzzle.shape)
