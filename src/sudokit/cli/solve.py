"""``sudoku solve``: print each puzzle's solution, in input order, in the input's format.

The work is :func:`sudokit.stream.solve`'s; this module reads the options, hands each input
to it, and writes the answers and the one-line reports of what went wrong.
"""

from __future__ import annotations

import argparse
from itertools import groupby

from .. import formats
from ..candidates import Candidates
from ..errors import UnsupportedRulesError
from ..executors import Executor
from ..extras import install_hint
from ..grid import Grid
from ..rules import Rules
from ..stream import records as stream
from ..stream.records import NOT_SOLVEABLE, Answer, BatchAnswer, Outcome, SolveOptions
from ._cluster import add_cluster_argument, cluster_executor
from ._inputs import (
    Tally,
    add_input_arguments,
    add_jobs_argument,
    each_chunk,
    each_record,
    positive_float,
)
from ._output import Template, add_format_argument, line_form
from ._pictures import add_output_argument
from .env import Env
from .status import ExitStatus


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "solve",
        help="solve puzzles (also: sudoku FILE)",
        description="Print a solution of each puzzle, in the input's format and order. A puzzle "
        f"with no solution prints '{NOT_SOLVEABLE}' in its place and the exit status is 1.",
    )
    add_input_arguments(p)
    add_output_argument(p, "output format (default: the input's; pretty for binary input)")
    p.add_argument("--unique", action="store_true",
                   help="insist on exactly one solution; a puzzle with more is a failure")
    add_jobs_argument(p)
    p.add_argument("--device", choices=["cpu", "gpu", "auto"], default="cpu",
                   help="solve 9x9 puzzles on the CPU (default), on a CUDA GPU (needs "
                   f"{install_hint('gpu')}), or on the GPU when one is there and a batch is "
                   "large enough to gain from it")
    p.add_argument("--time-limit", type=positive_float, metavar="SECONDS",
                   help="give up on a puzzle after this long; it counts as a failure")
    p.add_argument("--method", choices=["search", "propagate"], default="search",
                   help="'propagate' only rules each solved cell's digit out of its row, "
                   "column and box until nothing changes, and prints the board it reaches "
                   "(candidates)")
    add_cluster_argument(p)
    add_format_argument(p, FIELDS)


#: What --format can name for a solution ({status}: 'solved', or the message in its place).
FIELDS = ["puzzle", "solution", "status", "line", "file"]


def run(args: argparse.Namespace, env: Env) -> int:
    # imported when needed: the command's start-up stays fast
    from ._pictures import draw_records, wants_pictures

    if args.template is not None and args.to_format is not None:
        env.error("--to and --format both choose the output: give one of them")
        return ExitStatus.USAGE
    if wants_pictures(args):
        return draw_records(args, env, "solution")
    if args.device != "cpu":  # fail before reading any input
        from ..gpu import check_device  # here: the GPU package brings NumPy, slow to start

        check_device(args.device)
    with cluster_executor(args) as executor:
        return _run(args, env, executor)


def _run(args: argparse.Namespace, env: Env, executor: Executor | None) -> int:
    tally = Tally()
    writer = None
    # --format writes one line per record: no runs of lines solved as one array
    pairs = (each_record(args, env, tally, answer_errors=False) if args.template is not None
             else each_chunk(args, env, tally))
    for opened, group in groupby(pairs, key=lambda pair: pair[0]):
        out_format = args.to_format or ("pretty" if opened.format == "binary" else opened.format)
        if args.method == "propagate" and args.to_format is None and out_format != "pretty":
            out_format = "candidates"
        if writer is None or writer.fmt != out_format:  # each input answers in its format
            if writer is not None:
                writer.close()
            writer = formats.Writer(out_format, env.stdout)
        options = SolveOptions(
            unique=args.unique, time_limit=args.time_limit, method=args.method,
            device=args.device, jobs=args.jobs,
            # a run of lines answered in lines needs no Grid per puzzle: solved as one array
            lines=out_format == "line",
        )
        items = (item for _, item in group)
        for answer in stream.solve(items, options, source=opened.source, executor=executor):
            if args.template is not None and isinstance(answer, Answer):
                _write_template(args.template, answer, env, tally)
            elif isinstance(answer, BatchAnswer):
                _write_batch(writer, answer, env, tally)
            else:
                _write_answer(writer, answer, env, tally)
    if writer is not None:
        writer.close()
    return tally.status


def _write_answer(writer: formats.Writer, answer: Answer, env: Env, tally: Tally) -> None:
    record = answer.record
    where = f"{answer.source}, line {answer.line}"
    if answer.outcome is Outcome.UNREADABLE:  # already reported by each_chunk
        writer.write_message(answer.message, record.style)
    elif answer.value is None:
        puzzle = record.item
        clash = answer.outcome is Outcome.NO_SOLUTION and puzzle and stream.clash(puzzle)
        if clash:
            env.error(f"{where}: {clash}")
        writer.write_message(answer.message, record.style)
        tally.note(ExitStatus.FAILURE)
    else:
        if answer.outcome is Outcome.NO_SOLUTION:  # propagation ran into a contradiction
            env.error(f"{where}: propagation shows the puzzle has no solution")
            tally.note(ExitStatus.FAILURE)
        _write_solution(writer, answer.value, record.style)


def _write_solution(writer: formats.Writer, value: Grid | Candidates, style: object) -> None:
    """Write a solution; one under rules that the output format cannot hold (a variant's
    solution in lines) is written as its digits: complete, it reads back as the same grid."""
    try:
        writer.write(value, style)  # type: ignore[arg-type]
    except UnsupportedRulesError:
        if not isinstance(value, Grid) or not value.is_complete():
            raise
        writer.write(value.with_rules(Rules.classic(value.shape)), style)  # type: ignore[arg-type]


def _write_template(template: Template, answer: Answer, env: Env, tally: Tally) -> None:
    if answer.value is None and answer.outcome is not Outcome.UNREADABLE:
        tally.note(ExitStatus.FAILURE)
    record = answer.record
    env.stdout.write(template.line(
        {"puzzle": line_form(record.item), "solution": line_form(answer.value),
         "status": answer.message or "solved", "line": answer.line, "file": answer.source},
        record, env, tally))


def _write_batch(writer: formats.Writer, answer: BatchAnswer, env: Env, tally: Tally) -> None:
    batch = answer.batch
    if answer.failed:
        for i, count in answer.failed:
            clash = count == 0 and stream.clash(answer.puzzle(i))
            if clash:
                env.error(f"{answer.source}, line {batch.line + i}: {clash}")
        tally.note(ExitStatus.FAILURE)
    writer.write_encoded(answer.data, batch.style, batch.rows)
