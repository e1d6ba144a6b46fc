"""What some techniques cost the rater: rate a seeded sample with the whole ladder and with the
ladder less those techniques, puzzle by puzzle in alternating order (so both see the same
machine load), and report puzzles per second (CPU time, one thread) of each, the ratio, and
how many ratings the techniques changed.

    .venv/bin/python benchmarks/ladder_cost.py grouped-x-chain,grouped-aic,3d-medusa
    .venv/bin/python benchmarks/ladder_cost.py x-chain --sample 300 --seed 5 --file hardest
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from sudokit import Grid
from sudokit.logic import solve_path
from sudokit.logic.rating import rating_of
from sudokit.logic.select import keys_of
from sudokit.logic.techniques import LADDER

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = {
    "top": "puzzles3_magictour_top1465.txt",
    "hardest": "puzzles6_forum_hardest_1106.txt",
    "17": "puzzles2_17_clue.txt",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("techniques", help="comma-separated technique keys or names")
    parser.add_argument("--file", choices=sorted(FILES), default="top")
    parser.add_argument("--sample", type=int, default=150)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    left_out = set(keys_of(args.techniques))
    lines = [s.strip() for s in (DATA / FILES[args.file]).read_text().splitlines()
             if s.strip() and not s.startswith("#")]
    sample = random.Random(args.seed).sample(lines, min(args.sample, len(lines)))
    ladders = {"with": LADDER, "without": tuple(t for t in LADDER if t.key not in left_out)}
    spent = dict.fromkeys(ladders, 0.0)
    changed = 0
    for i, line in enumerate(sample):
        puzzle = Grid(line)
        scores = {}
        for name in sorted(ladders, reverse=bool(i % 2)):
            start = time.process_time()
            scores[name] = rating_of(solve_path(puzzle, techniques=ladders[name])).score
            spent[name] += time.process_time() - start
        changed += scores["with"] != scores["without"]
    for name, seconds in spent.items():
        print(f"{name:8} {', '.join(sorted(left_out))}: {len(sample) / seconds:.1f} puzzles/s")
    print(f"time with / without: {spent['with'] / spent['without']:.3f}; "
          f"ratings changed: {changed} of {len(sample)}")


if __name__ == "__main__":
    main()
