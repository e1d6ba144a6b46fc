"""Compare sudokit's HoDoKu-like level and effort with HoDoKu's own ratings of the same puzzles.

Reads a file of puzzles (one a line, 81 cells first; ``#`` starts a comment) and HoDoKu's
ratings of them (one line a puzzle, in the same order: the puzzle, HoDoKu's level and its
score, tab-separated, as the reference programs' ``rate-hodoku`` script writes them), rates
each puzzle with ``sudokit.logic.rate`` and prints Markdown tables: how often
``Rating.hodoku_level`` is HoDoKu's level (and the table of the two), the rank correlation
(Spearman) of sudokit's effort with HoDoKu's score, overall and by HoDoKu's level, and the
puzzles farthest apart.

    .venv/bin/python benchmarks/hodoku_compare.py puzzles.txt hodoku.tsv
    .venv/bin/python benchmarks/hodoku_compare.py puzzles.txt hodoku.tsv --techniques se
    .venv/bin/python benchmarks/hodoku_compare.py puzzles.txt hodoku.tsv --scale hodoku

With ``--scale hodoku`` the puzzles are rated on HoDoKu's scale (its solving order; the
level and score are the rating's own); otherwise ``hodoku_level`` and ``effort`` read a path
of sudokit's ladder (or of ``--techniques``) by HoDoKu's rule.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

from sudokit import Grid
from sudokit.logic import rate
from sudokit.logic.rating import scale_id
from sudokit.logic.scales import HODOKU_LEVELS, scale_named
from sudokit.logic.select import choose

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the rank correlation's home
from se_compare import spearman  # noqa: E402

LEVELS = [name for name, _ in HODOKU_LEVELS]


class Row:
    """One puzzle: HoDoKu's level and score, and sudokit's."""

    def __init__(self, puzzle: str, level: str, score: int) -> None:
        self.puzzle, self.level, self.score = puzzle, level, score
        self.ours_level, self.effort, self.hardest = "", 0, ""


def read(puzzles: Path, reference: Path) -> list[Row]:
    """The puzzles with HoDoKu's ratings; a line that does not fit stops the run with its
    file and number."""
    cells = []
    for n, raw in enumerate(puzzles.read_text().splitlines(), 1):
        text = raw.partition("#")[0].split()
        if text:
            cells.append((n, text[0]))
    lines = reference.read_text().splitlines()
    if len(lines) != len(cells):
        sys.exit(f"{reference}: {len(lines)} lines for {len(cells)} puzzles in {puzzles}")
    rows = []
    for (n, puzzle), (m, line) in zip(cells, enumerate(lines, 1), strict=True):
        fields = line.split("\t")
        try:
            level, score = fields[1].lower(), int(fields[2])
        except (IndexError, ValueError):
            sys.exit(f"{reference}, line {m}: expected the puzzle, a level and a score")
        if fields[0].replace("0", ".")[:81] != puzzle.replace("0", ".")[:81]:
            sys.exit(f"{reference}, line {m}: not the puzzle of {puzzles}, line {n}")
        if level not in LEVELS:
            sys.exit(f"{reference}, line {m}: unknown level {fields[1]!r}")
        rows.append(Row(puzzle, level, score))
    return rows


def report(rows: list[Row], worst: int) -> None:
    """Print the tables."""
    same = sum(r.level == r.ours_level for r in rows)
    rho = spearman([float(r.score) for r in rows], [float(r.effort) for r in rows])
    rho_text = "-" if rho is None else f"{rho:.3f}"
    print(f"level: {same} of {len(rows)} the same ({same / len(rows):.0%}); effort against "
          f"score: Spearman {rho_text}\n")
    print("| HoDoKu \\ sudokit | " + " | ".join(LEVELS) + " |")
    print("| --- |" + " ---: |" * len(LEVELS))
    table = collections.Counter((r.level, r.ours_level) for r in rows)
    for theirs in LEVELS:
        print(f"| {theirs} | " + " | ".join(str(table[theirs, ours]) for ours in LEVELS) + " |")
    print("\n| HoDoKu level | puzzles | same level | HoDoKu score (mean) | effort (mean) | "
          "Spearman |\n| --- | ---: | ---: | ---: | ---: | ---: |")
    for level in LEVELS:
        part = [r for r in rows if r.level == level]
        if not part:
            continue
        rho = spearman([float(r.score) for r in part], [float(r.effort) for r in part])
        same = sum(r.ours_level == level for r in part) / len(part)
        print(f"| {level} | {len(part)} | {same:.0%} | "
              f"{statistics.fmean(r.score for r in part):.0f} | "
              f"{statistics.fmean(r.effort for r in part):.0f} | "
              f"{'-' if rho is None else f'{rho:.2f}'} |")
    if worst:
        print(f"\nThe {worst} farthest apart in level, then in score:\n")
        print("| puzzle | HoDoKu | sudokit | our hardest step |\n| --- | --- | --- | --- |")
        far = sorted(rows, key=lambda r: (-abs(LEVELS.index(r.level) - LEVELS.index(r.ours_level)),
                                          -abs(r.score - r.effort)))
        for r in far[:worst]:
            print(f"| `{r.puzzle}` | {r.level} {r.score} | {r.ours_level} {r.effort} | "
                  f"{r.hardest} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", type=Path)
    parser.add_argument("reference", type=Path, help="HoDoKu's ratings (rate-hodoku's output)")
    parser.add_argument("--worst", type=int, default=10, help="list the N farthest apart")
    parser.add_argument("--time-limit", type=float, default=120.0,
                        help="seconds per puzzle before giving up")
    parser.add_argument("--techniques", help="rate with these techniques ('default,wxyz-wing')")
    parser.add_argument("--scale", default="sudokit",
                        help="the scale to rate on (sudokit, se, sukaku, hodoku)")
    args = parser.parse_args()
    rows = read(args.puzzles, args.reference)
    ladder = choose(args.techniques) if args.techniques else None
    scale = scale_named(args.scale)
    start = time.process_time()
    for r in rows:
        rating = rate(Grid(r.puzzle), time_limit=args.time_limit, techniques=ladder,
                      scale=scale)
        r.ours_level, r.effort = rating.hodoku_level, rating.effort
        r.hardest = rating.hardest or "-"
    cpu = time.process_time() - start
    sid = scale_id() if scale.name == "sudokit" else scale.id
    print(f"{len(rows)} puzzles from {args.puzzles.name}, scale {sid}, {cpu:.1f} s CPU\n")
    report(rows, args.worst)


if __name__ == "__main__":
    main()
