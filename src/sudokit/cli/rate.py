"""``sudoku rate``: each puzzle's level and score, one line per puzzle, in input order."""

from __future__ import annotations

import argparse
import json

from .. import stream
from ..executors import Executor
from ._cluster import add_cluster_argument, cluster_executor
from ._datasets import add_dataset_arguments, wants_dataset, write_dataset
from ._inputs import Tally, add_input_arguments, each_record, positive_int
from .env import Env
from .status import ExitStatus


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku rate`` and its options."""
    p = sub.add_parser(
        "rate",
        help="rate puzzles: level (easy .. extreme) and score",
        description="For each puzzle print its level (easy, medium, hard, expert, extreme), "
        "its score on a Sudoku-Explainer-like scale and the technique that set the level; "
        "see docs/rating.md. A puzzle with no solution rates 'invalid 0.0' and makes the exit "
        "status 1. --scale prints the scale (its version and every technique's parameters).",
    )
    add_input_arguments(p)
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    p.add_argument(
        "--jobs",
        "-j",
        type=positive_int,
        default=1,
        metavar="N",
        help="rate on N processes (default 1)",
    )
    p.add_argument("--scale", action="store_true", help="print the rating scale and exit")
    add_cluster_argument(p)
    add_dataset_arguments(p, to=True)


def run(args: argparse.Namespace, env: Env) -> int:
    """Print each puzzle's rating (or the scale); the exit status."""
    # the rater is imported here: it takes longer to import than the rest of the command
    from ..logic.rating import scale_id, scale_table

    if args.scale:
        if args.json:
            env.stdout.write(
                json.dumps({"scale": scale_id(), "techniques": scale_table()}, indent=1).encode()
                + b"\n"
            )
        else:
            env.stdout.write(f"scale {scale_id()}\n".encode())
            for row in scale_table():
                env.stdout.write(
                    f"{row['order']:>3} {row['name']:<26} {row['level']:<8} "
                    f"{row['score']:>5.1f} {row['effort']:>6}"
                    f"{'  (uniqueness)' if row['uniqueness'] else ''}\n".encode()
                )
        return ExitStatus.OK
    with cluster_executor(args) as executor:
        return _rate(args, env, executor)


def _rate(args: argparse.Namespace, env: Env, executor: Executor | None) -> int:
    tally = Tally()
    if wants_dataset(args):
        items = ((i, record.line, record.item, record.error, None) for i, (_, record)
                 in enumerate(each_record(args, env, tally, answer_errors=False)))
        return write_dataset(args, env, tally, items, executor, jobs=args.jobs)
    # an unreadable record is answered here, in its place among the ratings in flight
    records = (record for _, record in each_record(args, env, tally, answer_errors=False))
    for record, rating in stream.rate(records, jobs=args.jobs, executor=executor):
        if rating is None:  # reported on standard error by each_record
            env.stdout.write(f"ERROR: {record.error}\n".encode())
            continue
        if rating.solutions == 0:
            tally.note(ExitStatus.FAILURE)
        if args.json:
            line = json.dumps(rating.to_dict())
        else:
            line = str(rating) + "".join(f"  # {n}" for n in rating.notes)
        env.stdout.write(f"{line}\n".encode())
    return tally.status
