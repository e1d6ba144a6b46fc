"""Benchmarks: how fast the batch engine solves the puzzles of a file.

The library side of ``sudoku bench``. For each file it times ``batch.solve_array`` over
the whole file, for finding a first solution (limit 1) and for counting to two (limit 2,
which proves a unique puzzle unique), on one thread and on several, and reports the
columns of tdoku's benchmark table: puzzles per second, microseconds per puzzle, the share
of puzzles solved without guessing, and guesses per puzzle. Times are medians of several
runs, since machines are noisy.

>>> from sudokit.stream.bench import measure
>>> from sudokit.formats.line import loads_array
>>> measure(loads_array("." * 81), limit=1, runs=1).puzzles
1
"""

from __future__ import annotations

import math
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .. import engine
from ..batch import solve_array
from ..formats.line import load_array

#: Work names: what each limit means in a table.
WORK = {1: "solve", 2: "count to 2"}

#: A run shorter than this is repeated within one sample, so that short files are timed
#: over a span the clock and the scheduler do not distort.
MIN_SAMPLE_SECONDS = 0.25


@dataclass(frozen=True)
class Measurement:
    """One kind of work on one set of puzzles.

    ``seconds`` is the median wall-clock time of one pass over all of them, from
    ``samples`` (each the mean of ``passes`` passes); with one thread, ``cpu_seconds`` is
    the same from the thread's CPU time, which a busy machine distorts less. ``use_cpu``
    says which of the two the rates report."""

    name: str
    limit: int
    threads: int
    puzzles: int
    seconds: float
    no_guess: float
    guesses_per_puzzle: float
    unsolved: int
    samples: tuple[float, ...] = field(default=())
    passes: int = 1
    cpu_seconds: float | None = None
    cpu_samples: tuple[float, ...] = field(default=())
    use_cpu: bool = False
    cores_used: float = 0.0

    @property
    def work(self) -> str:
        return WORK.get(self.limit, f"count to {self.limit}")

    @property
    def timed(self) -> float:
        """The time the rates use: CPU time when asked for and measured, else wall."""
        if self.use_cpu and self.cpu_seconds is not None:
            return self.cpu_seconds
        return self.seconds

    @property
    def clock(self) -> str:
        return "cpu" if self.use_cpu and self.cpu_seconds is not None else "wall"

    @property
    def puzzles_per_second(self) -> float:
        return self.puzzles / self.timed if self.timed > 0 else math.inf

    @property
    def usec_per_puzzle(self) -> float:
        return 1e6 * self.timed / self.puzzles if self.puzzles else 0.0

    @property
    def spread(self) -> float:
        """(slowest - fastest) / median of the samples: how noisy the figure is."""
        samples = self.cpu_samples if self.clock == "cpu" else self.samples
        if len(samples) < 2 or self.timed <= 0:
            return 0.0
        return (max(samples) - min(samples)) / self.timed


def measure(
    puzzles: np.ndarray,
    *,
    name: str = "puzzles",
    limit: int = 1,
    jobs: int = 1,
    runs: int = 5,
    use_cpu: bool = False,
    clock: Callable[[], float] = time.perf_counter,
    cpu_clock: Callable[[], float] = time.thread_time,
) -> Measurement:
    """Time ``solve_array(puzzles, limit=limit, jobs=jobs)``: the median of ``runs``
    samples, after one pass that warms up and sizes the samples. With one thread the work
    runs in this thread, so its CPU time is measured too. ``cores_used`` is the process's
    CPU time over the wall time: about ``jobs`` when the machine gave every thread a core."""
    if runs < 1:
        raise ValueError(f"runs must be at least 1, got {runs}")
    start = clock()
    result = solve_array(puzzles, limit=limit, jobs=jobs)
    first = clock() - start
    passes = max(1, math.ceil(MIN_SAMPLE_SECONDS / first)) if first > 0 else 1
    samples, cpu_samples = [], []
    process_start = time.process_time()
    wall_start = time.perf_counter()
    for _ in range(runs):
        start, cpu_start = clock(), cpu_clock()
        for _ in range(passes):
            solve_array(puzzles, limit=limit, jobs=jobs)
        samples.append((clock() - start) / passes)
        cpu_samples.append((cpu_clock() - cpu_start) / passes)
    wall = time.perf_counter() - wall_start
    cores = (time.process_time() - process_start) / wall if wall > 0 else 0.0
    count = len(puzzles)
    one_thread = jobs == 1
    return Measurement(
        name=name,
        limit=limit,
        threads=jobs,
        puzzles=count,
        seconds=statistics.median(samples),
        no_guess=float(np.mean(result.guesses == 0)) if count else 0.0,
        guesses_per_puzzle=float(np.mean(result.guesses)) if count else 0.0,
        unsolved=int(np.sum(result.counts == 0)),
        samples=tuple(samples),
        passes=passes,
        cpu_seconds=statistics.median(cpu_samples) if one_thread else None,
        cpu_samples=tuple(cpu_samples) if one_thread else (),
        use_cpu=use_cpu,
        cores_used=cores,
    )


def bench_files(
    paths: Sequence[str | os.PathLike[str]],
    *,
    limits: Sequence[int] = (1, 2),
    jobs: Sequence[int] = (1,),
    runs: int = 5,
    use_cpu: bool = False,
    progress: Callable[[Measurement], None] | None = None,
) -> list[Measurement]:
    """``measure`` every file for every limit and thread count, in that order.

    ``use_cpu`` reports one-thread figures by the CPU time of the thread (which a busy
    machine distorts less than the wall clock); several threads are always reported by the
    wall clock."""
    out = []
    for path in paths:
        puzzles = load_array(path)
        for limit in limits:
            for threads in jobs:
                m = measure(puzzles, name=Path(path).name, limit=limit, jobs=threads,
                            runs=runs, use_cpu=use_cpu)
                out.append(m)
                if progress is not None:
                    progress(m)
    return out


def all_threads() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def format_table(measurements: Sequence[Measurement]) -> str:
    """A Markdown table in the columns of tdoku's benchmark, one line per measurement."""
    head = ("| data | work | threads | puzzles/sec | usec/puzzle | %no_guess | guesses/puzzle "
            "| puzzles | clock | spread |")
    rule = "|:--|:--|--:|--:|--:|--:|--:|--:|:--|--:|"
    lines = [head, rule]
    for m in measurements:
        unsolved = f" ({m.unsolved} unsolved)" if m.unsolved else ""
        lines.append(
            f"| {m.name} | {m.work} | {m.threads} | {m.puzzles_per_second:,.0f} "
            f"| {m.usec_per_puzzle:,.2f} | {100 * m.no_guess:.1f}% "
            f"| {m.guesses_per_puzzle:,.2f} | {m.puzzles:,}{unsolved} | {m.clock} "
            f"| {100 * m.spread:.0f}% |"
        )
    return "\n".join(lines) + "\n"


def scaling(measurements: Sequence[Measurement]) -> list[tuple[str, str, int, float]]:
    """(file, work, threads, speed-up over one thread) for each multi-thread measurement
    that has a one-thread measurement of the same file and work beside it."""
    single = {(m.name, m.limit): m for m in measurements if m.threads == 1}
    out = []
    for m in measurements:
        base = single.get((m.name, m.limit))
        if m.threads > 1 and base is not None and m.seconds > 0:
            out.append((m.name, m.work, m.threads, base.seconds / m.seconds))
    return out


def machine() -> str:
    """One line: the CPU model, the cores this process may use, Python, and which core."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    kernel = "compiled" if engine.is_compiled("_kernel9") else "pure-Python"
    return (f"{model}, {all_threads()} cores available; Python {platform.python_version()}; "
            f"{kernel} 9x9 kernel")
