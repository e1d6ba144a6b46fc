"""Locked candidates where a variant's extra house (a diagonal, a window, a group) crosses
another house: in one of the two, a digit fits only in the cells they share, so it leaves
the rest of the other. (Where a box or region crosses a line, Pointing and Claiming say it.)"""

from __future__ import annotations

from ..board import Board, bits
from ..step import Level, Step, Technique


def find(board: Board) -> Step | None:
    """The first locked candidates of an extra house's intersection, or None."""
    geo = board.geo
    crossings = geo.more_intersections
    if not crossings:
        return None
    unit_bits = geo.unit_bits
    for d0, dc in enumerate(board.dcells):
        if not dc:
            continue
        for a, b, common in crossings:
            here = dc & common
            if not here:
                continue
            for inside, outside in ((a, b), (b, a)):
                if dc & unit_bits[inside] & ~common:
                    continue
                gone = dc & unit_bits[outside] & ~common
                if gone:
                    d = d0 + 1
                    text = (
                        f"In {geo.unit_names[inside]}, {d} fits only in "
                        f"{', '.join(geo.names(here))}, all in {geo.unit_names[outside]}: "
                        f"{d} leaves the rest of {geo.unit_names[outside]}."
                    )
                    return LOCKED_HOUSES.step(
                        board, list(bits(here)), text, elim=[(c, d) for c in bits(gone)],
                        houses=[geo.units[inside], geo.units[outside]])
    return None


LOCKED_HOUSES = Technique(
    key="locked-candidates", name="Locked Candidates", level=Level.MEDIUM, score=2.8,
    effort=50, find=find,
)
