"""How long a PDF booklet of 100 puzzles with their answers and ratings takes, on one core.

Run: taskset -c 0 python benchmarks/print_speed.py [COUNT]

For two collections in data/ (17-clue puzzles, mostly easy to rate, and magictour's top
1465, hard ones whose rating needs chains and more), it times the stages of
``sudoku print FILE --answers --source``: rating and solving each puzzle (the rater's path),
laying out and drawing the PDF, and the whole command in a fresh process (start-up,
reading, rating, drawing and writing the file), against ``sudoku rate FILE`` on the same
puzzles in the same run (the reference: what rating alone costs the command).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sudokit import Grid
from sudokit.pictures import Options, booklet, prepare

DATA = Path(__file__).resolve().parent.parent / "data"
SETS = ("puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt")


def puzzles(name: str, count: int) -> list[tuple[int, str]]:
    lines = (DATA / name).read_text().splitlines()
    found = [(i, ln) for i, ln in enumerate(lines, 1) if len(ln) == 81 and ln[0] != "#"]
    return found[:count]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    with tempfile.TemporaryDirectory() as folder:
        for name in SETS:
            chosen = puzzles(name, count)
            source = Path(folder) / name
            source.write_text("".join(ln + "\n" for _, ln in chosen))
            start = time.perf_counter()
            entries = [prepare(Grid(ln), k + 1, source=f"{name}, line {i}")
                       for k, (i, ln) in enumerate(chosen)]
            rated = time.perf_counter()
            pdf = booklet(entries, Options(title="Benchmark", answers=True, source=True))
            drawn = time.perf_counter()
            out = Path(folder) / "book.pdf"
            subprocess.run([sys.executable, "-m", "sudokit", "print", str(source), "--answers",
                            "--source", "-o", str(out)], check=True)
            done = time.perf_counter()
            subprocess.run([sys.executable, "-m", "sudokit", "rate", str(source)], check=True,
                           stdout=subprocess.DEVNULL)
            reference = time.perf_counter() - done
            print(f"{name}: {len(entries)} puzzles, {len(pdf):,} bytes of PDF")
            print(f"  rate and solve    {rated - start:6.2f} s")
            print(f"  lay out and draw  {drawn - rated:6.2f} s")
            print(f"  whole command     {done - drawn:6.2f} s  (sudoku print FILE --answers)")
            print(f"  reference         {reference:6.2f} s  (sudoku rate FILE), "
                  f"print/rate = {(done - drawn) / reference:.2f}")


if __name__ == "__main__":
    main()
