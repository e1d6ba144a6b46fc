"""A variant puzzle made for a difficulty is first rated with the techniques up to that
level: the try is kept exactly when the whole rater gives it that level, so what `create`
says and what `rate` says agree."""

from __future__ import annotations

import pytest

from sudokit.generator.make import generate
from sudokit.generator.variants import _confirmed_level, level_of
from sudokit.logic.step import Level

LEVELS = [str(level) for level in Level if level <= Level.EXPERT]


@pytest.mark.parametrize("name", ["x", "anti-knight", "non-consecutive", "windoku"])
def test_the_level_up_to_a_difficulty_agrees_with_the_whole_rater(name: str) -> None:
    seen = set()
    for seed in range(6):
        puzzle = generate(rules=name, seed=f"levels-{name}-{seed}")
        whole = level_of(puzzle)
        seen.add(whole)
        for level in LEVELS:
            expected = whole if level == whole else None
            assert _confirmed_level(puzzle, level, None) == expected, (puzzle, level, whole)
    assert len(seen) >= 1


def test_a_ladder_of_ones_own_is_kept_up_to_the_level() -> None:
    puzzle = generate(rules="x", seed="levels-own")
    ladder = ("hidden-single", "naked-single", "pointing", "claiming", "naked-pair")
    whole = level_of(puzzle, ladder)
    assert _confirmed_level(puzzle, whole, ladder) == whole
    others = [level for level in LEVELS if level != whole]
    assert all(_confirmed_level(puzzle, level, ladder) is None for level in others)
