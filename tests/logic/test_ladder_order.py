"""The ladder's order within a level: the step a solver is shown first, and so the rating,
follows the techniques' scores where a higher-scored one used to be tried first."""

from __future__ import annotations

import pytest

from sudokit import Grid
from sudokit.logic import LADDER, Level, rate, solve_path

# Puzzles whose paths meet a unique rectangle and a W-Wing on the same board. Sudoku
# Explainer (1.2.1.3 and Sukaku Explainer alike) rates each 4.5, a unique rectangle of type 1.
RECTANGLE_BEFORE_W_WING = [
    "......74...695...1........6...3.5...5..........269....2.918...771.2....34...3.1..",
    "79....435..17...8..4..........3........95...3....6.851....8..7.352........95...1.",
    "7....4..2....658..94.............3..254........6.8..........6.8.....3.9.5....9.41",
]


@pytest.mark.parametrize("puzzle", RECTANGLE_BEFORE_W_WING)
def test_a_unique_rectangle_is_taken_before_a_w_wing(pure: bool, puzzle: str) -> None:
    r = rate(Grid(puzzle))
    assert (r.score, r.hardest, r.level) == (4.5, "Unique Rectangle Type 1", "hard")
    keys = [s.key for s in solve_path(Grid(puzzle)).steps]
    assert "unique-rectangle-1" in keys and "w-wing" not in keys


def test_w_wing_comes_last_of_its_level() -> None:
    hard = [t for t in LADDER if t.level == Level.HARD]
    assert hard[-1].key == "w-wing"
    assert hard[-1].score == max(t.score for t in hard)
