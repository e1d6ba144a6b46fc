"""Hints that teach (``hint --level``, ``hint --all``) and choosing the ladder by name
(``--techniques`` / ``--exclude``), in the library and on the command line."""

from __future__ import annotations

import json

import pytest

from sudokit import Grid, solve
from sudokit.logic import next_step, solve_path
from sudokit.logic.select import choose, keys_of
from sudokit.logic.teach import LEVELS, all_steps, focus, hint_dict, hint_text
from support.clirunner import sudoku

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
X_WING = "........1.......2...3..4........53...1.......56....7......6......8...47.7..12...."


def lines(*puzzles: str) -> bytes:
    return "".join(p + "\n" for p in puzzles).encode()


def _x_wing_board() -> tuple[object, object]:
    """The board just before the X-Wing of X_WING's path, and that step."""
    from sudokit.candidates import Candidates

    board = Candidates.pencilmarks(Grid(X_WING))
    for step in solve_path(Grid(X_WING)).steps:
        if step.key == "x-wing":
            return board, step
        board = step.apply(board)
    raise AssertionError("no X-Wing on the path")


def test_each_level_tells_more_than_the_last() -> None:
    step = next_step(Grid(EASY))
    assert step is not None
    texts = [hint_text(step, level, Grid(EASY).shape) for level in LEVELS]
    assert texts[0] == "Look at box 2."
    assert texts[1] == "Look at box 2: there is a Hidden Single."
    assert texts[2] == "Hidden Single in r1c6."
    assert texts[3].startswith("Hidden Single [r1c6]: r1c6=8\n")
    # a nudge names no technique and no digit
    assert "Single" not in texts[0] and "8" not in texts[0]


def test_the_json_reveals_only_what_the_level_tells() -> None:
    step = next_step(Grid(EASY))
    assert step is not None
    nudge = hint_dict(step, "nudge")
    assert set(nudge) == {"level", "hint", "focus"}
    cells = hint_dict(step, "cells")
    assert cells["technique"] == "Hidden Single" and cells["cells"] == ["r1c6"]
    assert "step" not in cells
    assert hint_dict(step, "step")["step"]["placements"] == [{"cell": "r1c6", "digit": 8}]
    with pytest.raises(ValueError, match="hint level"):
        hint_text(step, "everything")


def test_a_pattern_over_several_units_points_at_the_lines_that_hold_it() -> None:
    board, step = _x_wing_board()
    where = focus(step, Grid(X_WING).shape)  # type: ignore[arg-type]
    assert where == "rows 1 and 6"
    assert hint_text(step, "technique").endswith("there is an X-Wing.")  # type: ignore[arg-type]


def test_all_steps_are_grouped_by_technique_in_ladder_order() -> None:
    board, _ = _x_wing_board()
    groups = all_steps(board)  # type: ignore[arg-type]
    assert "X-Wing" in groups
    names = list(groups)
    assert names.index("X-Wing") < names.index("AIC") if "AIC" in groups else True
    for steps in groups.values():
        assert all(s.placements or s.eliminations for s in steps)


def test_choosing_techniques_by_key_name_group_or_level() -> None:
    assert keys_of("X-Wing, naked pair") == ["x-wing", "naked-pair"]
    assert [t.key for t in choose("singles")] == ["full-house", "hidden-single", "naked-single"]
    hard = {t.key for t in choose("hard")}
    assert "x-wing" in hard and "pointing" not in hard
    assert "x-wing" not in {t.key for t in choose(exclude="x-wing")}
    with pytest.raises(ValueError, match="unknown technique 'nope'"):
        keys_of("nope")


def test_hint_levels_on_the_command_line() -> None:
    out = sudoku("hint", "--level", "nudge", stdin=lines(EASY))
    assert out.status == 0 and out.out == "Look at box 2.\n"
    data = json.loads(sudoku("hint", "--level", "technique", "--json", stdin=lines(EASY)).out)
    assert data["technique"] == "Hidden Single" and data["solutions"] == 1
    assert "cells" not in data


def test_hint_all_lists_each_technique_once_with_its_steps() -> None:
    out = sudoku("hint", "--all", stdin=lines(EASY)).out.splitlines()
    assert out[0] == "Hidden Single:" and out[1].startswith("  Hidden Single [")
    data = json.loads(sudoku("hint", "--all", "--json", stdin=lines(EASY)).out)
    assert list(data["steps"])[0] == "Hidden Single"


def test_techniques_and_exclude_choose_the_ladder() -> None:
    out = sudoku("hint", "--exclude", "hidden-single,full-house", stdin=lines(EASY))
    assert out.out.startswith("Naked Single [")
    # singles alone cannot finish the X-Wing puzzle: explain gets stuck, rate guesses
    out = sudoku("explain", "--techniques", "singles", stdin=lines(X_WING))
    assert "stuck after" in out.out.splitlines()[-1]
    out = sudoku("rate", "--techniques", "singles", stdin=lines(X_WING))
    assert "(Brute Force)" in out.out
    bad = sudoku("rate", "--exclude", "x-wingz", stdin=lines(X_WING))
    assert bad.status == 2 and "unknown technique 'x-wingz'" in bad.stderr


def test_a_chosen_ladder_rates_the_same_on_several_processes() -> None:
    puzzles = lines(X_WING, EASY, X_WING)
    one = sudoku("rate", "--exclude", "x-wing", stdin=puzzles)
    two = sudoku("rate", "--exclude", "x-wing", "--jobs", "2", stdin=puzzles)
    assert one.status == two.status == 0 and one.out == two.out
    assert "(X-Wing)" not in one.out


def test_a_dataset_is_made_with_the_chosen_ladder() -> None:
    def keys(*options: str) -> set[str]:
        done = sudoku("explain", "--to", "jsonl", *options, stdin=lines(X_WING))
        assert done.status == 0
        return {s["key"] for s in json.loads(done.stdout)["steps"]}

    assert "x-wing" in keys()
    assert "x-wing" not in keys("--exclude", "x-wing")
    assert keys("--techniques", "singles,pointing") <= {
        "full-house", "hidden-single", "naked-single", "pointing"}
    rated = json.loads(sudoku("rate", "--to", "jsonl", "--techniques", "singles",
                              stdin=lines(X_WING)).stdout)
    assert rated["hardest"] == "Brute Force"


def _is_single_now(board: object, cell: str, digit: int) -> bool:
    """Is ``digit`` the only candidate of ``cell``, or the only place for it in a unit?"""
    from sudokit.candidates import Candidates

    assert isinstance(board, Candidates)
    shape = board.shape
    i = shape.parse_cell(cell)
    if board.candidates(i) == {digit}:
        return True
    return any(
        [c for c in unit if digit in board.candidates(c)] == [i]
        for unit in shape.units if i in unit
    )


def test_all_steps_lists_every_single_on_the_board_now(pure: bool) -> None:
    from sudokit.candidates import Candidates

    board = Candidates.pencilmarks(Grid(EASY))
    solution = solve(Grid(EASY))
    assert solution is not None
    groups = all_steps(Grid(EASY))
    singles = groups["Hidden Single"] + groups.get("Naked Single", [])
    assert len(singles) >= 8  # not one step a technique any more
    for step in singles:
        (cell, digit), = step.placements
        assert _is_single_now(board, cell, digit), step
        assert solution[cell] == digit
    # a step is listed once, under the easiest technique that has it
    changes = [(s.placements, s.eliminations) for steps in groups.values() for s in steps]
    assert len(changes) == len(set(changes))


def test_all_steps_keeps_to_the_limit_and_to_the_solution(pure: bool) -> None:
    board, _ = _x_wing_board()
    solution = solve(Grid(X_WING))
    assert solution is not None
    groups = all_steps(board, limit=2)  # type: ignore[arg-type]
    assert groups and all(len(steps) <= 2 for steps in groups.values())
    assert sum(len(steps) for steps in groups.values()) > len(groups)  # several a technique
    for steps in groups.values():
        for step in steps:
            assert all(solution[c] == d for c, d in step.placements), step
            assert all(solution[c] != d for c, d in step.eliminations), step


def test_every_listed_step_agrees_with_the_solution_along_real_paths(pure: bool) -> None:
    import random

    from sudokit.candidates import Candidates
    from support.files import data_file, read_lines

    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    checked = 0
    for line in random.Random(3).sample(lines, 3):
        solution = solve(Grid(line))
        assert solution is not None
        board = Candidates.pencilmarks(Grid(line))
        for i, step in enumerate(solve_path(Grid(line)).steps):
            if i % 15 == 0:
                for steps in all_steps(board, limit=6).values():
                    for listed in steps:
                        checked += 1
                        assert all(solution[c] == d for c, d in listed.placements), listed
                        assert all(solution[c] != d for c, d in listed.eliminations), listed
            board = step.apply(board)
    assert checked > 20
