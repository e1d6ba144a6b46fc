"""Locked candidates, where a box and a line (row or column) cross.

Pointing: in a box, a digit fits only in the cells it shares with one line, so it leaves
the rest of that line. Claiming (box/line reduction): in a line, a digit fits only in the
cells it shares with one box, so it leaves the rest of that box.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, Geometry, bits
from ..step import Level, Step, Technique


def _find(board: Board, pointing: bool) -> Step | None:
    geo = board.geo
    dcells = board.dcells
    memo = board.memo
    key = "pointing" if pointing else "claiming"
    for d0 in range(geo.n):
        dc = dcells[d0]
        if not dc or memo.get((key, d0)) == dc:
            continue
        found = _pointing(geo, dc) if pointing else _claiming(geo, dc)
        if found is not None:
            return _step(board, pointing, d0, *found)
        memo[(key, d0)] = dc  # nothing for this digit while its cells stay the same
    return None


def _step(board: Board, pointing: bool, d0: int, inside: int, outside: int, here: int,
          gone: int) -> Step:
    geo = board.geo
    d = d0 + 1
    cells = geo.names(here)
    tech = POINTING if pointing else CLAIMING
    text = (
        f"In {geo.unit_names[inside]}, {d} fits only in {', '.join(cells)}, "
        f"all in {geo.unit_names[outside]}: {d} leaves the rest of "
        f"{geo.unit_names[outside]}."
    )
    return tech.step(board, list(bits(here)), text, elim=[(c, d) for c in list(bits(gone))])


def every_pointing(board: Board) -> Iterator[Step]:
    """Every pointing elimination, digit by digit, boxes in order. ``hint --all`` lists
    these (one's elimination may lie in another's box: each is listed)."""
    geo = board.geo
    unit_bits = geo.unit_bits
    for d0 in range(geo.n):
        dc = board.dcells[d0]
        for box in geo.box_units if dc else ():
            here = dc & unit_bits[box]
            if not here:
                continue
            for line in geo.cell_lines[(here & -here).bit_length() - 1]:
                gone = dc & unit_bits[line] & ~unit_bits[box]
                if not here & ~unit_bits[line] and gone:
                    yield _step(board, True, d0, box, line, here, gone)


def every_claiming(board: Board) -> Iterator[Step]:
    """Every claiming elimination, digit by digit, lines in order. ``hint --all`` lists
    these."""
    geo = board.geo
    unit_bits = geo.unit_bits
    for d0 in range(geo.n):
        dc = board.dcells[d0]
        for line in geo.line_units if dc else ():
            here = dc & unit_bits[line]
            if not here:
                continue
            box = geo.cell_box[(here & -here).bit_length() - 1]
            gone = dc & unit_bits[box] & ~unit_bits[line]
            if not here & ~unit_bits[box] and gone:
                yield _step(board, False, d0, line, box, here, gone)


# Both searches give the first (box, line) crossing in the order of ``geo.intersections``
# (boxes in order, and for each box its lines in order, rows before columns) that
# eliminates, as (inside unit, outside unit, the digit's cells inside, cells it leaves).
# Only one line of each kind can hold all of a box's cells of the digit (the line of its
# first cell), and only one box all of a line's: so they look at those, not at every crossing.


def _pointing(geo: Geometry, dc: int) -> tuple[int, int, int, int] | None:
    unit_bits = geo.unit_bits
    cell_lines = geo.cell_lines
    for box in geo.box_units:
        box_bits = unit_bits[box]
        here = dc & box_bits
        if not here:
            continue
        first = (here & -here).bit_length() - 1
        for line in cell_lines[first]:
            line_bits = unit_bits[line]
            if here & ~line_bits:
                continue
            gone = dc & line_bits & ~box_bits
            if gone:
                return box, line, here, gone
    return None


def _claiming(geo: Geometry, dc: int) -> tuple[int, int, int, int] | None:
    unit_bits = geo.unit_bits
    cell_box = geo.cell_box
    best: tuple[int, int, int, int] | None = None
    for line in geo.line_units:
        line_bits = unit_bits[line]
        here = dc & line_bits
        if not here:
            continue
        box = cell_box[(here & -here).bit_length() - 1]
        if best is not None and box >= best[1]:
            continue  # lines go in order: a later line in the same box comes later
        box_bits = unit_bits[box]
        if here & ~box_bits:
            continue
        gone = dc & box_bits & ~line_bits
        if gone:
            best = (line, box, here, gone)
    return best


def find_pointing(board: Board) -> Step | None:
    """The first pointing elimination, or None."""
    return _find(board, True)


def find_claiming(board: Board) -> Step | None:
    """The first claiming elimination, or None."""
    return _find(board, False)


POINTING = Technique(
    key="pointing", name="Pointing", level=Level.MEDIUM, score=2.6, effort=50, find=find_pointing,
)
CLAIMING = Technique(
    key="claiming", name="Claiming", level=Level.MEDIUM, score=2.8, effort=50, find=find_claiming,
)
