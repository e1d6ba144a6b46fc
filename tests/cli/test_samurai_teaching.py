"""``sudoku hint``, ``explain`` and ``rate`` on samurai and the other overlapping grids: a sheet
file is known by its layout (or named by --variant), and every step the commands print names
sheet cells and the grids' houses and keeps the solution."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sudokit import solve
from sudokit.sheets import SheetGrid
from support.clirunner import sudoku

#: A samurai puzzle with one solution (made by digging a solved sheet while the solver
#: found one solution), laid out on its 21x21 sheet.
SAMURAI = (
    "........4   2........\n"
    "..93.7...   .7..8....\n"
    ".1.....7.   ...127..4\n"
    "4...7.15.   ...8.49..\n"
    ".2.89....   ....9..1.\n"
    "3..52....   .6...23..\n"
    "..7.1....5.9.2..6...8\n"
    ".5.............9.....\n"
    ".......3...6.........\n"
    "      51......7\n"
    "      ..3......\n"
    "      ....846..\n"
    ".....9.........1..7..\n"
    "..91....86.....6....5\n"
    "..8.5.....1....4..1..\n"
    "2..76....   ..57..8.3\n"
    "79.......   739..2...\n"
    "..4.3....   .4.....2.\n"
    "...8..97.   .5.......\n"
    ".........   ....4..1.\n"
    "4....5..6   ...8..6..\n"
)

#: Two 9x9 grids sharing a box, one solution.
TWODOKU = (
    "..3...9..\n"
    "...3....8\n"
    "...9..67.\n"
    "49...31..\n"
    "1......67\n"
    "...5.....\n"
    "....1..........\n"
    "..2..8......2..\n"
    "..1.6.....8..4.\n"
    "      .2...4..3\n"
    "      4...3.6..\n"
    "      .....1..7\n"
    "      ...9.2...\n"
    "      6.......5\n"
    "      .7.64....\n"
)

#: ``r7c13=5`` and ``r1c2,r3c14<>7``, as a step line says them.
CHANGE = re.compile(r"((?:r\d+c\d+,?)+)(=|<>)(\d)")


@pytest.fixture
def samurai_file(tmp_path: Path) -> Path:
    path = tmp_path / "samurai.txt"
    path.write_text(SAMURAI)
    return path


def solution_of(text: str) -> dict[str, int]:
    """The solution of a sheet text, cell name by cell name."""
    puzzle = SheetGrid.parse(text)
    solved = solve(puzzle)
    assert solved is not None
    return {puzzle.sheet.cell_name(c): d for c, d in enumerate(solved.digits)}


def check_changes(line: str, solution: dict[str, int]) -> int:
    """Every placement and elimination of a step line keeps ``solution``; how many."""
    changes = line.split("]: ", 1)[1]
    count = 0
    for cells, kind, digit in CHANGE.findall(changes):
        for cell in cells.rstrip(",").split(","):
            assert (solution[cell] == int(digit)) == (kind == "="), line
            count += 1
    return count


def test_explain_names_sheet_cells_and_keeps_the_solution(samurai_file: Path) -> None:
    done = sudoku("explain", str(samurai_file))
    assert done.status == 0, done.stderr
    solution = solution_of(SAMURAI)
    steps = [line for line in done.out.splitlines() if re.match(r"\s*\d+\. ", line)]
    assert len(steps) >= 369 - SheetGrid.parse(SAMURAI).givens
    assert sum(check_changes(line, solution) for line in steps) >= len(steps)
    assert any(int(re.search(r"c(\d+)", line).group(1)) > 9 for line in steps)  # type: ignore[union-attr]
    assert " of grid " in done.out and done.out.rstrip().splitlines()[-1].startswith("solved in")


def test_hint_with_variant_names_a_sheet_cell(samurai_file: Path) -> None:
    done = sudoku("hint", "--why", "--variant", "samurai", str(samurai_file))
    assert done.status == 0, done.stderr
    step, why = done.out.splitlines()
    assert check_changes(step, solution_of(SAMURAI)) == 1
    assert re.search(r"(row|column|box) \d of grid \d", why)


def test_hint_levels_and_every_step(samurai_file: Path) -> None:
    nudge = sudoku("hint", "--level", "nudge", str(samurai_file))
    assert re.fullmatch(r"Look at (row|column|box) \d of grid \d\.\n", nudge.out), nudge.out
    every = sudoku("hint", "--all", str(samurai_file))
    assert every.status == 0 and every.out.startswith("Hidden Single:")
    solution = solution_of(SAMURAI)
    for line in every.out.splitlines():
        if line.startswith("  "):
            check_changes(line, solution)


def test_rate_gives_a_difficulty(samurai_file: Path) -> None:
    done = sudoku("rate", "--json", str(samurai_file))
    assert done.status == 0, done.stderr
    rating = json.loads(done.out)
    assert rating["solutions"] == 1 and rating["guesses"] == 0
    assert rating["level"] in ("easy", "medium", "hard", "expert", "extreme")
    assert rating["score"] >= 1.0 and rating["steps"] > 200
    plain = sudoku("rate", str(samurai_file))
    assert plain.out.startswith(rating["level"] + " ")


def test_explain_json_and_pretty_on_two_grids(tmp_path: Path) -> None:
    path = tmp_path / "twodoku.txt"
    path.write_text(TWODOKU)
    done = sudoku("explain", "--json", "--variant", "twodoku", str(path))
    assert done.status == 0, done.stderr
    data = json.loads(done.out)
    solution = solution_of(TWODOKU)
    assert data["solved"] and data["solutions"] == 1
    for step in data["steps"]:
        assert all(solution[p["cell"]] == p["digit"] for p in step["placements"])
        assert all(solution[e["cell"]] != e["digit"] for e in step["eliminations"])
    pretty = sudoku("explain", "--pretty", "--techniques", "singles", str(path))
    assert pretty.status == 0, pretty.stderr
    assert TWODOKU.splitlines()[0] in pretty.out.splitlines()  # the sheet before step 1


def test_a_sheet_with_clashing_givens_has_no_hint(tmp_path: Path) -> None:
    rows = TWODOKU.splitlines()
    first = rows[0]
    at = next(i for i, ch in enumerate(first) if ch == ".")
    given = next(ch for ch in first if ch.isdigit())
    rows[0] = first[:at] + given + first[at + 1:]
    path = tmp_path / "broken.txt"
    path.write_text("\n".join(rows) + "\n")
    done = sudoku("hint", str(path))
    assert done.status == 1 and done.out == "ERROR: Puzzle not solveable\n"
    assert done.stderr.count("\n") == 1 and "row 1 of grid 1" in done.stderr, done.stderr


@pytest.mark.parametrize("command", ["rate", "explain"])
def test_a_dataset_of_sheets_is_refused_by_name(samurai_file: Path, command: str) -> None:
    done = sudoku(command, "--to", "jsonl", str(samurai_file))
    assert done.status == 2 and done.stdout == b""
    assert done.stderr == (f"sudoku: error: {samurai_file}, line 1: a dataset record holds one "
                           "grid, not samurai (5 overlapping 9x9 grids) puzzles (leave out --to "
                           "for text)\n")
