"""Benchmark the photo reader on photos made in software.

Each photo shows a puzzle of the top1465 collection, filled up to the 26-34 givens of a
newspaper puzzle, written in OpenCV's stroke fonts (a typeface the digit model never saw in
training), photographed at random by sudokit.image.synthetic (angle, perspective, curl,
shadow, blur, noise, JPEG quality 20-91). Reports the share of grids read entirely right, by
the digit model alone and after the solver's repair, and the time per photo on one core
(OpenCV limited to one thread; CPU time, so other load on the machine counts little).

    .venv/bin/python benchmarks/photo.py              # 300 photos, seeds 0..299
    .venv/bin/python benchmarks/photo.py --photos 1000 --first-seed 5000 --show-misses
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

from sudokit import Grid, solve
from sudokit.errors import ImageError
from sudokit.image import read
from sudokit.image.synthetic import photograph

DATA = Path(__file__).resolve().parents[1] / "data" / "puzzles3_magictour_top1465.txt"


def newspaper_puzzle(line: str, rng: np.random.Generator) -> Grid:
    """The puzzle with givens added from its solution up to 26-34 (still one solution)."""
    puzzle = Grid(line)
    solution = solve(puzzle)
    assert solution is not None
    cells = list(puzzle.cells)
    blanks = [i for i, v in enumerate(cells) if not v]
    for i in rng.permutation(blanks)[: max(0, int(rng.integers(26, 35)) - puzzle.givens)]:
        cells[i] = solution.cells[i]
    return Grid.from_cells(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--photos", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--show-misses", action="store_true", help="list each wrong grid")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    lines = [s.strip() for s in DATA.read_text().splitlines() if s.strip() and s[0] != "#"]
    first_right = right = no_grid = repaired = 0
    wrong_cells = 0
    cpu: list[float] = []
    wall: list[float] = []
    for seed in range(args.first_seed, args.first_seed + args.photos):
        rng = np.random.default_rng(seed)
        puzzle = newspaper_puzzle(lines[seed % len(lines)], rng)
        photo = photograph(puzzle.cells, rng)
        jpeg = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            reading = read(jpeg)
        except ImageError as e:
            no_grid += 1
            if args.show_misses:
                print(f"seed {seed}: {e}")
            continue
        finally:
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
        first_right += reading.first == puzzle
        right += reading.grid == puzzle
        repaired += bool(reading.changes) and reading.grid == puzzle
        bad = [i for i in range(81) if reading.grid.cells[i] != puzzle.cells[i]]
        wrong_cells += len(bad)
        if bad and args.show_misses:
            print(f"seed {seed}: {len(bad)} cells wrong "
                  + ", ".join(f"r{i // 9 + 1}c{i % 9 + 1} {puzzle.cells[i]}->"
                              f"{reading.grid.cells[i]}" for i in bad)
                  + f" (solutions {reading.solutions})")
    n = args.photos
    print(f"photos: {n} (seeds {args.first_seed}..{args.first_seed + n - 1})")
    print(f"grids entirely right, digit model alone: {first_right / n:.1%}")
    print(f"grids entirely right, after repair:      {right / n:.1%} "
          f"({repaired} fixed by the repair)")
    print(f"no grid found: {no_grid}; wrong cells in all: {wrong_cells}")
    print(f"time per photo, one core: CPU {np.mean(cpu) * 1000:.0f} ms mean, "
          f"{np.percentile(cpu, 95) * 1000:.0f} ms 95th percentile; "
          f"wall {np.mean(wall) * 1000:.0f} ms mean")


if __name__ == "__main__":
    main()
