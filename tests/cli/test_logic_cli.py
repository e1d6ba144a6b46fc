"""``sudoku hint``, ``sudoku explain`` and ``sudoku rate`` as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sudokit import Grid, formats
from sudokit.logic.rating import scale_id
from support.clirunner import sudoku
from support.files import data_file, read_lines

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
X_WING = "........1.......2...3..4........53...1.......56....7......6......8...47.7..12...."
HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
SEVERAL = "8.........59.......67.........8237.5...671..8...594......956137...718492...432586"
NONE = "12.345678" + "." * 9 + "..9" + "." * 60


def lines(*puzzles: str) -> bytes:
    return "".join(p + "\n" for p in puzzles).encode()


def test_hint_prints_one_line_per_puzzle() -> None:
    out = sudoku("hint", stdin=lines(EASY, X_WING))
    assert out.status == 0 and out.stderr == ""
    assert out.out.splitlines() == [
        "Hidden Single [r1c6]: r1c6=8",
        "Hidden Single [r5c1]: r5c1=3",
    ]


def test_hint_json_and_why() -> None:
    data = json.loads(sudoku("hint", "--json", stdin=lines(EASY)).out)
    assert data["step"]["technique"] == "Hidden Single"
    assert data["step"]["placements"] == [{"cell": "r1c6", "digit": 8}]
    assert data["solutions"] == 1 and data["notes"] == []
    why = sudoku("hint", "--why", stdin=lines(EASY)).out.splitlines()
    assert why == ["Hidden Single [r1c6]: r1c6=8", "  In box 2, 8 fits only in r1c6."]


def test_hint_on_a_candidate_board() -> None:
    from sudokit.logic.board import Board

    pencilmarks = formats.dumps(Board.from_grid(Grid(X_WING)).to_candidates(), "candidates")
    data = pencilmarks if isinstance(pencilmarks, bytes) else pencilmarks.encode()
    out = sudoku("hint", stdin=data)
    assert out.status == 0 and out.out.startswith("Hidden Single [r5c1]")


def test_hint_says_why_uniqueness_techniques_were_skipped() -> None:
    out = sudoku("hint", stdin=lines(SEVERAL))
    assert out.status == 0
    assert "skipped: the puzzle has more than one solution" in out.out


def test_hint_when_stuck_falls_back_on_brute_force() -> None:
    from sudokit.logic import solve_path

    stuck = solve_path(Grid(SEVERAL)).final
    drawn = formats.dumps(stuck, "candidates")
    out = sudoku("hint", stdin=drawn if isinstance(drawn, bytes) else drawn.encode())
    assert out.status == 0 and out.out.startswith("Brute Force [")


def test_hint_on_a_puzzle_without_solution() -> None:
    out = sudoku("hint", stdin=lines(NONE, EASY))
    assert out.status == 1
    assert out.out.splitlines() == ["ERROR: Puzzle not solveable", "Hidden Single [r1c6]: r1c6=8"]


def test_explain_prints_every_step_and_how_it_ended() -> None:
    out = sudoku("explain", stdin=lines(X_WING))
    assert out.status == 0
    text = out.out.splitlines()
    assert text[0] == "# <stdin>, line 1"
    assert text[1] == " 1. Hidden Single [r5c1]: r5c1=3"
    assert text[2] == "    In box 4, 3 fits only in r5c1."
    assert any("X-Wing [" in line for line in text)
    assert text[-1] == "solved in 67 steps: hard 3.4 (X-Wing)"


def test_explain_pretty_draws_the_candidates_before_each_step() -> None:
    out = sudoku("explain", "--pretty", stdin=lines(EASY)).out
    drawings = sum(1 for line in out.splitlines() if line.startswith("'"))  # bottom edges
    steps = sum(1 for line in out.splitlines() if line[:3].strip().rstrip(".").isdigit())
    assert drawings == steps == Grid(EASY).blanks


def test_explain_stuck_and_with_guessing() -> None:
    out = sudoku("explain", stdin=lines(SEVERAL)).out
    assert "stuck after" in out.splitlines()[-1]
    out = sudoku("explain", "--guess", stdin=lines(SEVERAL)).out
    assert "Brute Force [" in out and out.splitlines()[-1].startswith("solved in")
    assert out.splitlines()[-1].endswith("(Brute Force)")


def test_explain_solves_a_hardest_puzzle_without_guessing() -> None:
    out = sudoku("explain", stdin=lines(HARDEST)).out
    assert "Brute Force" not in out
    assert out.splitlines()[-1].startswith("solved in")
    assert "(Dynamic Forcing Chain (+" in out.splitlines()[-1]


def test_explain_json() -> None:
    out = sudoku("explain", "--json", stdin=lines(EASY, NONE))
    assert out.status == 1
    first, second = (json.loads(line) for line in out.out.splitlines())
    assert first["solved"] and len(first["steps"]) == Grid(EASY).blanks
    assert first["rating"]["level"] == "easy"
    assert second["solutions"] == 0 and second["steps"] == []


def test_rate_one_line_per_puzzle_in_order() -> None:
    out = sudoku("rate", stdin=lines(EASY, X_WING, HARDEST))
    assert out.status == 0
    # on several puzzles, each line names its puzzle: the output reads back as a rated list
    assert out.out.splitlines() == [
        f"{EASY} easy 1.2 (Hidden Single) ED=1.2/1.2/1.2",
        f"{X_WING} hard 3.4 (X-Wing) ED=3.4/1.2/1.2",
        f"{HARDEST} extreme 11.0 (Dynamic Forcing Chain (+ Forcing Chains)) ED=11.0/1.2/1.2",
    ]


def test_rate_json_has_sudoku_explainers_triple() -> None:
    data = json.loads(sudoku("rate", "--json", stdin=lines(X_WING)).out)
    assert (data["er"], data["ep"], data["ed"]) == (3.4, 1.2, 1.2)
    assert data["gave_up"] is None


def test_rate_time_limit_gives_up_cleanly() -> None:
    out = sudoku("rate", "--time-limit", "0.01", stdin=lines(HARDEST))
    assert out.status == 1  # a rating cut short counts as a failure
    assert " >=" in out.out and "# gave up after" in out.out


def test_explain_cut_short_by_the_time_limit_says_so_at_the_end() -> None:
    out = sudoku("explain", "--time-limit", "0.01", stdin=lines(HARDEST))
    assert out.status == 1
    assert "gave up after" in out.out.splitlines()[-1]  # not "stuck": a technique may still apply
    assert "no technique applies" not in out.out


def test_rate_with_jobs_gives_the_same_lines() -> None:
    puzzles = lines(*([EASY, X_WING, NONE] * 5))
    one = sudoku("rate", stdin=puzzles)
    two = sudoku("rate", "--jobs", "2", stdin=puzzles)
    assert one.status == two.status == 1
    assert one.out == two.out and len(two.out.splitlines()) == 15


def test_rate_json_names_the_scale() -> None:
    data = json.loads(sudoku("rate", "--json", stdin=lines(X_WING)).out)
    assert data["level"] == "hard" and data["scale"] == scale_id()


def test_rate_invalid_and_several_solutions() -> None:
    out = sudoku("rate", stdin=lines(NONE, SEVERAL))
    assert out.status == 1
    invalid, several = out.out.splitlines()
    assert invalid == f"{NONE} invalid 0.0 (no solution)"
    assert "more than one solution" in several


def test_rate_scale_lists_the_techniques() -> None:
    out = sudoku("rate", "--scale")
    assert out.status == 0
    assert out.out.splitlines()[0] == f"scale {scale_id()}"
    assert "X-Wing" in out.out and "(uniqueness)" in out.out
    data = json.loads(sudoku("rate", "--scale", "--json").out)
    assert data["scale"] == scale_id() and data["techniques"][0]["key"] == "full-house"


def test_bad_input_gets_one_line_and_status_2() -> None:
    out = sudoku("rate", stdin=b"123\n")
    assert out.status == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_rating_is_the_same_on_the_compiled_and_the_pure_modules(tmp_path: Path) -> None:
    # the logic's hot modules are compiled too; SUDOKIT_PURE_PYTHON=1 runs their source
    path = tmp_path / "p.txt"
    path.write_text("\n".join(read_lines(data_file("puzzles3_magictour_top1465.txt"))[:12]))
    code = "import sudokit.logic.board as b; print(b.__file__.endswith('.py'))"
    outs = []
    for pure in ("0", "1"):
        env = dict(os.environ, SUDOKIT_PURE_PYTHON=pure)
        if pure == "1":
            where = subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
            )
            assert where.stdout.strip() == "True"
        done = subprocess.run(
            [sys.executable, "-m", "sudokit", "rate", "--json", str(path)],
            capture_output=True,
            env=env,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        outs.append(done.stdout)
    assert outs[0] == outs[1] and outs[0].count(b"\n") == 12
