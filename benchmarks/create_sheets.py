"""How fast puzzles of overlapping grids are made: ``generate_sheet`` end to end (the full
sheet, the dig, the final count to two by the solver), one thread, CPU seconds.

    .venv/bin/python benchmarks/create_sheets.py                    # every preset
    .venv/bin/python benchmarks/create_sheets.py samurai --count 50
    .venv/bin/python benchmarks/create_sheets.py --minimal --symmetry rot180
    SUDOKIT_PURE_PYTHON=1 .venv/bin/python benchmarks/create_sheets.py twodoku

Each preset makes ``count`` puzzles a round (a seed a round) and reports puzzles per CPU
second of the best round (the machine may be shared: CPU time, not the clock, and the best
round, the one least disturbed), with the median and the mean givens beside it.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from sudokit import engine
from sudokit.generator.sheets import iter_generate_sheets
from sudokit.sheets import PRESETS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", help="preset names (default: all)")
    parser.add_argument("--count", type=int, default=20, help="puzzles a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--minimal", action="store_true")
    parser.add_argument("--symmetry", default="none")
    parser.add_argument("--difficulty", default=None)
    args = parser.parse_args()
    core = "compiled" if engine.is_compiled(engine.RULES_MODULE) else "pure-Python"
    print(f"generate_sheet, {core} rules engine, one thread, Python "
          f"{platform.python_version()}, {platform.machine()}; "
          f"{'minimal, ' if args.minimal else ''}symmetry {args.symmetry}"
          f"{', ' + args.difficulty if args.difficulty else ''}; best (median) of "
          f"{args.rounds} rounds of {args.count}")
    for name in args.presets or PRESETS:
        rates, givens = [], []
        for r in range(args.rounds):
            start = time.process_time()
            made = list(iter_generate_sheets(args.count, name, minimal=args.minimal,
                                             symmetry=args.symmetry,
                                             difficulty=args.difficulty, seed=f"bench-{r}"))
            rates.append(args.count / (time.process_time() - start))
            givens += [m.puzzle.givens for m in made]
        print(f"{name:10} {max(rates):9.1f} ({statistics.median(rates):.1f}) puzzles a CPU "
              f"second, {statistics.mean(givens):.1f} givens")


if __name__ == "__main__":
    main()
