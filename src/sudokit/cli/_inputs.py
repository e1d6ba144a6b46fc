"""What the commands that read puzzles share: their arguments and the reading itself."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, BinaryIO

from ..errors import SudokuError
from ..shape import parse_box
from .env import Env
from .status import ExitStatus

if TYPE_CHECKING:
    from ..formats import Reader

#: Fewer puzzles than this go one by one: the batch engine would cost more to start (NumPy's
#: import alone is tens of milliseconds) than it saves.
BATCH_MIN = 64


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


def add_json_reader(
    sub: argparse._SubParsersAction, name: str, help_text: str, description: str
) -> argparse.ArgumentParser:
    """Register subcommand ``name`` that reads puzzles and can print one JSON object per
    puzzle: its parser, with the input arguments and ``--json`` already added."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=description)
    add_input_arguments(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    return parser


def add_output_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    from .. import formats
    from ._pictures import PICTURES, add_picture_options

    parser.add_argument(
        "--to", dest="to_format", choices=[*sorted(formats.FORMATS), *PICTURES],
        metavar="FORMAT", help=help_text + "; svg, png or pdf draw pictures"
    )
    add_picture_options(parser)


def _box_arg(text: str) -> tuple[int, int]:
    try:
        return parse_box(text)
    except SudokuError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


class Input:
    """One input file (or standard input), opened, with its detected format."""

    def __init__(self, source: str, format: str, records: Reader) -> None:
        self.source = source
        self.format = format
        #: the sudokit.formats.Record of each puzzle, in order
        self.records = records


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
    """Wrap ``items`` in a progress bar on standard error, only when it is a terminal. A
    Batch among them counts as its puzzles."""
    if not env.stderr_isatty:
        return items
    return _with_bar(items, env, what)


def _with_bar(items: Iterator, env: Env, what: str) -> Iterator:
    from tqdm import tqdm

    from ..formats import Batch

    with tqdm(unit=f" {what}", file=env.stderr, mininterval=0.5, leave=False,
              disable=None if env.stderr is sys.stderr else False) as bar:
        for item in items:
            yield item
            bar.update(item.rows if type(item) is Batch else 1)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


class Tally:
    """The exit status a command builds up as it goes: the worst of what happened."""

    def __init__(self) -> None:
        self.status = ExitStatus.OK

    def note(self, status: ExitStatus) -> None:
        self.status = max(self.status, status)


def each_record(
    args: argparse.Namespace, env: Env, tally: Tally, *, answer_errors: bool = True
) -> Iterator[tuple[Input, Any]]:
    """(input, record) for every puzzle of every input, in order, with a progress bar.

    What cannot be read is reported here, once, on standard error (and counted in
    ``tally``): a whole input that cannot be read is skipped; a bad puzzle gets an
    ``ERROR:`` line in its place on standard output when ``answer_errors``, else it is
    yielded like the others for the caller to answer (its ``error`` is set).
    """
    return _each(args, env, tally, answer_errors, chunks=False)


def each_chunk(args: argparse.Namespace, env: Env, tally: Tally) -> Iterator[tuple[Input, Any]]:
    """``each_record`` with ``answer_errors=False``, giving the runs of well-formed lines
    of the line format as one Batch each (``Reader.chunks``)."""
    return _each(args, env, tally, False, chunks=True)


def _each(
    args: argparse.Namespace, env: Env, tally: Tally, answer_errors: bool, chunks: bool
) -> Iterator[tuple[Input, Any]]:
    for opened in open_inputs(args, env):
        if isinstance(opened, SudokuError):
            env.error(str(opened))
            tally.note(ExitStatus.USAGE)
            continue
        items = opened.records.chunks() if chunks else opened.records
        try:
            for item in progress(items, env, "puzzles"):
                if getattr(item, "error", None) is not None:  # a Batch has none
                    env.error(str(item.error))
                    tally.note(ExitStatus.USAGE)
                    if answer_errors:
                        env.stdout.write(f"ERROR: {item.error}\n".encode())
                        continue
                yield opened, item
        except SudokuError as e:
            env.error(str(e.located(source=opened.source)))
            tally.note(ExitStatus.USAGE)
