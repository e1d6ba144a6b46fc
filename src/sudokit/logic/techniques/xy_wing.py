"""XY-Wing: a bivalue pivot {x,y} sees two bivalue pincers {x,z} and {y,z}. Whichever digit
the pivot takes, one pincer is z, so z leaves every cell that sees both pincers."""

from __future__ import annotations

from ..board import Board, bits
from ..step import Level, Step, Technique, cell_list

#: the memo key of the last board state on which there was no XY-Wing: a pivot that has not
#: changed since, with no changed bivalue cell among its peers, has the same pincers as there
#: and (the board having only lost candidates since) nothing more to eliminate
_NONE_KEY = "xy-wing-none"


def find(board: Board) -> Step | None:
    """An XY-Wing that eliminates something, or None."""
    geo = board.geo
    masks = board.masks
    peer_bits = geo.peer_bits
    bivalue = board.bivalue_cells()
    changed = board.changed_since(board.memo.get(_NONE_KEY))
    for pivot in bits(bivalue):
        if not (changed >> pivot & 1 or bivalue & peer_bits[pivot] & changed):
            continue
        pm = masks[pivot]
        wings = [c for c in bits(bivalue & peer_bits[pivot]) if (masks[c] & pm).bit_count() == 1]
        for i, a in enumerate(wings):
            am = masks[a]
            z = am & ~pm
            for b in wings[i + 1 :]:
                bm = masks[b]
                if bm & ~pm != z or bm & am != z:
                    continue
                zd = z.bit_length()
                gone = board.dcells[zd - 1] & peer_bits[a] & peer_bits[b]
                if not gone:
                    continue
                text = (
                    f"Pivot {geo.cell_names[pivot]} holds {pair_text(pm)}, pincers "
                    f"{geo.cell_names[a]} {pair_text(am)} and {geo.cell_names[b]} {pair_text(bm)}: "
                    f"one pincer is {zd}, so {zd} leaves {cell_list(geo, bits(gone))}."
                )
                return XY_WING.step(board, (pivot, a, b), text, elim=[(c, zd) for c in bits(gone)])
    board.memo[_NONE_KEY] = board.snapshot()
    return None


def pair_text(m: int) -> str:
    """A bit mask of digits as the steps write it: {3,7}."""
    return "{" + ",".join(str(d + 1) for d in bits(m)) + "}"


XY_WING = Technique(
    key="xy-wing", name="XY-Wing", level=Level.HARD, score=4.2, effort=160, find=find,
)
