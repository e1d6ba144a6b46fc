"""Templates (optional techniques): every way one digit can still fill the grid (a cell of
each row, column and box). Template Set places a digit where all its open templates agree,
Template Delete removes the candidates none uses; a template clashing with every template
of another digit is dropped first. Checked against a plain count and the puzzles'
solutions."""

from __future__ import annotations

from itertools import permutations

from sudokit import Grid, solve
from sudokit.logic.board import Board
from sudokit.logic.techniques import BY_KEY, OPTIONAL
from sudokit.logic.techniques.templates import templates

#: puzzles made by ``sudoku create --difficulty hard``
PUZZLES = [
    "..85.....19.8.4...6...............3.3.29.......1.....84..23.....1..5..7956..1.4..",
    "324........7....15.9..........4...79....13........24...6.937.8...5..8.4........6.",
]


def test_the_classic_grid_has_46656_templates() -> None:
    geo = Board.from_grid(Grid(PUZZLES[0])).geo
    found = templates(geo)
    # a plain count: the columns of each row, all different, one cell in each box
    plain = sum(
        1 for cols in permutations(range(9))
        if len({(r // 3, c // 3) for r, c in enumerate(cols)}) == 9
    )
    assert len(found) == plain == 46656
    assert all(t.bit_count() == 9 for t in found[:100])


def test_template_steps_agree_with_the_solution(pure: bool) -> None:
    for puzzle in PUZZLES:
        grid = Grid(puzzle)
        solution = solve(grid)
        assert solution is not None
        board = Board.from_grid(grid)
        placed = BY_KEY["template-set"].find(board.copy())
        gone = BY_KEY["template-delete"].find(board.copy())
        assert placed is not None and gone is not None
        names = board.geo.cell_names
        assert placed.placements and all(
            solution.cells[names.index(p.cell)] == p.digit for p in placed.placements)
        assert gone.eliminations and all(
            solution.cells[names.index(e.cell)] != e.digit for e in gone.eliminations)
        # one digit a step
        assert len({p.digit for p in placed.placements}) == 1
        assert len({e.digit for e in gone.eliminations}) == 1


def test_templates_are_optional() -> None:
    assert BY_KEY["template-set"] in OPTIONAL and BY_KEY["template-delete"] in OPTIONAL
