"""``sudoku solve FILE`` as a user runs it, whole process, against tdoku's reference figures.

For each collection of ``data/`` (repeated as tdoku's own benchmark repeats them: top1465 x10,
hardest_1106 x20, serg x5, in a temporary folder) it prints our whole-process time on one
thread (median, or best, of --repeat runs), tdoku's whole-process time estimated from its reference
rates in ``data/README.md`` (puzzles / rate), the ratio (above 1: we are faster), the engine
alone on the same puzzles (CPU time of ``_kernel9.solve_rows``, one thread), and the speed-up
of ``--jobs 2``; ``--unique`` (count to two) is compared with tdoku's count-to-two rate, the
default (first solution) with its first-solution rate. Then the whole-process time of one
puzzle on standard input (the same), ``sudoku count`` of the first collection (to two, against
tdoku's count-to-two rate), and with --million the peak memory of a million puzzles.

    python benchmarks/whole_command.py [--repeat 5] [--stat best] [--million] [--sudoku PATH]

Bytecode is written and used and standard output buffered, as for an installed package
(PYTHONDONTWRITEBYTECODE and PYTHONUNBUFFERED are dropped for the runs). Run it in the
environment to measure: a venv without the optional extras starts faster (numba's .pth
file alone costs tens of milliseconds per start).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: (file, times repeated, tdoku puzzles/s first solution, tdoku puzzles/s count to two),
#: tdoku's figures from data/README.md.
SETS = [
    ("puzzles2_17_clue.txt", 1, 294_000, 276_000),
    ("puzzles3_magictour_top1465.txt", 10, 152_000, 100_000),
    ("puzzles6_forum_hardest_1106.txt", 20, 21_900, 11_400),
    ("puzzles7_serg_benchmark.txt", 5, 484_000, 351_000),
]
ONE = b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"


def _env() -> dict[str, str]:
    """The environment of the runs: as a user's (bytecode written and used, standard output
    buffered, the compiled modules)."""
    env = dict(os.environ)
    for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "SUDOKIT_PURE_PYTHON"):
        env.pop(name, None)
    return env


#: How the runs of one command are summed up: "median", or "best" (the fastest run: on a
#: machine shared with other work, the one least disturbed).
STAT = {"median": statistics.median, "best": min}


class Timing:
    """Wall-clock and CPU (user + system) seconds of runs of one command, summed up."""

    stat = "median"

    def __init__(self, wall: list[float], cpu: list[float]) -> None:
        self.wall = STAT[self.stat](wall)
        self.cpu = STAT[self.stat](cpu)


def timed(cmd: list[str], repeat: int, stdin: bytes | None = None) -> Timing:
    """``repeat`` runs of ``cmd`` (output thrown away), timed."""
    walls, cpus = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        child = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, env=_env())
        if stdin:
            child.stdin.write(stdin)  # type: ignore[union-attr]
        child.stdin.close()  # type: ignore[union-attr]
        _, _, usage = os.wait4(child.pid, 0)
        walls.append(time.perf_counter() - start)
        cpus.append(usage.ru_utime + usage.ru_stime)
        child.returncode = 0  # reaped above
    return Timing(walls, cpus)


def engine_rate(path: Path, limit: int, python: str) -> float:
    """Puzzles per CPU second of the 9x9 kernel alone on the puzzles of ``path``."""
    code = (
        "import sys, time, numpy as np\n"
        "from sudokit import engine\n"
        "from sudokit.formats import line\n"
        "p = line.load_array(sys.argv[1]); n = len(p)\n"
        "s = np.zeros_like(p); c = np.zeros(n, np.int64); g = np.zeros(n, np.int64)\n"
        "solve = engine.load('_kernel9').solve_rows\n"
        "t = time.process_time(); solve(p, s, c, g, int(sys.argv[2]))\n"
        "print(n / (time.process_time() - t))\n"
    )
    out = subprocess.run([python, "-c", code, str(path), str(limit)], capture_output=True,
                         text=True, check=True, env=_env())
    return float(out.stdout)


def peak_rss_mb(cmd: list[str]) -> float:
    """Peak resident memory of ``cmd``, in MB (its own process, measured by a parent)."""
    code = ("import resource, subprocess, sys\n"
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    out = subprocess.run([sys.executable, "-c", code, *cmd], capture_output=True, text=True,
                         check=True, env=_env())
    return int(out.stdout) / 1024


def output_of(cmd: list[str]) -> bytes:
    """The standard output of ``cmd``."""
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          env=_env()).stdout


def wrapper_note(sudoku: str) -> str:
    """A line about the ``sudoku`` script, when it is one that imports ``re`` before the
    command starts (the wrapper written by pip before 25.0 does: about 5 ms of a one-puzzle
    solve; pip 25 and later, and uv, write one without)."""
    try:
        with open(sudoku, "rb") as f:
            head = f.read(4096)
    except OSError:
        return ""
    if b"\nimport re\n" in head:
        return (f"(note: {sudoku} imports re before the command starts, as the scripts "
                "written by pip before 25.0 do: about 5 ms more per run)\n\n")
    return ""


def puzzles_in(path: Path) -> int:
    with open(path, "rb") as f:
        return sum(1 for s in f if s.strip() and not s.startswith(b"#"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path(__file__).parents[1] / "data")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--stat", choices=sorted(STAT), default="median",
                        help="how the runs of a command are summed up (default: median)")
    parser.add_argument("--million", action="store_true", help="also the peak memory of a "
                        "million puzzles (the 17-clue file 21 times over)")
    parser.add_argument("--sudoku", default=str(Path(sys.executable).parent / "sudoku"),
                        help="the sudoku command to run (default: the one beside this Python)")
    parser.add_argument("--python", default=sys.executable,
                        help="the Python of that command, for the engine-alone figures")
    args = parser.parse_args()
    sudoku = [args.sudoku]
    Timing.stat = args.stat
    print(f"one thread unless said; {args.stat} of {args.repeat} runs, wall clock (CPU time in "
          "brackets: user + system); ratio = tdoku's time / ours (above 1: faster)\n")
    print(wrapper_note(args.sudoku), end="")
    print("| file | puzzles | ours, s | tdoku, s | ratio | ours --unique, s | tdoku count "
          "to two, s | ratio | engine alone, puzzles/s (first / to two) | --jobs 2 speed-up "
          "| --jobs 2 same bytes |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for name, times, first_rate, two_rate in SETS:
            source = args.data / name
            path = Path(tmp) / name
            path.write_bytes(source.read_bytes() * times)
            n = puzzles_in(path)
            ours = timed([*sudoku, "solve", str(path)], args.repeat)
            unique = timed([*sudoku, "solve", str(path), "--unique"], args.repeat)
            jobs2 = timed([*sudoku, "solve", str(path), "--jobs", "2"], args.repeat)
            tdoku, tdoku2 = n / first_rate, n / two_rate
            engine1 = engine_rate(path, 1, args.python)
            engine2 = engine_rate(path, 2, args.python)
            same = output_of([*sudoku, "solve", str(path)]) == output_of(
                [*sudoku, "solve", str(path), "--jobs", "2"])
            print(f"| {name} x{times} | {n:,} | {ours.wall:.3f} ({ours.cpu:.3f}) | {tdoku:.3f} "
                  f"| {tdoku / ours.wall:.2f} ({tdoku / ours.cpu:.2f}) "
                  f"| {unique.wall:.3f} ({unique.cpu:.3f}) | {tdoku2:.3f} "
                  f"| {tdoku2 / unique.wall:.2f} ({tdoku2 / unique.cpu:.2f}) "
                  f"| {engine1:,.0f} / {engine2:,.0f} | {ours.wall / jobs2.wall:.2f} "
                  f"| {'yes' if same else 'NO'} |")
        one = timed([*sudoku, "solve"], max(args.repeat, 20), stdin=ONE)
        bare = timed([args.python, "-c", "pass"], max(args.repeat, 20))
        print(f"\none puzzle on standard input, whole process: {one.wall * 1000:.1f} ms, CPU "
              f"{one.cpu * 1000:.1f} ms (a bare `python -c pass`: {bare.wall * 1000:.1f} ms, "
              f"CPU {bare.cpu * 1000:.1f} ms)")
        name, times, _, two_rate = SETS[0]
        path = Path(tmp) / name
        counted = timed([*sudoku, "count", str(path), "--limit", "2"], args.repeat)
        n = puzzles_in(path)
        print(f"`sudoku count` of {name} x{times} (--limit 2): {counted.wall:.3f} s, CPU "
              f"{counted.cpu:.3f} s; tdoku counting to two: {n / two_rate:.3f} s, ratio "
              f"{n / two_rate / counted.wall:.2f}")
        if args.million:
            path = Path(tmp) / "million.txt"
            path.write_bytes((args.data / SETS[0][0]).read_bytes() * 21)
            n = puzzles_in(path)
            start = time.perf_counter()
            rss = peak_rss_mb([*sudoku, "solve", str(path)])
            took = time.perf_counter() - start
            print(f"{n:,} puzzles: peak resident memory {rss:.0f} MB ({took:.1f} s)")


if __name__ == "__main__":
    main()
