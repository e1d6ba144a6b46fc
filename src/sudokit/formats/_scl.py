"""SudokuPad's own puzzle format ("scl"): a JSON puzzle whose text is shortened before it is
lz-string compressed in base64, as SudokuPad's links after ``scl`` carry it.

The shortening, undone by :func:`unpacked` and done by :func:`packed`: long key names become
short ones (``cells`` ``ce``, ``value`` ``v``, ``regions`` ``re``, ``cages`` ``ca``,
``lines`` ``l``...), keys lose their quotes, an empty object in a list is left out (``[,,``),
``true``/``false`` are ``t``/``f``, colours lose ``"#``, empty lists are dropped, numbers
written as text become numbers, and double quotes become single ones.

What sudokit reads of the puzzle: ``cells`` (N rows of N objects, a ``value`` a given),
``regions`` (lists of ``[row, column]``, from 0), ``cages`` with cells and a ``value``
(killer cages: the digits differ and add up to the value), and the title, author and
solution that SudokuPad keeps as cages without cells whose value is ``title: ...`` (or in
``metadata``). Everything else SudokuPad draws (lines, arrows, overlays, underlays, a cage
without a total) carries rules that only a person reads from its colours and the rules
text, so a puzzle with any is refused by name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from ..constraints import Cage
from ..errors import ParseError
from ..grid import Grid
from . import _lzstring
from ._json_values import loads_bounded

#: Long key -> the short key SudokuPad writes.
SHORT_KEYS = {
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
    "backgroundColor": "c2", "cells": "ce", "cellSize": "cs", "arrows": "a",
    "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
    "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs",
    "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te",
    "duration": "d",
}
_LONG_KEYS = {short: long for long, short in SHORT_KEYS.items()}

#: What SudokuPad draws, in words: rules that sudokit cannot read from a drawing.
DRAWN = {"cages": "cages", "lines": "drawn lines", "arrows": "arrows",
         "overlays": "overlays (dots, circles, text)", "underlays": "underlays (shaded shapes)"}
#: Keys that say nothing about the rules.
IGNORED = frozenset({"id", "cellSize", "settings", "videos", "title", "author", "rules"})
#: Metadata cages: ``title: ...`` and the like.
_META = re.compile(r"\s*(title|author|rules|solution|msgcorrect)\s*:\s*(.*)", re.DOTALL)

_KEY = re.compile(r"([,{\[])([a-zA-Z0-9]+):")
_HOLE = re.compile(r"([,\[])(?=[,}\]])")
_FLAG = re.compile(r"(:)([tf])([,}\]])")
_COLOUR = re.compile(r"(:)(#0|#F|[0-9a-fA-F]{6})([,}\]])")


def unpacked(data: str) -> object:
    """The puzzle (decoded JSON) that the text after ``scl`` in a link holds."""
    text = _lzstring.decompress_from_base64(data.replace(" ", "+"))
    if not text:
        raise ParseError("not a SudokuPad puzzle string: it holds nothing")
    return _renamed(loads_bounded(_expanded(text)), _LONG_KEYS)


def _expanded(text: str) -> str:
    """The JSON text of a shortened puzzle."""
    if '"' not in text:  # quotes were swapped: ' back to ", an escaped \' back to '
        text = text.replace("\\'", "\0").replace("'", '"').replace("\0", "'")
    text = _KEY.sub(r'\1"\2":', text)
    text = _HOLE.sub(r"\1{}", text)
    text = _FLAG.sub(lambda m: m[1] + ("true" if m[2] == "t" else "false") + m[3], text)
    return _COLOUR.sub(lambda m: m[1] + json.dumps(_colour(m[2])) + m[3], text)


def _colour(short: str) -> str:
    return {"#0": "#000000", "#F": "#FFFFFF"}.get(short, "#" + short)


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in value.items()}
    return value


def packed(puzzle: dict[str, Any]) -> str:
    """The text after ``scl`` in a SudokuPad link for ``puzzle``."""
    text = json.dumps(_renamed(_pruned(puzzle), SHORT_KEYS), separators=(",", ":"),
                      ensure_ascii=False)
    text = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"([,{\[])\{\}(?=[,}\]])", r"\1", text)
    text = re.sub(r"(:)(true|false)([,}\]])", lambda m: m[1] + m[2][0] + m[3], text)
    text = text.replace("'", "\\'").replace('"', "'")
    return _lzstring.compress_to_base64(text)


def _pruned(value: Any) -> Any:
    """``value`` without empty lists in objects."""
    if isinstance(value, list):
        return [_pruned(v) for v in value]
    if isinstance(value, dict):
        return {k: _pruned(v) for k, v in value.items() if v != []}
    return value


def fpuzzles_doc(puzzle: object) -> dict[str, Any]:
    """The f-puzzles document of the same puzzle (what ``_fpuzzles_doc.read_doc`` reads)."""
    if not isinstance(puzzle, dict):
        raise ParseError("a SudokuPad puzzle is a JSON object")
    meta = _metadata(puzzle)
    for key, value in puzzle.items():
        if key in IGNORED or key in ("cells", "regions", "metadata") or value in ([], None):
            continue
        if key == "cages" and isinstance(value, list):
            continue  # read below, once the size is known
        words = DRAWN.get(key)
        shown = f"'{key}'" if len(key) <= 40 else "of that name"
        raise ParseError(f"SudokuPad puzzle {shown}{f' ({words})' if words else ''} "
                         "is not supported yet")
    rows = puzzle.get("cells")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise ParseError('a SudokuPad puzzle needs its "cells", rows of cell objects')
    n = len(rows)
    if any(len(r) != n for r in rows):
        raise ParseError(f"a SudokuPad puzzle of {n} rows whose rows are not {n} cells "
                         "long: only square grids are supported")
    region_of = _regions(puzzle.get("regions"), n)
    grid = [[_cell(cell, region_of[r * n + c]) for c, cell in enumerate(row)]
            for r, row in enumerate(rows)]
    doc: dict[str, Any] = {"size": n, "grid": grid}
    cages = [_killer_cage(cage, k, n) for k, cage in enumerate(puzzle.get("cages") or [])
             if not _is_meta(cage)]
    if cages:
        doc["killercage"] = cages
    for key in ("title", "author"):
        if meta.get(key):
            doc[key] = meta[key]
    solution = meta.get("solution", "")
    if len(solution) == n * n and solution.isdigit() and n <= 9:
        doc["solution"] = [int(ch) for ch in solution]
    return doc


def _killer_cage(cage: object, k: int, n: int) -> dict[str, Any]:
    """The f-puzzles killer cage of a SudokuPad cage with cells and a total."""
    where = f"SudokuPad cage {k + 1}"
    if not isinstance(cage, dict) or not isinstance(cage.get("cells"), list):
        raise ParseError(f"{where} is not an object with its cells")
    value = cage.get("value")
    if value in (None, "") or cage.get("unique") is False:
        raise ParseError(f"SudokuPad puzzle 'cages' (cage {k + 1}: a cage without a total, or "
                         "whose digits may repeat) is not supported yet")
    names = []
    for rc in cage["cells"]:
        if not (isinstance(rc, list) and len(rc) == 2 and all(
                isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in rc)):
            raise ParseError(f"{where} holds {json.dumps(rc)[:20]}, not a cell [row, column] "
                             f"of a {n}x{n} grid")
        names.append(f"R{rc[0] + 1}C{rc[1] + 1}")
    return {"cells": names, "value": value}


def _is_meta(cage: object) -> bool:
    return isinstance(cage, dict) and not cage.get("cells") and isinstance(
        cage.get("value"), str) and _META.match(cage["value"]) is not None


def _metadata(puzzle: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    meta = puzzle.get("metadata")
    if isinstance(meta, dict):
        out.update((k, v) for k, v in meta.items() if isinstance(v, str))
    cages = puzzle.get("cages")
    for cage in cages if isinstance(cages, list) else []:
        if _is_meta(cage):
            m = _META.match(cage["value"])
            if m is not None:
                out.setdefault(m[1], m[2].strip())
    return out


def _regions(value: object, n: int) -> list[int]:
    """The region of each cell; a grid without regions is refused (it is no sudoku)."""
    if not isinstance(value, list) or not value:
        raise ParseError("a SudokuPad puzzle without regions (no boxes) is not supported "
                         "yet")
    out = [-1] * (n * n)
    for k, region in enumerate(value):
        if not isinstance(region, list):
            raise ParseError(f"SudokuPad region {k + 1} is not a list of cells")
        for rc in region:
            if not (isinstance(rc, list) and len(rc) == 2 and all(
                    isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n
                    for x in rc)):
                raise ParseError(f"SudokuPad region {k + 1} holds {json.dumps(rc)[:20]}, "
                                 f"not a cell [row, column] of a {n}x{n} grid")
            out[rc[0] * n + rc[1]] = k
    if -1 in out:
        i = out.index(-1)
        raise ParseError(f"cell r{i // n + 1}c{i % n + 1} is in no SudokuPad region")
    if len(value) != n:
        raise ParseError(f"a SudokuPad puzzle of {len(value)} regions on a {n}x{n} grid")
    return out


def _cell(cell: object, region: int) -> dict[str, Any]:
    out: dict[str, Any] = {"region": region}
    if isinstance(cell, dict) and cell.get("value") not in (None, ""):
        out["value"] = cell["value"]
        out["given"] = True
    return out


def scl_puzzle(grid: Grid, fields: Iterable[tuple[str, str]] = ()) -> dict[str, Any]:
    """SudokuPad's puzzle for ``grid``: its givens, its regions and its killer cages (rules
    beyond them are refused by the writer before it asks)."""
    n = grid.n
    cells = [[{"value": v} if v else {} for v in row] for row in grid.rows()]
    regions: list[list[list[int]]] = [[] for _ in range(n)]
    for i, region in enumerate(grid.rules.regions):
        regions[region].append([i // n, i % n])
    puzzle: dict[str, Any] = {"cellSize": 50, "cells": cells, "regions": regions}
    cages: list[dict[str, Any]] = [
        {"cells": [[i // n, i % n] for i in cage.cells], "value": cage.total}
        for cage in grid.rules.constraints if isinstance(cage, Cage)]
    keys = {"name": "title", "author": "author"}
    cages += [{"value": f"{keys[k]}: {v}"} for k, v in fields if k in keys]
    if cages:
        puzzle["cages"] = cages
    return puzzle
