"""How sudokit orders the hardest puzzles (Sudoku Explainer 11 and up) against a reference.

Reads a reference rater's output for such puzzles (one a line: the puzzle, then
``ED=ER/EP/ED``, as skfr, the C++ port of Sudoku Explainer 1.2.1.3's rating, writes it;
or ``ER/EP/ED`` first, tab-separated, as the ``rate-se`` script writes), rates every puzzle
with ``sudokit.logic.rate`` on one core and prints, for ER: Spearman's rank correlation,
the mean absolute difference, the share rated exactly alike, and puzzles per CPU second.

    .venv/bin/python benchmarks/se_top.py SKFR_OUTPUT
    .venv/bin/python benchmarks/se_top.py SKFR_OUTPUT --puzzles held_out.txt --time-limit 60
    .venv/bin/python benchmarks/se_top.py SKFR_OUTPUT --scale se   # Sudoku Explainer's levels

``--puzzles`` keeps only the reference's lines whose puzzle is in that file (one a line),
so that one reference run serves a tuning and a held-out set. Goal: Spearman >= 0.8 on
puzzles the scale was not tuned on, at >= 1 puzzle per CPU second.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from se_compare import spearman  # the benchmark next to this one (same folder on sys.path)

from sudokit import Grid
from sudokit.logic import rate


def read_reference(path: Path) -> list[tuple[str, float]]:
    """(puzzle, ER) for each line of ``path``; exits with one line naming a bad line."""
    out = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        fields = line.split()
        if not fields or line.startswith("#"):
            continue
        try:
            if "=" in line:  # skfr: PUZZLE ED=ER/EP/ED
                puzzle, rating = fields[0], fields[1].split("=", 1)[1]
            else:  # rate-se: ER/EP/ED<TAB>...<TAB>PUZZLE
                puzzle, rating = fields[-1], fields[0]
            out.append((puzzle, float(rating.split("/")[0])))
        except (IndexError, ValueError):
            sys.exit(f"{path}, line {n}: expected a puzzle and ER/EP/ED")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reference", type=Path, help="the reference rater's output")
    parser.add_argument("--puzzles", type=Path, help="rate only these puzzles (one a line)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds a puzzle")
    parser.add_argument("--show", action="store_true", help="print each puzzle's two ratings")
    parser.add_argument("--scale", default="sudokit",
                        help="the scale to rate on (sudokit, se, sukaku; default sudokit)")
    args = parser.parse_args()
    rows = read_reference(args.reference)
    if args.puzzles is not None:
        wanted = {ln.split()[0] for ln in args.puzzles.read_text().splitlines() if ln.strip()}
        rows = [r for r in rows if r[0] in wanted]
    if len(rows) < 3:
        sys.exit(f"{args.reference}: fewer than 3 puzzles to compare")
    theirs, ours = [], []
    cpu = time.process_time()
    for puzzle, er in rows:
        got = rate(Grid(puzzle), time_limit=args.time_limit, scale=args.scale).score
        theirs.append(er)
        ours.append(got)
        if args.show:
            print(f"{puzzle} {er:.1f} {got:.1f}", flush=True)
    cpu = time.process_time() - cpu
    diffs = [abs(a - b) for a, b in zip(theirs, ours, strict=True)]
    rho = spearman(theirs, ours)
    print(f"puzzles: {len(rows)}")
    print(f"Spearman (ER): {'-' if rho is None else f'{rho:.3f}'}")
    print(f"mean |diff|: {statistics.fmean(diffs):.3f}")
    print(f"exact: {sum(d <= 0.01 for d in diffs) / len(diffs):.1%}")
    print(f"puzzles per CPU second: {len(rows) / cpu:.2f}")


if __name__ == "__main__":
    main()
