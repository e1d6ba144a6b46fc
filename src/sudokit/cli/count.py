"""``sudoku count``: how many solutions each puzzle has, up to a limit."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..solver import search
from ._inputs import (
    BATCH_MIN,
    Input,
    Tally,
    add_input_arguments,
    add_jobs_argument,
    each_chunk,
    limit_arg,
)
from ._output import add_format_argument, line_form
from .env import Env
from .status import ExitStatus

if TYPE_CHECKING:
    from ..formats import Batch

#: What --format can name for a count.
FIELDS = ["count", "puzzle", "line", "file"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku count`` and its options."""
    p = sub.add_parser(
        "count",
        help="count solutions, up to --limit",
        description="Print the number of solutions of each puzzle, one per line, counting no "
        "further than --limit (a count equal to the limit means 'at least'). Exit status 1 "
        "when a puzzle has no solution.",
    )
    add_input_arguments(p)
    p.add_argument("--limit", type=limit_arg, default=1000, metavar="N",
                   help="stop counting at N (default 1000)")
    add_jobs_argument(p)
    p.add_argument("--json", action="store_true",
                   help="one JSON object per puzzle: file, line, count, at_least (the count "
                   "reached --limit), or error")
    add_format_argument(p, FIELDS)


def run(args: argparse.Namespace, env: Env) -> int:
    """Print each puzzle's count of solutions; the exit status."""
    tally = Tally()
    detailed = args.json or args.template is not None
    for opened, item in each_chunk(args, env, tally):
        for record, count in _counts(item, args, detailed):
            if count is None:  # its error is already reported by each_chunk
                text = (_json_line(opened, record, None, args.limit) if args.json
                        else f"ERROR: {record.error}\n")
            elif args.json:
                text = _json_line(opened, record, count, args.limit)
            elif args.template is not None:
                text = args.template.render(
                    {"count": count, "puzzle": line_form(record.item), "line": record.line,
                     "file": opened.source}, record)
            else:
                text = f"{count}\n"
            env.stdout.write(text.encode())
            if count == 0:
                tally.note(ExitStatus.FAILURE)
    return tally.status


def _counts(item: Any, args: argparse.Namespace, detailed: bool
            ) -> Iterator[tuple[Any, int | None]]:
    """(record, count) for a record or each record of a Batch (count None: unreadable).
    Without ``detailed``, a Batch's records are not made: its counts come with None."""
    from ..formats import Batch

    if isinstance(item, Batch):
        if item.rows >= BATCH_MIN:
            counts = _count_batch(item, args)
        else:
            counts = [search(r.item, limit=args.limit).count  # type: ignore[arg-type]
                      for r in item.records()]  # a Batch holds only puzzles read well
        records = item.records() if detailed else iter([None] * item.rows)
        yield from zip(records, counts, strict=True)
    elif item.item is not None:
        yield item, search(item.item, limit=args.limit).count
    else:
        yield item, None


def _json_line(opened: Input, record: Any, count: int | None, limit: int) -> str:
    data: dict[str, object] = {"file": opened.source, "line": record.line}
    if count is None:
        data["error"] = str(record.error.message)
    else:
        data["count"] = count
        data["at_least"] = count >= limit
    return json.dumps(data) + "\n"


def _count_batch(batch: Batch, args: argparse.Namespace) -> list[int]:
    """The counts of a run of puzzle lines, from the batch engine in one call."""
    from ..batch import count_array

    shape = batch.shape
    counts = count_array(batch.array(), limit=args.limit, jobs=args.jobs,
                         box=(shape.box_rows, shape.box_cols))
    return list(counts.tolist())
