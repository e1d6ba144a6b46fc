from __future__ import annotations

import random

import pytest

from sudokit import Grid, Status, count_solutions, is_solution, search, solve
from support.files import data_file, read_lines

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_solves_a_classic(pure: bool) -> None:
    puzzle = Grid(EASY)
    result = search(puzzle)
    assert result.status is Status.SOLVED
    assert result.solution is not None and is_solution(result.solution, puzzle)
    assert result.solution.to_line().startswith("534678912")


def test_unsolvable_has_no_solution(pure: bool) -> None:
    # r1c3 can hold nothing: 1-8 are in its row and 9 in its column
    bad = "12.345678" + "." * 9 + "..9" + "." * 60
    result = search(Grid(bad))
    assert result.status is Status.NO_SOLUTION and result.solution is None


def test_clashing_givens_have_no_solution(pure: bool) -> None:
    assert search(Grid("11" + "." * 79)).count == 0


@pytest.mark.parametrize("n", [1, 4, 6, 8, 9, 12, 16, 25])
def test_empty_grid_of_every_size(n: int, pure: bool) -> None:
    if pure and n == 25:
        pytest.skip("covered by the compiled core; the pure one is slow at 25x25")
    empty = Grid.empty(n)
    solution = search(empty).solution
    assert solution is not None and is_solution(solution, empty)


def test_counting_stops_at_the_limit(pure: bool) -> None:
    assert search(Grid.empty(4), limit=1000).count == 288
    assert search(Grid.empty(9), limit=5).count == 5


def test_time_limit_stops_the_search(pure: bool) -> None:
    result = search(Grid.empty(25), limit=10**9, time_limit=0.05)
    assert result.status is Status.TIMED_OUT


def test_top1465_all_unique_compiled_sample_pure(pure: bool) -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    sample = random.Random(1).sample(lines, 20) if pure else lines
    for line in sample:
        puzzle = Grid(line)
        result = search(puzzle, limit=2)
        assert result.count == 1, line
        assert result.solution is not None and is_solution(result.solution, puzzle)


def test_public_helpers() -> None:
    puzzle = Grid(EASY)
    assert count_solutions(puzzle) == 1
    solution = solve(puzzle)
    assert solution is not None and solution.is_solved()


def test_pure_core_runs_without_cython_installed() -> None:
    # the uncompiled engine must run on the shim alone (Cython is a build-time dependency)
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['cython'] = None\n"
        "from sudokit import engine, Grid, search, is_solution\n"
        "for name in ('_core', '_kernel9', 'generator._gen'):\n"
        "    try:\n"
        "        m = engine.load_pure(name)\n"
        "    except FileNotFoundError:\n"
        "        continue\n"
        "    assert not m.is_compiled(), name\n"
        f"g = Grid({EASY!r})\n"
        "with engine.pure_python():\n"
        "    r = search(g, limit=2)\n"
        "assert r.count == 1 and is_solution(r.solution, g)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_25x25_with_a_third_blank(pure: bool) -> None:
    from support.reference import pattern_solution

    if pure:
        pytest.skip("the compiled core covers 25x25; the pure one is slow there")
    rng = random.Random(25)
    cells = pattern_solution(25, 5, 5)
    relabel = list(range(1, 26))
    rng.shuffle(relabel)
    cells = [relabel[v - 1] for v in cells]
    for cell in rng.sample(range(625), 625 // 3):
        cells[cell] = 0
    puzzle = Grid.from_cells(cells)
    solution = solve(puzzle)
    assert solution is not None and is_solution(solution, puzzle)


def test_a_solve_past_its_time_limit_raises_a_sudoku_error_that_is_a_timeout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve(..., time_limit=)`` that runs out raises SolveTimeout: a SudokuError (one
    ``except`` for every error of sudokit) and still a TimeoutError."""
    from sudokit import solver
    from sudokit.errors import SolveTimeout, SudokuError

    timed_out = solver.SolveResult(solver.SearchStatus.TIMED_OUT, None, 0, 7)
    monkeypatch.setattr(solver, "search", lambda *a, **k: timed_out)
    with pytest.raises(SolveTimeout, match="no solution found within 0.5 s") as caught:
        solver.solve(Grid("." * 81), time_limit=0.5)
    assert isinstance(caught.value, SudokuError) and isinstance(caught.value, TimeoutError)
    assert solver.Status is solver.SearchStatus  # the old name, for one release
