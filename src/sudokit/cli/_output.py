"""Where and how the results are written: ``-o FILE`` (replaced only when the command ends
well), ``--format TEMPLATE`` lines, and the progress bar on standard error."""

from __future__ import annotations

import contextlib
import io
import os
import re
import stat
from collections.abc import Iterator, Mapping

from .env import Env, printable
from .status import ExitStatus

# argparse and tempfile are imported where used: `sudoku solve -o FILE` on lines needs
# neither the parser nor more than one temporary file, and starts faster without them.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any

#: The fields every template may name; each command fills those it knows (see its --help).
TEMPLATE_FIELDS = {
    "puzzle": "the puzzle in the line form (81 characters for a 9x9, '.' for a blank)",
    "solution": "its solution in the line form (empty when there is none)",
    "count": "how many solutions it has, as far as counted",
    "level": "its rated level (easy .. extreme)",
    "score": "its rated score",
    "hardest": "the technique that set the level",
    "status": "ok, or what is wrong with it",
    "line": "the line of the input it starts on",
    "file": "the input's name ('<stdin>' for standard input)",
}


class TemplateError(ValueError):
    """A --format template that cannot be used (bad braces, a format no value takes)."""


class MissingFieldError(TemplateError):
    """A field the template names that one record lacks (a bank line with no id among lines
    that have one): that record's error, not the whole run's."""


#: The widest a field may be padded or cut to: wider than any line form (a 64x64 puzzle's
#: is 4096 characters), and far from the sizes that would fill the memory.
MAX_FIELD_WIDTH = 10_000


class Template:
    """A ``--format`` template: Python format fields such as ``{puzzle} {level}``, plus the
    record's own fields (from the input: a bank's hash or rating, a CSV's columns);
    ``\\t`` and ``\\n`` stand for a tab and a new line. Each result is one template, then a
    new line."""

    #: records lacking a field reported one by one on standard error before the rest are
    #: left to their ERROR lines
    SAME_KIND = 3

    def __init__(self, text: str) -> None:
        import string  # deferred to keep `sudoku` start-up fast: only --format needs it

        self.text = text.replace("\\t", "\t").replace("\\n", "\n")
        try:
            parsed = list(string.Formatter().parse(self.text))
        except ValueError as e:
            raise TemplateError(f"--format {text!r}: {e}") from None
        self.fields = [name for _, name, _, _ in parsed if name is not None]
        #: how many records so far lacked a field the template names
        self.missing = 0
        if any(not name or not name.isidentifier() for name in self.fields):
            raise TemplateError(
                f"--format {text!r}: each field is a name in braces, e.g. {{puzzle}} {{level}}"
            )
        for name, spec in ((name, spec) for _, name, spec, _ in parsed if spec):
            if "{" in spec:
                raise TemplateError(f"--format {text!r}: the format of {{{name}}} (after "
                                    "':') cannot name another field")
            if any(int(n) > MAX_FIELD_WIDTH for n in re.findall(r"\d+", spec)):
                raise TemplateError(f"--format {text!r}: {{{name}}} is wider than "
                                    f"{MAX_FIELD_WIDTH} characters")

    def render(self, values: Mapping[str, object], record: object = None) -> str:
        """The template filled with ``values`` and then the record's own fields."""
        own = record_fields(record)
        merged = {**own, **{k: "" if v is None else v for k, v in values.items()}}
        missing = [name for name in self.fields if name not in merged]
        if missing:
            known = ", ".join(sorted({*values, *own}))
            raise MissingFieldError(f"--format names {{{missing[0]}}}, a field this record "
                                    f"does not have (fields: {known})")
        try:
            return self.text.format_map(merged) + "\n"
        except (ValueError, TypeError, IndexError, AttributeError, KeyError, OverflowError,
                MemoryError) as e:
            raise TemplateError(f"--format {printable(self.text)!r}: {e}") from None

    def line(self, values: Mapping[str, object], record: object, env: Env, tally: Any
             ) -> bytes:
        """The template filled for one record, as bytes (a byte of the template that is not
        UTF-8 written as it was given). When the record lacks a field the template names,
        an ``ERROR:`` line stands in its place, standard error says the same (the first
        ``SAME_KIND`` times; unless both are one terminal), and ``tally`` (a
        :class:`~sudokit.cli._inputs.Tally`) notes it as it notes a record that cannot be
        read: the other records are still answered."""
        try:
            text = self.render(values, record)
        except MissingFieldError as e:
            where = f"{values.get('file')}, line {values.get('line')}"
            text = f"ERROR: {where}: {e}\n"
            tally.note(ExitStatus.USAGE)
            self.missing += 1
            if not (env.stdout_isatty and env.stderr_isatty):
                if self.missing <= self.SAME_KIND:
                    env.error(f"{where}: {e}")
                elif self.missing == self.SAME_KIND + 1:
                    env.error("more records lack a field --format names: each has an "
                              "ERROR line in its place")
        try:
            return text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # a lone surrogate that stands for no byte
            return text.encode("utf-8", "backslashreplace")


def record_fields(record: object) -> dict[str, object]:
    """The fields an input record carries besides its puzzle (``{}`` when none)."""
    fields = getattr(record, "fields", None)
    if isinstance(fields, Mapping):
        return {str(k): v for k, v in fields.items() if str(k).isidentifier()}
    return {}


def line_form(item: Any) -> str:
    """A Grid (or the grid of a Candidates board) in the line form; '' for None."""
    if item is None:
        return ""
    grid = item.to_grid() if hasattr(item, "to_grid") else item
    try:
        return str(grid.to_line())
    except ValueError:  # past 35x35 the line form has no symbols: the digits, spaced
        return " ".join(str(v) for v in grid.cells)


def template_arg(text: str) -> Template:
    """An argparse type: a --format template."""
    try:
        return Template(text)
    except TemplateError as e:
        import argparse  # imported when needed: the command's start-up stays fast

        raise argparse.ArgumentTypeError(str(e).removeprefix(f"--format {text!r}: ")) from None


def add_format_argument(parser: argparse.ArgumentParser, fields: list[str]) -> None:
    """``--format TEMPLATE``, listing the fields this command fills."""
    parser.add_argument(
        "--format", dest="template", type=template_arg, metavar="TEMPLATE",
        help="write each result as TEMPLATE, a line with fields in braces: "
        + ", ".join(f"{{{f}}}" for f in fields)
        + ", and the input's own fields (a CSV's columns, a bank's extra fields); "
        "\\t is a tab. Example: --format '{puzzle} {level} {score}'",
    )


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every command that writes results has: -o and --no-progress."""
    parser.add_argument(
        "--output", "-o", metavar="FILE",
        help="write the results to FILE, which is replaced only when the command ends "
        "(status 0 or 1; a read-only FILE is refused); '-' is standard output",
    )
    parser.add_argument(
        "--no-progress", action="store_true",
        help="no progress bar (also: TQDM_DISABLE=1); the bar is drawn only on a terminal",
    )


# -- -o FILE ----------------------------------------------------------------------------------
def refuse_read_only(path: str) -> None:
    """PermissionError when ``path`` is a file its owner made read-only (no write permission
    for anyone, or none for this user): the shell, ``cp`` and ``tee`` refuse to replace it,
    and so does ``-o`` (even for root, who may write anything: the mode is the owner's
    word)."""
    import errno  # (deferred with tempfile: only -o FILE needs it)

    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # nothing there yet (or nothing to protect): written as usual
    if stat.S_ISREG(mode) and (not mode & 0o222 or not os.access(path, os.W_OK)):
        raise PermissionError(errno.EACCES, "Permission denied: the file is read-only")


class AtomicFile:
    """``-o FILE``: the results go to a temporary file beside FILE, which takes FILE's place
    when :meth:`commit` is called; :meth:`discard` leaves FILE as it was.

    FILE is the file a symbolic link points to; a FILE that is not a regular file (a device
    such as /dev/stdout, a named pipe) is written to directly: it cannot be replaced. A
    read-only FILE is refused (:func:`refuse_read_only`)."""

    def __init__(self, path: str) -> None:
        self.done = False
        try:
            special = not stat.S_ISREG(os.stat(path).st_mode)
        except FileNotFoundError:
            special = False
        self.temporary: str | None = None
        if special:
            self.path = path
            self.file = open(path, "wb")  # noqa: SIM115 - closed by commit or discard
            return
        self.path = os.path.realpath(path)
        refuse_read_only(self.path)
        folder = os.path.dirname(self.path)
        import tempfile  # imported when needed: the command's start-up stays fast

        fd, self.temporary = tempfile.mkstemp(
            prefix=f".{os.path.basename(self.path)}.", suffix=".part", dir=folder
        )
        self.file = os.fdopen(fd, "wb")

    def write(self, data: bytes) -> int:
        return self.file.write(data)

    def flush(self) -> None:
        self.file.flush()

    def isatty(self) -> bool:
        return False

    def commit(self) -> None:
        """Replace FILE with what was written (with FILE's permissions, or the umask's)."""
        self.file.flush()
        if self.temporary is None:  # written in place
            self.file.close()
            self.done = True
            return
        os.fsync(self.file.fileno())
        self.file.close()
        try:
            mode = os.stat(self.path).st_mode & 0o7777
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(self.temporary, mode)
        os.replace(self.temporary, self.path)
        self.done = True

    def discard(self) -> None:
        """Leave FILE untouched and remove the temporary file."""
        if self.done:
            return
        self.done = True
        # the write that failed may fail again on close: there is nothing to keep
        with contextlib.suppress(OSError):
            self.file.close()
        if self.temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.temporary)


# -- the progress bar -------------------------------------------------------------------------
def progress(items: Iterator, env: Env, what: str, total: int | None = None,
             stream: Any = None) -> Iterator:
    """Wrap ``items`` in a progress bar on standard error when it is a terminal (and
    neither ``--no-progress`` nor ``TQDM_DISABLE`` says otherwise). A Batch among them
    counts as its puzzles. The total is ``total`` when known, else estimated from how far
    into ``stream`` (a file of known size) the items reach."""
    if not env.stderr_isatty or not getattr(env, "show_progress", True):
        return items
    if os.environ.get("TQDM_DISABLE", "").strip().lower() not in ("", "0", "false"):
        return items
    return _with_bar(items, env, what, total, stream)


#: Files up to this size have their lines counted for the bar's total (a fraction of a
#: second per gigabyte, from the page cache the reading then uses).
_COUNT_LINES_UP_TO = 1 << 31


def _lines_of(stream: Any) -> int | None:
    """How many lines the file behind ``stream`` has, read without moving its position;
    None for a pipe, a terminal or a file too big to count first."""
    try:
        fd = stream.fileno()
        size = os.fstat(fd).st_size
        if not 0 < size <= _COUNT_LINES_UP_TO or not stream.seekable():
            return None
        lines, at, block = 0, 0, 1 << 20
        while at < size:
            data = os.pread(fd, block, at)
            if not data:
                break
            lines += data.count(b"\n")
            at += len(data)
        return lines + (1 if not data.endswith(b"\n") else 0)
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None


def _with_bar(items: Iterator, env: Env, what: str, total: int | None, stream: Any
              ) -> Iterator:
    from tqdm import tqdm  # deferred: only a terminal draws a bar

    from ..formats import Batch  # imported when needed: the command's start-up stays fast

    lines = _lines_of(stream) if total is None and stream is not None else None
    out = env.stdout
    # results written to the bar's terminal clear the bar first (Output.write)
    shares_terminal = bool(getattr(out, "isatty", False))
    with tqdm(unit=f" {what}", file=env.stderr, mininterval=0.5, leave=False, total=total,
              colour=None, dynamic_ncols=True) as bar:
        if shares_terminal:
            out.bar = bar
        try:
            for item in items:
                yield item
                rows = item.rows if type(item) is Batch else 1
                bar.update(rows)
                if lines is not None:
                    _estimate_total(bar, getattr(item, "line", 0) + rows - 1, lines)
        finally:
            if shares_terminal:
                out.bar = None


def _estimate_total(bar: Any, line: int, lines: int) -> None:
    """Set the bar's total from how many puzzles the lines read so far held."""
    if line > 0 and bar.n:
        bar.total = max(bar.n, round(bar.n * lines / line))
