"""solve_array: the same answers as one search per puzzle, in input order, on any core count."""

from __future__ import annotations

import random
import subprocess
import sys
import threading

import numpy as np
import pytest

from sudokit import Grid, SymbolError, is_solution, search
from sudokit.batch import BatchResult, count_array, solve_array
from sudokit.errors import CellCountError, ShapeError
from support.files import data_file, read_lines


def as_array(lines: list[str]) -> np.ndarray:
    return np.array([[0 if c in ".0" else int(c, 36) for c in line] for line in lines],
                    dtype=np.uint8)


def mixed_lines() -> list[str]:
    """Hard, easy, many-solution, clashing and unsolvable puzzles, shuffled together."""
    lines = (read_lines(data_file("puzzles6_forum_hardest_1106.txt"))[:40]
             + read_lines(data_file("puzzles2_17_clue.txt"))[:40]
             + read_lines(data_file("puzzles7_serg_benchmark.txt"))[:40])
    lines += ["11" + "." * 79, "12.345678" + "." * 9 + "..9" + "." * 60, "." * 81]
    random.Random(5).shuffle(lines)
    return lines


def per_puzzle(lines: list[str], limit: int, pure: bool) -> tuple[list[int], list[list[int]]]:
    counts, solutions = [], []
    for line in lines:
        result = search(Grid(line), limit=limit)
        counts.append(result.count)
        solutions.append(list(result.solution.cells) if result.solution else [0] * len(line))
    return counts, solutions


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_batch_equals_one_search_per_puzzle(pure: bool, limit: int) -> None:
    lines = mixed_lines()
    if pure:
        lines = lines[:30]
    result = solve_array(as_array(lines), limit=limit)
    counts, solutions = per_puzzle(lines, limit, pure)
    assert result.counts.tolist() == counts
    assert result.solutions.tolist() == solutions
    for line, row, count in zip(lines, result.solutions, result.counts, strict=True):
        if count:
            assert is_solution(Grid.from_cells(row.tolist()), Grid(line))
        else:
            assert not row.any()


def test_rows_keep_their_order_and_none_is_dropped() -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    order = list(range(len(lines)))
    random.Random(2).shuffle(order)
    forward = solve_array(as_array(lines))
    shuffled = solve_array(as_array([lines[i] for i in order]))
    assert len(shuffled) == len(lines)
    assert (shuffled.solutions == forward.solutions[order]).all()
    assert (shuffled.guesses == forward.guesses[order]).all()


@pytest.mark.parametrize("limit", [1, 2])
def test_two_jobs_give_the_same_output_as_one(limit: int) -> None:
    lines = (read_lines(data_file("puzzles2_17_clue.txt"))[:6000]
             + read_lines(data_file("puzzles3_magictour_top1465.txt"))
             + read_lines(data_file("puzzles7_serg_benchmark.txt"))[:3000])
    puzzles = as_array(lines)
    one = solve_array(puzzles, limit=limit, jobs=1)
    for jobs in (2, 0, None):
        many = solve_array(puzzles, limit=limit, jobs=jobs)
        assert (many.solutions == one.solutions).all()
        assert (many.counts == one.counts).all()
        assert (many.guesses == one.guesses).all()


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (2, 4)])
def test_other_sizes_go_through_the_general_engine(pure: bool, box: tuple[int, int]) -> None:
    n = box[0] * box[1]
    rng = random.Random(n)
    full = search(Grid.empty(n, box=box)).solution
    assert full is not None
    lines = []
    for _ in range(12):
        cells = [v if rng.random() < 0.35 else 0 for v in full.cells]
        lines.append(Grid.from_cells(cells, box=box))
    puzzles = np.array([g.cells for g in lines], dtype=np.uint8)
    result = solve_array(puzzles, limit=3, box=box, jobs=2)
    for grid, row, count in zip(lines, result.solutions, result.counts, strict=True):
        want = search(grid, limit=3)
        assert count == want.count
        assert want.solution is not None
        assert row.tolist() == list(want.solution.cells)


def test_count_array_counts_to_two_by_default() -> None:
    lines = read_lines(data_file("puzzles7_serg_benchmark.txt"))[:50] + ["11" + "." * 79]
    assert count_array(as_array(lines)).tolist() == [2] * 50 + [0]
    assert count_array(as_array(["." * 81]), limit=7).tolist() == [7]


def test_empty_batch_and_readonly_input() -> None:
    empty = solve_array(np.zeros((0, 81), dtype=np.uint8))
    assert isinstance(empty, BatchResult) and len(empty) == 0
    assert empty.solutions.shape == (0, 81)
    frozen = as_array(read_lines(data_file("puzzles3_magictour_top1465.txt"))[:3])
    frozen.flags.writeable = False
    result = solve_array(frozen, limit=2)
    assert result.unique.all() and result.solved.all()


def test_other_integer_dtypes_are_accepted() -> None:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))[:4]
    want = solve_array(as_array(lines))
    for dtype in (np.int64, np.int32, np.uint16):
        got = solve_array(as_array(lines).astype(dtype))
        assert (got.solutions == want.solutions).all()


def test_bad_input_says_what_and_where() -> None:
    with pytest.raises(ShapeError, match="2-D"):
        solve_array(np.zeros(81, dtype=np.uint8))
    with pytest.raises(CellCountError, match="80 cells"):
        solve_array(np.zeros((2, 80), dtype=np.uint8))
    bad = np.zeros((3, 81), dtype=np.int64)
    bad[2, 5] = 10
    with pytest.raises(SymbolError, match="row 2, cell 5: 10"):
        solve_array(bad)
    bad[2, 5] = -1
    with pytest.raises(SymbolError, match="row 2, cell 5"):
        solve_array(bad)
    with pytest.raises(SymbolError, match="integer"):
        solve_array(np.zeros((1, 81), dtype=np.float64))
    with pytest.raises(ValueError, match="limit"):
        solve_array(np.zeros((1, 81), dtype=np.uint8), limit=0)
    with pytest.raises(ValueError, match="jobs"):
        solve_array(np.zeros((1, 81), dtype=np.uint8), jobs=-1)


def test_import_sudokit_leaves_numpy_alone() -> None:
    code = "import sys, sudokit; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_the_compiled_kernel_releases_the_gil() -> None:
    # While one thread is inside solve_rows, the main thread must be able to run Python.
    # If the call held the GIL, the main thread could only run in the instants before and
    # after it (a few chunks at most, when the scheduler preempts the worker there); with
    # the GIL released it runs throughout the call, which takes far longer than 60 chunks.
    from sudokit import engine

    with engine.compiled():
        k9 = engine.load("_kernel9")
    if not k9.is_compiled():
        pytest.skip("the compiled kernel is not built")
    puzzles = np.concatenate([as_array(read_lines(data_file("puzzles2_17_clue.txt")))] * 3)
    started, finished = threading.Event(), threading.Event()

    def work() -> None:
        solutions = np.zeros_like(puzzles)
        counts = np.zeros(len(puzzles), dtype=np.int64)
        started.set()
        k9.solve_rows(puzzles, solutions, counts, counts.copy(), 2)
        finished.set()

    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)  # hand the GIL over quickly when it is free
    try:
        worker = threading.Thread(target=work)
        worker.start()
        started.wait()
        chunks = 0
        while not finished.is_set() and chunks < 60:
            total = sum(range(20_000))  # about a millisecond of Python
            if not finished.is_set():
                chunks += 1
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert total == 199_990_000
    assert chunks == 60
