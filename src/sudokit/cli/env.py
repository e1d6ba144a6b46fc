"""The streams a command works with, injectable so tests can run the CLI in-process."""

from __future__ import annotations

import sys
from typing import BinaryIO, TextIO


class Env:
    """Standard input, output and error, and whether standard error is a terminal."""

    def __init__(
        self,
        stdin: BinaryIO | None = None,
        stdout: BinaryIO | None = None,
        stderr: TextIO | None = None,
        stderr_isatty: bool | None = None,
    ) -> None:
        self.stdin = stdin if stdin is not None else sys.stdin.buffer
        self.stdout = stdout if stdout is not None else sys.stdout.buffer
        self.stderr = stderr if stderr is not None else sys.stderr
        #: progress bars are drawn only when standard error is a terminal
        self.stderr_isatty = (
            stderr_isatty if stderr_isatty is not None else self.stderr.isatty()
        )

    def error(self, message: str) -> None:
        """One line on standard error, the way every diagnostic of the command looks."""
        self.stderr.write(f"sudoku: error: {message}\n")
        self.stderr.flush()

    def warn(self, message: str) -> None:
        self.stderr.write(f"sudoku: {message}\n")
        self.stderr.flush()
