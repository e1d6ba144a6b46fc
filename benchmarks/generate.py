"""How fast ``sudokit.generate`` makes puzzles: one thread, the whole pipeline (fill, dig,
the final count-to-two by the solver, Grid values), as a user calls it.

    .venv/bin/python benchmarks/generate.py            # all cases
    .venv/bin/python benchmarks/generate.py 9-default  # one case
    SUDOKIT_PURE_PYTHON=1 .venv/bin/python benchmarks/generate.py 9-default

Each case runs ``rounds`` times and reports the best round (the machine is shared: the best
round is the one least disturbed by others), with the median beside it.
Goals: 9x9 default >= 5,000/s; 9x9 minimal >= 1,000/s; 16x16 >= 20/s;
one 25x25 puzzle < 5 s.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from sudokit import engine
from sudokit.generator.make import generate, generate_many


@dataclass
class Case:
    name: str
    what: str
    count: int
    make: Callable[[int, int], object]  # (count, round) -> puzzles
    goal: str


def _many(count: int, seed: int, **options: object) -> object:
    return generate_many(count, seed=f"bench-{seed}", **options)  # type: ignore[arg-type]


CASES = [
    Case("9-default", "9x9, default options (40-64 blanks)", 5000,
         lambda k, r: _many(k, r), ">= 5,000/s"),
    Case("9-minimal", "9x9, minimal", 2000,
         lambda k, r: _many(k, r, minimal=True), ">= 1,000/s"),
    Case("9-clues-24", "9x9, exactly 24 clues", 500,
         lambda k, r: _many(k, r, clues=24), "-"),
    Case("9-rot180", "9x9, rot180 symmetry", 2000,
         lambda k, r: _many(k, r, symmetry="rot180"), "-"),
    Case("16-default", "16x16, default options", 50,
         lambda k, r: _many(k, r, size=16), ">= 20/s"),
    Case("25-default", "25x25, default options (one puzzle per round)", 1,
         lambda k, r: [generate(25, seed=f"bench-{r}")], "< 5 s each"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", help="case names (default: all)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the counts")
    args = parser.parse_args()
    core = "compiled" if engine.is_compiled("generator._gen") else "pure-Python"
    print(f"sudokit.generate, {core} generator, one thread, Python {platform.python_version()}, "
          f"{platform.machine()}; best (median) of {args.rounds} rounds")
    for case in CASES:
        if args.cases and case.name not in args.cases:
            continue
        count = max(1, int(case.count * args.scale))
        case.make(min(count, 5), -1)  # warm up: imports, generator objects
        times = []
        for r in range(args.rounds):
            start = time.perf_counter()
            made = case.make(count, r)
            times.append(time.perf_counter() - start)
            assert len(made) == count  # type: ignore[arg-type]
        best, median = min(times), statistics.median(times)
        if count == 1:
            result = f"{best:8.3f} s each ({median:.3f} s)"
        else:
            result = f"{count / best:8.0f}/s ({count / median:.0f}/s)"
        print(f"{case.name:12} {result:28} goal {case.goal:12} {case.what}")


if __name__ == "__main__":
    main()
