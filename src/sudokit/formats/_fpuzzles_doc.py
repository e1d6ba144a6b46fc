"""The f-puzzles document (the JSON object an f-puzzles link or file carries) read into a
grid with its rules, and written from one.

What is read: ``size``; ``grid``, N rows of N cell objects, a cell's ``value`` a clue when
``given`` is true (a value without it is a solver's entry and is not read) and its
``region`` the irregular region it belongs to (absent: its standard box); ``diagonal+``
with ``diagonal-`` (X), ``antiknight``, ``antiking``, ``disjointgroups``,
``nonconsecutive`` (also a ``negative`` white-dot rule with no white dots), ``odd`` and
``even`` cells, ``extraregion`` when its regions are exactly windoku's windows, the
centre-dot group, the disjoint groups or the diagonals; the cages, lines, dots and signs
of ``_fpuzzles_constraints.py`` (killer cages, thermometers, arrows, kropki dots, XV...);
``title``, ``author`` and ``solution`` become the record's fields ``name``, ``author`` and
``solution``.

Every other constraint is refused by name (a clone, a quadruple, a drawn line...), so
that no puzzle is ever solved under fewer rules than its setter gave it. Cells are named
``R1C1`` (row, column, from 1), as f-puzzles names them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..constraints import Constraint
from ..errors import ParseError, ShapeError, SudokuError
from ..grid import SYMBOLS, Grid
from ..rules import Rules
from ..shape import MAX_SIZE, Shape
from ._fpuzzles_constraints import (
    DRAWINGS,
    drawing_of_read,
    key_of,
    negative_rules,
    read_constraint,
    write_constraints,
)
from ._regions import boxes_of, natural_box

#: The constraints f-puzzles and its importers name that sudokit does not hold, in words.
REFUSED: dict[str, str] = {
    "cage": "cages",
    "quadruple": "quadruples",
    "clone": "clones",
    "line": "lines",
    "clock": "clock lines",
    "sumdot(intersection)": "sum dots",
    "circle": "circles",
    "rectangle": "rectangles",
    "text": "text on the grid",
    "xsum": "X-sums",
    "skyscraper": "skyscrapers",
    "nabner": "nabner lines",
    "doublearrow": "double arrows",
    "lockout": "lockout lines",
    "modularline": "modular lines",
    "zipperline": "zipper lines",
}

#: Keys that say nothing about the rules (settings of the f-puzzles page, or read as fields).
IGNORED = frozenset({"title", "author", "ruleset", "solution", "disabledlogic",
                     "truecandidatesoptions", "size", "grid", "version"})

#: The true-or-false constraints and the ``Rules`` argument each one sets.
FLAGS = {"antiknight": "anti_knight", "antiking": "anti_king",
         "disjointgroups": "disjoint", "nonconsecutive": "non_consecutive"}

#: The keys of a cell object that say nothing about the rules (the solver's marks, colours).
CELL_KEYS = frozenset({"value", "given", "region", "c", "cArray", "highlight",
                       "centerPencilMarks", "cornerPencilMarks", "candidates",
                       "givenPencilMarks"})

_CELL = re.compile(r"[Rr](\d{1,3})[Cc](\d{1,3})")


def unsupported(key: str, what: str | None = None) -> ParseError:
    """The error of an f-puzzles constraint sudokit does not hold yet."""
    words = what or REFUSED.get(key.lower())
    shown = f"'{key}'" if len(key) <= 40 else f"'{key[:37]}...'"
    named = f" ({words})" if words else ""
    return ParseError(f"f-puzzles constraint {shown}{named} is not supported yet")


def read_doc(doc: object) -> tuple[Grid, list[tuple[str, str]]]:
    """The puzzle of an f-puzzles document (a decoded JSON object) and its fields.

    Raises ParseError (a constraint that is not held, a cell that is not one), RulesError
    (regions of the wrong size) or ShapeError."""
    if not isinstance(doc, dict):
        raise ParseError("an f-puzzles puzzle is a JSON object")
    n = _size(doc.get("size"))
    args: dict[str, Any] = {}
    constraints: list[Constraint] = []
    read = {key_of(k) or "" for k, v in doc.items() if not _empty(v)} - {""}
    for key, value in doc.items():
        if key in IGNORED or _empty(value):
            continue
        held = key_of(key)
        if held is not None:
            constraints += read_constraint(held, value, n)
        elif key in DRAWINGS and all(drawing_of_read(item, read)
                                     for item in _listed(value, key)):
            continue
        elif key in FLAGS:
            args[FLAGS[key]] = _flag(key, value)
        elif key in ("diagonal+", "diagonal-"):
            other = "diagonal-" if key == "diagonal+" else "diagonal+"
            if _flag(key, value) and not doc.get(other):
                raise unsupported(key, "one diagonal alone")
            args["diagonals"] = True
        elif key in ("odd", "even"):
            args[key] = [_cell(item.get("cell") if isinstance(item, dict) else None, n, key)
                         for item in _listed(value, key)]
        elif key == "negative":
            args.update(negative_rules(value, lambda k: not _empty(doc.get(k))))
        elif key != "extraregion":
            raise unsupported(key)
    cells, regions = _grid(doc.get("grid"), n)
    box = boxes_of(regions, n)
    if box is None:
        args["regions"] = regions
    elif box != natural_box(n):
        args["box"] = box
    rules = Rules(n, constraints=constraints, **args)
    extra = doc.get("extraregion")
    if not _empty(extra):
        rules = _extra_regions(extra, rules)
    grid = Grid.unchecked(cells, rules.shape, None if rules.is_classic else rules)
    return grid, _fields(doc, n)


def _size(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError('an f-puzzles puzzle needs its "size", a whole number')
    if not 1 <= value <= MAX_SIZE:
        raise ShapeError(f"size {value} is not supported (1 to {MAX_SIZE})")
    return value


def _empty(value: object) -> bool:
    return value is None or value is False or value == [] or value == {} or value == ""


def _flag(key: str, value: object) -> bool:
    if value is not True:
        raise ParseError(f'f-puzzles "{key}" must be true or false, not {_shown(value)}')
    return True


def _listed(value: object, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise ParseError(f'f-puzzles "{key}" must be a list, not {_shown(value)}')
    return value


def _shown(value: object) -> str:
    import json  # deferred: only a message needs it

    text = json.dumps(value)
    return text if len(text) <= 24 else text[:20] + "..."


def _cell(name: object, n: int, what: str) -> int:
    """The cell ``R3C5`` names (0-based index), checked against an N x N grid."""
    m = _CELL.fullmatch(name) if isinstance(name, str) else None
    if m is None:
        raise ParseError(f'f-puzzles "{what}": {_shown(name)} is not a cell such as "R1C1"')
    r, c = int(m[1]), int(m[2])
    if not (1 <= r <= n and 1 <= c <= n):
        raise ParseError(f'f-puzzles "{what}": {name} is not a cell of a {n}x{n} grid')
    return (r - 1) * n + c - 1


def _standard(n: int) -> list[int]:
    """The region of each cell when no cell says: f-puzzles' standard boxes (a row each
    where the size has no boxes)."""
    try:
        shape = Shape.for_size(n)
    except ShapeError:
        shape = Shape(1, n)
    return [shape.box_of(i) for i in range(n * n)]


def _grid(rows: object, n: int) -> tuple[tuple[int, ...], list[int]]:
    """The clues and the region of every cell."""
    if not isinstance(rows, list) or len(rows) != n:
        count = len(rows) if isinstance(rows, list) else 0
        raise ParseError(f'f-puzzles "grid" must hold {n} rows of {n} cells (it has {count})')
    cells: list[int] = []
    regions = _standard(n)
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != n:
            raise ParseError(f'row {r + 1} of f-puzzles "grid" does not hold {n} cells')
        for c, cell in enumerate(row):
            name = f"r{r + 1}c{c + 1}"
            if not isinstance(cell, dict):
                raise ParseError(f"cell {name} of f-puzzles \"grid\" is not an object",
                                 cell=name)
            cells.append(_clue(cell, n, name))
            region = cell.get("region")
            if region is not None:
                if not isinstance(region, int) or isinstance(region, bool) or not (
                    0 <= region < n
                ):
                    raise ParseError(f"cell {name} has region {_shown(region)}; f-puzzles "
                                     f"numbers regions 0 to {n - 1}", cell=name)
                regions[r * n + c] = region
            if cell.get("givenPencilMarks"):
                raise unsupported("givenPencilMarks", "digits a cell is limited to")
    return tuple(cells), regions


def _clue(cell: Mapping[str, Any], n: int, name: str) -> int:
    value = cell.get("value")
    if not cell.get("given") or value in (None, 0, ""):
        return 0
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 2:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= n:
        raise ParseError(f"{_shown(value)} at {name} is not a digit of a {n}x{n} sudoku",
                         cell=name)
    return value


def family(rules: Rules, flag: str) -> list[tuple[int, ...]]:
    """The houses that the rule ``flag`` (``windows``, ``centre_dot``, ``disjoint``,
    ``diagonals``) adds to a grid of these regions; [] when the grid cannot have it."""
    try:
        bare = rules.replace(**dict.fromkeys(EXTRA_HOUSES, False))
        return [h for _, h in bare.replace(**{flag: True}).extra_houses()]
    except SudokuError:
        return []


#: The rules that add houses, in the order extra regions are matched to them (the
#: disjoint groups before the centre-dot group, which is one of them).
EXTRA_HOUSES = ("windows", "disjoint", "diagonals", "centre_dot")


def _extra_regions(value: object, rules: Rules) -> Rules:
    """The rules with the extra regions added: held only when they are exactly the houses
    of one or more of windoku, centre-dot, disjoint groups and X."""
    wanted = set()
    for item in _listed(value, "extraregion"):
        names = item.get("cells") if isinstance(item, dict) else None
        cells = [_cell(c, rules.size, "extraregion") for c in _listed(names, "extraregion")]
        wanted.add(frozenset(cells))
    held = {frozenset(h) for _, h in rules.extra_houses()}
    given = wanted | held
    changes: dict[str, bool] = {}
    for flag in EXTRA_HOUSES:
        if getattr(rules, flag):
            continue
        houses = {frozenset(h) for h in family(rules, flag)}
        if houses & wanted and houses <= given:
            changes[flag] = True
            wanted -= houses
    wanted -= held
    if wanted:
        raise unsupported("extraregion", "extra regions other than windoku windows, the "
                          "centre-dot group, disjoint groups or the diagonals")
    return rules.replace(**changes) if changes else rules


def _fields(doc: Mapping[str, Any], n: int) -> list[tuple[str, str]]:
    pairs = [(name, doc[key].strip()) for key, name in (("title", "name"), ("author", "author"))
             if isinstance(doc.get(key), str) and doc[key].strip()]
    solution = doc.get("solution")
    if isinstance(solution, list) and len(solution) == n * n and all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= n for v in solution
    ) and n <= len(SYMBOLS):
        pairs.append(("solution", "".join(SYMBOLS[v - 1] for v in solution)))
    return pairs


def write_doc(grid: Grid, fields: Iterable[tuple[str, str]] = ()) -> dict[str, Any]:
    """The f-puzzles document of ``grid`` under its rules (every rules value has one)."""
    rules = grid.rules
    n = rules.size
    regions = list(rules.regions)
    own = regions != _standard(n)
    rows = []
    for r in range(n):
        row: list[dict[str, Any]] = []
        for c in range(n):
            v = grid.cells[r * n + c]
            cell: dict[str, Any] = {"value": v, "given": True} if v else {}
            if own:
                cell["region"] = regions[r * n + c]
            row.append(cell)
        rows.append(row)
    doc: dict[str, Any] = {"size": n}
    doc.update((key, value) for key, value in _title(fields))
    doc["grid"] = rows
    if rules.diagonals:
        doc["diagonal+"] = doc["diagonal-"] = True
    for key, flag in FLAGS.items():
        if getattr(rules, flag):
            doc[key] = True
    for key in ("odd", "even"):
        cells = getattr(rules, key)
        if cells:
            doc[key] = [{"cell": f"R{i // n + 1}C{i % n + 1}"} for i in cells]
    extra = [h for flag in ("windows", "centre_dot") if getattr(rules, flag)
             for h in family(rules, flag)]
    if extra:
        doc["extraregion"] = [{"cells": [f"R{i // n + 1}C{i % n + 1}" for i in h]}
                              for h in extra]
    doc.update(write_constraints(rules))
    return doc


def _title(fields: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    keys = {"name": "title", "author": "author"}
    return [(keys[name], text) for name, text in fields if name in keys]
