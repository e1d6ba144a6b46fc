"""The rules an ipuz sudoku holds beside its grid, read into :class:`Rules` and written back.

ipuz names a cell ``[column, row]``, both from 1, and a group of cells (a ``GroupSpec``)
as ``{"cells": [[c, r], ...]}`` or ``{"rect": [[c1, r1], [c2, r2]]}`` (corners included).
``"boxes": false`` with ``zones`` of N cells each that cover the grid: irregular regions;
a zone that is a whole diagonal: the diagonal rule (both diagonals, as X sudoku has them);
``cages`` with a ``value`` (and no ``operator`` but ``+``): killer cages. Anything else
(calcudoku operators, a lone diagonal, extra regions beside the boxes, no boxes and no
regions) is refused by name, never solved as another puzzle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..constraints import Cage
from ..errors import ParseError, SudokuError, UnsupportedRulesError
from ..rules import Rules
from ..shape import Shape


def _refuse(what: str) -> UnsupportedRulesError:
    return UnsupportedRulesError(f"an ipuz sudoku with {what} is not supported")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _coord(v: Any, n: int, where: str) -> int:
    if not (isinstance(v, list) and len(v) == 2 and all(map(_is_int, v))):
        raise ParseError(f"{where}: a cell is [column, row], not {str(v)[:20]}")
    col, row = v
    if not (1 <= col <= n and 1 <= row <= n):
        raise ParseError(f"{where}: the cell [{col}, {row}] is outside the {n}x{n} grid")
    return (row - 1) * n + col - 1


def group_cells(group: Any, n: int, where: str) -> list[int]:
    """The cells of a ``GroupSpec`` (``cells`` or ``rect``), each once."""
    if not isinstance(group, dict):
        raise ParseError(f"{where} must be an object with \"cells\" or \"rect\"")
    cells = group.get("cells")
    rect = group.get("rect")
    if isinstance(cells, list):
        out = [_coord(c, n, where) for c in cells]
    elif isinstance(rect, list) and len(rect) == 2:
        a, b = (_coord(c, n, where) for c in rect)
        rows = range(min(a // n, b // n), max(a // n, b // n) + 1)
        cols = range(min(a % n, b % n), max(a % n, b % n) + 1)
        out = [r * n + c for r in rows for c in cols]
    else:
        raise ParseError(f"{where} has no \"cells\" (or \"rect\")")
    if not out or len(set(out)) != len(out):
        raise ParseError(f"{where} names no cell, or a cell twice")
    return out


def _groups(doc: dict[str, Any], key: str, n: int) -> list[tuple[str, list[int], Any]]:
    value = doc.get(key)
    if value in (None, False, [], {}):
        return []
    if not isinstance(value, list):
        raise ParseError(f'"{key}" must be a list of groups of cells')
    return [(f'"{key}" {k + 1}', group_cells(g, n, f'"{key}" {k + 1}'), g)
            for k, g in enumerate(value)]


def _diagonal(cells: list[int], n: int) -> int:
    """1 for the main diagonal, 2 for the other, 0 for neither."""
    found = set(cells)
    if found == {i * n + i for i in range(n)}:
        return 1
    if found == {i * n + n - 1 - i for i in range(n)}:
        return 2
    return 0


def _cage(where: str, cells: list[int], group: Any) -> Cage:
    if group.get("operator", "+") not in ("+", None):
        raise _refuse(f'a cage with the operator {str(group["operator"])[:10]!r} ({where}): '
                      "calcudoku operators")
    total = group.get("value")
    if isinstance(total, str) and total.isascii() and total.isdigit() and len(total) <= 4:
        total = int(total)
    if total is not None and not _is_int(total):
        raise ParseError(f'{where}: the "value" of a cage is its sum, not {str(total)[:20]}')
    return Cage(cells, total)


def rules_of(doc: dict[str, Any], shape: Shape,
             line_of: Callable[[str], int] | None = None) -> Rules | None:
    """The rules of an ipuz sudoku document (None: the classic ones of ``shape``); an error
    names the line of the field it is in when ``line_of`` finds it."""
    at = ["showoperators"]  # the field being read, for an error's line
    try:
        return _rules_of(doc, shape, at)
    except SudokuError as e:
        if e.line is None and line_of is not None:
            e.line = line_of(at[0])
        raise


def _rules_of(doc: dict[str, Any], shape: Shape, at: list[str]) -> Rules | None:
    n = shape.n
    if doc.get("showoperators") not in (None, False):
        raise _refuse('"showoperators" (calcudoku operators)')
    at[0] = "zones"
    zones = _groups(doc, "zones", n)
    kinds = {k for _, cells, _ in zones if (k := _diagonal(cells, n))}
    regions = [(w, cells) for w, cells, _ in zones if not _diagonal(cells, n)]
    if len(kinds) == 1:
        raise _refuse("one diagonal zone (the diagonal rule has both)")
    boxes = doc.get("boxes", True) is not False
    if boxes and regions:
        raise _refuse(f'"zones" beside the standard boxes ({regions[0][0]}: extra regions)')
    if not boxes and not regions:
        at[0] = "boxes"
        raise _refuse('"boxes": false and no zones for its regions (a grid without boxes)')
    ids: list[int] | None = None
    if regions:
        ids = [-1] * (n * n)
        for k, (where, cells) in enumerate(regions):
            for c in cells:
                if ids[c] >= 0:
                    raise ParseError(f"{where}: {shape.cell_name(c)} is in two regions")
                ids[c] = k
        if -1 in ids:
            raise ParseError(f'"boxes": false: {shape.cell_name(ids.index(-1))} is in no '
                             "zone (every cell is in a region)")
    at[0] = "cages"
    cages = [_cage(w, cells, g) for w, cells, g in _groups(doc, "cages", n)]
    if ids is None and not kinds and not cages:
        return None
    box = None if ids is not None else (shape.box_rows, shape.box_cols)
    return Rules(n, regions=ids, box=box, diagonals=bool(kinds), constraints=cages)


def _coords(cells: Any, n: int) -> list[list[int]]:
    return [[c % n + 1, c // n + 1] for c in sorted(cells)]


def rules_fields(rules: Rules) -> dict[str, Any]:
    """The ipuz fields that hold ``rules`` (none for classic rules); refuses by name what
    ipuz cannot hold."""
    n = rules.size
    fields: dict[str, Any] = {}
    zones: list[dict[str, Any]] = []
    if rules.is_jigsaw:
        fields["boxes"] = False
        for k in range(n):
            zones.append({"cells": _coords((i for i, r in enumerate(rules.regions) if r == k),
                                           n)})
    if rules.diagonals:
        zones.append({"cells": _coords((i * n + i for i in range(n)), n)})
        zones.append({"cells": _coords((i * n + n - 1 - i for i in range(n)), n)})
    if zones:
        fields["zones"] = zones
    cages = []
    for c in rules.constraints:
        if not isinstance(c, Cage) or c.repeat:
            what = "a cage whose digits may repeat" if isinstance(c, Cage) else c.word
            raise UnsupportedRulesError(f"the ipuz format cannot hold {what} ({c.where(n)})")
        cage: dict[str, Any] = {"cells": _coords(c.cells, n)}
        if c.total is not None:
            cage["value"] = c.total
        cages.append(cage)
    if cages:
        fields["cages"] = cages
    return fields
