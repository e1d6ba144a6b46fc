"""How fast ``sudokit.generate`` makes puzzles under variant rules: one thread, the whole
pipeline (regions or odd/even cells where the preset makes them, the fill, the dig, the
final count to two by the solver), as a user calls it.

    .venv/bin/python benchmarks/generate_variants.py             # every preset, 9x9
    .venv/bin/python benchmarks/generate_variants.py jigsaw x    # some presets
    .venv/bin/python benchmarks/generate_variants.py --minimal --size 6

Each preset makes ``count`` puzzles a round and reports the time per puzzle of the best
round (the machine is shared: the best round is the one least disturbed by others), with
the median beside it.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from sudokit import engine
from sudokit.generator.make import generate_many

PRESETS = ["x", "windoku", "anti-king", "anti-knight", "non-consecutive", "disjoint",
           "centre-dot", "jigsaw", "even-odd", "jigsaw+x", "x+anti-knight",
           "jigsaw+even-odd", "anti-knight+non-consecutive"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", help="preset names (default: all)")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--count", type=int, default=20, help="puzzles a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--minimal", action="store_true")
    args = parser.parse_args()
    core = "compiled" if engine.is_compiled(engine.RULES_MODULE) else "pure-Python"
    print(f"sudokit.generate(rules=...), {core} rules engine, one thread, Python "
          f"{platform.python_version()}, {platform.machine()}; {args.size}x{args.size}"
          f"{', minimal' if args.minimal else ''}; best (median) of {args.rounds} rounds "
          f"of {args.count}")
    for name in args.presets or PRESETS:
        times = []
        for r in range(args.rounds):
            start = time.perf_counter()
            made = generate_many(args.count, args.size, rules=name, minimal=args.minimal,
                                 seed=f"bench-{r}")
            times.append(time.perf_counter() - start)
            assert len(made) == args.count
        best, median = min(times) / args.count, statistics.median(times) / args.count
        print(f"{name:28} {best * 1000:9.1f} ms ({median * 1000:.1f} ms) a puzzle")


if __name__ == "__main__":
    main()
