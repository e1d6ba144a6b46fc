"""``sudoku solve`` and ``sudoku count`` on the line road (:mod:`sudokit.stream.lines`): the
same commands as :mod:`sudokit.cli.solve` and :mod:`sudokit.cli.count`, taken when the road
is sure to give the same bytes: one input (a file or standard input), lines in and lines (or
counts) out, the options a line-by-line answer needs no more than (``--unique``, ``--limit``,
``--jobs``, ``-o``, ``--from line``, ``--to line``), no progress bar, and an input of plain
9x9 puzzle lines. Anything else is declined before a byte is read for good, and the ordinary
path answers. This module says what the road found as the ordinary path says it: the
unreadable lines' summary, the note on counts at their limit, the exit status.
"""

from __future__ import annotations

import os

from ..messages import LIMIT_NOTE
from ..stream import lines
from .env import printable
from .status import ExitStatus

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from ..errors import SudokuError
    from ._inputs import ErrorReport
    from ._quick import Options
    from .env import Env


def answer_lines(args: Options | argparse.Namespace, env: Env) -> int | None:
    """Answer the input of ``args`` (``sudoku solve`` or ``sudoku count``) on the line road
    and return the exit status; None, with nothing written and the input left as it was,
    when this road does not fit."""
    if not _fits(args, env):
        return None
    name = args.files[0] if args.files else "-"
    source = "<stdin>" if name == "-" else printable(name)
    if name == "-":
        stream = env.stdin
        try:
            seekable = stream.seekable()
            at = stream.tell() if seekable else 0
            head = stream.read(lines.HEAD_SIZE)
        except (OSError, ValueError):
            return None  # nothing read (a directory, a closed stream): reported there
        if not lines.plain_head(head):
            if seekable:
                stream.seek(at)
            else:  # what was read is given again, then the rest
                from ._inputs import prefixed  # only an input that is not plain lines

                env.stdin = prefixed(head, stream)
            return None
        return _Said(args, env, source, stream).answer(head)
    if os.path.splitext(name)[1].lower() in lines.DECIDING_EXTENSIONS:
        return None
    try:
        stream = open(name, "rb")  # noqa: SIM115 - closed below
    except OSError:
        return None  # the ordinary path reports it
    try:
        try:
            head = stream.read(lines.HEAD_SIZE)
        except OSError:
            return None  # a directory, say: reported there
        if not lines.plain_head(head):
            return None
        return _Said(args, env, source, stream).answer(head)
    finally:
        stream.close()


def _fits(args: Options | argparse.Namespace, env: Env) -> bool:
    """Whether the options and the terminal leave the answers to lines alone."""
    if args.command == "solve":
        plain = (args.to_format in (None, "line") and args.method == "search"
                 and args.time_limit is None and args.device == "cpu")
    elif args.command == "count":
        plain = not args.json and args.time_limit is None  # a count a line
    else:
        return False
    if (not plain or len(args.files) > 1 or args.box is not None
            or args.column is not None or args.from_format not in (None, "line")
            or args.template is not None or args.cluster is not None):
        return False
    if env.stderr_isatty and env.show_progress and os.environ.get(
            "TQDM_DISABLE", "").strip().lower() in ("", "0", "false"):
        return False  # a progress bar is drawn: the ordinary path draws it
    named = args.files[0] if args.files else "-"
    return not (named == "-" and env.stdin_isatty)  # the ordinary path says how to end


class _Said:
    """One input on the line road, its reports said on standard error as the ordinary
    path says them."""

    def __init__(self, args: Options | argparse.Namespace, env: Env, source: str,
                 stream: object) -> None:
        self.args = args
        self.env = env
        self.source = source
        self.stream = stream
        self.report: ErrorReport | None = None

    def answer(self, head: bytes) -> int:
        count = self.args.command == "count"
        options = {"limit": int(self.args.limit)} if count else {
            "unique": bool(getattr(self.args, "unique", False))}
        result = lines.answer(self.stream, self.env.stdout, count=count, head=head,
                              source=self.source, jobs=int(self.args.jobs or 1),
                              say=self.env.error, unreadable=self.unreadable,
                              ended=self.ended, **options)
        assert result is not None  # the head was plain lines
        if count and result.at_limit:  # once a run, at its end (as the ordinary path says it)
            self.env.warn(LIMIT_NOTE.format(limit=self.args.limit))
        if result.unreadable:
            return int(ExitStatus.USAGE)
        return int(ExitStatus.FAILURE if result.failed else ExitStatus.OK)

    def ended(self) -> None:
        """The summary of the unreadable lines, if any."""
        if self.report is not None:
            self.report.close()

    def unreadable(self, error: SudokuError) -> None:
        if self.report is None:
            from ._inputs import ErrorReport, Input  # only an input with unreadable lines

            opened = Input(self.source, "line", None, self.stream)  # type: ignore[arg-type]
            self.report = ErrorReport(self.env, opened, self.args.from_format)
        self.report.record(error)
