"""The JSON API on puzzles of several overlapping grids (samurai, twodoku, butterfly, sohei,
windmill, flower): a request whose ``variant`` names one of them, or whose ``puzzle`` is
the text of one (its layout says which), is read and answered here.

A sheet puzzle comes as its sheet text (a line per row of the sheet, a space where no grid
covers the position), one line per grid, or a line of every sheet position in reading order
(rows x columns characters, as the page sends it). Answers name cells as ``r7c13`` (1-based
sheet row and column) and give the digits as ``cells``: one number per sheet position in
reading order, 0 for a blank or a position out of play, beside the ``sheet`` (its preset,
size, extent and the top-left corner of each grid). Other rules combined with a sheet's are
refused by name (422). The work itself runs in the worker processes, as the other calls'.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from .. import formats
from ..errors import SudokuError, UnsupportedRulesError
from ..shape import Shape
from ..sheets import Sheet, SheetGrid
from ..solver import SearchStatus, search
from .requests import (
    RULE_FIELDS,
    BadRequest,
    flag_field,
    integer_field,
    number_field,
    string_field,
)
from .work import call as call_work

if TYPE_CHECKING:
    from starlette.requests import Request

    from ..logic.step import Step

#: Runs one operation of :data:`OPERATIONS` with its arguments within a time limit (the
#: API's own runner, which turns a worker's failure into the answer it deserves).
Runner = Callable[["Request", str, dict[str, Any], float], Awaitable[Any]]

#: The format that holds sheet puzzles.
FORMAT = "samurai"

#: The calls a sheet puzzle can take; the others answer 422, naming the sheet.
CALLS = ("solve", "count", "check", "hint", "explain", "rate", "create", "print", "convert")


# -- which requests are a sheet's -------------------------------------------------------------
def sheet_named(body: dict[str, Any]) -> Sheet | None:
    """The sheet whose preset the request's ``variant`` names (None: none does); a sheet
    combined with other rules is refused by name (422)."""
    variant = body.get("variant")
    if not isinstance(variant, str) or not variant:
        return None
    names = [part.strip() for part in variant.split("+")]
    sheets = [(name, _preset(name)) for name in names]
    found = [(name, sheet) for name, sheet in sheets if sheet is not None]
    if not found:
        return None
    name, sheet = found[0]
    others = [n for n in names if n != name]
    if others:
        raise BadRequest(f"'variant': {name} puzzles take no other rules: {others[0]} cannot "
                         "be added to them", status=422)
    extra = [field for field in RULE_FIELDS if field != "variant" and body.get(field) is not None]
    if extra:
        raise BadRequest(f"'{extra[0]}': {name} puzzles take no other rules", status=422)
    return sheet


def _preset(name: str) -> Sheet | None:
    try:
        return Sheet.preset(name)
    except (SudokuError, KeyError, ValueError, TypeError):
        return None


def sheet_texts(body: dict[str, Any]) -> list[SheetGrid] | None:
    """The request's puzzles, when no ``variant`` is given and its text holds sheets (each
    a layout of overlapping grids, which says which preset) or its ``format`` is the
    sheets' own; else None."""
    text, fmt = body.get("puzzle"), body.get("format")
    if body.get("variant") or not isinstance(text, str) or fmt not in (None, FORMAT):
        return None
    if fmt is None:
        lines = [line for line in text.splitlines() if line.strip()]
        # a sheet is at least 12 lines (a butterfly), and lines of 81 symbols are classic
        # puzzles, one a line, unless a variant or the format says they are a sheet's grids
        if len(lines) < 12 or all(len(line.strip()) == 81 for line in lines):
            return None
    try:
        items: list[Any] = formats.loads(text, FORMAT if fmt is None else fmt)
    except (SudokuError, ValueError) as e:
        if fmt is None:
            return None
        raise BadRequest(f"'puzzle': {e}") from None
    sheets = [item for item in items if isinstance(item, SheetGrid)]
    return sheets if sheets and len(sheets) == len(items) else None


def read_sheet(text: object, sheet: Sheet, what: str) -> SheetGrid:
    """A sheet puzzle from a request's field ``what``: the sheet text, a line per grid, or
    a line of every sheet position in reading order (a BadRequest naming the field)."""
    if not isinstance(text, str):
        raise BadRequest(f"'{what}' is missing" if text is None else
                         f"'{what}' must be a string, got {type(text).__name__}")
    line = text.strip()
    try:
        if "\n" not in line and len(line) == sheet.rows * sheet.cols:
            return from_positions(line, sheet)
        return SheetGrid.parse(text, sheet)
    except (SudokuError, ValueError) as e:
        raise BadRequest(f"'{what}': {e}") from None


def from_positions(line: str, sheet: Sheet) -> SheetGrid:
    """The puzzle of a line with one character per sheet position (a digit, or a blank:
    any other character); what stands where no grid is is not read."""
    digits = []
    for cell in range(sheet.ncells):
        row, col = sheet.position(cell)
        ch = line[row * sheet.cols + col]
        digits.append(int(ch) if ch.isdigit() and 1 <= int(ch) <= sheet.size else 0)
    return SheetGrid(sheet, tuple(digits))


def positions(grid: SheetGrid) -> list[int]:
    """The digits of ``grid`` by sheet position in reading order, 0 where blank or out of
    play."""
    sheet = grid.sheet
    out = [0] * (sheet.rows * sheet.cols)
    for cell, value in enumerate(grid.digits):
        row, col = sheet.position(cell)
        out[row * sheet.cols + col] = value
    return out


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """What a page needs to lay a sheet out and check it: ``name`` (the preset), ``size``
    (of each grid), ``rows`` and ``cols`` (the sheet's extent), ``grids`` (each grid's
    top-left corner, row and column from 0) and ``describe`` (the sheet in words)."""
    return {"name": sheet.name, "size": sheet.size, "rows": sheet.rows, "cols": sheet.cols,
            "grids": [list(g) for g in sheet.grids], "describe": sheet.describe()}


def _rules(sheet: Sheet) -> dict[str, Any]:
    """The answer's ``rules``, as a page reads a variant's: the preset, the sheet in words,
    and the sheet's layout."""
    return {"variant": sheet.name or "", "name": sheet.describe(), "sheet": sheet_json(sheet),
            "lines": [f"{sheet.describe()[:1].upper()}{sheet.describe()[1:]}: each grid "
                      "keeps the classic rules, and the boxes two grids share keep both"],
            "unmarked": []}


def _about(grid: SheetGrid) -> dict[str, Any]:
    """The parts every answer on a sheet puzzle has."""
    sheet = grid.sheet
    shape = Shape.for_size(sheet.size)
    return {"size": sheet.size, "box": [shape.box_rows, shape.box_cols],
            "sheet": sheet_json(sheet), "rules": _rules(sheet)}


# -- the requests ---------------------------------------------------------------------------
async def answer(name: str, request: Request, body: dict[str, Any],
                 found: Sheet | list[SheetGrid], run: Runner) -> dict[str, Any] | bytes:
    """The answer to call ``name`` on sheet puzzles: ``found`` is the sheet the request's
    variant names, or the sheets its text holds (:func:`sheet_texts`)."""
    sheet = found if isinstance(found, Sheet) else None
    if name not in CALLS:
        what = (sheet or found[0].sheet).describe()  # type: ignore[index]
        raise BadRequest(f"{name} is not available for {what} puzzles", status=422)
    limits = request.app.state.limits
    seconds = min(number_field(body, "time_limit", limits.time_limit, 0.001, 1e9),
                  limits.time_limit)
    if name == "create":
        if sheet is None:  # (create takes no puzzle: a variant names what it makes)
            raise BadRequest("create makes a puzzle of overlapping grids named by 'variant'")
        if body.get("technique") is not None:
            raise BadRequest(f"a puzzle made for a technique has the classic rules, not "
                             f"those of {sheet.describe()} puzzles", status=422)
        if integer_field(body, "size", sheet.size, 1, 64) != sheet.size:
            raise BadRequest(f"the grids of {sheet.describe()} puzzles are {sheet.size}x"
                             f"{sheet.size}")
        return dict(await run(request, "sheet-create", {
            "sheet": sheet, "difficulty": string_field(body, "difficulty"),
            "seed": string_field(body, "seed"),
            "symmetry": string_field(body, "symmetry") or "none"}, limits.create_time_limit))
    puzzles = _puzzles(body, found)
    if name == "convert":
        return convert(puzzles, string_field(body, "to"))
    if len(puzzles) != 1:
        raise BadRequest(f"{name} takes one puzzle per request; the text holds "
                         f"{len(puzzles)}")
    puzzle = puzzles[0]
    kwargs: dict[str, Any] = {"puzzle": puzzle}
    if name in ("solve", "count", "check"):
        kwargs["time_limit"] = seconds
    if name == "count":
        kwargs["limit"] = integer_field(body, "limit", 1000, 1, limits.max_count)
    if name in ("check", "hint") and body.get("grid") is not None:
        kwargs["player"] = read_sheet(body.get("grid"), puzzle.sheet, "grid")
    if name == "hint":
        kwargs["candidates"] = _candidates(body, puzzle.sheet)
    if name == "explain":
        kwargs["guess"] = flag_field(body, "guess")
    if name == "print":
        kwargs["answers"] = flag_field(body, "answers")
        kwargs["title"] = string_field(body, "title") or "Sudoku"
        if flag_field(body, "walkthrough"):
            raise BadRequest(f"a walkthrough is not available for {puzzle.sheet.describe()} "
                             "puzzles", status=422)
    answered = await run(request, f"sheet-{name}", kwargs,
                         seconds + 1.0 if name in ("solve", "count", "check")
                         else limits.create_time_limit if name == "print" else limits.time_limit)
    return answered if isinstance(answered, bytes) else dict(answered)


def _puzzles(body: dict[str, Any], found: Sheet | list[SheetGrid]) -> list[SheetGrid]:
    """The request's sheet puzzles: those read already, or its text read on the sheet
    its variant names."""
    if isinstance(found, list):
        return found
    return [read_sheet(body.get("puzzle"), found, "puzzle")]


def _candidates(body: dict[str, Any], sheet: Sheet) -> list[int] | None:
    """The player's pencil marks: a mask per sheet position in reading order (0: none)."""
    value = body.get("candidates")
    if value is None:
        return None
    count = sheet.rows * sheet.cols
    if not isinstance(value, list) or len(value) != count:
        raise BadRequest(f"'candidates' must be a list of {count} candidate masks, one per "
                         "sheet position in reading order")
    full = (1 << sheet.size) - 1
    for mask in value:
        if type(mask) is not int or not 0 <= mask <= full:
            raise BadRequest(f"'candidates': {str(mask)[:40]} is not a candidate mask (a "
                             f"whole number from 0 to {full})")
    return [value[r * sheet.cols + c] for r, c in map(sheet.position, range(sheet.ncells))]


def convert(puzzles: list[SheetGrid], to: str | None) -> dict[str, Any]:
    """The puzzles written in the sheets' format (``to``: it, or another, which refuses
    them by name), and the first one's digits by position, for a page to play."""
    written: list[Any] = list(puzzles)  # (the sheets' format writes sheet puzzles)
    try:
        text = formats.dumps(written, to or FORMAT)
    except (SudokuError, ValueError) as e:
        raise BadRequest(str(e)) from None
    first = puzzles[0]
    return {"output": text, "count": len(puzzles), "cells": positions(first),
            "candidates": None, **_about(first)}


# -- the work, in a worker process -----------------------------------------------------------
def solve(puzzle: SheetGrid, time_limit: float) -> dict[str, Any]:
    """One solution, and whether it is the only one."""
    result = search(puzzle, limit=2, time_limit=time_limit)
    solution = result.solution
    return {"status": result.status.value, "unique": result.unique,
            "solution": None if solution is None else str(solution),
            "cells": None if solution is None else positions(solution),
            **_about(puzzle)}


def count(puzzle: SheetGrid, limit: int, time_limit: float) -> dict[str, Any]:
    """How many solutions, counting no further than ``limit``."""
    result = search(puzzle, limit=limit, time_limit=time_limit)
    return {"count": result.count, "limit": limit,
            "complete": result.status is not SearchStatus.TIMED_OUT,
            "status": result.status.value}


def conflicts(grid: SheetGrid) -> list[dict[str, Any]]:
    """Every digit that stands twice in a house of the sheet, with its cells."""
    sheet = grid.sheet
    out = []
    for house, name in zip(sheet.houses, sheet.house_names, strict=True):
        seen: dict[int, list[int]] = {}
        for cell in house:
            if grid.digits[cell]:
                seen.setdefault(grid.digits[cell], []).append(cell)
        for digit, cells in seen.items():
            if len(cells) > 1:
                names = [sheet.cell_name(c) for c in cells]
                out.append({"unit": name, "digit": digit, "cells": names,
                            "message": f"{digit} stands twice in {name} "
                                       f"({', '.join(names)})"})
    return out


def check(puzzle: SheetGrid, time_limit: float, player: SheetGrid | None = None
          ) -> dict[str, Any]:
    """Is the puzzle free of conflicts and unique; with the player's grid, is every digit
    filled in still right (never saying which digit goes where)?"""
    found = conflicts(puzzle)
    result = None if found else search(puzzle, limit=2, time_limit=time_limit)
    timed_out = result is not None and result.status is SearchStatus.TIMED_OUT
    solutions = 0 if result is None else result.count
    message = (found[0]["message"] if found else
               f"not decided in time: at least {solutions} solution(s) found so far"
               if timed_out else
               {0: "the puzzle has no solution",
                1: "the puzzle is valid: exactly one solution"}.get(
                   solutions, "the puzzle has more than one solution"))
    data: dict[str, Any] = {"conflicts": found, "solutions": solutions,
                            "unique": solutions == 1 and not timed_out,
                            "complete": not timed_out, "message": message}
    if player is not None:
        unique = solutions == 1 and not timed_out and result is not None
        data["progress"] = _progress(puzzle, player,
                                     result.solution if unique and result else None)
    return {**data, **_about(puzzle)}


def _progress(puzzle: SheetGrid, player: SheetGrid, solution: Any) -> dict[str, Any]:
    """How the player's grid stands against the one solution: how many digits are wrong."""
    sheet = puzzle.sheet
    pairs = list(zip(puzzle.digits, player.digits, strict=True))
    changed = [sheet.cell_name(i) for i, (g, v) in enumerate(pairs) if g and v != g]
    filled = sum(1 for g, v in pairs if v and not g)
    blanks = sum(1 for v in player.digits if not v)
    if solution is None:
        return {"checked": False, "filled": filled, "blanks": blanks, "wrong": None,
                "changed_givens": changed,
                "message": "progress can be checked only on a puzzle with one solution"}
    wrong = sum(1 for v, s in zip(player.digits, solution.digits, strict=True) if v and v != s)
    message = (f"the givens at {', '.join(changed)} were changed" if changed else
               f"{wrong} digit{'s' * (wrong != 1)} filled in {'are' if wrong != 1 else 'is'} "
               "wrong" if wrong else
               f"all right so far: {blanks} cell{'s' * (blanks != 1)} to go" if blanks else
               "solved!")
    return {"checked": True, "filled": filled, "blanks": blanks, "wrong": wrong,
            "changed_givens": changed, "message": message}


def hint(puzzle: SheetGrid, player: SheetGrid | None = None,
         candidates: list[int] | None = None) -> dict[str, Any]:
    """The next step from the player's board: first any digit filled in wrongly (or a
    pencil mark that rules out the digit that goes there), else the easiest logical step."""
    sheet = puzzle.sheet
    board = player if player is not None else puzzle
    result = search(puzzle, limit=2)
    solution = result.solution if result.unique else None
    if solution is not None:
        wrong = [sheet.cell_name(i) for i, (v, s) in
                 enumerate(zip(board.digits, solution.digits, strict=True)) if v and v != s]
        if not wrong and candidates is not None:
            wrong = [sheet.cell_name(i) for i, (v, m, s) in
                     enumerate(zip(board.digits, candidates, solution.digits, strict=True))
                     if not v and m and not m >> (s - 1) & 1]
        if wrong:
            text = f"{len(wrong)} cell{'s' * (len(wrong) != 1)} hold{'s' * (len(wrong) == 1)}" \
                   f" a wrong digit or lack the pencil mark of the right one: {', '.join(wrong)}"
            return {"kind": "mistake", "cells": wrong, "step": None, "solutions": 1,
                    "solved": False, "notes": [], "nudge": "Something filled in is wrong.",
                    "text": text, **_about(puzzle)}
    from ..logic import hint as next_hint  # the logic: loaded by the worker that hints

    try:
        found = next_hint(board)
    except (TypeError, UnsupportedRulesError):
        raise UnsupportedRulesError(f"hints for {sheet.describe()} puzzles are not available "
                                    "yet") from None
    step = found.step
    if candidates is not None and step is not None:
        step = _marked_step(board, candidates, result)
    text = (step.text if step is not None else "solved: nothing left to do" if found.solved
            else "the puzzle has no solution" if found.solutions == 0 else "no step found")
    told = _grades(step, sheet) if step is not None else []
    return {"kind": "step" if step is not None else "none",
            "step": _step_json(step) if step is not None else None, "grades": told,
            "nudge": told[0]["text"] if told else text, "solutions": found.solutions,
            "solved": bool(found.solved and step is None), "notes": list(found.notes),
            "text": text, **_about(puzzle)}


def _marked_step(digits: SheetGrid, candidates: list[int], result: Any) -> Step | None:
    """The easiest step on the board the player sees: the digits of ``digits``, each blank
    left with the candidates its pencil marks keep (none written: every one), so that a
    step already applied is not told again."""
    # the logic: loaded by the worker that hints
    from ..logic.board import Board
    from ..logic.path import board_of, find_step
    from ..logic.techniques.brute_force import BRUTE_FORCE

    start = board_of(digits)
    masks = [m if v or not mark else m & mark
             for m, mark, v in zip(start.masks, candidates, start.values, strict=True)]
    board = Board(start.geo, masks, list(start.values))
    board.solutions = result.count
    board.solution = tuple(result.solution.digits) if result.solution is not None else None
    return find_step(board) or BRUTE_FORCE.find(board)


def _grades(step: Step, sheet: Sheet) -> list[dict[str, str]]:
    """The step told a little at a time, least first, as the library's teaching hints tell
    it on the sheet (the nudge names a grid's box, row or column)."""
    from ..logic import teach  # the logic: loaded by the worker that hints

    return [{"level": level, "text": teach.hint_text(step, level, sheet)}
            for level in teach.LEVELS]


def _step_json(step: Step) -> dict[str, Any]:
    """A step as the page reads it, cells by their sheet names."""
    return {**step.to_dict(),
            "links": [{"start": {"cells": list(a.cells), "digit": a.digit},
                       "end": {"cells": list(b.cells), "digit": b.digit}, "strong": strong}
                      for a, b, strong in step.links],
            "houses": [list(h) for h in getattr(step, "houses", ())]}


def explain(puzzle: SheetGrid, guess: bool) -> dict[str, Any]:
    """Every step of the logical path, with the rating when it ends solved."""
    # the logic: loaded by the worker that explains
    from ..logic import solve_path
    from ..logic.rating import rating_of

    try:
        path = solve_path(puzzle, guess=guess)
        rating = rating_of(path) if path.solved else None
    except (TypeError, UnsupportedRulesError):
        raise UnsupportedRulesError(f"explanations of {puzzle.sheet.describe()} puzzles are "
                                    "not available yet") from None
    steps = [_step_json(step) for step in path.steps]
    return {"solved": path.solved, "solutions": path.solutions, "steps": steps,
            "notes": list(getattr(path, "notes", ())),
            "rating": rating.to_dict() if rating is not None else None, **_about(puzzle)}


def rate(puzzle: SheetGrid) -> dict[str, Any]:
    """The level, score and effort."""
    from ..logic import rate as rate_puzzle  # the logic: loaded by the worker that rates

    try:
        return dict(rate_puzzle(puzzle).to_dict())
    except (TypeError, UnsupportedRulesError):
        raise UnsupportedRulesError(f"ratings of {puzzle.sheet.describe()} puzzles are not "
                                    "available yet") from None


def create(sheet: Sheet, difficulty: str | None, seed: str | None,
           symmetry: str = "none") -> dict[str, Any]:
    """A new sheet puzzle with one solution, its givens in the ``symmetry`` asked for (one
    the sheet's layout keeps); the seed makes the same one again."""
    from ..generator.sheets import generate_sheet  # the maker: loaded by the worker that makes

    seed = seed if seed else secrets.token_hex(4)
    puzzle = generate_sheet(sheet, seed=seed, difficulty=difficulty, symmetry=symmetry)
    return {"puzzle": str(puzzle), "cells": positions(puzzle), "seed": seed,
            "difficulty": difficulty, "symmetry": symmetry,
            "givens": sum(1 for v in puzzle.digits if v), **_about(puzzle)}


def print_pdf(puzzle: SheetGrid, answers: bool, title: str) -> bytes:
    """A PDF of the puzzle (and its answer on request), one to a page."""
    # the pictures and their PDF libraries: loaded by the worker that prints
    from ..pictures.sheets import SheetEntry, sheet_pages

    solution = search(puzzle).solution
    return sheet_pages([SheetEntry(1, puzzle, solution)], title=title, answers=answers)


#: Operation name -> function, as the workers look calls up.
OPERATIONS: dict[str, Callable[..., Any]] = {
    "sheet-solve": solve, "sheet-count": count, "sheet-check": check, "sheet-hint": hint,
    "sheet-explain": explain, "sheet-rate": rate, "sheet-create": create,
    "sheet-print": print_pdf,
}


def call(op: str, kwargs: dict[str, Any]) -> Any:
    """Run operation ``op``: a sheet's here, any other as :func:`sudokit.web.work.call`."""
    if op in OPERATIONS:
        return OPERATIONS[op](**kwargs)
    return call_work(op, kwargs)
