"""The streams a command works with, injectable so tests can run the CLI in-process."""

from __future__ import annotations

import errno
import sys

TYPE_CHECKING = False  # (typing.TYPE_CHECKING: typing itself is slow to import)
if TYPE_CHECKING:
    from typing import Any, BinaryIO, TextIO


class OutputError(Exception):
    """Writing the results failed: a full disk, a closed standard output, a closed pipe.

    ``target`` names what was written to (``standard output`` or a file name); ``error`` is
    the OSError behind it."""

    def __init__(self, target: str, error: OSError) -> None:
        super().__init__(f"cannot write {target}: {error.strerror or error}")
        self.target = target
        self.error = error

    @property
    def broken_pipe(self) -> bool:
        """The reader went away (``| head -1``): not worth a word."""
        return isinstance(self.error, BrokenPipeError) or self.error.errno == errno.EPIPE


class BinaryToTerminalError(Exception):
    """Bytes that are not text were about to be written to a terminal."""


class _Closed:
    """Standard output when the process was started without one (``sudoku ... >&-``)."""

    def write(self, data: bytes) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


class Output:
    """Where the results go, guarded: any failure to write is an :class:`OutputError`, a
    live progress bar is cleared around each write when both share a terminal, and bytes
    with NULs (binary formats) are refused on a terminal."""

    def __init__(self, stream: Any, target: str = "standard output", isatty: bool = False
                 ) -> None:
        self.stream = stream
        self.target = target
        self.isatty = isatty
        #: the progress bar drawn on the same terminal while results are written, if any
        self.bar: Any = None

    def write(self, data: bytes) -> int:
        if self.isatty and b"\0" in data:
            raise BinaryToTerminalError(
                "binary output is not written to a terminal: use -o FILE or a redirect"
            )
        try:
            if self.bar is not None:
                self.bar.clear()
                written = self.stream.write(data)
                self.stream.flush()
                self.bar.refresh()
                return int(written or 0)
            return int(self.stream.write(data) or 0)
        except OSError as e:
            raise OutputError(self.target, e) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as e:
            raise OutputError(self.target, e) from None

    def close(self) -> None:
        """Nothing to do: the stream belongs to whoever opened it."""


def _stdout() -> Any:
    return sys.stdout.buffer if sys.stdout is not None else _Closed()


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Env:
    """Standard input, output and error, and which of them are terminals."""

    def __init__(
        self,
        stdin: BinaryIO | None = None,
        stdout: BinaryIO | None = None,
        stderr: TextIO | None = None,
        stderr_isatty: bool | None = None,
        stdin_isatty: bool | None = None,
        stdout_isatty: bool | None = None,
    ) -> None:
        self.stdin = stdin if stdin is not None else (
            sys.stdin.buffer if sys.stdin is not None else _empty_stdin())
        raw_out = stdout if stdout is not None else _stdout()
        self.stderr = stderr if stderr is not None else sys.stderr
        #: progress bars are drawn only when standard error is a terminal
        self.stderr_isatty = (
            stderr_isatty if stderr_isatty is not None else _isatty(self.stderr)
        )
        #: a note says so when puzzles are read from a terminal
        self.stdin_isatty = stdin_isatty if stdin_isatty is not None else (
            stdin is None and _isatty(self.stdin))
        out_tty = stdout_isatty if stdout_isatty is not None else (
            stdout is None and _isatty(raw_out))
        #: False after --no-progress
        self.show_progress = True
        #: where the results go (see :class:`Output`); ``-o FILE`` replaces it
        self.stdout: Any = Output(raw_out, isatty=out_tty)

    @property
    def stdout_isatty(self) -> bool:
        return bool(self.stdout.isatty)

    def error(self, message: str) -> None:
        """One line on standard error, the way every diagnostic of the command looks."""
        self._say(f"sudoku: error: {message}\n")

    def warn(self, message: str) -> None:
        """A note on standard error that is not an error."""
        self._say(f"sudoku: {message}\n")

    def _say(self, text: str) -> None:
        if self.stderr is None:  # started without a standard error: nowhere to say it
            return
        text = printable(text)  # a word of the command line may hold bytes that are not UTF-8
        try:
            bar = getattr(self.stdout, "bar", None)
            if bar is not None:
                bar.clear()
            self.stderr.write(text)
            self.stderr.flush()
            if bar is not None:
                bar.refresh()
        except (OSError, ValueError):  # standard error itself is full or closed
            pass


def printable(text: str) -> str:
    """``text`` (a file name, a word of the command line) as text that can be written
    anywhere: the bytes that are not UTF-8, which Python holds as lone surrogates, shown as
    ``\\xNN``, as a shell's ``$'...'`` would write them."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that stands for no byte
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _empty_stdin() -> BinaryIO:
    import io  # imported when needed: the command's start-up stays fast

    return io.BytesIO(b"")
