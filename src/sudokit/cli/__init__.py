"""The ``sudoku`` command: one module per subcommand, all error handling here.

Each subcommand module has ``add_parser(subparsers)`` and ``run(args, env) -> int`` and does no
error handling of its own: ``main`` turns every expected failure into one line on standard
error and the exit status of :mod:`sudokit.cli.status`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..errors import SudokuError
from .env import Env
from .status import ExitStatus

#: Subcommands, each the module ``sudokit.cli.<name>``.
COMMANDS = ["solve", "count", "check", "convert", "create", "hint", "explain", "rate", "bench",
            "print"]


class UsageError(Exception):
    """Bad usage: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    from .. import __version__, engine

    parser = _Parser(
        prog="sudoku",
        description="Solve, count, check, convert, create, rate and explain sudoku puzzles.",
        epilog="'sudoku FILE' is short for 'sudoku solve FILE'. Exit status: 0 done, "
        "1 a puzzle has no solution (or is invalid), 2 bad usage or unreadable input.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"sudoku (sudokit) {__version__}, {engine.core_name()} core",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").add_parser(sub)
    return parser


def _with_default_command(argv: list[str]) -> list[str]:
    """``sudoku FILE`` means ``sudoku solve FILE`` (seed 000's ``./sudoku grid.bin``)."""
    if argv and argv[0] not in COMMANDS and not argv[0].startswith("-"):
        return ["solve", *argv]
    if argv and argv[0] == "-":
        return ["solve", *argv]
    return argv


def run(argv: Sequence[str] | None = None, env: Env | None = None) -> int:
    """Run the command line ``argv`` and return its exit status (never raises for user errors)."""
    env = env or Env()
    args_list = _with_default_command(list(sys.argv[1:] if argv is None else argv))
    try:
        parser = build_parser()
        if not args_list:
            raise UsageError("no command given (see 'sudoku --help')")
        args = parser.parse_args(args_list)
        module = importlib.import_module(f"{__name__}.{args.command}")
        return int(module.run(args, env))
    except UsageError as e:
        env.error(str(e))
        return ExitStatus.USAGE
    except SudokuError as e:
        env.error(str(e))
        return ExitStatus.USAGE
    except OSError as e:
        if isinstance(e, BrokenPipeError):
            return ExitStatus.OK
        name = f" {e.filename!r}" if e.filename else ""
        env.error(f"cannot read{name}: {e.strerror or e}")
        return ExitStatus.USAGE
    except SystemExit as e:  # --help and --version end here, after printing
        return int(e.code or 0) if not isinstance(e.code, str) else ExitStatus.USAGE
    except KeyboardInterrupt:
        env.error("interrupted")
        return ExitStatus.INTERRUPTED
    except Exception as e:  # a bug of ours: still one line, and a status of its own
        if os.environ.get("SUDOKIT_TRACEBACK"):
            raise
        env.error(f"internal error: {type(e).__name__}: {e} (SUDOKIT_TRACEBACK=1 shows where)")
        return ExitStatus.INTERNAL


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Entry point of the ``sudoku`` console script."""
    status = run(argv)
    with contextlib.suppress(BrokenPipeError):
        sys.stdout.flush()
    sys.exit(status)
