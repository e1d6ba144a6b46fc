"""Killer, thermo, arrow and kropki puzzles made for a difficulty: each try rated by the
ladder up to the level asked (bounded by work, not seconds), so a seed gives the same
puzzle anywhere and the full rater gives it the level asked; the levels no bounded
rating reaches refused in one line."""

from __future__ import annotations

import pytest

from sudokit.errors import GenerateGaveUp, UnsupportedRulesError
from sudokit.generator.make import generate
from sudokit.generator.options import checked_options
from sudokit.logic.rating import rate
from support.clirunner import sudoku


@pytest.mark.parametrize(("rules", "cage_size", "level"), [
    ("killer", (1, 2), "easy"),
    ("killer", (2, 3), "medium"),
    ("thermo", None, "medium"),
    ("kropki", None, "medium"),
])
def test_made_puzzle_rates_at_the_level_asked(pure: bool, rules: str,
                                              cage_size: tuple[int, int] | None,
                                              level: str) -> None:
    made = generate(rules=rules, cage_size=cage_size, difficulty=level, seed=3)
    assert rules in made.rules.names
    assert rate(made).level == level
    assert made == generate(rules=rules, cage_size=cage_size, difficulty=level, seed=3)


def test_killer_of_a_hard_level_with_cages_up_to_four() -> None:
    made = generate(rules="killer", cage_size=(2, 4), difficulty="hard", seed=0)
    assert made.givens == 0
    assert rate(made).level == "hard"


def test_cli_same_seed_same_bytes() -> None:
    args = ("create", "--variant", "killer", "--cage-size", "2-3", "--difficulty", "medium",
            "--seed", "5")
    first, again = sudoku(*args), sudoku(*args)
    assert first.status == 0, first.stderr
    assert first.stdout and first.stdout == again.stdout


@pytest.mark.parametrize("variant", ["killer", "thermo", "kropki"])
def test_extreme_refused_in_one_line(variant: str) -> None:
    done = sudoku("create", "--variant", variant, "--difficulty", "extreme", "--seed", "1")
    assert done.status == 2
    assert done.stdout == b""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert f"making {variant} 9x9 puzzles of extreme difficulty is not supported" in lines[0]
    with pytest.raises(UnsupportedRulesError, match="extreme difficulty"):
        checked_options(9, None, None, "none", False, "extreme", None, rules=variant)


@pytest.mark.parametrize("variant", ["arrow", "killer+arrow"])
def test_arrow_of_any_level_refused_in_one_line(variant: str) -> None:
    done = sudoku("create", "--variant", variant, "--difficulty", "easy", "--seed", "1")
    assert done.status == 2
    assert done.stdout == b""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "puzzles of a difficulty is not supported" in lines[0] and "arrow" in lines[0]


def test_rated_by_the_ladder_up_to_the_level() -> None:
    options = checked_options(9, None, None, "none", False, "medium", None, rules="killer")
    assert options.ladder is not None
    assert "naked-pair" in options.ladder and "x-wing" not in options.ladder


def test_gave_up_names_an_easier_level() -> None:
    with pytest.raises(GenerateGaveUp, match="an easier difficulty, smaller cages"):
        generate(rules="killer", cage_size=(2, 3), difficulty="easy", seed=1, tries=3)
    done = sudoku("create", "--variant", "killer", "--cage-size", "2-3", "--difficulty",
                  "easy", "--tries", "3", "--seed", "1")
    assert done.status == 1
    assert len(done.stderr.strip().splitlines()) == 1
    assert "of easy difficulty" in done.stderr
