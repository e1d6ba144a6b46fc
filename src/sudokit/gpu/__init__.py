"""Solve 9x9 puzzles by the million on a CUDA GPU: the optional extra ``gpu``
(``pip install '.[gpu]'`` in the source folder). It may import the engine's array checks,
the shapes and the errors, and nothing above them: ``sudokit.batch`` picks the device.

>>> from sudokit.gpu import gpu_available, solve_array_gpu
>>> if gpu_available():                                  # doctest: +SKIP
...     result = solve_array_gpu(puzzles, limit=2)       # (B, 81) uint8 in
...     result.solutions, result.counts, result.status   # GpuStatus per puzzle

The kernel (``_kernel``) is Python compiled by numba-cuda: one thread per puzzle, the
candidates as 27-bit band words, a guess budget per puzzle, and the searches still running
when the batch runs out split into tasks for idle threads. Importing this package imports
neither numba nor the kernel; ``gpu_available()`` looks for numba-cuda and a GPU without
ever raising. ``sudokit.batch.solve_checked`` is what ``sudoku solve --device`` calls: it
picks the device, finishes on the CPU what the GPU gave up on and checks every answer. This
package imports nothing above the engine's array checks, the shapes and the errors.
See docs/gpu.md for the design and how to measure it.
"""

from ._availability import GpuUnavailable, gpu_available, is_simulator, unavailable_reason
from ._host import (
    DEFAULT_CHUNK_ROWS,
    DEFAULT_MAX_GUESSES,
    DEFAULT_ROUNDS,
    DEFAULT_SPLIT_AFTER,
    GpuResult,
    GpuStatus,
    release_buffers,
    solve_array_gpu,
)
from ._select import (
    AUTO_MIN_ROWS,
    DEVICES,
    auto_min_rows,
    check_device,
    choose_device,
)

__all__ = [
    "AUTO_MIN_ROWS",
    "DEFAULT_CHUNK_ROWS",
    "DEFAULT_MAX_GUESSES",
    "DEFAULT_ROUNDS",
    "DEFAULT_SPLIT_AFTER",
    "DEVICES",
    "GpuResult",
    "GpuStatus",
    "GpuUnavailable",
    "auto_min_rows",
    "check_device",
    "choose_device",
    "gpu_available",
    "is_simulator",
    "release_buffers",
    "solve_array_gpu",
    "unavailable_reason",
]
