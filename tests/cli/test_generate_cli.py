"""``sudoku create`` as a user runs it, and the fuzz workflow (create | solve)."""

from __future__ import annotations

import pytest

from sudokit import Grid, is_solution
from support.clirunner import sudoku
from support.generated import assert_minimal, assert_symmetric, assert_unique


def read_grid_blocks(text: str, box: tuple[int, int] | None = None) -> list[Grid]:
    """Puzzles in the grid layout: N lines of N space-separated ints, blank-line separated."""
    blocks = [b for b in text.strip("\n").split("\n\n") if b.strip()]
    return [Grid.from_rows([[int(t) for t in line.split()] for line in b.split("\n")], box)
            for b in blocks]


def test_create_prints_a_grid() -> None:
    done = sudoku("create")
    assert done.status == 0 and done.stderr == ""
    lines = done.out.split("\n")
    assert lines[-1] == "" and len(lines) == 10  # 9 lines, each ended by a newline
    for line in lines[:9]:
        tokens = line.split(" ")
        assert len(tokens) == 9 and all(t in "0123456789" and len(t) == 1 for t in tokens)
    (puzzle,) = read_grid_blocks(done.out)
    assert puzzle.blanks >= 40
    assert_unique(puzzle)


def test_create_differs_each_run() -> None:
    assert sudoku("create").out != sudoku("create").out


def test_seed_repeats_whatever_the_jobs() -> None:
    one = sudoku("create", "--seed", "s1", "--count", "8", "--to", "line")
    assert one.status == 0
    assert sudoku("create", "--seed", "s1", "--count", "8", "--to", "line", "--jobs", "2").out \
        == one.out
    lines = one.out.splitlines()
    assert len(lines) == 8 and len(set(lines)) == 8
    assert all(len(line) == 81 for line in lines)


def test_fuzz_workflow_create_then_solve() -> None:
    """The fuzz test: create N puzzles, solve each, count successes and failures."""
    made = sudoku("create", "--count", "30", "--to", "line", "--seed", "fuzz")
    solved = sudoku("solve", "--unique", stdin=made.stdout)
    assert solved.status == 0
    puzzles = [Grid(line) for line in made.out.splitlines()]
    answers = solved.out.splitlines()
    successes = sum(1 for p, a in zip(puzzles, answers, strict=True)
                    if not a.startswith("ERROR") and is_solution(Grid(a), p))
    failures = len(answers) - successes
    assert (successes, failures) == (30, 0)


def test_grid_output_solves_too() -> None:
    made = sudoku("create", "--count", "3", "--seed", "g")
    solved = sudoku("solve", stdin=made.stdout)
    assert solved.status == 0
    for puzzle, solution in zip(read_grid_blocks(made.out), read_grid_blocks(solved.out),
                                strict=True):
        assert is_solution(solution, puzzle)


def test_binary_holds_one_puzzle() -> None:
    done = sudoku("create", "--to", "binary", "--seed", "1")
    assert done.status == 0 and len(done.stdout) == 324


def test_with_solution() -> None:
    done = sudoku("create", "--with-solution", "--to", "line", "--seed", "1", "--count", "2")
    lines = done.out.splitlines()
    assert len(lines) == 4
    for puzzle, solution in (lines[0:2], lines[2:4]):
        assert is_solution(Grid(solution), Grid(puzzle))


def test_options_reach_the_puzzle() -> None:
    done = sudoku("create", "--clues", "26", "--symmetry", "rot180", "--minimal", "--seed",
                  "3", "--to", "line", "--tries", "100000")
    assert done.status == 0, done.stderr
    puzzle = Grid(done.out.strip())
    assert puzzle.givens == 26
    assert_symmetric(puzzle, "rot180")
    assert_minimal(puzzle)


@pytest.mark.parametrize(("args", "n", "box"), [
    (["--size", "4"], 4, None),
    (["--size", "6"], 6, None),
    (["--size", "8", "--box", "4x2"], 8, (4, 2)),
    (["--size", "16"], 16, None),
])
def test_sizes(args: list[str], n: int, box: tuple[int, int] | None) -> None:
    done = sudoku("create", *args, "--seed", "1")
    assert done.status == 0, done.stderr
    (puzzle,) = read_grid_blocks(done.out, box)
    assert puzzle.n == n
    if n <= 8:
        assert_unique(puzzle)


@pytest.mark.parametrize(("args", "words"), [
    (["--clues", "16"], "at least 17"),
    (["--clues", "30", "--symmetry", "rot90"], "rot90"),
    (["--size", "7"], "--box"),
    (["--size", "9", "--box", "2x3"], "does not tile"),
    (["--symmetry", "spiral"], "invalid choice"),
    (["--count", "0"], "at least 1"),
    (["--difficulty", "fiendish"], "invalid choice"),
    (["--to", "binary", "--count", "2"], "one puzzle per file"),
])
def test_impossible_options_exit_2_with_one_line(args: list[str], words: str) -> None:
    done = sudoku("create", *args)
    assert done.status == 2
    assert done.stdout == b""
    assert done.stderr.count("\n") == 1 and words in done.stderr
    assert "Traceback" not in done.stderr


def test_difficulty() -> None:
    from sudokit.logic.rating import rate

    done = sudoku("create", "--difficulty", "hard", "--seed", "1", "--to", "line")
    assert done.status == 0
    assert rate(Grid(done.out.strip())).level == "hard"


def test_giving_up_exits_1_and_says_so() -> None:
    done = sudoku("create", "--clues", "18", "--tries", "2", "--seed", "1")
    assert done.status == 1
    assert done.stderr.startswith("sudoku: error: gave up") and done.stderr.count("\n") == 1


# -- the default tries are enough for every level -------------------------------------------
# Tries a level needs, measured over seeds 0-19: 9x9 extreme up to 1188 (366 on average),
# 16x16 medium up to 39 and hard up to 80. The defaults leave a wide margin.
@pytest.mark.parametrize("args", [
    ["--difficulty", "extreme", "--seed", "3", "--count", "2"],  # the second needs 1000+
    ["--size", "16", "--difficulty", "medium", "--seed", "1"],   # 39 tries
])
def test_the_default_tries_make_every_level(args: list[str]) -> None:
    done = sudoku("create", *args, "--to", "line")
    assert (done.status, done.stderr) == (0, "")
    assert len(done.out.splitlines()) == (2 if "--count" in args else 1)


def test_print_create_takes_tries(tmp_path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("reportlab")
    # a medium 9x9 from seed 0 is found at the 5th solution grid
    book = tmp_path / "book.pdf"
    made = ["print", "--create", "1", "--difficulty", "medium", "--seed", "0", "-o", str(book)]
    short = sudoku(*made, "--tries", "4")
    assert "gave up: no 9x9 puzzle rated medium found in 4 tries" in short.stderr
    assert not book.exists()
    assert sudoku(*made, "--tries", "5").status == 0
    assert book.read_bytes().startswith(b"%PDF")


def test_print_tries_without_making_puzzles_is_bad_usage() -> None:
    done = sudoku("print", "--tries", "5", "-o", "-", stdin=b"")
    assert done.status == 2 and "--tries" in done.stderr and done.stderr.count("\n") == 1


def test_a_level_no_puzzle_has_ends_at_the_default_tries() -> None:
    done = sudoku("create", "--size", "4", "--difficulty", "hard", "--seed", "1")
    assert done.status == 1 and done.stdout == b""
    assert done.stderr == ("sudoku: error: gave up: no 4x4 puzzle rated hard found in 20000 "
                           "tries; more tries (--tries) may find one\n")
