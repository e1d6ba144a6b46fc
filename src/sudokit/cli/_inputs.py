"""What the commands that read puzzles share: their arguments and the reading itself."""

from __future__ import annotations

import argparse
import io
import math
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, BinaryIO

from ..errors import MixedSizeError, SudokuError
from ..shape import parse_box
from ._sheets import SHEET_COMMANDS, sheet_named, sheet_of, sheet_or_refused
from .env import Env, printable
from .status import ExitStatus

if TYPE_CHECKING:
    from ..formats import Reader
    from ..image.reading import Reading

#: A file named so is read as a photo whatever it holds (and refused if it is none).
PHOTO_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp")

#: The format a photo's puzzle is written in unless --to says otherwise: a picture, easy to
#: compare with the photo.
PHOTO_FORMAT = "pretty"


#: Fewer puzzles than this go one by one: the batch engine would cost more to start (NumPy's
#: import alone is tens of milliseconds) than it saves.
BATCH_MIN = 64


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    from .. import formats  # imported when needed: the command's start-up stays fast

    parser.add_argument(
        "files", nargs="*", metavar="FILE", help="puzzle files; standard input when none, or '-'"
    )
    parser.add_argument(
        "--from", dest="from_format", choices=[*sorted(formats.FORMATS), "image"],
        metavar="FORMAT", help="input format (default: detected); one of "
        + ", ".join(sorted(formats.FORMATS)) + ", image (a JPEG, PNG or WebP photo)",
    )
    parser.add_argument(
        "--box", type=box_arg, metavar="RxC",
        help="box shape (rows x columns), when the size has no natural one",
    )
    parser.add_argument(
        "--column", metavar="NAME",
        help="in a CSV file with a header, the column that holds the puzzles (default: the "
        "one named quizzes, puzzle, puzzles, ...)",
    )
    # absent unless given, so that the plainest command lines read the same without it
    parser.add_argument(
        "--variant", type=variant_arg, default=argparse.SUPPRESS, metavar="NAME[+NAME...]",
        help="the puzzles' rules, when not the classic ones: x, windoku, anti-king, "
        "anti-knight, non-consecutive, disjoint, centre-dot, joined with '+' (x+anti-knight);"
        " jigsaw and even-odd add to the regions or odd/even cells the input holds; samurai, "
        "twodoku, butterfly, sohei, windmill or flower (alone) reads each puzzle as those "
        "overlapping grids, laid out on their sheet or one line per grid "
        "(see docs/variants.md)",
    )


def variant_arg(text: str) -> str:
    """An argparse type: preset names joined with '+', each checked; or the name of one
    layout of overlapping grids, alone."""
    from ..rules import parse_names  # imported when needed: the command's start-up stays fast

    if sheet_named(text):
        return text
    try:
        parse_names(text)
    except SudokuError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


#: The commands that honour a puzzle's rules, whatever they are (with the options that
#: keep them to it: see :func:`honours_rules`); every other refuses a variant puzzle.
RULES_COMMANDS = ("solve", "count", "check", "rate", "hint", "explain", "convert", "print")

#: The words for the work a command would do, in its refusal of a variant puzzle.
_DOING = {
    "rate": "rating", "hint": "giving hints on", "explain": "explaining",
    "print": "printing", "serve": "serving", "bench": "benchmarking",
    "convert": "converting", "create": "creating", "read": "reading",
}


def _option_against_rules(args: argparse.Namespace) -> str | None:
    """The work an option of ``args`` asks for that keeps to the classic rules, in words
    (propagation and --why know the classic houses only)."""
    if getattr(args, "method", "search") == "propagate":
        return "propagating the candidates of"
    if getattr(args, "why", False) and args.command == "check":  # hint --why: the step's text
        return "--why on"
    return None


def doing(args: argparse.Namespace) -> str:
    """The work ``args`` asks for, in words: ``"rating"``, ``"drawing"``, ..."""
    return _option_against_rules(args) or _DOING.get(args.command,
                                                     f"'sudoku {args.command}' on")


def honours_rules(args: argparse.Namespace) -> bool:
    """Whether the command and options of ``args`` honour any rules of a puzzle."""
    return args.command in RULES_COMMANDS and _option_against_rules(args) is None


def under_rules(record: Any, args: argparse.Namespace, variant: str | None,
                honoured: bool) -> Any:
    """``record`` with the rules of ``--variant`` added to its puzzle's own. A SudokuError
    (that stops the input: one line) when the command cannot honour the rules, or when
    --variant names regions or odd/even cells the puzzle does not have."""
    from ..formats import Record  # imported when needed: the command's start-up stays fast
    from ..grid import Grid
    from ..rules import refusal
    from ..sheets import SheetGrid

    item = getattr(record, "item", None)  # a Batch (lines of classic puzzles) has none
    if item is None:
        return record
    try:
        sheet = sheet_of(args)
        if isinstance(item, SheetGrid) or sheet is not None:
            sheet_or_refused(item, variant, sheet, honoured and args.command in
                             SHEET_COMMANDS, doing(args))
            return record
        if variant is not None:
            if not isinstance(item, Grid):
                raise SudokuError(f"a board of pencil marks cannot take --variant {variant}")
            item = item.with_rules(item.rules.with_preset(variant))
        refused = refusal(item.rules, doing(args)) \
            if isinstance(item, Grid) and not honoured else None
        if refused is not None:
            raise refused
    except SudokuError as e:
        raise e.located(line=record.line) from None
    return record if item is record.item else Record(item, record.line, None, record.style,
                                                     record.fields)


def add_json_reader(
    sub: argparse._SubParsersAction, name: str, help_text: str, description: str
) -> argparse.ArgumentParser:
    """Register subcommand ``name`` that reads puzzles and can print one JSON object per
    puzzle: its parser, with the input arguments and ``--json`` already added."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=description)
    add_input_arguments(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    return parser


def box_arg(text: str) -> tuple[int, int]:
    """An argparse type: a box shape, RxC."""
    try:
        return parse_box(text)
    except SudokuError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


class Input:
    """One input file (or standard input), opened, with its detected format."""

    def __init__(self, source: str, format: str, records: Reader, stream: Any = None) -> None:
        self.source = source
        self.format = format
        #: the sudokit.formats.Record of each puzzle, in order
        self.records = records
        #: the file it is read from (its size and position estimate the progress bar's total)
        self.stream = stream


#: How much of an input is looked at to tell an empty one (nothing but white space).
_EMPTY_PROBE = 1 << 16

#: The white space of an empty input. Not the tab: lines of tabs are a tsv grid of blanks.
_BLANK_BYTES = b" \r\n\f\v"


def open_inputs(args: argparse.Namespace, env: Env) -> Iterator[Input | SudokuError]:
    """Each input in turn, or the SudokuError that stopped it from being read at all (a
    missing file, a directory, no permission), so that one bad file does not stop the
    others. An empty input (no bytes, or only white space) is a run with no puzzles."""
    from .. import formats  # imported when needed: the command's start-up stays fast

    names = args.files or ["-"]
    for name in names:
        source = "<stdin>" if name == "-" else printable(name)
        try:
            if name == "-":
                if env.stdin_isatty:
                    env.warn("reading puzzles from standard input; Ctrl-D to end")
                stream: BinaryIO | None = env.stdin
            else:
                stream = open(name, "rb")  # noqa: SIM115 - closed below, after streaming
        except OSError as e:
            yield SudokuError(f"cannot read {name!r}: {e.strerror or e}"
                              + _puzzle_text_hint(name, e, getattr(args, "command", None)))
            continue
        try:
            stream = _unless_empty(stream)  # type: ignore[arg-type]
            if stream is None:
                continue

            photo = photo_input(stream, source, args, env)
            if photo is not None:
                yield photo
                continue
            # a column is named only in a CSV file: --column says what the file is
            fmt = args.from_format or ("csv" if args.column is not None else None)
            sheet = sheet_of(args)
            if sheet is not None and fmt is None:
                fmt = "samurai"  # overlapping grids named: their sheet or one line per grid
            reader = formats.read(stream, fmt, source=source, box=args.box, column=args.column,
                                  sheet=sheet)
            yield Input(source, reader.fmt, reader, stream)
        except SudokuError as e:
            yield e.located(source=source)
        except OSError as e:  # e.g. a directory, which opens but cannot be read
            yield SudokuError(f"cannot read {name!r}: {e.strerror or e}")
        finally:
            if name != "-" and stream is not None:
                stream.close()


#: A line that is a puzzle rather than a file name: 16, 81, 256 or 625 cells of digits,
#: letters, dots, zeros or dashes (no path separator), at least half of them digits or dots.
_PUZZLE_TEXT = re.compile(r"[0-9A-Za-z.\-_*]{16}(?:[0-9A-Za-z.\-_*]{65}(?:[0-9A-Za-z.\-_*]{175}"
                          r"(?:[0-9A-Za-z.\-_*]{369})?)?)?")


def _puzzle_text_hint(name: str, error: OSError, command: str | None) -> str:
    """What to do instead, when a missing file's name is a puzzle typed as an argument."""
    if not isinstance(error, FileNotFoundError) or not _PUZZLE_TEXT.fullmatch(name):
        return ""
    if 2 * sum(ch.isdigit() or ch == "." for ch in name) < len(name):
        return ""  # a file name such as "puzzles-2024.txt", not a puzzle
    return (f" (puzzles are read from files or standard input: "
            f"echo '{name}' | sudoku {command or 'solve'})")


def _unless_empty(stream: BinaryIO) -> BinaryIO | None:
    """``stream`` ready to read from its start, or None when it holds only white space."""
    if stream.seekable():
        head = stream.read(_EMPTY_PROBE)
        if not head.strip(_BLANK_BYTES) and len(head) < _EMPTY_PROBE:
            return None
        stream.seek(0)
        return stream
    # read1: what a pipe or a terminal has now, so that answers still stream
    read = getattr(stream, "read1", stream.read)
    head = read(_EMPTY_PROBE)
    while head and not head.strip(_BLANK_BYTES) and len(head) < _EMPTY_PROBE:
        more = read(_EMPTY_PROBE)
        if not more:
            return None
        head += more
    if not head:
        return None
    return prefixed(head, stream)


def prefixed(head: bytes, rest: BinaryIO) -> BinaryIO:
    """A stream that gives ``head`` (already read from ``rest``), then the rest of ``rest``."""
    return io.BufferedReader(_Prefixed(head, rest))


class _Prefixed(io.RawIOBase):
    """A stream that was read from: what was read, then the rest."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        self.head = head
        self.rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        read = getattr(self.rest, "read1", self.rest.read)
        data = read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def progress(items: Iterator, env: Env, what: str, total: int | None = None,
             stream: Any = None) -> Iterator:
    """The progress bar of :mod:`sudokit.cli._output` (where it is explained)."""
    from . import _output  # imported when needed: the command's start-up stays fast

    return _output.progress(items, env, what, total, stream)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def seed_arg(text: str) -> str | bytes:
    """An argparse type: a --seed, any text. A word with bytes that are not UTF-8 (which
    Python holds as lone surrogates) is the seed of its bytes, as they were typed."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape")
    return text


def limit_arg(text: str) -> int:
    """An argparse type: a count limit, 1 to ``MAX_LIMIT``."""
    value = positive_int(text)
    if value > MAX_LIMIT:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_LIMIT:,}, got {text}")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds greater than 0 (and finite)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return value


#: The largest --limit: counts are kept in 32 bits by the engines, and no count this high
#: ends in a human lifetime anyway.
MAX_LIMIT = 2**31 - 1

#: What --jobs means in every command that has it.
JOBS_HELP = ("work on N cores at once (default {default}); more than the machine has are "
             "cut to what it has")


def add_jobs_argument(parser: argparse.ArgumentParser, default: int | None = 1,
                      default_text: str = "1") -> None:
    """``--jobs/-j N``, the same option with the same meaning in every command."""
    parser.add_argument("--jobs", "-j", type=positive_int, default=default, metavar="N",
                        help=JOBS_HELP.format(default=default_text))


class Tally:
    """The exit status a command builds up as it goes: the worst of what happened."""

    def __init__(self) -> None:
        self.status = ExitStatus.OK

    def note(self, status: int) -> None:
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
    from ..sheets import SheetGrid  # imported when needed: the command's start-up stays fast

    variant = getattr(args, "variant", None)
    honoured = honours_rules(args)
    for opened in open_inputs(args, env):
        if isinstance(opened, SudokuError):
            env.error(str(opened))
            tally.note(ExitStatus.USAGE)
            continue
        # under --variant, every puzzle is a record of its own, its rules set
        items = opened.records.chunks() if chunks and variant is None else opened.records
        report = ErrorReport(env, opened, getattr(args, "from_format", None))
        try:
            for item in progress(items, env, "puzzles", stream=opened.stream):
                if variant is not None or not honoured \
                        or type(getattr(item, "item", None)) is SheetGrid:  # its rules
                    item = under_rules(item, args, variant, honoured)
                if getattr(item, "error", None) is not None:  # a Batch has none
                    _name_the_box(item.error, args.box)
                    report.record(item.error)
                    tally.note(ExitStatus.USAGE)
                    if answer_errors:
                        env.stdout.write(error_in_place(item, opened.source, args))
                        continue
                yield opened, item
        except SudokuError as e:
            env.error(str(e.located(source=opened.source)))
            tally.note(ExitStatus.USAGE)
        finally:
            report.close()


_OTHER_SIZE = re.compile(r"\ban? (\d+)x\1 puzzle\b")


def _name_the_box(error: SudokuError, box: tuple[int, int] | None) -> None:
    """With --box, a puzzle of another size is the box that does not fit it: say so."""
    if box is None or not isinstance(error, MixedSizeError):
        return
    found = _OTHER_SIZE.search(error.message)
    if found:
        n = int(found.group(1))
        error.message = (f"--box {box[0]}x{box[1]} does not fit a {n}x{n} puzzle (the box "
                         "of an NxN grid has sides that multiply to N)")


def error_in_place(record: Any, source: str, args: argparse.Namespace) -> bytes:
    """What stands in an unreadable record's place: an ``ERROR:`` line, or with --json a
    JSON object (so that the output stays JSON Lines)."""
    import json  # deferred to keep `sudoku` start-up fast: only JSON output needs it

    if getattr(args, "json", False):
        data = {"file": source, "line": record.line, "error": record.error.message}
        return (json.dumps(data) + "\n").encode()
    return f"ERROR: {record.error}\n".encode()


class ErrorReport:
    """The standard-error side of the records of one input that cannot be read: one line
    per problem, and after ``SAME_KIND`` of one kind a single summary at the end (with what
    the input looks like, when --from named another format).

    When standard output and standard error are the same terminal, the ``ERROR:`` line put
    in the record's place is the report: the same line is not said twice."""

    #: errors of one kind reported one by one before the rest are summed up
    SAME_KIND = 3

    def __init__(self, env: Env, opened: Input, forced: str | None) -> None:
        self.env = env
        self.opened = opened
        self.forced = forced
        self.quiet = env.stdout_isatty and env.stderr_isatty
        self.kinds: dict[str, int] = {}
        self.held: dict[str, list[SudokuError]] = {}

    def record(self, error: SudokuError) -> None:
        """Report (or count) the error of one record."""
        kind = type(error).__name__
        seen = self.kinds[kind] = self.kinds.get(kind, 0) + 1
        if seen <= self.SAME_KIND:
            if not self.quiet:
                self.env.error(str(error))
        else:
            self.held.setdefault(kind, []).append(error)

    def close(self) -> None:
        """The summary of the errors not reported one by one."""
        for errors in self.held.values():
            first, last = errors[0].line, errors[-1].line
            where = (f"line {first}" if first == last else
                     f"lines {first} to {last}" if first and last else "further on")
            self.env.error(f"{self.opened.source}: {len(errors)} more record"
                           f"{'s' * (len(errors) != 1)} like that ({where})")
        if self.forced and sum(self.kinds.values()) > self.SAME_KIND:
            detected = _detected(self.opened)
            if detected and detected != self.forced:
                self.env.error(f"{self.opened.source}: this does not look like {self.forced}; "
                               f"detected: {detected} (leave out --from to read it so)")


def _detected(opened: Input) -> str | None:
    """The format the start of a file looks like, when it can be read again."""
    from .. import formats  # imported when needed: the command's start-up stays fast

    stream = opened.stream
    try:
        import os  # imported when needed: the command's start-up stays fast

        head = os.pread(stream.fileno(), 1 << 16, 0)
        return str(formats.detect(head, opened.source))
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation, SudokuError):
        return None


def several(items: Iterator[Any]) -> tuple[bool, Iterator[Any]]:
    """Whether ``items`` holds more than one item, and the items all the same (the first
    two are read ahead to tell)."""
    from itertools import chain, islice  # imported when needed: the command's start-up stays fast

    first = list(islice(items, 2))
    return len(first) > 1, chain(first, items)


def photo_input(stream: BinaryIO, source: str, args: argparse.Namespace, env: Env) -> Input | None:
    """The puzzle of ``stream`` as an Input when it is a photo (by its first bytes, its
    name's extension, or ``--from image``), else None (nothing consumed)."""
    from .. import formats, image  # imported when needed: the command's start-up stays fast

    named = source.lower().endswith(PHOTO_EXTENSIONS)
    if getattr(args, "from_format", None) != "image" and not named \
            and image.kind_of(_head(stream)) is None:
        return None
    reading = image.read(stream.read())
    report(reading, source, env)
    if not reading.trusted:
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
        why = ("read as blank, and the puzzle's only solution has that digit there"
               if change.restored else "the first reading had clashing digits, no solution "
               "or several")
        env.warn(f"{source}: changed {change.describe()}: {why}")
    if not reading.unique:
        what = "no solution" if reading.solutions == 0 else "more than one solution"
        env.warn(f"{source}: the puzzle read has {what}, and no other likely reading has one")
    for why in reading.distrust:
        env.warn(f"{source}: not to be trusted: {why}")
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
