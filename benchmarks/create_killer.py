"""How fast ``sudoku create --variant killer`` makes killer puzzles (no givens, one
solution), and thermo, arrow and kropki puzzles (lines or dots drawn, givens dug), on one
thread: the whole pipeline as a user calls it (the solution, the cages grown, repaired
and merged or the lines drawn and the givens dug, the final count to two by the solver).

    .venv/bin/python benchmarks/create_killer.py                      # 9x9 killers, 2-5
    .venv/bin/python benchmarks/create_killer.py --cage-size 2-3 --count 40
    .venv/bin/python benchmarks/create_killer.py --kinds killer thermo arrow kropki

Rates are puzzles per CPU second of this process (``time.process_time``: the machine is
shared, so wall time would measure the neighbours), the best of ``--rounds`` rounds,
with what the puzzles look like: cages and their mean size, or lines and givens.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from sudokit import engine
from sudokit.constraints import Cage
from sudokit.generator.make import generate_many


def sizes(text: str) -> tuple[int, int]:
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", nargs="*", default=["killer"],
                        help="killer, thermo, arrow, kropki (default killer)")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--cage-size", type=sizes, default=None, metavar="MIN-MAX")
    parser.add_argument("--count", type=int, default=20, help="puzzles a round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    core = "compiled" if engine.is_compiled(engine.RULES_MODULE) else "pure-Python"
    print(f"sudokit.generate(rules=KIND), {core} rules engine, one thread, Python "
          f"{platform.python_version()}, {platform.machine()}; {args.size}x{args.size}; "
          f"best (median) of {args.rounds} rounds of {args.count}, per CPU second")
    for kind in args.kinds:
        rates = []
        for r in range(args.rounds):
            start = time.process_time()
            made = generate_many(args.count, args.size, rules=kind, seed=f"bench-{r}",
                                 cage_size=args.cage_size if kind == "killer" else None)
            rates.append(args.count / max(time.process_time() - start, 1e-9))
        cages = [[len(c.cells) for c in p.rules.constraints if isinstance(c, Cage)]
                 for p in made]
        if kind == "killer":
            shape = (f"{statistics.mean(map(len, cages)):.1f} cages of "
                     f"{statistics.mean(s for c in cages for s in c):.2f} cells, no givens")
        else:
            shape = (f"{statistics.mean(len(p.rules.constraints) for p in made):.1f} "
                     f"{kind} clues, {statistics.mean(p.givens for p in made):.1f} givens")
        print(f"{kind:8} {max(rates):8.1f} ({statistics.median(rates):.1f}) puzzles/s; {shape}")


if __name__ == "__main__":
    main()
