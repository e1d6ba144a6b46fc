"""Speed of the rules engine on minimal 9x9 variant puzzles, against two references in the
same run: the classic 9x9 kernel on minimal classic puzzles made the same way, and the plain
backtracking reference of the tests (tests/support/exact_cover.py) on the same variant puzzles.

    python benchmarks/variants.py [--count 200] [--seed 1] [--reference 5] [--made hard,expert]

Puzzles are made with a fixed seed: a random solution (random givens placed until the
rules engine finds a solution, its digits renamed at random, for non-consecutive only
d -> 10-d), then every cell in a random
order dug out while the puzzle keeps one solution (so no clue can go: minimal). Jigsaw
regions are the boxes with cells traded on the borders of two regions while both stay
connected. Rates are puzzles a second on one thread (CPU time of reset and run on each puzzle, the
engine built beforehand): the first solution (limit 1) and a count to two; for jigsaw also
with each puzzle's rules set up for it (its tables and engine, as a file of jigsaw puzzles,
each with its own regions, needs).

``--made hard,expert`` adds rows for puzzles of those levels made by ``sudoku create``
(``generate_many`` with the variant and the level, seeded): puzzles as they are published and
rated for people, where the minimal ones above are the hardest a search meets.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

from sudokit import Grid, Rules, count_solutions, engine, search
from sudokit.batch import solve_array
from sudokit.generator.make import generate_many

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.exact_cover import OutOfBudget, Reference  # noqa: E402 - the tests' folder

KINDS = ("x", "jigsaw", "windoku", "anti-knight", "non-consecutive", "classic")


def random_solution(rules: Rules, rng: random.Random, tries: int = 50) -> list[int] | None:
    """A solution of ``rules``: random givens until the engine solves them (None after
    ``tries``: some random regions admit no solution at all)."""
    n = rules.size
    for _ in range(tries):
        cells = [0] * (n * n)
        for cell in rng.sample(range(n * n), 6):
            cells[cell] = rng.randrange(1, n + 1)
        grid = Grid.from_cells(cells, rules=rules)
        if grid.is_valid():
            # bounded: regions that admit no solution could take for ever to prove so
            found = search(grid, rounds=20_000).solution
            if found is not None:
                return renamed(list(found.cells), rules, rng)
    return None


def renamed(solution: list[int], rules: Rules, rng: random.Random) -> list[int]:
    """``solution`` with its digits renamed at random, as far as ``rules`` allow: any
    renaming keeps digits apart, only d -> N+1-d keeps them non-consecutive."""
    n = rules.size
    if rules.non_consecutive:
        return [n + 1 - d for d in solution] if rng.random() < 0.5 else solution
    names = list(range(1, n + 1))
    rng.shuffle(names)
    return [names[d - 1] for d in solution]


def connected(cells: set[int]) -> bool:
    """Do ``cells`` of a 9x9 grid form one piece (orthogonal steps)?"""
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = divmod(todo.pop(), 9)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            other = rr * 9 + cc
            if 0 <= rr < 9 and 0 <= cc < 9 and other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def neighbours(cell: int) -> list[int]:
    r, c = divmod(cell, 9)
    return [rr * 9 + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < 9 and 0 <= cc < 9]


def jigsaw_rules(rng: random.Random) -> tuple[Rules, list[int]]:
    """Random connected regions (the boxes; then again and again a cell of one region
    given to a neighbouring region, which gives back one of its cells on their border,
    kept when both stay in one piece), and a solution under them."""
    while True:
        rules = random_regions(rng)
        solution = random_solution(rules, rng)
        if solution is not None:
            return rules, solution


def random_regions(rng: random.Random) -> Rules:
    regions = list(Rules(9).regions)
    for _ in range(400):
        a = rng.randrange(81)
        first = regions[a]
        others = [regions[b] for b in neighbours(a) if regions[b] != first]
        if not others:
            continue
        second = rng.choice(others)
        border = [c for c in range(81) if regions[c] == second
                  and any(regions[d] == first for d in neighbours(c))]
        c = rng.choice(border)
        regions[a], regions[c] = second, first
        if not all(connected({k for k in range(81) if regions[k] == x})
                   for x in (first, second)):
            regions[a], regions[c] = first, second
    return Rules(9, regions=regions)


def minimal(solution: list[int], rules: Rules, rng: random.Random) -> Grid:
    """``solution`` dug until no clue can go without a second solution."""
    cells = list(solution)
    for cell in rng.sample(range(81), 81):
        keep = cells[cell]
        cells[cell] = 0
        if count_solutions(Grid.from_cells(cells, rules=rules), 2) != 1:
            cells[cell] = keep
    return Grid.from_cells(cells, rules=rules)


def puzzles(kind: str, count: int, rng: random.Random) -> list[Grid]:
    out = []
    for _ in range(count):
        if kind == "jigsaw":
            rules, solution = jigsaw_rules(rng)
        else:
            rules = Rules.preset(kind)
            found = random_solution(rules, rng, 10**6)
            assert found is not None
            solution = found
        out.append(minimal(solution, rules, rng))
    return out


def made(kind: str, level: str, count: int, seed: int) -> list[Grid]:
    """``count`` puzzles of ``kind`` at ``level``, as ``sudoku create --variant KIND
    --difficulty LEVEL`` makes them (seeded)."""
    return generate_many(count, 9, rules=kind, difficulty=level, seed=f"{seed}:{kind}:{level}",
                         tries=1000)


def engines_for(grids: list[Grid], core: bool = False) -> list[engine.Engine]:
    """An engine per puzzle, built before the clock starts (one per set of rules): the
    rules engine for a variant, the 9x9 band kernel (or with ``core`` the general engine)
    for a classic puzzle."""
    built: dict[Rules, engine.Engine] = {}
    out = []
    for grid in grids:
        rules = grid.rules
        if rules not in built:
            if rules.is_classic:
                shape = rules.shape
                built[rules] = engine.general_engine(shape) if core else \
                    engine.engine_for(shape)
            else:
                module = engine.load(engine.RULES_MODULE)
                built[rules] = module.RulesSearch(9, *engine.rules_tables(rules))
        out.append(built[rules])
    return out


def rate(grids: list[Grid], engines: list[engine.Engine], limit: int, repeat: int = 3
         ) -> tuple[float, float]:
    """(puzzles a second on one thread, mean guesses): the best of ``repeat`` runs of
    reset and run on each puzzle."""
    best = float("inf")
    guesses = 0
    cells = [list(g.cells) for g in grids]
    for _ in range(repeat):
        made = 0
        start = time.process_time()
        for puzzle, searcher in zip(cells, engines, strict=True):
            searcher.reset(puzzle, limit)
            while searcher.run(1 << 30) != engine.DONE:
                pass
            made += searcher.counts()[1]
        best = min(best, time.process_time() - start)
        guesses = made
    return len(grids) / best, guesses / len(grids)


def setup_rate(grids: list[Grid]) -> float:
    """Puzzles a second when each puzzle's rules are set up for it (a file of jigsaw
    puzzles, each with its regions): the rules' tables and an engine, then the solve."""
    start = time.process_time()
    for grid in grids:
        rules = Rules(9, regions=grid.rules.regions)  # a fresh value: nothing cached
        solve_array(np.array([grid.cells], dtype=np.uint8), jobs=1, rules=rules)
    return len(grids) / (time.process_time() - start)


#: Cells the reference may try on one puzzle: past it, the puzzle counts as unfinished, and
#: the reference's rate is an upper bound (shown with '<').
REFERENCE_BUDGET = 20_000


def reference_rate(grids: list[Grid]) -> tuple[float, bool]:
    """(puzzles a second of the reference counting to two, whether a puzzle ran past
    :data:`REFERENCE_BUDGET`, which makes the rate a bound from above)."""
    start = time.process_time()
    cut = False
    for grid in grids:
        try:
            Reference(grid.rules).solutions(grid.cells, 2, budget=REFERENCE_BUDGET)
        except OutOfBudget:
            cut = True
    return len(grids) / (time.process_time() - start), cut


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200, help="puzzles of each kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reference", type=int, default=5,
                        help="puzzles of each kind for the backtracking reference")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help="the kinds, comma-separated (default: all; classic adds the "
                             "general engine's row)")
    parser.add_argument("--made", default="",
                        help="levels (comma-separated: hard, expert, ...) of puzzles made by "
                             "the generator to measure too, for each kind but classic")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        parser.error(f"unknown kinds: {', '.join(unknown)} (known: {', '.join(KINDS)})")
    print(f"core: {engine.core_name()}; {args.count} minimal puzzles of each kind, seed "
          f"{args.seed}; puzzles/s on one thread (CPU time)")
    print(f"{'kind':<26} {'clues':>6} {'guesses':>8} {'solve/s':>10} {'count2/s':>10} "
          f"{'reference count2/s':>19} {'engine/ref':>10}")
    rows = [(kind, kind, "") for kind in kinds]
    if "classic" in kinds:
        rows.append(("classic", "classic (general engine)", ""))
    rows += [(kind, f"{kind}, made {level}", level) for level in filter(None, args.made.split(","))
             for kind in kinds if kind != "classic"]
    for kind, label, level in rows:
        rng = random.Random(f"{args.seed}:{kind}")
        grids = made(kind, level, args.count, args.seed) if level else \
            puzzles(kind, args.count, rng)
        engines = engines_for(grids, core=label.startswith("classic ("))
        clues = sum(g.givens for g in grids) / len(grids)
        solve_rate, guesses = rate(grids, engines, 1)
        count_rate, _ = rate(grids, engines, 2)
        ref, cut = reference_rate(grids[:args.reference])
        bound = ("<" if cut else "", ">" if cut else "")
        print(f"{label:<26} {clues:>6.1f} {guesses:>8.1f} {solve_rate:>10,.0f} "
              f"{count_rate:>10,.0f} {bound[0] + f'{ref:,.2f}':>19} "
              f"{bound[1] + f'{count_rate / ref:,.0f}':>10}", flush=True)
        if kind == "jigsaw" and not level:
            print(f"{'jigsaw, rules set up each':<26} {'':>6} {'':>8} "
                  f"{setup_rate(grids):>10,.0f}", flush=True)


if __name__ == "__main__":
    main()
