"""Puzzle booklets: pages of puzzles by section, then answers, then (optionally) each
puzzle's solving path step by step, as one PDF.

:func:`prepare` rates and solves a puzzle (an :class:`Entry`); :func:`plan` lays the
entries out on pages (pure arithmetic, see :mod:`.layout`); :func:`render` draws the plan
with ReportLab. :func:`booklet` does all three.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..candidates import Candidates
from ..errors import UnsupportedRulesError
from ..grid import Grid
from ..solver import solve
from . import constraints, layout, variants
from .drawing import Figure, check_size, grid_figure
from .layout import Box, LayoutError
from .svg import step_figure
from .walkthrough import walk

if TYPE_CHECKING:
    from ..logic.path import Path
    from ..logic.rating import Rating
    from ..logic.step import Step


@dataclass
class Entry:
    """One puzzle of a booklet, with what the rater and solver found.

    ``solution`` is None when the puzzle has no solution (``problem`` then says so, and the
    puzzle has no answer in the booklet); ``path`` is its solving path, the steps of
    ``sudoku explain`` (brute force where logic is stuck).
    """

    number: int
    puzzle: Grid
    section: str = ""
    source: str | None = None
    rating: Rating | None = None
    solution: Grid | None = None
    path: Path | None = None
    problem: str | None = None

    @property
    def caption(self) -> str:
        """``No. 3 · hard 4.2``: number, level and score (``extreme 9.0+ · rating stopped
        at 20 s`` when the rating ran out of time)."""
        if self.problem:
            return f"No. {self.number} · {self.problem}"
        if self.rating is None:
            return f"No. {self.number}"
        extra = " · more than one solution" if self.rating.solutions > 1 else ""
        if self.rating.gave_up is not None:
            return (f"No. {self.number} · {self.rating.level} {self.rating.score:.1f}+"
                    f" · {stopped(self.rating.gave_up)}{extra}")
        return f"No. {self.number} · {self.rating.level} {self.rating.score:.1f}{extra}"

    @property
    def rule_lines(self) -> list[str]:
        """The puzzle's rules beyond the classic ones, a line each, printed under it."""
        return variants.rule_lines(self.puzzle.rules)


#: Seconds each puzzle's rating may take, as for ``sudoku rate``: past it the booklet says
#: what the rating reached (an empty 25x25 would otherwise hold the booklet for minutes).
TIME_LIMIT = 20.0


def stopped(seconds: float) -> str:
    """What a caption says of a rating (and solving path) cut short by its time limit."""
    return f"rating stopped at {seconds:g} s"


def prepare(puzzle: Grid | Candidates, number: int, section: str = "",
            source: str | None = None, *, time_limit: float | None = TIME_LIMIT) -> Entry:
    """An entry for ``puzzle``: rated, solved (by logic, trial and error where stuck).

    The rating stops after ``time_limit`` seconds (None: no limit): the entry then rates
    what the path reached, its path stops there, and its answer comes from the search."""
    if not isinstance(puzzle, Grid | Candidates):
        raise TypeError(f"puzzle: expected a Grid or Candidates, got {type(puzzle).__name__}")
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"number: expected a whole number, got {number!r}")
    check_size(puzzle.n)  # before the rating: a grid too large to print is refused at once
    # here: importing the logic solver costs start-up to every picture
    from ..logic.path import solve_path
    from ..logic.rating import rating_of

    grid = puzzle.to_grid() if isinstance(puzzle, Candidates) else puzzle
    try:
        path = solve_path(grid, guess=True, time_limit=time_limit)
    except UnsupportedRulesError:
        # rules the logic does not play yet: the search's answer, without a rating or path
        # (a search that does not honour them either says so by name)
        return Entry(number, grid, section, source, None, solve(grid), None)
    rating = rating_of(path)
    answer = path.final.to_grid() if path.solved else None
    if path.solutions and path.gave_up is not None:
        answer = solve(grid)  # the search finds in a moment what logic ran out of time for
    if path.solutions == 0 or answer is None:
        return Entry(number, grid, section, source, None, None, None, "no solution")
    return Entry(number, grid, section, source, rating, answer, path)


@dataclass
class Options:
    """How a booklet looks. ``per_page`` None picks by grid size (4 up to 9x9, 2 up to
    16x16, 1 above)."""

    title: str = "Sudoku"
    paper: str = "a4"
    landscape: bool = False
    per_page: int | None = None
    answers: bool = False
    candidates: bool = False
    walkthrough: bool = False
    source: bool = False

    def __post_init__(self) -> None:
        # a LayoutError (a ValueError): the values may come from a layout file, and the
        # command line reports it in one line
        for name in ("title", "paper"):
            if not isinstance(getattr(self, name), str):
                raise LayoutError(f"{name} must be a string, not "
                                  f"{getattr(self, name)!r}")
        if self.per_page is not None and (isinstance(self.per_page, bool)
                                          or not isinstance(self.per_page, int)):
            raise LayoutError(f"per_page must be a whole number or None, not "
                              f"{self.per_page!r}")
        for name in ("landscape", "answers", "candidates", "walkthrough", "source"):
            if not isinstance(getattr(self, name), bool):
                raise LayoutError(f"{name} must be True or False, not "
                                  f"{getattr(self, name)!r}")


@dataclass
class Item:
    """One grid placed on a page, with its caption lines (the first one bold)."""

    kind: str  # "puzzle", "answer" or "step"
    grid: Box
    caption: Box
    lines: list[str]
    figure: Callable[[], Figure] = field(repr=False)
    font: float = 9.0


@dataclass
class PlannedPage:
    """A page of the plan: its header text and its items."""

    title: str
    heading: str
    items: list[Item] = field(default_factory=list)


def default_per_page(n: int) -> int:
    return 4 if n <= 9 else 2 if n <= 16 else 1


#: The size of a puzzle's caption text, and the height of one of its lines; an answer's.
CAPTION_FONT = 9.0
ANSWER_FONT = 8.0
_LEADING = CAPTION_FONT * 1.2


def puzzle_layout(n: int, options: Options, rules: Sequence[Sequence[str]] = (),
                  ring: float = 0.0) -> tuple[int, list[layout.Slot]]:
    """Puzzles per page and their slots for grids of side ``n``, with room under each for
    the longest of ``rules`` (each puzzle's rule lines) and around the grid for a ``ring``
    of totals outside it (in cells) (a LayoutError when the paper, the grids per page or
    the size of the cells will not do). Without ``options.per_page``, fewer puzzles go on
    a page where their rules take too much room under them for the default."""
    first = options.per_page or default_per_page(n)
    tries = [first] if options.per_page else list(dict.fromkeys(
        k for k in (first, 2, 1) if k <= first))
    for per_page in tries[:-1]:
        try:
            return per_page, _puzzle_slots(n, per_page, options, rules, ring)
        except LayoutError:
            continue  # the rules under each take too much room: fewer to a page
    return tries[-1], _puzzle_slots(n, tries[-1], options, rules, ring)


def _puzzle_slots(n: int, per_page: int, options: Options, rules: Sequence[Sequence[str]],
                  ring: float) -> list[layout.Slot]:
    """The slots of ``per_page`` puzzles (a LayoutError when their cells come out too
    small)."""
    page = layout.page(options.paper, options.landscape)
    cols, rows = layout.arrangement(per_page, options.landscape)
    caption_h = 26.0 if options.source else 15.0
    width = (page.body.w - (cols - 1) * layout.GAP) / cols
    caption_h += _LEADING * max((_wrapped(lines, width) for lines in rules), default=0)
    puzzle_slots = layout.slots(page.body, cols, rows, caption_h)
    layout.check_cells(puzzle_slots[0].grid.w * n / (n + 2 * ring), n, layout.MIN_CELL,
                       "puzzle",
                       f"{per_page} per page on {options.paper}"
                       f"{' landscape' if options.landscape else ''}")
    return puzzle_slots


def plan(entries: Sequence[Entry], options: Options) -> tuple[layout.Page, list[PlannedPage]]:
    """The pages: each section's puzzles from a new page, then the answers (several to a
    page, smaller), or with ``walkthrough`` each answer followed by its steps."""
    page = layout.page(options.paper, options.landscape)
    pages: list[PlannedPage] = []
    if not entries:
        return page, pages
    per_page, puzzle_slots = puzzle_layout(
        max(e.puzzle.n for e in entries), options, [e.rule_lines for e in entries],
        max(constraints.ring(e.puzzle.rules) for e in entries))
    sections: list[list[Entry]] = []
    for e in entries:
        if not sections or sections[-1][0].section != e.section:
            sections.append([])
        sections[-1].append(e)
    for members in sections:
        for k, e in enumerate(members):
            if k % per_page == 0:
                pages.append(PlannedPage(options.title, e.section))
            slot = puzzle_slots[k % per_page]
            lines = [e.caption, *e.rule_lines]
            if options.source and e.source:
                lines.append(e.source)
            pages[-1].items.append(Item("puzzle", slot.grid, slot.caption, lines,
                                        _puzzle_figure(e, options.candidates)))
    solved = [e for e in entries if e.solution is not None]
    if options.walkthrough:
        pages.extend(_walkthrough_pages(page, solved, options))
    elif options.answers:
        pages.extend(_answer_pages(page, solved, options))
    return page, pages


def _answer_pages(page: layout.Page, solved: list[Entry], options: Options) -> list[PlannedPage]:
    if not solved:
        return []
    n = max(e.puzzle.n for e in solved)
    cols, rows = (3, 4) if n <= 9 else (2, 3) if n <= 16 else (2, 2)
    if options.landscape:
        cols, rows = rows, cols
    # an answer's caption names a variant's rules: room for them where they wrap
    width = (page.body.w - (cols - 1) * layout.GAP) / cols
    extra = max((_wrapped([_answer_caption(e)], width, ANSWER_FONT) - 1 for e in solved
                 if not e.puzzle.rules.is_classic), default=0)
    answer_slots = layout.slots(page.body, cols, rows, 12.0 + ANSWER_FONT * 1.2 * extra)
    layout.check_cells(answer_slots[0].grid.w, n, layout.MIN_ANSWER_CELL, "answer",
                       f"the answer pages on {options.paper}")
    pages: list[PlannedPage] = []
    for k, e in enumerate(solved):
        if k % len(answer_slots) == 0:
            pages.append(PlannedPage(options.title, "Answers"))
        slot = answer_slots[k % len(answer_slots)]
        pages[-1].items.append(Item("answer", slot.grid, slot.caption, [_answer_caption(e)],
                                    _answer_figure(e), ANSWER_FONT))
    return pages


def _walkthrough_pages(page: layout.Page, solved: list[Entry],
                       options: Options) -> list[PlannedPage]:
    """Each answer from a new page, then its steps: the candidate board before each step
    with the step drawn on it, and the step's text under it."""
    pages: list[PlannedPage] = []
    for e in solved:
        n = e.puzzle.n
        cols, rows = (2, 3) if n <= 9 else (1, 2) if n <= 16 else (1, 1)
        if options.landscape:
            cols, rows = rows, cols
        step_slots = layout.slots(page.body, cols, rows, 44.0)
        heading = f"Solving No. {e.number}"
        pages.append(PlannedPage(options.title, heading))
        first = step_slots[0]
        pages[-1].items.append(Item(
            "answer", first.grid, first.caption,
            [_answer_caption(e),
             _path_caption(e)],
            _answer_figure(e), 8.0))
        steps = e.path.steps if e.path is not None else []
        for i, (board, written, step) in enumerate(walk(e.puzzle, steps), 1):
            k = i % len(step_slots)
            if k == 0:
                pages.append(PlannedPage(options.title, heading))
            slot = step_slots[k]
            pages[-1].items.append(Item("step", slot.grid, slot.caption,
                                        [f"{i}. {step}", step.text],
                                        _step_figure(board, written, step, e.puzzle), 7.0))
    return pages


def _wrapped(lines: Sequence[str], width: float, font: float = CAPTION_FONT) -> int:
    """How many lines ``lines`` take in a caption ``width`` points wide in ``font``-point
    text (a generous guess: about 0.6 em a character)."""
    per_line = max(1, int(width / (font * 0.6)))
    return sum(math.ceil(len(text) / per_line) for text in lines)


def _path_caption(e: Entry) -> str:
    if e.path is None:
        return "no solving path: the logic does not play these rules yet"
    text = f"{len(e.path.steps)} steps; hardest: {(e.rating and e.rating.hardest) or '-'}"
    if e.path.gave_up is not None:
        text += f" ({stopped(e.path.gave_up)}: the steps end there)"
    return text


def _answer_caption(e: Entry) -> str:
    several = e.rating is not None and e.rating.solutions > 1
    rules = variants.rules_name(e.puzzle.rules)
    return (f"Answer to No. {e.number}" + (f" · {rules}" if rules else "")
            + (" (one of several)" if several else ""))


def _puzzle_figure(e: Entry, guides: bool) -> Callable[[], Figure]:
    # (the rules are printed in the caption, under the grid's slot)
    return lambda: grid_figure(e.puzzle, guides=guides, caption=False)


def _answer_figure(e: Entry) -> Callable[[], Figure]:
    solution = e.solution
    assert solution is not None  # only entries with a solution get an answer
    return lambda: grid_figure(solution, puzzle=e.puzzle, caption=False)


def _step_figure(board: Candidates, written: Grid, step: Step,
                 puzzle: Grid) -> Callable[[], Figure]:
    return lambda: step_figure(board, step, puzzle=puzzle, written=written, caption=False)


def render(page: layout.Page, pages: Sequence[PlannedPage], title: str = "") -> bytes:
    """The planned pages as PDF bytes (the same plan gives the same bytes)."""
    # reportlab is an optional extra, imported when a PDF is made
    from reportlab.lib.utils import simpleSplit

    # reportlab is an optional extra, imported when a PDF is made
    from .pdf import BOLD, REGULAR, draw_figure, new_canvas

    out = io.BytesIO()
    c = new_canvas(out, page.width, page.height, title)
    total = len(pages)
    last_heading = None
    for number, planned in enumerate(pages, 1):
        if planned.heading and planned.heading != last_heading:
            # a bookmark in the reader's outline where each section, the answers and each
            # walkthrough begin
            key = f"p{number}"
            c.bookmarkPage(key)
            c.addOutlineEntry(planned.heading, key, level=0)
            last_heading = planned.heading
        top = page.height
        header = page.header
        c.setFillColorRGB(0, 0, 0)
        c.setFont(BOLD, 13)
        c.drawString(header.x, top - header.y - 13, planned.title)
        c.setFont(REGULAR, 10)
        c.drawRightString(header.right, top - header.y - 13, planned.heading)
        c.setLineWidth(0.5)
        c.line(header.x, top - header.bottom, header.right, top - header.bottom)
        footer = page.footer
        c.setFont(REGULAR, 9)
        c.drawCentredString(footer.x + footer.w / 2, top - footer.bottom + 3,
                            f"page {number} of {total}")
        for item in planned.items:
            draw_figure(c, item.figure(), item.grid.x, top - item.grid.y, item.grid.w)
            _caption(c, item, top, simpleSplit, BOLD, REGULAR)
        c.showPage()
    c.save()
    return out.getvalue()


def _caption(c: object, item: Item, top: float, split: Callable, bold: str,
             regular: str) -> None:
    """The caption lines, centred under the grid (a step's text wrapped to the slot's
    width, left-aligned, and cut short with an ellipsis if it runs out of room)."""
    box = item.caption
    size = item.font
    leading = size * 1.2
    y = top - box.y - leading
    lines: list[tuple[str, str]] = []
    for i, text in enumerate(item.lines):
        font = bold if i == 0 else regular
        lines.extend((font, part) for part in split(text, font, size, box.w))
    room = max(1, int(box.h // leading))
    if len(lines) > room:
        lines = lines[:room]
        font, last = lines[-1]
        lines[-1] = (font, last.rstrip(" .,") + " …")
    for font, text in lines:
        c.setFont(font, size)  # type: ignore[attr-defined]
        if item.kind == "step":
            c.drawString(box.x, y, text)  # type: ignore[attr-defined]
        else:
            c.drawCentredString(box.x + box.w / 2, y, text)  # type: ignore[attr-defined]
        y -= leading


def booklet(entries: Sequence[Entry], options: Options) -> bytes:
    """A PDF booklet of ``entries`` (see :func:`prepare`) laid out as ``options`` say."""
    if isinstance(entries, str | bytes) or not isinstance(entries, Sequence):
        raise TypeError(f"entries: expected a list of Entry, got {type(entries).__name__}")
    for e in entries:
        if not isinstance(e, Entry):
            raise TypeError(f"entries: expected Entry objects (from sudokit.pictures.prepare), "
                            f"got {type(e).__name__}")
    if not isinstance(options, Options):
        raise TypeError(f"options: expected Options, got {type(options).__name__}")
    page, pages = plan(entries, options)
    if not pages:
        raise LayoutError("no puzzles to print")
    return render(page, pages, options.title)
