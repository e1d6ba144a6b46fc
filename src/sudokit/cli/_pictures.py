"""Pictures from the command line: ``--to svg``, ``--to png`` and ``--to pdf`` on ``solve``,
``convert``, ``create``, ``hint`` and ``explain``, and ``explain --html``.

Each command makes figures (:mod:`sudokit.pictures.drawing`); :class:`Pictures` writes them: with
``-o 'grid-{n}.svg'`` one file per picture ({n} is the puzzle's number in the input, from 1;
for the steps of ``explain``, the picture's number), with ``-o FILE`` one file (a
PDF holds every picture as a page; an SVG or PNG holds one), and without ``-o`` onto standard
output, except a PNG or PDF when standard output is a terminal. ``-o FILE`` itself is the
option every command has; a pattern is written here, file by file.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from ..errors import SudokuError
from ._output import refuse_read_only
from .env import Env

if TYPE_CHECKING:
    from ..pictures.drawing import Figure

#: The picture formats ``--to`` takes besides the puzzle formats.
PICTURES = ("svg", "png", "pdf")


class PictureUsageError(SudokuError):
    """Pictures that cannot be written as asked (one line, exit status 2)."""


def add_picture_options(parser: argparse.ArgumentParser, to: bool = False) -> None:
    """``--theme`` (and, when ``to``, a ``--to`` of pictures only, for a command that has
    no other ``--to``)."""
    if to:
        parser.add_argument("--to", dest="to_format", choices=PICTURES, metavar="FORMAT",
                            help="draw pictures instead of text: svg, png or pdf (with -o, "
                            "a pattern such as 'grid-{n}.svg' writes one file per picture)")
    parser.add_argument("--theme", choices=("light", "dark"), default="light",
                        help="colours of --to svg/png/pdf pictures (default light)")


def add_output_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    from .. import formats  # imported when needed: the command's start-up stays fast

    parser.add_argument(
        "--to", dest="to_format", choices=[*sorted(formats.FORMATS), *PICTURES],
        metavar="FORMAT", help=help_text + "; svg, png or pdf draw pictures"
    )
    add_picture_options(parser)


def wants_pictures(args: argparse.Namespace) -> bool:
    """Whether the command was asked for pictures rather than text."""
    return getattr(args, "to_format", None) in PICTURES


def picture_pattern(args: argparse.Namespace) -> str | None:
    """The ``-o`` of pictures written one file each (it holds ``{n}``), else None."""
    output = getattr(args, "output", None)
    if wants_pictures(args) and output and "{n}" in output:
        return str(output)
    return None


def is_terminal(env: Env) -> bool:
    """Whether the command's results go to a terminal (where binary output is refused)."""
    return bool(getattr(env, "stdout_isatty", False))


class Pictures:
    """Collects figures and writes them as ``args.to_format`` says, where ``-o`` says."""

    def __init__(self, args: argparse.Namespace, env: Env) -> None:
        self.fmt: str = args.to_format
        self.pattern = picture_pattern(args)
        self.theme: str = getattr(args, "theme", "light") or "light"
        self.env = env
        self.figures: list[Figure] = []
        #: the number each figure's file is named with, when it is not its place in the list
        self.numbers: list[int | None] = []
        if self.pattern is None and self.fmt != "svg" and is_terminal(env):
            raise PictureUsageError(
                f"will not write {self.fmt.upper()} to a terminal: use -o FILE, or a pipe")

    def add(self, figure: Figure, number: int | None = None) -> None:
        """Draw ``figure`` too; ``number`` is the {n} of its file (the puzzle's number in the
        input, so that a puzzle that gets no picture leaves a gap rather than shifting the
        names of those after it), by default its place among the figures."""
        self.figures.append(figure)
        self.numbers.append(number)

    def close(self) -> None:
        """Write what was collected."""
        if not self.figures:
            return
        if self.pattern is not None:
            failed: list[str] = []
            numbered = zip(self.figures, self.numbers, strict=True)
            for place, (figure, number) in enumerate(numbered, 1):
                n = place if number is None else number
                try:
                    write_file(self._encode([figure]), self.pattern.replace("{n}", str(n)))
                except PictureUsageError as e:  # said, and the other pictures still written
                    failed.append(str(e))
            for message in failed[:-1]:
                self.env.error(message)
            if failed:
                raise PictureUsageError(failed[-1])
            return
        if len(self.figures) > 1 and self.fmt != "pdf":
            raise PictureUsageError(
                f"{len(self.figures)} pictures do not fit in one {self.fmt.upper()}: use "
                f"-o with a pattern such as 'grid-{{n}}.{self.fmt}', or --to pdf")
        self.env.stdout.write(self._encode(self.figures))

    def _encode(self, figures: list[Figure]) -> bytes:
        if self.fmt == "svg":
            # imported when needed: the command's start-up stays fast
            from ..pictures.svg import to_svg

            return "".join(to_svg(f) + "\n" for f in figures).encode()
        # imported when needed: the command's start-up stays fast
        from ..pictures import figure_png, figures_pdf

        if self.fmt == "png":
            return figure_png(figures[0], 720)
        return figures_pdf(figures, title="sudoku")


def write_file(data: bytes, path: str) -> None:
    """``data`` into ``path``, which is replaced only once all is written."""
    folder = os.path.dirname(os.path.abspath(path))
    temporary = os.path.join(folder, f".{os.path.basename(path)}.part")
    try:
        refuse_read_only(path)
        with open(temporary, "wb") as f:
            f.write(data)
        os.replace(temporary, path)
    except OSError as e:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise PictureUsageError(f"cannot write {path!r}: {e.strerror or e}") from None


def grid_figure(item: Any, theme: str, puzzle: Any = None) -> Figure:
    """The picture of a grid, candidate board or sheet of overlapping grids in ``theme``."""
    # imported when needed: the command's start-up stays fast
    from ..pictures.drawing import THEMES, grid_figure
    from ..pictures.sheets import sheet_figure
    from ..sheets import SheetGrid

    if isinstance(item, SheetGrid):
        return sheet_figure(item, puzzle=puzzle, theme=THEMES[theme])
    return grid_figure(item, puzzle=puzzle, theme=THEMES[theme])


def step_figure(item: Any, step: Any, theme: str) -> Figure:
    """The picture of ``step`` on ``item`` in ``theme``, rows and columns labelled."""
    # imported when needed: the command's start-up stays fast
    from ..pictures.drawing import THEMES
    from ..pictures.sheets import sheet_step_figure
    from ..pictures.svg import step_figure
    from ..sheets import SheetGrid

    if isinstance(item, SheetGrid):
        return sheet_step_figure(item, step, theme=THEMES[theme])
    return step_figure(item, step, theme=theme)


def draw_records(args: argparse.Namespace, env: Env, what: str) -> int:
    """Read every puzzle and draw it: ``what`` is "puzzle" (as read), "solution", "hint"
    (the next step drawn on the board) or "steps" (every step of the solving path, one
    picture each). The exit status."""
    # imported when needed: the command's start-up stays fast
    from ..grid import Grid
    from ..sheets import SheetGrid
    from ..solver import solve
    from ._inputs import Tally, each_record
    from .status import ExitStatus

    pictures = Pictures(args, env)
    tally = Tally()
    records = each_record(args, env, tally, answer_errors=False)
    for number, (opened, record) in enumerate(records, 1):
        if record.error is not None:
            continue  # reported by each_record
        item = record.item
        where = f"{opened.source}, line {record.line}"
        if what == "puzzle":
            pictures.add(grid_figure(item, pictures.theme), number)
        elif what == "solution":
            solution = solve(item)
            if solution is None:
                env.error(f"{where}: no solution, no picture")
                tally.note(ExitStatus.FAILURE)
                continue
            givens = item if isinstance(item, Grid | SheetGrid) else None
            pictures.add(grid_figure(solution, pictures.theme, puzzle=givens), number)
        elif what == "hint":
            from ..logic import hint  # the logic solver only where a step is drawn

            found = hint(item)
            if found.solutions == 0:
                env.error(f"{where}: no solution, no picture")
                tally.note(ExitStatus.FAILURE)
            elif found.step is None:
                pictures.add(grid_figure(item, pictures.theme), number)
            else:
                pictures.add(step_figure(item, found.step, pictures.theme), number)
        else:
            from ..logic import solve_path  # the logic solver only where steps are drawn

            path = solve_path(item, guess=getattr(args, "guess", False),
                              time_limit=getattr(args, "time_limit", None))
            if path.solutions == 0:
                env.error(f"{where}: no solution, no picture")
                tally.note(ExitStatus.FAILURE)
                continue
            for figure in _step_figures(item, path, pictures.theme):
                pictures.add(figure)
    pictures.close()
    return tally.status


def _step_figures(item: Any, path: Any, theme: str) -> list[Figure]:
    # imported when needed: the command's start-up stays fast
    from ..grid import Grid
    from ..pictures.drawing import THEMES
    from ..pictures.sheets import sheet_step_figure, sheet_walk
    from ..pictures.svg import step_figure
    from ..pictures.walkthrough import walk
    from ..sheets import SheetGrid

    if isinstance(item, SheetGrid):
        return [sheet_step_figure(digits, move, puzzle=item, marks=marks, theme=THEMES[theme])
                for digits, marks, move in sheet_walk(item, path.steps)]
    givens = item if isinstance(item, Grid) else None
    return [step_figure(board, move, puzzle=givens, written=written, theme=theme)
            for board, written, move in walk(item, path.steps)]


def create(args: argparse.Namespace, env: Env) -> int:
    """``sudoku create --to svg|png|pdf``: the new puzzles (and solutions) as pictures."""
    # imported when needed: the command's start-up stays fast
    from ..generator.make import GenerateGaveUp, iter_generate
    from ._inputs import progress
    from .status import ExitStatus

    pictures = Pictures(args, env)
    try:
        made = iter_generate(
            args.count, args.size, box=args.box, clues=args.clues, symmetry=args.symmetry,
            minimal=args.minimal, difficulty=args.difficulty, seed=args.seed,
            tries=args.tries, jobs=args.jobs, rules=getattr(args, "variant", None),
            cage_size=getattr(args, "cage_size", None),
        )
        for puzzle, solution in progress(made, env, "puzzles"):
            pictures.add(grid_figure(puzzle, pictures.theme))
            if args.with_solution:
                pictures.add(grid_figure(solution, pictures.theme, puzzle=puzzle))
    except GenerateGaveUp as e:
        env.error(str(e))
        return ExitStatus.FAILURE
    pictures.close()
    return ExitStatus.OK


def explain_html(args: argparse.Namespace, env: Env) -> int:
    """``sudoku explain --html``: one self-contained page stepping through each puzzle's
    solving path."""
    from html import escape  # imported when needed: the command's start-up stays fast

    # imported when needed: the command's start-up stays fast
    from ..logic import solve_path
    from ..pictures.walkthrough import viewer
    from ._inputs import Tally, each_record
    from .status import ExitStatus

    tally = Tally()
    parts: list[str] = []
    for opened, record in each_record(args, env, tally, answer_errors=False):
        if record.error is not None:
            continue
        path = solve_path(record.item, guess=args.guess,
                          time_limit=getattr(args, "time_limit", None))
        if path.solutions == 0:
            tally.note(ExitStatus.FAILURE)
        parts.append(f"<h2>{escape(opened.source)}, line {record.line}</h2>"
                     + viewer(path, record.item, whole_page=not parts))
    page = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>Solving path</title></head><body>" + "".join(parts) + "</body></html>\n")
    env.stdout.write(page.encode())
    return tally.status
