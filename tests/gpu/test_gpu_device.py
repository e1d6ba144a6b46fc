"""The GPU kernel on a real GPU: whole data files, every answer checked against the CPU
engine, batches split over chunks, device input from numba, CuPy and DLPack, searches split
into tasks.

Runs only when asked, on a machine with a CUDA GPU and the gpu extra:
``SUDOKIT_TEST_GPU=1 pytest tests/gpu/test_gpu_device.py`` (the simulator tests step aside
then, since one process cannot hold both numba's simulator and its GPU target).
"""

from __future__ import annotations

import os

import pytest

if not os.environ.get("SUDOKIT_TEST_GPU"):
    pytest.skip("set SUDOKIT_TEST_GPU=1 to test on a real GPU", allow_module_level=True)

import numpy as np  # noqa: E402

from sudokit.batch import solve_array, solve_checked  # noqa: E402
from sudokit.engine.arrays import valid_solutions  # noqa: E402
from sudokit.gpu import (  # noqa: E402
    GpuStatus,
    gpu_available,
    is_simulator,
    solve_array_gpu,
    unavailable_reason,
)
from sudokit.shape import Shape  # noqa: E402
from support.files import data_file, read_lines  # noqa: E402

if not gpu_available() or is_simulator():
    pytest.fail(f"SUDOKIT_TEST_GPU is set but there is no GPU: {unavailable_reason()}",
                pytrace=False)

SHAPE = Shape.for_size(9)
FILES = ["puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt",
         "puzzles6_forum_hardest_1106.txt", "puzzles7_serg_benchmark.txt"]


def as_array(lines: list[str]) -> np.ndarray:
    return np.array([[0 if c in ".0" else int(c) for c in line] for line in lines],
                    dtype=np.uint8)


def spoiled(array: np.ndarray) -> np.ndarray:
    """Copies made unsolvable: a blank gets a digit its row already has."""
    out = array.copy()
    for row in out:
        grid = row.reshape(9, 9)  # a view: writes reach ``out``
        r = next(r for r in range(9) if grid[r].any() and not grid[r].all())
        grid[r, int(np.flatnonzero(grid[r] == 0)[0])] = grid[r].max()
    return out


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("limit", [1, 2])
def test_whole_files_match_the_cpu_engine(name: str, limit: int) -> None:
    array = as_array(read_lines(data_file(name)))
    array = np.concatenate([array, spoiled(array[:100])])
    result = solve_array_gpu(array, limit=limit)
    expected = solve_array(array, limit=limit, jobs=0)
    assert result.counts.tolist() == expected.counts.tolist()
    assert (result.status[-100:] == GpuStatus.NO_SOLUTION).all()
    solved = result.counts > 0
    assert (result.status[solved] == GpuStatus.SOLVED).all()
    assert valid_solutions(array[solved], result.solutions[solved], SHAPE).all()


def test_a_batch_larger_than_a_chunk_is_split_not_cut() -> None:
    array = as_array(read_lines(data_file("puzzles7_serg_benchmark.txt")))
    big = np.tile(array, (-(-300_000 // len(array)), 1))[:300_000]
    result = solve_array_gpu(big, chunk_rows=70_000)
    assert (result.status == GpuStatus.SOLVED).all()
    assert valid_solutions(big, result.solutions, SHAPE).all()


def test_device_input_from_numba_and_cupy_stays_on_the_device() -> None:
    from numba import cuda

    array = as_array(read_lines(data_file("puzzles3_magictour_top1465.txt")))
    expected = solve_array(array, limit=2, jobs=0).counts.tolist()
    host = solve_array_gpu(cuda.to_device(array), limit=2).to_host()
    assert host.counts.tolist() == expected
    cupy = pytest.importorskip("cupy")
    result = solve_array_gpu(cupy.asarray(array), limit=2)
    assert cupy.asarray(result.counts).get().tolist() == expected

    class DLPackOnly:  # a CUDA array known only through DLPack
        def __init__(self, inner: object) -> None:
            self.inner = inner

        def __dlpack__(self, **kwargs: object) -> object:
            return self.inner.__dlpack__(**kwargs)  # type: ignore[attr-defined]

        def __dlpack_device__(self) -> tuple[int, int]:
            return self.inner.__dlpack_device__()  # type: ignore[attr-defined,no-any-return]

    result = solve_array_gpu(DLPackOnly(cupy.asarray(array)), limit=2)
    assert result.to_host().counts.tolist() == expected


def test_solve_checked_on_the_gpu_is_the_cpu_engines_answer() -> None:
    array = as_array(read_lines(data_file("puzzles6_forum_hardest_1106.txt")))
    solutions, counts = solve_checked(array, Shape(3, 3), 2, device="gpu")
    expected = solve_array(array, limit=2, jobs=0)
    assert counts.tolist() == expected.counts.tolist()
    unique = expected.counts == 1
    assert solutions[unique].tolist() == expected.solutions[unique].tolist()


@pytest.mark.parametrize("split_after", [0, 1, 16])
def test_split_searches_match_the_cpu_engine(split_after: int) -> None:
    # a file of a thousand puzzles on a GPU of a hundred thousand threads: the rows run out
    # at once, and every search past split_after guesses splits
    array = as_array(read_lines(data_file("puzzles6_forum_hardest_1106.txt")))
    array = np.concatenate([array, spoiled(array[:100])])
    expected = solve_array(array, limit=2, jobs=0)
    result = solve_array_gpu(array, limit=2, split_after=split_after)
    assert (result.tasks > 0) == (split_after > 0)
    assert result.counts.tolist() == expected.counts.tolist()
    assert (result.status[-100:] == GpuStatus.NO_SOLUTION).all()
    solved = result.counts > 0
    assert valid_solutions(array[solved], result.solutions[solved], SHAPE).all()
    # unique puzzles search their whole tree: the tasks cover it exactly (the unsplit search
    # is the reference: after a first solution the CPU engine branches by another rule)
    whole = expected.counts < 2
    reference = np.where(expected.counts == 0, expected.guesses,
                         solve_array_gpu(array, limit=2, split_after=0).guesses)
    assert result.guesses[whole].tolist() == reference[whole].tolist()
