"""``sudoku count``: how many solutions each puzzle has, up to a limit."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..solver import search
from ._inputs import BATCH_MIN, Tally, add_input_arguments, each_chunk, positive_int
from .env import Env
from .status import ExitStatus

if TYPE_CHECKING:
    from ..formats import Batch


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "count",
        help="count solutions, up to --limit",
        description="Print the number of solutions of each puzzle, one per line, counting no "
        "further than --limit (a count equal to the limit means 'at least'). Exit status 1 "
        "when a puzzle has no solution.",
    )
    add_input_arguments(p)
    p.add_argument("--limit", type=int, default=1000, metavar="N",
                   help="stop counting at N (default 1000)")
    p.add_argument("--jobs", "-j", type=positive_int, default=1, metavar="N",
                   help="count on N cores (default 1)")


def run(args: argparse.Namespace, env: Env) -> int:
    if args.limit < 1:
        env.error(f"--limit must be at least 1, got {args.limit}")
        return ExitStatus.USAGE
    from ..formats import Batch

    tally = Tally()
    for _, item in each_chunk(args, env, tally):
        if isinstance(item, Batch) and item.rows >= BATCH_MIN:
            counts = _count_batch(item, args)
        elif isinstance(item, Batch):
            counts = [search(record.item, limit=args.limit).count
                      for record in item.records() if record.item is not None]
        elif item.item is not None:
            counts = [search(item.item, limit=args.limit).count]
        else:  # its error is already reported by each_chunk
            env.stdout.write(f"ERROR: {item.error}\n".encode())
            continue
        env.stdout.write("".join(f"{count}\n" for count in counts).encode())
        if 0 in counts:
            tally.note(ExitStatus.FAILURE)
    return tally.status


def _count_batch(batch: Batch, args: argparse.Namespace) -> list[int]:
    """The counts of a run of puzzle lines, from the batch engine in one call."""
    from ..batch import count_array

    shape = batch.shape
    counts = count_array(batch.array(), limit=args.limit, jobs=args.jobs,
                         box=(shape.box_rows, shape.box_cols))
    return counts.tolist()
