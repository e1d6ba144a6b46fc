"""The GPU kernel, run in numba's CUDA simulator: every answer checked, unsolvable puzzles
reported as such, counting to two, the guess budget, chunking, device input, and searches
split into tasks for idle threads.

Skipped where numba-cuda is not installed (CI installs only ``.[test]``), and on a machine
where the real GPU is to be tested instead (``SUDOKIT_TEST_GPU=1``: test_gpu_device.py).
The simulator runs the kernel as Python, about a million times slower than a GPU, so the
batches are small.
"""

from __future__ import annotations

import functools
import os
import sys

import pytest

if os.environ.get("SUDOKIT_TEST_GPU"):
    pytest.skip("SUDOKIT_TEST_GPU is set: the real GPU is tested instead",
                allow_module_level=True)
if "numba" not in sys.modules:  # the simulator must be chosen before numba.cuda loads
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
pytest.importorskip("numba.cuda", reason="numba-cuda is not installed (pip install .[gpu])")

import numpy as np  # noqa: E402

from sudokit import Grid, is_solution  # noqa: E402
from sudokit.batch import solve_array, solve_checked  # noqa: E402
from sudokit.engine.arrays import valid_solutions  # noqa: E402
from sudokit.errors import CellCountError, ShapeError, SymbolError  # noqa: E402
from sudokit.gpu import (  # noqa: E402
    GpuResult,
    GpuStatus,
    choose_device,
    gpu_available,
    is_simulator,
    solve_array_gpu,
)
from sudokit.shape import Shape  # noqa: E402
from support.files import data_file, load_benchmark, read_lines  # noqa: E402

if not (gpu_available() and is_simulator()):
    pytest.skip("numba.cuda was loaded before the simulator could be chosen",
                allow_module_level=True)

SHAPE = Shape.for_size(9)

#: Puzzles with no solution, each for a different reason.
CLASH = "11" + "." * 79  # two givens clash in row 1
NO_CANDIDATE = "12.345678" + "." * 9 + "..9" + "." * 60  # r1c3 can hold nothing
#: r1c1 can only be 1 (its row has the rest), and column 1 already has a 1
COLUMN_DEAD_END = ".23456789" + "." * 9 + "1" + "." * 62


def as_array(lines: list[str]) -> np.ndarray:
    return np.array([[0 if c in ".0" else int(c) for c in line] for line in lines],
                    dtype=np.uint8)


def sample(name: str, count: int) -> list[str]:
    """``count`` puzzles spread over the whole file (hard ones sit anywhere)."""
    lines = read_lines(data_file(name))
    step = max(1, len(lines) // count)
    return lines[::step][:count]


def assert_the_cpu_finishes(array: np.ndarray, monkeypatch: pytest.MonkeyPatch,
                            **gpu_options: object) -> None:
    """What the GPU (run with ``gpu_options``) gives up on, batch.solve_checked finishes
    on the CPU: its answers are the CPU engine's."""
    import sudokit.gpu as select

    original = select.solve_array_gpu
    monkeypatch.setattr(select, "solve_array_gpu",
                        lambda p, limit: original(p, limit=limit, **gpu_options))
    solutions, counts = solve_checked(array, Shape(3, 3), 2, device="gpu")
    expected = solve_array(array, limit=2)
    assert counts.tolist() == expected.counts.tolist()
    assert solutions.tolist() == expected.solutions.tolist()


def wrong_given(line: str) -> str:
    """The puzzle with one more given that agrees with its row, column and box but not
    with the solution: no solution, though nothing clashes yet."""
    grid = Grid(line)
    solution = solve_array(as_array([line])).solutions[0]
    for cell, value in enumerate(line):
        if value not in ".0":
            continue
        used = {grid.cells[p] for p in SHAPE.peers[cell]}
        for d in range(1, 10):
            if d not in used and d != solution[cell]:
                return line[:cell] + str(d) + line[cell + 1:]
    raise AssertionError("no cell to spoil")


def two_solution_puzzle() -> str:
    """A solved grid with one 'deadly rectangle' blanked: exactly two solutions."""
    line = read_lines(data_file("puzzles2_17_clue.txt"))[0]
    cells = solve_array(as_array([line])).solutions[0].tolist()
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            if r1 // 3 != r2 // 3:
                continue
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    a, b = cells[9 * r1 + c1], cells[9 * r1 + c2]
                    if (c1 // 3 != c2 // 3 and cells[9 * r2 + c1] == b
                            and cells[9 * r2 + c2] == a):
                        out = list(cells)
                        for i in (9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2):
                            out[i] = 0
                        return "".join(str(v) for v in out)
    raise AssertionError("no rectangle found")


def assert_matches_cpu(array: np.ndarray, result: object, limit: int) -> None:
    """Counts as the CPU engine's; each status as the counts say; every solution valid."""
    expected = solve_array(array, limit=limit)
    counts = result.counts  # type: ignore[attr-defined]
    status = result.status  # type: ignore[attr-defined]
    solutions = result.solutions  # type: ignore[attr-defined]
    assert counts.tolist() == expected.counts.tolist()
    assert status.tolist() == [GpuStatus.SOLVED if c else GpuStatus.NO_SOLUTION
                               for c in expected.counts]
    solved = counts > 0
    assert valid_solutions(array[solved], solutions[solved], SHAPE).all()
    assert not solutions[~solved].any()
    unique = solve_array(array, limit=2).counts == 1  # where there is one, both find it
    assert solutions[unique].tolist() == expected.solutions[unique].tolist()


def unsplit(array: np.ndarray, limit: int) -> GpuResult:
    """The kernel's own searches of ``array`` (never split: split_after=0, the default
    launch) to ``limit`` solutions: the same for the same puzzles, so each is run once."""
    return _unsplit(array.tobytes(), array.shape, limit)


@functools.cache
def _unsplit(cells: bytes, shape: tuple[int, ...], limit: int) -> GpuResult:
    array = np.frombuffer(cells, dtype=np.uint8).reshape(shape)
    return solve_array_gpu(array.copy(), limit=limit, split_after=0)


def assert_whole_trees_searched(array: np.ndarray, result: object, limit: int) -> None:
    """Where the search ran to the end of the tree (fewer than ``limit`` solutions), the
    guesses of all the tasks of a puzzle add up to those of one search: the CPU engine's
    where there is no solution, the kernel's own unsplit search where there is one (after
    a first solution the CPU engine branches by another rule): split tasks cover the rest
    of a tree exactly, no branch lost and none searched twice.
    (Where a search stops at the limit, tasks of the row still running stop a little
    later, so the sum depends on timing.)"""
    expected = solve_array(array, limit=limit)
    whole = expected.counts < limit
    guesses = result.guesses  # type: ignore[attr-defined]
    reference = np.where(expected.counts == 0, expected.guesses, unsplit(array, limit).guesses)
    assert guesses[whole].tolist() == reference[whole].tolist()


@pytest.mark.parametrize(("name", "count"), [
    ("puzzles2_17_clue.txt", 20),
    ("puzzles3_magictour_top1465.txt", 20),
    ("puzzles6_forum_hardest_1106.txt", 4),
    ("puzzles7_serg_benchmark.txt", 20),
])
@pytest.mark.parametrize("limit", [1, 2])
def test_data_files_solved_and_checked(name: str, count: int, limit: int) -> None:
    array = as_array(sample(name, count))
    result = solve_array_gpu(array, limit=limit)
    assert_matches_cpu(array, result, limit)
    for puzzle, row in zip(array, result.solutions, strict=True):  # and once more, per grid
        given = Grid.from_cells(puzzle.tolist())
        assert is_solution(Grid.from_cells(row.tolist()), given)


def test_unsolvable_puzzles_are_reported_as_such() -> None:
    hard = sample("puzzles6_forum_hardest_1106.txt", 2)
    lines = [CLASH, NO_CANDIDATE, COLUMN_DEAD_END, wrong_given(hard[0]),
             wrong_given(hard[1]), *sample("puzzles7_serg_benchmark.txt", 3)]
    array = as_array(lines)
    result = solve_array_gpu(array, limit=2)
    assert result.status[:5].tolist() == [GpuStatus.NO_SOLUTION] * 5
    assert result.no_solution.tolist() == [True] * 5 + [False] * 3
    assert_matches_cpu(array, result, 2)


def test_counting_to_two_tells_unique_from_several() -> None:
    two = two_solution_puzzle()
    unique = sample("puzzles2_17_clue.txt", 1)[0]
    array = as_array([two, "." * 81, unique, two])
    for limit, expected in [(1, [1, 1, 1, 1]), (2, [2, 2, 1, 2]), (3, [2, 3, 1, 2])]:
        result = solve_array_gpu(array, limit=limit)
        assert result.counts.tolist() == expected
        assert result.status.tolist() == [GpuStatus.SOLVED] * 4
        assert valid_solutions(array, result.solutions, SHAPE).all()


def test_the_guess_budget_gives_up_instead_of_looping(monkeypatch: pytest.MonkeyPatch) -> None:
    array = as_array(sample("puzzles6_forum_hardest_1106.txt", 3) + [CLASH])
    result = solve_array_gpu(array, limit=1, max_guesses=2)
    assert result.status.tolist() == [GpuStatus.GAVE_UP] * 3 + [GpuStatus.NO_SOLUTION]
    assert result.gave_up.tolist() == [True, True, True, False]
    assert (result.guesses[:3] == 2).all()
    assert_the_cpu_finishes(array, monkeypatch, max_guesses=2)


def test_a_full_stack_gives_up(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit.gpu import _kernel

    monkeypatch.setattr(_kernel, "MAX_DEPTH", 1)  # the simulator reads globals at run time
    result = solve_array_gpu(as_array(["." * 81]), limit=1)
    assert result.status.tolist() == [GpuStatus.GAVE_UP]


@pytest.mark.parametrize(("chunk_rows", "blocks", "threads", "split_after"), [
    (3, None, None, 16), (4, 1, 1, 16), (100, 1, 3, 16),
    (3, None, None, 1),  # tasks in both slots of the pipeline
])
def test_chunks_and_persistent_threads_drop_nothing(chunk_rows: int, blocks: int | None,
                                                    threads: int | None,
                                                    split_after: int) -> None:
    lines = sample("puzzles2_17_clue.txt", 8) + [CLASH] + sample("puzzles7_serg_benchmark.txt",
                                                                 2)
    array = as_array(lines)
    result = solve_array_gpu(array, limit=2, chunk_rows=chunk_rows, blocks=blocks,
                             threads_per_block=threads, split_after=split_after)
    assert_matches_cpu(array, result, 2)
    assert_whole_trees_searched(array, result, 2)


def test_device_arrays_are_solved_in_place_and_values_above_9_are_invalid() -> None:
    from numba import cuda

    lines = sample("puzzles7_serg_benchmark.txt", 3) + [CLASH]
    array = as_array(lines)
    bad = array.copy()
    bad[1, 40] = 10
    result = solve_array_gpu(cuda.to_device(bad), limit=2)
    assert not isinstance(result.solutions, np.ndarray)  # left on the device
    host = result.to_host()
    assert host.status.tolist() == [GpuStatus.SOLVED, GpuStatus.INVALID, GpuStatus.SOLVED,
                                    GpuStatus.NO_SOLUTION]
    keep = [0, 2, 3]
    assert_matches_cpu(array[keep], GpuResult(host.solutions[keep], host.counts[keep],
                                              host.status[keep], host.guesses[keep]), 2)


def test_cpu_dlpack_input_is_accepted() -> None:
    class Producer:  # a CPU array known only through DLPack
        def __init__(self, array: np.ndarray) -> None:
            self.array = array

        def __dlpack__(self, **kwargs: object) -> object:
            return self.array.__dlpack__(**kwargs)

        def __dlpack_device__(self) -> tuple[int, int]:
            return self.array.__dlpack_device__()

    array = as_array(sample("puzzles7_serg_benchmark.txt", 3))
    result = solve_array_gpu(Producer(array))
    assert_matches_cpu(array, result, 1)


def test_bad_input_is_refused_with_the_cpu_engines_errors() -> None:
    with pytest.raises(CellCountError, match="9x9 puzzles"):
        solve_array_gpu(np.zeros((2, 16), dtype=np.uint8))
    with pytest.raises(ShapeError):
        solve_array_gpu(np.zeros(81, dtype=np.uint8))
    with pytest.raises(SymbolError, match="row 1, cell 3"):
        solve_array_gpu(np.array([[0] * 81, [0, 0, 0, 10] + [0] * 77]))
    with pytest.raises(ValueError, match="limit"):
        solve_array_gpu(np.zeros((1, 81), dtype=np.uint8), limit=0)


def test_an_empty_batch_gives_an_empty_result() -> None:
    result = solve_array_gpu(np.zeros((0, 81), dtype=np.uint8))
    assert len(result) == 0 and result.solutions.shape == (0, 81)


def test_auto_never_picks_the_simulator() -> None:
    assert choose_device("auto", 10**9) == "cpu"
    assert choose_device("gpu", 1) == "gpu"


def test_the_benchmark_script_runs_and_checks_its_answers(capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    bench = load_benchmark("gpu_bench")

    path = data_file("puzzles7_serg_benchmark.txt")
    assert bench.main([str(path), "--rows", "2", "--repeat", "1", "--crossover",
                       "--crossover-sizes", "3", "--no-compile-time"]) == 2  # simulator
    assert bench.main([str(path), "--rows", "2", "--repeat", "1", "--crossover",
                       "--crossover-sizes", "3", "--no-compile-time", "--simulator"]) == 0
    out = capsys.readouterr().out
    assert "| puzzles7_serg_benchmark.txt | 16 | 1 | 2 |" in out
    assert "| puzzles7_serg_benchmark.txt | 16 | 2 | 2 |" in out
    assert "| puzzles7_serg_benchmark.txt | 3 |" in out
    # splitting off and on, side by side (on a hard file's first puzzle, tasks are written)
    hard = data_file("puzzles3_magictour_top1465.txt")
    assert bench.main([str(hard), "--rows", "1", "--repeat", "1", "--limit", "1",
                       "--split-after", "0", "1", "--no-compile-time", "--simulator"]) == 0
    rows = [line.split(" | ") for line in capsys.readouterr().out.splitlines()
            if line.startswith("| puzzles3")]
    assert [(row[1], row[2]) for row in rows] == [("0", "1"), ("1", "1")]
    assert rows[0][-1] == "0 |" and rows[1][-1] != "0 |"  # tasks written


#: Every compilation of the kernel (``_kernel.KERNELS``).
def test_the_kernel_gives_the_cpu_answers_with_and_without_splitting() -> None:
    lines = (sample("puzzles2_17_clue.txt", 6) + sample("puzzles6_forum_hardest_1106.txt", 2)
             + [CLASH, NO_CANDIDATE, COLUMN_DEAD_END, two_solution_puzzle()])
    array = as_array(lines)
    # without splitting, whole trees are searched (with it, which task finds a solution
    # first depends on the order the simulator runs threads in)
    whole = unsplit(array, 2)
    assert whole.tasks == 0
    assert_matches_cpu(array, whole, 2)
    assert_whole_trees_searched(array, whole, 2)
    split = solve_array_gpu(array, limit=2, split_after=1)
    assert split.tasks > 0
    assert_matches_cpu(array, split, 2)


def test_the_kernel_finds_values_above_9_in_any_band() -> None:
    from numba import cuda

    array = as_array(sample("puzzles7_serg_benchmark.txt", 4))
    bad = array.copy()
    bad[0, 0] = 10  # band 0
    bad[1, 40] = 15  # band 1, the largest value with four bits
    bad[2, 80] = 255  # band 2
    host = solve_array_gpu(cuda.to_device(bad), limit=1).to_host()
    assert host.status.tolist() == [GpuStatus.INVALID] * 3 + [GpuStatus.SOLVED]
    assert_matches_cpu(array[3:], GpuResult(host.solutions[3:], host.counts[3:],
                                            host.status[3:], host.guesses[3:]), 1)


# -- searches split into tasks -------------------------------------------------------------
#
# A search splits when it has made ``split_after`` guesses and no row (or task) is left to
# take. With split_after=1, 2 blocks of 4 threads and a handful of puzzles, the rows run
# out at once and each round's tasks are fewer than the threads, so searches split round
# after round (``tasks`` counts what they wrote).

SPLIT = {"split_after": 1, "blocks": 2, "threads_per_block": 4}


def hard_and_unique() -> list[str]:
    return sample("puzzles6_forum_hardest_1106.txt", 4) + sample(
        "puzzles3_magictour_top1465.txt", 2)


@pytest.mark.parametrize("split_after", [1, 2])
def test_split_tasks_cover_exactly_the_rest_of_the_tree(split_after: int) -> None:
    # counting to two on unique puzzles searches each whole tree
    array = as_array(hard_and_unique())
    result = solve_array_gpu(array, limit=2, **{**SPLIT, "split_after": split_after})
    assert result.tasks > len(array)
    assert_matches_cpu(array, result, 2)
    assert_whole_trees_searched(array, result, 2)


@pytest.mark.parametrize("limit", [1, 2])
def test_split_searches_give_the_cpu_engines_answers(limit: int) -> None:
    hard = sample("puzzles6_forum_hardest_1106.txt", 3)
    two = two_solution_puzzle()
    lines = [*hard, CLASH, COLUMN_DEAD_END, wrong_given(hard[0]), wrong_given(hard[1]), two,
             "." * 81]
    array = as_array(lines)
    result = solve_array_gpu(array, limit=limit, **SPLIT)
    assert result.tasks > 0
    assert_matches_cpu(array, result, limit)  # counts, statuses, every solution checked
    assert_whole_trees_searched(array, result, limit)
    assert result.status[3:7].tolist() == [GpuStatus.NO_SOLUTION] * 4
    assert result.counts[7:].tolist() == [limit, limit]  # two solutions; the empty grid


def test_split_searches_on_device_input() -> None:
    from numba import cuda

    array = as_array(hard_and_unique())
    result = solve_array_gpu(cuda.to_device(array), limit=2, **SPLIT)
    assert result.tasks > 0
    assert_matches_cpu(array, result.to_host(), 2)


def test_split_searches_keep_the_guess_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # every task gets what its search left of the budget, so a chain of tasks gives up
    # as one search would. Counting to two, these puzzles search trees of 100 guesses or
    # more, so some guess lies 7 levels deep: out of reach with 6. One row per chunk: the
    # rows run out at once, and the searches split from their first guess on.
    array = as_array(sample("puzzles6_forum_hardest_1106.txt", 3) + [CLASH])
    assert (solve_array(array, limit=2).guesses[:3] >= 2 ** 6).all()
    result = solve_array_gpu(array, limit=2, max_guesses=6, chunk_rows=1, **SPLIT)
    assert result.tasks > 0
    assert result.status.tolist() == [GpuStatus.GAVE_UP] * 3 + [GpuStatus.NO_SOLUTION]
    assert (result.counts <= solve_array(array, limit=2).counts).all()  # a lower bound
    assert_the_cpu_finishes(array, monkeypatch, max_guesses=6, chunk_rows=1, **SPLIT)


@pytest.mark.parametrize(("capacity", "chunk_rows"), [(0, None), (3, None), (3, 4)])
def test_a_full_task_buffer_only_stops_splitting(monkeypatch: pytest.MonkeyPatch,
                                                 capacity: int, chunk_rows: int | None) -> None:
    # 0: every split finds the buffer full; 3: room for one small split per round at most
    # (the first reservation that does not fit fails all later ones in its round); in one
    # chunk, and with room for some, in two chunks in flight (buffers kept: larger)
    from sudokit.gpu import _host

    monkeypatch.setattr(_host, "task_capacity", lambda rows: capacity)
    array = as_array(hard_and_unique())
    result = solve_array_gpu(array, limit=2, chunk_rows=chunk_rows, **SPLIT)
    assert result.tasks <= capacity * 8 * (2 if chunk_rows else 1)  # rounds x chunks
    assert_matches_cpu(array, result, 2)
    assert_whole_trees_searched(array, result, 2)


def test_one_round_runs_every_task_to_its_end() -> None:
    array = as_array(hard_and_unique())
    result = solve_array_gpu(array, limit=2, rounds=1, **SPLIT)
    assert result.tasks > 0
    assert_matches_cpu(array, result, 2)


def test_split_after_0_never_splits() -> None:
    array = as_array(hard_and_unique() + [CLASH])
    result = solve_array_gpu(array, limit=1, split_after=0, blocks=2, threads_per_block=4)
    assert result.tasks == 0
    assert_matches_cpu(array, result, 1)
    # one search per puzzle: the guesses of the CPU engine, to a first solution as well
    assert result.guesses.tolist() == solve_array(array, limit=1).guesses.tolist()


def test_split_parameters_are_checked() -> None:
    puzzles = np.zeros((1, 81), dtype=np.uint8)
    with pytest.raises(ValueError, match="split_after must be at least 0"):
        solve_array_gpu(puzzles, split_after=-1)
    with pytest.raises(ValueError, match="rounds must be between 1 and 64"):
        solve_array_gpu(puzzles, rounds=0)
    with pytest.raises(ValueError, match="rounds must be between 1 and 64"):
        solve_array_gpu(puzzles, rounds=65)


def test_chunks_leave_room_for_the_task_buffers() -> None:
    from numba import cuda

    from sudokit.gpu._host import _ROW_BYTES, _Launch, chunk_rows_for

    def per_row(split_after: int) -> int:
        launch = _Launch(cuda, 1, 10, None, None, split_after, 8)
        return _ROW_BYTES + launch.search_row_bytes()

    assert per_row(0) == 171 + 4  # the flags word
    assert per_row(16) == 171 + 4 + 2 * 2 * 128  # and two buffers of two 128-byte tasks
    free = 10_000_000.0
    for split_after in (0, 16):
        step = chunk_rows_for(10**9, None, free, per_row(split_after) - _ROW_BYTES)
        assert step == int(free * 0.25) // (2 * per_row(split_after))
