"""``sudoku count``: how many solutions each puzzle has, up to a limit."""

from __future__ import annotations

import argparse
from collections import deque
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from ..messages import LIMIT_NOTE, TIMED_OUT
from ..solver import SearchStatus, search
from ._cluster import add_cluster_argument, cluster_executor
from ._inputs import (
    BATCH_MIN,
    Input,
    Tally,
    add_input_arguments,
    add_jobs_argument,
    each_chunk,
    limit_arg,
    positive_float,
)
from ._output import add_format_argument, line_form
from .env import Env
from .status import ExitStatus

if TYPE_CHECKING:
    from ..executors import Executor
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
    p.add_argument("--time-limit", type=positive_float, metavar="SECONDS",
                   help="give up on a puzzle after SECONDS (ERROR: Puzzle ran out of time, "
                   "status 1; none by default: a high --limit on an open grid counts for "
                   "hours)")
    add_jobs_argument(p)
    p.add_argument("--json", action="store_true",
                   help="one JSON object per puzzle: file, line, count, at_least (the count "
                   "reached --limit), or error")
    add_format_argument(p, FIELDS)
    add_cluster_argument(p)


#: Puzzles counted as one piece of work on a cluster.
CLUSTER_PIECE = 4096


def run(args: argparse.Namespace, env: Env) -> int:
    """Print each puzzle's count of solutions; the exit status."""
    if args.json and args.template is not None:
        env.error("--json and --format both choose the output: give one of them")
        return ExitStatus.USAGE
    if args.time_limit is not None and args.cluster:
        env.error("--time-limit is not kept on a cluster: give one of --time-limit and "
                  "--cluster")
        return ExitStatus.USAGE
    tally = Tally()
    detailed = args.json or args.template is not None
    with cluster_executor(args) as executor:
        return _count(args, env, tally, detailed, executor)


def _count(args: argparse.Namespace, env: Env, tally: Tally, detailed: bool,
           executor: Executor | None) -> int:
    reached = False  # a count reached the limit: said once, at the end of the run
    for opened, item, known in _counted(each_chunk(args, env, tally), args.limit, executor):
        for record, count in _counts(item, args, detailed, known):
            if count == _GAVE_UP:
                data = (_json_line(opened, record, count, args.limit) if args.json
                        else f"{TIMED_OUT}\n").encode()
                tally.note(ExitStatus.FAILURE)
            elif count is None:  # its error is already reported by each_chunk
                data = (_json_line(opened, record, None, args.limit) if args.json
                        else f"ERROR: {record.error}\n").encode()
            elif args.json:
                data = _json_line(opened, record, count, args.limit).encode()
            elif args.template is not None:
                data = args.template.line(
                    {"count": count, "puzzle": line_form(record.item), "line": record.line,
                     "file": opened.source}, record, env, tally)
            else:
                data = f"{count}\n".encode()
            env.stdout.write(data)
            if count == 0:
                tally.note(ExitStatus.FAILURE)
            elif count is not None and count >= args.limit:
                reached = True
    if reached and not args.json:  # a JSON line says at_least itself
        env.warn(LIMIT_NOTE.format(limit=args.limit))
    return tally.status


#: The count of a puzzle given up at --time-limit.
_GAVE_UP = -1


def _search_count(puzzle: Any, args: argparse.Namespace) -> int:
    """One puzzle's count, or _GAVE_UP at --time-limit."""
    result = search(puzzle, limit=args.limit, time_limit=args.time_limit)
    return _GAVE_UP if result.status is SearchStatus.TIMED_OUT else result.count


def _counted(pairs: Iterator[tuple[Input, Any]], limit: int, executor: Executor | None
             ) -> Iterator[tuple[Input, Any, list[int] | None]]:
    """(input, item, its counts when counted on the cluster, else None), in order."""
    if executor is None:
        for opened, item in pairs:
            yield opened, item, None
        return
    from ..dask import count_piece  # here: only a cluster run needs it
    from ..formats import Batch

    held: deque[list[tuple[Input, Any]]] = deque()

    def pieces() -> Iterator[list[Any]]:
        piece: list[tuple[Input, Any]] = []
        rows = 0
        for pair in pairs:
            piece.append(pair)
            rows += pair[1].rows if isinstance(pair[1], Batch) else 1
            if rows >= CLUSTER_PIECE:
                held.append(piece)
                yield [item for _, item in piece]
                piece, rows = [], 0
        if piece:
            held.append(piece)
            yield [item for _, item in piece]

    for counts in executor.map(partial(count_piece, limit), pieces()):
        for (opened, item), known in zip(held.popleft(), counts, strict=True):
            yield opened, item, known


def _counts(item: Any, args: argparse.Namespace, detailed: bool,
            known: list[int] | None = None) -> Iterator[tuple[Any, int | None]]:
    """(record, count) for a record or each record of a Batch (count None: unreadable),
    from ``known`` when counted already. Without ``detailed``, a Batch's records are not
    made: its counts come with None."""
    from ..formats import Batch  # imported when needed: the command's start-up stays fast

    if known is not None and not isinstance(item, Batch):
        yield item, known[0]
    elif isinstance(item, Batch):
        if known is not None:
            counts = known
        elif item.rows >= BATCH_MIN and args.time_limit is None:
            counts = _count_batch(item, args)
        else:  # a Batch holds only puzzles read well
            counts = [_search_count(r.item, args) for r in item.records()]
        records = item.records() if detailed else iter([None] * item.rows)
        yield from zip(records, counts, strict=True)
    elif item.item is not None:
        yield item, _search_count(item.item, args)
    else:
        yield item, None


def _json_line(opened: Input, record: Any, count: int | None, limit: int) -> str:
    import json  # deferred to keep `sudoku` start-up fast: only JSON output needs it

    data: dict[str, object] = {"file": opened.source, "line": record.line}
    if count is None:
        data["error"] = str(record.error.message)
    elif count == _GAVE_UP:
        data["error"] = TIMED_OUT.removeprefix("ERROR: ")
    else:
        data["count"] = count
        data["at_least"] = count >= limit
    return json.dumps(data) + "\n"


def _count_batch(batch: Batch, args: argparse.Namespace) -> list[int]:
    """The counts of a run of puzzle lines, from the batch engine in one call."""
    from ..batch import count_array  # imported when needed: the command's start-up stays fast

    shape = batch.shape
    counts = count_array(batch.array(), limit=args.limit, jobs=args.jobs,
                         box=(shape.box_rows, shape.box_cols))
    return list(counts.tolist())
