"""``sudoku rate``: each puzzle's level and score, one line per puzzle, in input order."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ._inputs import Tally, add_input_arguments, each_record, positive_int
from ._ladder import add_ladder_arguments, ladder_of
from .env import Env
from .status import ExitStatus

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

#: Puzzles handed to the workers at once (each rating takes milliseconds).
CHUNK = 64


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
    add_ladder_arguments(p)
    p.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="stop rating a puzzle after SECONDS; its line then gives the score reached as a "
        "floor ('>=') and a note 'gave up after N s at score >= X'",
    )


def run(args: argparse.Namespace, env: Env) -> int:
    """Print each puzzle's rating (or the scale); the exit status."""
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
    tally = Tally()
    pool = None
    if args.jobs > 1:  # imported here: most runs need no pool, and it is slow to import
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(args.jobs)
    try:
        records = (record for _, record in each_record(args, env, tally))
        ladder = ladder_of(args) if args.techniques or args.exclude else None
        for _record, rating in _ratings(records, pool, args.time_limit, ladder):
            if rating.solutions == 0:
                tally.note(ExitStatus.FAILURE)
            if args.json:
                line = json.dumps(rating.to_dict())
            else:
                line = rating.se_line() + "".join(f"  # {n}" for n in rating.notes)
            env.stdout.write(f"{line}\n".encode())
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return tally.status


def _ratings(
    records: Iterator,
    pool: ProcessPoolExecutor | None,
    time_limit: float | None = None,
    ladder: tuple | None = None,
) -> Iterator[tuple]:
    """(record, rating or None) in input order; ratings made ``CHUNK`` at a time on the
    pool's processes when there is one."""
    from functools import partial

    # the ladder travels to worker processes as technique keys (techniques hold functions)
    keys = None if ladder is None else tuple(t.key for t in ladder)
    rate = partial(_rate, time_limit=time_limit, keys=keys)
    if pool is None:
        for record in records:
            yield record, rate(record.item) if record.error is None else None
        return
    chunk: list = []
    for record in records:
        chunk.append(record)
        if len(chunk) == CHUNK * 4:
            yield from _rate_chunk(chunk, pool, rate)
            chunk = []
    if chunk:
        yield from _rate_chunk(chunk, pool, rate)


def _rate_chunk(chunk: list, pool: ProcessPoolExecutor, rate: Callable) -> Iterator[tuple]:
    items = [r.item for r in chunk if r.error is None]
    ratings = iter(pool.map(rate, items, chunksize=max(1, len(items) // 16)))
    for record in chunk:
        yield record, next(ratings) if record.error is None else None


def _rate(puzzle: object, time_limit: float | None, keys: tuple[str, ...] | None) -> object:
    """``sudokit.logic.rate`` with the ladder given by technique keys (picklable)."""
    from ..logic import BY_KEY
    from ..logic.rating import rate

    techniques = None if keys is None else [BY_KEY[k] for k in keys]
    return rate(puzzle, time_limit=time_limit, techniques=techniques)  # type: ignore[arg-type]
