"""``sudoku convert``: write puzzles in another format."""

from __future__ import annotations

import argparse

from ._inputs import Tally, add_input_arguments, add_output_argument, each_record
from .env import Env


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "convert",
        help="convert puzzles between formats",
        description="Read puzzles in one format and write them in another (--to). Read and "
        "written in the same format, a file comes back byte for byte.",
    )
    add_input_arguments(p)
    add_output_argument(p, "output format (default: the input's)")


def run(args: argparse.Namespace, env: Env) -> int:
    from .. import formats
    from ._pictures import draw_records, wants_pictures

    if wants_pictures(args):
        return draw_records(args, env, "puzzle")
    tally = Tally()
    writer = None
    for opened, record in each_record(args, env, tally, answer_errors=False):
        out_format = args.to_format or opened.format
        if writer is None or writer.fmt != out_format:  # each input answers in its format
            if writer is not None:
                writer.close()
            writer = formats.Writer(out_format, env.stdout)
        if record.error is not None:  # already reported by each_record
            writer.write_message(f"ERROR: {record.error}", record.style)
        else:
            writer.write(record.item, record.style)
    if writer is not None:
        writer.close()
    return tally.status
