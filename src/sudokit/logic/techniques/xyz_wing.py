"""XYZ-Wing: a pivot {x,y,z} sees two bivalue pincers {x,z} and {y,z}. Whichever digit the
pivot takes, one of the three cells is z, so z leaves every cell that sees all three."""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board, bits
from ..step import Level, Step, Technique, cell_list
from .xy_wing import pair_text

#: the memo key of the last board state on which there was no XYZ-Wing: a pivot that has not
#: changed since, with no changed bivalue cell among its peers, has the same pincers as there
#: and (the board having only lost candidates since) nothing more to eliminate
_NONE_KEY = "xyz-wing-none"

def find(board: Board) -> Step | None:
    """An XYZ-Wing that eliminates something, or None."""
    peer_bits = board.geo.peer_bits
    bivalue = board.bivalue_cells()
    changed = board.changed_since(board.memo.get(_NONE_KEY))
    pivots = [p for p in bits(board.unsolved)
              if changed >> p & 1 or bivalue & peer_bits[p] & changed]
    for step in _wings(board, pivots):
        return step
    board.memo[_NONE_KEY] = board.snapshot()
    return None


def every(board: Board) -> Iterator[Step]:
    """Every XYZ-Wing that eliminates something, pivots in cell order. ``hint --all`` lists
    these (one wing's elimination may take another's pivot digit: each is listed)."""
    return _wings(board, list(bits(board.unsolved)))


def _wings(board: Board, pivots: list[int]) -> Iterator[Step]:
    """The XYZ-Wings of these pivots that eliminate something, in order."""
    geo = board.geo
    masks = board.masks
    peer_bits = geo.peer_bits
    bivalue = board.bivalue_cells()
    for pivot in pivots:
        pm = masks[pivot]
        if pm.bit_count() != 3:
            continue
        wings = [c for c in bits(bivalue & peer_bits[pivot]) if masks[c] & ~pm == 0]
        for i, a in enumerate(wings):
            am = masks[a]
            for b in wings[i + 1 :]:
                bm = masks[b]
                z = am & bm
                if am | bm != pm or z.bit_count() != 1:
                    continue
                zd = z.bit_length()
                gone = board.dcells[zd - 1] & peer_bits[pivot] & peer_bits[a] & peer_bits[b]
                if not gone:
                    continue
                text = (
                    f"Pivot {geo.cell_names[pivot]} holds {pair_text(pm)}, pincers "
                    f"{geo.cell_names[a]} {pair_text(am)} and {geo.cell_names[b]} {pair_text(bm)}: "
                    f"one of the three is {zd}, so {zd} leaves {cell_list(geo, bits(gone))}."
                )
                yield XYZ_WING.step(board, (pivot, a, b), text, elim=[(c, zd) for c in bits(gone)])


XYZ_WING = Technique(
    key="xyz-wing", name="XYZ-Wing", level=Level.HARD, score=4.4, effort=180, find=find,
)
