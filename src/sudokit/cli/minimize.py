"""``sudoku minimize``: take redundant givens away until each puzzle is minimal."""

from __future__ import annotations

import argparse

from ._inputs import Tally, add_input_arguments, each_record, seed_arg
from .env import Env
from .status import ExitStatus

#: The seed when none is given: the same file minimizes the same way every time.
DEFAULT_SEED = "0"


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku minimize`` and its options."""
    from .. import formats  # imported when needed: the command's start-up stays fast

    p = sub.add_parser(
        "minimize",
        help="take redundant givens away until each puzzle is minimal",
        description="For each puzzle, take away givens one at a time, in an order shuffled "
        "by --seed, keeping each one whose removal would let a second solution in: the "
        "result has the same single solution and no given that can go. Each record is "
        "written in its place with its other fields, in the input's format. A puzzle with "
        "no solution or several is refused: one line on standard error naming it, an "
        "ERROR line in its place, status 2. Classic rules, sizes up to 16x16; a board's "
        "pencil marks are not kept.",
    )
    add_input_arguments(p)
    p.add_argument("--seed", metavar="S", type=seed_arg, default=DEFAULT_SEED,
                   help="any text: the order the givens are tried in (default 0); the same "
                   "seed minimizes a puzzle the same way wherever it stands in the file")
    p.add_argument("--to", dest="to_format", choices=sorted(formats.FORMATS),
                   metavar="FORMAT", help="output format (default: the input's)")


def run(args: argparse.Namespace, env: Env) -> int:
    """Write each record minimized, in order; the exit status."""
    # deferred to keep `sudoku` start-up fast: only this command needs them
    from .. import formats
    from ..analysis import minimize
    from ..analysis.solutions import count, refusal
    from ..candidates import Candidates

    tally = Tally()
    writer = None
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
            item = record.item
            grid = item.to_grid() if isinstance(item, Candidates) else item
            refused = refusal(grid, "minimize")
            if refused is None:
                found = count(grid) if grid.is_valid() else 0
                if found != 1:
                    refused = ("the puzzle has no solution" if not found else
                               "the puzzle has more than one solution")
            if refused is not None:
                env.error(f"{opened.source}, line {record.line}: cannot minimize: {refused}")
                tally.note(ExitStatus.USAGE)
                writer.write_message(f"ERROR: cannot minimize: {refused}", record.style)
                continue
            writer.write(minimize(grid, args.seed), record.style)
    finally:
        if writer is not None:
            writer.close()
    return tally.status
