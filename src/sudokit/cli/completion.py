"""``sudoku completion SHELL``: a completion script for bash, zsh or fish, made by shtab
from the command's own parser, so it always knows every command, option and choice; the
arguments that name files (puzzle files, photos, ``-o``, ``--solution``, ``--layout``) and
the first word (``sudoku FILE`` is ``sudoku solve FILE``) complete file names."""

from __future__ import annotations

import argparse
from typing import Any

from ..extras import install_hint
from .env import Env
from .status import ExitStatus

SHELLS = ["bash", "zsh", "fish"]

INSTALL = {
    "bash": "sudoku completion bash > ~/.local/share/bash-completion/completions/sudoku",
    "zsh": "sudoku completion zsh > ~/.zfunc/_sudoku  (with fpath+=~/.zfunc in ~/.zshrc)",
    "fish": "sudoku completion fish > ~/.config/fish/completions/sudoku.fish",
}

#: The metavars of the arguments that name files.
FILE_METAVARS = frozenset({"FILE", "PHOTO"})

#: The first word completes file names as well as commands, in each shell's own terms:
#: bash's positional variables, zsh's first-argument spec, fish's condition at the top.
FIRST_WORD_FILES = {
    "bash": "_shtab_sudoku_pos_0_COMPGEN=_shtab_compgen_files",
    "zsh": "_shtab_sudoku_command_or_file() {\n  _alternative "
           "'commands:command:_shtab_sudoku_commands' 'files:file:_files'\n}",
    "fish": "complete -c sudoku -n _shtab_sudoku_using -F",
}


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku completion``."""
    p = sub.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh, fish)",
        description="Print a script that makes the shell complete sudoku's commands, options, "
        "formats and file names. Needs the 'completion' extra ("
        f"{install_hint('completion')}). Install: " + "; ".join(INSTALL.values()) + ".",
    )
    p.add_argument("shell", choices=SHELLS, help="the shell: " + ", ".join(SHELLS))


def run(args: argparse.Namespace, env: Env) -> int:
    """Print the completion script; the exit status."""
    # imported when needed: the command's start-up stays fast
    from . import UsageError, build_parser

    try:
        import shtab  # deferred: an optional dependency, needed by this command only
    except ImportError:
        raise UsageError(
            f"shell completion needs shtab: {install_hint('completion')}"
        ) from None
    parser = build_parser()
    complete_file_names(parser, shtab.FILE)
    script = shtab.complete(parser, shell=args.shell)
    env.stdout.write(with_first_word_files(script, args.shell).encode())
    return ExitStatus.OK


def complete_file_names(parser: argparse.ArgumentParser, files: Any) -> None:
    """Mark every argument of every command that names a file (by its metavar) with
    shtab's file completion ``files``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command_parser in action.choices.values():
                complete_file_names(command_parser, files)
        elif action.metavar in FILE_METAVARS:
            action.complete = files  # type: ignore[attr-defined]  # read by shtab


def with_first_word_files(script: str, shell: str) -> str:
    """The script, its first word completing file names too (``sudoku FILE``)."""
    if shell == "zsh":
        commands = "': :_shtab_sudoku_commands'"
        if commands not in script:
            return script  # another shtab's layout: commands only
        script = script.replace(commands, "': :_shtab_sudoku_command_or_file'")
        return script.replace("\n_shtab_sudoku() {",
                              f"\n{FIRST_WORD_FILES[shell]}\n\n_shtab_sudoku() {{", 1)
    if shell == "bash":
        # after shtab's own variables, before its functions read them
        marker = "\n# $1=COMP_WORDS[1]\n_shtab_compgen_files()"
        if marker in script:
            return script.replace(marker, f"\n{FIRST_WORD_FILES[shell]}\n{marker}", 1)
        return script
    return script + FIRST_WORD_FILES[shell] + "\n"
