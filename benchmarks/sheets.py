"""Speed of solving puzzles of overlapping grids (samurai and the other sheets), against the
plain exact-cover reference of the tests (tests/support/sheet_reference.py) on the same
puzzles, in the same run.

    python benchmarks/sheets.py [--count 30] [--seed 1] [--reference 1] [--sheets samurai]

Puzzles are made with a fixed seed: a random complete sheet (random givens in random cells
until the engine completes them, its digits renamed at random), then every cell in a random
order dug out while the puzzle keeps one solution (so no clue can go: minimal). Rates are
puzzles a second on one thread, in CPU time: ``sudokit.search(puzzle, limit=2)`` (a solution
and the proof that it is the only one, through the library's face: its checks, the cached
engine, the solution checked against the rules); the engine alone (reset and run, built
beforehand); the reference counting to two solutions (on the first ``--reference`` puzzles).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from sudokit import engine, search, solve
from sudokit.sheets import PRESETS, Sheet, SheetGrid

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support import sheet_reference  # noqa: E402 - the tests' folder


def random_filled(sheet: Sheet, rng: random.Random) -> SheetGrid:
    """A random complete sheet: a few random givens, completed, digits renamed."""
    while True:
        digits = [0] * sheet.ncells
        for i in rng.sample(range(sheet.ncells), 8):
            digits[i] = rng.randint(1, sheet.size)
        start = SheetGrid(sheet, digits)
        found = solve(start) if start.is_valid() else None
        if found is not None:
            names = list(range(1, sheet.size + 1))
            rng.shuffle(names)
            return SheetGrid(sheet, [names[d - 1] for d in found.digits])


def minimal(filled: SheetGrid, rng: random.Random) -> SheetGrid:
    """``filled`` dug in a random order while it keeps one solution."""
    digits = list(filled.digits)
    order = list(range(len(digits)))
    rng.shuffle(order)
    for i in order:
        kept, digits[i] = digits[i], 0
        if search(SheetGrid.unchecked(filled.sheet, tuple(digits)), limit=2).count != 1:
            digits[i] = kept
    return SheetGrid(filled.sheet, digits)


def library_rate(puzzles: list[SheetGrid], repeat: int = 3) -> float:
    """Puzzles a second through ``search(puzzle, limit=2)``, best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for p in puzzles:
            assert search(p, limit=2).count == 1
        best = min(best, time.process_time() - start)
    return len(puzzles) / best


def engine_rate(puzzles: list[SheetGrid], repeat: int = 3) -> float:
    """Puzzles a second of the engine alone: reset, run to two solutions."""
    s = engine.sheet_engine(puzzles[0].sheet)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for p in puzzles:
            s.reset(p.digits, 2)
            while s.run(1 << 30) != engine.DONE:
                pass
        best = min(best, time.process_time() - start)
    return len(puzzles) / best


def reference_rate(puzzles: list[SheetGrid]) -> float:
    """Puzzles a second of the exact-cover reference, counting to two."""
    sheet = puzzles[0].sheet
    layout = (sheet.size, sheet.shape.box_rows, sheet.shape.box_cols, sheet.grids)
    start = time.process_time()
    for p in puzzles:
        givens = {sheet.position(i): d for i, d in enumerate(p.digits) if d}
        assert len(sheet_reference.solutions(layout, givens, 2)) == 1
    return len(puzzles) / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=30, help="puzzles of each sheet")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reference", type=int, default=1,
                        help="puzzles the exact-cover reference solves (it is slow; 0: none)")
    parser.add_argument("--sheets", default=",".join(PRESETS),
                        help="the presets, comma-separated (default: all)")
    args = parser.parse_args()
    core = "compiled" if engine.is_compiled("engine._rules") else "pure Python"
    print(f"core: {core}; {args.count} minimal puzzles a sheet, seed {args.seed}; puzzles a "
          "second on one thread, to two solutions (CPU time)")
    print(f"{'sheet':<10} {'givens':>7} {'search':>9} {'engine':>9} {'reference':>10} "
          f"{'ratio':>7}")
    for name in args.sheets.split(","):
        sheet = Sheet.preset(name)
        rng = random.Random(f"{args.seed}-{name}")
        puzzles = [minimal(random_filled(sheet, rng), rng) for _ in range(args.count)]
        givens = sum(p.givens for p in puzzles) / len(puzzles)
        lib = library_rate(puzzles)
        eng = engine_rate(puzzles)
        if args.reference < 1:  # (the reference left out: minimal puzzles take it minutes)
            print(f"{name:<10} {givens:>7.1f} {lib:>9,.0f} {eng:>9,.0f} {'-':>10} {'-':>7}",
                  flush=True)
            continue
        ref = reference_rate(puzzles[:args.reference])
        print(f"{name:<10} {givens:>7.1f} {lib:>9,.0f} {eng:>9,.0f} {ref:>10.3g} "
              f"{lib / ref:>6,.0f}x", flush=True)


if __name__ == "__main__":
    main()
