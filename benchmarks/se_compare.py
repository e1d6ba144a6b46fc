"""Compare sudokit's ER/EP/ED with published Sudoku Explainer ratings.

Reads a file of puzzles with published ratings (one a line: 81 cells, then ER, then EP and
ED where known; ``#`` starts a comment), rates each puzzle with ``sudokit.logic.rate`` and
prints Markdown tables: by SE band, the mean difference (ours minus SE), the share within
0.5 and within 1.0, and the rank correlation (Spearman); by the technique that set our
score, the same; then the puzzles farthest off, with the technique that set our score.

    .venv/bin/python benchmarks/se_compare.py                       # data/se_rated_sample.txt
    .venv/bin/python benchmarks/se_compare.py FILE --worst 20 --time-limit 60
    .venv/bin/python benchmarks/se_compare.py FILE --reference se.tsv --techniques default,bug-2

``--reference`` takes the ratings to compare against from another program's output instead of
the file's own (the file may then hold puzzles alone): one line a record, in the file's
order, starting ER/EP/ED (what the reference programs' ``rate-se`` script writes).
``--techniques`` rates with another ladder (the names of ``sudoku rate --techniques``:
``se`` and ``sukaku`` for the two programs' repertoires); ``--scale`` rates on a named scale
(``se``, ``sukaku``: the two programs' ladders and chain lengths).

    .venv/bin/python benchmarks/se_compare.py FILE --reference sukaku.tsv --scale sukaku
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from sudokit import Grid
from sudokit.logic import rate
from sudokit.logic.rating import scale_id
from sudokit.logic.scales import scale_named
from sudokit.logic.select import choose

DEFAULT = Path(__file__).resolve().parents[1] / "data" / "se_rated_sample.txt"

#: SE's bands by ER: (label, lowest ER)
BANDS = [
    ("1.0-1.9 singles", 0.0),
    ("2.0-3.9 subsets, X-Wing", 2.0),
    ("4.0-5.9 wings, fish, UR, BUG", 4.0),
    ("6.0-6.9 X/Y chains", 6.0),
    ("7.0-7.9 forcing chains", 7.0),
    ("8.0-8.9 multiple, dynamic", 8.0),
    ("9.0-9.9 dynamic (+)", 9.0),
    ("10.0-10.9 nested", 10.0),
    (">=11 nested", 11.0),
]


@dataclass
class Row:
    """One puzzle: its published ratings (EP/ED may be missing) and ours."""

    line: int
    puzzle: str
    se: tuple[float, float | None, float | None]
    ours: tuple[float, float, float] = (0.0, 0.0, 0.0)
    hardest: str = ""
    note: str = ""
    theirs: str = ""


def band(er: float) -> str:
    """The label of SE's band that holds ``er``."""
    label = BANDS[0][0]
    for name, low in BANDS:
        if er >= low:
            label = name
    return label


def read(path: Path, rated: bool = True) -> list[Row]:
    """The records of ``path`` (with ``rated`` False, puzzles alone may stand on a line: their
    ratings come from a reference); a malformed line stops the run with its number."""
    rows = []
    for n, raw in enumerate(path.read_text().splitlines(), 1):
        text, _, note = raw.partition("#")
        fields = text.split()
        if not fields:
            continue
        try:
            if len(fields[0]) != 81 or len(fields) not in ((2, 4) if rated else (1, 2, 4)):
                raise ValueError
            numbers = [float(f) for f in fields[1:]] or [0.0]
        except ValueError:
            sys.exit(f"{path}, line {n}: expected 81 cells, ER, and optionally EP and ED")
        ep, ed = (numbers[1], numbers[2]) if len(numbers) == 3 else (None, None)
        rows.append(Row(n, fields[0], (numbers[0], ep, ed), note=note.strip()))
    return rows


def read_reference(path: Path, rows: list[Row]) -> None:
    """Replace the records' ratings by those of ``path`` (ER/EP/ED first on each line, a line
    a record in order); a short or malformed file stops the run with its line."""
    lines = path.read_text().splitlines()
    if len(lines) != len(rows):
        sys.exit(f"{path}: {len(lines)} lines for {len(rows)} records")
    for n, (line, row) in enumerate(zip(lines, rows, strict=True), 1):
        try:
            er, ep, ed = (float(x) for x in line.split("\t")[0].split("|")[0].split("/"))
        except ValueError:
            sys.exit(f"{path}, line {n}: expected ER/EP/ED first")
        row.se = (er, ep, ed)
        # the reference's own hardest technique, where it prints one (ER/EP/ED|hardest|...)
        parts = line.split("\t")[0].split("|")
        row.theirs = parts[1] if len(parts) > 1 else ""


def ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rank correlation (None when it is undefined)."""
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if not sxx or not syy:
        return None
    return float(sxy / (sxx * syy) ** 0.5)


def summary(name: str, pairs: list[tuple[float, float]]) -> str:
    """A table row: count, means, mean difference, shares within 0.5 and 1.0, Spearman."""
    n = len(pairs)
    se = [a for a, _ in pairs]
    ours = [b for _, b in pairs]
    diffs = [b - a for a, b in pairs]
    # a hundredth of slack: ratings are tenths, and their differences are not exact in binary
    exact = sum(abs(d) <= 0.01 for d in diffs)
    near = sum(abs(d) <= 0.51 for d in diffs)
    close = sum(abs(d) <= 1.01 for d in diffs)
    rho = spearman(se, ours)
    rho_text = "-" if rho is None else f"{rho:.2f}"
    return (
        f"| {name} | {n} | {statistics.fmean(se):.2f} | {statistics.fmean(ours):.2f} | "
        f"{statistics.fmean(diffs):+.2f} | {statistics.fmean(abs(d) for d in diffs):.2f} | "
        f"{exact / n:.0%} | {near / n:.0%} | {close / n:.0%} | {rho_text} |"
    )


HEADER = (
    "| {} | puzzles | SE mean | ours mean | mean diff | mean abs diff | exact | within 0.5 | "
    "within 1.0 | Spearman |\n| --- |" + " ---: |" * 9
)


def report(rows: list[Row], worst: int) -> None:
    """Print the tables."""
    print("ER by SE band (diff = ours - SE):\n")
    print(HEADER.format("SE band"))
    by_band: dict[str, list[tuple[float, float]]] = collections.defaultdict(list)
    for r in rows:
        by_band[band(r.se[0])].append((r.se[0], r.ours[0]))
    for name, _ in BANDS:
        if by_band[name]:
            print(summary(name, by_band[name]))
    print(summary("all", [(r.se[0], r.ours[0]) for r in rows]))

    for i, what in ((1, "EP"), (2, "ED")):
        published = [(se, r.ours[i]) for r in rows if (se := r.se[i]) is not None]
        if published:
            print(f"\n{what}, where published:\n")
            print(HEADER.format("set"))
            print(summary(what, published))

    print("\nER by the technique that set our score:\n")
    print(HEADER.format("our hardest step"))
    by_tech: dict[str, list[tuple[float, float]]] = collections.defaultdict(list)
    for r in rows:
        by_tech[r.hardest].append((r.se[0], r.ours[0]))
    for tech, found in sorted(by_tech.items(), key=lambda kv: -len(kv[1])):
        print(summary(tech, found))

    if worst:
        print(f"\nThe {worst} farthest off:\n")
        print("| line | puzzle | SE ER | ours | diff | our hardest step | theirs | note |")
        print("| ---: | --- | ---: | ---: | ---: | --- | --- | --- |")
        far = sorted(rows, key=lambda r: -abs(r.ours[0] - r.se[0]))[:worst]
        for r in far:
            print(
                f"| {r.line} | `{r.puzzle}` | {r.se[0]:.1f} | {r.ours[0]:.1f} | "
                f"{r.ours[0] - r.se[0]:+.1f} | {r.hardest} | {r.theirs} | {r.note} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--sample", type=int, default=0, help="rate a seeded sample of N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worst", type=int, default=15, help="list the N farthest off")
    parser.add_argument(
        "--time-limit", type=float, default=120.0, help="seconds per puzzle before giving up"
    )
    parser.add_argument(
        "--reference", type=Path, help="compare against this program's ratings (ER/EP/ED lines)"
    )
    parser.add_argument("--techniques", help="rate with these techniques ('default,wxyz-wing')")
    parser.add_argument("--scale", default="sudokit",
                        help="rate on this scale: sudokit (default), se or sukaku")
    args = parser.parse_args()
    rows = read(args.file, rated=not args.reference)
    if args.reference:
        read_reference(args.reference, rows)
    ladder = choose(args.techniques) if args.techniques else None
    if args.sample and args.sample < len(rows):
        rows = sorted(random.Random(args.seed).sample(rows, args.sample), key=lambda r: r.line)
    start = time.process_time()
    gave_up = 0
    for r in rows:
        rating = rate(Grid(r.puzzle), time_limit=args.time_limit, techniques=ladder,
                      scale=args.scale)
        r.ours = (rating.er, rating.ep, rating.ed)
        r.hardest = rating.hardest or "-"
        gave_up += rating.gave_up is not None
    cpu = time.process_time() - start
    sid = scale_id() if args.scale == "sudokit" else scale_named(args.scale).id
    print(
        f"{len(rows)} puzzles from {args.file.name}, scale {sid}, "
        f"{cpu:.1f} s CPU ({len(rows) / cpu:.1f} puzzles/s)"
        + (f", {gave_up} stopped by the time limit (their score is a floor)" if gave_up else "")
        + "\n"
    )
    report(rows, args.worst)


if __name__ == "__main__":
    main()
