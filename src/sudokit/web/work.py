"""The work behind each API call, as plain functions from checked arguments to JSON-ready
dicts. They run in the worker processes of :mod:`sudokit.web.pool` (so that a time limit can
stop any of them), and call the library and nothing else: when the library learns more (graded
hints, new ratings), only this module changes.
"""

from __future__ import annotations

import importlib
import importlib.util
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import formats
from ..candidates import Candidates
from ..constraints import Sandwich
from ..errors import GenerateGaveUp, UnsupportedRulesError
from ..grid import SYMBOLS, Grid
from ..rules import Rules
from ..shape import Shape
from ..solver import SearchStatus, search
from . import drawn

if TYPE_CHECKING:  # the logic is imported when a hint asks for it
    from ..logic.step import Step

Puzzle = Grid | Candidates


def _line(grid: Grid) -> str:
    return grid.to_line()


def _solution_text(grid: Grid) -> str:
    """The solution as a line where one can write it (up to 35x35: one symbol a digit), else
    as rows of numbers (the grid format), so that a 36x36 to 64x64 is answered too."""
    if grid.n <= len(SYMBOLS):
        return grid.to_line()
    return str(formats.dumps(grid, "grid"))


def _as_grid(item: Puzzle) -> Grid:
    return item.to_grid() if isinstance(item, Candidates) else item


def conflicts(grid: Grid) -> list[dict[str, Any]]:
    """Every digit that stands twice in a unit, with the cells, as the ``check`` command
    reports them."""
    shape = grid.shape
    out = []
    for c in grid.conflicts():
        cells = [shape.cell_name(i) for i in c.cells]
        out.append({
            "unit": c.unit,
            "digit": c.digit,
            "cells": cells,
            "message": c.said(shape),
        })
    return out


def rules_json(rules: Rules) -> dict[str, Any]:
    """A variant's rules as a page draws and checks them: ``variant`` (the presets joined
    with '+'), ``name`` in words, ``regions`` (a region number per cell; null for the
    standard boxes), ``houses`` (the extra houses: ``name``, ``cells``), ``odd`` and
    ``even`` cells, ``differ`` (pairs a king's or knight's move apart that may not repeat a
    digit), ``non_consecutive`` (neighbours whose digits may not be consecutive),
    ``constraints`` (the cages, lines, dots and signs, as :mod:`sudokit.web.drawn` writes
    them), ``all_dots`` and ``all_xv`` (every dot, every X and V is given), ``groups`` (cells
    whose digits differ though they fill no house: cages, renban lines), ``lines`` (every
    rule in words) and ``unmarked`` (those the grid shows no mark of)."""

    return {
        "variant": "+".join(rules.names),
        "name": rules.describe(),
        "regions": list(rules.regions) if rules.is_jigsaw else None,
        "houses": [{"name": name, "cells": list(cells)} for name, cells in rules.extra_houses()],
        "odd": list(rules.odd),
        "even": list(rules.even),
        "differ": [list(pair) for pair in rules.differ],
        "non_consecutive": [list(pair) for pair in rules.non_consecutive_pairs],
        "constraints": [drawn.to_json(c) for c in rules.constraints],
        "all_dots": rules.all_dots,
        "all_xv": rules.all_xv,
        "groups": [list(cells) for cells in rules.distinct_groups],
        **_words(rules),
    }


def _words(rules: Rules) -> dict[str, list[str]]:
    """The rules in words (``lines``) and those the grid shows no mark of (``unmarked``), as
    the pictures say them."""
    # the pictures load the logic: only a variant's answer needs them, the server starts fast
    from ..pictures.variants import rule_lines, unmarked_rules

    return {"lines": rule_lines(rules), "unmarked": unmarked_rules(rules)}


def with_rules(data: dict[str, Any], puzzle: Puzzle) -> dict[str, Any]:
    """``data`` with the puzzle's rules (``rules``) where they are not the classic ones:
    a classic answer stays as it was."""
    if isinstance(puzzle, Grid) and not puzzle.rules.is_classic:
        data["rules"] = rules_json(puzzle.rules)
    return data


#: What the logic does, in the words that refuse it where it cannot honour a variant.
LOGIC_WORK = {"hint": "hints for", "explain": "explanations of", "rate": "ratings of"}


def logic_refusal(op: str, puzzle: Puzzle) -> str | None:
    """Why ``op`` (hint, explain, rate) cannot be done on ``puzzle`` here: a variant's rules
    where this installation's logic solver knows only the classic ones; else None."""
    if not isinstance(puzzle, Grid) or puzzle.rules.is_classic:
        return None
    if _optional(".logic.variants") is not None:
        return None
    return f"{LOGIC_WORK[op]} {puzzle.rules.describe()} puzzles are not available yet"


def logic_refused(op: str, puzzle: Puzzle) -> UnsupportedRulesError:
    """The refusal of ``op`` (hint, explain, rate) on a puzzle whose rules a part of sudokit
    it needs (the search, the logic) cannot honour yet, in the words of that work."""
    rules = puzzle.rules.describe() if isinstance(puzzle, Grid) else "these"
    return UnsupportedRulesError(f"{LOGIC_WORK[op]} {rules} puzzles are not available yet")


def solve(puzzle: Puzzle, time_limit: float) -> dict[str, Any]:
    """One solution, and whether it is the only one (a count to two)."""
    result = search(puzzle, limit=2, time_limit=time_limit)
    return with_rules({
        "status": result.status.value,
        "solution": _solution_text(result.solution) if result.solution is not None else None,
        "unique": result.unique,
    }, puzzle)


def count(puzzle: Puzzle, limit: int, time_limit: float) -> dict[str, Any]:
    """How many solutions, counting no further than ``limit``; ``complete`` is False when
    the time limit stopped the count (``count`` is then a lower bound)."""
    result = search(puzzle, limit=limit, time_limit=time_limit)
    return {
        "count": result.count,
        "limit": limit,
        "complete": result.status is not SearchStatus.TIMED_OUT,
        "status": result.status.value,
    }


def check(puzzle: Puzzle, grid: Grid | None, time_limit: float) -> dict[str, Any]:
    """Is the puzzle free of conflicts, and does it have exactly one solution (not decided,
    ``complete`` false, where the search cannot honour its rules yet)? With the player's
    ``grid``: is every digit filled in still right (without saying which digit belongs
    where), and a finished grid, does it keep every rule?"""
    givens = _as_grid(puzzle)
    found = conflicts(givens)
    refused = None
    try:
        result = search(puzzle, limit=2, time_limit=time_limit) if not found else None
    except UnsupportedRulesError as e:  # not decided; a finished grid is judged by the rules
        result, refused = None, str(e)
    timed_out = result is not None and result.status is SearchStatus.TIMED_OUT
    solutions = 0 if result is None else result.count
    data: dict[str, Any] = {
        "conflicts": found,
        "solutions": solutions,
        "unique": solutions == 1 and not timed_out,
        "complete": not timed_out and refused is None,
        "message": refused or _check_message(found, solutions, timed_out),
    }
    if grid is not None:
        data["progress"] = _progress(givens, grid, result.solution if result else None,
                                     solutions == 1 and not timed_out)
    return with_rules(data, puzzle)


def _check_message(found: list[dict[str, Any]], solutions: int, timed_out: bool) -> str:
    if found:
        return found[0]["message"]
    if timed_out:
        return f"not decided in time: at least {solutions} solution(s) found so far"
    return {0: "the puzzle has no solution", 1: "the puzzle is valid: exactly one solution"}.get(
        solutions, "the puzzle has more than one solution")


def _progress(givens: Grid, grid: Grid, solution: Grid | None, unique: bool) -> dict[str, Any]:
    """How the player's grid stands against the one solution: how many digits are wrong,
    never which digit is right."""
    if grid.shape != givens.shape:
        raise ValueError(f"the grid is {grid.n}x{grid.n}, the puzzle {givens.n}x{givens.n}")
    changed = [givens.shape.cell_name(i) for i, (g, v) in
               enumerate(zip(givens.cells, grid.cells, strict=True)) if g and v != g]
    filled = sum(1 for g, v in zip(givens.cells, grid.cells, strict=True) if v and not g)
    blanks = grid.blanks
    judged = _judged(givens.rules, grid) if not blanks and not changed else {}
    if solution is None or not unique:
        return {"checked": bool(judged), "filled": filled, "blanks": blanks, "wrong": None,
                "changed_givens": changed,
                "message": "progress can be checked only on a puzzle with one solution",
                **judged}
    wrong = sum(1 for v, s in zip(grid.cells, solution.cells, strict=True) if v and v != s)
    if changed:
        message = f"the givens at {', '.join(changed)} were changed"
    elif wrong:
        message = f"{wrong} digit{'s' * (wrong != 1)} filled in {'are' if wrong != 1 else 'is'}" \
                  " wrong"
    elif blanks:
        message = f"all right so far: {blanks} cell{'s' * (blanks != 1)} to go"
    else:
        message = "solved!"
    return {**judged, "checked": True, "filled": filled, "blanks": blanks, "wrong": wrong,
            "changed_givens": changed, "message": message}


def _judged(rules: Rules, grid: Grid) -> dict[str, Any]:
    """A finished grid judged by the rules alone (a puzzle's one solution or not): the first
    rule it breaks in words (``broken``, None when it keeps them all), the cells of every
    cage, line, dot or sign it breaks (``broken_cells``) and ``message``."""
    broken = rules.broken(grid.cells)
    n = rules.size
    cells = sorted({cell for c in rules.constraints if not c.holds(grid.cells, n, rules.regions)
                    for cell in (c.line_cells(n) if isinstance(c, Sandwich) else c.cells)})
    return {"broken": broken, "broken_cells": [grid.shape.cell_name(c) for c in cells],
            "message": "solved!" if broken is None else f"not solved: {broken}"}


def hint(puzzle: Puzzle, grid: Grid | None,
         candidates: Candidates | None = None) -> dict[str, Any]:
    """The next step from the board the player sees (the puzzle, the digits of ``grid`` and
    the pencil marks of ``candidates``, each where given): first any digit filled in or
    candidate ruled out wrongly (a hint on a wrong board would mislead), else the easiest
    logical step."""
    try:
        return _hint(puzzle, grid, candidates)
    except UnsupportedRulesError:
        raise logic_refused("hint", puzzle) from None


def _hint(puzzle: Puzzle, grid: Grid | None, candidates: Candidates | None) -> dict[str, Any]:
    from ..logic import hint as next_hint  # only the request that needs it: the server starts fast

    if grid is not None and isinstance(puzzle, Grid):
        grid = grid.with_rules(puzzle.rules)
    # pencil marks carry no rules: on a variant the step is found from the digits
    variant = isinstance(puzzle, Grid) and not puzzle.rules.is_classic
    start: Puzzle = (candidates if candidates is not None and not variant else
                     grid if grid is not None else puzzle)
    if start is not puzzle or candidates is not None:
        mistake = _mistake(puzzle, grid, candidates)
        if mistake is not None:
            return mistake
    found = next_hint(start)
    step = found.step
    if candidates is not None and found.solutions and variant:
        step = _marked_step(start, candidates)
    elif candidates is not None and found.solutions:
        # a blank whose one pencil mark no peer holds counts as placed on a candidate
        # board, so the ladder never names it: the page still shows it blank
        step = _pencilled_single(candidates, grid or _as_grid(puzzle)) or step
    solved = found.solved and step is None
    text = (step.text if step is not None else
            "solved: nothing left to do" if solved else
            "the digits and pencil marks leave no solution" if found.solutions == 0
            and start is not puzzle else
            "the puzzle has no solution" if found.solutions == 0 else "no step found")
    told = grades(step, start.shape) if step is not None else []
    return with_rules({
        "kind": "step" if step is not None else "none",
        "step": step_json(step) if step is not None else None,
        "grades": told,
        "nudge": told[0]["text"] if told else text,
        "solutions": found.solutions,
        "solved": solved,
        "notes": list(found.notes),
        "text": text,
    }, puzzle)


def _mistake(puzzle: Puzzle, grid: Grid | None,
             candidates: Candidates | None) -> dict[str, Any] | None:
    """The answer that points out the digits filled in wrongly, else the blanks whose pencil
    marks rule out their digit, else None. Only against the one solution: with several,
    nothing is wrong."""
    result = search(puzzle, limit=2)
    solution = result.solution
    if not result.unique or solution is None or (grid is not None
                                                  and grid.shape != solution.shape):
        return None
    shape = solution.shape
    if grid is not None:
        wrong = [shape.cell_name(i) for i, (v, s) in
                 enumerate(zip(grid.cells, solution.cells, strict=True)) if v and v != s]
        if wrong:
            return _mistake_answer(wrong, "Some digits filled in are wrong.",
                                   f"digit{'s' * (len(wrong) != 1)} filled in "
                                   f"{'are' if len(wrong) != 1 else 'is'} wrong")
    if candidates is not None:
        ruled = [shape.cell_name(i) for i, (m, s) in
                 enumerate(zip(candidates.masks, solution.cells, strict=True))
                 if not m >> (s - 1) & 1]
        if ruled:
            return _mistake_answer(ruled, "Some pencil marks leave out the digit that goes "
                                   "there.", f"cell{'s' * (len(ruled) != 1)} lack"
                                   f"{'s' * (len(ruled) == 1)} the pencil mark of "
                                   f"{'their' if len(ruled) != 1 else 'its'} digit")
    return None


def _mistake_answer(cells: list[str], nudge: str, what: str) -> dict[str, Any]:
    return {"kind": "mistake", "cells": cells, "step": None, "solutions": 1, "solved": False,
            "notes": [], "nudge": nudge, "text": f"{len(cells)} {what}: {', '.join(cells)}"}


def _marked_step(digits: Puzzle, candidates: Candidates) -> Step | None:
    """The easiest step on a variant's board: the digits of ``digits`` under its rules, each
    blank left with the candidates its rules allow that the player's ``candidates`` keep
    (pencil marks hold no rules, so the board is made from the digits, then narrowed)."""
    # only the request that needs it: the server starts fast
    from ..logic.board import Board
    from ..logic.path import find_step
    from ..logic.techniques.brute_force import BRUTE_FORCE

    start = Board.from_grid(_as_grid(digits))
    masks = [m if v else m & mark
             for m, mark, v in zip(start.masks, candidates.masks, start.values, strict=True)]
    board = Board(start.geo, masks, list(start.values))
    result = search(digits, limit=2)
    board.solutions = result.count
    board.solution = result.solution.cells if result.solution is not None else None
    return find_step(board) or BRUTE_FORCE.find(board)


def _pencilled_single(candidates: Candidates, digits: Grid) -> Step | None:
    """A Naked Single on a blank of ``digits`` left with one pencil mark, if there is one."""
    # only the request that needs it: the server starts fast
    from ..logic.board import Board, geometry
    from ..logic.techniques.naked_single import NAKED_SINGLE

    masks = candidates.masks
    peers = candidates.shape.peers
    if not any(not v and m.bit_count() == 1 and not any(masks[p] & m for p in peers[c])
               for c, (v, m) in enumerate(zip(digits.cells, masks, strict=True))):
        return None
    return NAKED_SINGLE.find(Board(geometry(candidates.shape), list(masks), list(digits.cells)))


def grades(step: Step, shape: Shape) -> list[dict[str, str]]:
    """The step told a little at a time, least first: each grade's ``level`` (``cells``
    shows the cells it uses, ``step`` all of it) and ``text``. The library's teaching hints
    (``sudokit.logic.teach``) where this version has them, else three grades of its own."""
    teach: Any = _optional(".logic.teach")
    if teach is not None:
        return [{"level": level, "text": teach.hint_text(step, level, shape)}
                for level in teach.LEVELS]
    article = "an" if step.technique[:1].upper() in "AEIOUX" else "a"
    return [
        {"level": "technique", "text": f"Look for {article} {step.technique}."},
        {"level": "cells", "text": f"{step.technique} in {' '.join(step.cells)}."},
        {"level": "step", "text": f"{step.technique} ({step.level}): {step.text}"},
    ]


def _optional(name: str) -> Any:
    """The module ``sudokit<name>`` if this installation has it, else None."""
    package = __package__.rsplit(".", 1)[0]
    if importlib.util.find_spec(package + name) is None:
        return None
    return importlib.import_module(package + name)


def explain(puzzle: Puzzle, guess: bool) -> dict[str, Any]:
    """Every step of the logical path, with the rating when it ends solved (the JSON that
    ``sudoku explain --json`` prints)."""
    # only the request that needs it: the server starts fast
    from ..logic import report, solve_path
    from ..logic.rating import rating_of

    try:
        path = solve_path(puzzle, guess=guess)
    except UnsupportedRulesError:
        raise logic_refused("explain", puzzle) from None
    rating = rating_of(path) if path.solved else None
    data = report.path_dict(path, rating)
    for told, step in zip(data["steps"], path.steps, strict=True):
        told["links"] = links_json(step)
        told["houses"] = houses_json(step)
    return with_rules(data, puzzle)


def step_json(step: Step) -> dict[str, Any]:
    """A step as JSON (as ``sudoku hint --json`` gives it), with the links of its chains
    (``links``) and the houses it names (``houses``), which the page draws on the board."""
    return {**step.to_dict(), "links": links_json(step), "houses": houses_json(step)}


def houses_json(step: Step) -> list[list[str]]:
    """The cells of each house a step names (a region, a diagonal, a window: its picture
    outlines them), by name."""
    return [list(house) for house in getattr(step, "houses", ())]


def links_json(step: Step) -> list[dict[str, Any]]:
    """The links of a step's chains: ``start`` and ``end`` nodes (``cells``, ``digit``; a
    grouped node has several cells) and ``strong``."""
    return [{"start": {"cells": list(a.cells), "digit": a.digit},
             "end": {"cells": list(b.cells), "digit": b.digit}, "strong": strong}
            for a, b, strong in step.links]


def rate(puzzle: Puzzle) -> dict[str, Any]:
    """The level, score and effort (``sudoku rate --json``)."""
    # only the request that needs it: the server starts fast
    from ..logic import rate as rate_puzzle

    try:
        return rate_puzzle(puzzle).to_dict()
    except UnsupportedRulesError:
        raise logic_refused("rate", puzzle) from None


def create(size: int, box: tuple[int, int] | None, difficulty: str | None, seed: str | None,
           symmetry: str, technique: str | None = None, cleanness: int = 0,
           tries: int | None = None, variant: str | None = None) -> dict[str, Any]:
    """A new puzzle with one solution; the seed (drawn at random when none is given) makes
    the same puzzle again anywhere. With ``technique``, a 9x9 puzzle that needs it and
    nothing harder, as ``sudoku create --technique`` makes it (``cleanness`` 0..3, giving
    up after ``tries`` random starts). With ``variant`` (preset names), a puzzle under
    those rules, as ``sudoku create --variant`` makes it (a jigsaw with regions of its own)."""
    seed = seed if seed else secrets.token_hex(4)
    if technique is not None:
        return _create_for(technique, cleanness, seed, tries)
    from ..generator.make import generate  # only the request that needs it: the server starts fast

    if variant is None:
        puzzle = generate(size, box=box, difficulty=difficulty, seed=seed, symmetry=symmetry)
    elif _optional(".generator.variants") is None:  # a maker of classic puzzles only
        raise UnsupportedRulesError(f"making {variant} puzzles is not available yet")
    else:
        puzzle = generate(size, box=box, difficulty=difficulty, seed=seed, symmetry=symmetry,
                          rules=variant)
    data: dict[str, Any] = {
        "puzzle": _line(puzzle),
        "size": puzzle.n,
        "box": list(puzzle.box),
        "seed": seed,
        "difficulty": difficulty,
        "symmetry": symmetry,
        "givens": puzzle.givens,
    }
    return with_rules(data, puzzle)


def _create_for(technique: str, cleanness: int, seed: str, tries: int | None) -> dict[str, Any]:
    from ..generator.targeted import generate_for  # the rater: loaded when a puzzle is made for it

    try:
        made = generate_for(technique, cleanness=cleanness, seed=seed, tries=tries)
    except GenerateGaveUp:  # said again without the command line's options
        raise GenerateGaveUp(f"gave up: no puzzle for {technique} (cleanness {cleanness}) "
                             f"in {tries} tries; a lower cleanness or another seed may find "
                             "one") from None
    puzzle = made.puzzle
    return {
        "puzzle": _line(puzzle),
        "size": puzzle.n,
        "box": list(puzzle.box),
        "seed": seed,
        "difficulty": made.rating.level,
        "symmetry": "none",
        "givens": puzzle.givens,
        "technique": made.step.technique,
        "cleanness": cleanness,
        "score": made.rating.score,
        "hardest": made.rating.hardest,
    }


def printable() -> bool:
    """Whether this installation can print PDF booklets (``sudokit.pictures``)."""
    return importlib.util.find_spec(f"{__package__.rsplit('.', 1)[0]}.printing") is not None


def print_pdf(puzzle: Puzzle, answers: bool, walkthrough: bool, title: str) -> bytes:
    """A PDF booklet of the puzzle (with its answer, and its solving path, on request), as
    ``sudoku print`` makes it."""
    # imported by name: printing is an optional part, and its libraries an optional extra
    printing: Any = importlib.import_module(f"{__package__.rsplit('.', 1)[0]}.printing")
    options = printing.Options(title=title, answers=answers, walkthrough=walkthrough)
    return bytes(printing.booklet([printing.prepare(puzzle, 1)], options))


#: The arguments that hold puzzles, sent to a worker as plain data (see pack).
PUZZLE_ARGUMENTS = ("puzzle", "grid", "candidates")


def pack(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The arguments with their puzzles as plain tuples, for the trip to a worker: a pickled
    Grid carries its shape's cached tables too, ten times the bytes and the time."""
    out = dict(kwargs)
    for name in PUZZLE_ARGUMENTS:
        item = out.get(name)
        if isinstance(item, Grid):
            rules = None if item.rules.is_classic else item.rules
            out[name] = ("grid", item.cells, (item.shape.box_rows, item.shape.box_cols), rules)
        elif isinstance(item, Candidates):
            out[name] = ("candidates", item.masks, (item.shape.box_rows, item.shape.box_cols),
                         None)
    return out


def call(op: str, kwargs: dict[str, Any]) -> Any:
    """Run operation ``op`` on arguments made by :func:`pack`."""
    for name in PUZZLE_ARGUMENTS:
        packed = kwargs.get(name)
        if isinstance(packed, tuple):
            kind, values, box, rules = packed
            kwargs[name] = (Grid.from_cells(values, box, rules=rules) if kind == "grid"
                            else Candidates(values, Shape(*box)))
    return OPERATIONS[op](**kwargs)


def read_photo(photo: bytes) -> dict[str, Any]:
    """The puzzle in a photo, with the reader's confidence in each cell, its other
    choices where it is in doubt, and the cells the solver's check changed, each with the
    probability the model gave the new choice (``sudoku read``)."""
    from ..image import read  # OpenCV: loaded by the worker that reads a photo

    reading = read(photo)
    shape = reading.grid.shape
    return {
        "puzzle": _line(reading.grid),
        "size": reading.grid.n,
        "box": list(reading.grid.box),
        "cells": list(reading.grid.cells),
        "confidence": [round(p, 3) for p in reading.confidence],
        "doubtful": [shape.cell_name(i) for i in reading.doubtful],
        "choices": {shape.cell_name(i): [[d, round(p, 3)] for d, p in reading.alternatives[i]]
                    for i in reading.doubtful},
        "solutions": reading.solutions,
        "unique": reading.unique,
        "trusted": reading.trusted,
        "distrust": list(reading.distrust),
        "corners": [[round(x, 1), round(y, 1)] for x, y in reading.corners],
        "changes": [{"cell": shape.cell_name(ch.cell), "from": ch.before, "to": ch.after,
                     "probability": round(ch.probability, 3)} for ch in reading.changes],
    }


#: Operation name -> function; the pool's workers look calls up here.
OPERATIONS: dict[str, Callable[..., Any]] = {
    "solve": solve,
    "count": count,
    "check": check,
    "hint": hint,
    "explain": explain,
    "rate": rate,
    "create": create,
    "print": print_pdf,
    "read": read_photo,
}
