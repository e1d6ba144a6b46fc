"""Run the ``sudoku`` command in-process, as a user would see it (stdout, stderr, status)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from dataclasses import dataclass

from sudokit.cli import run
from sudokit.cli.env import Env


@dataclass
class Outcome:
    status: int
    stdout: bytes
    stderr: str

    @property
    def out(self) -> str:
        return self.stdout.decode()


def sudoku(*args: str, stdin: bytes = b"") -> Outcome:
    """``sudoku ARGS`` in this process, with ``stdin`` as its standard input."""
    out, err = io.BytesIO(), io.StringIO()
    env = Env(stdin=io.BytesIO(stdin), stdout=out, stderr=err, stderr_isatty=False)
    status = run(list(args), env)
    return Outcome(status, out.getvalue(), err.getvalue())


def sudoku_process(*args: str, stdin: bytes = b"", pure: bool = False) -> Outcome:
    """``python -m sudokit ARGS`` in a new process (for what only a real process shows)."""
    env = dict(os.environ)
    if pure:
        env["SUDOKIT_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "sudokit", *args], input=stdin, capture_output=True,
        env=env, timeout=120,
    )
    return Outcome(done.returncode, done.stdout, done.stderr.decode())
