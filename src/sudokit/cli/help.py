"""``sudoku help [COMMAND]``: the same text as ``sudoku --help`` or ``sudoku COMMAND --help``."""

from __future__ import annotations

import argparse

from .env import Env
from .status import ExitStatus


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku help``."""
    p = sub.add_parser("help", help="describe the commands, or one command",
                       description="Print the description of COMMAND, or of sudoku itself.")
    p.add_argument("topic", nargs="?", metavar="COMMAND", help="a command to describe")


def run(args: argparse.Namespace, env: Env) -> int:
    """Print the help asked for; the exit status."""
    # imported when needed: the command's start-up stays fast
    from . import COMMANDS, build_parser, unknown_command

    parser = build_parser()
    if args.topic is None:
        text = parser.format_help()
    elif args.topic in COMMANDS:
        text = _subparsers(parser)[args.topic].format_help()
    else:
        raise unknown_command(args.topic)
    env.stdout.write(text.encode())
    return ExitStatus.OK


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}
