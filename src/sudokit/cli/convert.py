"""``sudoku convert``: write puzzles in another format."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import ShapeError
from ._inputs import Tally, add_input_arguments, each_record
from ._pictures import add_output_argument
from .env import Env
from .status import ExitStatus

#: The formats that write a candidates board's pencil marks; the others write its digits.
KEEPS_MARKS = frozenset({"candidates", "pretty", "json"})


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku convert`` and its options."""
    p = sub.add_parser(
        "convert",
        help="convert puzzles between formats",
        description="Read puzzles in one format and write them in another (--to). Read and "
        "written in the same format, a file comes back byte for byte.",
    )
    add_input_arguments(p)
    add_output_argument(p, "output format (default: the input's)")


def run(args: argparse.Namespace, env: Env) -> int:
    """Write each record in the output format, in order; the exit status."""
    from .. import formats
    from ..candidates import Candidates  # here, as formats: `sudoku --help` imports this module
    from ._pictures import draw_records, wants_pictures

    if wants_pictures(args):
        return draw_records(args, env, "puzzle")
    tally = Tally()
    writer = None
    marks_lost = False  # said once a run
    try:
        for opened, record in each_record(args, env, tally, answer_errors=False):
            out_format = args.to_format or opened.format
            if writer is None or writer.fmt != out_format:  # each input answers in its format
                if writer is not None:
                    writer.close()
                writer = formats.Writer(out_format, env.stdout)
            if record.error is not None:  # already reported by each_record
                writer.write_message(f"ERROR: {record.error}", record.style)
                continue
            if (not marks_lost and out_format not in KEEPS_MARKS
                    and isinstance(record.item, Candidates) and _has_marks(record.item)):
                env.warn(f"pencil marks are not kept: the {out_format} format holds digits "
                         "only (candidates, pretty and json keep them)")
                marks_lost = True
            try:
                writer.write(record.item, record.style)
            except ShapeError as e:  # a puzzle the format cannot hold: said in its place
                env.error(f"{opened.source}, line {record.line}: {e}")
                tally.note(ExitStatus.USAGE)
                writer.write_message(f"ERROR: {e}", record.style)
    finally:
        if writer is not None:  # an opened document is closed whatever stopped the run
            writer.close()
    return tally.status


def _has_marks(board: Any) -> bool:
    """Does a candidates board hold pencil marks that its digits do not say: an open cell
    with some candidates ruled out (a cell of one candidate is its digit, of all, blank)?"""
    full = (1 << board.n) - 1
    return any(m != full and m & (m - 1) for m in board.masks)
