"""Puzzles made for a technique: ``sudoku create --technique`` and sudokit.generator.targeted.

Every puzzle is checked here by the rater itself, independently of the maker's own check:
one solution, a step of the asked technique on the rater's path, and no step of a technique
the ladder tries after it."""

from __future__ import annotations

import json

import pytest

from sudokit import Grid
from sudokit.candidates import Candidates
from sudokit.errors import GenerateError, GenerateGaveUp
from sudokit.formats import candidates
from sudokit.generator.targeted import (
    SIMPLE_SET,
    SINGLES,
    generate_for,
    iter_generate_for,
    plan_for,
    request,
)
from sudokit.logic import BY_KEY, LADDER, next_step, rate, solve_path
from sudokit.logic.select import choose
from sudokit.solver import search
from support.clirunner import sudoku, sudoku_process
from support.files import data_file, read_lines

PLACE = {t.key: i for i, t in enumerate(LADDER)}

COMMON = [
    "x-wing", "swordfish", "xy-wing", "xyz-wing", "skyscraper", "2-string-kite",
    "empty-rectangle", "w-wing", "unique-rectangle-1", "x-chain", "xy-chain", "als-xz",
]


def place(key: str) -> int:
    return PLACE[key.replace("sashimi-", "finned-")]


def path_keys(puzzle: Grid, ladder: tuple = LADDER) -> list[str]:
    """The technique keys of the rater's path, after checking it solves the puzzle."""
    path = solve_path(puzzle, techniques=ladder)
    assert path.solved and path.solutions == 1
    return [s.key for s in path.steps]


def assert_made_for(puzzle: Grid, asked: set[str]) -> list[str]:
    """One solution; the rater's path needs an asked technique and nothing later."""
    assert search(puzzle, limit=2).count == 1
    keys = path_keys(puzzle)
    assert asked & set(keys), keys
    latest = max(PLACE[k] for k in asked)
    assert max(place(k) for k in keys) <= latest, keys
    return keys


@pytest.mark.parametrize("technique", COMMON)
def test_each_common_technique_is_needed_and_nothing_harder(technique: str) -> None:
    made = generate_for(technique, seed=1)
    assert made.step.key == technique
    assert_made_for(made.puzzle, {technique})
    assert made.solution == search(made.puzzle, limit=1).solution
    assert rate(made.puzzle).score == made.rating.score


def test_several_techniques_any_of_them(pure: bool) -> None:
    asked = {"xy-wing", "w-wing"}
    for made in iter_generate_for(3, "XY-Wing, w wing", seed=5):
        keys = assert_made_for(made.puzzle, asked)
        assert made.step.key in asked and made.step.key in keys


@pytest.mark.parametrize("technique",
                         ["als-xz", "x-chain", "unique-rectangle-1,unique-rectangle-4"])
def test_the_search_tries_the_easier_techniques_first_in_its_own_order(technique: str) -> None:
    # at cleanness 0 any easier step may be taken, so their order only changes how soon a
    # board where an asked technique is next is reached; the asked ones and those between
    # them keep the ladder's order after all the easier ones
    plan = plan_for(request(technique))
    keys = [t.key for t in plan.order]
    assert sorted(keys) == sorted(t.key for t in plan.cut)
    first = min(plan.place[k] for k in plan.req.targets)
    easier = [k for k in keys if plan.place[k] < first]
    assert keys[:len(easier)] == easier
    assert keys[len(easier):] == [t.key for t in plan.cut if plan.place[t.key] >= first]
    if "aic" in easier:  # the chains, which stand for many patterns, come early
        assert keys.index("aic") < keys.index("x-wing")


@pytest.mark.parametrize("technique", ["x-chain", "als-xz"])
def test_the_walk_skips_only_rarer_easier_steps_and_finds_places_exactly(technique: str) -> None:
    # The walk takes the cheapest easier eliminations with the singles, all at once, then
    # asks whether an asked technique applies before it searches the rarer easier
    # patterns: it may call a board stuck where one of those applies, but any step it does
    # return is the one the search order finds, and on a board where the asked technique
    # is next it returns that very step.
    from sudokit.generator.targeted_search import _close
    from sudokit.logic.board import Board
    from sudokit.logic.path import find_step

    plan = plan_for(request(technique))
    at_once = [t for t in plan.order if t not in plan.frequent + plan.later]
    assert [t.key for t in at_once] == ["pointing", "claiming", "naked-pair", "hidden-pair",
                                       "2-string-kite", "w-wing", "xy-wing"]
    assert plan.lazy and at_once + list(plan.frequent + plan.later) == list(plan.order)
    skipped = 0
    for line in read_lines(data_file("puzzles3_magictour_top1465.txt"))[:12]:
        board = Board.from_grid(Grid(line))
        for step in solve_path(Grid(line), techniques=plan.ladder).steps:
            walking = board.copy()
            _close(walking, plan.basic)  # the boards the walk meets
            walked, found = plan.walk_step(walking), find_step(walking, plan.order)
            if walked is None:
                skipped += found is not None
                assert found is None or found.key in {t.key for t in plan.later}
                assert found is None or not plan.target(found.key)
            else:
                assert walked == found
            step.apply_to(board)
    assert skipped  # the rarer patterns were indeed left out somewhere
    made = generate_for(technique, seed="walk")
    practice = Board.from_candidates(made.practice)
    assert plan.walk_step(practice) == made.step == find_step(practice, plan.order)


@pytest.mark.parametrize("technique", ["pointing", "hidden-pair", "2-string-kite", "xy-wing",
                                       "w-wing", "x-chain"])
def test_only_easier_techniques_are_taken_at_once(technique: str) -> None:
    # the easier techniques taken with the singles are left out of the search order that
    # finds the next step; an asked technique never is, nor anything after it
    from sudokit.generator.targeted_search import _TAKEN_AT_ONCE

    plan = plan_for(request(technique))
    first = min(plan.place[k] for k in plan.req.targets)
    at_once = {k for k, flag in _TAKEN_AT_ONCE.items() if plan.basic & flag}
    assert all(plan.place[k] < first for k in at_once)
    assert [t.key for t in plan.rest] == [t.key for t in plan.order if t.key not in at_once]
    assert technique in {t.key for t in plan.rest}
    assert technique in {t.key for t in plan.wanted}


def test_where_a_step_may_be_forbidden_the_search_keeps_the_ladder_order() -> None:
    for req in (request("als-xz", cleanness=1), request("als-xz", score_max=9.0)):
        assert plan_for(req).order == plan_for(req).cut


@pytest.mark.parametrize("cleanness", [1, 2, 3])
def test_cleanness_limits_the_other_steps(cleanness: int) -> None:
    for made in iter_generate_for(2, "xy-wing", cleanness=cleanness, seed=2):
        keys = assert_made_for(made.puzzle, {"xy-wing"})
        first = keys.index("xy-wing")
        before = [k for k in keys[:first]]
        after = [k for k in keys[first:] if k != "xy-wing"]
        before_set = SINGLES if cleanness == 3 else SIMPLE_SET
        after_set = SIMPLE_SET if cleanness == 1 else SINGLES
        assert set(before) <= before_set, before
        assert set(after) <= after_set, after


def test_cleanness_three_is_singles_around_the_technique_on_the_command_line() -> None:
    done = sudoku("create", "--technique", "skyscraper", "--cleanness", "3", "--seed", "4",
                  "--count", "2", "--to", "line")
    assert done.status == 0, done.stderr
    for line in done.out.split():
        keys = assert_made_for(Grid(line), {"skyscraper"})
        assert {k for k in keys if k != "skyscraper"} <= SINGLES


def test_score_band_holds() -> None:
    # a chain's score grows with its length: the band is one step above the shortest seen
    low = min(m.rating.score for m in iter_generate_for(4, "xy-chain", seed=3))
    band = (round(low + 0.1, 1), round(low + 0.2, 1))
    for made in iter_generate_for(3, "xy-chain", score_min=band[0], score_max=band[1],
                                  seed=3):
        assert band[0] <= rate(made.puzzle).score <= band[1]
        assert_made_for(made.puzzle, {"xy-chain"})


def test_score_band_alone_asks_for_the_techniques_scored_in_it() -> None:
    xy = BY_KEY["xy-wing"].score
    low, high = f"{xy - 0.05:.2f}", f"{xy + 0.05:.2f}"
    done = sudoku("create", "--score-min", low, "--score-max", high, "--seed", "1",
                  "--count", "2", "--to", "line")
    assert done.status == 0, done.stderr
    for line in done.out.split():
        assert float(low) <= rate(Grid(line)).score <= float(high)


def test_practice_board_has_the_technique_as_its_next_step() -> None:
    done = sudoku("create", "--technique", "x-wing", "--practice", "--to", "candidates",
                  "--seed", "6", "--count", "2")
    assert done.status == 0, done.stderr
    boards = candidates.loads(done.stdout)
    assert len(boards) == 2
    for board in boards:
        assert isinstance(board, Candidates)
        step = next_step(board, unique=True)
        assert step is not None and step.key == "x-wing", step


def test_practice_board_is_shown_with_its_candidates_by_default() -> None:
    done = sudoku("create", "--technique", "xy-wing", "--practice", "--seed", "6")
    assert done.status == 0, done.stderr
    made = generate_for("xy-wing", seed=6)
    assert done.out == candidates_pretty(made.practice)
    assert any(len(token) >= 2 and token.isdigit() for token in done.out.split())


def candidates_pretty(board: Candidates) -> str:
    from sudokit import formats

    return str(formats.dumps(board, "pretty"))


def test_same_seed_same_puzzles_whatever_the_jobs() -> None:
    args = ("create", "--technique", "xy-wing,skyscraper", "--seed", "j", "--count", "4",
            "--to", "line")
    one = sudoku(*args)
    assert one.status == 0 and len(one.out.split()) == 4
    assert sudoku(*args, "--jobs", "2").out == one.out
    assert sudoku(*args[:-2], "--to", "line", "--seed", "other").out != one.out


@pytest.mark.parametrize("techniques", ["xy-wing,skyscraper", "2-string-kite"])
def test_same_seed_same_puzzles_on_the_pure_python_core(techniques: str) -> None:
    # the second starts its walks from minimal puzzles dug digit by digit
    args = ("create", "--technique", techniques, "--seed", "p", "--count", "3",
            "--to", "line")
    compiled = sudoku_process(*args)
    assert compiled.status == 0 and len(compiled.out.split()) == 3
    assert sudoku_process(*args, pure=True).out == compiled.out


def test_json_output_names_the_step_and_the_practice_board() -> None:
    done = sudoku("create", "--technique", "w-wing", "--json", "--seed", "8", "--count", "2")
    assert done.status == 0, done.stderr
    lines = done.out.splitlines()
    assert len(lines) == 2
    for line in lines:
        rec = json.loads(line)
        puzzle = Grid(rec["puzzle"])
        assert rec["key"] == "w-wing" and rec["step"]["key"] == "w-wing"
        assert rec["score"] == rate(puzzle).score and rec["cleanness"] == 0
        assert Grid(rec["solution"]) == search(puzzle, limit=1).solution
        practice = candidates.loads(rec["practice"])[0]
        assert next_step(practice, unique=True).key == "w-wing"


def test_techniques_and_exclude_choose_the_ladder_that_rates() -> None:
    ladder = choose(None, "x-wing,skyscraper")
    for made in iter_generate_for(2, "xy-wing", exclude="x-wing,skyscraper", seed=9):
        keys = path_keys(made.puzzle, ladder)
        assert "xy-wing" in keys and not {"x-wing", "skyscraper"} & set(keys)
    done = sudoku("create", "--technique", "x-wing", "--exclude", "x-wing")
    assert done.status == 2 and done.stdout == b""
    assert done.stderr.count("\n") == 1 and "x-wing" in done.stderr


def test_techniques_with_difficulty_rate_by_that_ladder() -> None:
    done = sudoku("create", "--difficulty", "medium", "--techniques", "singles,pointing,claiming",
                  "--seed", "2", "--to", "line")
    assert done.status == 0, done.stderr
    keys = path_keys(Grid(done.out.strip()), choose("singles,pointing,claiming"))
    assert {"pointing", "claiming"} & set(keys)


@pytest.mark.parametrize("args, words", [
    (("--technique", "x-wingg"), "unknown technique 'x-wingg'"),
    (("--technique", "hidden-single"), "singles are in every puzzle"),
    (("--technique", "x-wing", "--cleanness", "4"), "0, 1, 2 or 3"),
    (("--technique", "x-wing", "--size", "4"), "--size does not go with --technique"),
    (("--score-min", "12", "--score-max", "13"), "no technique on the ladder has a score"),
    (("--technique", "x-wing", "--score-min", "9"), "scores 9 or more"),
    (("--score-min", "5", "--score-max", "4"), "is empty"),
    (("--techniques", "singles"), "--techniques/--exclude choose the ladder"),
    (("--practice",), "name a technique, or a score band"),
    (("--cleanness", "2"), "name a technique, or a score band"),
    (("--technique", "x-wing", "--json", "--to", "line"), "give one of them"),
])
def test_bad_requests_say_so_in_one_line(args: tuple[str, ...], words: str) -> None:
    done = sudoku("create", *args)
    assert done.status == 2 and done.stdout == b""
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr


def test_a_request_the_tries_do_not_meet_ends_with_status_one() -> None:
    done = sudoku("create", "--technique", "x-chain", "--score-min", "19", "--tries", "3")
    assert done.status == 1 and done.stdout == b""
    assert done.stderr.count("\n") == 1 and "gave up" in done.stderr and "3 tries" in done.stderr
    with pytest.raises(GenerateGaveUp):
        generate_for("x-chain", score_min=19, tries=2, seed=1)
    with pytest.raises(GenerateError):
        generate_for(None)


@pytest.mark.parametrize("technique", ["swordfish", "x-chain", "xy-wing"])
def test_sharpening_clues_leave_a_cell_the_step_eliminates_from_fewer_candidates(
        technique: str, pure: bool) -> None:
    # The completion tries these clues first: each must take a candidate other than the
    # eliminated digit and the cell's own out of a cell the step eliminates from, and
    # every unsolved cell that does so must be listed. The reference places the clue on a
    # copy of the board, as the solve would.
    if pure and technique != "xy-wing":
        pytest.skip("the pure-Python search takes the same path for every technique: "
                    "xy-wing's puzzle, the quickest to make, checks it")
    from sudokit import engine
    from sudokit.logic.board import Board

    search_module = engine.load("generator.targeted_search")
    assert search_module.__name__.endswith("_pure") == pure
    made = generate_for(technique, seed="sharpen-2")
    board = Board.from_candidates(made.practice)
    solution = made.solution.cells
    eliminated = [(made.practice.shape.parse_cell(e.cell), e.digit)
                  for e in made.step.eliminations]
    expected = []
    for cell in range(81):
        if board.values[cell]:
            continue
        trial = board.copy()
        trial.place(cell, solution[cell])
        if any(cell != e and board.masks[e] & ~trial.masks[e]
               & ~(1 << (d - 1) | 1 << (solution[e] - 1)) for e, d in eliminated):
            expected.append(cell)
    assert expected  # the made puzzles have such cells: the comparison says something
    assert search_module.sharpening_clues(board, made.step, solution) == expected


def test_a_technique_outside_the_default_ladder_joins_it_when_asked_for() -> None:
    done = sudoku("create", "--technique", "franken-fish", "--seed", "4", "--json")
    assert done.status == 0, done.stderr
    made = json.loads(done.out)
    assert made["key"] == "franken-fish" and made["step"]["key"] == "franken-fish"
    # the rater, given the default ladder with Franken fish, agrees
    keys = path_keys(Grid(made["puzzle"]), choose("default,franken-fish"))
    assert "franken-fish" in keys
    # an explicit ladder is the user's: one without it is still an error
    refused = sudoku("create", "--technique", "franken-fish", "--techniques", "default")
    assert refused.status == 2 and "not on the ladder" in refused.stderr


def test_walks_for_one_digit_techniques_start_digit_by_digit() -> None:
    # only where every asked technique looks at one digit: for the others that start
    # needs more walks, not fewer
    from sudokit.generator.targeted import plan_for, request

    assert plan_for(request("swordfish")).by_digit
    assert plan_for(request("x-chain,empty-rectangle")).by_digit
    assert not plan_for(request("xy-wing")).by_digit
    assert not plan_for(request("x-wing,als-xz")).by_digit
