"""A newcomer's first five minutes with the command: each stumble once met is a test here
(the progress bar on a terminal, unreadable files, mistyped commands, empty or terminal
input, binary output, -o FILE, wording)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from sudokit import Grid, is_solution
from sudokit.cli import run
from sudokit.cli.env import Env
from sudokit.logic.techniques import LADDER
from support.clirunner import sudoku, sudoku_process
from support.files import EXAMPLES

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
CLASSIC = str(EXAMPLES / "classic.grid")


class Terminal:
    """One terminal that standard output (bytes) and standard error (text) both write to,
    keeping everything in the order it was written."""

    def __init__(self) -> None:
        self.screen = ""

    def write(self, data: str | bytes) -> int:
        self.screen += data.decode() if isinstance(data, bytes) else data
        return len(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def _on_a_terminal(args: list[str], stdin: bytes = b"") -> tuple[int, str]:
    tty = Terminal()
    env = Env(stdin=io.BytesIO(stdin), stdout=tty, stderr=tty,  # type: ignore[arg-type]
              stderr_isatty=True, stdout_isatty=True, stdin_isatty=False)
    return run(args, env), tty.screen


# -- 1. the progress bar ---------------------------------------------------------------------
@pytest.mark.parametrize("command", ["solve", "count", "rate", "hint", "check"])
def test_results_on_a_terminal_start_on_a_line_of_their_own_beside_the_bar(
        command: str, tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text((PUZZLE + "\n") * 30)
    status, screen = _on_a_terminal([command, str(path)])
    assert status == 0
    assert "puzzles" in screen  # the bar was drawn
    # every result begins where the bar was cleared ('\r') or on a new line, never after the
    # bar's text (the scrollback showed "3 puzzles [00:00, 5.63 puzzles/s]medium 3.4 ...")
    for match in re.finditer(r"puzzles/s\]", screen):
        following = screen[match.end():match.end() + 1]
        assert following in ("", "\r", " ", "\n", "\x1b"), repr(screen[match.start():][:80])


def test_the_bar_has_a_total_and_an_eta_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text((PUZZLE + "\n") * 50)
    _, screen = _on_a_terminal(["hint", str(path)])
    assert re.search(r"\d+/50 \[", screen), screen[:300]


def test_create_shows_its_total() -> None:
    _, screen = _on_a_terminal(["create", "--count", "3", "--seed", "1", "--to", "line"])
    assert "/3 " in screen


@pytest.mark.parametrize("switch", ["--no-progress", "TQDM_DISABLE"])
def test_the_bar_can_be_switched_off(switch: str, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["solve", "-"]
    if switch == "--no-progress":
        args.append(switch)
    else:
        monkeypatch.setenv("TQDM_DISABLE", "1")
    status, screen = _on_a_terminal(args, ((PUZZLE + "\n") * 20).encode())
    assert status == 0
    assert "puzzles" not in screen
    assert len(screen.splitlines()) == 20


def test_no_color_leaves_no_colour_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    _, screen = _on_a_terminal(["rate", "-"], ((PUZZLE + "\n") * 5).encode())
    assert not re.search(r"\x1b\[[0-9;]*m", screen)


# -- 2. unreadable files ---------------------------------------------------------------------
def test_an_unreadable_file_is_reported_and_the_others_are_answered(tmp_path: Path) -> None:
    outcome = sudoku("count", CLASSIC, str(tmp_path / "nosuch.txt"), str(tmp_path),
                     str(EXAMPLES / "cdoku.csv"))
    assert outcome.status == 2
    assert outcome.out == "1\n1\n"  # classic.grid, then cdoku.csv after the two bad names
    assert outcome.stderr.splitlines() == [
        f"sudoku: error: cannot read {str(tmp_path / 'nosuch.txt')!r}: No such file or "
        "directory",
        f"sudoku: error: cannot read {str(tmp_path)!r}: Is a directory",
    ]


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads all")
def test_a_file_without_permission_is_reported_and_the_others_answered(tmp_path: Path) -> None:
    locked = tmp_path / "locked.txt"
    locked.write_text(PUZZLE + "\n")
    locked.chmod(0)
    outcome = sudoku("solve", str(locked), "-", stdin=(PUZZLE + "\n").encode())
    assert outcome.status == 2
    assert is_solution(Grid(outcome.out.strip()), Grid(PUZZLE))
    assert "Permission denied" in outcome.stderr


# -- 4. mistyped commands and `sudoku help` --------------------------------------------------
def test_a_mistyped_command_is_not_read_as_a_file() -> None:
    outcome = sudoku("slove", "x")
    assert outcome.status == 2
    assert outcome.stderr == "sudoku: error: unknown command 'slove' (did you mean 'solve'?)\n"


def test_an_unknown_word_names_the_help() -> None:
    outcome = sudoku("frobnicate")
    assert outcome.status == 2
    assert "unknown command 'frobnicate'" in outcome.stderr


def test_sudoku_file_still_solves_an_existing_file() -> None:
    outcome = sudoku(str(EXAMPLES / "puzzles.txt"))
    assert outcome.status == 0
    assert len(outcome.out.splitlines()) > 2


@pytest.mark.parametrize("topic", [None, "solve", "rate"])
def test_sudoku_help_is_the_help(topic: str | None) -> None:
    args = ["help"] + ([topic] if topic else [])
    outcome = sudoku_process(*args)
    plain = sudoku_process(*([topic] if topic else []), "--help")
    assert outcome.status == 0
    assert outcome.stdout == plain.stdout


def test_sudoku_help_of_a_mistyped_command() -> None:
    outcome = sudoku("help", "chek")
    assert outcome.status == 2
    assert "did you mean 'check'?" in outcome.stderr


# -- 7. empty input, a terminal's standard input ---------------------------------------------
def test_reading_a_terminal_says_how_to_end() -> None:
    err = io.StringIO()
    out = io.BytesIO()
    env = Env(stdin=io.BytesIO((PUZZLE + "\n").encode()), stdout=out, stderr=err,
              stderr_isatty=True, stdin_isatty=True)
    assert run(["solve", "--no-progress"], env) == 0
    assert err.getvalue() == "sudoku: reading puzzles from standard input; Ctrl-D to end\n"
    assert is_solution(Grid(out.getvalue().decode().strip()), Grid(PUZZLE))


def test_reading_a_pipe_says_nothing() -> None:
    outcome = sudoku("solve", stdin=(PUZZLE + "\n").encode())
    assert outcome.stderr == ""


# -- 8. binary output on a terminal ----------------------------------------------------------
def test_binary_is_not_written_to_a_terminal() -> None:
    status, screen = _on_a_terminal(["convert", CLASSIC, "--to", "binary", "--no-progress"])
    assert status == 2
    assert screen == ("sudoku: error: binary output is not written to a terminal: use -o FILE "
                      "or a redirect\n")


def test_binary_goes_to_a_file_with_o(tmp_path: Path) -> None:
    target = tmp_path / "g.bin"
    outcome = sudoku("convert", CLASSIC, "--to", "binary", "-o", str(target))
    assert outcome.status == 0
    assert outcome.stdout == b""
    assert target.stat().st_size == 324


# -- -o FILE ---------------------------------------------------------------------------------
def test_output_file_is_written_when_the_command_ends(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    outcome = sudoku("solve", "-o", str(target), stdin=(PUZZLE + "\n").encode())
    assert (outcome.status, outcome.stdout) == (0, b"")
    assert is_solution(Grid(target.read_text().strip()), Grid(PUZZLE))
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary file left


def test_output_file_is_kept_when_the_command_fails(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("the earlier results\n")
    outcome = sudoku("solve", str(tmp_path / "nosuch"), "-o", str(target))
    assert outcome.status == 2
    assert target.read_text() == "the earlier results\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_output_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    assert sudoku("solve", "-o", str(target), stdin=(PUZZLE + "\n").encode()).status == 0
    assert target.stat().st_mode & 0o777 == 0o640


def test_output_into_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    outcome = sudoku("solve", "-o", str(tmp_path / "no" / "out.txt"),
                     stdin=(PUZZLE + "\n").encode())
    assert outcome.status == 2
    assert "cannot write" in outcome.stderr and "No such file" in outcome.stderr


@pytest.mark.parametrize("command", ["solve", "count", "check", "convert", "create", "hint",
                                     "explain", "rate", "bench", "completion"])
def test_every_command_that_writes_results_has_o(command: str) -> None:
    outcome = sudoku("help", command)
    assert b"--output FILE" in outcome.stdout


# -- --jobs ----------------------------------------------------------------------------------
def test_jobs_beyond_the_cores_are_cut_and_said(monkeypatch: pytest.MonkeyPatch) -> None:
    import sudokit.cli

    monkeypatch.setattr(sudokit.cli, "usable_cores", lambda: 2)
    outcome = sudoku("count", "--jobs", "16", stdin=(PUZZLE + "\n").encode())
    assert outcome.status == 0
    assert outcome.stderr == "sudoku: --jobs 16: using 2, the cores this machine has\n"


def test_huge_limit_is_refused_in_one_line() -> None:
    outcome = sudoku("count", "--limit", str(10**20), stdin=(PUZZLE + "\n").encode())
    assert outcome.status == 2
    assert "--limit" in outcome.stderr and "at most" in outcome.stderr
    assert len(outcome.stderr.splitlines()) == 1


# -- 12. the showcase examples ---------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(p.name for p in EXAMPLES.iterdir()))
def test_every_example_has_exactly_one_solution(path: str) -> None:
    outcome = sudoku("count", "--limit", "10", str(EXAMPLES / path))
    expected = "0" if path == "grid02.bin" else "1"  # grid02.bin has none, on purpose
    assert set(outcome.out.split()) == {expected}


# -- 11. create's largest size ---------------------------------------------------------------
def test_create_says_its_size_limit_at_once() -> None:
    outcome = sudoku("create", "--size", "49")
    assert outcome.status == 2
    assert "up to 36x36" in outcome.stderr and outcome.stdout == b""


# -- 9. wording ------------------------------------------------------------------------------
def test_rate_of_a_solved_grid_says_so() -> None:
    outcome = sudoku("rate", str(EXAMPLES / "cdoku_solution.table"))
    assert outcome.out == "easy 0.0 (already solved: nothing to rate)\n"


def test_a_box_that_does_not_fit_says_so() -> None:
    outcome = sudoku("solve", CLASSIC, "--box", "5x5")
    assert outcome.status == 2
    assert "--box 5x5 does not fit a 9x9 puzzle" in outcome.stderr


@pytest.mark.parametrize("command", ["solve", "count", "create", "rate", "bench"])
def test_jobs_means_the_same_everywhere(command: str) -> None:
    text = " ".join(sudoku("help", command).out.split())
    assert "work on N cores at once" in text


# -- the output of rate on many puzzles, --format ---------------------------------------------
def test_rate_on_many_puzzles_names_each_and_reads_back() -> None:
    path = EXAMPLES / "puzzles.txt"
    outcome = sudoku("rate", str(path))
    puzzles = [line for line in path.read_text().splitlines() if line[:1] not in ("#", "")]
    named = [line.split(" ", 1)[0] for line in outcome.out.splitlines()]
    assert [Grid(p) for p in named] == [Grid(p) for p in puzzles]


def test_rate_of_one_puzzle_stays_one_rating() -> None:
    assert sudoku("rate", CLASSIC).out == "easy 1.2 (Hidden Single) ED=1.2/1.2/1.2\n"


def test_rate_scale_has_a_header() -> None:
    lines = sudoku("rate", "--scale").out.splitlines()
    assert lines[1].split() == ["#", "technique", "level", "score", "effort"]


@pytest.mark.parametrize(("command", "template", "expected"), [
    ("solve", "{line}:{status}", "1:solved\n"),
    ("count", "{file}:{line}:{count}", f"{CLASSIC}:1:1\n"),
    ("rate", "{level} {score} {hardest}", "easy 1.2 Hidden Single\n"),
    ("check", "{status}", "ok (51 blanks)\n"),
])
def test_format_templates(command: str, template: str, expected: str) -> None:
    outcome = sudoku(command, CLASSIC, "--format", template)
    assert (outcome.status, outcome.out) == (0, expected)


def test_format_puzzle_and_solution_are_lines() -> None:
    outcome = sudoku("solve", CLASSIC, "--format", "{puzzle}\\t{solution}")
    puzzle, solution = outcome.out.rstrip("\n").split("\t")
    assert is_solution(Grid(solution), Grid(puzzle))


def test_a_template_naming_no_field_is_one_line() -> None:
    outcome = sudoku("count", CLASSIC, "--format", "{nope}")
    assert outcome.status == 2
    # each record lacks it: an ERROR line in its place, said once on standard error
    assert outcome.stderr.startswith(f"sudoku: error: {CLASSIC}, line 1: --format names {{nope}}")
    assert outcome.out.startswith(f"ERROR: {CLASSIC}, line 1: --format names {{nope}}")
    bad = sudoku("count", CLASSIC, "--format", "{puzzle")
    assert bad.status == 2 and "--format" in bad.stderr


def test_argparse_names_no_internal_function() -> None:
    outcome = sudoku("solve", CLASSIC, "--time-limit", "soon")
    assert outcome.status == 2
    assert "_positive" not in outcome.stderr and "not a number: 'soon'" in outcome.stderr


def test_every_option_type_has_a_public_name() -> None:
    """argparse shows a type's name when it fails with a plain ValueError: none is private."""
    import argparse

    from sudokit.cli import build_parser

    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in subparsers.choices.items():
        for action in sub._actions:
            kind = getattr(action.type, "__name__", "")
            assert not kind.startswith("_"), (name, action.dest, kind)


# -- 3. a puzzle of another size -------------------------------------------------------------
def test_a_puzzle_of_another_size_gets_an_error_in_its_place() -> None:
    lines = [line for line in (EXAMPLES / "puzzles.txt").read_text().splitlines()
             if line[:1] not in ("#", "")]
    text = "\n".join(lines[:2] + ["1..4..1..4..2..3"] + lines[2:]) + "\n"
    outcome = sudoku("solve", stdin=text.encode())
    answers = outcome.out.splitlines()
    assert len(answers) == 5 and answers[2].startswith("ERROR: <stdin>, line 3: ")
    for puzzle, answer in zip(lines, answers[:2] + answers[3:], strict=True):
        assert is_solution(Grid(answer), Grid(puzzle))
    assert outcome.status == 2


# -- 5. one report per problem, then a summary ----------------------------------------------
def test_a_wrong_from_is_summed_up(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text((PUZZLE + "\n") * 40)
    outcome = sudoku("solve", "--from", "csv", str(path))
    errors = outcome.stderr.splitlines()
    assert len(errors) <= 6  # not one per line
    assert errors[-1] == (f"sudoku: error: {path}: this does not look like csv; detected: line "
                          "(leave out --from to read it so)")
    assert any("more records like that" in e for e in errors)
    assert len(outcome.out.splitlines()) == 40  # each record still has its ERROR line


def test_on_a_terminal_each_bad_record_is_said_once() -> None:
    status, screen = _on_a_terminal(["solve", "--no-progress", "-"], b"12345\n" + PUZZLE.encode())
    assert status == 2
    assert screen.count("line 1: expected 81 cells") == 1


# -- the input's own fields ------------------------------------------------------------------
def _kaggle_csv(tmp_path: Path) -> tuple[Path, str]:
    solution = sudoku("solve", "--to", "line", stdin=(PUZZLE + "\n").encode()).out.strip()
    wrong = solution[:-1] + ("1" if solution[-1] != "1" else "2")
    path = tmp_path / "bank.csv"
    path.write_text("id,puzzle,solution,difficulty\n"
                    f"7,{PUZZLE},{solution},hard\n8,{PUZZLE},{wrong},easy\n")
    return path, solution


def test_templates_carry_the_inputs_own_fields(tmp_path: Path) -> None:
    path, _ = _kaggle_csv(tmp_path)
    outcome = sudoku("rate", str(path), "--format", "{id},{difficulty},{level}")
    assert outcome.out == "7,hard,extreme\n8,easy,extreme\n"


def test_check_uses_a_csv_solution_column(tmp_path: Path) -> None:
    path, _ = _kaggle_csv(tmp_path)
    outcome = sudoku("check", str(path))
    lines = outcome.out.splitlines()
    assert outcome.status == 1
    assert lines[0] == f"{path}, line 2: ok (complete)"
    assert lines[1].startswith(f"{path}, line 3: solution: digit")


# -- long jobs end -----------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["rate"], ["explain", "--guess"]])
def test_an_empty_16x16_ends_within_its_time_limit_and_says_so(command: list[str]) -> None:
    # a limit that runs out on any machine, however fast: the test is of what is said then
    outcome = sudoku(*command, "--time-limit", "0.01", stdin=("." * 256 + "\n").encode())
    assert outcome.status == 1
    assert "gave up after 0.01 s" in outcome.out


def test_hint_on_an_empty_16x16_gives_a_step() -> None:
    """Every technique is searched once (not the uniqueness ones: the grid has many
    solutions), then brute force steps in: work bounded by searches, not by seconds."""
    searches = sum(1 for t in LADDER if not t.uniqueness)
    outcome = sudoku("hint", "--time-limit", "100000", "--max-searches", str(searches),
                     stdin=("." * 256 + "\n").encode())
    assert outcome.status == 0 and outcome.out.startswith("Brute Force [r1c1]")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_output_to_a_device_writes_to_it_and_never_replaces_it() -> None:
    import stat

    outcome = sudoku("solve", "-o", "/dev/full", stdin=(PUZZLE + "\n").encode())
    assert outcome.status == 2
    assert outcome.stderr == ("sudoku: error: cannot write '/dev/full': No space left on "
                              "device\n")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)  # still the device, not a file


def test_output_through_a_link_replaces_the_file_it_points_to(tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert sudoku("solve", "-o", str(link), stdin=(PUZZLE + "\n").encode()).status == 0
    assert link.is_symlink()
    assert is_solution(Grid(target.read_text().strip()), Grid(PUZZLE))


# -- shell completion --------------------------------------------------------------------------
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_know_the_commands_and_options(shell: str) -> None:
    pytest.importorskip("shtab")
    outcome = sudoku("completion", shell)
    assert outcome.status == 0
    for word in ("solve", "rate", "format", "no-progress"):  # fish writes options "-l format"
        assert word in outcome.out, (shell, word)


def test_solve_answers_the_good_file_before_a_missing_one(tmp_path: Path) -> None:
    outcome = sudoku("solve", CLASSIC, str(tmp_path / "nosuch.txt"))
    assert outcome.status == 2
    assert outcome.stdout == sudoku("solve", CLASSIC).stdout  # the first file's answer
    assert "nosuch.txt" in outcome.stderr and len(outcome.stderr.splitlines()) == 1


def test_hint_on_a_large_empty_grid_gives_up_within_its_time_limit() -> None:
    outcome = sudoku("hint", "--time-limit", "0.01", stdin=("." * 625 + "\n").encode())
    assert outcome.status == 1
    assert outcome.out == "ERROR: gave up after 0.01 s (--time-limit)\n"
    assert outcome.stderr == ("sudoku: error: <stdin>, line 1: gave up after 0.01 s "
                              "(--time-limit)\n")
