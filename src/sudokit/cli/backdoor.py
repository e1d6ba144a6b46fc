"""``sudoku backdoor``: the smallest singles backdoor of each puzzle."""

from __future__ import annotations

import argparse
from typing import Any

from ._inputs import Tally, add_input_arguments, each_record, positive_int
from .env import Env
from .status import ExitStatus


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku backdoor`` and its options."""
    from ..analysis.backdoor import NODES  # imported when needed: start-up stays fast

    p = sub.add_parser(
        "backdoor",
        help="the fewest cells that, once right, let singles finish each puzzle",
        description="For each puzzle, the size and cells of its smallest singles backdoor: "
        "the fewest cells that, set to their digits of the solution, let naked and hidden "
        "singles alone solve it (size 0: singles solve it as it is). Sizes 0, 1, 2, ... "
        "are searched in turn within --nodes boards; past them the line says the least "
        "size not ruled out. One line per puzzle, in order. A puzzle with no solution or "
        "several is refused: one line on standard error naming it, status 2. Classic "
        "rules, sizes up to 16x16.",
    )
    add_input_arguments(p)
    p.add_argument("--nodes", type=positive_int, default=NODES, metavar="N",
                   help=f"boards tried per puzzle before the search stops (default {NODES})")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per puzzle: file, line, puzzle, size (null when the "
                   "search stopped), cells (as r1c2=5), at_least, nodes")


def run(args: argparse.Namespace, env: Env) -> int:
    """Write each puzzle's smallest singles backdoor, in order; the exit status."""
    # deferred to keep `sudoku` start-up fast: only this command needs them
    from ..analysis.backdoor import singles_backdoor
    from ..analysis.solutions import count, refusal
    from ..analysis.verdict import clue_names
    from ..candidates import Candidates

    tally = Tally()
    for opened, record in each_record(args, env, tally, answer_errors=False):
        where = f"{opened.source}, line {record.line}"
        if record.error is not None:  # already reported by each_record
            _say(env, args, where, {"file": opened.source, "line": record.line,
                                    "error": str(record.error.message)},
                 f"ERROR: {record.error}")
            continue
        item: Any = record.item
        grid = item.to_grid() if isinstance(item, Candidates) else item
        refused = refusal(grid, "backdoor")
        if refused is None:
            found = count(grid) if grid.is_valid() else 0
            if found != 1:
                refused = ("the puzzle has no solution" if not found else
                           "the puzzle has more than one solution")
        if refused is not None:
            env.error(f"{where}: {refused}")
            tally.note(ExitStatus.USAGE)
            _say(env, args, where, {"file": opened.source, "line": record.line,
                                    "error": refused}, f"ERROR: {refused}")
            continue
        answer = singles_backdoor(grid, nodes=args.nodes)
        names = clue_names(grid.shape, answer.clues)
        if answer.size is None:
            text = (f"no singles backdoor of fewer than {answer.at_least} cells; the search "
                    f"stopped after {answer.nodes} boards (--nodes)")
        elif answer.size == 0:
            text = "0 cells: singles solve it as it is"
        else:
            text = f"{answer.size} cell{'s' * (answer.size != 1)}: {', '.join(names)}"
        _say(env, args, where, {"file": opened.source, "line": record.line,
                                "puzzle": grid.to_line(), "size": answer.size,
                                "cells": names, "at_least": answer.at_least,
                                "nodes": answer.nodes}, text)
    return tally.status


def _say(env: Env, args: argparse.Namespace, where: str, data: dict[str, object],
         text: str) -> None:
    """One puzzle's answer: ``data`` as a JSON line with --json, else ``text``."""
    if args.json:
        import json  # deferred to keep `sudoku` start-up fast: only --json writes JSON

        env.stdout.write((json.dumps(data) + "\n").encode())
    elif text.startswith("ERROR: "):
        env.stdout.write(f"{text}\n".encode())
    else:
        env.stdout.write(f"{where}: {text}\n".encode())
