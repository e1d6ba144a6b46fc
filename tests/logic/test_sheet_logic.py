"""The logic on overlapping grids (samurai and the other sheets): the board's houses, names
and crossings from the sheet, which techniques run there, and every step of sheet puzzles
checked against their solution (the puzzles are made here: a random solved sheet, dug while
the solver finds one solution)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from functools import cache

import pytest

from sudokit import Grid, count_solutions, engine, solve
from sudokit.logic import hint, next_step, rate, solve_path
from sudokit.logic.graphs.hypothesis import Hypothesis
from sudokit.logic.path import board_of
from sudokit.logic.sheet_geometry import sheet_geometry
from sudokit.logic.step import Step
from sudokit.logic.techniques import BY_KEY, LADDER
from sudokit.logic.techniques.sheet_fish import SHEET_FINNED, SHEET_FISH, SHEET_SASHIMI
from sudokit.logic.techniques.sheet_kites import SHEET_KITE, SHEET_SKYSCRAPER
from sudokit.logic.variants import SHEET_TECHNIQUES, ladder_for
from sudokit.sheets import PRESETS, Sheet, SheetGrid


def random_classic(rng: random.Random) -> list[int]:
    """A random 9x9 solution: the first solution of the empty grid with its digits
    relabelled and its rows and columns shuffled inside their bands and stacks."""
    base = solve(Grid("." * 81))
    assert base is not None
    digits = list(range(1, 10))
    rng.shuffle(digits)

    def order() -> list[int]:
        bands = rng.sample(range(3), 3)
        return [3 * b + i for b in bands for i in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    return [digits[base.cells[9 * r + c] - 1] for r in rows for c in cols]


def keeps(sheet: Sheet, digits: tuple[int, ...]) -> bool:
    """Is ``digits`` a full sheet whose every grid's rows, columns and boxes differ? Read
    plainly from the layout: each grid's 9x9 block of the sheet is checked as a classic grid."""
    for r0, c0 in sheet.grids:
        block = [digits[sheet.index(r0 + r, c0 + c)] for r in range(9) for c in range(9)]
        houses = ([[9 * r + c for c in range(9)] for r in range(9)]
                  + [[9 * r + c for r in range(9)] for c in range(9)]
                  + [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)]
                     for b in range(9)])
        if any(sorted(block[c] for c in h) != list(range(1, 10)) for h in houses):
            return False
    return True


Puzzles = tuple[tuple[SheetGrid, tuple[int, ...]], ...]


@cache
def sheet_puzzles(name: str, count: int, seed: int) -> Puzzles:
    """``count`` puzzles of the preset ``name`` with one solution each, and the solution
    (made on the compiled engine where it is built: the pure one takes a minute a samurai)."""
    with engine.compiled():
        return _dig(name, count, random.Random(seed))


def _dig(name: str, count: int, rng: random.Random) -> Puzzles:
    sheet = Sheet.preset(name)
    out = []
    for _ in range(count):
        start = [0] * sheet.ncells
        r0, c0 = sheet.grids[0]
        for i, d in enumerate(random_classic(rng)):
            start[sheet.index(r0 + i // 9, c0 + i % 9)] = d
        full = solve(SheetGrid(sheet, start))
        assert full is not None and keeps(sheet, full.digits)
        digits = list(full.digits)
        for c in rng.sample(range(sheet.ncells), sheet.ncells):
            kept, digits[c] = digits[c], 0
            if count_solutions(SheetGrid(sheet, digits), limit=2) != 1:
                digits[c] = kept
        out.append((SheetGrid(sheet, digits), full.digits))
    return tuple(out)


def check_against(steps: tuple[Step, ...] | list[Step], solution: tuple[int, ...]) -> None:
    """Every placement of ``steps`` is the solution's digit, no elimination removes it."""
    for step in steps:
        for c, d in step._place:
            assert solution[c] == d, (str(step), step.text)
        for c, d in step._elim:
            assert solution[c] != d, (str(step), step.text)


# -- the board of a sheet ----------------------------------------------------------------

def test_the_board_has_the_sheets_houses_names_and_peers() -> None:
    sheet = Sheet.preset("samurai")
    geo = sheet_geometry(sheet)
    assert geo.ncells == 369 and geo.units == tuple(tuple(h) for h in sheet.houses)
    assert geo.unit_names[0] == "row 1 of grid 1"
    assert "box 5 of grid 3" in geo.unit_names
    # peers: the cells that share a grid's row, column or box, counted plainly
    for c in (0, sheet.index(6, 6), sheet.index(10, 10), sheet.index(20, 20)):
        r, k = sheet.position(c)
        seen = set()
        for r0, c0 in sheet.grids:
            if r0 <= r < r0 + 9 and c0 <= k < c0 + 9:
                for o in range(sheet.ncells):
                    rr, kk = sheet.position(o)
                    if r0 <= rr < r0 + 9 and c0 <= kk < c0 + 9 and (
                            rr == r or kk == k
                            or ((rr - r0) // 3, (kk - c0) // 3) == ((r - r0) // 3, (k - c0) // 3)):
                        seen.add(o)
        assert set(geo.peers[c]) == seen - {c}
    assert geo.cell_names[sheet.index(6, 12)] == "r7c13"
    # a cell of two grids is in two rows, two columns and the box they share
    assert len(geo.cell_lines[sheet.index(7, 7)]) == 4
    assert len(geo.cell_houses[sheet.index(7, 7)]) == 5


def test_two_grids_rows_cross_in_the_box_they_share() -> None:
    geo = sheet_geometry(Sheet.preset("samurai"))
    # four shared boxes, each crossed by three rows and three columns of both grids
    assert len(geo.more_intersections) == 24
    for a, b, common in geo.more_intersections:
        assert common.bit_count() == 3
        assert geo.unit_names[a].split()[0] == geo.unit_names[b].split()[0]  # row and row
    # each box crosses the three rows and three columns of each grid it is in
    assert len(geo.intersections) == 6 * (5 * 9 - 4) + 6 * 4


def test_left_out_techniques_never_run_on_a_sheet() -> None:
    geo = sheet_geometry(Sheet.preset("samurai"))
    every = tuple(BY_KEY.values())
    ladder = ladder_for(geo, every)
    keys = {t.key for t in ladder}
    assert keys == SHEET_TECHNIQUES | {"locked-candidates"}
    # a grid's rows and columns by number, a box's bands, one grid's deadly patterns
    for left_out in ("finned-swordfish", "empty-rectangle", "unique-rectangle-1", "bug+1",
                     "franken-fish"):
        assert left_out not in keys
    # the basic fish, the Skyscraper and the kite run on any grid's lines
    # (techniques equal by their data: the ones that run are told apart by identity)
    lines = [t for t in ladder if t.key in ("x-wing", "swordfish", "jellyfish", "skyscraper",
                                            "2-string-kite", "finned-x-wing", "sashimi-x-wing")]
    stand_ins = [SHEET_FISH[2], SHEET_FISH[3], SHEET_FISH[4], SHEET_SKYSCRAPER, SHEET_KITE,
                 SHEET_FINNED[2], SHEET_SASHIMI[2]]
    assert len(lines) == 7 and all(any(t is s for s in stand_ins) for t in lines)
    # the default ladder keeps its order, Locked Candidates beside Pointing and Claiming
    default = [t.key for t in ladder_for(geo, LADDER)]
    assert default == [k for k in default if k != "locked-candidates"][:5] + [
        "locked-candidates"] + [k for k in default if k != "locked-candidates"][5:]
    assert [t.key for t in LADDER if t.key in SHEET_TECHNIQUES] == [
        k for k in default if k != "locked-candidates"]



def test_a_ladder_of_left_out_techniques_says_so_where_it_finds_nothing() -> None:
    """Asked only for techniques that never run on a sheet, a path finds no step: its note
    names them and says they are left out there. A ladder with one that runs says nothing."""
    (puzzle, _), = sheet_puzzles("twodoku", 1, seed=3)
    left_out = (BY_KEY["empty-rectangle"], BY_KEY["unique-rectangle-1"])
    path = solve_path(puzzle, techniques=left_out)
    assert path.steps == () and not path.solved
    assert path.notes == ("none of the techniques asked for runs on overlapping grids: "
                          "Empty Rectangle, Unique Rectangle Type 1",)
    assert hint(puzzle, techniques=left_out).notes == path.notes
    assert solve_path(puzzle, techniques=(*left_out, BY_KEY["hidden-single"])).notes == ()

# -- every step keeps the solution -------------------------------------------------------

def solves_soundly(puzzle: SheetGrid, solution: tuple[int, ...]) -> None:
    """The default ladder solves ``puzzle`` to ``solution``, every step keeping it."""
    path = solve_path(puzzle)
    check_against(path.steps, solution)
    assert path.solved and path.solutions == 1
    assert path.final == SheetGrid(puzzle.sheet, solution)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_step_keeps_the_solution(name: str) -> None:
    for puzzle, solution in sheet_puzzles(name, 3 if name == "samurai" else 1, seed=7):
        solves_soundly(puzzle, solution)


@pytest.mark.parametrize("keys", [("x-wing", "swordfish", "jellyfish"),
                                  ("skyscraper", "2-string-kite"),
                                  ("finned-x-wing", "sashimi-x-wing"),
                                  ("aligned-triple-exclusion", "vwxyz-wing", "wxyz-wing")])
def test_fish_and_kites_on_any_grids_lines_keep_the_solution(keys: tuple[str, ...]) -> None:
    """X-Wings, Swordfish and Jellyfish, Skyscrapers and kites whose lines are rows and
    columns of several grids (the singles and these alone, trial and error when stuck:
    they fire often)."""
    ladder = [BY_KEY[k] for k in ("full-house", "hidden-single", "naked-single", *keys)]
    found: set[str] = set()
    for name in ("samurai", "butterfly", "flower"):
        for puzzle, solution in sheet_puzzles(name, 2, seed=99):
            path = solve_path(puzzle, techniques=ladder, guess=True)
            check_against(path.steps, solution)
            steps = [s for s in path.steps if s.key in keys]
            assert all(" of grid " in s.text for s in steps if "wing" not in s.key
                       and "exclusion" not in s.key)  # (those name cells, not houses)
            found |= {s.key for s in steps}
            assert path.solved
    assert set(keys[:2]) <= found


def test_both_engines_count_a_sheets_solutions_for_the_logic(pure: bool) -> None:
    for puzzle, solution in sheet_puzzles("twodoku", 2, seed=7):
        solves_soundly(puzzle, solution)


def test_steps_name_sheet_cells_and_houses() -> None:
    (puzzle, solution), = sheet_puzzles("samurai", 1, seed=11)
    path = solve_path(puzzle)
    names = set(sheet_geometry(puzzle.sheet).cell_names)
    assert all(c in names for s in path.steps for c in s.cells)
    assert any(int(s.cells[0].split("c")[1]) > 9 for s in path.steps)  # past one grid
    assert any(" of grid " in s.text for s in path.steps)
    found = hint(puzzle)
    assert found.solutions == 1 and found.step is not None
    check_against([found.step], solution)
    step = next_step(puzzle)
    assert step is not None and " of grid " in step.text


def test_the_rater_gives_a_difficulty() -> None:
    for puzzle, _ in sheet_puzzles("samurai", 3, seed=7):
        rating = rate(puzzle)
        assert rating.solutions == 1 and rating.level in ("easy", "medium", "hard", "expert",
                                                           "extreme")
        assert rating.score >= 1.0 and rating.steps >= puzzle.sheet.ncells - puzzle.givens


def test_a_sheet_with_two_solutions_is_rated_by_trial_and_error() -> None:
    (puzzle, solution), = sheet_puzzles("twodoku", 1, seed=3)
    digits = list(puzzle.digits)
    for c in range(len(digits)):
        digits[c] = 0
        if count_solutions(SheetGrid(puzzle.sheet, digits), limit=2) == 2:
            break
    loose = SheetGrid(puzzle.sheet, digits)
    rating = rate(loose, techniques=LADDER[:9])  # up to the subsets, then trial and error
    assert rating.solutions == 2
    assert keeps(loose.sheet, solve_path(loose, guess=True).final.digits)


def test_a_sheet_with_no_solution_gets_no_step() -> None:
    (puzzle, _), = sheet_puzzles("twodoku", 1, seed=3)
    digits = list(puzzle.digits)
    given = next(c for c, d in enumerate(digits) if d)
    blank = next(p for p in sheet_geometry(puzzle.sheet).peers[given] if not digits[p])
    digits[blank] = digits[given]
    broken = SheetGrid.unchecked(puzzle.sheet, tuple(digits))
    assert hint(broken).solutions == 0 and hint(broken).step is None
    assert rate(broken).level == "invalid"


def test_the_pure_python_logic_makes_the_same_path() -> None:
    """The logic's compiled modules and their Python source agree, step for step (run in a
    child process: the compiled modules are already imported here)."""
    (puzzle, _), = sheet_puzzles("twodoku", 1, seed=5)
    code = ("import sys, json\n"
            "from sudokit.logic import solve_path\n"
            "from sudokit.sheets import Sheet, SheetGrid\n"
            f"p = SheetGrid(Sheet.preset('twodoku'), {list(puzzle.digits)!r})\n"
            "print(json.dumps([str(s) for s in solve_path(p).steps]))\n")
    env = {**os.environ, "SUDOKIT_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, timeout=600).stdout
    assert json.loads(out) == [str(s) for s in solve_path(puzzle).steps]


def test_other_values_are_refused_by_name() -> None:
    with pytest.raises(TypeError, match="SheetGrid"):
        hint("1" * 369)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="SheetGrid"):
        solve_path(Sheet.preset("samurai"))  # type: ignore[call-overload]


def test_a_board_of_a_sheet_starts_from_its_givens() -> None:
    (puzzle, solution), = sheet_puzzles("butterfly", 1, seed=2)
    board = board_of(puzzle)
    for c, d in enumerate(puzzle.digits):
        if d:
            assert board.values[c] == d and board.masks[c] == 1 << (d - 1)
        else:
            assert board.masks[c] >> (solution[c] - 1) & 1
            assert not any(board.masks[c] >> (puzzle.digits[p] - 1) & 1
                           for p in board.geo.peers[c] if puzzle.digits[p])


def test_assuming_a_true_digit_never_contradicts() -> None:
    """What the forcing chains propagate: a true digit assumed in any cell (one of two
    grids' cells too) leads to no contradiction, however far the singles go."""
    for puzzle, solution in sheet_puzzles("samurai", 2, seed=7):
        board = board_of(puzzle)
        for c in range(board.geo.ncells):
            if not board.values[c]:
                Hypothesis.of(board).singles([(c, solution[c] - 1)])
