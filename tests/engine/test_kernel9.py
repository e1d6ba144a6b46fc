"""The 9x9 band kernel against a small reference solver, on random and on real puzzles.

Every test takes the ``pure`` fixture, so it runs on the compiled kernel and on the same
source run as plain Python.
"""

from __future__ import annotations

import random
import subprocess
import sys
from types import ModuleType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import Grid, engine, is_solution
from sudokit.candidates import Candidates
from support.files import data_file, read_lines

# -- a small, obviously correct reference: backtracking on the emptiest cell ----------------

ROWS = [[9 * r + c for c in range(9)] for r in range(9)]
COLS = [[9 * r + c for r in range(9)] for c in range(9)]
BOXES = [[9 * (3 * (b // 3) + i) + 3 * (b % 3) + j for i in range(3) for j in range(3)]
         for b in range(9)]
PEERS = [sorted({p for unit in ROWS + COLS + BOXES if i in unit for p in unit} - {i})
         for i in range(81)]


def reference_count(cells: list[int], limit: int) -> tuple[int, list[int] | None]:
    """(solutions up to ``limit``, the first one found): fill the blank cell with the fewest
    digits that clash with none of its peers, trying each such digit in turn."""
    cells = list(cells)
    for i, v in enumerate(cells):
        if v and any(cells[p] == v for p in PEERS[i]):
            return 0, None  # the givens clash
    found: list[list[int]] = []

    def options(i: int) -> list[int]:
        used = {cells[p] for p in PEERS[i]}
        return [d for d in range(1, 10) if d not in used]

    def fill() -> bool:  # True: the limit is reached, stop
        blanks = [i for i in range(81) if cells[i] == 0]
        if not blanks:
            found.append(list(cells))
            return len(found) >= limit
        cell = min(blanks, key=lambda i: len(options(i)))
        for d in options(cell):
            cells[cell] = d
            if fill():
                return True
        cells[cell] = 0
        return False

    fill()
    return len(found), (found[0] if found else None)


def random_solution(rng: random.Random) -> list[int]:
    """A random solved grid: the reference fills an empty grid with shuffled digits."""
    cells = [0] * 81
    order = list(range(1, 10))
    rng.shuffle(order)
    for i, d in zip(rng.sample(range(81), 9), order, strict=True):
        cells[i] = d  # nine distinct digits never clash; the rest is filled by search
    count, solution = reference_count(cells, 1)
    assert count == 1 and solution is not None
    return solution


# -- driving the kernel ---------------------------------------------------------------------

def kernel(pure: bool) -> ModuleType:
    return engine.load("_kernel9")  # as the pure fixture set the switch


def run_kernel(k9: ModuleType, cells: list[int], limit: int, budget: int = 1 << 40
               ) -> tuple[int, int, list[int] | None]:
    """(count, guesses, first solution) from a fresh Kernel9 run in steps of ``budget``."""
    k = k9.Kernel9()
    if k.reset(cells, limit):
        while k.run(budget) != k9.DONE:
            pass
    count, guesses = k.counts()
    return count, guesses, (k.solution() if count else None)


def check_against_reference(k9: ModuleType, cells: list[int], limit: int) -> None:
    found, want_solution = reference_count(cells, max(limit, 2))
    want = min(found, limit)
    count, guesses, solution = run_kernel(k9, cells, limit)
    line = "".join(str(v) for v in cells)
    assert count == want, line
    assert guesses >= 0
    if count:
        assert solution is not None
        puzzle = Grid.from_cells(cells)
        assert is_solution(Grid.from_cells(solution), puzzle), line
        if found == 1:  # unique: there is only one right answer
            assert solution == want_solution, line
    else:
        assert solution is None


@st.composite
def partial_grids(draw: st.DrawFn) -> list[int]:
    """A random solved grid with cells blanked; sometimes digits planted at random, which
    may clash or leave no solution."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    cells = random_solution(rng)
    for cell in rng.sample(range(81), draw(st.integers(0, 64))):
        cells[cell] = 0
    for _ in range(draw(st.integers(0, 3))):
        cells[rng.randrange(81)] = rng.randint(0, 9)
    return cells


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cells=partial_grids(), limit=st.sampled_from([1, 2, 3, 5, 20]))
def test_counts_and_solutions_match_the_reference(cells: list[int], limit: int) -> None:
    for pure in (False, True):
        if pure or kernel(False).is_compiled():
            check_against_reference(kernel(pure), cells, limit)


@pytest.mark.parametrize("seed", range(12))
def test_sparse_puzzles_counted_to_two_and_to_ten(pure: bool, seed: int) -> None:
    rng = random.Random(seed)
    cells = random_solution(rng)
    for cell in rng.sample(range(81), 81 - rng.randint(17, 26)):
        cells[cell] = 0
    for limit in (2, 10):
        check_against_reference(kernel(pure), cells, limit)


@pytest.mark.parametrize("seed", range(12))
def test_random_digits_scattered_on_an_empty_grid(pure: bool, seed: int) -> None:
    rng = random.Random(100 + seed)
    cells = [0] * 81
    for cell in rng.sample(range(81), rng.randint(5, 30)):
        cells[cell] = rng.randint(1, 9)
    check_against_reference(kernel(pure), cells, 3)


def test_empty_grid_counts_to_the_limit(pure: bool) -> None:
    count, _, solution = run_kernel(kernel(pure), [0] * 81, 5)
    assert count == 5
    assert solution is not None and Grid.from_cells(solution).is_solved()


def test_clashing_givens_are_refused_at_reset(pure: bool) -> None:
    k9 = kernel(pure)
    k = k9.Kernel9()
    assert not k.reset([5, 5] + [0] * 79, 1)  # two 5s in row 1
    assert k.run(100) == k9.DONE and k.counts() == (0, 0)
    assert not k.reset([7] + [0] * 8 + [7] + [0] * 71, 1)  # two 7s in column 1
    assert not k.reset([3] + [0] * 9 + [3] + [0] * 70, 1)  # two 3s in box 1


def test_unsolvable_without_a_clash(pure: bool) -> None:
    # r1c3 can hold nothing: 1-8 are in its row and 9 in its column
    cells = [1, 2, 0, 3, 4, 5, 6, 7, 8] + [0] * 9 + [0, 0, 9] + [0] * 60
    assert run_kernel(kernel(pure), cells, 2)[0] == 0


def test_values_above_nine_are_rejected(pure: bool) -> None:
    with pytest.raises(ValueError, match="cell 4"):
        kernel(pure).Kernel9().reset([0] * 4 + [10] + [0] * 76, 1)


def test_a_paused_search_resumes_to_the_same_answer(pure: bool) -> None:
    line = read_lines(data_file("puzzles6_forum_hardest_1106.txt"))[0]
    cells = [0 if c == "." else int(c) for c in line]
    k9 = kernel(pure)
    k = k9.Kernel9()
    assert k.reset(cells, 2)
    steps = 0
    while k.run(1) == k9.PAUSED:
        steps += 1
    assert steps > 1  # it did stop and resume
    whole = run_kernel(k9, cells, 2)
    assert (*k.counts(), k.solution()) == whole


def test_one_kernel_serves_puzzle_after_puzzle(pure: bool) -> None:
    k9 = kernel(pure)
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))[:6]
    k = k9.Kernel9()
    for line in lines + lines[::-1]:
        cells = [0 if c == "." else int(c) for c in line]
        assert k.reset(cells, 2)
        while k.run(1 << 30) != k9.DONE:
            pass
        assert (*k.counts(), k.solution()) == run_kernel(k9, cells, 2)


def test_pencilmarks_load_like_the_grid_they_come_from(pure: bool) -> None:
    k9 = kernel(pure)
    rng = random.Random(3)
    for line in read_lines(data_file("puzzles3_magictour_top1465.txt"))[:5]:
        grid = Grid(line)
        masks = list(Candidates.from_grid(grid).masks)
        # and rule out, in some blank cells, a digit their peers already rule out
        for cell in rng.sample([i for i in range(81) if grid.cells[i] == 0], 10):
            used = {grid.cells[p] for p in PEERS[cell]} - {0}
            if used:
                masks[cell] &= ~(1 << (min(used) - 1))
        k = k9.Kernel9()
        assert k.reset_masks(masks, 2)
        while k.run(1 << 30) != k9.DONE:
            pass
        count, _, solution = run_kernel(k9, list(grid.cells), 2)
        assert (k.counts()[0], k.solution()) == (count, solution) == (1, solution)


def test_pencilmarks_narrower_than_any_grid(pure: bool) -> None:
    # every cell of the empty grid allows only 1-3 in the top band's first box...
    masks = [0x1FF] * 81
    for cell in (0, 1, 2, 9, 10, 11, 18, 19, 20):
        masks[cell] = 0b111  # nine cells, three digits: no solution
    k = kernel(pure).Kernel9()
    if k.reset_masks(masks, 1):
        while k.run(1 << 30) != kernel(pure).DONE:
            pass
    assert k.counts()[0] == 0


def test_a_pencilmark_board_with_an_empty_cell_has_no_solution(pure: bool) -> None:
    k = kernel(pure).Kernel9()
    assert not k.reset_masks([0x1FF] * 40 + [0] + [0x1FF] * 40, 1)
    assert k.counts() == (0, 0)


# -- the data files, every puzzle through the compiled kernel, a sample through the pure one --

DATA_FILES = {
    "puzzles2_17_clue.txt": 1,
    "puzzles3_magictour_top1465.txt": 1,
    "puzzles6_forum_hardest_1106.txt": 1,
    "puzzles7_serg_benchmark.txt": 2,  # every serg puzzle has two or more solutions
}


def load_array(name: str) -> np.ndarray:
    lines = read_lines(data_file(name))
    raw = np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(-1, 81)
    return np.where(raw == ord("."), 0, raw - ord("0")).astype(np.uint8)


@pytest.mark.parametrize("name", sorted(DATA_FILES))
def test_every_puzzle_of_the_data_files(pure: bool, name: str) -> None:
    k9 = kernel(pure)
    puzzles = load_array(name)
    if pure:
        rows = random.Random(7).sample(range(len(puzzles)), 8)
        puzzles = np.ascontiguousarray(puzzles[rows])
    solutions = np.zeros_like(puzzles)
    counts = np.zeros(len(puzzles), dtype=np.int64)
    guesses = np.zeros(len(puzzles), dtype=np.int64)
    k9.solve_rows(puzzles, solutions, counts, guesses, 2)
    assert (counts == DATA_FILES[name]).all()
    assert valid_solutions(puzzles, solutions).all()
    for row in random.Random(8).sample(range(len(puzzles)), min(300, len(puzzles))):
        puzzle, solution = puzzles[row].tolist(), solutions[row].tolist()
        assert is_solution(Grid.from_cells(solution), Grid.from_cells(puzzle))


def valid_solutions(puzzles: np.ndarray, solutions: np.ndarray) -> np.ndarray:
    """(B,) bool, what is_solution says, for whole arrays at once: the givens are kept and
    every row, column and box holds 1..9."""
    grids = solutions.reshape(-1, 9, 9).astype(np.int64)
    boxes = grids.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    digits = np.arange(1, 10)
    return (
        ((puzzles == 0) | (puzzles == solutions)).all(axis=1)
        & (np.sort(grids, axis=2) == digits).all(axis=(1, 2))
        & (np.sort(grids.transpose(0, 2, 1), axis=2) == digits).all(axis=(1, 2))
        & (np.sort(boxes, axis=2) == digits).all(axis=(1, 2))
    )


def test_the_array_check_agrees_with_is_solution() -> None:
    rng = random.Random(9)
    solution = random_solution(rng)
    puzzle = [v if rng.random() < 0.4 else 0 for v in solution]
    swapped = list(solution)
    swapped[0], swapped[1] = swapped[1], swapped[0]  # a row still complete, columns not
    changed_given = [v % 9 + 1 for v in solution]  # a valid grid, but not this puzzle's
    for candidate in (solution, swapped, changed_given):
        want = is_solution(Grid.from_cells(candidate), Grid.from_cells(puzzle))
        got = valid_solutions(np.array([puzzle], np.uint8), np.array([candidate], np.uint8))
        assert got.tolist() == [want]


def test_solve_rows_marks_unreadable_and_clashing_rows(pure: bool) -> None:
    puzzles = np.zeros((3, 81), dtype=np.uint8)
    puzzles[0, 0] = 12  # not a digit
    puzzles[1, :2] = 4  # two 4s in a row
    solutions = np.full_like(puzzles, 7)
    counts = np.full(3, 9, dtype=np.int64)
    guesses = np.full(3, 9, dtype=np.int64)
    kernel(pure).solve_rows(puzzles, solutions, counts, guesses, 1)
    assert counts.tolist() == [0, 0, 1]
    assert not solutions[:2].any() and Grid.from_cells(solutions[2].tolist()).is_solved()


def test_solve_rows_loads_every_cell_as_reset_does(pure: bool) -> None:
    # solve_rows loads a whole row at once (16 cells at a time when compiled), reset cell by
    # cell: givens and stray values in every cell, the last one too, and clashes of each
    # kind must load alike (the same count, guesses and first solution, or none)
    rng = random.Random(7)
    rows = []
    for n in range(240):
        cells = [0] * 81
        for cell in rng.sample(range(81), rng.randint(1, 24)):
            cells[cell] = rng.randint(1, 9)
        if n % 6 == 0:
            cells[80 - n // 6 % 18] = rng.randint(10, 255)  # the last band's cells
        rows.append(cells)
    k9 = kernel(pure)
    puzzles = np.array(rows, dtype=np.uint8)
    solutions = np.zeros_like(puzzles)
    counts = np.zeros(len(rows), dtype=np.int64)
    guesses = np.zeros(len(rows), dtype=np.int64)
    k9.solve_rows(puzzles, solutions, counts, guesses, 2)
    refused = 0
    for r, cells in enumerate(rows):
        want = (0, 0, None) if max(cells) > 9 else run_kernel(k9, cells, 2)
        got = (int(counts[r]), int(guesses[r]), solutions[r].tolist() if counts[r] else None)
        assert got == want, cells
        assert solutions[r].any() == bool(counts[r])
        refused += counts[r] == 0
    assert 40 < refused < 200  # both kinds are there


def test_solve_rows_checks_its_arrays(pure: bool) -> None:
    k9 = kernel(pure)
    puzzles = np.zeros((2, 81), dtype=np.uint8)
    out = np.zeros((2, 81), dtype=np.uint8)
    n = np.zeros(2, dtype=np.int64)
    with pytest.raises(ValueError, match="as many rows"):
        k9.solve_rows(puzzles, out, np.zeros(1, dtype=np.int64), n, 1)
    with pytest.raises(ValueError, match="limit"):
        k9.solve_rows(puzzles, out, n, n.copy(), 0)


def test_the_pure_kernel_runs_without_cython_installed() -> None:
    # A wheel user has no Cython: the uncompiled kernel then imports the shim instead.
    code = (
        "import sys; sys.modules['cython'] = None\n"
        "from sudokit import engine\n"
        "k9 = engine.load_pure('_kernel9')\n"
        "k = k9.Kernel9(); k.reset([0] * 81, 3)\n"
        "while k.run(1000) != k9.DONE: pass\n"
        "print(k9.cython.__name__, k.counts()[0])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["sudokit._cython_shim", "3"]


def test_a_time_limit_stops_a_9x9_search(pure: bool) -> None:
    from sudokit import Status, search

    # counting every 9x9 grid would take years: the search must stop at the time limit
    result = search(Grid.empty(9), limit=10**9, time_limit=0.05)
    assert result.status is Status.TIMED_OUT
    assert result.count > 0 and result.solution is not None and result.solution.is_solved()


def test_settles_is_solved_by_singles_and_locked_candidates(pure: bool) -> None:
    """``Kernel9.settles``: do the band rules alone solve the puzzle? The same answer as
    the rater's singles, pointing and claiming taken one step at a time, on minimal
    puzzles (about half of which they solve) and on a few with clues added."""
    from sudokit.generator.make import minimal_cells
    from sudokit.logic import LADDER
    from sudokit.logic.board import Board
    from sudokit.logic.path import find_step

    rules = tuple(t for t in LADDER if t.key in (
        "full-house", "hidden-single", "naked-single", "pointing", "claiming"))
    k = kernel(pure).Kernel9()
    rng = random.Random(4)
    answers = []
    for key in range(30 if pure else 300):
        givens, solution = minimal_cells(key, by_digit=key % 2 == 0)
        for cell in rng.sample(range(81), key % 3):
            givens[cell] = solution[cell]
        board = Board.from_grid(Grid.from_cells(givens))
        while (step := find_step(board, rules)) is not None:
            step.apply_to(board)
        answers.append(k.settles(givens))
        assert answers[-1] == (board.unsolved == 0), givens
    assert 0.2 < sum(answers) / len(answers) < 0.8  # both answers were put to the test
    assert k.settles(solution)
    assert not k.settles([1, 1] + [0] * 79)  # givens that clash
