"""``sudoku count``: how many solutions each puzzle has, up to a limit."""

from __future__ import annotations

import argparse

from ..solver import search
from ._inputs import Tally, add_input_arguments, each_record
from .env import Env
from .status import ExitStatus


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


def run(args: argparse.Namespace, env: Env) -> int:
    if args.limit < 1:
        env.error(f"--limit must be at least 1, got {args.limit}")
        return ExitStatus.USAGE
    tally = Tally()
    for _, record in each_record(args, env, tally):
        count = search(record.item, limit=args.limit).count
        env.stdout.write(f"{count}\n".encode())
        if count == 0:
            tally.note(ExitStatus.FAILURE)
    return tally.status
