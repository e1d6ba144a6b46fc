"""The host side of a GPU solve: check the input, move it to the device in chunks that fit,
launch the kernels, bring the answers back.

A solve is a sequence of kernels queued on one stream with no host synchronisation between
them: the rows (round 0), ``rounds`` rounds of split tasks (each exits at once when the
round before wrote none), and a finalize kernel that turns per-row counts and flags into
statuses (``_kernel`` explains splitting).

Host input (NumPy, or a CPU DLPack array) is copied through pinned staging buffers in chunks,
two chunks in flight on two streams so that copies overlap the kernel. Device input (anything
with ``__cuda_array_interface__``, such as CuPy or PyTorch CUDA tensors, or a CUDA DLPack
array) is solved where it is and the answers stay on the device.
"""

from __future__ import annotations

import dataclasses
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

#: Guesses a search makes before it may split into tasks for idle threads (when none is
#: left to take); 0 never splits. The design notes' figure.
DEFAULT_SPLIT_AFTER = 16

#: Rounds of split tasks after the rows: each takes the tasks the round before wrote.
DEFAULT_ROUNDS = 8
MAX_ROUNDS = 64

#: Device bytes per row of a chunk: the puzzle and its solution (81 + 81), the count and
#: guesses (int32 each) and the status (uint8).
_ROW_BYTES = 81 + 81 + 4 + 4 + 1

#: Task slots per row of a chunk in each of the two task buffers (the first guess at what
#: pays: a split writes about depth + 1 tasks, and when the buffer is full a search simply
#: goes on by itself; to be tuned on a GPU, docs/gpu.md), within these bounds: a small
#: batch still has room to spread its tail over the whole GPU, and device input (never
#: chunked) stays within a fixed amount.
_TASKS_PER_ROW = 2
_MIN_TASKS = 1 << 14
_MAX_TASKS = 1 << 21

#: Words per task (``_kernel.TASK_WORDS``: this module must not import the kernel, which
#: imports numba), and device bytes per task.
_TASK_WORDS = 32
_TASK_BYTES = _TASK_WORDS * 4

#: Device bytes per row for the search itself: the flags word (int32), and with
#: splitting the two task buffers.
_FLAG_BYTES = 4
_SPLIT_ROW_BYTES = 2 * _TASKS_PER_ROW * _TASK_BYTES

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
    ``GpuStatus`` per puzzle; ``guesses``: (B,) int32, the guesses its searches made (a
    puzzle split into tasks adds up the guesses of all of them); ``tasks``: how many tasks
    splitting wrote over the whole batch (0 when nothing split).
    NumPy arrays for host input; numba device arrays (``__cuda_array_interface__``, so
    ``cupy.asarray`` takes them without a copy) for device input: ``to_host()`` copies.
    """

    solutions: Any
    counts: Any
    status: Any
    guesses: Any
    tasks: int = 0

    def __len__(self) -> int:
        return int(self.counts.shape[0])

    def to_host(self) -> GpuResult:
        """The same result with NumPy arrays (a copy from the device when needed)."""
        return GpuResult(_host(self.solutions), _host(self.counts), _host(self.status),
                         _host(self.guesses), tasks=self.tasks)

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
    split_after: int = DEFAULT_SPLIT_AFTER,
    rounds: int = DEFAULT_ROUNDS,
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
    set the launch (default: 128 threads and as many blocks as the GPU runs at once).

    Against the tail of a batch (its slowest puzzles), a search that has made
    ``split_after`` guesses (default 16; 0 never splits) when no puzzle is left for idle
    threads writes the rest of its tree as tasks, which ``rounds`` further rounds (default
    8) share out; the last round runs every task to its end or its budget. Each task gets
    the budget its search had left, and a chain of tasks never guesses more than one
    search would up to the same point, so what one search finishes within
    ``max_guesses`` is finished with splitting too, with the same counts (with several
    solutions the one kept may be another); ``guesses`` adds up all the tasks of a
    puzzle.
    Raises GpuUnavailable when there is no GPU to run on.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    if max_guesses < 0:
        raise ValueError(f"max_guesses must be at least 0, got {max_guesses}")
    if chunk_rows is not None and chunk_rows < 1:
        raise ValueError(f"chunk_rows must be at least 1, got {chunk_rows}")
    if split_after < 0:
        raise ValueError(f"split_after must be at least 0 (0: never split), got {split_after}")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be between 1 and {MAX_ROUNDS}, got {rounds}")
    cuda = require_cuda()
    launch = _Launch(cuda, limit, max_guesses, threads_per_block, blocks, split_after, rounds)
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
    from cuda.core.utils import StridedMemoryView  # loaded only when the GPU runs

    view = StridedMemoryView.from_dlpack(puzzles, stream_ptr=-1)
    itemsize = np.dtype(view.dtype).itemsize
    strides = None if view.strides is None else tuple(s * itemsize for s in view.strides)
    desc = {"shape": tuple(view.shape), "strides": strides, "typestr": np.dtype(view.dtype).str,
            "data": (view.ptr, bool(view.readonly)), "version": 3}
    return cuda.from_cuda_array_interface(desc, owner=puzzles)


def _host_input(puzzles: object) -> np.ndarray:
    """A C-contiguous (B, 81) uint8 array of digits 0..9, or an error saying what is wrong
    and in which row (the same checks as the CPU batch engine)."""
    from ..engine.arrays import checked_array  # loaded only when the GPU runs

    if not isinstance(puzzles, np.ndarray) and hasattr(puzzles, "__dlpack__"):
        puzzles = np.from_dlpack(puzzles)
    raw = np.asarray(puzzles)
    if raw.ndim == 2 and raw.shape[1] != 81:
        raise CellCountError(f"the GPU solver takes 9x9 puzzles (rows of 81 cells), got rows "
                             f"of {raw.shape[1]}")
    array, _ = checked_array(raw, None)
    return array


# -- launching ------------------------------------------------------------------------


class _Launch:
    """The kernels and how to launch them on a batch."""

    def __init__(self, cuda: Any, limit: int, max_guesses: int, threads: int | None,
                 blocks: int | None, split_after: int, rounds: int) -> None:
        from . import _kernel  # numba with it: only when a GPU solve runs

        self.cuda = cuda
        self.rows_kernel = _kernel.solve_rows_kernel
        self.tasks_kernel = _kernel.solve_tasks_kernel
        self.finalize = _kernel.finalize_kernel
        self.limit = limit
        self.max_guesses = max_guesses
        self.split_after = split_after
        self.rounds = rounds if split_after else 0  # task rounds launched after the rows
        self.control_words = _kernel.CONTROL_WORDS * (self.rounds + 1)
        simulated = is_simulator()
        # the simulator runs each thread of a block as a Python thread: keep it small
        self.threads = threads or (4 if simulated else 128)
        if self.threads < 1:
            raise ValueError(f"threads_per_block must be at least 1, got {threads}")
        if blocks is not None and blocks < 1:
            raise ValueError(f"blocks must be at least 1, got {blocks}")
        self.blocks = blocks or (2 if simulated else _resident_blocks(cuda, self.threads))

    def task_capacity(self, rows: int) -> int:
        """Task slots per buffer for a solve of ``rows`` rows (0 when nothing splits)."""
        return task_capacity(rows) if self.split_after else 0

    def search_row_bytes(self) -> int:
        """Device bytes per row besides the input and the results (chunk_rows_for)."""
        return _FLAG_BYTES + (_SPLIT_ROW_BYTES if self.split_after else 0)

    def __call__(self, stream: Any, puzzles: Any, solutions: Any, counts: Any, status: Any,
                 guesses: Any, flags: Any, control: Any, tasks: tuple[Any, Any]) -> None:
        """Queue the rows, the task rounds and the finalize kernel on ``stream``, with no
        synchronisation: each round learns on the device how many tasks it has.
        ``control`` holds ``control_words`` zeros."""
        rows = puzzles.shape[0]
        grid = max(1, min(self.blocks, math.ceil(rows / self.threads)))
        self.rows_kernel[grid, self.threads, stream](
            puzzles, solutions, counts, guesses, flags, control, tasks[0], self.limit,
            self.max_guesses, self.split_after, 9)
        for round_index in range(1, self.rounds + 1):
            # the whole persistent grid: a few split puzzles may give every thread work
            split_after = 0 if round_index == self.rounds else self.split_after
            self.tasks_kernel[self.blocks, self.threads, stream](
                solutions, counts, guesses, flags, control, round_index,
                tasks[(round_index - 1) % 2], tasks[round_index % 2], self.limit,
                split_after, 9)
        self.finalize[grid, self.threads, stream](solutions, counts, status, flags,
                                                  self.limit)

    def tasks_written(self, control: np.ndarray) -> int:
        """How many tasks the rounds wrote, from the ``control`` counters after a solve."""
        from ._kernel import CONTROL_WORDS, WRITTEN  # loaded only when the GPU runs

        return int(control[WRITTEN:self.control_words:CONTROL_WORDS].sum())


def task_capacity(rows: int) -> int:
    """Task slots in each of the two task buffers of a solve of ``rows`` rows that splits:
    ``_TASKS_PER_ROW`` per row, within ``_MIN_TASKS`` and ``_MAX_TASKS``."""
    return min(_MAX_TASKS, max(_MIN_TASKS, _TASKS_PER_ROW * rows))


def _resident_blocks(cuda: Any, threads: int) -> int:
    """Blocks the GPU runs at once (its SMs times the blocks one SM holds by thread count):
    a persistent grid. Blocks beyond what registers allow wait and find no work left."""
    device = cuda.get_current_device()
    sms = int(getattr(device, "MULTIPROCESSOR_COUNT", 1))
    per_sm = int(getattr(device, "MAX_THREADS_PER_MULTI_PROCESSOR", 2048))
    return sms * max(1, per_sm // threads)


def _task_buffers(cuda: Any, capacity: int, stream: Any = 0) -> tuple[Any, Any]:
    """The two task buffers the rounds ping-pong between, ``capacity`` tasks of
    TASK_WORDS int32 each, flat (empty when nothing splits)."""
    from ._kernel import TASK_WORDS  # loaded only when the GPU runs

    a, b = (cuda.device_array(capacity * TASK_WORDS, dtype=np.int32, stream=stream)
            for _ in range(2))
    return a, b


def _solve_device(puzzles: Any, launch: _Launch) -> GpuResult:
    """Solve a batch already on the device; the answers stay there."""
    cuda = launch.cuda
    rows = puzzles.shape[0]
    stream = cuda.stream()
    solutions = cuda.device_array((rows, 81), dtype=np.uint8, stream=stream)
    counts = cuda.device_array(rows, dtype=np.int32, stream=stream)
    status = cuda.device_array(rows, dtype=np.uint8, stream=stream)
    guesses = cuda.device_array(rows, dtype=np.int32, stream=stream)
    flags = cuda.device_array(rows, dtype=np.int32, stream=stream)
    control = cuda.to_device(np.zeros(launch.control_words, dtype=np.int64), stream=stream)
    tasks = _task_buffers(cuda, launch.task_capacity(rows), stream)
    if rows:
        launch(stream, puzzles, solutions, counts, status, guesses, flags, control, tasks)
    stream.synchronize()
    written = launch.tasks_written(control.copy_to_host())
    return GpuResult(solutions, counts, status, guesses, tasks=written)


def chunk_rows_for(rows: int, requested: int | None, free_bytes: float,
                   search_bytes: int = 0) -> int:
    """Rows per chunk: ``requested`` (or DEFAULT_CHUNK_ROWS), no more than ``rows``, and no
    more than two chunks' buffers fit in ``_MEMORY_SHARE`` of ``free_bytes``: input and
    results (``_ROW_BYTES`` a row) plus ``search_bytes`` a row for the search (the flags
    word, and the task buffers when splitting)."""
    step = min(rows, requested or DEFAULT_CHUNK_ROWS)
    if math.isfinite(free_bytes):
        step = min(step, int(free_bytes * _MEMORY_SHARE) // (2 * (_ROW_BYTES + search_bytes)))
    return max(1, step)


#: Control words a slot holds: ``_kernel.CONTROL_WORDS`` (3) for the rows and for each of
#: up to MAX_ROUNDS task rounds (this module must not import the kernel, nor so numba).
_CONTROL_LEN = 3 * (MAX_ROUNDS + 1)


class _Slot:
    """The buffers of one chunk in flight: device arrays, pinned host staging, a stream."""

    def __init__(self, cuda: Any, rows: int, capacity: int) -> None:
        self.rows = rows
        self.capacity = capacity
        self.stream = cuda.stream()
        self.zero = cuda.pinned_array(_CONTROL_LEN, dtype=np.int64)
        self.zero[:] = 0
        self.host_control = cuda.pinned_array(_CONTROL_LEN, dtype=np.int64)
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
        self.flags = cuda.device_array(rows, dtype=np.int32)
        self.control = cuda.device_array(_CONTROL_LEN, dtype=np.int64)
        self.tasks = _task_buffers(cuda, capacity)
        self.pending: tuple[int, int, _Launch] | None = None

    def start(self, launch: _Launch, array: np.ndarray, lo: int, hi: int,
              capacity: int) -> None:
        """Copy rows lo:hi over, solve them (every round) and copy the answers back, all
        queued on this slot's stream. ``capacity``: task slots per buffer to use."""
        n = hi - lo
        s = self.stream
        words = launch.control_words
        words_of_tasks = capacity * _TASK_WORDS
        self.host_in[:n] = array[lo:hi]
        self.puzzles[:n].copy_to_device(self.host_in[:n], stream=s)
        self.control[:words].copy_to_device(self.zero[:words], stream=s)
        launch(s, self.puzzles[:n], self.solutions[:n], self.counts[:n], self.status[:n],
               self.guesses[:n], self.flags[:n], self.control[:words],
               (self.tasks[0][:words_of_tasks], self.tasks[1][:words_of_tasks]))
        self.solutions[:n].copy_to_host(self.host_out[:n], stream=s)
        self.counts[:n].copy_to_host(self.host_counts[:n], stream=s)
        self.status[:n].copy_to_host(self.host_status[:n], stream=s)
        self.guesses[:n].copy_to_host(self.host_guesses[:n], stream=s)
        self.control[:words].copy_to_host(self.host_control[:words], stream=s)
        self.pending = (lo, hi, launch)

    def finish(self, result: GpuResult) -> int:
        """Wait for the chunk in flight and move its answers into ``result``; returns the
        tasks its rounds wrote."""
        if self.pending is None:
            return 0
        self.stream.synchronize()
        lo, hi, launch = self.pending
        n = hi - lo
        result.solutions[lo:hi] = self.host_out[:n]
        result.counts[lo:hi] = self.host_counts[:n]
        result.status[lo:hi] = self.host_status[:n]
        result.guesses[lo:hi] = self.host_guesses[:n]
        self.pending = None
        return launch.tasks_written(self.host_control)


#: The buffers of the last host solve, kept for the next: pinned memory is slow to get
#: (tens of milliseconds for a million rows), and batches often come one after another.
_kept_slots: list[_Slot] = []


#: One host solve at a time uses the kept buffers.
_slots_lock = threading.Lock()


def _slots(cuda: Any, rows: int, count: int, capacity: int) -> list[_Slot]:
    """``count`` idle slots of at least ``rows`` rows and ``capacity`` task slots per
    buffer, reusing the kept ones when they fit. Call with ``_slots_lock`` held."""
    global _kept_slots
    if (len(_kept_slots) < count or _kept_slots[0].rows < rows
            or _kept_slots[0].capacity < capacity):
        _kept_slots = []  # drop the old buffers before taking new ones
        _kept_slots = [_Slot(cuda, rows, capacity) for _ in range(count)]
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
    step = chunk_rows_for(rows, chunk_rows, free, launch.search_row_bytes())
    capacity = launch.task_capacity(step)
    written = 0
    with _slots_lock:
        slots = _slots(cuda, step, 1 if step >= rows else 2, capacity)
        for i, lo in enumerate(range(0, rows, step)):
            slot = slots[i % len(slots)]
            written += slot.finish(result)
            slot.start(launch, array, lo, min(lo + step, rows), capacity)
        for slot in slots:
            written += slot.finish(result)
    return dataclasses.replace(result, tasks=written)
