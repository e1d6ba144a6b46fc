"""Benchmark the photo reader on photos made in software.

Each photo shows a puzzle of the top1465 collection, filled up to the 26-34 givens of a
newspaper puzzle, written in OpenCV's stroke fonts (a typeface the digit model never saw in
training), photographed at random by sudokit.image.synthetic (angle, perspective, curl,
shadow, blur, noise, JPEG quality 20-91). Reports the share of grids read entirely right, by
the digit model alone and after the solver's repair, and the time per photo on one core
(OpenCV limited to one thread; CPU time, so other load on the machine counts little).

    .venv/bin/python benchmarks/photo.py              # 300 photos, seeds 0..299
    .venv/bin/python benchmarks/photo.py --photos 1000 --first-seed 5000 --show-misses
    .venv/bin/python benchmarks/photo.py --classes all --photos 100
    .venv/bin/python benchmarks/photo.py --weights /tmp/digits.npz   # a newly trained model
    .venv/bin/python benchmarks/photo.py --classes all --cache /tmp/photos   # made once, kept
    .venv/bin/python benchmarks/photo.py --classes curved,cropped --slowest 10

``--classes`` makes the photos in the hard conditions of real newspaper photos
(sudokit.image.synthetic.CLASSES: an old phone's 640 x 480 JPEG, thin condensed faces, print
showing through, a curved and shaded page, lines that stop short of the corners, a broken
border, a curved page, a hard shadow over part of the grid, a grid running off the photo's
edge), each class from its own seeds. Each class reports the grids read right, the cells
read wrong, how many readings were trusted and how many of those were wrong (a wrong
reading printed as if right), how many wrong readings had none of their wrong cells marked
doubtful, how many grids were found in their place (each corner within a third of a cell),
and at the end which digits were read as which (and, with ``--slowest``, the photos that
took longest to read).
"""

from __future__ import annotations

import argparse
import time
from functools import partial
from pathlib import Path

import cv2
import numpy as np

from sudokit import Grid, solve
from sudokit.errors import ImageError
from sudokit.image import model, read
from sudokit.image import reading as reading_module
from sudokit.image.reading import Reading
from sudokit.image.synthetic import CLASSES, photograph

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


class Tally:
    """What the reader did with one class of photos."""

    def __init__(self) -> None:
        self.photos = self.no_grid = self.first_right = self.right = self.repaired = 0
        self.placed = 0
        self.trusted = self.trusted_wrong = self.wrong_cells = self.digit_cells = 0
        self.untrusted_right = self.wrong_unmarked = self.wrong_cells_unmarked = 0
        self.confusion = np.zeros((10, 10), np.int64)  # [page, read], 0 a blank
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def add(self, puzzle: Grid, reading: Reading | None, cpu: float, wall: float,
            corners: np.ndarray) -> list[int]:
        """Count one photo, whose grid's outer ``corners`` are known; the cells read
        wrong."""
        self.photos += 1
        self.cpu.append(cpu)
        self.wall.append(wall)
        if reading is None:
            self.no_grid += 1
            return []
        self.placed += placed(np.array(reading.corners), corners)
        self.first_right += reading.first == puzzle
        right = reading.grid == puzzle
        self.right += right
        self.repaired += bool(reading.changes) and right
        self.trusted += reading.trusted
        self.trusted_wrong += reading.trusted and not right
        self.untrusted_right += right and not reading.trusted
        page, read_ = np.array(puzzle.cells), np.array(reading.grid.cells)
        np.add.at(self.confusion, (page, read_), 1)
        bad = [i for i in range(81) if read_[i] != page[i]]
        self.wrong_cells += len(bad)
        unmarked = set(bad) - set(reading.doubtful)
        self.wrong_cells_unmarked += len(unmarked)
        self.wrong_unmarked += bool(bad) and unmarked == set(bad)
        self.digit_cells += int((page > 0).sum())
        return bad

    def lines(self, name: str) -> list[str]:
        n = max(1, self.photos)
        return [
            f"{name}: {self.photos} photos; grids entirely right: digit model alone "
            f"{self.first_right / n:.1%}, after repair {self.right / n:.1%} "
            f"({self.repaired} fixed by the repair); no grid found {self.no_grid}; "
            f"grid found in its place {self.placed / n:.1%}",
            f"  cells read wrong {self.wrong_cells} of {81 * self.photos} "
            f"({self.wrong_cells / (81 * n):.2%}); trusted {self.trusted}, of them wrong "
            f"{self.trusted_wrong}; right but not trusted {self.untrusted_right}",
            f"  wrong readings with no wrong cell marked doubtful {self.wrong_unmarked}; "
            f"wrong cells not marked doubtful {self.wrong_cells_unmarked}",
            f"  time per photo, one core: CPU {np.mean(self.cpu) * 1000:.0f} ms mean, "
            f"{np.percentile(self.cpu, 95) * 1000:.0f} ms 95th percentile, "
            f"{np.max(self.cpu) * 1000:.0f} ms max; wall {np.mean(self.wall) * 1000:.0f} ms mean",
        ]


def trusted_wrong_lines(reading: Reading, puzzle: Grid, bad: list[int]) -> list[str]:
    """For a wrong reading that was trusted: each wrong cell with the model's first two
    choices there and the ink of its shape (next to the grid's digits', their median 1.0;
    0 where no shape was seen)."""
    lines = []
    for i in bad:
        top = ", ".join(f"{d or 'blank'} {p:.1%}" for d, p in reading.alternatives[i][:2])
        ink = reading.ink[i] if reading.ink else 0.0
        lines.append(f"  TRUSTED BUT WRONG r{i // 9 + 1}c{i % 9 + 1}: page "
                     f"{puzzle.cells[i] or '.'}, read {reading.grid.cells[i] or '.'} "
                     f"(confidence {reading.confidence[i]:.1%}; first choices {top}; "
                     f"ink {ink:.2f})")
    return lines


def placed(found: np.ndarray, true: np.ndarray) -> bool:
    """True when each corner found is within a third of a cell of the grid's own (on a
    curved page the corners are those of the page before it was bent: a bound, not a
    measure)."""
    cell = float(np.linalg.norm(true[0] - true[2])) / (9 * np.sqrt(2))
    return bool(np.abs(found - true).max() < cell / 3)


def confusion_lines(confusion: np.ndarray) -> list[str]:
    """The cells read wrong, by what the page has (rows) and what was read (columns)."""
    head = "page\\read " + " ".join(f"{d if d else '.':>4}" for d in range(10))
    rows = [head]
    for d in range(10):
        wrong = confusion[d].copy()
        wrong[d] = 0
        rows.append(f"{d if d else '.':>9} " + " ".join(f"{v:>4}" if v else "   -"
                                                        for v in wrong))
    return rows


def slowest_lines(times: list[tuple[float, str, int]], n: int) -> list[str]:
    """The ``n`` slowest of ``times`` ((CPU seconds, class, seed) of each photo), slowest
    first, one line each."""
    return [f"  {name} seed {seed}: {cpu * 1000:.0f} ms"
            for cpu, name, seed in sorted(times, key=lambda t: -t[0])[:n]]


def made_photo(name: str, seed: int, lines: list[str], cache: Path | None
               ) -> tuple[Grid, bytes, np.ndarray]:
    """(the puzzle on the page, the photo as a JPEG, the grid's outer corners in it) of the
    class ``name`` made from ``seed``; kept in, or taken from, the folder ``cache``."""
    rng = np.random.default_rng(seed)
    puzzle = newspaper_puzzle(lines[seed % len(lines)], rng)
    kept = cache / f"{name}-{seed}.npz" if cache else None
    if kept is not None and kept.exists():
        with np.load(kept) as data:
            return puzzle, data["jpeg"].tobytes(), data["corners"]
    photo = photograph(puzzle.cells, rng, conditions=CLASSES[name])
    jpeg = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        np.savez(kept, jpeg=np.frombuffer(jpeg, np.uint8), corners=photo.corners)
    return puzzle, jpeg, photo.corners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--photos", type=int, default=300, help="photos per class")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--classes", default="plain",
                        help="the kinds of photo, joined with ',': "
                        f"{', '.join(CLASSES)}, or all (default: plain)")
    parser.add_argument("--show-misses", action="store_true",
                        help="list each wrong grid; for one that was trusted, each wrong cell's "
                        "first two choices and ink")
    parser.add_argument("--cache", type=Path,
                        help="a folder to keep the photos made in (one file a photo, by class "
                        "and seed), and to take them from when they are there: making a "
                        "photo takes longer than reading it")
    parser.add_argument("--weights", type=Path,
                        help="the digit model's weights (.npz) to read with, in place of the "
                        "shipped ones: to compare a newly trained model")
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="list the N photos that took the most CPU time to read, with "
                        "their class, seed and time")
    args = parser.parse_args()
    if args.weights:
        reading_module.probabilities = partial(model.probabilities,
                                               params=model.load(args.weights))
    names = list(CLASSES) if args.classes == "all" else args.classes.split(",")
    cv2.setNumThreads(1)
    lines = [s.strip() for s in DATA.read_text().splitlines() if s.strip() and s[0] != "#"]
    confusion = np.zeros((10, 10), np.int64)
    times: list[tuple[float, str, int]] = []  # (CPU seconds, class, seed) of each photo
    for name in names:
        tally = Tally()
        # each class its own seeds, whichever classes are asked for (training makes its
        # photos from others)
        first = args.first_seed + list(CLASSES).index(name) * 100_000
        for seed in range(first, first + args.photos):
            puzzle, jpeg, corners = made_photo(name, seed, lines, args.cache)
            c0, w0 = time.process_time(), time.perf_counter()
            reading: Reading | None
            try:
                reading = read(jpeg)
            except ImageError as e:
                reading = None
                if args.show_misses:
                    print(f"{name} seed {seed}: {e}")
            cpu = time.process_time() - c0
            times.append((cpu, name, seed))
            bad = tally.add(puzzle, reading, cpu, time.perf_counter() - w0, corners)
            if bad and args.show_misses and reading is not None:
                print(f"{name} seed {seed}: {len(bad)} cells wrong "
                      + ", ".join(f"r{i // 9 + 1}c{i % 9 + 1} {puzzle.cells[i]}->"
                                  f"{reading.grid.cells[i]}" for i in bad)
                      + f" (solutions {reading.solutions}, trusted {reading.trusted}; grid "
                      f"{'in' if placed(np.array(reading.corners), corners) else 'off'} "
                      "its place)")
                if reading.trusted:
                    print("\n".join(trusted_wrong_lines(reading, puzzle, bad)))
        print("\n".join(tally.lines(name)), flush=True)
        confusion += tally.confusion
    print("cells read wrong, all classes (rows: the page, columns: read; '.' a blank):")
    print("\n".join(confusion_lines(confusion)))
    if args.slowest:
        print(f"the {min(args.slowest, len(times))} slowest photos (CPU time, one core):")
        print("\n".join(slowest_lines(times, args.slowest)))


if __name__ == "__main__":
    main()
