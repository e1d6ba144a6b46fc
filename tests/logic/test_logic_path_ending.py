"""How a path and a hint say they ended: a full grid that breaks the rules is filled, not
solved (it has no solution), in the library and in JSON."""

from __future__ import annotations

from sudokit import Grid
from sudokit.logic import hint, solve_path
from sudokit.shape import Shape


def test_a_full_grid_that_breaks_the_rules_is_not_solved() -> None:
    grid = Grid.unchecked((1,) * 81, Shape.for_size(9))
    path = solve_path(grid)
    assert path.solutions == 0 and not path.solved and not path.to_dict()["solved"]
    assert not hint(grid).solved
