"""``sudoku read``: the puzzle in a photo (JPEG, PNG or WebP), checked by the solver.

Also home of :func:`photo_input`, through which every command that reads puzzles takes a
photo in place of a puzzle file.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, BinaryIO

from ..errors import ImageError
from ._inputs import Input, Tally, add_output_argument
from .env import Env
from .status import ExitStatus

if TYPE_CHECKING:
    from ..image.reading import Reading

#: A file named so is read as a photo whatever it holds (and refused if it is none).
PHOTO_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp")

#: The format a photo's puzzle is written in unless --to says otherwise: a picture, easy to
#: compare with the photo.
PHOTO_FORMAT = "pretty"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "read",
        help="read the puzzle in a photo",
        description="Read the sudoku in each photo (JPEG, PNG or WebP) and print it. The "
        "solver checks the reading: when it has clashing digits, no solution or several, "
        "the digit model's next choices are tried in the cells it was least sure of until "
        "the puzzle has exactly one solution; what was changed, and the cells read with "
        "less than 90% confidence, are listed on standard error. Exit status 1 when no "
        "reading with exactly one solution was found (the doubtful cells are marked with "
        "'?' on standard error), 2 when a file is no readable photo or shows no grid.",
    )
    p.add_argument("files", nargs="+", metavar="PHOTO",
                   help="photos of puzzles ('-' for standard input)")
    add_output_argument(p, f"output format (default: {PHOTO_FORMAT})")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per photo: the puzzle, confidences, corners, changes")


def run(args: argparse.Namespace, env: Env) -> int:
    import json  # deferred to keep `sudoku` start-up fast: every input passes through photo_input

    from .. import formats, image

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
        if not reading.unique:
            env.stderr.write(marked(reading))
            tally.note(ExitStatus.FAILURE)
    if writer is not None:
        writer.close()
    return tally.status


def photo_input(stream: BinaryIO, source: str, args: argparse.Namespace, env: Env) -> Input | None:
    """The puzzle of ``stream`` as an Input when it is a photo (by its first bytes, its
    name's extension, or ``--from image``), else None (nothing consumed)."""
    from .. import formats, image

    named = source.lower().endswith(PHOTO_EXTENSIONS)
    if getattr(args, "from_format", None) != "image" and not named \
            and image.kind_of(_head(stream)) is None:
        return None
    reading = image.read(stream.read())
    report(reading, source, env)
    if not reading.unique:
        env.stderr.write(marked(reading))
    record = formats.Record(reading.grid, 1)
    return Input(source, PHOTO_FORMAT, formats.Reader(iter([record]), PHOTO_FORMAT, source))


def _head(stream: BinaryIO) -> bytes:
    peek = getattr(stream, "peek", None)
    if peek is not None:
        return bytes(peek(16)[:16])
    if stream.seekable():
        pos = stream.tell()
        head = stream.read(16)
        stream.seek(pos)
        return head
    return b""


def report(reading: Reading, source: str, env: Env) -> None:
    """What the repair changed and which cells are doubtful, on standard error."""
    for change in reading.changes:
        env.warn(f"{source}: changed {change.describe()}: the first reading had "
                 "clashing digits, no solution or several")
    if not reading.unique:
        what = "no solution" if reading.solutions == 0 else "more than one solution"
        env.warn(f"{source}: the puzzle read has {what}, and no other likely reading has one")
    for cell in reading.doubtful:
        r, c = divmod(cell, 9)
        others = ", ".join(f"{d or 'blank'} {p:.0%}" for d, p in reading.alternatives[cell][:3])
        env.warn(f"{source}: unsure of r{r + 1}c{c + 1} ({others})")


def marked(reading: Reading) -> str:
    """The reading as 9 rows, each doubtful cell followed by '?' (others by a space)."""
    doubt = set(reading.doubtful)
    rows = []
    for r in range(9):
        row = "".join(
            f"{reading.grid.cells[9 * r + c] or '.'}{'?' if 9 * r + c in doubt else ' '}"
            + ("| " if c in (2, 5) else "")
            for c in range(9)
        )
        rows.append(row.rstrip() + "\n")
        if r in (2, 5):
            rows.append("------+-------+------\n")
    return "".join(rows)


def as_json(reading: Reading, source: str) -> dict:
    """The reading as one JSON object."""
    return {
        "file": source,
        "puzzle": reading.grid.to_line(),
        "first_reading": reading.first.to_line(),
        "solutions": reading.solutions,
        "confidence": [round(p, 4) for p in reading.confidence],
        "doubtful": list(reading.doubtful),
        "corners": [[round(x, 1), round(y, 1)] for x, y in reading.corners],
        "changes": [{"cell": ch.cell, "from": ch.before, "to": ch.after,
                     "probability": round(ch.probability, 4)} for ch in reading.changes],
        "alternatives": [[[d, round(p, 4)] for d, p in alt] for alt in reading.alternatives],
    }
