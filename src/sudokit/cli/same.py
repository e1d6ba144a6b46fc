"""``sudoku same A B``: are two puzzles the same up to the symmetries of sudoku?"""

from __future__ import annotations

import argparse
import os
from typing import Any

from ..errors import SudokuError
from .env import Env, printable
from .status import ExitStatus


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku same`` and its options."""
    p = sub.add_parser(
        "same",
        help="tell whether two 9x9 puzzles are the same up to symmetry",
        description="Say whether puzzles A and B are the same up to the symmetries of sudoku "
        "(row and column orders within bands and stacks, band and stack orders, "
        "transposition, relabelling the digits). Prints 'same' and the symmetry that maps A "
        "to B (t to transpose first, r + the nine rows, c + the nine columns, d + what digits "
        "1 to 9 become; see docs/symmetry.md), exit status 0; or 'different', exit status 1. "
        "A and B are files of one puzzle each ('-': standard input) or puzzles typed as 81 "
        "characters.",
    )
    from .. import formats  # imported when needed: the command's start-up stays fast

    p.add_argument("--from", dest="from_format", choices=sorted(formats.FORMATS),
                   metavar="FORMAT", help="the files' format (default: detected)")
    p.add_argument("a", metavar="A", help="a file of one 9x9 puzzle, '-', or the puzzle itself")
    p.add_argument("b", metavar="B", help="the same, for the other puzzle")


def run(args: argparse.Namespace, env: Env) -> int:
    """Compare the two puzzles; the exit status."""
    # imported when needed: the command's start-up stays fast
    from ..symmetry.canon import same

    if args.a == "-" and args.b == "-":
        raise SudokuError("A and B cannot both be standard input ('-')")
    a, b = _puzzle(args.a, args, env), _puzzle(args.b, args, env)
    how = same(a, b)
    if how is None:
        env.stdout.write(b"different\n")
        return ExitStatus.FAILURE
    env.stdout.write(f"same {how}\n".encode())
    return ExitStatus.OK


def _puzzle(name: str, args: argparse.Namespace, env: Env) -> Any:
    """The one 9x9 puzzle that ``name`` holds (a file, '-') or is (its text)."""
    # imported when needed: the command's start-up stays fast
    from .. import formats
    from ..grid import Grid
    from ..symmetry.canon import checked

    if name != "-" and not os.path.exists(name):
        try:
            typed = Grid(name)
        except (SudokuError, TypeError):
            raise SudokuError(f"cannot read {name!r}: no such file, and not a puzzle") from None
        try:
            return checked(typed, "same")
        except SudokuError as e:
            raise SudokuError(f"{name}: {str(e).removeprefix('same: ')}") from None
    source = "<stdin>" if name == "-" else printable(name)
    try:
        stream = env.stdin if name == "-" else open(name, "rb")  # noqa: SIM115 - closed below
    except OSError as e:
        raise SudokuError(f"cannot read {name!r}: {e.strerror or e}") from None
    try:
        records = list(formats.read(stream, args.from_format, source=source))
    except OSError as e:
        raise SudokuError(f"cannot read {name!r}: {e.strerror or e}") from None
    finally:
        if name != "-":
            stream.close()
    if len(records) != 1:
        raise SudokuError(f"{source}: holds {len(records)} puzzles; same compares one with one")
    record = records[0]
    if record.error is not None:
        raise record.error
    if not isinstance(record.item, Grid):
        raise SudokuError(f"{source}, line {record.line}: a board of pencil marks; same "
                          "compares puzzles of digits")
    try:
        return checked(record.item, "same")
    except SudokuError as e:
        raise SudokuError(f"{source}, line {record.line}: "
                          f"{str(e).removeprefix('same: ')}") from None
