"""Odd and hostile uses of the command line and of the teaching hints: what a user sees
when an option is at its edge, a name is misspelt, or a hint points somewhere."""

from __future__ import annotations

from sudokit import Grid
from sudokit.candidates import Candidates
from sudokit.logic import solve_path
from sudokit.logic.step import Step
from sudokit.logic.teach import hint_text
from support.clirunner import sudoku

X_WING = "........1.......2...3..4........53...1.......56....7......6......8...47.7..12...."


def _x_wing_step() -> Step:
    """The X-Wing of X_WING's path (on rows 1 and 6, columns 3 and 8)."""
    board = Candidates.pencilmarks(Grid(X_WING))
    for step in solve_path(Grid(X_WING)).steps:
        if step.key == "x-wing":
            return step
        board = step.apply(board)
    raise AssertionError("no X-Wing on the path")


def test_an_x_wing_nudge_points_at_its_rows_not_a_box_it_only_touches() -> None:
    step = _x_wing_step()
    assert step.cells == ("r1c3", "r1c8", "r6c3", "r6c8")
    assert hint_text(step, "nudge") == "Look at rows 1 and 6."
    assert hint_text(step, "technique") == "Look at rows 1 and 6: there is an X-Wing."


def test_the_x_wing_nudge_on_the_command_line() -> None:
    board = sudoku("create", "--technique", "x-wing", "--seed", "1", "--practice")
    assert board.status == 0
    told = sudoku("hint", "--level", "technique", stdin=board.stdout)
    assert told.status == 0
    assert told.out.startswith("Look at rows ") and "box" not in told.out
    assert told.out.endswith(": there is an X-Wing.\n")


def test_a_chain_that_no_few_lines_hold_points_at_the_box_it_changes() -> None:
    puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    chain = next(s for s in solve_path(Grid(puzzle)).steps if s.key == "aic")
    assert {c[1] for c in chain.cells} != {chain.cells[0][1]}  # over several rows
    changed = chain.eliminations[0].cell
    box = 3 * ((int(changed[1]) - 1) // 3) + (int(changed[3]) - 1) // 3 + 1
    assert hint_text(chain, "nudge") == f"Look at box {box}."


def test_a_misspelt_technique_gets_a_did_you_mean_on_one_short_line() -> None:
    for command in (("create", "--technique"), ("rate", "--techniques"),
                    ("hint", "--exclude")):
        told = sudoku(*command, "simple-coloring", stdin=(X_WING + "\n").encode())
        assert told.status == 2 and told.stdout == b""
        assert "did you mean simple-colouring?" in told.stderr
        assert len(told.stderr.splitlines()) == 1 and len(told.stderr) < 300


def test_a_family_name_offers_its_members() -> None:
    told = sudoku("create", "--technique", "unique-rectangle")
    assert told.status == 2
    assert ("did you mean unique-rectangle-1, unique-rectangle-2, unique-rectangle-3, "
            "unique-rectangle-4, unique-rectangle-5, unique-rectangle-6?") in told.stderr
    assert len(told.stderr) < 300


def test_a_name_close_to_nothing_says_where_the_names_are() -> None:
    told = sudoku("rate", "--techniques", "everything", stdin=(X_WING + "\n").encode())
    assert told.status == 2 and "did you mean" not in told.stderr
    assert "unknown technique 'everything'" in told.stderr and "rate --scale" in told.stderr
    assert len(told.stderr) < 300


def test_a_list_that_names_no_technique_is_refused_not_an_empty_ladder() -> None:
    for names in (",", " , "):
        told = sudoku("rate", "--techniques", names, stdin=(X_WING + "\n").encode())
        assert told.status == 2 and told.stdout == b""
        assert "names no technique" in told.stderr


def test_a_time_limit_longer_than_the_timer_takes_is_no_limit() -> None:
    for seconds in ("1e12", "1e20", "1e308"):
        told = sudoku("hint", "--time-limit", seconds, stdin=(X_WING + "\n").encode())
        assert told.status == 0 and told.stderr == ""
        assert told.out.startswith("Hidden Single [")


def test_bench_refuses_a_number_of_runs_that_would_never_end() -> None:
    told = sudoku("bench", "--runs", "99999999999999999999", stdin=(X_WING + "\n").encode())
    assert told.status == 2 and told.stdout == b""
    assert "--runs: must be at most 1000" in told.stderr


SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def test_check_refuses_puzzles_and_solutions_both_from_standard_input() -> None:
    for files in ((), ("-",)):
        told = sudoku("check", *files, "--solution", "-", stdin=(SOLVED + "\n").encode())
        assert told.status == 2 and told.stdout == b""
        assert "cannot both be standard input" in told.stderr
        assert len(told.stderr.splitlines()) == 1


def test_a_hint_says_why_clashing_givens_have_no_solution() -> None:
    clashing = "55" + SOLVED[2:30] + "." * 51
    told = sudoku("hint", stdin=(clashing + "\n").encode())
    assert told.status == 1 and told.out == "ERROR: Puzzle not solveable\n"
    assert told.stderr == ("sudoku: error: <stdin>, line 1: the givens clash: digit 5 appears "
                           "twice in row 1 (r1c1, r1c2)\n")


def test_convert_says_in_its_place_a_puzzle_the_format_cannot_hold(tmp_path) -> None:
    import xml.etree.ElementTree as ET

    nine, four = tmp_path / "nine.txt", tmp_path / "four.txt"
    nine.write_text(SOLVED + "\n")
    four.write_text("..2.2...3241.43.\n")
    told = sudoku("convert", str(nine), str(four), str(nine), "--to", "opensudoku")
    assert told.status == 2
    assert told.stderr == (f"sudoku: error: {four}, line 1: the opensudoku format holds 9x9 "
                           "puzzles, not 4x4\n")
    games = ET.fromstring(told.stdout).findall(".//game")  # a whole document, every 9x9 in it
    assert [g.get("data") for g in games] == [SOLVED, SOLVED]
    assert b"ERROR: the opensudoku format holds 9x9 puzzles, not 4x4" in told.stdout


def test_a_dataset_directory_that_is_a_file_is_said_to_be_unwritable(tmp_path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("mine\n")
    told = sudoku("rate", "--to", "jsonl", "-o", f"{taken}/", stdin=(X_WING + "\n").encode())
    assert told.status == 2 and told.stderr.startswith(f"sudoku: error: cannot write '{taken}/'")
    assert taken.read_text() == "mine\n"


def test_resume_over_a_partition_it_did_not_write_is_one_clear_line(tmp_path) -> None:
    kept = tmp_path / "ds"
    kept.mkdir()
    for text in ("not json\n", '{"other": 1}\n'):
        (kept / "part-00000.jsonl").write_text(text)
        told = sudoku("rate", "--to", "jsonl", "--resume", "-o", f"{kept}/",
                      stdin=(X_WING + "\n").encode())
        assert told.status == 2 and len(told.stderr.splitlines()) == 1
        assert "holds a partition file that is not a jsonl partition" in told.stderr
        assert (kept / "part-00000.jsonl").read_text() == text


def test_a_hint_picture_refuses_to_tell_more_than_the_level_asked() -> None:
    for asked in (("--level", "nudge"), ("--level", "cells"), ("--all",)):
        told = sudoku("hint", *asked, "--to", "svg", stdin=(X_WING + "\n").encode())
        assert told.status == 2 and told.stdout == b""
        assert "does not go with --to svg" in told.stderr
    whole = sudoku("hint", "--level", "step", "--to", "svg", stdin=(X_WING + "\n").encode())
    assert whole.status == 0 and whole.stdout.startswith(b"<svg")


def test_check_of_a_candidate_board_says_a_cell_with_no_candidate_left() -> None:
    board = sudoku("convert", "--to", "candidates", stdin=(X_WING + "\n").encode()).out.strip()
    emptied = board[:9] + "." * 9 + board[18:]  # r1c2 loses every candidate
    told = sudoku("check", stdin=(emptied + "\n").encode())
    assert told.status == 1
    assert told.out == "<stdin>, line 1: r1c2 has no candidate left\n"
    whole = sudoku("check", stdin=(board + "\n").encode())
    assert whole.status == 0 and whole.out.endswith(": ok (64 blanks)\n")


def test_a_guess_is_not_told_as_a_pattern_that_is_there() -> None:
    told = sudoku("hint", "--level", "technique", "--techniques", "singles",
                  stdin=("." * 81 + "\n").encode())
    assert told.status == 0
    assert told.out == ("Look at box 1: no technique applies; the next step is a guess "
                        "(Brute Force).\n")


def test_hint_refuses_options_it_would_ignore() -> None:
    for asked, said in ((("--all", "--level", "nudge"), "--all and --level do not go together"),
                        (("--why", "--level", "nudge"), "--why does not go with --level"),
                        (("--why", "--all"), "--why does not go with --all")):
        told = sudoku("hint", *asked, stdin=(X_WING + "\n").encode())
        assert told.status == 2 and told.stdout == b"" and said in told.stderr


def test_check_refuses_json_and_a_format_together() -> None:
    told = sudoku("check", "--json", "--format", "{status}", stdin=(X_WING + "\n").encode())
    assert told.status == 2 and told.stdout == b""
    assert "--json and --format both choose the output" in told.stderr


def test_bench_of_nothing_says_so_and_times_each_figure_once() -> None:
    empty = sudoku("bench", stdin=b"")
    assert empty.status == 0 and empty.stdout == b""
    assert empty.stderr == "sudoku: nothing to time: the input holds no puzzle\n"
    table = sudoku("bench", "--runs", "1", "--jobs", "1", "--limit", "1", "--limit", "1",
                   stdin=(X_WING + "\n").encode())
    assert table.status == 0
    assert table.out.count("| solve |") == 1 and "count to 2" not in table.out


def test_every_step_of_an_open_64x64_asks_no_expert_technique() -> None:
    from sudokit.logic.step import Level, Technique
    from sudokit.logic.teach import all_steps

    asked = []

    def find(board: object) -> None:
        asked.append(board)  # an expert search builds tables of gigabytes on this board

    expert = Technique(
        key="made-up", name="Made Up", level=Level.EXPERT, score=9.0, effort=1, find=find,
    )
    assert all_steps(Grid("." * 64 * 64), [expert], unique=False) == {}
    assert asked == []
    assert all_steps(Grid("." * 81), [expert], unique=False) == {} and len(asked) == 1
