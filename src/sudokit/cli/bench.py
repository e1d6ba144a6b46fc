"""``sudoku bench``: how fast the engine solves the puzzles of each file.

Prints a Markdown table with tdoku's columns (puzzles/sec, usec/puzzle, %no_guess,
guesses/puzzle) for finding a first solution and for counting to two, on one thread and on
several; each figure is the median of ``--runs`` timed runs over the whole file. Files are
read as every other command reads them (any format, ``-`` for standard input).
"""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import MixedSizeError
from ._inputs import JOBS_HELP, Tally, add_input_arguments, each_record, positive_int
from .env import Env

if TYPE_CHECKING:
    import numpy as np


#: The most timed runs per figure: a median of more tells nothing new, and a huge count
#: would run for ever with nothing on screen.
MOST_RUNS = 1000


def runs_arg(text: str) -> int:
    """An argparse type: a number of timed runs, 1 to :data:`MOST_RUNS`."""
    value = positive_int(text)
    if value > MOST_RUNS:
        raise argparse.ArgumentTypeError(f"must be at most {MOST_RUNS}, got {text}")
    return value


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku bench`` and its options."""
    p = sub.add_parser(
        "bench",
        help="time the solver on puzzle files",
        description="Time solving every puzzle of each FILE (any format the other commands "
        "read; '-' or none for standard input): a first solution (limit 1) and a count to two "
        "(limit 2, which proves uniqueness), on one thread and on --jobs threads. Prints a "
        "Markdown table of medians. A puzzle that cannot be read is reported, and then nothing is "
        "timed.",
    )
    add_input_arguments(p)
    p.add_argument("--runs", type=runs_arg, default=5, metavar="N",
                   help=f"timed runs per figure, at most {MOST_RUNS}; the median is shown "
                   "(default 5)")
    p.add_argument("--jobs", "-j", type=positive_int, default=None, metavar="N",
                   help=JOBS_HELP.format(default="every core") + "; the multi-thread figures "
                   "use N threads (1: one thread only)")
    p.add_argument("--limit", type=int, choices=[1, 2], action="append", default=None,
                   help="1: first solution, 2: count to two; repeat for both (default both)")
    p.add_argument("--cpu-time", action="store_true",
                   help="time one-thread figures by the thread's CPU time instead of the wall "
                   "clock (steadier on a busy machine)")
    p.add_argument("--pure", action="store_true",
                   help="time the pure-Python engine instead of the compiled one")


def run(args: argparse.Namespace, env: Env) -> int:
    """Time the engine on each input and print the table; the exit status."""
    from .. import engine
    from ..stream import bench  # bench brings NumPy: only for this command

    jobs = args.jobs if args.jobs is not None else bench.all_threads()
    threads = sorted({1, jobs})
    limits = sorted(set(args.limit or [1, 2]))  # each figure once, however often asked
    tally = Tally()
    # read every input first, so that reading is not timed and a bad one is said at once
    inputs = _read_all(args, env, tally)
    if tally.status:  # the times of a file with bad lines would not be the file's
        return tally.status
    measurements = []
    with engine.pure_python() if args.pure else contextlib.nullcontext():
        for name, puzzles in inputs:
            for limit in limits:
                for n in threads:
                    m = bench.measure(puzzles, name=name, limit=limit, jobs=n, runs=args.runs,
                                      use_cpu=args.cpu_time)
                    measurements.append(m)
                    if env.stderr_isatty and env.show_progress:
                        env.warn(f"{m.name}: {m.work}, {m.threads} thread(s): "
                                 f"{m.puzzles_per_second:,.0f} puzzles/s")
    if not measurements:
        env.warn("nothing to time: the input holds no puzzle")
        return tally.status
    clock = ("thread CPU time for one thread, wall clock for more" if args.cpu_time
             else "wall clock")
    out = [bench.machine(), f"median of {args.runs} runs; {clock}", "",
           bench.format_table(measurements)]
    for name, work, n, speedup in bench.scaling(measurements):
        out.append(f"{name}, {work}: {n} threads {speedup:.2f}x one thread")
    env.stdout.write(("\n".join(out).rstrip("\n") + "\n").encode())
    return tally.status


def _read_all(args: argparse.Namespace, env: Env, tally: Tally) -> list[tuple[str, np.ndarray]]:
    """(name, (B, N*N) array) of the puzzles of each input that holds any."""
    import numpy as np  # imported when needed: the command's start-up stays fast

    found: dict[str, list[tuple[int, ...]]] = {}
    shapes: dict[str, object] = {}
    for opened, record in each_record(args, env, tally, answer_errors=False):
        if record.error is not None:  # reported by each_record
            continue
        grid = record.item.to_grid() if hasattr(record.item, "to_grid") else record.item
        shape = shapes.setdefault(opened.source, grid.shape)
        if grid.shape != shape:
            raise MixedSizeError(f"bench times puzzles of one size per input; line "
                                 f"{record.line} is {grid.n}x{grid.n}", source=opened.source)
        found.setdefault(opened.source, []).append(grid.cells)
    return [(Path(source).name, np.array(cells, dtype=np.uint8))
            for source, cells in found.items()]
