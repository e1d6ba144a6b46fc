"""The streams a command works with, injectable so tests can run the CLI in-process."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import BinaryIO, TextIO


@dataclass
class Env:
    stdin: BinaryIO = field(default_factory=lambda: sys.stdin.buffer)
    stdout: BinaryIO = field(default_factory=lambda: sys.stdout.buffer)
    stderr: TextIO = field(default_factory=lambda: sys.stderr)
    #: progress bars are drawn only when standard error is a terminal
    stderr_isatty: bool = field(default_factory=lambda: sys.stderr.isatty())

    def error(self, message: str) -> None:
        """One line on standard error, the way every diagnostic of the command looks."""
        self.stderr.write(f"sudoku: error: {message}\n")
        self.stderr.flush()

    def warn(self, message: str) -> None:
        self.stderr.write(f"sudoku: {message}\n")
        self.stderr.flush()
