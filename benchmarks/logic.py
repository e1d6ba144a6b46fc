"""Benchmark and check the human-style solver on the test collections.

For each collection: rate every puzzle (or a seeded sample), check every placement and
elimination of every path against the puzzle's solution, and report the share solved by
logic alone, puzzles rated per second (CPU time, one thread), and the level distribution as
a Markdown table (the one in docs/rating.md).

    .venv/bin/python benchmarks/logic.py                     # all three collections
    .venv/bin/python benchmarks/logic.py --sample 17=5000 top=0 hardest=0 --techniques
    .venv/bin/python benchmarks/logic.py --sample top=0 17=0 hardest=50 --time-limit 30
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import sys
import time
from pathlib import Path

from sudokit import Grid, solve
from sudokit.logic import solve_path
from sudokit.logic.rating import rating_of, scale_id

DATA = Path(__file__).resolve().parents[1] / "data"
COLLECTIONS = {
    "top": ("top1465", "puzzles3_magictour_top1465.txt"),
    "hardest": ("hardest_1106", "puzzles6_forum_hardest_1106.txt"),
    "17": ("17-clue", "puzzles2_17_clue.txt"),
    "serg": ("serg (several solutions)", "puzzles7_serg_benchmark.txt"),
}
#: score bands for the distribution table: (label, lowest score)
BANDS = [
    ("<2", 0.0),
    ("2-3.9", 2.0),
    ("4-5.9", 4.0),
    ("6-7.9", 6.0),
    ("8-8.9", 8.0),
    ("9-9.9", 9.0),
    ("10-10.9", 10.0),
    (">=11", 11.0),
]


def band(score: float) -> str:
    """The label of the band that holds ``score``."""
    label = BANDS[0][0]
    for name, low in BANDS:
        if score >= low:
            label = name
    return label


LEVELS = ["easy", "medium", "hard", "expert", "extreme"]


def read(name: str) -> list[str]:
    text = (DATA / name).read_text()
    return [s.strip() for s in text.splitlines() if s.strip() and not s.startswith("#")]


def run(label: str, lines: list[str], check: bool, time_limit: float | None = None) -> dict:
    levels: collections.Counter[str] = collections.Counter()
    hodoku: collections.Counter[str] = collections.Counter()
    used: collections.Counter[str] = collections.Counter()
    scores: list[float] = []
    logic_only = 0
    gave_up = 0
    bands: collections.Counter[str] = collections.Counter()
    wrong = 0
    cpu = 0.0
    for line in lines:
        puzzle = Grid(line)
        t = time.process_time()
        path = solve_path(puzzle, guess=True, time_limit=time_limit)
        rating = rating_of(path)
        gave_up += rating.gave_up is not None
        bands[band(rating.score)] += 1
        cpu += time.process_time() - t
        levels[rating.level] += 1
        hodoku[rating.hodoku_level] += 1
        scores.append(rating.score)
        logic_only += rating.logic_only
        for step in path:
            used[step.technique] += 1
        if check:
            solution = solve(puzzle)
            assert solution is not None
            for step in path:
                bad = [p for p in step.placements if solution[p.cell] != p.digit]
                bad += [e for e in step.eliminations if solution[e.cell] == e.digit]
                if bad:
                    wrong += 1
                    print(f"WRONG {label} {line}: {step} ({step.text})", file=sys.stderr)
    n = len(lines)
    return {
        "label": label,
        "n": n,
        "per_s": n / cpu if cpu else 0.0,
        "logic_only": logic_only,
        "levels": levels,
        "hodoku": hodoku,
        "median": statistics.median(scores) if scores else 0.0,
        "max": max(scores, default=0.0),
        "used": used,
        "wrong": wrong,
        "bands": bands,
        "gave_up": gave_up,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sample",
        nargs="*",
        default=["17=5000"],
        metavar="KEY=N",
        help="puzzles per collection (top, hardest, 17); 0 skips it, none given: all",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-check", action="store_true", help="skip the solution check")
    parser.add_argument("--techniques", action="store_true", help="also count technique use")
    parser.add_argument(
        "--time-limit", type=float, default=None, help="seconds per puzzle before giving up"
    )
    args = parser.parse_args()
    sizes: dict[str, int | None] = {key: None for key in COLLECTIONS}
    sizes["serg"] = 0  # only when asked for
    for item in args.sample:
        key, _, n = item.partition("=")
        sizes[key] = int(n)
    results = []
    for key, (label, name) in COLLECTIONS.items():
        lines = read(name)
        size = sizes[key]
        if size == 0:
            continue
        if size is not None and size < len(lines):
            lines = random.Random(args.seed).sample(lines, size)
        results.append(run(label, lines, not args.no_check, args.time_limit))
    print(f"scale {scale_id()}\n")
    print(
        "| collection | puzzles | rated/s (1 thread, CPU) | logic alone | "
        + " | ".join(LEVELS)
        + " | median score | max score |"
    )
    print("| --- | ---: | ---: | ---: | " + " | ".join("---:" for _ in LEVELS) + " | ---: | ---: |")
    for r in results:
        share = 100 * r["logic_only"] / r["n"]
        cells = " | ".join(
            f"{r['levels'][lv]} ({100 * r['levels'][lv] / r['n']:.1f}%)" for lv in LEVELS
        )
        print(
            f"| {r['label']} | {r['n']} | {r['per_s']:.1f} | {r['logic_only']} ({share:.1f}%) | "
            f"{cells} | {r['median']:.1f} | {r['max']:.1f} |"
        )
    names = ["easy", "medium", "hard", "unfair", "extreme"]
    print(
        "\nThe same puzzles by HoDoKu's rule (level raised while the effort is over its bound):\n"
    )
    print("| collection | " + " | ".join(names) + " |")
    print("| --- | " + " | ".join("---:" for _ in names) + " |")
    for r in results:
        cells = " | ".join(
            f"{r['hodoku'][lv]} ({100 * r['hodoku'][lv] / r['n']:.1f}%)" for lv in names
        )
        print(f"| {r['label']} | {cells} |")
    print("\nScores (the ER), by band:\n")
    print("| collection | " + " | ".join(b for b, _ in BANDS) + " | gave up |")
    print("| --- | " + " | ".join("---:" for _ in BANDS) + " | ---: |")
    for r in results:
        cells = " | ".join(str(r["bands"][b]) for b, _ in BANDS)
        print(f"| {r['label']} | {cells} | {r['gave_up']} |")
    if args.techniques:
        for r in results:
            print(f"\n{r['label']}: " + ", ".join(f"{t} {c}" for t, c in r["used"].most_common()))
    wrong = sum(r["wrong"] for r in results)
    if not args.no_check:
        print(f"\nsteps checked against the solutions: {wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
