"""How fast the rules engine solves puzzles with cages, lines and dots, against the plain
backtracking reference of the tests (tests/support/constraint_reference.py), in one run.

    .venv/bin/python benchmarks/constraints.py                  # every set
    .venv/bin/python benchmarks/constraints.py killer --count 200
    SUDOKIT_PURE_PYTHON=1 .venv/bin/python benchmarks/constraints.py killer --count 10

The sets, made here from a seed (the same puzzles on every run and machine):

- ``killer``: 9x9 killers with no givens: a random solution cut into random cages of 2 to
  5 cells (about 3 on average; each cage's digits different), each with its sum; kept
  when it has exactly one solution.
- ``thermo``, ``arrow``, ``kropki``, ``mixed``: a random solution with random constraints
  of those kinds drawn on it, 12 random givens of the solution and more added one by one
  until the puzzle has one solution.

For each set, by the CPU time of this thread: puzzles/s counting to two (as a uniqueness
check does) and to one (a solve) with each puzzle's engine built beforehand, the median
and the slowest puzzle, puzzles/s counting to two when each puzzle's rules and engine
are built first (as a first call does), and the reference's rate on the first few
puzzles (each within a budget of cells tried; those past it are counted apart).

Then the whole first solve, as ``sudoku solve`` does it per record: each puzzle's
constraints made anew from their numbers, its Rules, its engine (the peers, the tables of
its constraints and the engine itself), the search to one solution and the check of that
solution against the rules, in puzzles/s and in microseconds per puzzle for each part.
Goal: a 9x9 killer solved whole at least 2,000/s on one core, none slower than 1 s.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sudokit import Rules, engine
from sudokit.constraints import Cage
from sudokit.engine.peers import peers_of
from sudokit.engine.tables import constraint_tables

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.constraint_reference import (  # noqa: E402 - the tests' folder
    OutOfBudget,
    random_rules,
    solutions,
)
from support.exact_cover import Reference  # noqa: E402 - the tests' folder

Puzzle = tuple[Rules, list[int]]


def count(rules: Rules, cells: list[int], limit: int, rounds: int = 1 << 30) -> int | None:
    """The engine's count of solutions, to ``limit``; None past ``rounds`` rounds."""
    search = engine.rules_engine(rules)
    if search.reset(cells, limit) and search.run(rounds) != engine.DONE:
        return None
    found: int = search.counts()[0]
    return found


def _near(cell: int) -> list[int]:
    r, c = divmod(cell, 9)
    return [(r + dr) * 9 + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < 9 and 0 <= c + dc < 9]


#: How often a cage is meant to have 2, 3, 4 and 5 cells (about 3 on average, as in
#: published killers; a lone cell left over joins a neighbouring cage).
SIZE_WEIGHTS = (4, 4, 2, 1)


def cages_on(solution: list[int], rng: random.Random) -> list[Cage] | None:
    """The grid cut into random cages of 2 to 5 cells whose digits differ, with their sums;
    None when a cell is left alone."""
    cage_of = [-1] * 81
    cages: list[list[int]] = []
    for start in rng.sample(range(81), 81):
        if cage_of[start] >= 0:
            continue
        cage = [start]
        cage_of[start] = len(cages)
        size = rng.choices((2, 3, 4, 5), SIZE_WEIGHTS)[0]
        while len(cage) < size:
            digits = {solution[c] for c in cage}
            options = [n for c in cage for n in _near(c)
                       if cage_of[n] < 0 and solution[n] not in digits]
            if not options:
                break
            cell = rng.choice(options)
            cage.append(cell)
            cage_of[cell] = len(cages)
        cages.append(cage)
    for k, cage in enumerate(cages):  # a lone cell joins a neighbouring cage that takes it
        if len(cage) > 1:
            continue
        cell = cage[0]
        for other in {cage_of[n] for n in _near(cell)} - {k}:
            if len(cages[other]) < 5 and solution[cell] not in {solution[c]
                                                                for c in cages[other]}:
                cages[other].append(cell)
                cage_of[cell] = other
                cages[k] = []
                break
        else:
            return None
    return [Cage(c, sum(solution[x] for x in c)) for c in cages if c]


def killers(how_many: int, seed: str) -> list[Puzzle]:
    """9x9 killers with no givens and one solution each."""
    rng = random.Random(seed)
    out: list[Puzzle] = []
    base = Rules(9)
    while len(out) < how_many:
        solution = Reference(base).random_solution(rng)
        assert solution is not None
        cages = cages_on(solution, rng)
        if cages is None:
            continue
        rules = Rules(9, constraints=cages)
        if count(rules, [0] * 81, 2) == 1:
            out.append((rules, [0] * 81))
    return out


#: Rounds a count may take while the line and dot sets are made (a puzzle that needs more
#: gets another given; killers are counted to the end, whatever it takes).
MAKING_ROUNDS = 200_000

#: Givens of the solution that the line and dot puzzles start from, before more are added
#: until one solution is left.
STARTING_GIVENS = 12


def drawn(kinds: list[str], constraints: int) -> Callable[[int, str], list[Puzzle]]:
    """Puzzles of random constraints of ``kinds`` drawn on a random solution, with givens
    of the solution added until each has one solution."""

    def make(how_many: int, seed: str) -> list[Puzzle]:
        rng = random.Random(seed)
        out: list[Puzzle] = []
        base = Rules(9)
        while len(out) < how_many:
            solution = Reference(base).random_solution(rng)
            assert solution is not None
            rules = random_rules(base, solution, rng, constraints, kinds)
            order = rng.sample(range(81), 81)
            cells = [0] * 81
            for cell in order[-STARTING_GIVENS:]:  # (a count of a few lines and no given
                cells[cell] = solution[cell]       # can be long: they are seldom set)
            del order[-STARTING_GIVENS:]
            while count(rules, cells, 2, MAKING_ROUNDS) != 1:  # (a long count: more givens)
                cell = order.pop()
                cells[cell] = solution[cell]
            out.append((rules, cells))
        return out

    return make


SETS: dict[str, Callable[[int, str], list[Puzzle]]] = {
    "killer": killers,
    "thermo": drawn(["thermo"], 14),
    "arrow": drawn(["arrow"], 14),
    "kropki": drawn(["kropki"], 30),
    "mixed": drawn(["killer", "thermo", "arrow", "kropki", "whispers", "renban", "xv",
                    "little-killer", "palindrome", "between", "greater-than"], 24),
}


def timed(puzzles: list[Puzzle], limit: int) -> tuple[float, float, float, float]:
    """(CPU seconds for all, for the median puzzle, for the slowest) of the engine counting
    to ``limit``, each engine built beforehand, and CPU seconds for all when each puzzle's
    rules and engine are built as a user's first call builds them (the rules from their
    constraints, their tables, the engine); every count checked."""
    engines = [engine.rules_engine(rules) for rules, _ in puzzles]
    each = []
    for search, (rules, cells) in zip(engines, puzzles, strict=True):
        t = time.thread_time()
        if search.reset(cells, limit):
            while search.run(1 << 30) != engine.DONE:
                pass
        each.append(time.thread_time() - t)
        if search.counts()[0] != 1:
            raise SystemExit(f"the engine counted {search.counts()[0]} solutions of a "
                             f"unique puzzle: {rules}")
    start = time.thread_time()
    for rules, cells in puzzles:
        fresh = Rules(9, constraints=rules.constraints, all_dots=rules.all_dots,
                      all_xv=rules.all_xv)
        built = engine.load(engine.CONSTRAINTS_MODULE).ConstraintSearch(
            9, *engine.rules_tables(fresh), constraint_tables(fresh))
        built.reset(cells, limit)
        while built.run(1 << 30) != engine.DONE:
            pass
    whole = time.thread_time() - start
    return sum(each), statistics.median(each), max(each), whole


#: The parts of a whole first solve, in order (see :func:`first_solves`).
PARTS = ("constraints", "rules", "peers", "tables", "engine", "search", "check")


def first_solves(puzzles: list[Puzzle]) -> tuple[float, dict[str, float]]:
    """(CPU seconds for all, CPU seconds per part) of solving each puzzle whole, as a first
    call does: its constraints made from their numbers, its Rules, the engine built as
    ``engine.rules_engine`` builds it, a search to one solution, that solution checked
    with ``Rules.keeps``; the parts timed apart in a second pass (peers and tables are
    made again there, so that the engine's part is its own)."""
    recipes = [(rules, [(type(c), c.values()) for c in rules.constraints], cells)
               for rules, cells in puzzles]
    start = time.thread_time()
    for rules, recipe, cells in recipes:
        fresh = Rules(9, constraints=[kind(*values) for kind, values in recipe],
                      all_dots=rules.all_dots, all_xv=rules.all_xv)
        search = engine.build_rules_engine(fresh)
        search.reset(cells, 1)
        while search.run(1 << 30) != engine.DONE:
            pass
        if not fresh.keeps(search.solution()):
            raise SystemExit(f"the engine's solution breaks {fresh}")
    whole = time.thread_time() - start
    parts = dict.fromkeys(PARTS, 0.0)
    for rules, recipe, cells in recipes:
        t = [time.thread_time()]
        made = [kind(*values) for kind, values in recipe]
        t.append(time.thread_time())
        fresh = Rules(9, constraints=made, all_dots=rules.all_dots, all_xv=rules.all_xv)
        t.append(time.thread_time())
        _, bits = peers_of(fresh)
        t.append(time.thread_time())
        constraint_tables(fresh, bits)
        t.append(time.thread_time())
        search = engine.build_rules_engine(fresh)
        t.append(time.thread_time())
        search.reset(cells, 1)
        while search.run(1 << 30) != engine.DONE:
            pass
        t.append(time.thread_time())
        fresh.keeps(search.solution())
        t.append(time.thread_time())
        for k, part in enumerate(PARTS):
            parts[part] += t[k + 1] - t[k]
    parts["engine"] -= parts["peers"] + parts["tables"]  # (built again inside)
    return whole, parts


def reference_rate(puzzles: list[Puzzle], budget: int) -> tuple[int, int, float]:
    """(solved, past the budget, CPU seconds) of the reference counting to two."""
    solved = past = 0
    start = time.thread_time()
    for rules, cells in puzzles:
        try:
            if len(solutions(rules, cells, 2, budget=budget)) != 1:
                raise SystemExit(f"the reference disagrees on {rules}")
            solved += 1
        except OutOfBudget:
            past += 1
    return solved, past, time.thread_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", help=f"sets: {', '.join(SETS)} (default: all)")
    parser.add_argument("--count", type=int, default=100, help="puzzles per set")
    parser.add_argument("--seed", default="constraints-bench")
    parser.add_argument("--reference", type=int, default=3,
                        help="puzzles of each set the reference solves (0: none)")
    parser.add_argument("--budget", type=int, default=200_000,
                        help="cells the reference may try per puzzle")
    parser.add_argument("--rounds", type=int, default=3, help="engine rounds (best kept)")
    args = parser.parse_args()
    for name in args.sets:
        if name not in SETS:
            parser.error(f"no set named {name!r}: known are {', '.join(SETS)}")
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"core: {engine.core_name()}, one thread")
    print(f"{'set':8} {'puzzles':>7} {'made s':>6} {'count2/s':>9} {'solve/s':>8} "
          f"{'median ms':>9} {'slowest ms':>10} {'built+count2/s':>14} {'reference':>22}")
    for name in args.sets or list(SETS):
        t = time.perf_counter()
        puzzles = SETS[name](args.count, f"{args.seed}-{name}")
        made = time.perf_counter() - t
        two = min(timed(puzzles, 2) for _ in range(args.rounds))
        one = min(timed(puzzles, 1) for _ in range(args.rounds))
        text = "-"
        if args.reference:
            solved, past, spent = reference_rate(puzzles[:args.reference], args.budget)
            text = f"{solved / spent if solved else 0:.2f}/s ({past} past budget)"
        k = len(puzzles)
        print(f"{name:8} {k:7} {made:6.0f} {k / two[0]:9.0f} {k / one[0]:8.0f} "
              f"{two[1] * 1000:9.3f} {two[2] * 1000:10.2f} {k / two[3]:14.0f} {text:>22}",
              flush=True)
        whole, parts = min(first_solves(puzzles) for _ in range(args.rounds))
        each = ", ".join(f"{part} {parts[part] / k * 1e6:.0f}" for part in PARTS)
        print(f"{'':8} whole first solve: {k / whole:.0f}/s; us per puzzle: {each}",
              flush=True)


if __name__ == "__main__":
    main()
