"""Write every step and the rating of each puzzle's path, to compare two builds by `diff`.

A speed change to the human-style solver must not change which step it finds: dump the
paths with the build before and the build after (each with its own Python), then diff.

    .venv/bin/python benchmarks/path_dump.py top before.txt            # every puzzle
    .venv/bin/python benchmarks/path_dump.py 17 after.txt --sample 1000 --seed 2
    diff before.txt after.txt && echo identical

Per puzzle: its line, then one line per step (``str(step) | effort key | step.text``), then
the rating (its text and its JSON). Paths are made with ``guess=True``, as ``rate`` does.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from sudokit import Grid
from sudokit.logic import solve_path
from sudokit.logic.rating import rating_of

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = {
    "top": "puzzles3_magictour_top1465.txt",
    "hardest": "puzzles6_forum_hardest_1106.txt",
    "17": "puzzles2_17_clue.txt",
    "serg": "puzzles7_serg_benchmark.txt",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("collection", choices=sorted(FILES))
    parser.add_argument("out", type=Path, help="the file to write")
    parser.add_argument("--sample", type=int, default=None, help="puzzles (default: all)")
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    text = (DATA / FILES[args.collection]).read_text()
    lines = [s.strip() for s in text.splitlines() if s.strip() and not s.startswith("#")]
    if args.sample is not None:
        lines = random.Random(args.seed).sample(lines, args.sample)
    with args.out.open("w") as out:
        for line in lines:
            path = solve_path(Grid(line), guess=True)
            rating = rating_of(path)
            out.write(line + "\n")
            for step, key in zip(path.steps, path.effort_keys, strict=True):
                out.write(f"  {step} | {key} | {step.text}\n")
            out.write(f"  RATING {rating} {json.dumps(rating.to_dict(), sort_keys=True)}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
