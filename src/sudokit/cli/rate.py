"""``sudoku rate``: each puzzle's level and score, one line per puzzle, in input order."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from itertools import chain, islice
from typing import Any

from ..executors import Executor
from ..stream import records as stream
from ._cluster import add_cluster_argument, cluster_executor
from ._datasets import (
    add_dataset_arguments,
    one_grid,
    resumed_lines,
    unused_dataset_options,
    wants_dataset,
    write_dataset,
)
from ._inputs import (
    Input,
    Tally,
    add_input_arguments,
    add_jobs_argument,
    each_record,
    error_in_place,
    positive_float,
)
from ._ladder import SHEET_STEPS, add_ladder_arguments, ladder_keys
from ._output import add_format_argument, line_form
from ._sheets import block_count, complete_blocks, in_blocks, rated_block
from .env import Env
from .status import ExitStatus

#: Seconds a rating may take by default (a 9x9 takes milliseconds; an empty 16x16, minutes).
TIME_LIMIT = 20.0

#: The scales --scale can name (kept here as text so that the parser is built without
#: importing the rater; a test checks them against ``sudokit.logic.scales.SCALES``).
SCALE_NAMES = ("sudokit", "se", "sukaku", "hodoku")

#: What --format can name for a rating.
FIELDS = ["puzzle", "level", "score", "hardest", "er", "ep", "ed", "line", "file"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku rate`` and its options."""
    p = sub.add_parser(
        "rate",
        help="rate puzzles: level (easy .. extreme) and score",
        description="For each puzzle print its level (easy, medium, hard, expert, extreme), "
        "its score on a Sudoku-Explainer-like scale and the technique that set the level; "
        "see docs/rating.md. A puzzle with no solution rates 'invalid 0.0' and makes the exit "
        "status 1. --scale NAME rates on another scale (se, sukaku: Sudoku Explainer's two "
        "flavours; hodoku: HoDoKu's level word and score); --scale alone prints sudokit's "
        "scale (its version and every technique's parameters). "
        "On more than one puzzle, each line starts with the puzzle (in the line form), so "
        "that the output reads back as a rated list of puzzles; puzzles of overlapping grids "
        "(samurai, ...) are written as they were read instead (their sheet, or one line per "
        "grid), each after its rating as a '# ' comment line and followed by a blank line, "
        f"which reads back the same. {SHEET_STEPS}",
    )
    add_input_arguments(p)
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    add_jobs_argument(p)
    p.add_argument("--time-limit", type=positive_float, default=TIME_LIMIT, metavar="SECONDS",
                   help="stop rating a puzzle after about this long and rate the steps found "
                   f"so far, with a note; it counts as a failure (default {TIME_LIMIT:g})")
    add_format_argument(p, FIELDS)
    add_ladder_arguments(p)
    p.add_argument("--scale", nargs="?", const="", default=None, metavar="NAME",
                   help="rate on the scale NAME: sudokit (the default), se (Sudoku Explainer "
                   "1.2.1.3's ladder and ER/EP/ED), sukaku (Sukaku Explainer's), hodoku "
                   "(HoDoKu 2.2's solving order; its level word, easy .. extreme with "
                   "unfair, and its score, a whole number, as the rating); --techniques and "
                   "--exclude then cut that scale's ladder. With no NAME: print sudokit's "
                   "scale and exit")
    add_cluster_argument(p)
    add_dataset_arguments(p, to=True)


def run(args: argparse.Namespace, env: Env) -> int:
    """Print each puzzle's rating (or the scale); the exit status."""
    import json  # deferred to keep `sudoku` start-up fast: only JSON lines need it

    # the rater is imported here: it takes longer to import than the rest of the command
    from ..logic.rating import scale_id, scale_table

    if args.scale == "":
        optional = _optional_rows()
        if args.json:
            env.stdout.write(
                json.dumps({"scale": scale_id(), "techniques": scale_table(),
                            "optional": optional}, indent=1).encode()
                + b"\n"
            )
        else:
            env.stdout.write(f"scale {scale_id()}\n".encode())
            env.stdout.write(f"{'#':>3} {'technique':<26} {'level':<8} {'score':>5} "
                             f"{'effort':>6}\n".encode())
            for row in scale_table():
                env.stdout.write(
                    f"{row['order']:>3} {row['name']:<26} {row['level']:<8} "
                    f"{row['score']:>5.1f} {row['effort']:>6}"
                    f"{'  (uniqueness)' if row['uniqueness'] else ''}\n".encode()
                )
            env.stdout.write(b"not in the default ladder (name them with --techniques; each "
                             b"comes after the technique named, from the ladder above):\n")
            for row in optional:
                env.stdout.write(
                    f"  - {row['name']:<26} {row['level']:<8} {row['score']:>5.1f} "
                    f"{row['effort']:>6}  (after {row['after']})\n".encode()
                )
        return ExitStatus.OK
    if args.scale is not None and args.scale.strip().lower() not in SCALE_NAMES:
        env.error(f"unknown scale {args.scale!r} (known: {', '.join(SCALE_NAMES)}; "
                  "--scale with no name prints the scale table)")
        return ExitStatus.USAGE
    args.scale = "sudokit" if args.scale is None else args.scale.strip().lower()
    if args.scale != "sudokit" and wants_dataset(args):
        env.error(f"--scale {args.scale} rates lines, not a dataset: a dataset keeps "
                  "sudokit's scale")
        return ExitStatus.USAGE
    if unused_dataset_options(args, env):
        return ExitStatus.USAGE
    with cluster_executor(args) as executor:
        return _rate(args, env, executor)


def _optional_rows() -> list[dict[str, object]]:
    """The techniques not in the default ladder, as scale rows with the key of the technique
    each follows when named."""
    # imported when needed: the command's start-up stays fast
    from ..logic.select import place_of
    from ..logic.techniques import OPTIONAL

    return [{"key": t.key, "name": t.name, "level": str(t.level), "score": t.score,
             "effort": t.effort, "uniqueness": t.uniqueness, "after": place_of(t)}
            for t in OPTIONAL]


def _rate(args: argparse.Namespace, env: Env, executor: Executor | None) -> int:
    import json  # deferred to keep `sudoku` start-up fast: only JSON lines need it

    # imported here, like the rater in run: every command's start-up would pay for it
    from ..logic.path import GAVE_UP
    from ..logic.report import with_notes

    tally = Tally()
    if wants_dataset(args):
        items = ((i, record.line, one_grid(opened.source, record).item, record.error, None)
                 for i, (opened, record)
                 in enumerate(each_record(args, env, tally, answer_errors=False)))
        return write_dataset(args, env, tally, items, executor, jobs=args.jobs,
                             keys=ladder_keys(args))
    # an unreadable record is answered here, in its place among the ratings in flight
    sources: dict[int, str] = {}  # the input of each record in flight, for {file}
    records = _noting_sources(each_record(args, env, tally, answer_errors=False), sources)
    # each rating names its puzzle when there are several: the first two are read ahead
    first = list(islice(records, 2))
    many, records = len(first) > 1, chain(first, records)
    blocks = many and not args.json and in_blocks(first[0])  # a puzzle takes several lines
    if args.resume:  # a stopped run's complete records are kept: a line or a block each
        kept = None if args.template is not None else \
            resumed_lines(args, env, complete_blocks if blocks else None)
        if kept is None:
            if args.template is not None:
                env.error("--resume keeps lines of rate's own output, not of --format")
            return ExitStatus.USAGE
        if _any_failed(kept, args.json):
            tally.note(ExitStatus.FAILURE)
        records = _skipped(records, block_count(kept) if blocks else kept.count(b"\n"),
                           sources)
    ratings = stream.rate(records, jobs=args.jobs, executor=executor,
                          time_limit=args.time_limit, keys=ladder_keys(args), scale=args.scale)
    for record, rating in ratings:
        source = sources.pop(id(record), "")
        if rating is None:  # reported on standard error by each_record
            env.stdout.write(error_in_place(record, source, args))
            if many and not args.json and in_blocks(record):
                env.stdout.write(b"\n")  # the block's end, as after a rated sheet
            continue
        if rating.solutions == 0 or any(n.startswith(GAVE_UP) for n in rating.notes):
            tally.note(ExitStatus.FAILURE)
        if args.template is not None and not args.json:
            env.stdout.write(args.template.line(
                {"puzzle": line_form(record.item), "level": rating.level,
                 "score": f"{rating.score:.0f}" if rating.reads_hodoku
                 else f"{rating.score:.1f}", "hardest": rating.hardest,
                 "er": f"{rating.er:.1f}", "ep": f"{rating.ep:.1f}", "ed": f"{rating.ed:.1f}",
                 "line": record.line, "file": source}, record, env, tally))
            continue
        if args.json:
            line = json.dumps(rating.to_dict())
        else:
            line = with_notes(rating.se_line(), rating.notes)
            if many and in_blocks(record):
                env.stdout.write(rated_block(record, line))
                continue
            if many:
                line = f"{line_form(record.item)} {line}"
        env.stdout.write(f"{line}\n".encode())
    return tally.status


def _skipped(records: Iterator[Any], count: int, sources: dict[int, str]) -> Iterator[Any]:
    """``records`` less the first ``count`` (read, so their errors are reported again)."""
    for i, record in enumerate(records):
        if i < count:
            sources.pop(id(record), None)
            continue
        yield record


def _any_failed(kept: bytes, as_json: bool) -> bool:
    """Whether the kept lines of a stopped run rate a puzzle with no solution, or one whose
    rating gave up (the status the whole run ends with)."""
    import json  # deferred to keep `sudoku` start-up fast: only JSON lines need it

    from ..logic.path import GAVE_UP  # imported when needed: the command's start-up stays fast

    for line in kept.decode().splitlines():
        if line.startswith("ERROR: "):
            continue
        if as_json:
            data = json.loads(line)
            if "error" in data:  # an unreadable record's place
                continue
            if data["solutions"] == 0 or any(n.startswith(GAVE_UP) for n in data["notes"]):
                return True
        elif " invalid 0.0 " in f" {line} " or f"  # {GAVE_UP}" in line:
            return True
    return False


def _noting_sources(pairs: Iterator[tuple[Input, Any]], sources: dict[int, str]
                    ) -> Iterator[Any]:
    """The records of ``pairs``, each one's input name noted in ``sources`` by its id."""
    for opened, record in pairs:
        sources[id(record)] = opened.source
        yield record
