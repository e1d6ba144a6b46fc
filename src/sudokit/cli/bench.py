"""``sudoku bench``: how fast the engine solves the puzzles of each file.

Prints a Markdown table with tdoku's columns (puzzles/sec, usec/puzzle, %no_guess,
guesses/puzzle) for finding a first solution and for counting to two, on one thread and on
several; each figure is the median of ``--runs`` timed runs over the whole file.
"""

from __future__ import annotations

import argparse
import contextlib

from .env import Env
from .status import ExitStatus


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bench",
        help="time the solver on puzzle files (line format)",
        description="Time solving every puzzle of each FILE (one puzzle per line, '#' comments):"
        " a first solution (limit 1) and a count to two (limit 2, which proves uniqueness), on "
        "one thread and on --jobs threads. Prints a Markdown table of medians.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="puzzle files in the line format")
    p.add_argument("--runs", type=_positive_int, default=5, metavar="N",
                   help="timed runs per figure; the median is shown (default 5)")
    p.add_argument("--jobs", "-j", type=_positive_int, default=None, metavar="N",
                   help="threads for the multi-thread figures (default: every core; 1: "
                   "one thread only)")
    p.add_argument("--limit", type=int, choices=[1, 2], action="append", default=None,
                   help="1: first solution, 2: count to two; repeat for both (default both)")
    p.add_argument("--cpu-time", action="store_true",
                   help="time one-thread figures by the thread's CPU time instead of the wall "
                   "clock (steadier on a busy machine)")
    p.add_argument("--pure", action="store_true",
                   help="time the pure-Python engine instead of the compiled one")


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def run(args: argparse.Namespace, env: Env) -> int:
    from .. import bench, engine  # bench brings NumPy: only for this command

    jobs = args.jobs if args.jobs is not None else bench.all_threads()
    threads = sorted({1, jobs})
    limits = args.limit or [1, 2]

    def report(m: bench.Measurement) -> None:
        if env.stderr_isatty:
            env.stderr.write(f"{m.name}: {m.work}, {m.threads} thread(s): "
                             f"{m.puzzles_per_second:,.0f} puzzles/s\n")
            env.stderr.flush()

    from ..formats.line import load_array

    # read every file first, so that a bad one stops the command before any timing
    for name in args.files:
        load_array(name)
    with engine.pure_python() if args.pure else contextlib.nullcontext():
        measurements = bench.bench_files(args.files, limits=limits, jobs=threads,
                                         runs=args.runs, use_cpu=args.cpu_time, progress=report)
    clock = ("thread CPU time for one thread, wall clock for more" if args.cpu_time
             else "wall clock")
    out = [bench.machine(), f"median of {args.runs} runs; {clock}", "",
           bench.format_table(measurements)]
    for name, work, n, speedup in bench.scaling(measurements):
        out.append(f"{name}, {work}: {n} threads {speedup:.2f}x one thread")
    env.stdout.write(("\n".join(out).rstrip("\n") + "\n").encode())
    return ExitStatus.OK
