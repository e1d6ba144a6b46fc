"""``--variant``: the commands that read puzzles under other rules than the classic ones.

solve, count and check honour the rules; every other command, and every option that keeps
to the classic houses, refuses a variant puzzle with one line naming the rules (status 2).
"""

from __future__ import annotations

import pytest

from sudokit import Grid, Rules
from support.clirunner import sudoku

#: A classic solution whose diagonals repeat digits; with its main diagonal blanked it is a
#: classic puzzle with one solution, and an X puzzle with none.
CLASSIC = ("123456789456789123789123456214365897365897214897214365531642978642978531"
           "978531642")
NO_X = "".join("." if i % 10 == 0 else ch for i, ch in enumerate(CLASSIC))

#: An X puzzle: an X solution with cells dug out (its solutions keep both diagonals).
X_SOLUTION = ("123456789967812453845793216352968174671345892498127635286579341534681927"
              "719234568")
X_PUZZLE = "".join("." if (i * 7) % 11 < 5 else ch for i, ch in enumerate(X_SOLUTION))


def lines(*puzzles: str) -> bytes:
    return "".join(p + "\n" for p in puzzles).encode()


def test_solve_honours_the_variant_on_the_line_road_too() -> None:
    classic = sudoku("solve", stdin=lines(NO_X))
    assert classic.status == 0 and classic.out == CLASSIC + "\n"
    x = sudoku("solve", "--variant", "x", stdin=lines(NO_X))
    assert x.status == 1 and x.out == "ERROR: Puzzle not solveable\n"


def test_solve_gives_solutions_under_the_rules(tmp_path: object) -> None:
    x = Rules.preset("x")
    done = sudoku("solve", "--variant", "x", stdin=lines(X_PUZZLE, NO_X))
    assert done.status == 1
    first, second = done.out.splitlines()
    assert Grid(first, rules=x).is_solved()
    assert all(p in ".0" or p == s for p, s in zip(X_PUZZLE, first, strict=True))
    assert second == "ERROR: Puzzle not solveable"


def test_many_puzzles_at_once_keep_the_rules() -> None:
    # enough puzzles for the batch engine: it must take the rules along
    done = sudoku("solve", "--variant", "x", stdin=lines(*[X_PUZZLE, NO_X] * 40))
    answers = done.out.splitlines()
    assert len(answers) == 80 and done.status == 1
    assert answers[1::2] == ["ERROR: Puzzle not solveable"] * 40
    assert all(Grid(a, rules=Rules.preset("x")).is_solved() for a in answers[::2])
    counted = sudoku("count", "--variant", "x", stdin=lines(*[NO_X] * 70))
    assert counted.out == "0\n" * 70


def test_count_follows_the_rules() -> None:
    assert sudoku("count", stdin=lines(NO_X)).out == "1\n"
    assert sudoku("count", "--variant", "x", stdin=lines(NO_X)).out == "0\n"
    free = "." * 81
    assert sudoku("count", "--limit", "5", "--variant", "x+anti-knight",
                  stdin=lines(free)).out == "5\n"


def test_check_names_the_rule_that_is_broken() -> None:
    done = sudoku("check", "--variant", "x", stdin=lines(CLASSIC))
    assert done.status == 1
    assert "digit 9 appears 3 times in the main diagonal (r3c3, r5c5, r7c7)" in done.out
    nc = sudoku("check", "--variant", "non-consecutive", stdin=lines("45" + "." * 79))
    assert nc.status == 1
    assert "neighbours hold consecutive digits 4 and 5 (r1c1, r1c2)" in nc.out
    assert sudoku("check", stdin=lines(CLASSIC)).status == 0


@pytest.mark.parametrize(("command", "words"), [
    (["solve", "--method", "propagate"], "propagating the candidates of"),
])
def test_commands_that_cannot_honour_the_rules_refuse_by_name(command: list[str],
                                                                words: str) -> None:
    done = sudoku(*command, "--variant", "x+anti-knight", stdin=lines(X_PUZZLE))
    assert done.status == 2
    assert done.stdout == b""
    assert done.stderr.splitlines() == [
        f"sudoku: error: <stdin>, line 1: {words} X + anti-knight 9x9 puzzles is not "
        "supported yet"]


def test_a_format_that_cannot_hold_the_rules_refuses_and_pictures_draw_them() -> None:
    done = sudoku("convert", "--to", "pretty", "--variant", "x+anti-knight",
                  stdin=lines(X_PUZZLE))
    assert (done.status, done.stdout) == (2, b"")
    assert done.stderr.splitlines() == [
        "sudoku: error: the pretty format cannot hold the X rules (X + anti-knight 9x9): "
        "write it --to fpuzzles or sudokupad"]
    drawn = sudoku("solve", "--to", "svg", "--variant", "x+anti-knight", stdin=lines(X_PUZZLE))
    assert drawn.status == 0, drawn.stderr
    assert drawn.out.count('class="diagonal"') == 2 and "knight" in drawn.out


@pytest.mark.parametrize(("variant", "words"), [
    ("killer", "the killer clues come with the puzzle"),
    ("hexadoku-x", "unknown rules 'hexadoku-x': known are classic, jigsaw, x, windoku"),
    ("x+samurai", "samurai puzzles (overlapping grids) cannot be combined with other rules"),
])
def test_a_bad_variant_is_one_clear_error(variant: str, words: str) -> None:
    done = sudoku("solve", "--variant", variant, stdin=lines(X_PUZZLE))
    assert done.status == 2 and done.stdout == b""
    assert words in done.stderr


@pytest.mark.parametrize(("variant", "words"), [
    ("jigsaw", "jigsaw: the regions come with the puzzle"),
    ("x+even-odd", "even-odd: the odd and even cells come with the puzzle"),
])
def test_a_variant_whose_data_the_input_lacks_is_one_line(variant: str, words: str) -> None:
    done = sudoku("solve", "--variant", variant, stdin=lines(X_PUZZLE, X_PUZZLE))
    assert done.status == 2 and done.stdout == b""
    assert len(done.stderr.splitlines()) == 1 and words in done.stderr


def test_windoku_needs_a_9x9_grid() -> None:
    done = sudoku("solve", "--variant", "windoku", stdin=lines("." * 16))
    assert done.status == 2
    assert done.stderr.splitlines() == [
        "sudoku: error: <stdin>, line 1: windoku needs a 9x9 grid, not 4x4"]


def test_help_says_what_variant_takes(capsys: pytest.CaptureFixture[str]) -> None:
    assert sudoku("solve", "--help").status == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--variant NAME[+NAME...]" in text and "windoku" in text
