"""Wings of four to seven cells: WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wing (Sukaku Explainer's
names; the XY- and XYZ-Wing are the three-cell ones).

n unplaced cells hold n digits between them, and every digit but one, z, is *restricted*: the
cells of the wing that hold it all see one another, so it fills at most one of them. Were no
wing cell z, the n cells would have only n - 1 digits, each at most once: one cell would be
left without a digit. So a wing cell is z, and z leaves every cell that sees all the wing's z
cells. (With no wing cell z, the other digits fill at most n - 1 cells; the argument needs no
uniqueness.)

The search grows the wing one cell at a time from the lowest, and gives up on a branch as soon
as it holds more than n digits, two digits that are not restricted, or a z with no cell left
to remove it from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..board import Board, bits
from ..step import Level, Step, Technique, cell_list, digit_list


def _grow(
    board: Board, size: int, pool: list[int], start: int, chosen: list[int], union: int,
    free: int,
) -> Iterator[tuple[list[int], int]]:
    """Every wing of ``size`` cells that extends ``chosen`` with cells of ``pool`` from index
    ``start``: (cells, z digit). ``free`` is the digit mask of the digits not restricted."""
    masks = board.masks
    peer_bits = board.geo.peer_bits
    for i in range(start, len(pool)):
        cell = pool[i]
        mask = masks[cell]
        grown = union | mask
        if grown.bit_count() > size:
            continue
        loose = free
        for other in chosen:
            if not peer_bits[cell] >> other & 1:
                loose |= masks[other] & mask  # a digit in two cells that do not see each other
        if loose.bit_count() > 1 or (loose and not _targets(board, [*chosen, cell], loose)):
            continue
        if len(chosen) + 1 == size:
            if grown.bit_count() == size and loose:
                yield [*chosen, cell], loose.bit_length()
            continue
        yield from _grow(board, size, pool, i + 1, [*chosen, cell], grown, loose)


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
    pool = [c for c in bits(board.unsolved) if 2 <= masks[c].bit_count() <= size]
    for cells, z in _grow(board, size, pool, 0, [], 0, 0):
        z_bit = 1 << (z - 1)
        gone = _targets(board, cells, z_bit)
        union = 0
        for c in cells:
            union |= masks[c]
        holders = [c for c in cells if masks[c] & z_bit]
        text = (
            f"{cell_list(geo, sorted(cells))} hold only {digit_list(_digits(union))}, and each "
            f"digit but {z} sits in cells that see one another: were none of them {z}, "
            f"{len(cells)} cells would share {len(cells) - 1} digits. So one of "
            f"{cell_list(geo, sorted(holders))} is {z}, and {z} leaves "
            f"{cell_list(geo, bits(gone))}."
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
