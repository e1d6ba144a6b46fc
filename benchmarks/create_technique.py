"""How fast ``sudoku create --technique`` makes puzzles, per technique, on one thread.

    .venv/bin/python benchmarks/create_technique.py                 # the common techniques
    .venv/bin/python benchmarks/create_technique.py x-wing xy-wing  # some of them
    .venv/bin/python benchmarks/create_technique.py --cleanness 3 --seconds 20
    .venv/bin/python benchmarks/create_technique.py --seed other x-wing   # another sample
    .venv/bin/python benchmarks/create_technique.py --minimal --count 20  # minimal puzzles

For each technique, puzzles are made one after another (seed "bench", one process) until
``--seconds`` of CPU time have passed (at least one puzzle); the rate is puzzles per
CPU-second of this process, which is what one thread makes on a quiet machine (on a shared
machine the wall clock also counts the time other processes take). Every puzzle is the
library's finished product: checked by the rater (one solution, the technique, nothing
harder, the cleanness). As a reference measured in the same run, the
plain generator's rate (random puzzles, rated by the rater) is printed first.
Goal: >= 5 puzzles/s for each common technique.

The rates of the rarer techniques rest on a few puzzles in a short run (a puzzle's cost
varies ten-fold from one to the next): compare runs of some seconds, or several seeds.
``--count N`` times the first N puzzles of the seed instead: a seed gives the same puzzles on
every build, so two builds timed this way did the same work, and the ratio of their times
is the speed-up (run them one after the other, in turns, on a shared machine).
``--tries`` is the walks each puzzle may take (more than ``create``'s default, so that the
rare long search is timed, not cut); a puzzle not found within them is counted and named.
Each line also gives the walks per puzzle made (the random minimal puzzles the search
started from), a steadier figure than the rate for comparing two ways of searching;
``--starts random`` or ``digit`` makes every walk start from minimal puzzles dug in a
random order or digit by digit, instead of the search's own choice for the technique.
``--minimal`` makes minimal puzzles (``create --technique T --minimal``); with ``--count``
each line also says how many of the puzzles made are minimal (every clue needed for the one
solution), checked here clue by clue.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from sudokit import Grid, count_solutions
from sudokit.errors import GenerateGaveUp
from sudokit.generator import targeted
from sudokit.generator.make import iter_generate, minimal_digs
from sudokit.generator.targeted import iter_generate_for
from sudokit.logic import rate

COMMON = [
    "x-wing", "swordfish", "xy-wing", "xyz-wing", "skyscraper", "2-string-kite",
    "empty-rectangle", "w-wing",
    "unique-rectangle-1,unique-rectangle-2,unique-rectangle-3,unique-rectangle-4",
    "x-chain", "xy-chain", "als-xz",
]


def _timed(made: object, seconds: float) -> tuple[int, float]:
    start = time.process_time()
    count = 0
    for _ in made:  # type: ignore[attr-defined]
        count += 1
        if time.process_time() - start >= seconds:
            break
    return count, time.process_time() - start


def _timed_for(name: str, args: argparse.Namespace) -> tuple[int, float, int]:
    """Puzzles made for ``name`` in about ``args.seconds`` of CPU time, that time, and
    how many puzzles were given up (each restarts the run from the next seed)."""
    count = gave_up = 0
    spent = 0.0
    while spent < args.seconds:
        made = iter_generate_for(10**6, name, cleanness=args.cleanness, tries=args.tries,
                                 seed=f"{args.seed}/{gave_up}", minimal=args.minimal)
        start = time.process_time()
        try:
            n, part = _timed(made, args.seconds - spent)
            count += n
            spent += part
        except GenerateGaveUp:
            gave_up += 1
            spent += time.process_time() - start
    return count, spent, gave_up


def _timed_count(name: str, args: argparse.Namespace) -> tuple[int, float, int]:
    """CPU time of the first ``args.count`` puzzles of the seed for ``name``, and how many
    of them are minimal (checked after the clock)."""
    made = iter_generate_for(args.count, name, cleanness=args.cleanness, tries=args.tries,
                             seed=args.seed, minimal=args.minimal)
    start = time.process_time()
    puzzles = [m.puzzle for m in made]
    spent = time.process_time() - start
    return len(puzzles), spent, sum(map(is_minimal, puzzles))


def is_minimal(puzzle: Grid) -> bool:
    """Does every clue of ``puzzle`` (one solution) keep a second solution out?"""
    cells = list(puzzle.cells)
    for cell, value in enumerate(cells):
        if value:
            cells[cell] = 0
            unique = count_solutions(Grid(cells), 2) == 1
            cells[cell] = value
            if unique:
                return False
    return True


class _CountedStarts:
    """Stands in for the search's ``minimal_digs``: counts the walks' starts (the minimal
    puzzles dug) and, unless ``by_digit`` is None, chooses the dig order for every
    request."""

    def __init__(self, by_digit: bool | None) -> None:
        self.by_digit = by_digit
        self.count = 0

    def __call__(self, key: int, count: int,
                 by_digit: bool = False) -> tuple[list[list[int]], list[int]]:
        self.count += count
        return minimal_digs(key, count, by_digit if self.by_digit is None else self.by_digit)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("techniques", nargs="*", help="technique keys (default: the common)")
    parser.add_argument("--seconds", type=float, default=10.0, help="time per technique")
    parser.add_argument("--cleanness", type=int, default=0)
    parser.add_argument("--count", type=int, default=0,
                        help="time the first COUNT puzzles of the seed instead")
    parser.add_argument("--seed", default="bench", help="the run's seed (default: bench)")
    parser.add_argument("--tries", type=int, default=50_000,
                        help="walks a puzzle may take (default: 50000)")
    parser.add_argument("--minimal", action="store_true", help="make minimal puzzles")
    parser.add_argument("--starts", choices=("auto", "random", "digit"), default="auto",
                        help="how the walks' minimal puzzles are dug (default: the "
                             "search's choice for the technique)")
    args = parser.parse_args(argv)
    starts = _CountedStarts(None if args.starts == "auto" else args.starts == "digit")
    search = sys.modules[targeted.attempt.__module__]  # the search the library runs
    search.minimal_digs = starts  # type: ignore[attr-defined]
    try:
        _run(args, starts)
    finally:
        search.minimal_digs = minimal_digs  # type: ignore[attr-defined]
    return 0


def _run(args: argparse.Namespace, starts: _CountedStarts) -> None:
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"cleanness {args.cleanness}{', minimal' * args.minimal}, {args.seconds:g} s per "
          "technique, one thread")
    rated = (rate(g.puzzle) for g in iter_generate(10**6, seed=args.seed, minimal=True))
    count, spent = _timed(rated, args.seconds)
    print(f"{'reference: minimal puzzle + rating':40} {count / spent:8.1f}/s")
    for name in args.techniques or COMMON:
        label = "unique-rectangle (types 1-4)" if name.startswith("unique-") else name
        starts.count = 0
        if args.count:
            count, spent, minimal = _timed_count(name, args)
            walks = f", {starts.count / max(count, 1):.0f} walks a puzzle"
            print(f"{label:40} {count / spent:8.1f}/s   ({count} in {spent:.2f} s{walks}, "
                  f"{minimal} minimal)", flush=True)
            continue
        count, spent, gave_up = _timed_for(name, args)
        note = f", {gave_up} given up after {args.tries} tries" if gave_up else ""
        walks = f", {starts.count / max(count, 1):.0f} walks a puzzle"
        print(f"{label:40} {count / spent:8.1f}/s   ({count} in {spent:.1f} s{walks}{note})",
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
