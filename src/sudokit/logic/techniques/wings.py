"""Wings of four to seven cells: WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wing (Sukaku Explainer's
names; the XY- and XYZ-Wing are the three-cell ones).

A wing of n cells is a bivalue cell {x,z} and an almost locked set: n - 1 other cells of one
unit holding n digits between them, x and z among them, and every x of the set seeing the
bivalue cell. Were no cell of the wing z, the bivalue cell would be x, the set would lose x
too, and its n - 1 cells would have n - 2 digits left. So a wing cell is z, and z leaves every
cell that sees all the wing's z cells. (The argument needs no uniqueness.)
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


def _wings(board: Board, size: int) -> Iterator[tuple[list[int], int, int]]:
    """Every wing of ``size`` cells: (cells, the bivalue cell, z)."""
    masks = board.masks
    peer_bits = board.geo.peer_bits
    bivalue = list(bits(board.bivalue_cells()))
    for cells, union in _sets(board, size - 1):
        for pivot in bivalue:
            pm = masks[pivot]
            if pm & ~union or pivot in cells:
                continue
            for x_bit in (pm & -pm, pm & (pm - 1)):
                if all(peer_bits[pivot] >> c & 1 for c in cells if masks[c] & x_bit):
                    yield [*cells, pivot], pivot, (pm ^ x_bit).bit_length()


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


def find_wing(board: Board, size: int) -> Step | None:
    """A wing of ``size`` cells (4 to 7) that eliminates something, or None."""
    geo = board.geo
    masks = board.masks
    for cells, pivot, z in _wings(board, size):
        z_bit = 1 << (z - 1)
        gone = _targets(board, cells, z_bit)
        if not gone:
            continue
        union = 0
        for c in cells:
            union |= masks[c]
        holders = [c for c in cells if masks[c] & z_bit]
        x = (masks[pivot] & ~z_bit).bit_length()
        others = sorted(c for c in cells if c != pivot)
        text = (
            f"{cell_list(geo, others)} hold only {digit_list(_digits(union))}, and each {x} "
            f"among them sees {geo.cell_names[pivot]} ({x} or {z}): were none of them {z}, "
            f"{geo.cell_names[pivot]} would be {x} and {len(others)} cells would share "
            f"{len(others) - 1} digits. So one of {cell_list(geo, sorted(holders))} is {z}, "
            f"and {z} leaves {cell_list(geo, bits(gone))}."
        )
        tech = WINGS[size]
        score = tech.score + _BY_LARGEST.get((size, max(masks[c].bit_count() for c in cells)), 0)
        return tech.step(board, cells, text, elim=[(c, z) for c in bits(gone)], score=score)
    return None


def _digits(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def _finder(size: int) -> Callable[[Board], Step | None]:
    def find(board: Board) -> Step | None:
        return find_wing(board, size)

    find.__doc__ = f"A wing of {size} cells that eliminates something, or None."
    return find


#: Sukaku Explainer's names by size and its scores, as measured on its own steps (the
#: TUVWXYZ-Wing's was never met: 7.0 continues the others)
_NAMES = {4: ("wxyz-wing", "WXYZ-Wing", 5.5), 5: ("vwxyz-wing", "VWXYZ-Wing", 6.3),
          6: ("uvwxyz-wing", "UVWXYZ-Wing", 6.6), 7: ("tuvwxyz-wing", "TUVWXYZ-Wing", 7.0)}

#: what Sukaku Explainer adds by the wing's size and the candidates of its largest cell
#: (measured: a WXYZ-Wing is 5.6 when that cell holds three, a VWXYZ-Wing 6.4 with three and
#: 6.2 with five; an UVWXYZ-Wing is 6.6 whatever its cells)
_BY_LARGEST = {(4, 3): 0.1, (5, 3): 0.1, (5, 5): -0.1}

#: the wing techniques by their number of cells
WINGS: dict[int, Technique] = {
    size: Technique(
        key=key, name=name, level=Level.HARD if size == 4 else Level.EXPERT, score=score,
        effort=180 + 40 * (size - 3), find=_finder(size),
    )
    for size, (key, name, score) in _NAMES.items()
}
