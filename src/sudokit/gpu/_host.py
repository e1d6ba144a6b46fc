"""The host side of a GPU solve: check the input, move it to the device in chunks that fit,
launch the kernel, bring the answers back.

Host input (NumPy, or a CPU DLPack array) is copied through pinned staging buffers in chunks,
two chunks in flight on two streams so that copies overlap the kernel. Device input (anything
with ``__cuda_array_interface__``, such as CuPy or PyTorch CUDA tensors, or a CUDA DLPack
array) is solved where it is and the answers stay on the device.
"""

from __future__ import annotations

import enum
import math
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import CellCountError, ShapeError, SymbolError
from ._availability import is_simulator, require_cuda

#: Guesses one puzzle may make before it is reported GAVE_UP. The hardest known 9x9
#: puzzles need a few thousand; a puzzle past this budget would hold up the whole batch.
DEFAULT_MAX_GUESSES = 1 << 16

#: Rows per chunk when nothing smaller is asked for or forced by the device's free memory:
#: about one puzzle per resident thread of an H100, so that a batch of a million goes in
#: four chunks whose copies overlap the other chunk's kernel (a figure to tune: docs/gpu.md).
DEFAULT_CHUNK_ROWS = 1 << 18

#: Device bytes per row of a chunk: the puzzle and its solution (81 + 81), the count and
#: guesses (int32 each) and the status (uint8).
_ROW_BYTES = 81 + 81 + 4 + 4 + 1

#: Share of the free device memory the chunk buffers may take: the rest is for the
#: kernel's local memory (each resident thread's search stack, about 8 KB) and others.
_MEMORY_SHARE = 0.25


class GpuStatus(enum.IntEnum):
    """What the kernel says about each puzzle."""

    NO_SOLUTION = 0  #: the search finished and found no solution
    SOLVED = 1  #: the search finished: ``counts`` solutions (up to the limit), the first kept
    GAVE_UP = 2  #: the guess budget (or the search stack) ran out; ``counts`` is a lower bound
    INVALID = 3  #: a cell held a value above 9 (only device arrays reach the kernel so)


@dataclass(frozen=True)
class GpuResult:
    """What ``solve_array_gpu`` found, row for row with its input.

    ``solutions``: (B, 81) uint8, the first solution found (zeros where none was);
    ``counts``: (B,) int32, solutions found, up to the limit; ``status``: (B,) uint8, a
    ``GpuStatus`` per puzzle; ``guesses``: (B,) int32, the guesses the search made.
    NumPy arrays for host input; numba device arrays (``__cuda_array_interface__``, so
    ``cupy.asarray`` takes them without a copy) for device input: ``to_host()`` copies.
    """

    solutions: Any
    counts: Any
    status: Any
    guesses: Any

    def __len__(self) -> int:
        return int(self.counts.shape[0])

    def to_host(self) -> GpuResult:
        """The same result with NumPy arrays (a copy from the device when needed)."""
        return GpuResult(*(_host(a) for a in (self.solutions, self.counts, self.status,
                                              self.guesses)))

    @property
    def solved(self) -> np.ndarray:
        """(B,) bool: the puzzles whose search finished with a solution."""
        return _host(self.status) == GpuStatus.SOLVED

    @property
    def no_solution(self) -> np.ndarray:
        """(B,) bool: the puzzles proven to have no solution."""
        return _host(self.status) == GpuStatus.NO_SOLUTION

    @property
    def gave_up(self) -> np.ndarray:
        """(B,) bool: the puzzles whose search ran out of guesses before it finished."""
        return _host(self.status) == GpuStatus.GAVE_UP


def _host(array: Any) -> np.ndarray:
    if isinstance(array, np.ndarray):
        return array
    return np.asarray(array.copy_to_host())


def solve_array_gpu(
    puzzles: object,
    *,
    limit: int = 1,
    max_guesses: int = DEFAULT_MAX_GUESSES,
    chunk_rows: int | None = None,
    threads_per_block: int | None = None,
    blocks: int | None = None,
    kernel: str = "rolled",
) -> GpuResult:
    """Solve each row of ``puzzles`` ((B, 81) digits, 0 for a blank) on the GPU, looking for
    up to ``limit`` solutions; rows come back in input order, none dropped.

    ``limit=1`` finds a solution, ``limit=2`` also tells unique puzzles from the rest.
    ``puzzles`` may be a NumPy array (any integer dtype), anything NumPy or DLPack reads on
    the CPU, or a device array (``__cuda_array_interface__`` or CUDA DLPack; uint8,
    answers left on the device). A puzzle that makes more than ``max_guesses`` guesses is
    reported ``GAVE_UP``. Host input goes over in chunks of at most ``chunk_rows`` rows
    (default: 2**18, fewer when the device's free memory asks for it), so a batch larger
    than the device's memory is split, never cut. ``threads_per_block`` and ``blocks``
    set the launch (default: 128 threads and as many blocks as the GPU runs at once);
    ``kernel`` picks the variant ('rolled' digit loops, or 'unrolled'; the same answers).
    Raises GpuUnavailable when there is no GPU to run on.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    if max_guesses < 0:
        raise ValueError(f"max_guesses must be at least 0, got {max_guesses}")
    if chunk_rows is not None and chunk_rows < 1:
        raise ValueError(f"chunk_rows must be at least 1, got {chunk_rows}")
    cuda = require_cuda()
    launch = _Launch(cuda, limit, max_guesses, threads_per_block, blocks, kernel)
    device_array = _device_input(puzzles, cuda)
    if device_array is not None:
        return _solve_device(device_array, launch)
    return _solve_host(_host_input(puzzles), launch, chunk_rows)


# -- input --------------------------------------------------------------------------


_DLPACK_CPU = 1  # DLPack's kDLCPU


def _device_input(puzzles: object, cuda: Any) -> Any:
    """A numba device array viewing ``puzzles`` when it lives on the GPU; None otherwise."""
    array: Any
    if getattr(puzzles, "__cuda_ndarray__", False):  # numba's own (and the simulator's)
        array = puzzles
    elif hasattr(puzzles, "__cuda_array_interface__"):
        array = cuda.as_cuda_array(puzzles)
    elif _is_device_dlpack(puzzles):
        array = _from_cuda_dlpack(puzzles, cuda)
    else:
        return None
    if len(array.shape) != 2 or array.shape[1] != 81:
        raise ShapeError(f"puzzles must be a (B, 81) array of 9x9 puzzles, got shape "
                         f"{tuple(array.shape)}")
    if np.dtype(array.dtype) != np.uint8:
        raise SymbolError(f"a device array of puzzles must be uint8, got {array.dtype}; "
                          f"convert it on the device first")
    return array


def _is_device_dlpack(puzzles: object) -> bool:
    if isinstance(puzzles, np.ndarray) or not hasattr(puzzles, "__dlpack__"):
        return False
    where = getattr(puzzles, "__dlpack_device__", None)
    return where is not None and where()[0] != _DLPACK_CPU


def _from_cuda_dlpack(puzzles: Any, cuda: Any) -> Any:
    """A numba view of a CUDA DLPack array, through cuda.core's StridedMemoryView."""
    from cuda.core.utils import StridedMemoryView

    view = StridedMemoryView.from_dlpack(puzzles, stream_ptr=-1)
    itemsize = np.dtype(view.dtype).itemsize
    strides = None if view.strides is None else tuple(s * itemsize for s in view.strides)
    desc = {"shape": tuple(view.shape), "strides": strides, "typestr": np.dtype(view.dtype).str,
            "data": (view.ptr, bool(view.readonly)), "version": 3}
    return cuda.from_cuda_array_interface(desc, owner=puzzles)


def _host_input(puzzles: object) -> np.ndarray:
    """A C-contiguous (B, 81) uint8 array of digits 0..9, or an error saying what is wrong
    and in which row (the same checks as the CPU batch engine)."""
    from ..batch import _checked

    if not isinstance(puzzles, np.ndarray) and hasattr(puzzles, "__dlpack__"):
        puzzles = np.from_dlpack(puzzles)
    raw = np.asarray(puzzles)
    if raw.ndim == 2 and raw.shape[1] != 81:
        raise CellCountError(f"the GPU solver takes 9x9 puzzles (rows of 81 cells), got rows "
                             f"of {raw.shape[1]}")
    array, _ = _checked(raw, None)
    return array


# -- launching ------------------------------------------------------------------------


class _Launch:
    """The kernel and how to launch it on a batch."""

    def __init__(self, cuda: Any, limit: int, max_guesses: int, threads: int | None,
                 blocks: int | None, kernel: str) -> None:
        from . import _kernel

        if kernel not in _kernel.KERNELS:
            raise ValueError(f"kernel must be one of {', '.join(_kernel.KERNELS)}; "
                             f"got {kernel!r}")
        self.cuda = cuda
        self.kernel = _kernel.KERNELS[kernel]
        self.limit = limit
        self.max_guesses = max_guesses
        simulated = is_simulator()
        # the simulator runs each thread of a block as a Python thread: keep it small
        self.threads = threads or (4 if simulated else 128)
        if self.threads < 1:
            raise ValueError(f"threads_per_block must be at least 1, got {threads}")
        if blocks is not None and blocks < 1:
            raise ValueError(f"blocks must be at least 1, got {blocks}")
        self.blocks = blocks or (2 if simulated else _resident_blocks(cuda, self.threads))

    def __call__(self, stream: Any, counter: Any, puzzles: Any, solutions: Any, counts: Any,
                 status: Any, guesses: Any) -> None:
        rows = puzzles.shape[0]
        grid = max(1, min(self.blocks, math.ceil(rows / self.threads)))
        self.kernel[grid, self.threads, stream](puzzles, solutions, counts, status, guesses,
                                                counter, self.limit, self.max_guesses, 9)


def _resident_blocks(cuda: Any, threads: int) -> int:
    """Blocks the GPU runs at once (its SMs times the blocks one SM holds by thread count):
    a persistent grid. Blocks beyond what registers allow wait and find no work left."""
    device = cuda.get_current_device()
    sms = int(getattr(device, "MULTIPROCESSOR_COUNT", 1))
    per_sm = int(getattr(device, "MAX_THREADS_PER_MULTI_PROCESSOR", 2048))
    return sms * max(1, per_sm // threads)


def _zero_counter(cuda: Any, stream: Any) -> Any:
    return cuda.to_device(np.zeros(1, dtype=np.int64), stream=stream)


def _solve_device(puzzles: Any, launch: _Launch) -> GpuResult:
    """Solve a batch already on the device; the answers stay there."""
    cuda = launch.cuda
    rows = puzzles.shape[0]
    stream = cuda.stream()
    solutions = cuda.device_array((rows, 81), dtype=np.uint8, stream=stream)
    counts = cuda.device_array(rows, dtype=np.int32, stream=stream)
    status = cuda.device_array(rows, dtype=np.uint8, stream=stream)
    guesses = cuda.device_array(rows, dtype=np.int32, stream=stream)
    if rows:
        launch(stream, _zero_counter(cuda, stream), puzzles, solutions, counts, status,
               guesses)
    stream.synchronize()
    return GpuResult(solutions, counts, status, guesses)


def chunk_rows_for(rows: int, requested: int | None, free_bytes: float) -> int:
    """Rows per chunk: ``requested`` (or DEFAULT_CHUNK_ROWS), no more than ``rows``, and no
    more than two chunks' buffers fit in ``_MEMORY_SHARE`` of ``free_bytes``."""
    step = min(rows, requested or DEFAULT_CHUNK_ROWS)
    if math.isfinite(free_bytes):
        step = min(step, int(free_bytes * _MEMORY_SHARE) // (2 * _ROW_BYTES))
    return max(1, step)


class _Slot:
    """The buffers of one chunk in flight: device arrays, pinned host staging, a stream."""

    def __init__(self, cuda: Any, rows: int) -> None:
        self.rows = rows
        self.stream = cuda.stream()
        self.counter = _zero_counter(cuda, self.stream)
        self.zero = cuda.pinned_array(1, dtype=np.int64)
        self.zero[0] = 0
        self.host_in = cuda.pinned_array((rows, 81), dtype=np.uint8)
        self.host_out = cuda.pinned_array((rows, 81), dtype=np.uint8)
        self.host_counts = cuda.pinned_array(rows, dtype=np.int32)
        self.host_status = cuda.pinned_array(rows, dtype=np.uint8)
        self.host_guesses = cuda.pinned_array(rows, dtype=np.int32)
        self.puzzles = cuda.device_array((rows, 81), dtype=np.uint8)
        self.solutions = cuda.device_array((rows, 81), dtype=np.uint8)
        self.counts = cuda.device_array(rows, dtype=np.int32)
        self.status = cuda.device_array(rows, dtype=np.uint8)
        self.guesses = cuda.device_array(rows, dtype=np.int32)
        self.pending: tuple[int, int] | None = None

    def start(self, launch: _Launch, array: np.ndarray, lo: int, hi: int) -> None:
        """Copy rows lo:hi over, solve them and copy the answers back, all queued on this
        slot's stream."""
        n = hi - lo
        s = self.stream
        self.host_in[:n] = array[lo:hi]
        self.puzzles[:n].copy_to_device(self.host_in[:n], stream=s)
        self.counter.copy_to_device(self.zero, stream=s)
        launch(s, self.counter, self.puzzles[:n], self.solutions[:n], self.counts[:n],
               self.status[:n], self.guesses[:n])
        self.solutions[:n].copy_to_host(self.host_out[:n], stream=s)
        self.counts[:n].copy_to_host(self.host_counts[:n], stream=s)
        self.status[:n].copy_to_host(self.host_status[:n], stream=s)
        self.guesses[:n].copy_to_host(self.host_guesses[:n], stream=s)
        self.pending = (lo, hi)

    def finish(self, result: GpuResult) -> None:
        """Wait for the chunk in flight and move its answers into ``result``."""
        if self.pending is None:
            return
        self.stream.synchronize()
        lo, hi = self.pending
        n = hi - lo
        result.solutions[lo:hi] = self.host_out[:n]
        result.counts[lo:hi] = self.host_counts[:n]
        result.status[lo:hi] = self.host_status[:n]
        result.guesses[lo:hi] = self.host_guesses[:n]
        self.pending = None


#: The buffers of the last host solve, kept for the next: pinned memory is slow to get
#: (tens of milliseconds for a million rows), and batches often come one after another.
_kept_slots: list[_Slot] = []


#: One host solve at a time uses the kept buffers.
_slots_lock = threading.Lock()


def _slots(cuda: Any, rows: int, count: int) -> list[_Slot]:
    """``count`` idle slots of at least ``rows`` rows, reusing the kept ones when they fit.
    Call with ``_slots_lock`` held."""
    global _kept_slots
    if len(_kept_slots) < count or _kept_slots[0].rows < rows:
        _kept_slots = []  # drop the old buffers before taking new ones
        _kept_slots = [_Slot(cuda, rows) for _ in range(count)]
    for slot in _kept_slots:
        slot.stream.synchronize()  # a solve that raised may have left work queued
        slot.pending = None
    return _kept_slots[:count]


def release_buffers() -> None:
    """Free the pinned host and device buffers kept from the last host solve."""
    with _slots_lock:
        _kept_slots.clear()


def _solve_host(array: np.ndarray, launch: _Launch, chunk_rows: int | None) -> GpuResult:
    """Solve a host batch chunk by chunk, two chunks in flight."""
    rows = array.shape[0]
    result = GpuResult(np.zeros((rows, 81), dtype=np.uint8), np.zeros(rows, dtype=np.int32),
                       np.zeros(rows, dtype=np.uint8), np.zeros(rows, dtype=np.int32))
    if rows == 0:
        return result
    cuda = launch.cuda
    free = cuda.current_context().get_memory_info()[0]
    step = chunk_rows_for(rows, chunk_rows, free)
    with _slots_lock:
        slots = _slots(cuda, step, 1 if step >= rows else 2)
        for i, lo in enumerate(range(0, rows, step)):
            slot = slots[i % len(slots)]
            slot.finish(result)
            slot.start(launch, array, lo, min(lo + step, rows))
        for slot in slots:
            slot.finish(result)
    return result
