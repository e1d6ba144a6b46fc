"""ALS-XZ: two almost locked sets joined by a restricted common digit.

An almost locked set (ALS) is N unplaced cells of one unit holding N+1 digits between them:
take one digit away and the rest is locked. If digit X is in both sets A and B and every X
of A sees every X of B (X is *restricted common*: at most one set holds it), then one of the
sets loses X and locks: so for any other digit Z common to both, one set holds Z, and Z
leaves every cell that sees all the Z cells of both sets.
"""

from __future__ import annotations

from ..board import Board, Geometry, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list

#: largest ALS looked at (bigger ones are rare in steps and costly to list)
MAX_CELLS = 5


class Als:
    __slots__ = ("cells", "mask", "unit", "by_digit", "seen_by")

    def __init__(self, board: Board, cells: int, mask: int, unit: int) -> None:
        geo = board.geo
        self.cells = cells
        self.mask = mask
        self.unit = unit
        self.by_digit: dict[int, int] = {}
        self.seen_by: dict[int, int] = {}
        for d0 in bits(mask):
            x = board.dcells[d0] & cells
            self.by_digit[d0] = x
            self.seen_by[d0] = _seen_by_all(geo, x)


def _seen_by_all(geo: Geometry, cellset: int) -> int:
    out = -1
    for c in bits(cellset):
        out &= geo.peer_bits[c]
    return 0 if out == -1 else out


def almost_locked_sets(board: Board, max_cells: int = MAX_CELLS) -> list[Als]:
    """Every ALS of up to ``max_cells`` cells, each cell set once."""
    geo = board.geo
    masks = board.masks
    seen: set[int] = set()
    out: list[Als] = []
    for u, ub in enumerate(geo.unit_bits):
        cells = list(bits(ub & board.unsolved))
        limit = min(max_cells, len(cells) - 1)
        # depth-first over subsets in increasing cell order, carrying the digit union
        stack: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]  # next index, set, union, size
        while stack:
            i, cellset, union, size = stack.pop()
            if size and union.bit_count() == size + 1 and cellset not in seen:
                seen.add(cellset)
                out.append(Als(board, cellset, union, u))
            if size == limit:
                continue
            for j in range(i, len(cells)):
                c = cells[j]
                new_union = union | masks[c]
                # a union already wider than the biggest set allowed can never close
                if new_union.bit_count() > limit + 1:
                    continue
                stack.append((j + 1, cellset | 1 << c, new_union, size + 1))
    return out


def find(board: Board) -> Step | None:
    sets = almost_locked_sets(board)
    by_digit: dict[int, list[int]] = {}
    for k, a in enumerate(sets):
        for d0 in a.by_digit:
            by_digit.setdefault(d0, []).append(k)
    dcells = board.dcells
    for ka, a in enumerate(sets):
        for x0 in a.by_digit:
            a_seen = a.seen_by[x0]
            for kb in by_digit[x0]:
                if kb <= ka:
                    continue
                b = sets[kb]
                if a.cells & b.cells or b.by_digit[x0] & ~a_seen:
                    continue
                common = a.mask & b.mask & ~(1 << x0)
                for z0 in bits(common):
                    gone = dcells[z0] & a.seen_by[z0] & b.seen_by[z0] & ~(a.cells | b.cells)
                    if gone:
                        return _step(board, a, b, x0 + 1, z0 + 1, gone)
    return None


def _step(board: Board, a: Als, b: Als, x: int, z: int, gone: int) -> Step:
    geo = board.geo
    text = (
        f"Almost locked sets {cell_list(geo, bits(a.cells))} {digit_list(digits_of(a.mask))} "
        f"and {cell_list(geo, bits(b.cells))} {digit_list(digits_of(b.mask))} share {x}, "
        f"which only one of them can hold: so one of them holds {z}, and {z} leaves "
        f"{cell_list(geo, bits(gone))}."
    )
    return ALS_XZ.step(board, bits(a.cells | b.cells), text, elim=[(c, z) for c in bits(gone)])


ALS_XZ = Technique("als-xz", "ALS-XZ", Level.EXPERT, 7.5, 300, find)
