"""Locked candidates, where a box and a line (row or column) cross.

Pointing: in a box, a digit fits only in the cells it shares with one line, so it leaves
the rest of that line. Claiming (box/line reduction): in a line, a digit fits only in the
cells it shares with one box, so it leaves the rest of that box.
"""

from __future__ import annotations

from ..board import Board, bits
from ..step import Level, Step, Technique


def _find(board: Board, pointing: bool) -> Step | None:
    geo = board.geo
    dcells = board.dcells
    unit_bits = geo.unit_bits
    memo = board.memo
    key = "pointing" if pointing else "claiming"
    for d0 in range(geo.n):
        dc = dcells[d0]
        if not dc or memo.get((key, d0)) == dc:
            continue
        for box, line, common in geo.intersections:
            inside, outside = (box, line) if pointing else (line, box)
            here = dc & unit_bits[inside]
            if not here or here & ~common:
                continue
            gone = dc & unit_bits[outside] & ~common
            if not gone:
                continue
            d = d0 + 1
            cells = geo.names(here)
            tech = POINTING if pointing else CLAIMING
            text = (
                f"In {geo.unit_names[inside]}, {d} fits only in {', '.join(cells)}, "
                f"all in {geo.unit_names[outside]}: {d} leaves the rest of "
                f"{geo.unit_names[outside]}."
            )
            return tech.step(board, list(bits(here)), text, elim=[(c, d) for c in list(bits(gone))])
        memo[(key, d0)] = dc  # nothing for this digit while its cells stay the same
    return None


def find_pointing(board: Board) -> Step | None:
    """The first pointing elimination, or None."""
    return _find(board, True)


def find_claiming(board: Board) -> Step | None:
    """The first claiming elimination, or None."""
    return _find(board, False)


POINTING = Technique("pointing", "Pointing", Level.MEDIUM, 2.6, 50, find_pointing)
CLAIMING = Technique("claiming", "Claiming", Level.MEDIUM, 2.8, 50, find_claiming)
