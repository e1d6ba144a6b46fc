"""Sudoku Explainer's direct techniques: a pointing, claiming or hidden pair or triple told as
the single it leaves (in a box it touches, or in the set's own unit). Puzzles of the Sudoku
Exchange bank whose published rating (Sukaku Explainer's) one of them sets, rated the same
with ``sukaku``; every direct step on the way places the solution's digit."""

from __future__ import annotations

import pytest

from sudokit import Grid, solve
from sudokit.logic import rate, solve_path
from sudokit.logic.select import choose
from sudokit.logic.techniques import direct

# (puzzle, published ER, its hardest step, the default ladder's ER)
PUBLISHED = [
    ("8.26....9....58.....6...4.1.9.4.6..5.2.....4.6..2.3.9.2.5...9.....97....1....28.4",
     1.7, "Direct Pointing", 2.6),
    ("1..8..57......921..9..4....3..9...5...7...3...2...6..8....2..4..714......64..7..3",
     2.0, "Direct Hidden Pair", 2.3),
    ("57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19",
     2.5, "Direct Hidden Triple", 2.6),
]


@pytest.mark.parametrize(("puzzle", "er", "hardest", "default"), PUBLISHED)
def test_the_published_rating_comes_back(
    pure: bool, puzzle: str, er: float, hardest: str, default: float
) -> None:
    r = rate(Grid(puzzle), techniques=choose("sukaku"))
    assert (r.er, r.hardest, r.level) == (er, hardest, "easy")
    assert rate(Grid(puzzle)).er == default
    solution = solve(Grid(puzzle))
    assert solution is not None
    steps = [s for s in solve_path(Grid(puzzle), techniques=choose("sukaku")).steps
             if s.key.startswith("direct")]
    assert steps
    for step in steps:
        assert not step.eliminations and len(step.placements) == 1
        cell, digit = step.placements[0]
        assert solution[cell] == digit, step


def test_a_direct_step_names_the_pattern_and_the_single() -> None:
    puzzle = PUBLISHED[0][0]
    steps = solve_path(Grid(puzzle), techniques=choose("sukaku")).steps
    step = next(s for s in steps if s.key == "direct-pointing")
    assert step.text.startswith("Direct Pointing: in box ")
    cell = step.placements[0].cell
    assert " fits in box " in step.text and step.text.endswith(f"only at {cell}.")


def test_they_come_between_the_singles_by_score() -> None:
    keys = [t.key for t in choose("se")]
    assert keys[:7] == ["full-house", "hidden-single", "direct-pointing", "direct-claiming",
                        "direct-hidden-pair", "naked-single", "direct-hidden-triple"]
    assert [t.score for t in direct.TECHNIQUES] == [1.7, 1.9, 2.0, 2.5]
