"""Check that a change to the rater keeps every step and every rating: write each puzzle's
whole path (every step as JSON, text included) and its rating, one line a puzzle, with one
build, the same with another, and compare the two files.

    .venv/bin/python benchmarks/same_steps.py dump before.jsonl      # on the old build
    .venv/bin/python benchmarks/same_steps.py dump after.jsonl       # on the new build
    .venv/bin/python benchmarks/same_steps.py diff before.jsonl after.jsonl

The puzzles: all of top1465, a seeded 100 of hardest_1106 and a seeded 1000 of the 17-clue
collection (``--sample`` changes the counts, ``--seed`` the draw).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from sudokit import Grid
from sudokit.logic import solve_path
from sudokit.logic.rating import rating_of

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = {
    "top": "puzzles3_magictour_top1465.txt",
    "hardest": "puzzles6_forum_hardest_1106.txt",
    "17": "puzzles2_17_clue.txt",
}
DEFAULT_SAMPLE = {"top": 0, "hardest": 100, "17": 1000}  # 0: every puzzle


def puzzles(sample: dict[str, int], seed: int) -> list[tuple[str, str]]:
    """(collection, puzzle) pairs, in a fixed order."""
    out = []
    for name, file in FILES.items():
        lines = [s.strip() for s in (DATA / file).read_text().splitlines()
                 if s.strip() and not s.startswith("#")]
        k = sample.get(name, 0)
        if k:
            lines = random.Random(seed).sample(lines, min(k, len(lines)))
        out += [(name, line) for line in lines]
    return out


def record(line: str) -> str:
    """One puzzle's path and rating as one line of JSON (the scale's id left out: it names
    the ladder, not what the rater found)."""
    path = solve_path(Grid(line))
    rating = rating_of(path).to_dict()
    rating.pop("scale", None)
    return json.dumps({"puzzle": line, "rating": rating, "steps": [s.to_dict() for s in path],
                       "effort_keys": list(path.effort_keys), "notes": list(path.notes)},
                      sort_keys=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    dump = sub.add_parser("dump", help="write every puzzle's path and rating")
    dump.add_argument("out", type=Path)
    dump.add_argument("--seed", type=int, default=2)
    dump.add_argument("--sample", nargs="*", default=[], metavar="NAME=K",
                      help="puzzles drawn from a collection (0: all), e.g. hardest=20")
    diff = sub.add_parser("diff", help="compare two dumps, puzzle by puzzle")
    diff.add_argument("a", type=Path)
    diff.add_argument("b", type=Path)
    args = parser.parse_args()
    if args.command == "dump":
        sample = dict(DEFAULT_SAMPLE)
        for item in args.sample:
            name, _, k = item.partition("=")
            sample[name] = int(k)
        with args.out.open("w") as f:
            for _, line in puzzles(sample, args.seed):
                f.write(record(line) + "\n")
        return 0
    a = args.a.read_text().splitlines()
    b = args.b.read_text().splitlines()
    differ = [i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]
    for i in differ[:10]:
        sys.stdout.write(f"puzzle {i + 1} differs: {json.loads(a[i])['puzzle']}\n")
    sys.stdout.write(f"{len(a)} and {len(b)} puzzles, {len(differ)} differ\n")
    return 1 if differ or len(a) != len(b) else 0


if __name__ == "__main__":
    sys.exit(main())
