"""Wings of four to seven cells: WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wing (Sukaku Explainer's
names; the XY- and XYZ-Wing are the three-cell ones).

A wing of n cells is a bivalue cell {x,z} and an almost locked set: n - 1 other cells of one
unit holding n digits between them, x and z among them, and every x of the set seeing the
bivalue cell. Were no cell of the wing z, the bivalue cell would be x, the set would lose x
too, and its n - 1 cells would have n - 2 digits left. So a wing cell is z, and z leaves every
cell that sees all the wing's z cells. (The argument needs no uniqueness.) Where z too is
seen from every z of the set, the wing is doubly linked: its cells hold exactly its digits,
each once, and every digit leaves what sees all the wing's cells holding it. Of the wings
of one size the least-scored is taken (:func:`wing_score`), as Sukaku Explainer takes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from ..board import Board, bits
from ..step import Level, Step, Technique, cell_list, digit_list


def _sets(board: Board, size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """The almost locked sets of ``size`` cells inside one unit: (cells, digit mask)."""
    masks = board.masks
    seen = set()
    for ub in board.geo.unit_bits:
        open_cells = [c for c in bits(ub & board.unsolved) if masks[c].bit_count() <= size + 1]
        for cells in combinations(open_cells, size):
            union = 0
            for c in cells:
                union |= masks[c]
            if union.bit_count() == size + 1 and cells not in seen:
                seen.add(cells)
                yield cells, union


def _wings(board: Board, size: int) -> Iterator[tuple[list[int], int, int, bool]]:
    """Every wing of ``size`` cells: (cells, the bivalue cell, z, whether x too sees the
    bivalue cell from every cell of the set holding it: a doubly linked wing, given once
    for each of its two digits as z)."""
    masks = board.masks
    geo = board.geo
    peer_bits = geo.peer_bits
    bivalue = list(bits(board.bivalue_cells()))
    for cells, union in _sets(board, size - 1):
        where = sum(1 << c for c in cells)
        for pivot in bivalue:
            pm = masks[pivot]
            if pm & ~union or pivot in cells:
                continue
            if any(where & geo.unit_bits[u] == where for u in geo.cell_units[pivot]):
                continue  # (a bivalue cell in the set's unit: a naked set, not a wing)
            sees = [all(peer_bits[pivot] >> c & 1 for c in cells if masks[c] & bit)
                    for bit in (pm & -pm, pm & (pm - 1))]
            for x_bit, linked, other in ((pm & -pm, sees[0], sees[1]),
                                         (pm & (pm - 1), sees[1], sees[0])):
                if linked:
                    yield [*cells, pivot], pivot, (pm ^ x_bit).bit_length(), other


def _targets(board: Board, cells: list[int], z_bit: int) -> int:
    """The cells outside ``cells`` that hold z and see every one of ``cells`` holding it."""
    peer_bits = board.geo.peer_bits
    gone = board.dcells[z_bit.bit_length() - 1]
    for c in cells:
        if board.masks[c] & z_bit:
            gone &= peer_bits[c]
    for c in cells:
        gone &= ~(1 << c)
    return gone


def wing_score(size: int, largest: int) -> float:
    """Sukaku Explainer's score of a wing of ``size`` cells whose largest cell holds
    ``largest`` digits: a WXYZ-Wing 5.5 and a VWXYZ-Wing 6.2, each 0.1 more for each cell
    past three, less 0.1 for each digit its largest cell is away from three; an
    UVWXYZ-Wing 6.6 and a TUVWXYZ-Wing 7.5 whatever their cells."""
    if size > 5:
        return _NAMES[size][2]
    return round(_NAMES[size][2] + 0.1 * ((size - 3) - abs(3 - largest)), 1)


def find_wing(board: Board, size: int) -> Step | None:
    """The least-scored wing of ``size`` cells (4 to 7) that eliminates something (of
    those, the one that removes the most), or None. A doubly linked wing (both digits of
    the bivalue cell seen from every cell of the set holding them) is locked: each of the
    two digits leaves what sees all the wing's cells holding it, and each other digit of
    the set what sees all the set's cells holding it."""
    masks = board.masks
    best: tuple[float, int, list[int], int, int, bool] | None = None
    for cells, pivot, z, doubly in _wings(board, size):
        if doubly and z > (masks[pivot] & -masks[pivot]).bit_length():
            continue  # (given for each digit: once is enough)
        gone = _removed(board, cells, pivot, z, doubly)
        if not gone:
            continue
        score = wing_score(size, max(masks[c].bit_count() for c in cells))
        count = sum(g.bit_count() for g in gone.values())
        if best is None or (score, -count) < (best[0], -best[1]):
            best = (score, count, cells, pivot, z, doubly)
    if best is None:
        return None
    score, _, cells, pivot, z, doubly = best
    return _step(board, size, score, cells, pivot, z, doubly)


def _removed(board: Board, cells: list[int], pivot: int, z: int,
             doubly: bool) -> dict[int, int]:
    """What a wing removes: the cells each digit leaves, by digit (1-based)."""
    masks = board.masks
    if not doubly:
        gone = _targets(board, cells, 1 << (z - 1))
        return {z: gone} if gone else {}
    out = {}
    others = [c for c in cells if c != pivot]
    union = 0
    for c in others:
        union |= masks[c]
    for d0 in range(union.bit_length()):
        if not union >> d0 & 1:
            continue
        bit = 1 << d0
        gone = _targets(board, cells if masks[pivot] & bit else others, bit)
        if gone:
            out[d0 + 1] = gone & ~(1 << pivot)
    return {d: g for d, g in out.items() if g}


def _step(board: Board, size: int, score: float, cells: list[int], pivot: int, z: int,
          doubly: bool) -> Step:
    geo = board.geo
    masks = board.masks
    gone = _removed(board, cells, pivot, z, doubly)
    z_bit = 1 << (z - 1)
    union = 0
    for c in cells:
        union |= masks[c]
    holders = [c for c in cells if masks[c] & z_bit]
    x = (masks[pivot] & ~z_bit).bit_length()
    others = sorted(c for c in cells if c != pivot)
    removed = "; ".join(f"{d} leaves {cell_list(geo, bits(g))}" for d, g in sorted(gone.items()))
    if doubly:
        text = (
            f"{cell_list(geo, others)} hold only {digit_list(_digits(union))}, and each {x} "
            f"and each {z} among them sees {geo.cell_names[pivot]} ({x} or {z}): whichever "
            f"{geo.cell_names[pivot]} is, {len(others)} cells would share {len(others) - 1} "
            f"digits, so the wing's {size} cells hold exactly its {size} digits, {x} and {z} "
            f"once each: {removed}."
        )
    else:
        text = (
            f"{cell_list(geo, others)} hold only {digit_list(_digits(union))}, and each {x} "
            f"among them sees {geo.cell_names[pivot]} ({x} or {z}): were none of them {z}, "
            f"{geo.cell_names[pivot]} would be {x} and {len(others)} cells would share "
            f"{len(others) - 1} digits. So one of {cell_list(geo, sorted(holders))} is {z}, "
            f"and {removed}."
        )
    return WINGS[size].step(board, cells, text, score=score,
                            elim=[(c, d) for d, g in gone.items() for c in bits(g)])


def _digits(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def _finder(size: int) -> Callable[[Board], Step | None]:
    def find(board: Board) -> Step | None:
        return find_wing(board, size)

    find.__doc__ = f"A wing of {size} cells that eliminates something, or None."
    return find


#: Sukaku Explainer's names by size and its base scores (see :func:`wing_score`)
_NAMES = {4: ("wxyz-wing", "WXYZ-Wing", 5.5), 5: ("vwxyz-wing", "VWXYZ-Wing", 6.2),
          6: ("uvwxyz-wing", "UVWXYZ-Wing", 6.6), 7: ("tuvwxyz-wing", "TUVWXYZ-Wing", 7.5)}

#: the wing techniques by their number of cells
WINGS: dict[int, Technique] = {
    size: Technique(
        key=key, name=name, level=Level.HARD if size == 4 else Level.EXPERT, score=score,
        effort=180 + 40 * (size - 3), find=_finder(size),
    )
    for size, (key, name, score) in _NAMES.items()
}
