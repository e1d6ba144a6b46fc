"""``sudoku create --technique``: puzzles made for a technique, their drills, their JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ._inputs import progress
from .env import Env
from .status import ExitStatus

#: create's options that puzzles made for a technique do not take (they are 9x9, and
#: their clues are what the technique needs), with their defaults.
_NOT_WITH = {
    "size": 9,
    "box": None,
    "clues": None,
    "symmetry": "none",
    "difficulty": None,
    "cluster": None,
    "with_solution": False,
}


def _refused(args: argparse.Namespace) -> str | None:
    """The first option given that a puzzle made for a technique cannot honour."""
    for name, default in _NOT_WITH.items():
        if getattr(args, name, default) != default:
            if name == "with_solution" and args.json:
                continue  # the JSON object carries the solution anyway
            return "--" + name.replace("_", "-")
    return None


def run_targeted(args: argparse.Namespace, env: Env) -> int:
    """Make ``--count`` puzzles for the technique and print them (or their drills)."""
    # imported when needed: the command's start-up stays fast
    from .. import formats
    from ..errors import GenerateGaveUp
    from ..generator.targeted import iter_generate_for

    refused = _refused(args)
    if refused is not None:
        env.error(f"{refused} does not go with --technique, --score-min/--score-max, "
                  "--cleanness or --practice (puzzles made for a technique are 9x9, with "
                  "the clues the technique needs)")
        return ExitStatus.USAGE
    fmt = args.to_format or ("pretty" if args.practice else "grid")
    if args.json and args.to_format is not None:
        env.error("--json and --to both choose the output: give one of them")
        return ExitStatus.USAGE
    if fmt not in formats.FORMATS:
        env.error(f"--to {fmt}: puzzles made for a technique are written as text "
                  f"({', '.join(formats.FORMATS)}) or with --json")
        return ExitStatus.USAGE
    made = iter_generate_for(args.count, args.technique, cleanness=args.cleanness,
                             score_min=args.score_min, score_max=args.score_max,
                             techniques=args.techniques, exclude=args.exclude,
                             seed=args.seed, tries=args.tries, jobs=args.jobs,
                             minimal=args.minimal)
    try:
        if args.json:
            for item in progress(made, env, "puzzles", total=args.count):
                env.stdout.write(json.dumps(record(item, args.cleanness)).encode() + b"\n")
            return ExitStatus.OK
        writer = formats.Writer(fmt, env.stdout)
        try:
            for item in progress(made, env, "puzzles", total=args.count):
                writer.write(item.practice if args.practice else item.puzzle)
        finally:
            writer.close()
    except GenerateGaveUp as e:  # possible in principle, not found in the tries
        env.error(str(e))
        return ExitStatus.FAILURE
    return ExitStatus.OK


def record(made: Any, cleanness: int) -> dict[str, Any]:
    """The JSON object of one puzzle made for a technique."""
    from ..formats import candidates  # imported when needed: the command's start-up stays fast

    return {
        "puzzle": made.puzzle.to_line(),
        "solution": made.solution.to_line(),
        "givens": made.puzzle.givens,
        "technique": made.step.technique,
        "key": made.step.key,
        "cleanness": cleanness,
        "score": made.rating.score,
        "level": made.rating.level,
        "hardest": made.rating.hardest,
        "step": made.step.to_dict(),
        "practice": candidates.dumps(made.practice).strip(),
    }
