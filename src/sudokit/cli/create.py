"""``sudoku create``: print new random puzzles, each with exactly one solution."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from ..generator.choices import DIFFICULTIES, SYMMETRIES
from ._cluster import add_cluster_argument, cluster_executor
from ._datasets import (
    add_dataset_arguments,
    add_to_argument,
    no_text_resume,
    wants_dataset,
    write_dataset,
)
from ._inputs import JOBS_HELP, Tally, positive_int, progress, seed_arg, variant_arg
from ._ladder import add_ladder_arguments, technique_names
from ._pictures import PICTURES, add_picture_options
from ._sheets import sheet_named
from .env import Env
from .status import ExitStatus

#: The smallest grid create makes: the smallest every command reads (a 3x3 or smaller
#: would be printed, then refused by solve).
MIN_SIZE = 4
#: The largest grid create makes in reasonable time (36x36 takes seconds, 49x49 does not
#: finish in minutes).
MAX_SIZE = 36


def add_parser(sub: argparse._SubParsersAction) -> None:
    # imported when needed: the command's start-up stays fast
    from .. import formats
    from ._inputs import box_arg

    p = sub.add_parser(
        "create",
        help="create random puzzles with exactly one solution",
        description="Print new random puzzles, each proven to have exactly one solution. "
        "By default one 9x9 puzzle with 40 to 64 blanks, as 9 lines of 9 numbers (0 for a "
        "blank). Try: sudoku create --count 100 --to line | sudoku solve",
        epilog="Symmetries: " + "; ".join(f"{k}: {v}" for k, v in SYMMETRIES.items()) + ". "
        "Exit status: 0 done, 1 no puzzle met the options within the tries, "
        "2 options no puzzle can meet.",
    )
    p.add_argument("--count", "-n", type=positive_int, default=1, metavar="N",
                   help="how many different puzzles (default 1)")
    p.add_argument("--seed", metavar="S", type=seed_arg,
                   help="any text: the same seed and options print the same puzzles, on any "
                   "machine and with any --jobs")
    p.add_argument("--size", type=positive_int, default=9, metavar="N",
                   help="side of the grid: 4, 6, 8, 9 (default), 12, 16, 25, up to "
                   f"{MAX_SIZE}")
    p.add_argument("--box", type=box_arg, metavar="RxC",
                   help="box shape (rows x columns), for a size with no natural one or "
                   "another shape (e.g. --size 8 --box 4x2)")
    p.add_argument("--clues", type=positive_int, metavar="K",
                   help="exactly K givens (at least 17 on 9x9; counts near the least take "
                   "many tries)")
    p.add_argument("--symmetry", default="none", metavar="NAME",
                   choices=[*SYMMETRIES, "full"],
                   help="a symmetric pattern of givens: " + ", ".join(SYMMETRIES)
                   + " (full = dihedral); default none")
    p.add_argument("--minimal", action="store_true",
                   help="no given can be removed without a second solution appearing")
    p.add_argument("--difficulty", choices=DIFFICULTIES, metavar="LEVEL",
                   help="rated level: " + ", ".join(DIFFICULTIES) + " (killer, thermo "
                   "and kropki up to expert, rated by the techniques up to that level; "
                   "small cages make easy and medium killers, e.g. --cage-size 2-3)")
    p.add_argument("--variant", type=variant_arg, metavar="NAME[+NAME...]",
                   help="make puzzles under these rules (written as SudokuPad links unless "
                   "--to says otherwise): x, windoku, anti-king, anti-knight, "
                   "non-consecutive, disjoint, centre-dot, jigsaw (new connected regions for "
                   "each puzzle), even-odd (a third of the cells marked odd or even), "
                   "killer (cages with their sums grown on the solution, no givens), thermo, "
                   "arrow, kropki (thermometers, arrows, or every kropki dot drawn on the "
                   "solution, as few givens as keep one solution), joined with '+' "
                   "(jigsaw+x, killer+x); sizes 4 to 16 where the rules fit (windoku 9x9; "
                   "killer, thermo, arrow and kropki up to 9x9); written in the formats "
                   "that hold the rules. Overlapping 9x9 grids, alone: samurai, twodoku, "
                   "butterfly, sohei, windmill, flower (written as their sheet, --to "
                   "samurai; --symmetry a turn or reflection the layout keeps)")
    p.add_argument("--cage-size", type=cage_size_arg, metavar="MIN-MAX",
                   help="with --variant killer: each cage holds MIN to MAX cells (default "
                   "2-5; one number N for exactly N); at most the size of the grid, since "
                   "a cage's digits differ")
    p.add_argument("--pattern", metavar="MASK",
                   help="the givens are exactly these cells: one character a cell in reading "
                   "order, x, X, 1 or * for a given and . or 0 for a blank (81 for 9x9), or a "
                   "file holding them (white space ignored); with --difficulty or "
                   "--technique, --count, --seed, --tries (solution counts made per puzzle, "
                   "default 20000: a few seconds). A mask no unique puzzle can "
                   "have (fewer than 17 givens on 9x9, two rows of a band or two columns of "
                   "a stack without a given) is refused, status 2")
    t = p.add_argument_group(
        "puzzles made for a technique (9x9)",
        "Each puzzle needs one of the techniques of --technique and nothing harder: the "
        "rater, solving easiest technique first, takes at least one step of them and no "
        "step of a technique it tries after the latest of them (the order of "
        "'sudoku rate --scale').")
    t.add_argument("--technique", type=technique_names, metavar="NAMES",
                   help="the technique(s) each puzzle needs, comma-separated keys or names "
                   "(e.g. x-wing, 'XY-Wing,xyz-wing', als-xz)")
    t.add_argument("--cleanness", type=cleanness_level, default=0, metavar="0..3",
                   help="how plain the other steps are, as in HoDoKu: 0 anything not harder "
                   "(default), 1 the simple set (singles, locked candidates, subsets, basic "
                   "fish, XY-Wing, simple colouring) before and after, 2 the simple set "
                   "before and singles after, 3 singles only before and after")
    t.add_argument("--score-min", type=score, metavar="X",
                   help="the puzzle's score (Sudoku Explainer's ER, its hardest step's) is at "
                   "least X; without --technique, the techniques whose score lies in the "
                   "band are asked for")
    t.add_argument("--score-max", type=score, metavar="X", help="... and at most X")
    t.add_argument("--practice", action="store_true",
                   help="print, instead of each puzzle, its candidate board just before the "
                   "technique is first needed (a drill; default --to pretty, the pencilmark "
                   "grid; --to candidates for the 729-character line)")
    t.add_argument("--json", action="store_true",
                   help="one JSON object per puzzle: puzzle, solution, technique, step, "
                   "practice (729-character candidate line), score, level, cleanness")
    add_ladder_arguments(t)
    add_to_argument(p, [*formats.FORMATS, *PICTURES], "output format (default grid: 9 lines "
                    "of 9 numbers), a dataset of records with ratings (jsonl, parquet), or "
                    "pictures (svg, png, pdf)")
    add_picture_options(p)
    add_dataset_arguments(p, to=False)
    p.add_argument("--with-solution", action="store_true",
                   help="print each puzzle's solution after it")
    p.add_argument("--jobs", "-j", type=positive_int, default=1, metavar="N",
                   help=JOBS_HELP.format(default=1) + "; the output does not change")
    p.add_argument("--tries", type=positive_int, metavar="N",
                   help="solution grids to try for each puzzle before giving up "
                   "(default: a few seconds' worth, about ten with --difficulty: enough for "
                   "every level on every seed tried; with --technique, random grids to "
                   "start from, three minimal puzzles dug from each, default 5000: up to "
                   "a minute for a rare technique)")
    add_cluster_argument(p)


def cage_size_arg(text: str) -> tuple[int, int]:
    """An argparse type: ``MIN-MAX`` (or ``N``) cells of a cage, 1 <= MIN <= MAX."""
    low, _, high = text.strip().partition("-")
    try:
        sizes = (int(low), int(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"is MIN-MAX cells, such as 2-5, not {text!r}") \
            from None
    if not 1 <= sizes[0] <= sizes[1]:
        raise argparse.ArgumentTypeError(f"{text}: a cage holds at least 1 cell, and MIN "
                                         "is at most MAX")
    return sizes


def cleanness_level(text: str) -> int:
    """An argparse type: 0, 1, 2 or 3."""
    if text.strip() not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"is 0, 1, 2 or 3, not {text!r}")
    return int(text)


def score(text: str) -> float:
    """An argparse type: a score of the rating scale (0 to 20)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value <= 20:
        raise argparse.ArgumentTypeError(f"scores run from 0 to 20, not {text}")
    return value


def wants_technique(args: argparse.Namespace) -> bool:
    """Is a puzzle made for a technique asked for (rather than a random one)?"""
    return any(getattr(args, name, None) is not None
               for name in ("technique", "score_min", "score_max")) or bool(
        getattr(args, "practice", False) or getattr(args, "json", False))


def run(args: argparse.Namespace, env: Env) -> int:
    # imported when needed: the command's start-up stays fast
    from .. import formats
    from ._pictures import create, wants_pictures

    if args.pattern is not None:
        return run_pattern(args, env)
    if args.variant is not None and sheet_named(args.variant):
        return run_sheets(args, env)
    if args.variant is not None and (wants_technique(args) or args.cleanness):
        env.error(f"--variant {args.variant}: puzzles made for a technique are classic ones; "
                  "leave out --technique, --score-min/--score-max, --practice, --json and "
                  "--cleanness")
        return ExitStatus.USAGE
    if args.cage_size is not None and "killer" not in _variant_names(args.variant):
        env.error(f"--cage-size {args.cage_size[0]}-{args.cage_size[1]}: cages are grown for "
                  "--variant killer only")
        return ExitStatus.USAGE
    if wants_technique(args) or args.cleanness:
        from ._targeted import run_targeted  # deferred: only this mode loads the rater

        return run_targeted(args, env)
    chosen = args.techniques is not None or args.exclude is not None
    if chosen and args.difficulty is None:
        env.error("--techniques/--exclude choose the ladder that rates the puzzles: "
                  "use them with --technique, --score-min/--score-max or --difficulty")
        return ExitStatus.USAGE

    if args.size < MIN_SIZE:
        env.error(f"--size {args.size}: create makes grids from {MIN_SIZE}x{MIN_SIZE} up to "
                  f"{MAX_SIZE}x{MAX_SIZE}")
        return ExitStatus.USAGE
    if args.size > MAX_SIZE:  # said at once, rather than after minutes of silence
        env.error(f"create makes grids up to {MAX_SIZE}x{MAX_SIZE} (a {MAX_SIZE}x{MAX_SIZE} "
                  f"takes seconds; proving a {args.size}x{args.size} puzzle unique does not "
                  "end in minutes); solve, count, check and the others take any size up to "
                  "64x64")
        return ExitStatus.USAGE
    if wants_pictures(args):
        return create(args, env)
    # a variant's puzzle is written where its rules are kept: a SudokuPad link, a line each
    fmt = args.to_format or ("sudokupad" if args.variant is not None else "grid")
    per_file = fmt in formats.FORMATS and formats.FORMATS[fmt].FORMAT.one_per_input
    if per_file and (args.count > 1 or args.with_solution):
        env.error(f"the {fmt} format holds one puzzle per file: use --count 1 without "
                  "--with-solution, or another format")
        return ExitStatus.USAGE
    if no_text_resume(args, env):
        return ExitStatus.USAGE
    # deferred to keep `sudoku` start-up fast: only create makes puzzles
    from ..generator.make import GenerateGaveUp, iter_generate

    options = dict(box=args.box, clues=args.clues, symmetry=args.symmetry,
                   minimal=args.minimal, difficulty=args.difficulty, seed=args.seed,
                   tries=args.tries, techniques=args.techniques, exclude=args.exclude,
                   rules=args.variant, cage_size=args.cage_size)
    try:
        with cluster_executor(args) as executor:
            if executor is not None:
                from ..dask import generate_on  # here: only a cluster run needs it

                made = generate_on(executor, args.count, args.size, **options)
            else:
                made = iter_generate(args.count, args.size, jobs=args.jobs, **options)
            if wants_dataset(args):
                items = ((i, None, g.puzzle, None, g.solution)
                         for i, g in enumerate(progress(made, env, "puzzles")))
                return write_dataset(args, env, Tally(), items, executor, jobs=args.jobs)
            _write_made(made, fmt, env, args)
    except GenerateGaveUp as e:  # possible in principle, not found in the tries
        env.error(str(e))
        return ExitStatus.FAILURE
    return ExitStatus.OK


def _write_made(made: Iterator[tuple[Any, Any]], fmt: str, env: Env,
                args: argparse.Namespace) -> None:
    """Write each puzzle made (and its solution after it, with ``--with-solution``) in
    ``fmt`` to standard output, as they come."""
    from .. import formats  # the formats load when a command runs, not at start-up

    writer = formats.Writer(fmt, env.stdout)
    try:
        for puzzle, solution in progress(made, env, "puzzles", total=args.count):
            writer.write(puzzle)
            if args.with_solution:
                writer.write(solution)
    finally:
        writer.close()


def _variant_names(variant: str | None) -> list[str]:
    """The preset names of ``--variant`` (already checked by its argparse type)."""
    from ..rules import parse_names  # imported when needed: the command's start-up stays fast

    return [] if variant is None else parse_names(variant)


#: create's options that a sheet of overlapping grids does not take, with their defaults.
_NOT_WITH_SHEETS = {
    "size": 9, "box": None, "cage_size": None, "technique": None, "cleanness": 0,
    "score_min": None, "score_max": None, "practice": False, "json": False, "cluster": None,
    "techniques": None, "exclude": None, "steps": False, "partition_size": None,
    "resume": False,
}


def run_sheets(args: argparse.Namespace, env: Env) -> int:
    """``create --variant samurai`` (or another layout of overlapping grids): puzzles on
    the sheet, written as its text (or as pictures)."""
    # imported when needed: the command's start-up stays fast
    from .. import formats
    from ..errors import GenerateGaveUp
    from ..generator.sheets import iter_generate_sheets
    from ._pictures import Pictures, grid_figure, wants_pictures

    for name, default in _NOT_WITH_SHEETS.items():
        if getattr(args, name, default) != default:
            env.error(f"--{name.replace('_', '-')} does not go with --variant {args.variant} "
                      "(puzzles of overlapping 9x9 grids)")
            return ExitStatus.USAGE
    if wants_dataset(args):
        env.error(f"--to {args.to_format}: {args.variant} puzzles are written as their sheet "
                  "(--to samurai, the default) or as pictures (svg, png, pdf)")
        return ExitStatus.USAGE
    pictures = Pictures(args, env) if wants_pictures(args) else None
    fmt = args.to_format or "samurai"
    per_file = fmt in formats.FORMATS and formats.FORMATS[fmt].FORMAT.one_per_input
    if per_file and (args.count > 1 or args.with_solution):
        env.error(f"the {fmt} format holds one puzzle per file: use --count 1 without "
                  "--with-solution, or another format")
        return ExitStatus.USAGE
    made = iter_generate_sheets(args.count, args.variant, clues=args.clues,
                                symmetry=args.symmetry, minimal=args.minimal,
                                difficulty=args.difficulty, seed=args.seed, tries=args.tries,
                                jobs=args.jobs)
    try:
        if pictures is not None:
            for puzzle, solution in progress(made, env, "puzzles", total=args.count):
                pictures.add(grid_figure(puzzle, pictures.theme))
                if args.with_solution:
                    pictures.add(grid_figure(solution, pictures.theme, puzzle=puzzle))
            pictures.close()
            return ExitStatus.OK
        _write_made(made, fmt, env, args)
    except GenerateGaveUp as e:  # possible in principle, not found in the tries
        env.error(str(e))
        return ExitStatus.FAILURE
    return ExitStatus.OK


#: create's options that a pattern does not take, with their defaults: the pattern is the
#: size and the clues.
_NOT_WITH_PATTERN = {
    "size": 9, "clues": None, "symmetry": "none", "minimal": False, "cleanness": 0,
    "score_min": None, "score_max": None, "practice": False, "json": False, "cluster": None,
    "variant": None, "cage_size": None,
}


def read_pattern(text: str, box: tuple[int, int] | None) -> Any:
    """--pattern's mask: the text itself, or the file it names (ParseError, OSError)."""
    from ..errors import ParseError  # only a pattern needs them
    from ..generator.pattern import BLANK, GIVEN, parse_mask

    if set("".join(text.split())) <= GIVEN | BLANK:
        return parse_mask(text, box)
    try:
        with open(text, encoding="utf-8", errors="replace") as f:  # not a mask: a file?
            return parse_mask(f.read(), box)
    except OSError as e:
        try:
            parse_mask(text, box)
        except ParseError as bad:
            raise ParseError(f"neither a mask ({bad.message.removeprefix('mask: ')}) nor a "
                             f"file that can be read ({e.strerror or e})") from None
        raise  # pragma: no cover (a text of mask characters returned above)


def run_pattern(args: argparse.Namespace, env: Env) -> int:
    """``create --pattern``: puzzles whose givens are exactly the mask's cells."""
    # imported when needed: the command's start-up stays fast
    from .. import formats
    from ..errors import GenerateError, GenerateGaveUp, ParseError
    from ..generator.pattern import iter_generate_to_pattern

    for name, default in _NOT_WITH_PATTERN.items():
        if getattr(args, name, default) != default:
            env.error(f"--{name.replace('_', '-')} does not go with --pattern (the pattern "
                      "gives the size and the clues)")
            return ExitStatus.USAGE
    try:
        mask = read_pattern(args.pattern, args.box)
    except ParseError as e:
        env.error(f"--pattern {args.pattern[:40]!r}: {e.message}")
        return ExitStatus.USAGE
    fmt = args.to_format or "grid"
    if fmt not in formats.FORMATS:
        env.error(f"--to {fmt}: a pattern's puzzles are written as text "
                  f"({', '.join(formats.FORMATS)})")
        return ExitStatus.USAGE
    try:
        made = iter_generate_to_pattern(
            args.count, mask, difficulty=args.difficulty, technique=args.technique,
            techniques=args.techniques, exclude=args.exclude, seed=args.seed,
            tries=args.tries)
        _write_made(made, fmt, env, args)
    except GenerateGaveUp as e:  # possible in principle, not found in the tries
        env.error(str(e))
        return ExitStatus.FAILURE
    except GenerateError as e:  # no puzzle can have this mask with these options
        env.error(f"--pattern: {e}")
        return ExitStatus.USAGE
    return ExitStatus.OK
