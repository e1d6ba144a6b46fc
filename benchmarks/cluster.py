"""What running on a Dask cluster costs: ``--cluster local:W`` against ``--jobs W`` on this
machine, for rating, solving and creating, and the scheduler's cost per task.

    python benchmarks/cluster.py                        # 20,000 ratings, 200,000 solves
    python benchmarks/cluster.py --rate 2000 --solve 50000 --create 5000 --workers 2

Every run is the real command (``python -m sudokit ...``) in a new process, its output
compared byte for byte with the one-machine run's; times are wall-clock seconds and the CPU
seconds of all the run's processes (on a machine others share, the CPU seconds are the
fairer measure: wall-clock time there depends on what else runs). The
cluster's start (a LocalCluster of W worker processes) is measured on its own, on a file of
one puzzle, and reported apart from the work. The per-task cost is the scheduler's: W
workers run T tasks that do nothing, and the time is divided by T. The numbers feed
docs/scale.md.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "data" / "puzzles2_17_clue.txt"


def puzzle_lines(count: int) -> list[str]:
    """``count`` puzzle lines of the 17-clue collection, repeated as often as needed."""
    lines = [s for s in PUZZLES.read_text().splitlines() if s and not s.startswith("#")]
    return [lines[i % len(lines)] for i in range(count)]


def cpu_of_children() -> float:
    """CPU seconds (user and system) of the finished child processes and theirs."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(args: list[str]) -> tuple[Times, bytes]:
    """Wall and CPU seconds ``sudoku ARGS`` took (its processes, the cluster's included),
    and its standard output (it must succeed)."""
    started, cpu = time.perf_counter(), cpu_of_children()
    done = subprocess.run([sys.executable, "-m", "sudokit", *args], capture_output=True,
                          check=False)
    took = Times(time.perf_counter() - started, cpu_of_children() - cpu)
    if done.returncode not in (0, 1):
        raise SystemExit(f"sudoku {' '.join(args)}: status {done.returncode}: "
                         f"{done.stderr.decode()[-500:]}")
    return took, done.stdout


class Times(NamedTuple):
    """Wall-clock seconds and CPU seconds of one run."""

    wall: float
    cpu: float

    def __sub__(self, other: object) -> Times:
        assert isinstance(other, Times)
        return Times(self.wall - other.wall, self.cpu - other.cpu)


def noop(x: int) -> int:
    """A task that does nothing: what is left is the scheduler's cost."""
    return x


def per_task_cost(workers: int, tasks: int) -> float:
    """Seconds of scheduling per task on a LocalCluster of ``workers`` processes."""
    import distributed

    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address="127.0.0.1:0", silence_logs=50) as cluster, \
            distributed.Client(cluster) as client:
        client.gather(client.map(noop, range(100)))  # warm: workers up, function shipped
        started = time.perf_counter()
        client.gather(client.map(noop, range(tasks), pure=False))
        return (time.perf_counter() - started) / tasks


def row(what: str, count: int, alone: Times, spread: Times, start: Times, workers: int
        ) -> str:
    work = spread - start
    return (f"| {what} | {count:,} | {alone.wall:.1f} | {spread.wall:.1f} | "
            f"{work.wall / alone.wall:.2f} | {alone.cpu:.1f} | {spread.cpu:.1f} | "
            f"{work.cpu / alone.cpu:.2f} | {count / max(work.cpu, 1e-9):,.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=int, default=20_000, help="puzzles to rate")
    parser.add_argument("--solve", type=int, default=200_000, help="puzzles to solve")
    parser.add_argument("--create", type=int, default=20_000, help="puzzles to create")
    parser.add_argument("--workers", type=int, default=2, help="W: workers and --jobs")
    parser.add_argument("--tasks", type=int, default=2000, help="empty tasks timed")
    args = parser.parse_args()
    w = args.workers
    cluster = ["--cluster", f"local:{w}"]
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}, workers: {w}")
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.txt"
        one.write_text(puzzle_lines(1)[0] + "\n")
        bare, _ = timed(["solve", str(one)])
        started, _ = timed(["solve", str(one), *cluster])
        start = started - bare
        print(f"start-up, one puzzle: alone {bare.wall:.2f} s wall, {bare.cpu:.2f} s CPU; "
              f"--cluster local:{w} {started.wall:.2f} s wall, {started.cpu:.2f} s CPU (the "
              f"cluster's start and stop: {start.wall:.2f} s wall, {start.cpu:.2f} s CPU)")
        print()
        print(f"| work | puzzles | --jobs {w} wall s | cluster wall s | wall ratio (less start)"
              f" | --jobs {w} CPU s | cluster CPU s | CPU ratio (less start) | "
              "puzzles per CPU s on the cluster |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        if args.rate:
            path = Path(tmp) / "rate.txt"
            path.write_text("\n".join(puzzle_lines(args.rate)) + "\n")
            alone, out = timed(["rate", str(path), "--jobs", str(w)])
            spread, out2 = timed(["rate", str(path), *cluster])
            assert out == out2, "rate: the cluster's output differs"
            print(row("rate", args.rate, alone, spread, start, w), flush=True)
        if args.solve:
            path = Path(tmp) / "solve.txt"
            path.write_text("\n".join(puzzle_lines(args.solve)) + "\n")
            alone, out = timed(["solve", str(path), "--jobs", str(w)])
            spread, out2 = timed(["solve", str(path), *cluster])
            assert out == out2, "solve: the cluster's output differs"
            print(row("solve", args.solve, alone, spread, start, w), flush=True)
        if args.create:
            make = ["create", "--count", str(args.create), "--seed", "bench", "--to", "line"]
            alone, out = timed([*make, "--jobs", str(w)])
            spread, out2 = timed([*make, *cluster])
            assert out == out2, "create: the cluster's output differs"
            print(row("create", args.create, alone, spread, start, w), flush=True)
    if args.tasks:
        cost = per_task_cost(w, args.tasks)
        print()
        print(f"scheduler: {cost * 1e3:.2f} ms a task ({args.tasks} empty tasks on {w} "
              f"workers), {1 / cost:,.0f} tasks/s")


if __name__ == "__main__":
    main()
