"""What the commands that read puzzles share: their arguments and the reading itself."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from ..errors import SudokuError
from ..shape import parse_box
from .env import Env


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    from .. import formats

    parser.add_argument(
        "files", nargs="*", metavar="FILE", help="puzzle files; standard input when none, or '-'"
    )
    parser.add_argument(
        "--from", dest="from_format", choices=sorted(formats.FORMATS), metavar="FORMAT",
        help="input format (default: detected); one of " + ", ".join(sorted(formats.FORMATS)),
    )
    parser.add_argument(
        "--box", type=_box_arg, metavar="RxC",
        help="box shape (rows x columns), when the size has no natural one",
    )


def add_output_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    from .. import formats

    parser.add_argument(
        "--to", dest="to_format", choices=sorted(formats.FORMATS), metavar="FORMAT", help=help_text
    )


def _box_arg(text: str) -> tuple[int, int]:
    try:
        return parse_box(text)
    except SudokuError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


@dataclass
class Input:
    """One input file (or standard input), opened, with its detected format."""

    source: str
    format: str
    records: Iterator  # of sudokit.formats.Record


def open_inputs(args: argparse.Namespace, env: Env) -> Iterator[Input | SudokuError]:
    """Each input in turn, or the SudokuError that stopped it from being read at all
    (so that one bad file does not stop the others)."""
    from .. import formats

    names = args.files or ["-"]
    for name in names:
        if name == "-":
            stream: BinaryIO = env.stdin
            source = "<stdin>"
        else:
            stream = open(name, "rb")  # noqa: SIM115 - closed below, after streaming
            source = name
        try:
            reader = formats.read(stream, args.from_format, source=source, box=args.box)
            yield Input(source, reader.fmt, reader)
        except SudokuError as e:
            yield e.located(source=source)
        finally:
            if stream is not env.stdin:
                stream.close()


def progress(items: Iterator, env: Env, what: str) -> Iterator:
    """Wrap ``items`` in a progress bar on standard error, only when it is a terminal."""
    if not env.stderr_isatty:
        return items
    from tqdm import tqdm

    return iter(tqdm(items, unit=f" {what}", file=env.stderr, mininterval=0.5, leave=False,
                     disable=None if env.stderr is sys.stderr else False))
