"""Puzzles made for a level or a technique under a named repertoire are rated by that
repertoire's own ladder: Sudoku Explainer's keys bring its chain scoring with them."""

from __future__ import annotations

from sudokit import Grid
from sudokit.generator.targeted_search import techniques_of
from sudokit.generator.variants import capped_level, level_of
from sudokit.logic import rate
from sudokit.logic.select import choose

#: a puzzle whose hardest step SE scores 7.1 (an AIC) where plain chains score it 6.8
PUZZLE = "5......4...48.....3.1....9...86..5......29.6.1........8.34..7.14..2...53..6..7..9"
SE_KEYS = tuple(t.key for t in choose("se"))


def test_a_plan_under_se_keys_uses_the_se_ladder() -> None:
    assert techniques_of(SE_KEYS) == tuple(choose("se"))


def test_levels_under_se_keys_rate_as_the_se_scale(pure: bool) -> None:
    puzzle = Grid(PUZZLE)
    by_scale = rate(puzzle, scale="se")
    assert (by_scale.er, by_scale.level) == (7.1, "expert")
    assert level_of(puzzle, SE_KEYS) == by_scale.level
    assert capped_level(puzzle, SE_KEYS) == by_scale.level
