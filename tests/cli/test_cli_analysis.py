"""``sudoku check --why``, ``sudoku minimize`` and ``sudoku backdoor``: what a puzzle's
givens do, as a user sees it, every answer counted again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit import Grid, count_solutions
from sudokit import solve as sudokit_solve
from support.clirunner import sudoku

PUBLISHED = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SOLUTION = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
#: The solution with four cells blank whose digits can swap.
RECTANGLE = "4689.15.77516.48.9392578461134756298289413675675289314846192753513867942927345186"
#: The published puzzle with its given at r1c1 taken away: many solutions.
OPENED = "." + PUBLISHED[1:]


def write(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "puzzles.txt"
    path.write_text("".join(line + "\n" for line in lines))
    return str(path)


def test_check_why_draws_two_solutions_and_says_how_to_make_it_unique(
        pure: bool, tmp_path: Path) -> None:
    path = write(tmp_path, RECTANGLE)
    done = sudoku("check", "--why", path)
    assert done.status == 1, done.stderr
    lines = done.out.splitlines()
    assert lines[0] == (
        f"{path}, line 1: more than one solution: two of them differ in 4 cells (an "
        "unavoidable set): r1c5, r1c8, r2c5, r2c8; unique with 1 clue of solution 1 "
        "(exact): r1c5=2")
    assert lines[1].split() == ["solution", "1", "solution", "2"]
    assert lines[2] == "   4  6  8 | 9 [2] 1 | 5 [3] 7        4  6  8 | 9 [3] 1 | 5 [2] 7"
    assert len(lines) == 1 + 1 + 11
    # without --why, check speaks of conflicts and blanks only
    assert sudoku("check", path).out == f"{path}, line 1: ok (4 blanks)\n"


def test_check_why_json_fields_answer_the_puzzle(pure: bool, tmp_path: Path) -> None:
    path = write(tmp_path, OPENED, PUBLISHED, SOLUTION[:-1] + ".")
    done = sudoku("check", "--why", "--json", path)
    assert done.status == 1
    several, unique, one_blank = (json.loads(line) for line in done.out.splitlines())
    assert not several["ok"] and several["why"]["verdict"] == "several"
    first, second = (Grid(s) for s in several["why"]["solutions"])
    puzzle = Grid(OPENED)
    differ = [puzzle.shape.cell_name(i) for i in range(81) if first.cells[i] != second.cells[i]]
    assert differ == several["why"]["unavoidable"]
    for clue in several["why"]["unique_with"]:
        name, digit = clue.split("=")
        puzzle = puzzle.with_digit(name, int(digit))
        assert first[name] == int(digit)
    assert count_solutions(puzzle) == 1
    assert several["why"]["method"] in ("exact", "greedy")
    assert unique["ok"] and unique["why"] == {"verdict": "unique", "solutions": [SOLUTION],
                                              "redundant": []}
    assert one_blank["why"]["redundant"] == [
        f"r{i // 9 + 1}c{i % 9 + 1}={SOLUTION[i]}" for i in range(80)]


def test_check_why_names_the_givens_that_leave_no_solution(pure: bool, tmp_path: Path) -> None:
    no_place = "...1....." "......1.." "234......" + "." * 54
    path = write(tmp_path, no_place, "5..5" + "." * 77)
    done = sudoku("check", "--why", path)
    assert done.status == 1
    assert done.out.splitlines() == [
        f"{path}, line 1: no solution: these 5 givens already leave none (smallest): "
        "r1c4=1, r2c7=1, r3c1=2, r3c2=3, r3c3=4",
        f"{path}, line 2: digit 5 appears twice in row 1 (r1c1, r1c4)",
        f"{path}, line 2: no solution: these 2 givens already leave none (smallest): "
        "r1c1=5, r1c4=5",
    ]


def test_check_why_on_a_unique_puzzle_names_its_redundant_givens(tmp_path: Path) -> None:
    extra = PUBLISHED[:80] + SOLUTION[80]
    done = sudoku("check", "--why", write(tmp_path, PUBLISHED, extra))
    assert done.status == 0
    assert [line.split(": ", 1)[1] for line in done.out.splitlines()] == [
        "ok (63 blanks); one solution; no given can go (minimal)",
        "ok (62 blanks); one solution; 1 redundant given (each alone can go): r9c9=6",
    ]


@pytest.mark.parametrize("args", [["--solution", "x.txt"]])
def test_check_why_refuses_what_it_cannot_answer(tmp_path: Path, args: list[str]) -> None:
    done = sudoku("check", "--why", *args, write(tmp_path, PUBLISHED))
    assert done.status == 2
    assert done.stderr.count("\n") == 1 and "--why" in done.stderr


def is_minimal_with(puzzle: Grid, solution: str) -> bool:
    """Unique with ``solution``, and every given needed."""
    if count_solutions(puzzle) != 1 or any(
            v and int(solution[i]) != v for i, v in enumerate(puzzle.cells)):
        return False
    return all(count_solutions(Grid.from_cells(puzzle.cells[:i] + (0,) + puzzle.cells[i + 1:]))
               == 2 for i, v in enumerate(puzzle.cells) if v)


def test_minimize_writes_each_record_minimal_in_its_place(pure: bool, tmp_path: Path) -> None:
    more = "".join(s if p != "." or i % 3 == 0 else "." for i, (p, s) in
                   enumerate(zip(PUBLISHED, SOLUTION, strict=True)))
    path = write(tmp_path, "# solved grids and a published puzzle", SOLUTION, PUBLISHED, more)
    done = sudoku("minimize", "--seed", "7", path)
    assert done.status == 0, done.stderr
    lines = done.out.splitlines()
    assert lines[0] == "# solved grids and a published puzzle" and len(lines) == 4
    assert lines[2] == PUBLISHED  # already minimal: unchanged
    for line in (lines[1], lines[3]):
        assert is_minimal_with(Grid(line), SOLUTION)
    assert lines[3] != lines[1]
    assert sudoku("minimize", "--seed", "7", path).out == done.out
    assert sudoku("minimize", "--seed", "8", path).out != done.out


def test_minimize_keeps_a_records_fields(tmp_path: Path) -> None:
    path = tmp_path / "p.csv"
    path.write_text(f"name,puzzle,level\nfirst,{SOLUTION},easy\n")
    done = sudoku("minimize", str(path))
    assert done.status == 0
    header, row = done.out.splitlines()
    name, puzzle, level = row.split(",")
    assert (header, name, level) == ("name,puzzle,level", "first", "easy")
    assert is_minimal_with(Grid(puzzle), SOLUTION)


def test_minimize_refuses_a_puzzle_without_one_solution_in_its_place(tmp_path: Path) -> None:
    path = write(tmp_path, RECTANGLE, SOLUTION, "44" + SOLUTION[2:])
    done = sudoku("minimize", path)
    assert done.status == 2
    assert done.stderr.splitlines() == [
        f"sudoku: error: {path}, line 1: cannot minimize: the puzzle has more than one "
        "solution",
        f"sudoku: error: {path}, line 3: cannot minimize: the puzzle has no solution"]
    lines = done.out.splitlines()
    assert lines[0] == "ERROR: cannot minimize: the puzzle has more than one solution"
    assert lines[2] == "ERROR: cannot minimize: the puzzle has no solution" and len(lines) == 3
    assert is_minimal_with(Grid(lines[1]), SOLUTION)


def test_minimize_refuses_a_size_it_does_not_take(tmp_path: Path) -> None:
    path = write(tmp_path, "." * 625)
    done = sudoku("minimize", path)
    assert done.status == 2
    assert "minimize takes puzzles up to 16x16, not 25x25" in done.stderr


def test_backdoor_answers_each_puzzle_of_a_collection_in_order(tmp_path: Path) -> None:
    hardest = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    path = write(tmp_path, "# three puzzles", hardest, SOLUTION, PUBLISHED, RECTANGLE)
    done = sudoku("backdoor", path)
    assert done.status == 2
    assert [line.split(": ", 1)[1] for line in done.out.splitlines()[:3]] == [
        "2 cells: r1c2=2, r1c5=4", "0 cells: singles solve it as it is",
        "2 cells: r1c2=6, r2c9=9"]
    assert done.out.splitlines()[3] == "ERROR: the puzzle has more than one solution"
    assert done.stderr == (f"sudoku: error: {path}, line 5: the puzzle has more than one "
                           "solution\n")
    # the backdoor's digits are the solution's, and with them the singles finish
    cells = list(Grid(PUBLISHED).cells)
    for clue in ("r1c2=6", "r2c9=9"):
        name, digit = clue.split("=")
        cell = Grid.empty(9).shape.parse_cell(name)
        assert SOLUTION[cell] == digit
        cells[cell] = int(digit)
    assert sudoku("backdoor", write(tmp_path, Grid.from_cells(cells).to_line())).out.endswith(
        "line 1: 0 cells: singles solve it as it is\n")


def test_backdoor_json_says_where_a_bounded_search_stopped(tmp_path: Path) -> None:
    done = sudoku("backdoor", "--json", "--nodes", "10", write(tmp_path, PUBLISHED))
    assert done.status == 0
    answer = json.loads(done.out)
    assert answer["size"] is None and answer["cells"] == [] and answer["at_least"] == 1
    assert answer["puzzle"] == PUBLISHED and answer["nodes"] == 10


#: The givens of a published puzzle (data/se_rated_sample.txt), as a mask.
MASK = "".join("x" if ch != "." else "." for ch in
               "..2..9....15..876..4.....5162.4.7.......1.......2.6.7417.....9..985..61....7..8..")


def test_create_to_a_pattern_gives_unique_puzzles_with_exactly_its_givens(
        pure: bool, tmp_path: Path) -> None:
    done = sudoku("create", "--pattern", MASK, "--seed", "3", "--count", "2", "--to", "line",
                  "--with-solution")
    assert done.status == 0, done.stderr
    first, first_solution, second, _ = done.out.splitlines()
    for line in (first, second):
        assert "".join("x" if ch != "." else "." for ch in line) == MASK
        assert count_solutions(Grid(line)) == 1
    assert Grid(first_solution).is_solved() and first != second
    mask_file = tmp_path / "mask.txt"
    mask_file.write_text("\n".join(MASK[i:i + 9] for i in range(0, 81, 9)) + "\n")
    from_file = sudoku("create", "--pattern", str(mask_file), "--seed", "3", "--count", "2",
                       "--to", "line", "--with-solution")
    assert from_file.out == done.out


@pytest.mark.parametrize(("args", "says"), [
    (["--pattern", "x" * 80], "80 cells make no sudoku grid"),
    (["--pattern", "x" * 40 + "y" + "." * 40], "'y' at character 41 is neither a given"),
    (["--pattern", "x" * 16 + "." * 65], "needs at least 17 givens; the mask has 16"),
    (["--pattern", "x" * 63 + "." * 18], "rows 8 and 9 have no given"),
    (["--pattern", "no-such-mask.txt"], "nor a file that can be read (No such file"),
    (["--pattern", MASK, "--clues", "30"], "--clues does not go with --pattern"),
])
def test_create_refuses_a_bad_or_impossible_pattern_in_one_line(
        args: list[str], says: str) -> None:
    done = sudoku("create", *args)
    assert done.status == 2 and done.out == ""
    assert done.stderr.count("\n") == 1 and says in done.stderr, done.stderr


def test_create_says_when_a_pattern_found_no_puzzle_in_its_tries() -> None:
    done = sudoku("create", "--pattern", MASK, "--difficulty", "extreme", "--tries", "20",
                  "--seed", "1")
    assert done.status == 1
    assert done.stderr == ("sudoku: error: gave up: no unique puzzle rated extreme with "
                           "this pattern of 29 givens in 20 tries; more tries (--tries) may "
                           "find one, more givens make it likelier\n")


def test_check_why_says_when_its_clues_are_a_greedy_answer(tmp_path: Path) -> None:
    done = sudoku("check", "--why", "--json", write(tmp_path, "." * 81))
    why = json.loads(done.out)["why"]
    assert why["method"] == "greedy"
    puzzle = Grid.from_cells([0] * 81)
    for clue in why["unique_with"]:
        name, digit = clue.split("=")
        puzzle = puzzle.with_digit(name, int(digit))
    assert count_solutions(puzzle) == 1
    assert Grid(why["solutions"][0]) == sudokit_solve(puzzle)
    text = sudoku("check", "--why", write(tmp_path, "." * 81)).out
    assert f"unique with {len(why['unique_with'])} clues of solution 1 (greedy, not proved " \
           "the fewest): " in text
