"""The cages, lines, dots and signs of an f-puzzles document, read into
:mod:`sudokit.constraints` values and written back under f-puzzles' own keys.

Read (each key a list of objects; cells named ``R1C1``):

- ``killercage``: ``cells`` and ``value`` (the total; none given: digits only differ);
- ``littlekillersum``: ``cell`` (the clue, outside the grid: row or column 0 or N+1),
  ``direction`` (``DR``, ``DL``, ``UR``, ``UL``), ``value``; the diagonal runs from the clue
  to the grid's edge (``cells``, when given, must be that diagonal);
- ``sandwichsum``: ``cell`` (``R0C3``: column 3's clue; ``R3C0``: row 3's) and ``value``;
- ``thermometer``, ``palindrome``, ``betweenline``, ``renban``, ``whispers`` (German
  whispers: neighbours differ by ``value``, by default half the size rounded up),
  ``regionsumline``, ``entropicline``: ``lines``, each a line of its own (a thermometer's
  from its bulb);
- ``arrow``: ``cells`` (the circle, its digits read in the order given as one number)
  and ``lines``, each starting in the circle;
- ``difference`` (white kropki dot, difference 1) and ``ratio`` (black dot, ratio 2):
  ``cells``, two neighbours; another ``value`` is refused;
- ``xv``: ``cells`` and ``value`` ``X`` (10) or ``V`` (5);
- ``minimum`` / ``maximum``: ``cell`` smaller / greater than each orthogonal neighbour
  (read as greater-than signs, and written back as such cells);
- ``negative``: ``["ratio", "difference"]`` (every kropki dot given), ``["xv"]`` (every X
  and V given), ``["difference"]`` without white dots (non-consecutive).

A drawing f-puzzles adds for a constraint it reads (a ``line`` or ``circle`` whose
``fromConstraint`` names a key read here) is passed over; any other drawing is refused.
What f-puzzles cannot say is refused when written, by name: a cage whose digits may
repeat, a slow thermometer, a little killer that does not run a whole diagonal from
outside the grid, greater-than signs that are not all the neighbours of one cell.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from ..constraints import (
    XV,
    Arrow,
    Between,
    Cage,
    Constraint,
    Entropic,
    GreaterThan,
    Kropki,
    Line,
    LittleKiller,
    Palindrome,
    RegionSum,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
)
from ..errors import ParseError, UnsupportedRulesError
from ..rules import Rules

#: The keys of lines, each with the constraint a line makes.
LINES: dict[str, Callable[..., Constraint]] = {
    "thermometer": Thermo, "palindrome": Palindrome, "betweenline": Between,
    "renban": Renban, "whispers": Whisper, "regionsumline": RegionSum,
    "entropicline": Entropic,
}

#: Other spellings of a key, as other tools write them.
ALIASES = {"germanwhispers": "whispers", "regionsumlines": "regionsumline"}

#: Every key read here (what a drawing's ``fromConstraint`` may name).
KEYS = frozenset({*LINES, "killercage", "littlekillersum", "sandwichsum", "arrow",
                  "difference", "ratio", "xv", "minimum", "maximum"})

#: The drawings f-puzzles adds beside a constraint (passed over when they name one read).
DRAWINGS = frozenset({"line", "circle", "rectangle", "cage", "text"})

#: Direction of a little killer -> (row step, column step).
DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}

_CELL = re.compile(r"[Rr](\d{1,3})[Cc](\d{1,3})")


def key_of(key: str) -> str | None:
    """The key read here that ``key`` spells (any case, or an alias), or None."""
    low = key.lower()
    low = ALIASES.get(low, low)
    return low if low in KEYS else None


def read_constraint(key: str, value: object, n: int) -> list[Constraint]:
    """The constraints of the document's ``key`` (one of :data:`KEYS`) on an N x N grid."""
    items = _listed(value, key)
    out: list[Constraint] = []
    for k, item in enumerate(items):
        if not isinstance(item, dict):
            raise ParseError(f'f-puzzles "{key}" {k + 1} is not an object')
        where = f'f-puzzles "{key}" {k + 1}'
        if key in LINES:
            out += _lines(key, item, n, where)
        elif key == "killercage":
            total = _number(item.get("value"), where)
            out.append(Cage(_cells(item.get("cells"), n, where), total))
        elif key == "littlekillersum":
            out.append(_little_killer(item, n, where))
        elif key == "sandwichsum":
            out.append(_sandwich(item, n, where))
        elif key == "arrow":
            out += _arrows(item, n, where)
        elif key in ("difference", "ratio", "xv"):
            out.append(_pair(key, item, n, where))
        else:
            out += _extreme(key, item, n, where)
    return out


def drawing_of_read(item: object, read: set[str]) -> bool:
    """Is ``item`` a drawing f-puzzles made for one of the constraints ``read``?"""
    if not isinstance(item, dict) or not isinstance(item.get("fromConstraint"), str):
        return False
    name = re.sub(r"[^a-z]", "", item["fromConstraint"].lower())
    return (key_of(name) or "") in read


def negative_rules(value: object, has: Callable[[str], bool]) -> dict[str, bool]:
    """The ``Rules`` flags of a ``negative`` list; ``has(key)``: does the document draw any
    sign of that key? ParseError names a rule that cannot be held exactly."""
    names = set()
    for name in _listed(value, "negative"):
        if name not in ("ratio", "difference", "xv"):
            raise ParseError(f"f-puzzles constraint 'negative {str(name)[:20]}' (a rule for "
                             "every pair without a sign) is not supported yet")
        names.add(name)
    out: dict[str, bool] = {}
    if "xv" in names:
        out["all_xv"] = True
    dots = names & {"ratio", "difference"}
    if dots == {"ratio", "difference"}:
        out["all_dots"] = True
    elif dots == {"difference"} and not has("difference"):
        out["non_consecutive"] = True
    elif dots:
        raise ParseError(f"f-puzzles constraint 'negative {sorted(dots)[0]}' (a rule for every "
                         "pair without a dot of one colour only) is not supported yet")
    return out


# -- reading ----------------------------------------------------------------------


def _listed(value: object, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise ParseError(f'f-puzzles "{key}" must be a list')
    return value


def _cell(name: object, n: int, where: str, outside: bool = False) -> tuple[int, int]:
    """(row, column) from 0 of ``R3C5``; with ``outside``, the ring around the grid too."""
    m = _CELL.fullmatch(name) if isinstance(name, str) else None
    if m is None:
        raise ParseError(f'{where}: {str(name)[:20]!r} is not a cell such as "R1C1"')
    r, c = int(m[1]) - 1, int(m[2]) - 1
    low, high = (-1, n) if outside else (0, n - 1)
    if not (low <= r <= high and low <= c <= high):
        raise ParseError(f"{where}: {name} is not a cell of a {n}x{n} grid")
    return r, c


def _cells(names: object, n: int, where: str) -> list[int]:
    if not isinstance(names, list):
        raise ParseError(f"{where}: its cells must be a list of names such as \"R1C1\"")
    out = []
    for name in names:
        r, c = _cell(name, n, where)
        out.append(r * n + c)
    return out


def _total(value: object, where: str) -> int:
    """A total that must be given."""
    found = _number(value, where)
    if found is None:
        raise ParseError(f"{where} has no value")
    return found


def _number(value: object, where: str) -> int | None:
    """A total written as a number or as text ("15"); None when absent."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() \
            and len(value.strip()) <= 4:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ParseError(f"{where}: {str(value)[:20]!r} is not a whole number")


def _lines(key: str, item: dict[str, Any], n: int, where: str) -> list[Constraint]:
    lines = _listed(item.get("lines"), f"{key}\" \"lines")
    make = LINES[key]
    args: tuple[int, ...] = ()
    if key == "whispers":
        gap = _number(item.get("value"), where)
        args = (-(-n // 2) if gap is None else gap,)
    elif item.get("value") not in (None, ""):
        raise ParseError(f"{where}: a {key} with a value ({str(item['value'])[:10]!r}) is not "
                         "supported yet")
    out = []
    for line in lines:
        cells = _cells(line, n, where)
        if not cells:
            raise ParseError(f"{where}: a line without a cell"
                             + (" (no bulb)" if key == "thermometer" else ""))
        if key == "whispers" and args[0] < 1:
            raise ParseError(f"{where}: neighbours cannot differ by {args[0]}")
        out.append(make(cells, *args))
    return out


def _little_killer(item: dict[str, Any], n: int, where: str) -> LittleKiller:
    r, c = _cell(item.get("cell"), n, where, outside=True)
    step = DIRECTIONS.get(str(item.get("direction", "")).upper())
    if step is None:
        raise ParseError(f"{where}: direction {str(item.get('direction'))[:10]!r} is not one of "
                         f"{', '.join(DIRECTIONS)}")
    line = []
    r, c = r + step[0], c + step[1]
    while 0 <= r < n and 0 <= c < n:
        line.append(r * n + c)
        r, c = r + step[0], c + step[1]
    given = item.get("cells")
    if given not in (None, []) and sorted(_cells(given, n, where)) != sorted(line):
        raise ParseError(f"{where}: its cells are not the diagonal from its clue "
                         f"{item.get('cell')} going {item.get('direction')}")
    return LittleKiller(line, _total(item.get("value"), where))


def _sandwich(item: dict[str, Any], n: int, where: str) -> Sandwich:
    r, c = _cell(item.get("cell"), n, where, outside=True)
    total = _total(item.get("value"), where)
    if r in (-1, n) and 0 <= c < n:
        return Sandwich("col", c, total)
    if c in (-1, n) and 0 <= r < n:
        return Sandwich("row", r, total)
    raise ParseError(f"{where}: a sandwich sum stands outside the grid beside a row or a "
                     f"column, not at {item.get('cell')}")


def _arrows(item: dict[str, Any], n: int, where: str) -> list[Constraint]:
    circle = _cells(item.get("cells"), n, where)
    out: list[Constraint] = []
    for line in _listed(item.get("lines"), "arrow\" \"lines"):
        cells = _cells(line, n, where)
        k = 0
        while k < len(cells) and cells[k] in circle:
            k += 1
        out.append(Arrow(circle, cells[k:]))
    return out


def _pair(key: str, item: dict[str, Any], n: int, where: str) -> Constraint:
    cells = _cells(item.get("cells"), n, where)
    if len(cells) != 2:
        raise ParseError(f"{where}: a sign stands between two cells, not {len(cells)}")
    value = item.get("value")
    if key == "xv":
        total = {"X": 10, "V": 5}.get(str(value).upper())
        if total is None:
            raise ParseError(f"{where}: {str(value)[:10]!r} is neither X nor V")
        return XV(cells[0], cells[1], total)
    plain = "1" if key == "difference" else "2"
    if value not in (None, "") and str(value).strip() != plain:
        words = "white dots of a difference" if key == "difference" else "black dots of a ratio"
        raise ParseError(f"f-puzzles constraint '{key}' ({words} {str(value)[:10]}) is not "
                         "supported yet")
    return Kropki(cells[0], cells[1], "white" if key == "difference" else "black")


def _extreme(key: str, item: dict[str, Any], n: int, where: str) -> list[Constraint]:
    r, c = _cell(item.get("cell"), n, where)
    cell = r * n + c
    out: list[Constraint] = []
    for other in _neighbours(cell, n):
        out.append(GreaterThan(other, cell) if key == "minimum" else GreaterThan(cell, other))
    return out


def _neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n]


# -- writing ----------------------------------------------------------------------


def _name(cell: int, n: int) -> str:
    return f"R{cell // n + 1}C{cell % n + 1}"


def _names(cells: Iterable[int], n: int) -> list[str]:
    return [_name(c, n) for c in cells]


def write_constraints(rules: Rules) -> dict[str, Any]:
    """The document keys that hold ``rules``' constraints (and its negative rules).
    UnsupportedRulesError names a constraint f-puzzles cannot say."""
    n = rules.size
    doc: dict[str, list[Any]] = {}
    arrows: dict[tuple[int, ...], list[list[str]]] = {}
    signs: list[GreaterThan] = []
    for item in rules.constraints:
        if isinstance(item, Arrow):
            arrows.setdefault(item.circle, []).append(_arrow_line(item, n))
        elif isinstance(item, GreaterThan):
            signs.append(item)
        else:
            key, entry = _entry(item, n)
            doc.setdefault(key, []).append(entry)
    for circle, lines in arrows.items():
        doc.setdefault("arrow", []).append({"cells": _names(circle, n), "lines": lines})
    for key, cell in _extremes(signs, n):
        doc.setdefault(key, []).append({"cell": _name(cell, n)})
    negative = (["ratio", "difference"] if rules.all_dots else []) + (
        ["xv"] if rules.all_xv else [])
    out: dict[str, Any] = dict(doc)
    if negative:
        out["negative"] = negative
    return out


def _refused(item: Constraint, n: int, what: str) -> UnsupportedRulesError:
    return UnsupportedRulesError(f"f-puzzles cannot hold {what} ({item.where(n)})")


def _entry(item: Constraint, n: int) -> tuple[str, dict[str, Any]]:
    """The key and the object of one constraint (not an arrow or a sign)."""
    if isinstance(item, Cage):
        if item.repeat:
            raise _refused(item, n, "a cage whose digits may repeat")
        entry: dict[str, Any] = {"cells": _names(item.cells, n)}
        if item.total is not None:
            entry["value"] = str(item.total)
        return "killercage", entry
    if isinstance(item, LittleKiller):
        return "littlekillersum", _little_killer_entry(item, n)
    if isinstance(item, Sandwich):
        cell = f"R0C{item.index + 1}" if item.house == "col" else f"R{item.index + 1}C0"
        return "sandwichsum", {"cell": cell, "value": str(item.total)}
    if isinstance(item, Kropki):
        return ("difference" if item.colour == "white" else "ratio"), {
            "cells": _names((item.a, item.b), n)}
    if isinstance(item, XV):
        return "xv", {"cells": _names((item.a, item.b), n),
                      "value": "X" if item.total == 10 else "V"}
    if isinstance(item, Thermo) and item.slow:
        raise _refused(item, n, "a slow thermometer")
    for key, kind in LINES.items():
        if type(item) is kind and isinstance(item, Line):
            entry = {"lines": [_names(item.line, n)]}
            if isinstance(item, Whisper) and item.gap != -(-n // 2):
                entry["value"] = str(item.gap)
            return key, entry
    raise _refused(item, n, f"a {item.word}")


def _arrow_line(item: Arrow, n: int) -> list[str]:
    """The arrow's line as f-puzzles draws it: from a circle cell beside its first cell."""
    ra, ca = divmod(item.line[0], n)
    start = [c for c in item.circle if max(abs(c // n - ra), abs(c % n - ca)) == 1]
    return _names([start[-1], *item.line], n)


def _little_killer_entry(item: LittleKiller, n: int) -> dict[str, Any]:
    first = item.line[0]
    for direction, (dr, dc) in DIRECTIONS.items():
        r, c = divmod(first, n)
        clue = (r - dr, c - dc)
        if 0 <= clue[0] < n and 0 <= clue[1] < n:
            continue
        line = []
        while 0 <= r < n and 0 <= c < n:
            line.append(r * n + c)
            r, c = r + dr, c + dc
        if tuple(line) == item.line:
            return {"cell": f"R{clue[0] + 1}C{clue[1] + 1}", "cells": _names(line, n),
                    "direction": direction, "value": str(item.total)}
    raise _refused(item, n, "a little killer that does not run a whole diagonal from "
                   "outside the grid")


def _extremes(signs: list[GreaterThan], n: int) -> list[tuple[str, int]]:
    """Minimum and maximum cells whose signs are exactly ``signs`` (each sign may be said
    twice); UnsupportedRulesError when some sign belongs to no such cell."""
    pairs = {(s.big, s.small) for s in signs}
    out: list[tuple[str, int]] = []
    covered: set[tuple[int, int]] = set()
    for cell in sorted({c for s in signs for c in (s.big, s.small)}):
        around = _neighbours(cell, n)
        low = {(o, cell) for o in around}
        high = {(cell, o) for o in around}
        if low <= pairs:
            out.append(("minimum", cell))
            covered |= low
        if high <= pairs:
            out.append(("maximum", cell))
            covered |= high
    left = pairs - covered
    if left:
        big, small = min(left)
        raise _refused(GreaterThan(big, small), n, "a greater-than sign, only the minimum and "
                       "maximum cells (a cell smaller or greater than every neighbour)")
    out.sort(key=lambda kc: (kc[0] == "maximum", kc[1]))
    return out
