"""How long a PDF booklet of 100 puzzles with their answers and ratings takes, on one core.

Run: python benchmarks/print_speed.py [COUNT]
Prints the time of each stage: rating and solving (the rater's path), laying out and
drawing the PDF, and the whole; the reference is the time of rating alone, in the same run.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from sudokit import Grid
from sudokit.printing import Options, booklet, prepare

DATA = Path(__file__).resolve().parent.parent / "data" / "puzzles2_17_clue.txt"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    lines = [ln for ln in DATA.read_text().split() if len(ln) == 81][:count]
    start = time.perf_counter()
    entries = [prepare(Grid(ln), i + 1, source=f"{DATA.name}, line {i + 1}")
               for i, ln in enumerate(lines)]
    rated = time.perf_counter()
    pdf = booklet(entries, Options(title="Benchmark", answers=True, source=True))
    done = time.perf_counter()
    print(f"{len(entries)} puzzles, {len(pdf):,} bytes of PDF")
    print(f"rate and solve: {rated - start:.2f} s")
    print(f"lay out and draw: {done - rated:.2f} s")
    print(f"whole booklet: {done - start:.2f} s")


if __name__ == "__main__":
    main()
