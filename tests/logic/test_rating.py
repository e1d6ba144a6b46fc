"""Ratings: the level and score a user reads, and the scale that makes them reproducible."""

from __future__ import annotations

import json
import random

from sudokit import Grid
from sudokit.logic import LADDER, Level, solve_path
from sudokit.logic.rating import INVALID, SCALE_VERSION, rate, scale_id, scale_table
from support.files import data_file, read_lines

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
POINTING = "........1........2..3..4..........3..1..5..4..6...378.....2.......16....4.7......"
NAKED_PAIR = "........1.......23..4.56......2....7..5..8....1..........3.7....8....65.2........"
X_WING = "........1.......2...3..4........53...1.......56....7......6......8...47.7..12...."
SWORDFISH = "..............1..2.34....5..............6.34.1....78.....4..1.....93....2.......7"
XY_WING = "..............1.23.45.6............2....78.....9...4.5...5.....12.....8.7........"


def test_singles_alone_rate_easy() -> None:
    r = rate(Grid(EASY))
    assert r.level == "easy" and r.hardest == "Hidden Single"
    assert 1.0 <= r.score <= 2.3 and r.logic_only and r.solutions == 1
    assert str(r) == "easy 1.2 (Hidden Single)"


def test_levels_follow_the_hardest_technique_needed() -> None:
    assert (rate(Grid(POINTING)).level, rate(Grid(POINTING)).hardest) == ("medium", "Pointing")
    assert rate(Grid(NAKED_PAIR)).level == "medium"
    # its path takes a 2-String Kite (4.1) and a Swordfish (3.8): the higher score names it
    assert (rate(Grid(SWORDFISH)).level, rate(Grid(SWORDFISH)).hardest) == ("hard", "2-String Kite")
    assert "swordfish" in {s.key for s in solve_path(Grid(SWORDFISH)).steps}
    assert (rate(Grid(XY_WING)).level, rate(Grid(XY_WING)).hardest) == ("hard", "XY-Wing")


def test_a_puzzle_that_needs_an_x_wing_rates_hard() -> None:
    r = rate(Grid(X_WING))
    assert (r.level, r.hardest) == ("hard", "X-Wing")
    # it really needs it: the easy and medium techniques alone get stuck
    below = [t for t in LADDER if t.level <= Level.MEDIUM]
    assert not solve_path(Grid(X_WING), techniques=below).solved
    with_x_wing = below + [t for t in LADDER if t.key == "x-wing"]
    assert solve_path(Grid(X_WING), techniques=with_x_wing).solved


def test_hardest_collection_rates_extreme() -> None:
    lines = read_lines(data_file("puzzles6_forum_hardest_1106.txt"))
    for line in random.Random(11).sample(lines, 4):
        r = rate(Grid(line))
        assert r.level == "extreme", line
        assert r.score >= 9.0 and r.guesses == 0 and r.hardest != "Brute Force"


def test_scores_grow_with_levels_on_average() -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    by_level: dict[str, list[float]] = {}
    for line in random.Random(3).sample(lines, 40):
        r = rate(Grid(line))
        by_level.setdefault(r.level, []).append(r.score)
    means = [
        sum(v) / len(v) for _, v in sorted(by_level.items(), key=lambda kv: Level[kv[0].upper()])
    ]
    assert means == sorted(means)


def test_a_rating_names_its_scale() -> None:
    r = rate(Grid(EASY))
    assert r.scale == scale_id()
    assert r.scale.startswith(f"sudokit-{SCALE_VERSION}/")
    data = r.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert set(data) >= {"level", "score", "effort", "hardest", "scale", "solutions"}


def test_the_scale_lists_every_technique_in_order() -> None:
    table = scale_table()
    keys = [row["key"] for row in table]
    assert keys[: len(LADDER)] == [t.key for t in LADDER]
    assert "brute-force" in keys and "sashimi-x-wing" in keys
    levels = [Level[row["level"].upper()] for row in table[: len(LADDER)]]
    assert levels == sorted(levels)  # easiest first, level by level
    assert {row["key"] for row in table if row["uniqueness"]} == {
        "unique-rectangle-1",
        "unique-rectangle-2",
        "unique-rectangle-3",
        "unique-rectangle-4",
        "unique-rectangle-5",
        "unique-rectangle-6",
        "hidden-rectangle",
        "bug+1",
    }


def test_rating_is_reproducible() -> None:
    line = read_lines(data_file("puzzles3_magictour_top1465.txt"))[0]
    assert rate(Grid(line)) == rate(Grid(line))


def test_a_puzzle_without_solution_rates_invalid() -> None:
    r = rate(Grid("12.345678" + "." * 9 + "..9" + "." * 60))
    assert r.level == INVALID and r.score == 0.0 and r.solutions == 0
    assert str(r) == "invalid 0.0 (no solution)"


def test_a_puzzle_with_several_solutions_is_rated_and_says_so() -> None:
    several = "8.........59.......67.........8237.5...671..8...594......956137...718492...432586"
    r = rate(Grid(several))
    assert r.solutions == 2 and r.notes
    assert "more than one solution" in r.notes[0]


def test_a_complete_grid_rates_easy_with_no_steps() -> None:
    solved = solve_path(Grid(EASY)).final.to_grid()
    r = rate(solved)
    assert r.level == "easy" and r.steps == 0


def test_effort_counts_naked_singles_first_as_hodoku_does() -> None:
    # the path takes hidden singles first (the easiest by SE's scale); HoDoKu takes a naked
    # single first when there is one, so such a step counts as a naked single's effort
    from sudokit.logic.rating import rating_of

    path = solve_path(Grid(EASY))
    keys = [s.key for s in path.steps]
    assert len(path.effort_keys) == len(keys)
    swapped = [i for i, (k, e) in enumerate(zip(keys, path.effort_keys, strict=True)) if k != e]
    assert swapped and all(keys[i] == "hidden-single" for i in swapped)
    assert all(path.effort_keys[i] == "naked-single" for i in swapped)
    effort = {row["key"]: row["effort"] for row in scale_table()}
    hidden_first = sum(effort[k] for k in keys)
    r = rating_of(path)
    assert r.effort == sum(effort[k] for k in path.effort_keys) < hidden_first


def test_finned_swordfish_scores_between_bug_and_x_chain() -> None:
    score = {row["key"]: row["score"] for row in scale_table()}
    for key in ("finned-swordfish", "sashimi-swordfish", "finned-jellyfish", "sashimi-jellyfish"):
        assert score["bug+1"] < score[key] < score["x-chain"], key


def test_chain_scores_start_from_se_bases() -> None:
    # W-Wing where published ratings of its puzzles average; XY-Chain and AIC on SE's Y-cycle
    # and mixed-chain bases; Skyscraper and Kite where Sukaku Explainer rates its turbot fish
    score = {row["key"]: row["score"] for row in scale_table()}
    assert score["w-wing"] == 5.8
    assert (score["x-chain"], score["xy-chain"], score["aic"]) == (6.5, 6.6, 7.0)
    assert (score["skyscraper"], score["2-string-kite"]) == (4.0, 4.1)
    assert (score["grouped-x-chain"], score["grouped-aic"]) == (7.5, 7.5)
    nested = ["forcing-chain-plus", "nested-forcing-chain", "nested-multiple-chain"]
    assert [score[k] for k in nested + ["nested-dynamic-chain"]] == [9.0, 9.5, 10.0, 10.5]


def _published() -> list[tuple[str, float, list[str]]]:
    """The records of data/se_rated_sample.txt: puzzle, published ER, the rest."""
    rows = []
    for line in data_file("se_rated_sample.txt").read_text().splitlines():
        fields = line.partition("#")[0].split()
        if fields:
            rows.append((fields[0], float(fields[1]), fields[2:]))
    return rows


def test_chain_puzzles_rate_near_their_published_se_rating() -> None:
    # puzzles that SE rates 7.0-7.9 (forcing chains and cycles): most within 0.25 of SE
    band = [(p, er) for p, er, _ in _published() if 7.0 <= er < 8.0]
    sample = random.Random(5).sample(band, 12)
    near = [abs(rate(Grid(p)).er - er) <= 0.25 for p, er in sample]
    assert sum(near) >= 9, near


def test_puzzles_se_rates_8_rate_near_it() -> None:
    # 8.0-8.9: cell and region forcing chains in SE; here often grouped chains, which SE lacks
    band = [(p, er) for p, er, _ in _published() if 8.0 <= er < 9.0]
    sample = random.Random(2).sample(band, 10)
    near = [abs(rate(Grid(p)).er - er) <= 0.5 for p, er in sample]
    assert sum(near) >= 7, near


def test_a_forum_puzzle_rates_near_its_published_er_ep_ed() -> None:
    # SE: ER/EP/ED = 11.0/11.0/2.6 (a pointing first, then nested forcing chains at once)
    puzzle = "..3......4...8..36..8...1...4..6..73...9..........2..5..4.7..686........7..6..5.."
    assert (puzzle, 11.0, ["11.0", "2.6"]) in _published()
    r = rate(Grid(puzzle))
    assert abs(r.er - 11.0) <= 0.3 and abs(r.ep - 11.0) <= 0.3 and r.ed == 2.6
    assert r.hardest == "Dynamic Forcing Chain (+ Forcing Chains)" and r.guesses == 0


def test_er_ep_ed_as_sudoku_explainer_defines_them() -> None:
    from sudokit.candidates import Candidates

    r = rate(Grid(X_WING))
    assert (r.er, r.ep, r.ed) == (3.4, 1.2, 1.2)  # a hidden single comes first
    # on the board just before the X-Wing, the X-Wing is the first step: an elimination
    path = solve_path(Grid(X_WING))
    board = Candidates.pencilmarks(Grid(X_WING))
    for step in path.steps:
        if step.key == "x-wing":
            break
        board = step.apply(board)
    r = rate(board)
    assert r.ed == 3.2 and r.ep >= 3.2 and r.er >= r.ep  # the X-Wing scores 3.2
    assert r.to_dict()["er"] == r.score
