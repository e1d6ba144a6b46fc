"""``sudoku explain``: the whole logical path of each puzzle, step by step."""

from __future__ import annotations

import argparse
import json

from ._inputs import Tally, add_json_reader, each_record
from ._pictures import add_picture_options, draw_records, explain_html, wants_pictures
from .env import Env
from .status import ExitStatus


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku explain`` and its options."""
    p = add_json_reader(
        sub,
        "explain",
        "every step a human solver takes, with the reason for each",
        "For each puzzle print the steps of the logical solution, easiest "
        "technique first, each with its cells, changes and a sentence saying why, then how it "
        "ended and the rating. Logic alone may get stuck; --guess goes on by trial and error. "
        "Exit status 1 when a puzzle has no solution.",
    )
    p.add_argument("--pretty", action="store_true", help="draw the candidate grid before each step")
    p.add_argument(
        "--guess",
        action="store_true",
        help="when no technique applies, take a brute-force step and go on",
    )
    p.add_argument("--html", action="store_true",
                   help="one self-contained HTML page that steps through the solution, "
                   "picture and text of each step, arrow keys for previous and next (-o FILE)")
    add_picture_options(p, to=True)


def run(args: argparse.Namespace, env: Env) -> int:
    """Print the logical path of each puzzle; the exit status."""
    from ..logic import report, solve_path
    from ..logic.rating import rating_of

    if args.html:
        return explain_html(args, env)
    if wants_pictures(args):
        return draw_records(args, env, "steps")
    tally = Tally()
    first = True
    for opened, record in each_record(args, env, tally):
        path = solve_path(record.item, guess=args.guess)
        if path.solutions == 0:
            tally.note(ExitStatus.FAILURE)
        rating = rating_of(path) if path.solved else None
        if args.json:
            text = json.dumps(report.path_dict(path, rating)) + "\n"
        else:
            header = f"# {opened.source}, line {record.line}\n"
            text = report.path_text(path, rating, args.pretty, record.item)
            text = ("" if first else "\n") + header + text
        first = False
        env.stdout.write(text.encode())
    return tally.status
