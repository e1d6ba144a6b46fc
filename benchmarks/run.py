"""Benchmark the 9x9 engine on the shared puzzle collections and write results.md.

    .venv/bin/python benchmarks/run.py                 # every file, 5 runs, all cores
    .venv/bin/python benchmarks/run.py --runs 9 --pure-sample 200

For each file: first-solution solving (limit 1) and counting to two (limit 2), on one thread
and on every core, as medians of --runs timed runs over the whole file (sudokit.stream.bench, the
library side of ``sudoku bench``). One-thread figures are reported by the wall clock and by
the thread's CPU time, which a machine shared with other work distorts less. The tdoku
figures beside them are the reference ones from data/README.md, measured on another machine:
compare ratios, not absolute numbers, and only like with like (first solution with first
solution, count to two with count to two).
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from sudokit import __version__, engine
from sudokit.formats.line import load_array
from sudokit.stream import bench

HERE = Path(__file__).resolve().parent
FILES = [
    ("17-clue", "puzzles2_17_clue.txt"),
    ("top1465", "puzzles3_magictour_top1465.txt"),
    ("hardest_1106", "puzzles6_forum_hardest_1106.txt"),
    ("serg", "puzzles7_serg_benchmark.txt"),
]
#: tdoku, one thread, puzzles/s, from data/README.md (another machine: AMD EPYC, 2 vCPU).
TDOKU = {
    1: {"17-clue": 294_000, "top1465": 152_000, "hardest_1106": 21_900, "serg": 484_000},
    2: {"17-clue": 276_000, "top1465": 100_000, "hardest_1106": 11_400, "serg": 351_000},
}
#: This project's targets for first-solution solving, one thread: minimum, goal.
TARGETS = {"17-clue": (190_000, 280_000), "top1465": (60_000, 100_000),
           "hardest_1106": (6_800, 11_400), "serg": (210_000, 350_000)}


def default_data() -> Path:
    return HERE.parent / "data"


def cpu_model() -> str:
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    return platform.processor() or platform.machine()


def load_average() -> str:
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def pure_figures(data: Path, sample: int) -> list[str]:
    """Puzzles/s of the pure-Python kernel (the same source, uncompiled) on the first
    ``sample`` puzzles of each file, by CPU time, one run."""
    lines = ["| data | work | puzzles | puzzles/sec | usec/puzzle | guesses/puzzle |",
             "|:--|:--|--:|--:|--:|--:|"]
    for label, name in FILES:
        puzzles = load_array(data / name)[:sample]
        for limit in (1, 2):
            with engine.pure_python():
                m = bench.measure(puzzles, name=label, limit=limit, runs=1, use_cpu=True)
            lines.append(f"| {label} | {m.work} | {m.puzzles} | {m.puzzles_per_second:,.0f} "
                         f"| {m.usec_per_puzzle:,.0f} | {m.guesses_per_puzzle:.2f} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=default_data())
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=bench.all_threads())
    parser.add_argument("--pure-sample", type=int, default=100,
                        help="puzzles per file for the pure-Python figures (0: skip)")
    parser.add_argument("--out", type=Path, default=HERE / "results.md")
    args = parser.parse_args(argv)
    command = "python benchmarks/run.py " + shlex.join(sys.argv[1:] if argv is None else argv)

    if not engine.is_compiled("_kernel9"):
        print("warning: the compiled kernel is not built; timing the pure-Python one",
              file=sys.stderr)
    load_before = load_average()
    started = time.time()
    threads = sorted({1, args.jobs})
    by_key: dict[tuple[str, int, int], bench.Measurement] = {}
    for label, name in FILES:
        puzzles = load_array(args.data / name)
        for limit in (1, 2):
            for n in threads:
                m = bench.measure(puzzles, name=label, limit=limit, jobs=n, runs=args.runs)
                by_key[label, limit, n] = m
                print(f"{label:13} {m.work:11} {n} thread(s): {m.puzzles_per_second:>10,.0f}/s"
                      f" wall" + (f", {m.puzzles / m.cpu_seconds:>10,.0f}/s cpu"
                                  if m.cpu_seconds else ""), file=sys.stderr)
    load_after = load_average()
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started))

    out = [
        "# 9x9 solving speed",
        "",
        f"Written by `{command}` (sudokit {__version__}), {when}.",
        "",
        f"- machine: {cpu_model()}, {bench.all_threads()} cores available "
        f"(`lscpu` model name)",
        f"- Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{'compiled' if engine.is_compiled('_kernel9') else 'pure-Python'} kernel, "
        f"numpy {np.__version__}",
        f"- load average (1/5/15 min) before: {load_before}; after: {load_after} "
        "(other work on the machine slows the wall clock, not the CPU time)",
        f"- each figure: median of {args.runs} timed runs over the whole file (short files "
        "are run several times within a run); the puzzles are solved by "
        "`sudokit.batch.solve_array`, one call per run",
        "",
        "## One thread",
        "",
        "| data | work | puzzles/sec (wall) | puzzles/sec (cpu) | usec/puzzle (cpu) "
        "| %no_guess | guesses/puzzle | tdoku puzzles/sec | ours / tdoku (cpu) |",
        "|:--|:--|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for label, _ in FILES:
        for limit in (1, 2):
            m = by_key[label, limit, 1]
            cpu_rate = m.puzzles / m.cpu_seconds if m.cpu_seconds else float("nan")
            ref = TDOKU[limit][label]
            out.append(
                f"| {label} | {m.work} | {m.puzzles_per_second:,.0f} | {cpu_rate:,.0f} "
                f"| {1e6 / cpu_rate:,.2f} | {100 * m.no_guess:.1f}% "
                f"| {m.guesses_per_puzzle:,.2f} | {ref:,} | {cpu_rate / ref:.2f} |")
    out += ["", "tdoku's figures: data/README.md (C++ with SIMD, one thread, measured on "
            "another machine, AMD EPYC): first solution beside our 'solve', its own benchmark "
            "(count to two) beside our 'count to 2'.", ""]
    out += ["## Targets (first solution, one thread, CPU time)", "",
            "| data | puzzles/sec | minimum | goal | |", "|:--|--:|--:|--:|:--|"]
    for label, _ in FILES:
        m = by_key[label, 1, 1]
        rate = m.puzzles / m.cpu_seconds if m.cpu_seconds else 0.0
        low, goal = TARGETS[label]
        verdict = "goal met" if rate >= goal else ("minimum met" if rate >= low else "below")
        out.append(f"| {label} | {rate:,.0f} | {low:,} | {goal:,} | {verdict} |")
    if len(threads) > 1:
        n = threads[-1]
        out += ["", f"## {n} threads (wall clock)", "",
                "| data | work | puzzles/sec | usec/puzzle | speed-up over one thread (wall) "
                "| cores used (1 thread / n threads) |",
                "|:--|:--|--:|--:|--:|--:|"]
        for label, _ in FILES:
            for limit in (1, 2):
                m, one = by_key[label, limit, n], by_key[label, limit, 1]
                out.append(f"| {label} | {m.work} | {m.puzzles_per_second:,.0f} "
                           f"| {m.usec_per_puzzle:,.2f} | {one.seconds / m.seconds:.2f}x "
                           f"| {one.cores_used:.2f} / {m.cores_used:.2f} |")
        out += ["", "The speed-up is only as good as the cores are free. 'Cores used' is the "
                "process's CPU time over the wall time while the figure was taken: near "
                f"{n} for {n} threads on an idle machine; when other work holds the cores "
                "it stays near 1 and so does the speed-up. The kernel runs without the GIL "
                "(tests/values/test_batch.py checks that another thread runs Python throughout a "
                "call)."]
    if args.pure_sample:
        out += ["", f"## Pure-Python kernel (the same source, uncompiled; first "
                f"{args.pure_sample} puzzles of each file, CPU time, one run)", ""]
        out += pure_figures(args.data, args.pure_sample)
    args.out.write_text("\n".join(out) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
