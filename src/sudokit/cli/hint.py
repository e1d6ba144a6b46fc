"""``sudoku hint``: the next step for each puzzle, one line each: technique, cells, changes."""

from __future__ import annotations

import argparse
from typing import Any

from ..messages import NOT_SOLVEABLE
from ._budget import OverBudget, add_search_budget_argument, searches_at_most, within
from ._inputs import Tally, add_json_reader, each_record, positive_float
from ._ladder import SHEET_STEPS, add_ladder_arguments, ladder_of
from ._pictures import add_picture_options, draw_records, wants_pictures
from ._teaching import teaching_lines
from .env import Env
from .status import ExitStatus

#: Seconds a hint may take by default (a step on an empty 36x36 takes about 40 s).
TIME_LIMIT = 20.0


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku hint`` and its options."""
    p = add_json_reader(
        sub,
        "hint",
        "the next logical step for each puzzle",
        "For each puzzle (or candidate board) print the easiest step a human "
        "solver can take: technique, cells, then placements (r1c1=5) and eliminations "
        "(r1c1<>5). When no technique applies, a brute-force step says which digit trial "
        "and error finds. Uniqueness techniques are used only on puzzles with one solution "
        f"(a note says when they were skipped). {SHEET_STEPS} Exit status 1 when a puzzle "
        "has no solution.",
    )
    p.add_argument("--why", action="store_true", help="add the step's explanation on the next line")
    p.add_argument("--time-limit", type=positive_float, default=TIME_LIMIT, metavar="SECONDS",
                   help="give up on a puzzle after this long (a step on a large empty grid "
                   "can take minutes); it counts as a failure (default "
                   f"{TIME_LIMIT:g})")
    p.add_argument(
        "--level",
        choices=("nudge", "technique", "cells", "step"),
        default=None,
        help="tell the step a little at a time: nudge (the unit to look at), technique (and "
        "what to look for), cells (and the cells it uses), step (all of it, with why)",
    )
    p.add_argument(
        "--all",
        action="store_true",
        help="list every step available now, grouped by technique (at most 20 a "
        "technique; the forcing chains give their first step only)",
    )
    add_search_budget_argument(p)
    add_ladder_arguments(p)
    add_picture_options(p, to=True)


def run(args: argparse.Namespace, env: Env) -> int:
    """Print the next step of each puzzle; the exit status."""
    import json  # deferred to keep `sudoku` start-up fast: only JSON output needs it

    from ..logic import hint, report  # imported when needed: the command's start-up stays fast

    clash = _clashing_options(args)
    if clash:
        env.error(clash)
        return ExitStatus.USAGE
    if wants_pictures(args):
        return draw_records(args, env, "hint")
    ladder = ladder_of(args)
    tally = Tally()
    for opened, record in each_record(args, env, tally):
        try:
            with within(args.time_limit):
                found = hint(record.item,
                             techniques=searches_at_most(ladder, args.max_searches))
                teaching = (teaching_lines(record.item, found, args, ladder)
                            if (args.level or args.all) and found.solutions else None)
        except OverBudget as e:
            tally.note(ExitStatus.FAILURE)
            env.error(f"{opened.source}, line {record.line}: {e}")
            gave_up = {"file": opened.source, "line": record.line, "error": str(e)}
            env.stdout.write((json.dumps(gave_up) if args.json else f"ERROR: {e}").encode()
                             + b"\n")
            continue
        if found.solutions == 0:
            tally.note(ExitStatus.FAILURE)
            _say_clash(env, opened.source, record)
        if teaching is not None:
            line = teaching
        elif args.json:
            data = report.step_dict(found.step, found.notes)
            data["solutions"] = found.solutions
            line = json.dumps(data)
        elif found.solutions == 0:
            line = NOT_SOLVEABLE
        else:
            line = report.hint_line(found.step, found.solved, found.notes)
            if args.why and found.step is not None:
                line += f"\n  {found.step.text}"
        env.stdout.write(f"{line}\n".encode())
    return tally.status


def _clashing_options(args: argparse.Namespace) -> str | None:
    """Why the options asked for cannot all be honoured (one would be ignored), or None."""
    if args.all and args.level:
        return "--all and --level do not go together: --all lists whole steps"
    if args.why and args.all:
        return "--why does not go with --all, which lists the steps only"
    if args.why and args.level:
        return "--why does not go with --level: --level step tells the step and why"
    if wants_pictures(args) and (args.all or args.level not in (None, "step")):
        return (f"--{'all' if args.all else 'level'} does not go with --to {args.to_format}: "
                "a picture shows the whole step (leave out --to for text)")
    return None


def _say_clash(env: Env, source: str, record: Any) -> None:
    """Say on standard error why a puzzle has no solution when its givens clash, as
    ``sudoku solve`` does."""
    from ..stream.records import clash  # deferred: only a puzzle with no solution needs it

    why = clash(record.item)
    if why:
        env.error(f"{source}, line {record.line}: {why}")
