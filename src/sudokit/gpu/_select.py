"""Which engine solves a batch (``--device cpu|gpu|auto``), and a solve that always finishes:
what the GPU gives up on, the CPU engine completes, and every answer is checked."""

from __future__ import annotations

import math
import os

import numpy as np

from ._availability import GpuUnavailable, is_simulator, unavailable_reason
from ._host import GpuStatus, solve_array_gpu

DEVICES = ("cpu", "gpu", "auto")

#: ``device='auto'`` uses the GPU for batches of at least this many 9x9 puzzles: below it,
#: the fixed cost of a launch and the copies exceeds what the GPU saves over the CPU engine.
#: An estimate; ``benchmarks/gpu_bench.py --crossover`` measures it on a given machine.
#: ``SUDOKIT_GPU_MIN_ROWS`` overrides it.
AUTO_MIN_ROWS = 20_000


def auto_min_rows() -> int:
    """The batch size from which ``device='auto'`` picks the GPU (``SUDOKIT_GPU_MIN_ROWS``
    when set to an integer, else AUTO_MIN_ROWS)."""
    text = os.environ.get("SUDOKIT_GPU_MIN_ROWS", "")
    try:
        return max(0, int(text))
    except ValueError:
        return AUTO_MIN_ROWS


def check_device(device: str) -> None:
    """Fail early, before any input is read: ValueError for a device name not in DEVICES,
    GpuUnavailable (one line, the reason) for 'gpu' where no GPU can run."""
    choose_device(device, 0)


def choose_device(device: str, rows: int, cells: int = 81) -> str:
    """'cpu' or 'gpu': where a batch of ``rows`` puzzles of ``cells`` cells is solved.

    'cpu' and 'gpu' are taken as said ('gpu' raises GpuUnavailable, with the reason, where
    no GPU can run, or for puzzles other than 9x9). 'auto' picks the GPU when one is there
    (a real one, not numba's simulator), the puzzles are 9x9 and the batch has at least
    ``auto_min_rows()`` rows; the CPU engine otherwise.
    """
    if device not in DEVICES:
        raise ValueError(f"device must be one of {', '.join(DEVICES)}; got {device!r}")
    if device == "cpu":
        return "cpu"
    if device == "gpu":
        reason = unavailable_reason()
        if reason is not None:
            raise GpuUnavailable(f"--device gpu: {reason}")
        if cells != 81:
            raise GpuUnavailable("--device gpu: the GPU solver takes 9x9 puzzles only "
                                 "(use --device cpu or auto for other sizes)")
        return "gpu"
    if (cells == 81 and rows >= auto_min_rows() and unavailable_reason() is None
            and not is_simulator()):
        return "gpu"
    return "cpu"


def solve_grids_on_device(
    puzzles: np.ndarray,
    *,
    limit: int = 1,
    device: str = "auto",
    jobs: int | None = 1,
) -> tuple[np.ndarray, np.ndarray]:
    """(solutions, counts) for a (B, N*N) uint8 array of puzzles, as
    ``sudokit.batch.solve_array`` gives them, on the device ``choose_device`` picks.

    On the GPU, puzzles the kernel gives up on are finished by the CPU engine (``jobs``
    threads), and every solution is checked before it is returned: the result is complete
    and the same as the CPU's, whichever device ran. Raises GpuUnavailable (one line: why)
    when 'gpu' is asked for and cannot be had.
    """
    from ..batch import solve_checked  # batch imports this module lazily: no cycle at import
    from ..shape import Shape

    rows, cells = puzzles.shape
    if choose_device(device, rows, cells) == "cpu":
        return solve_checked(puzzles, Shape.for_size(math.isqrt(cells)), limit, jobs)
    return solve_on_gpu(puzzles, limit=limit, jobs=jobs)


def solve_on_gpu(puzzles: np.ndarray, *, limit: int = 1, jobs: int | None = 1
                 ) -> tuple[np.ndarray, np.ndarray]:
    """(solutions, counts) of a (B, 81) uint8 array of 9x9 puzzles from the GPU kernel,
    what it gives up on finished by the CPU engine (``jobs`` threads), every solution
    checked."""
    from ..batch import solve_array
    from ..engine.arrays import check_solutions
    from ..shape import Shape

    gpu = solve_array_gpu(puzzles, limit=limit)
    solutions = gpu.solutions
    counts = gpu.counts.astype(np.int64)
    unfinished = np.flatnonzero(gpu.status != GpuStatus.SOLVED)
    unfinished = unfinished[gpu.status[unfinished] != GpuStatus.NO_SOLUTION]
    if unfinished.size:  # gave up: the CPU engine has no budget
        rest = solve_array(puzzles[unfinished], limit=limit, jobs=jobs)
        solutions[unfinished] = rest.solutions
        counts[unfinished] = rest.counts
    check_solutions(puzzles, solutions, counts, Shape.for_size(9), "the GPU kernel")
    return solutions, counts
