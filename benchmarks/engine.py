"""The 9x9 band kernel alone, one thread, against tdoku's reference rates and an older build.

    .venv/bin/python benchmarks/engine.py
    .venv/bin/python benchmarks/engine.py --baseline OTHER/src/sudokit/_kernel9.cpython-311-*.so
    .venv/bin/python benchmarks/engine.py --only hardest_1106 --runs 9 --baseline ...

For each file of ``data``, puzzles/s by the thread's CPU time (best of --runs runs over the
whole file, the puzzles already in a uint8 array: no reading, no writing) for the first
solution (limit 1) and for counting to two (limit 2, tdoku's own benchmark), the guesses per
puzzle, and the ratio to tdoku's reference rate (data/README.md, measured on another machine
of the same kind: a rough guide, not a side-by-side figure).

``--baseline`` names another compiled build of the kernel, for instance that of an older
checkout OTHER built in place (``python setup.py build_ext --inplace`` there, with Cython
installed): it is measured in the same run, interleaved with this
one, which gives the ratio new/old, and its answers (counts and first solutions, limits 1, 2
and 3) must be the same byte for byte, which the script checks and says.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

import numpy as np

from sudokit import engine
from sudokit.formats.line import load_array

HERE = Path(__file__).resolve().parent
FILES = [
    ("17-clue", "puzzles2_17_clue.txt"),
    ("top1465", "puzzles3_magictour_top1465.txt"),
    ("hardest_1106", "puzzles6_forum_hardest_1106.txt"),
    ("serg", "puzzles7_serg_benchmark.txt"),
]
#: tdoku, one thread, puzzles/s, from data/README.md: limit -> file -> rate.
TDOKU = {
    1: {"17-clue": 294_000, "top1465": 152_000, "hardest_1106": 21_900, "serg": 484_000},
    2: {"17-clue": 276_000, "top1465": 100_000, "hardest_1106": 11_400, "serg": 351_000},
}


def load_kernel_file(path: Path) -> ModuleType:
    """A compiled ``_kernel9`` extension from a file, loaded beside the installed one."""
    loader = importlib.machinery.ExtensionFileLoader("_kernel9", str(path))
    spec = importlib.util.spec_from_file_location("_kernel9", path, loader=loader)
    if spec is None:
        raise SystemExit(f"{path}: not a loadable extension module")
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def solve(k9: ModuleType, puzzles: np.ndarray, limit: int
          ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """(CPU seconds, solutions, counts, guesses) of one run over ``puzzles``."""
    solutions = np.zeros_like(puzzles)
    counts = np.zeros(len(puzzles), dtype=np.int64)
    guesses = np.zeros(len(puzzles), dtype=np.int64)
    start = time.thread_time()
    k9.solve_rows(puzzles, solutions, counts, guesses, limit)
    return time.thread_time() - start, solutions, counts, guesses


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=HERE.parent / "data")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per figure (best kept)")
    parser.add_argument("--baseline", type=Path, help="another compiled _kernel9 to compare")
    parser.add_argument("--only", action="append", choices=[label for label, _ in FILES],
                        help="measure this file only (may be given again)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="each file this many times over (small files time better)")
    args = parser.parse_args(argv)

    new = engine.load("_kernel9")
    if not new.is_compiled():
        print("note: the kernel is not compiled; these are pure-Python figures", file=sys.stderr)
    old = load_kernel_file(args.baseline) if args.baseline else None

    head = "| file | work | puzzles/s | guesses/puzzle | / tdoku |"
    rule = "|:--|:--|--:|--:|--:|"
    if old is not None:
        head += " old puzzles/s | old guesses/puzzle | new / old |"
        rule += "--:|--:|--:|"
    print(head)
    print(rule)
    same = True
    for label, name in FILES:
        if args.only and label not in args.only:
            continue
        puzzles = load_array(args.data / name)
        puzzles = np.ascontiguousarray(np.tile(puzzles, (args.repeat, 1)))
        for limit in (1, 2):
            best_new = best_old = float("inf")
            for _ in range(args.runs):
                seconds, sol, cnt, gss = solve(new, puzzles, limit)
                best_new = min(best_new, seconds)
                if old is not None:
                    seconds, osol, ocnt, ogss = solve(old, puzzles, limit)
                    best_old = min(best_old, seconds)
                    same &= bool((sol == osol).all() and (cnt == ocnt).all())
            rate = len(puzzles) / best_new
            work = "first solution" if limit == 1 else "count to two"
            row = (f"| {label} | {work} | {rate:,.0f} | {gss.mean():.2f} "
                   f"| {rate / TDOKU[limit][label]:.2f} |")
            if old is not None:
                old_rate = len(puzzles) / best_old
                row += f" {old_rate:,.0f} | {ogss.mean():.2f} | {rate / old_rate:.2f} |"
            print(row, flush=True)
        if old is not None:  # a third limit, answers only
            _, sol, cnt, _ = solve(new, puzzles, 3)
            _, osol, ocnt, _ = solve(old, puzzles, 3)
            same &= bool((sol == osol).all() and (cnt == ocnt).all())
    if old is not None:
        print(f"\nsame counts and first solutions as the baseline (limits 1, 2, 3): "
              f"{'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
