"""Whole-command speed of ``sudoku solve``: puzzles per second on each data file (one thread
and --jobs 2), and the whole-process time of solving one puzzle from standard input, for the
compiled and the pure-Python core. Prints a Markdown table; medians of --repeat runs.

    python benchmarks/cli_speed.py [--data data] [--repeat 5] [--million]

``--million`` adds a row for a file of about a million puzzles (the 17-clue file twenty
times over, written to a temporary folder).
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

FILES = [
    "puzzles2_17_clue.txt",
    "puzzles3_magictour_top1465.txt",
    "puzzles6_forum_hardest_1106.txt",
    "puzzles7_serg_benchmark.txt",
]
ONE = b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"


def timed(cmd: list[str], stdin: bytes | None = None, pure: bool = False) -> float:
    env = dict(os.environ)
    env.pop("SUDOKIT_PURE_PYTHON", None)
    if pure:
        env["SUDOKIT_PURE_PYTHON"] = "1"
    start = time.perf_counter()
    subprocess.run(cmd, input=stdin, stdout=subprocess.DEVNULL, check=False, env=env)
    return time.perf_counter() - start


def count(path: Path) -> int:
    return sum(1 for s in path.read_text().splitlines() if s.strip() and not s.startswith("#"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    default_data = Path(__file__).parents[1] / "data"
    parser.add_argument("--data", type=Path, default=default_data)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--million", action="store_true",
                        help="also time a file of about a million puzzles")
    args = parser.parse_args()
    sudoku = [sys.executable, "-m", "sudokit"]
    print("| file | puzzles | 1 thread /s | --jobs 2 /s |")
    print("| --- | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as folder:
        paths = [args.data / name for name in FILES]
        if args.million:
            big = Path(folder) / "17-clue-x20.txt"
            big.write_bytes((args.data / FILES[0]).read_bytes() * 20)
            paths.append(big)
        for path in paths:
            n = count(path)
            row = []
            for jobs in (1, 2):
                cmd = [*sudoku, "solve", str(path), "--to", "line", "--jobs", str(jobs)]
                row.append(n / statistics.median(timed(cmd) for _ in range(args.repeat)))
            print(f"| {path.name} | {n:,} | {row[0]:,.0f} | {row[1]:,.0f} |")
    print()
    print("| one puzzle from stdin, whole process | compiled | pure-Python |")
    print("| --- | ---: | ---: |")
    one = [*sudoku, "solve"]
    c = statistics.median(timed(one, ONE) for _ in range(args.repeat * 4))
    p = statistics.median(timed(one, ONE, pure=True) for _ in range(args.repeat * 4))
    print(f"| `echo PUZZLE \\| sudoku solve` | {c * 1000:.0f} ms | {p * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
