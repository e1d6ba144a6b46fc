"""``sudoku print``: a PDF booklet of puzzles, from files or made on the spot."""

from __future__ import annotations

import argparse
from typing import Any, NamedTuple

from ..errors import SudokuError
from ..extras import install_hint
from ._inputs import Tally, add_input_arguments, each_record, positive_int, seed_arg
from ._pictures import is_terminal
from .env import Env
from .status import ExitStatus

LEVELS = ("easy", "medium", "hard", "expert", "extreme")

#: The most puzzles one booklet makes or prints (a page each at the least: a larger count
#: would make and lay out for hours before the PDF is written).
MAX_PUZZLES = 1000


def booklet_count(text: str) -> int:
    """An argparse type: a count of puzzles, 1 to ``MAX_PUZZLES``."""
    value = positive_int(text)
    if value > MAX_PUZZLES:
        raise argparse.ArgumentTypeError(
            f"a booklet holds at most {MAX_PUZZLES:,} puzzles, got {text}")
    return value


class PrintUsageError(SudokuError):
    """A booklet that cannot be made as asked (reported in one line, exit status 2)."""


class Section(NamedTuple):
    """``--section "Easy:8:easy"``: a title, how many puzzles, and their level (any when
    None)."""

    title: str
    size: int
    level: str | None


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku print`` and its options."""
    p = sub.add_parser(
        "print",
        help="a PDF booklet of puzzles, answers and solving paths",
        description="Lay puzzles out on printable pages (PDF): a title, page numbers, and "
        "under each puzzle its number, level and score. Puzzles come from the files (any "
        "format sudoku reads) or are made with --create. Puzzles of overlapping grids "
        "(--variant samurai, twodoku, butterfly, sohei, windmill, flower) print one to a "
        "page, their answers after them. Needs the pdf extra: "
        f"{install_hint('pdf')}.",
        epilog="Example: sudoku print --create 24 --difficulty hard --seed 7 -o hard.pdf; "
        "sudoku print --seed 1 --section Easy:8:easy --section Hard:8:hard --answers "
        "-o book.pdf. Exit status: 0 done, 1 a puzzle has no solution (it is "
        "printed, without an answer), 2 bad usage or unreadable input.",
    )
    add_input_arguments(p)
    p.add_argument("--create", type=booklet_count, metavar="N",
                   help=f"make N new puzzles instead of reading files (at most {MAX_PUZZLES:,})")
    p.add_argument("--difficulty", choices=LEVELS, metavar="LEVEL",
                   help="level of the puzzles made with --create: " + ", ".join(LEVELS))
    p.add_argument("--seed", metavar="S", type=seed_arg,
                   help="the same seed makes the same booklet")
    p.add_argument("--size", type=positive_int, default=9, metavar="N",
                   help="side of the puzzles made with --create (default 9)")
    p.add_argument("--tries", type=positive_int, metavar="N",
                   help="solution grids to try for each puzzle made before giving up "
                   "(default as in sudoku create: enough for every level on the seeds tried)")
    p.add_argument("--section", action="append", type=section, metavar="TITLE:N:LEVEL",
                   help="a section of N puzzles of one level (LEVEL may be left empty for "
                   "any), from a new page; repeat for more sections. Without files the "
                   "puzzles are made; with files (or '-') each section takes the next N "
                   "puzzles of its level")
    p.add_argument("--layout", metavar="FILE",
                   help="a TOML or JSON file with any of: title, paper, landscape, per_page, "
                   "answers, candidates, walkthrough, source, and sections (a list of "
                   "{title, count, level}); options given on the command line win")
    p.add_argument("--title", help="the booklet's title (default 'Sudoku')")
    p.add_argument("--per-page", type=int, metavar="N",
                   help="puzzles per page: 1, 2, 4 or 6 (default by size: 4 up to 9x9, 2 "
                   "up to 16x16, 1 above)")
    p.add_argument("--paper", metavar="NAME", help="a4 (default) or letter")
    p.add_argument("--landscape", action="store_true", default=None, help="turn the pages")
    p.add_argument("--answers", action="store_true", default=None,
                   help="answer pages at the end, smaller grids, several to a page")
    p.add_argument("--candidates", action="store_true", default=None,
                   help="faint dots where pencil marks go, in every empty cell")
    p.add_argument("--walkthrough", action="store_true", default=None,
                   help="after each answer, the solving path: a small picture and the "
                   "text of every step (the steps of 'sudoku explain')")
    p.add_argument("--source", action="store_true", default=None,
                   help="print under each puzzle the file and line it came from")


def section(text: str) -> Section:
    """An argparse type: ``TITLE:COUNT:LEVEL`` as a :class:`Section` (LEVEL may be empty)."""
    parts = text.split(":")
    if len(parts) != 3 or not parts[0] or not parts[1].isdigit() or int(parts[1]) < 1:
        raise argparse.ArgumentTypeError(
            f"expected TITLE:COUNT:LEVEL such as Easy:8:easy, got {text!r}")
    if int(parts[1]) > MAX_PUZZLES:
        raise argparse.ArgumentTypeError(
            f"a booklet holds at most {MAX_PUZZLES:,} puzzles, got {parts[1]} in {text!r}")
    level = parts[2].strip().lower() or None
    if level is not None and level not in LEVELS:
        raise argparse.ArgumentTypeError(
            f"unknown level {parts[2]!r} in {text!r}: one of {', '.join(LEVELS)}")
    return Section(parts[0], int(parts[1]), level)


def _layout_file(path: str) -> dict[str, Any]:
    """The settings of a TOML or JSON layout file, checked."""
    # imported here: every sudoku command loads this module to build its parser
    import json
    import tomllib

    try:
        with open(path, "rb") as f:
            data = tomllib.load(f) if path.endswith(".toml") else json.load(f)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as e:
        raise PrintUsageError(f"{path}: not a valid layout file: {e}") from None
    if not isinstance(data, dict):
        raise PrintUsageError(f"{path}: a layout file holds a table of settings")
    known = {"title", "paper", "landscape", "per_page", "answers", "candidates",
             "walkthrough", "source", "sections"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise PrintUsageError(f"{path}: unknown setting {unknown[0]!r}: one of "
                              f"{', '.join(sorted(known))}")
    sections = []
    for i, s in enumerate(data.pop("sections", []), 1):
        if not isinstance(s, dict) or not isinstance(s.get("count"), int):
            raise PrintUsageError(f"{path}: section {i} needs a title and a count")
        text = f"{s.get('title', f'Section {i}')}:{s['count']}:{s.get('level') or ''}"
        try:
            sections.append(section(text))
        except argparse.ArgumentTypeError as e:
            raise PrintUsageError(f"{path}: section {i}: {e}") from None
    _check_layout_values(path, data)
    data["section"] = sections
    return data


def _check_layout_values(path: str, data: dict[str, Any]) -> None:
    """A value of the layout file ``path`` that the booklet cannot take, as one error
    naming the file (the same value on the command line is named by its option)."""
    from ..pictures import LayoutError, Options, layout  # only --layout needs them here

    try:
        Options(**data)
        if "paper" in data:
            layout.page(data["paper"], bool(data.get("landscape")))
        if data.get("per_page") is not None:
            layout.arrangement(data["per_page"], bool(data.get("landscape")))
    except LayoutError as e:
        raise PrintUsageError(f"{path}: {e}") from None


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    """The command line's options over the layout file's over the defaults."""
    settings: dict[str, Any] = {"title": "Sudoku", "paper": "a4", "landscape": False,
                                "per_page": None, "answers": False, "candidates": False,
                                "walkthrough": False, "source": False, "section": []}
    if args.layout:
        settings.update(_layout_file(args.layout))
    for key in settings:
        value = getattr(args, key)
        if value is not None:
            settings[key] = value
    return settings


def _entries_from_files(args: argparse.Namespace, env: Env, tally: Tally,
                        sections: list[Section]) -> list[Any]:
    from ..pictures import prepare  # imported when needed: the command's start-up stays fast

    entries = []
    wanted = list(sections)
    taken = [0] * len(wanted)
    for opened, record in each_record(args, env, tally, answer_errors=False):
        if wanted and taken == [s.size for s in wanted]:
            break  # every section is full: the rest of the input is not rated
        if record.error is not None:
            continue  # reported by each_record
        source = f"{opened.source}, line {record.line}"
        if _is_sheet(record.item):
            if wanted:
                raise PrintUsageError("--section picks puzzles by their level: it does not "
                                      f"take {record.item.sheet.describe()} puzzles")
            entries.append(_sheet_entry(record.item, source))
            continue
        entry = prepare(record.item, 0, source=source)
        if not wanted:
            entries.append(entry)
            continue
        level = entry.rating.level if entry.rating else None
        for i, s in enumerate(wanted):
            if taken[i] < s.size and (s.level is None or s.level == level):
                entry.section = s.title
                taken[i] += 1
                entries.append(entry)
                break
    for s, got in zip(wanted, taken, strict=True):
        if got < s.size:
            env.warn(f"section {s.title!r}: {got} of {s.size} "
                     f"{s.level or ''}{' ' if s.level else ''}puzzles found in the input")
    order = {s.title: i for i, s in enumerate(wanted)}
    entries.sort(key=lambda e: order.get(e.section, 0))  # stable: input order within
    return entries


def _is_sheet(item: Any) -> bool:
    """Whether ``item`` is a puzzle of several overlapping grids (samurai and its kin)."""
    from ..sheets import SheetGrid  # imported when needed: the command's start-up stays fast

    return isinstance(item, SheetGrid)


def _sheet_entry(puzzle: Any, source: str) -> Any:
    """A sheet puzzle to print, with its answer (None where it has none)."""
    # imported when needed: the command's start-up stays fast
    from ..pictures.sheets import SheetEntry
    from ..solver import solve

    solution: Any = solve(puzzle)  # (a sheet puzzle's solution is a sheet grid)
    return SheetEntry(0, puzzle, solution, source)


def _print_sheets(entries: list[Any], options: Any) -> bytes:
    """The booklet of sheet puzzles: one to a page (with their answers on request)."""
    from ..pictures.sheets import SheetEntry, sheet_pages  # only sheets need it

    if not all(isinstance(e, SheetEntry) for e in entries):
        raise PrintUsageError("a booklet holds puzzles of one grid or puzzles of several "
                              "overlapping grids (samurai...), not both: print them apart")
    what = entries[0].puzzle.sheet.describe()
    for name in ("walkthrough", "candidates"):
        if getattr(options, name):
            raise PrintUsageError(f"--{name} is not available for {what} puzzles")
    if options.per_page not in (None, 1):
        raise PrintUsageError(f"{what} puzzles are printed one to a page, not "
                              f"{options.per_page}")
    return sheet_pages(entries, title=options.title, paper=options.paper,
                       landscape=options.landscape, answers=options.answers,
                       source=options.source)


def _entries_created(args: argparse.Namespace, env: Env, sections: list[Section]) -> list[Any]:
    # imported when needed: the command's start-up stays fast
    from ..generator.make import iter_generate
    from ..generator.sheets import iter_generate_sheets
    from ..pictures import prepare
    from ..pictures.sheets import SheetEntry
    from ._inputs import progress
    from ._sheets import sheet_of

    if not sections:
        sections = [Section("", args.create, args.difficulty)]
    sheet = sheet_of(args)  # overlapping grids: made by the sheets' own maker
    entries: list[Any] = []
    for i, s in enumerate(sections):
        seed = args.seed
        if seed is not None and i:  # each section its own seed, derived from the one given
            seed = seed + f"/{i}".encode() if isinstance(seed, bytes) else f"{seed}/{i}"
        if sheet is not None:
            sheets = iter_generate_sheets(s.size, sheet, difficulty=s.level, seed=seed,
                                          tries=args.tries)
            entries.extend(SheetEntry(0, made.puzzle, made.solution, level=s.level,
                                      section=s.title)
                           for made in progress(sheets, env, "puzzles"))
            continue
        made = iter_generate(s.size, args.size, box=args.box, difficulty=s.level, seed=seed,
                             tries=args.tries, rules=getattr(args, "variant", None))
        for puzzle, _ in progress(made, env, "puzzles"):
            entries.append(prepare(puzzle, 0, s.title))
    return entries


def run(args: argparse.Namespace, env: Env) -> int:
    """Make the booklet; the exit status."""
    # imported when needed: the command's start-up stays fast
    from ..pictures import Options, booklet

    settings = _settings(args)
    if args.create is None and args.section is None and args.difficulty is not None:
        raise PrintUsageError("--difficulty picks the level of puzzles made with --create")
    if is_terminal(env):
        raise PrintUsageError("will not write a PDF to a terminal: use -o FILE, or a pipe")
    options = Options(settings["title"], str(settings["paper"]), bool(settings["landscape"]),
                      settings["per_page"], bool(settings["answers"]),
                      bool(settings["candidates"]), bool(settings["walkthrough"]),
                      bool(settings["source"]))
    # paper and grids per page are checked before any puzzle is read or made (and the size
    # of the cells too, when the puzzles are made here and their size is known)
    from ..pictures import layout
    from ..pictures.booklet import puzzle_layout

    layout.page(options.paper, options.landscape)
    if options.per_page is not None:
        layout.arrangement(options.per_page, options.landscape)
    creating = args.create is not None or bool(settings["section"] and not args.files)
    if args.tries is not None and not creating:
        raise PrintUsageError("--tries is the effort of making puzzles (--create, or sections "
                              "without files)")
    if creating:
        puzzle_layout(args.size, options)
        total = sum(s.size for s in settings["section"]) or args.create
        if total > MAX_PUZZLES:
            raise PrintUsageError(f"the sections make {total:,} puzzles: a booklet holds at "
                                  f"most {MAX_PUZZLES:,} puzzles")
    tally = Tally()
    if creating:
        entries = _entries_created(args, env, settings["section"])
    else:
        entries = _entries_from_files(args, env, tally, settings["section"])
    for number, entry in enumerate(entries, 1):
        entry.number = number
        if _is_sheet(entry.puzzle):
            if entry.solution is None:
                tally.note(ExitStatus.FAILURE)
                env.warn(f"puzzle No. {number} ({entry.source}) has no solution"
                         f"{', left out of the answers' if options.answers else ''}")
            continue
        if entry.problem:
            tally.note(ExitStatus.FAILURE)
            where = f" ({entry.source})" if entry.source else ""
            what = ", left out of the answers" if options.answers or options.walkthrough else ""
            env.warn(f"puzzle No. {number}{where} has {entry.problem}{what}")
    if not entries:
        raise PrintUsageError("no puzzles to print")
    if any(_is_sheet(e.puzzle) for e in entries):
        pdf = _print_sheets(entries, options)
    else:
        pdf = booklet(entries, options)
    env.stdout.write(pdf)  # -o FILE: the file, replaced once the command ends well
    return tally.status
