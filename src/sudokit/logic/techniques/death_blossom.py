"""Death Blossom: a stem cell and one almost locked set (a petal) for each of its digits.

Petal i holds the stem's digit d_i, and every d_i of it sees the stem. Whichever digit the
stem takes, the petal of that digit loses it and locks on its other digits. So if every petal
holds a digit Z that the stem does not have, one of the petals holds Z, and Z leaves every
cell that sees all the Z cells of all the petals.
"""

from __future__ import annotations

from ..board import Board, bits, digits_of, mask_bits
from ..step import Level, Step, Technique, cell_list
from .als import AlsGraph, graph

#: the most digits a stem may have (one petal each); HoDoKu's Death Blossoms rarely have more
MAX_PETALS = 3


def find(board: Board) -> Step | None:
    """A Death Blossom step (stem, petals, a digit to remove), or None."""
    g = graph(board)
    cells = g.cells
    by_digit = g.by_digit
    reach = g.reach
    useful = g.useful
    masks = board.masks
    peer_bits = board.geo.peer_bits
    full = board.geo.full
    for stem in bits(board.unsolved):
        m = masks[stem]
        count = m.bit_count()
        if count < 2 or count > MAX_PETALS:
            continue
        seen = peer_bits[stem]
        # for each stem digit, the sets whose every cell with that digit sees the stem
        petals: list[list[int]] = []
        zs = full & ~m
        for d0 in mask_bits(m):
            found = [
                k for k in g.holding[d0]
                if useful[k] & zs and not by_digit[k][d0] & ~seen
            ]
            if not found:
                break
            petals.append(found)
            z_any = 0
            for k in found:
                z_any |= useful[k]
            zs &= z_any
            if not zs:
                break
        else:
            for z0 in mask_bits(zs):
                lists = [[k for k in found if useful[k] >> z0 & 1] for found in petals]
                if not all(lists):
                    continue
                chosen = _pick(lists, cells, reach, z0, 0, -1, 0, [])
                if chosen is not None:
                    picked, gone = chosen
                    return _step(board, g, stem, picked, z0 + 1, gone)
    return None


def _pick(
    lists: list[list[int]], cells: list[int], reach: list[list[int]], z0: int,
    i: int, gone: int, used: int, picked: list[int],
) -> tuple[list[int], int] | None:
    """One petal from each list, disjoint, whose Z cells are all seen by some Z cell
    (depth first; ``gone`` the cells seeing every Z of the petals picked so far)."""
    if i == len(lists):
        return picked, gone
    for k in lists[i]:
        these = cells[k]
        if these & used:
            continue
        narrowed = gone & reach[k][z0]
        if not narrowed:
            continue
        found = _pick(lists, cells, reach, z0, i + 1, narrowed, used | these, [*picked, k])
        if found is not None:
            return found
    return None


def _step(board: Board, g: AlsGraph, stem: int, picked: list[int], z: int, gone: int) -> Step:
    geo = board.geo
    stem_digits = digits_of(board.masks[stem])
    parts = [f"{d}: {g.name(board, k)}" for d, k in zip(stem_digits, picked, strict=True)]
    text = (
        f"Death Blossom on stem {geo.cell_names[stem]}: whichever digit it takes, the petal of "
        f"that digit ({'; '.join(parts)}) loses it and locks, so one petal holds {z}, and {z} "
        f"leaves {cell_list(geo, bits(gone))}."
    )
    cells = 1 << stem
    for k in picked:
        cells |= g.cells[k]
    return DEATH_BLOSSOM.step(board, bits(cells), text, elim=[(c, z) for c in bits(gone)])


DEATH_BLOSSOM = Technique("death-blossom", "Death Blossom", Level.EXPERT, 7.7, 360, find)
