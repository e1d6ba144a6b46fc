"""``sudoku explain``: the whole logical path of each puzzle, step by step."""

from __future__ import annotations

import argparse
from collections import deque
from collections.abc import Iterable, Iterator
from functools import partial

from ..candidates import Candidates
from ..executors import InlineExecutor
from ..formats import Record
from ..grid import Grid
from ._budget import OverBudget, add_search_budget_argument, searches_at_most
from ._cluster import add_cluster_argument, cluster_executor
from ._datasets import (
    add_dataset_arguments,
    add_to_argument,
    no_text_resume,
    one_grid,
    wants_dataset,
    write_dataset,
)
from ._inputs import (
    Input,
    Tally,
    add_json_reader,
    each_record,
    error_in_place,
    positive_float,
)
from ._ladder import SHEET_STEPS, add_ladder_arguments, ladder_keys
from ._pictures import (
    PICTURES,
    add_picture_options,
    draw_records,
    explain_html,
    wants_pictures,
)
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
        "ended and the rating. A 9x9 puzzle with one solution is always solved by logic "
        "(nested forcing chains at worst); others may get stuck, and --guess goes on by trial "
        "and error. "
        f"{SHEET_STEPS} "
        "Exit status 1 when a puzzle has no solution.",
    )
    p.add_argument("--pretty", action="store_true",
                   help="draw the candidate grid before each step (on overlapping grids such "
                   "as samurai, the sheet's digits)")
    p.add_argument(
        "--guess",
        action="store_true",
        help="when no technique applies, take a brute-force step and go on",
    )
    p.add_argument("--html", action="store_true",
                   help="one self-contained HTML page that steps through the solution, "
                   "picture and text of each step, arrow keys for previous and next (-o FILE)")
    p.add_argument("--time-limit", type=positive_float, default=TIME_LIMIT, metavar="SECONDS",
                   help="begin no step after about this long on a puzzle: its path stops "
                   f"short with a note, and it counts as a failure (default {TIME_LIMIT:g})")
    add_search_budget_argument(p)
    add_ladder_arguments(p)
    add_cluster_argument(p)
    add_dataset_arguments(p, to=False)
    add_to_argument(p, PICTURES, "pictures of every step (svg, png, pdf), or a dataset of "
                    "records with their steps (jsonl, parquet)")
    add_picture_options(p)


#: Seconds a puzzle's path may take by default (an empty 16x16 takes about 2 s a step).
TIME_LIMIT = 20.0

#: Puzzles explained as one piece of work (each takes milliseconds).
PIECE = 16

Puzzle = Grid | Candidates


def run(args: argparse.Namespace, env: Env) -> int:
    """Print the logical path of each puzzle (or its dataset record); the exit status."""
    if args.html and args.json:
        env.error("--html and --json both choose the output: give one of them")
        return ExitStatus.USAGE
    if args.html:
        return explain_html(args, env)
    if wants_pictures(args):
        return draw_records(args, env, "steps")
    if no_text_resume(args, env):
        return ExitStatus.USAGE
    tally = Tally()
    with cluster_executor(args) as executor:
        if wants_dataset(args):
            items = ((i, r.line, one_grid(opened.source, r).item, r.error, None)
                     for i, (opened, r)
                     in enumerate(each_record(args, env, tally, answer_errors=False)))
            return write_dataset(args, env, tally, items, executor, steps=True,
                                 guess=args.guess, keys=ladder_keys(args))
        # an unreadable record is answered here, in its place among the paths in flight
        pairs = each_record(args, env, tally, answer_errors=False)
        held: deque[list[tuple[Input, Record]]] = deque()

        def pieces() -> Iterator[list[Puzzle | None]]:
            for piece in _pieces(pairs, PIECE):
                held.append(piece)
                yield [record.item for _, record in piece]

        explain = partial(explain_piece, args.guess, args.pretty, args.json,
                          time_limit=args.time_limit, keys=ladder_keys(args),
                          max_searches=args.max_searches)
        first = True
        for answers in (executor or InlineExecutor()).map(explain, pieces()):
            for (opened, record), answer in zip(held.popleft(), answers, strict=True):
                if answer is None:  # reported on standard error by each_record
                    env.stdout.write(error_in_place(record, opened.source, args))
                    continue
                text, failed = answer
                if failed:
                    tally.note(ExitStatus.FAILURE)
                if not args.json:
                    header = f"# {opened.source}, line {record.line}\n"
                    text = ("" if first else "\n") + header + text
                first = False
                env.stdout.write(text.encode())
    return tally.status


def explain_piece(guess: bool, pretty: bool, as_json: bool, puzzles: list[Puzzle | None],
                  time_limit: float | None = None, keys: tuple[str, ...] | None = None,
                  max_searches: int | None = None) -> list[tuple[str, bool] | None]:
    """For each puzzle, its path as text (or a JSON line) and whether it has no solution;
    None for None (a record that could not be read): what an executor runs. ``keys``: the
    technique keys of the ladder (None: the whole ladder); ``max_searches``: technique
    searches a puzzle may take (None: no limit; past it, an error line in its place)."""
    import json  # deferred to keep `sudoku` start-up fast: only JSON output needs it

    from ..logic import LADDER, report, solve_path  # the solver by logic when used
    from ..logic.path import GAVE_UP
    from ..logic.rating import rating_of
    from ..logic.select import ladder_of

    ladder = ladder_of(keys, "explain")

    out: list[tuple[str, bool] | None] = []
    for puzzle in puzzles:
        if puzzle is None:
            out.append(None)
            continue
        techniques = ladder if max_searches is None else searches_at_most(
            LADDER if ladder is None else ladder, max_searches)
        try:
            path = solve_path(puzzle, guess=guess, time_limit=time_limit, techniques=techniques)
        except OverBudget as e:
            error = {"error": str(e)}
            out.append(((json.dumps(error) if as_json else f"ERROR: {e}") + "\n", True))
            continue
        rating = rating_of(path) if path.solved else None
        if as_json:
            text = json.dumps(report.path_dict(path, rating)) + "\n"
        else:
            text = report.path_text(path, rating, pretty, puzzle)
        gave_up = any(note.startswith(GAVE_UP) for note in path.notes)
        out.append((text, path.solutions == 0 or gave_up))
    return out


def _pieces(pairs: Iterable[tuple[Input, Record]], size: int
            ) -> Iterator[list[tuple[Input, Record]]]:
    piece: list[tuple[Input, Record]] = []
    for pair in pairs:
        piece.append(pair)
        if len(piece) == size:
            yield piece
            piece = []
    if piece:
        yield piece
