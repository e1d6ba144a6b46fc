"""Measure the GPU solver on a machine with a CUDA GPU (the figures of docs/gpu.md).

``python benchmarks/gpu_bench.py FILE ... [--rows 1000000]`` prints, for each file replicated to
``--rows`` puzzles: puzzles per second with the data already on the device and
from NumPy to NumPy (round trip), for a first solution and for counting to two, each a
median of ``--repeat`` runs, with every answer checked, for each ``--split-after``
(``0 16`` compares a batch without and with search splitting; the ``tasks`` column
counts what split searches wrote); then the
first-call time (numba import and kernel compile, with an empty and with a warm cache)
and, with ``--crossover``, the smallest batch from which the GPU beats the CPU engine on
all cores (the figure behind ``device='auto'``).

Refuses to run in numba's simulator unless ``--simulator`` is given (for a smoke test of
this script on tiny batches: the simulator is about a million times slower).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import numpy as np

from sudokit.batch import solve_array
from sudokit.engine.arrays import check_solutions
from sudokit.formats.line import load_array
from sudokit.gpu import (
    DEFAULT_SPLIT_AFTER,
    GpuStatus,
    is_simulator,
    solve_array_gpu,
    unavailable_reason,
)
from sudokit.shape import Shape

#: Batch sizes tried for the GPU/CPU crossover.
CROSSOVER_ROWS = (1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000)

_FIRST_CALL = (
    "import time; t = time.perf_counter(); import numpy as np; "
    "from sudokit.gpu import solve_array_gpu; "
    "solve_array_gpu(np.zeros((1, 81), dtype=np.uint8)); "
    "print(time.perf_counter() - t)"
)


def replicate(puzzles: np.ndarray, rows: int) -> np.ndarray:
    """``rows`` puzzles: the file's, repeated in order as often as needed."""
    reps = -(-rows // max(1, len(puzzles)))
    return np.ascontiguousarray(np.tile(puzzles, (reps, 1))[:rows])


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` calls of ``run``, after one call to warm up."""
    run()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def first_call_seconds() -> tuple[float, float]:
    """(with an empty kernel cache, with the cache it left): seconds from a fresh
    interpreter to the first answer, numba's import included."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        times = []
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", _FIRST_CALL], env=env, check=True,
                                 capture_output=True, text=True)
            times.append(float(out.stdout.split()[-1]))
    return times[0], times[1]


def bench_file(path: Path, rows: int, limits: Sequence[int], repeat: int,
               chunk_rows: int | None,
               split_after: int = DEFAULT_SPLIT_AFTER) -> list[str]:
    """Table rows for one file: kernel and round-trip rates, statuses, guesses, and the
    tasks split searches wrote."""
    from numba import cuda

    puzzles = replicate(load_array(path), rows)
    on_device = cuda.to_device(puzzles)
    lines = []
    for limit in limits:
        device = median_seconds(partial(solve_array_gpu, on_device, limit=limit,
                                        split_after=split_after), repeat)
        result = solve_array_gpu(puzzles, limit=limit, chunk_rows=chunk_rows,
                                 split_after=split_after)
        trip = median_seconds(partial(solve_array_gpu, puzzles, limit=limit,
                                      chunk_rows=chunk_rows,
                                      split_after=split_after), repeat)
        check_solutions(puzzles, result.solutions, result.counts, Shape.for_size(9),
                        "the GPU kernel")  # raises on a wrong answer
        status = np.bincount(result.status, minlength=4)
        lines.append(
            f"| {path.name} | {split_after} | {limit} | {rows} | "
            f"{rows / device / 1e6:.2f} | {rows / trip / 1e6:.2f} | "
            f"{status[GpuStatus.SOLVED]} | {status[GpuStatus.NO_SOLUTION]} | "
            f"{status[GpuStatus.GAVE_UP]} | {result.guesses.mean():.2f} | "
            f"{result.guesses.max()} | {result.tasks} |")
    return lines


def crossover(path: Path, repeat: int, sizes: Sequence[int]) -> list[str]:
    """Table rows: GPU round trip against the CPU engine on every core, per batch size."""
    source = load_array(path)
    lines = []
    for size in sizes:
        puzzles = replicate(source, size)
        gpu = median_seconds(partial(solve_array_gpu, puzzles), repeat)
        cpu = median_seconds(partial(solve_array, puzzles, jobs=0), repeat)
        lines.append(f"| {path.name} | {size} | {gpu * 1e3:.2f} | {cpu * 1e3:.2f} | "
                     f"{'gpu' if gpu < cpu else 'cpu'} |")
    return lines


def describe_device() -> str:
    """The GPU's name and the software versions, one line."""
    import numba
    from numba import cuda

    try:
        import numba_cuda

        version = numba_cuda.__version__
    except (ImportError, AttributeError):  # numba's bundled CUDA target
        version = "bundled"
    device = cuda.get_current_device()
    name = getattr(device, "name", b"simulator")
    name = name.decode() if isinstance(name, bytes) else str(name)
    return f"{name}, numba {numba.__version__}, numba-cuda {version}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print markdown tables."""
    parser = argparse.ArgumentParser(prog="benchmarks/gpu_bench.py",
                                     description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("files", nargs="+", type=Path, help="puzzle files, one per line")
    parser.add_argument("--rows", type=int, default=1_000_000, help="puzzles per batch")
    parser.add_argument("--limit", type=int, nargs="+", default=[1, 2], choices=[1, 2])
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per figure")
    parser.add_argument("--chunk-rows", type=int, help="rows per chunk of a host batch")
    parser.add_argument("--split-after", type=int, nargs="+", default=[DEFAULT_SPLIT_AFTER],
                        help="guesses before a search may split into tasks, each value "
                             "timed (0: never; '0 16' compares)")
    parser.add_argument("--crossover", action="store_true",
                        help="find the batch size from which the GPU beats the CPU")
    parser.add_argument("--crossover-sizes", type=int, nargs="+", default=CROSSOVER_ROWS)
    parser.add_argument("--no-compile-time", action="store_true",
                        help="skip the first-call timing (two fresh interpreters)")
    parser.add_argument("--simulator", action="store_true",
                        help="allow numba's CUDA simulator (smoke tests only)")
    args = parser.parse_args(argv)

    reason = unavailable_reason()
    if reason is not None:
        sys.stderr.write(f"no GPU: {reason}\n")
        return 2
    if is_simulator() and not args.simulator:
        sys.stderr.write("numba's CUDA simulator is on (NUMBA_ENABLE_CUDASIM): pass "
                         "--simulator to run anyway, on tiny batches\n")
        return 2
    out = sys.stdout
    out.write(f"{describe_device()}\n\n")
    out.write("| file | split after | limit | rows | on device M/s | round trip M/s "
              "| solved | no solution | gave up | guesses/puzzle | max guesses | tasks |\n")
    out.write("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
              "| ---: | ---: |\n")
    for path in args.files:
        for split_after in args.split_after:
            for line in bench_file(path, args.rows, args.limit, args.repeat,
                                   args.chunk_rows, split_after):
                out.write(line + "\n")
                out.flush()
    if not args.no_compile_time:
        cold, warm = first_call_seconds()
        out.write(f"\nfirst call (import + compile): {cold:.2f} s with an empty cache, "
                  f"{warm:.2f} s with a warm one\n")
    if args.crossover:
        out.write("\n| file | rows | GPU ms | CPU (all cores) ms | faster |\n")
        out.write("| --- | ---: | ---: | ---: | --- |\n")
        for line in crossover(args.files[0], args.repeat, args.crossover_sizes):
            out.write(line + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
