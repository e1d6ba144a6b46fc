"""The general engine against the reference solver, on random partial grids of several sizes."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit import Grid, Shape, engine, is_solution, search
from support.reference import count_solutions as reference_count
from support.reference import pattern_solution

SHAPES = [(2, 2), (2, 3), (2, 4), (3, 3)]


@st.composite
def partial_grids(draw: st.DrawFn) -> Grid:
    """A shuffled solved grid with cells blanked, sometimes with a wrong digit planted."""
    box_rows, box_cols = draw(st.sampled_from(SHAPES))
    shape = Shape(box_rows, box_cols)
    rng = random.Random(draw(st.integers(0, 2**32)))
    cells = pattern_solution(shape.n, box_rows, box_cols)
    relabel = list(range(1, shape.n + 1))
    rng.shuffle(relabel)
    cells = [relabel[v - 1] for v in cells]
    # blank at most about half of a 9x9, so the reference solver stays quick
    most = shape.ncells if shape.n < 9 else 48
    for cell in rng.sample(range(shape.ncells), draw(st.integers(0, most))):
        cells[cell] = 0
    if draw(st.booleans()):  # plant a digit that may make the puzzle unsolvable
        cells[rng.randrange(shape.ncells)] = rng.randint(0, shape.n)
    return Grid.from_cells(cells, box=(box_rows, box_cols))


@settings(max_examples=150, deadline=None)
@given(grid=partial_grids(), limit=st.integers(1, 4))
def test_counts_match_the_reference(grid: Grid, limit: int) -> None:
    for core in (engine.compiled, engine.pure_python):
        with core():
            result = search(grid, limit=limit)
        expected, _ = reference_count(grid, limit)
        assert result.count == expected
        if expected:
            assert result.solution is not None and is_solution(result.solution, grid)
        else:
            assert result.solution is None
