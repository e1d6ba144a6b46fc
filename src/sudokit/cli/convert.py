"""``sudoku convert``: write puzzles in another format."""

from __future__ import annotations

import argparse

from ..errors import SudokuError
from ._inputs import add_input_arguments, add_output_argument, open_inputs
from .env import Env
from .status import ExitStatus


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

    status = ExitStatus.OK
    writer = None
    for opened in open_inputs(args, env):
        if isinstance(opened, SudokuError):
            env.error(str(opened))
            status = ExitStatus.USAGE
            continue
        out_format = args.to_format or opened.format
        if writer is None or writer.fmt != out_format:  # each input answers in its format
            if writer is not None:
                writer.close()
            writer = formats.Writer(out_format, env.stdout)
        try:
            for record in opened.records:
                if record.error is not None:
                    env.error(str(record.error))
                    writer.write_message(f"ERROR: {record.error}", record.style)
                    status = ExitStatus.USAGE
                else:
                    writer.write(record.item, record.style)
        except SudokuError as e:
            env.error(str(e.located(source=opened.source)))
            status = ExitStatus.USAGE
    if writer is not None:
        writer.close()
    return status
