"""``sudoku completion SHELL``: a completion script for bash, zsh or fish, made by shtab
from the command's own parser, so it always knows every command, option and choice."""

from __future__ import annotations

import argparse

from .env import Env
from .status import ExitStatus

SHELLS = ["bash", "zsh", "fish"]

INSTALL = {
    "bash": "sudoku completion bash > ~/.local/share/bash-completion/completions/sudoku",
    "zsh": "sudoku completion zsh > ~/.zfunc/_sudoku  (with fpath+=~/.zfunc in ~/.zshrc)",
    "fish": "sudoku completion fish > ~/.config/fish/completions/sudoku.fish",
}


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku completion``."""
    p = sub.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh, fish)",
        description="Print a script that makes the shell complete sudoku's commands, options "
        "and formats. Needs the 'completion' extra (pip install 'sudokit[completion]'). "
        "Install: " + "; ".join(INSTALL.values()) + ".",
    )
    p.add_argument("shell", choices=SHELLS, help="the shell: " + ", ".join(SHELLS))


def run(args: argparse.Namespace, env: Env) -> int:
    """Print the completion script; the exit status."""
    from . import UsageError, build_parser

    try:
        import shtab  # deferred: an optional dependency, needed by this command only
    except ImportError:
        raise UsageError(
            "shell completion needs shtab: pip install 'sudokit[completion]'"
        ) from None
    script = shtab.complete(build_parser(), shell=args.shell)
    env.stdout.write(script.encode())
    return ExitStatus.OK
