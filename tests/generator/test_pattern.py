"""Puzzles whose givens are exactly a pattern: the mask read, impossible masks refused,
and every puzzle made counted again."""

from __future__ import annotations

import pytest

from sudokit import Grid, count_solutions
from sudokit.errors import GenerateError, GenerateGaveUp, ParseError
from sudokit.generator.pattern import (
    generate_to_pattern,
    impossible,
    iter_generate_to_pattern,
    parse_mask,
)
from sudokit.generator.targeted import plan_for, request
from sudokit.generator.targeted_search import verified
from sudokit.logic import solve_path
from sudokit.logic.rating import rate
from support.reference import count_solutions as plain_count

#: The givens of a published puzzle (data/se_rated_sample.txt): 29 of them.
PUBLISHED = "..2..9....15..876..4.....5162.4.7.......1.......2.6.7417.....9..985..61....7..8.."
MASK = "".join("x" if ch != "." else "." for ch in PUBLISHED)
#: Every other cell: 41 givens.
CHECKERS = "x." * 40 + "x"


def givens_of(puzzle: Grid) -> str:
    return "".join("x" if v else "." for v in puzzle.cells)


def test_a_mask_is_read_in_any_of_its_spellings() -> None:
    assert parse_mask(MASK).line() == MASK
    spelled = MASK.replace("x", "1").replace(".", "0")
    assert parse_mask(spelled) == parse_mask(MASK.upper().replace("X", "*"))
    in_rows = "\n".join(MASK[i:i + 9] for i in range(0, 81, 9)) + "\n"
    assert parse_mask(in_rows) == parse_mask(MASK)
    assert parse_mask("x..." ".x.." "..x." "...x").shape.n == 4


@pytest.mark.parametrize(("text", "says"), [
    ("x" * 80, "80 cells make no sudoku grid"),
    (MASK[:40] + "?" + MASK[41:], "'?' at character 41 is neither a given"),
])
def test_a_bad_mask_is_one_clear_error(text: str, says: str) -> None:
    with pytest.raises(ParseError, match=says):
        parse_mask(text)


@pytest.mark.parametrize(("mask", "says"), [
    ("x" * 16 + "." * 65, "needs at least 17 givens; the mask has 16"),
    ("x" * 63 + "." * 18, "rows 8 and 9 have no given and lie in one band"),
    ("x.." * 27, "columns 2 and 3 have no given and lie in one stack"),
])
def test_a_mask_no_unique_puzzle_can_have_is_refused_at_once(mask: str, says: str) -> None:
    assert says in (impossible(parse_mask(mask)) or "")
    with pytest.raises(GenerateError, match="no unique puzzle has this pattern"):
        generate_to_pattern(parse_mask(mask), seed=1, tries=1)
    assert impossible(parse_mask(MASK)) is None


def test_each_puzzle_has_exactly_the_masks_givens_and_one_solution(pure: bool) -> None:
    made = list(iter_generate_to_pattern(3, parse_mask(CHECKERS), seed=5, tries=2000))
    assert len({m.puzzle for m in made}) == 3
    for puzzle, solution in made:
        assert givens_of(puzzle) == CHECKERS
        assert plain_count(puzzle, 2) == (1, list(solution.cells))
    again = list(iter_generate_to_pattern(3, parse_mask(CHECKERS), seed=5, tries=2000))
    assert again == made


def test_a_sparser_mask_and_a_level() -> None:
    made = generate_to_pattern(parse_mask(MASK), seed=1, difficulty="medium")
    assert givens_of(made.puzzle) == MASK
    assert count_solutions(made.puzzle) == 1
    assert rate(made.puzzle).level == "medium"


def test_a_technique_as_create_means_it() -> None:
    made = generate_to_pattern(parse_mask(MASK), seed=1, technique="pointing")
    assert givens_of(made.puzzle) == MASK and count_solutions(made.puzzle) == 1
    plan = plan_for(request("pointing"))
    assert verified(plan, made.puzzle, made.solution) is not None
    assert "pointing" in {step.key for step in solve_path(made.puzzle).steps}


def test_when_the_tries_run_out_it_says_so() -> None:
    seventeen = "".join("x" if ch != "." else "." for ch in
                        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.."
                        "......")
    with pytest.raises(GenerateGaveUp, match="no unique puzzle with this pattern of 18 givens "
                                              "in 50 tries"):
        generate_to_pattern(parse_mask(seventeen), seed=1, tries=50)


def test_other_sizes_fall_out() -> None:
    made = generate_to_pattern(parse_mask("xx.." "x..x" ".x.x" "..xx"), seed=2, tries=5000)
    assert givens_of(made.puzzle) == "xx..x..x.x.x..xx"
    assert plain_count(made.puzzle, 2)[0] == 1


def test_a_sparse_mask_is_reached_by_changing_givens_one_at_a_time() -> None:
    # the givens of a 22-clue puzzle of data/se_rated_sample.txt: random grids alone
    # almost never make it unique (on the compiled core only: the pure-Python one, tested
    # on the denser masks above, counts these sparse puzzles a hundred times slower)
    sparse = "".join("x" if ch != "." else "." for ch in
                     "..3..6.8....1..2......7...4..9..8.6..3..4...1.7.2....."
                     "3....5.....5...6..98.....5.")
    made = generate_to_pattern(parse_mask(sparse), seed=1, tries=2000)
    assert givens_of(made.puzzle) == sparse
    assert count_solutions(made.puzzle) == 1 and made.solution.is_solved()


@pytest.mark.parametrize(("kwargs", "error", "says"), [
    ({"count": -1}, ValueError, "count must be a whole number from 0"),
    ({"tries": 0}, ValueError, "tries must be a whole number from 1"),
    ({"mask": CHECKERS}, TypeError, "mask must be a Mask"),
    ({"difficulty": "easy", "technique": "x-wing"}, GenerateError, "not both"),
])
def test_bad_arguments_are_named(kwargs: dict[str, object], error: type, says: str) -> None:
    arguments: dict[str, object] = {"count": 1, "mask": parse_mask(CHECKERS), **kwargs}
    with pytest.raises(error, match=says):
        list(iter_generate_to_pattern(**arguments))  # type: ignore[arg-type]
