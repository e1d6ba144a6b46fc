"""ALS-XZ: two almost locked sets joined by a restricted common digit.

An almost locked set (ALS) is N unplaced cells of one unit holding N+1 digits between them:
take one digit away and the rest is locked. If digit X is in both sets A and B and every X
of A sees every X of B (X is *restricted common*: at most one set holds it), then one of the
sets loses X and locks: so for any other digit Z common to both, one set holds Z, and Z
leaves every cell that sees all the Z cells of both sets.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter

from ..board import Board, Geometry, bits, digits_of, mask_bits
from ..step import Level, Step, Technique, cell_list, digit_list

#: largest ALS looked at (bigger ones are rare in steps and costly to list)
MAX_CELLS = 5


class Als:
    """An almost locked set: ``cells`` (a cell set) of ``unit`` holding the digits of
    ``mask``; ``by_digit[d0]`` its cells with digit d0+1, ``seen_by[d0]`` the cells that see
    all of those."""

    __slots__ = ("cells", "mask", "unit", "by_digit", "seen_by")

    def __init__(self, geo: Geometry, masks: list[int], cells: int, mask: int, unit: int) -> None:
        self.cells = cells
        self.mask = mask
        self.unit = unit
        by_digit: dict[int, int] = dict.fromkeys(mask_bits(mask), 0)
        seen_by: dict[int, int] = dict.fromkeys(by_digit, -1)
        peer_bits = geo.peer_bits
        x = cells
        while x:
            low = x & -x
            c = low.bit_length() - 1
            x ^= low
            peers = peer_bits[c]
            for d0 in mask_bits(masks[c]):
                by_digit[d0] |= low
                seen_by[d0] &= peers
        for d0 in seen_by:
            seen_by[d0] &= ~cells
        self.by_digit = by_digit
        self.seen_by = seen_by


@lru_cache(maxsize=16)
def _unit_masks(geo: Geometry) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """For each unit, a function that reads its cells' masks off a mask list (the key of
    the unit's sets: looked up for every unit on every search)."""
    return tuple(itemgetter(*unit) for unit in geo.units)


def _unit_sets(board: Board, u: int, max_cells: int) -> list[Als]:
    """The ALSs of one unit (cached on the board while the unit's candidates stay put)."""
    geo = board.geo
    masks = board.masks
    key = ("als", u, max_cells, board.unsolved & geo.unit_bits[u], _unit_masks(geo)[u](masks))
    found = board.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    cells = [c for c in geo.units[u] if board.unsolved >> c & 1]
    out: list[Als] = []
    limit = min(max_cells, len(cells) - 1)
    # depth-first over subsets in increasing cell order, carrying the digit union
    stack: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]  # next index, set, union, size
    while stack:
        i, cellset, union, size = stack.pop()
        if size and union.bit_count() == size + 1:
            out.append(Als(geo, masks, cellset, union, u))
        if size == limit:
            continue
        for j in range(i, len(cells)):
            c = cells[j]
            new_union = union | masks[c]
            # a union already wider than the biggest set allowed can never close
            if new_union.bit_count() > limit + 1:
                continue
            stack.append((j + 1, cellset | 1 << c, new_union, size + 1))
    board.memo[key] = out
    return out


def almost_locked_sets(board: Board, max_cells: int = MAX_CELLS) -> list[Als]:
    """Every ALS of up to ``max_cells`` cells, each cell set once."""
    seen: set[int] = set()
    out: list[Als] = []
    for u in range(len(board.geo.unit_bits)):
        for a in _unit_sets(board, u, max_cells):
            if a.cells not in seen:
                seen.add(a.cells)
                out.append(a)
    return out


def find(board: Board) -> Step | None:
    """An ALS-XZ step (a pair of sets and a restricted common digit), or None."""
    sets = almost_locked_sets(board)
    dcells = board.dcells
    n = board.geo.n
    # for each set, the digits z it could eliminate (some cell outside sees all its z cells);
    # then, per digit x, the sets holding x that could eliminate some other digit, bucketed
    # by their first x cell: a partner's x cells must all lie where every x of a set is seen.
    # A bucket lists its sets in increasing order (and their x cells alongside), so the
    # partners after a set are found by bisection.
    reach: list[dict[int, int]] = []
    useful: list[int] = []
    cells_of: list[int] = []
    members: list[list[int]] = [[] for _ in range(n)]
    first: list[dict[int, list[int]]] = [{} for _ in range(n)]
    first_x: list[dict[int, list[int]]] = [{} for _ in range(n)]
    for k, a in enumerate(sets):
        r = {}
        mask = 0
        for d0, seen in a.seen_by.items():
            x = seen & dcells[d0]
            if x:
                r[d0] = x
                mask |= 1 << d0
        reach.append(r)
        useful.append(mask)
        cells_of.append(a.cells)
        if not mask:
            continue
        for x0, xc in a.by_digit.items():
            if mask & ~(1 << x0):
                members[x0].append(k)
                low = (xc & -xc).bit_length() - 1
                bucket = first[x0].get(low)
                if bucket is None:
                    first[x0][low] = [k]
                    first_x[x0][low] = [xc]
                else:
                    bucket.append(k)
                    first_x[x0][low].append(xc)
    for x0 in range(n):
        xbit = 1 << x0
        firsts = first[x0]
        firsts_x = first_x[x0]
        xcells = dcells[x0]
        for ka in members[x0]:
            a = sets[ka]
            a_seen = a.seen_by[x0]
            a_cells = cells_of[ka]
            others = useful[ka] & ~xbit
            ra = reach[ka]
            near = a_seen & xcells
            while near:
                low = near & -near
                near ^= low
                cell = low.bit_length() - 1
                bucket = firsts.get(cell)
                if bucket is None:
                    continue
                xcs = firsts_x[cell]
                for i in range(bisect_left(bucket, ka), len(bucket)):
                    # b's x cells must all see every x of a (the restricted common)
                    if xcs[i] & ~a_seen:
                        continue
                    kb = bucket[i]
                    common = others & useful[kb]
                    if not common or a_cells & cells_of[kb]:
                        continue
                    rb = reach[kb]
                    b_cells = cells_of[kb]
                    for z0 in mask_bits(common):
                        gone = ra[z0] & rb[z0] & ~b_cells
                        if gone:
                            return _step(board, a, sets[kb], x0 + 1, z0 + 1, gone)
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
