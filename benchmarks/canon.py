"""How fast canonical (minlex) forms are found, and what ``sudoku dedupe`` costs on a large
file.

    .venv/bin/python benchmarks/canon.py                  # forms, then a 10-million-line dedupe
    .venv/bin/python benchmarks/canon.py --lines 1000000  # a smaller dedupe
    .venv/bin/python benchmarks/canon.py --lines 0        # forms only

Forms: ``sudokit.symmetry.forms_of`` on each collection of data/, on one thread and on two
(``forms_of_parts``, as ``sudoku canon --jobs 2`` runs it), best of ``--rounds``; against two
references measured in the same run: the same search uncompiled (the pure-Python fallback,
the plainest correct pruning here) and the search of every symmetry (2 x 1,296 x 1,296
position maps, each relabelled, in NumPy; one puzzle). The 17-clue list must give 49,158
distinct forms.

Dedupe: a file of ``--lines`` lines, each a puzzle of data/ under a random symmetry (drawn
with NumPy from a fixed seed, so that every class is spread over many lines), is written to
a temporary directory; ``sudoku dedupe --stats FILE`` runs as a child process (a file this
large goes through the bucket files, in bounded memory), timed, with its peak resident
memory (``getrusage`` of the children), and its count of classes checked against the
classes of the puzzles drawn.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from sudokit import engine
from sudokit.symmetry.canon import forms_of, forms_of_parts

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
FILES = ["puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt",
         "puzzles6_forum_hardest_1106.txt", "puzzles7_serg_benchmark.txt"]


def load(name: str) -> bytes:
    """The puzzles of data/``name`` as 81 bytes each."""
    rows = []
    for line in (DATA / name).read_text().splitlines():
        line = line.strip()
        if len(line) >= 81 and not line.startswith("#"):
            rows.append(bytes(0 if ch in ".0" else int(ch) for ch in line[:81]))
    return b"".join(rows)


def best_rate(run: object, count: int, rounds: int, clock: object = time.process_time
              ) -> float:
    """Puzzles a second of the fastest of ``rounds`` calls of ``run()``, by ``clock``: CPU
    time for one thread (fair on a shared machine), wall time for several."""
    best = float("inf")
    for _ in range(rounds):
        start = clock()  # type: ignore[operator]
        run()  # type: ignore[operator]
        best = min(best, clock() - start)  # type: ignore[operator]
    return count / best


def forms_table(rounds: int) -> None:
    print(f"canonical forms, {platform.processor() or platform.machine()}, "
          f"{engine.core_name()} core, best of {rounds}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; one thread: "
          "puzzles per CPU second; two threads: per wall second")
    print(f"{'collection':<34} {'puzzles':>8} {'1 thread/s':>11} {'2 threads/s':>12}")
    for name in FILES:
        cells = load(name)
        n = len(cells) // 81
        one = best_rate(lambda: forms_of(cells, n), n, rounds)  # noqa: B023
        half = 81 * (n // 2)
        two = best_rate(lambda: list(forms_of_parts([cells[:half], cells[half:]], 2)),  # noqa: B023
                        n, rounds, time.perf_counter)
        print(f"{name:<34} {n:>8} {one:>11,.0f} {two:>12,.0f}")
        if name == FILES[0]:
            forms, _ = forms_of(cells, n)
            distinct = len({bytes(forms[81 * i:81 * i + 81]) for i in range(n)})
            print(f"  the 17-clue list: {distinct:,} distinct forms of {n:,} puzzles "
                  f"({'as expected' if distinct == n == 49158 else 'NOT 49,158'})")


def references() -> None:
    cells = load(FILES[0])[:81 * 200]
    with engine.pure_python():
        pure = engine.load("symmetry._minlex")
        searcher = pure.Minlex()
        forms, transforms = bytearray(81 * 200), bytearray(28 * 200)
        start = time.process_time()
        searcher.canon_rows(cells, 200, forms, transforms)
        rate = 200 / (time.process_time() - start)
    print(f"reference: the same search uncompiled (pure Python): {rate:,.0f}/s (200 puzzles)")
    start = time.process_time()
    every_symmetry(cells[:81])
    seconds = time.process_time() - start
    print(f"reference: every symmetry tried (NumPy): {1 / seconds:.3f}/s ({seconds:.1f} s "
          "for one puzzle)")


_P3 = list(itertools.permutations(range(3)))
_LINES = np.array([[3 * b[i // 3] + w[i // 3][i % 3] for i in range(9)]
                   for b in _P3 for w in itertools.product(_P3, repeat=3)])


def every_symmetry(cells: bytes) -> bytes:
    """The smallest relabelled string over all 2 x 1,296 x 1,296 position maps."""
    g0 = np.frombuffer(cells, dtype=np.uint8).reshape(9, 9)
    best = None
    for g in (g0, g0.T):
        for rows in np.split(_LINES, 36):
            a = g[rows][:, :, _LINES].transpose(0, 2, 1, 3).reshape(-1, 81)
            n = len(a)
            first = np.full((n, 10), 99, np.int16)
            for j in range(80, -1, -1):
                first[np.arange(n), a[:, j]] = j
            first[:, 0] = -1
            labels = np.argsort(np.argsort(first, 1, kind="stable"), 1).astype(np.uint8)
            out = np.take_along_axis(labels, a.astype(np.int64), 1)
            for j in range(81):
                out = out[out[:, j] == out[:, j].min()]
            if best is None or bytes(out[0]) < best:
                best = bytes(out[0])
    assert best is not None
    return best


def random_maps(rng: np.random.Generator, count: int) -> tuple[np.ndarray, np.ndarray]:
    """``count`` random symmetries as (cell maps (count, 81), digit maps (count, 10))."""
    def lines() -> np.ndarray:
        blocks = rng.permuted(np.tile(np.arange(3), (count, 1)), axis=1)
        inner = rng.permuted(np.tile(np.arange(3), (count * 3, 1)), axis=1).reshape(count, 3, 3)
        return (3 * blocks[:, :, None] + inner).reshape(count, 9)

    rows, cols = lines(), lines()
    cells = 9 * rows[:, :, None] + cols[:, None, :]
    flip = rng.random(count) < 0.5
    cells[flip] = 9 * cols[flip][:, None, :] + rows[flip][:, :, None]
    digits = np.zeros((count, 10), dtype=np.uint8)
    digits[:, 1:] = rng.permuted(np.tile(np.arange(1, 10, dtype=np.uint8), (count, 1)), axis=1)
    return cells.reshape(count, 81), digits


def make_file(path: Path, lines: int, seed: int = 1) -> int:
    """Write ``lines`` random transforms of data/'s puzzles; the classes drawn."""
    base = np.frombuffer(b"".join(load(name) for name in FILES), dtype=np.uint8).reshape(-1, 81)
    rng = np.random.default_rng(seed)
    symbols = np.frombuffer(b".123456789", dtype=np.uint8)
    drawn = np.zeros(len(base), dtype=bool)
    with open(path, "wb") as f:
        for start in range(0, lines, 1 << 18):
            n = min(1 << 18, lines - start)
            which = rng.integers(0, len(base), n)
            drawn[which] = True
            cells, digits = random_maps(rng, n)
            moved = np.take_along_axis(base[which], cells, 1)
            moved = np.take_along_axis(digits, moved.astype(np.int64), 1)
            out = np.empty((n, 82), dtype=np.uint8)
            out[:, :81] = symbols[moved]
            out[:, 81] = ord("\n")
            f.write(out.tobytes())
    classes = forms_of(base[drawn].tobytes(), int(drawn.sum()))[0]
    return len({bytes(classes[81 * i:81 * i + 81]) for i in range(int(drawn.sum()))})


#: Run a command and say its peak resident memory (KiB) and CPU seconds: from a small
#: process of its own, since a child's peak counts the memory of the process that started
#: it (which here holds the file's puzzles).
_MEASURED = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:]); "
             "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "print(u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr); "
             "sys.exit(done.returncode)")


def dedupe(lines: int, jobs: int) -> None:
    with tempfile.TemporaryDirectory(prefix="sudokit-canon-bench-") as tmp:
        path = Path(tmp) / "collection.txt"
        start = time.perf_counter()
        classes = make_file(path, lines)
        print(f"dedupe: {lines:,} lines ({path.stat().st_size / 2**20:,.0f} MiB) made in "
              f"{time.perf_counter() - start:.0f} s, {classes:,} classes drawn")
        command = [sys.executable, "-c", _MEASURED, sys.executable, "-m", "sudokit", "dedupe",
                   "--stats", "--no-progress", "--jobs", str(jobs), "--temp-dir", tmp,
                   "-o", os.devnull, str(path)]
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        said = done.stderr.strip().splitlines()
        peak, cpu = (float(x) for x in said[-1].split())
        print(f"  sudoku dedupe --stats --jobs {jobs}: {seconds:.0f} s wall, {cpu:.0f} CPU s "
              f"({lines / cpu:,.0f} lines per CPU second), peak RSS {peak / 1024:,.0f} MiB, "
              f"status {done.returncode}")
        print("  " + "\n  ".join(said[:-1]))
        found = re.search(r"(\d+) classes kept", done.stderr)
        ok = found is not None and int(found.group(1)) == classes
        print(f"  classes: {'as drawn' if ok else 'NOT as drawn'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lines", type=int, default=10_000_000,
                        help="lines of the dedupe file (0: no dedupe)")
    parser.add_argument("--jobs", type=int, default=1, help="dedupe's --jobs")
    parser.add_argument("--no-references", action="store_true")
    args = parser.parse_args()
    forms_table(args.rounds)
    if not args.no_references:
        references()
    if args.lines:
        dedupe(args.lines, args.jobs)


if __name__ == "__main__":
    main()
