"""``sudoku read``: the puzzle in a photo (JPEG, PNG or WebP), checked by the solver.

Every other command that reads puzzles takes a photo in place of a puzzle file through
:func:`._inputs.photo_input`.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..errors import ImageError
from ._inputs import PHOTO_FORMAT, Tally, marked, report
from ._pictures import add_output_argument
from .env import Env
from .status import ExitStatus

if TYPE_CHECKING:
    from ..image.reading import Reading

def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "read",
        help="read the puzzle in a photo",
        description="Read the sudoku in each photo (JPEG, PNG or WebP) and print it. The "
        "solver checks the reading: when it has clashing digits, no solution or several, "
        "the digit model's next choices are tried in the cells it was least sure of until "
        "the puzzle has exactly one solution; what was changed, and the cells read with "
        "less than 90% confidence, are listed on standard error. Exit status 1 when no "
        "reading with exactly one solution was found, or the one found is not to be trusted "
        "(a change to a choice the model gave less than 20%, or another reading with one "
        "solution nearly as likely): the doubtful cells are then marked with '?' on "
        "standard error; 2 when a file is no readable photo or shows no grid.",
    )
    p.add_argument("files", nargs="+", metavar="PHOTO",
                   help="photos of puzzles ('-' for standard input)")
    add_output_argument(p, f"output format (default: {PHOTO_FORMAT})")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per photo: the puzzle, confidences, corners, changes")


def run(args: argparse.Namespace, env: Env) -> int:
    import json  # deferred to keep `sudoku` start-up fast: every input passes through photo_input

    from .. import formats, image  # imported when needed: the command's start-up stays fast

    tally = Tally()
    writer = None if args.json else formats.Writer(args.to_format or PHOTO_FORMAT, env.stdout)
    for name in args.files:
        if name == "-":  # standard input, as every command reads it
            name = "<stdin>"
            photo: str | bytes = env.stdin.read()
        else:
            photo = name
        try:
            reading = image.read(photo)
        except ImageError as e:
            env.error(str(e.located(source=name)))
            tally.note(ExitStatus.USAGE)
            continue
        report(reading, name, env)
        if writer is not None:
            writer.write(reading.grid)
        else:
            env.stdout.write((json.dumps(as_json(reading, name)) + "\n").encode())
        if not reading.trusted:
            env.stderr.write(marked(reading))
            tally.note(ExitStatus.FAILURE)
    if writer is not None:
        writer.close()
    return tally.status


def as_json(reading: Reading, source: str) -> dict:
    """The reading as one JSON object."""
    return {
        "file": source,
        "puzzle": reading.grid.to_line(),
        "first_reading": reading.first.to_line(),
        "solutions": reading.solutions,
        "trusted": reading.trusted,
        "confidence": [round(p, 4) for p in reading.confidence],
        "doubtful": list(reading.doubtful),
        "corners": [[round(x, 1), round(y, 1)] for x, y in reading.corners],
        "changes": [{"cell": ch.cell, "from": ch.before, "to": ch.after,
                     "probability": round(ch.probability, 4)} for ch in reading.changes],
        "alternatives": [[[d, round(p, 4)] for d, p in alt] for alt in reading.alternatives],
    }
