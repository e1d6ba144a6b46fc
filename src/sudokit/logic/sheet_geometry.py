"""The logic board's geometry of overlapping grids (samurai and the other sheets).

A :class:`~sudokit.sheets.Sheet` is several classic grids that share whole boxes. Its
geometry is the one :class:`~sudokit.logic.board.Geometry` the techniques read everywhere:
the cells are the sheet's cell indices, the units its houses (every grid's rows, columns and
boxes, a shared box once) with their names ("row 3 of grid 2"), a cell's peers every cell it
shares a house with, and the cells named by their place on the sheet ("r7c13"). The boxes
and lines cross where one grid's box meets its rows and columns; two grids' lines cross
inside a box they share (an intersection that Locked Candidates reads).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..rules import Rules
from ..shape import Shape
from ..sheets import Sheet
from .board import Geometry


@lru_cache(maxsize=16)
def sheet_geometry(sheet: Sheet) -> Geometry:
    """The (shared, immutable) tables of the overlapping grids of ``sheet``."""
    shape = Shape.for_size(sheet.size)
    geo = Geometry(shape)
    ncells = sheet.ncells
    units = tuple(tuple(h) for h in sheet.houses)
    geo.ncells = ncells
    geo.units = units
    geo.unit_bits = tuple(sum(1 << c for c in u) for u in units)
    geo.unit_names = tuple(sheet.house_names)
    geo.cell_names = tuple(sheet.cell_name(c) for c in range(ncells))
    places = [sheet.position(c) for c in range(ncells)]
    geo.row_of = tuple(r for r, _ in places)
    geo.col_of = tuple(c for _, c in places)
    lines = [u for u, cells in enumerate(units) if _is_line(cells, geo.row_of, geo.col_of)]
    line_set = frozenset(lines)
    boxes = [u for u in range(len(units)) if u not in line_set]
    cell_box = [0] * ncells
    cell_lines: list[list[int]] = [[] for _ in range(ncells)]
    houses: list[list[int]] = [[] for _ in range(ncells)]
    for u, cells in enumerate(units):
        for c in cells:
            houses[c].append(u)
            if u in line_set:
                cell_lines[c].append(u)
            else:
                cell_box[c] = u
    geo.box_of = tuple(boxes.index(b) for b in cell_box)
    geo.cell_houses = tuple(tuple(h) for h in houses)
    # three units a cell, as on one grid: the row, column and box of the first grid
    # holding it (what propagation and the ALS tables index three at a time)
    geo.cell_units = tuple((ls[0], ls[1], cell_box[c]) for c, ls in enumerate(cell_lines))
    geo.peers = tuple(tuple(p) for p in sheet.peers)
    geo.peer_bits = tuple(sum(1 << p for p in ps) for ps in geo.peers)
    geo.house_peers = geo.peers
    geo.house_peer_bits = geo.peer_bits
    geo.cell_masks = (geo.full,) * ncells
    geo.rules = Rules.classic(shape)
    geo.classic = False
    geo.intersections = _box_line_crossings(geo, boxes, cell_lines)
    geo.more_intersections = _line_crossings(geo.unit_bits, cell_lines)
    geo.take_boxes_and_lines(tuple(boxes), tuple(lines), tuple(cell_box),
                             tuple(tuple(ls) for ls in cell_lines))
    geo.sheet = sheet
    return geo


def _is_line(cells: tuple[int, ...], row_of: tuple[int, ...], col_of: tuple[int, ...]) -> bool:
    """Do ``cells`` lie in one row or one column of the sheet?"""
    return len({row_of[c] for c in cells}) == 1 or len({col_of[c] for c in cells}) == 1


def _box_line_crossings(geo: Geometry, boxes: list[int], cell_lines: list[list[int]]
                        ) -> tuple[tuple[int, int, int], ...]:
    """(box, line, cells they share) for every box and every line that share two cells or
    more: boxes in order, and each box's lines in order."""
    unit_bits = geo.unit_bits
    out = []
    for b in boxes:
        near = sorted({line for c in geo.units[b] for line in cell_lines[c]})
        for line in near:
            common = unit_bits[b] & unit_bits[line]
            if common & (common - 1):
                out.append((b, line, common))
    return tuple(out)


def _line_crossings(unit_bits: tuple[int, ...], cell_lines: list[list[int]]
                    ) -> tuple[tuple[int, int, int], ...]:
    """(line, line, cells they share) for every two lines of different grids that share
    two cells or more (a row of each grid through a box they share)."""
    pairs = sorted({pair for lines in cell_lines for pair in combinations(lines, 2)})
    out = []
    for a, b in pairs:
        common = unit_bits[a] & unit_bits[b]
        if common & (common - 1):
            out.append((a, b, common))
    return tuple(out)
