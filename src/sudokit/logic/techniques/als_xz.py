"""ALS-XZ: two almost locked sets joined by a restricted common digit.

An almost locked set (ALS) is N unplaced cells of one unit holding N+1 digits between them:
take one digit away and the rest is locked. If digit X is in both sets A and B and every X
of A sees every X of B (X is *restricted common*: at most one set holds it), then one of the
sets loses X and locks: so for any other digit Z common to both, one set holds Z, and Z
leaves every cell that sees all the Z cells of both sets.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Board, Geometry, bits, digits_of, mask_bits
from ..step import Level, Step, Technique, cell_list, digit_list

# 64-bit population count, as in the fish
_M1 = cython.declare(cython.ulonglong, 0x5555555555555555)
_M2 = cython.declare(cython.ulonglong, 0x3333333333333333)
_M4 = cython.declare(cython.ulonglong, 0x0F0F0F0F0F0F0F0F)
_H01 = cython.declare(cython.ulonglong, 0x0101010101010101)
_WORD = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)

#: largest ALS looked at (bigger ones are rare in steps and costly to list)
MAX_CELLS = 5


#: for each geometry, the cells that see every cell of a cell set (kept by cell set: the digit
#: cells of the sets of one unit come back again and again)
_SEEN_ALL: dict[Geometry, dict[int, int]] = {}


def _seen_all(geo: Geometry) -> dict[int, int]:
    found = _SEEN_ALL.get(geo)
    if found is None:
        found = _SEEN_ALL[geo] = {}
    return found


class Als:
    """An almost locked set: ``cells`` (a cell set) of ``unit`` holding the digits of
    ``mask``; ``by_digit[d0]`` its cells with digit d0+1, ``seen_by[d0]`` the cells that see
    all of those; ``heads`` each digit d0 (in increasing order) with the first cell holding it
    (worked out once: the sets of a unit are kept while its candidates stay put, and ALS-XZ
    buckets every set by these on every board state)."""

    __slots__ = ("cells", "mask", "unit", "by_digit", "seen_by", "heads")

    def __init__(
        self, geo: Geometry, dcells: list[int], cells: int, mask: int, unit: int,
        seen_all: dict[int, int],
    ) -> None:
        self.cells = cells
        self.mask = mask
        self.unit = unit
        by_digit: dict[int, int] = {}
        seen_by: dict[int, int] = {}
        heads: list[tuple[int, int]] = []
        peer_bits = geo.peer_bits
        for d0 in mask_bits(mask):
            xc = cells & dcells[d0]
            by_digit[d0] = xc
            heads.append((d0, (xc & -xc).bit_length() - 1))
            seen = seen_all.get(xc)
            if seen is None:
                seen = -1
                x = xc
                while x:
                    low = x & -x
                    x ^= low
                    seen &= peer_bits[low.bit_length() - 1]
                seen_all[xc] = seen
            seen_by[d0] = seen & ~cells
        self.by_digit = by_digit
        self.seen_by = seen_by
        self.heads = heads


def _unit_sets(board: Board, u: int, max_cells: int) -> list[Als]:
    """The ALSs of one unit (cached on the board while the unit's candidates stay put)."""
    geo = board.geo
    ub = geo.unit_bits[u]
    # the unit's unplaced cells and where each digit can go in it fix its candidates
    key = ("als", u, max_cells, board.unsolved & ub, tuple([d & ub for d in board.dcells]))
    found = board.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    masks = board.masks
    dcells = board.dcells
    seen_all = _seen_all(geo)
    cells = [c for c in geo.units[u] if board.unsolved >> c & 1]
    cell_masks = [masks[c] for c in cells]
    cell_bits = [1 << c for c in cells]
    count = len(cells)
    out: list[Als] = []
    limit = min(max_cells, count - 1)
    picked_sets: list[tuple[int, int]] = []
    if limit > 0:
        _subsets(cell_masks, count, 0, 0, 0, 0, limit, picked_sets)
    for picked, union in picked_sets:
        cellset = 0
        for j in mask_bits(picked):
            cellset |= cell_bits[j]
        out.append(Als(geo, dcells, cellset, union, u, seen_all))
    board.memo[key] = out
    return out


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _popcount(x: cython.ulonglong) -> cython.int:
    x = x - ((x >> 1) & _M1)
    x = (x & _M2) + ((x >> 2) & _M2)
    x = (x + (x >> 4)) & _M4
    # _WORD keeps uncompiled Python to 64 bits, where C wraps by itself
    return cython.cast(cython.int, ((x * _H01) & _WORD) >> 56)


@cython.cfunc
def _subsets(
    cell_masks: list[int],
    count: cython.Py_ssize_t,
    start: cython.Py_ssize_t,
    picked: cython.ulonglong,
    union: cython.ulonglong,
    size: cython.int,
    limit: cython.int,
    found: list[tuple[int, int]],
) -> None:
    """The almost locked sets among the unit's cells (by index, typed: at most 64 cells and
    digits), as (cells picked, digit union): depth first in increasing cell order, later
    cells first at each level, a set listed before its extensions; a union already wider
    than the biggest set allowed can never close."""
    j: cython.Py_ssize_t
    grown: cython.ulonglong
    m: cython.ulonglong
    one: cython.ulonglong = 1
    if size and _popcount(union) == size + 1:
        found.append((picked, union))
    if size == limit:
        return
    for j in range(count - 1, start - 1, -1):
        m = cell_masks[j]
        grown = union | m
        if _popcount(grown) > limit + 1:
            continue
        _subsets(cell_masks, count, j + 1, picked | (one << j), grown, size + 1, limit, found)


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


class AlsSets:
    """The almost locked sets of one board state with what every ALS technique asks of them.

    ``reach[k]`` maps each digit d0 of set k that some cell outside it could lose to those
    cells (they hold d0+1 and see every d0+1 of the set: where a conclusion "the set holds
    d0+1" eliminates); ``useful[k]`` is the mask of those digits.
    """

    __slots__ = ("sets", "reach", "useful")

    def __init__(self, board: Board) -> None:
        sets = almost_locked_sets(board)
        dcells = board.dcells
        reach: list[dict[int, int]] = []
        useful: list[int] = []
        for a in sets:
            r = {}
            mask = 0
            for d0, seen in a.seen_by.items():
                x = seen & dcells[d0]
                if x:
                    r[d0] = x
                    mask |= 1 << d0
            reach.append(r)
            useful.append(mask)
        self.sets = sets
        self.reach = reach
        self.useful = useful


def sets_of(board: Board) -> AlsSets:
    """The almost locked sets of the board as it is now, with their reach (worked out once
    per board state: ALS-XZ and the techniques built on its sets share them)."""
    found = board.derived("als-sets")
    if found is not None:
        return found  # type: ignore[return-value]
    made = AlsSets(board)
    board.keep("als-sets", made)
    return made


#: the memo key of the last board state on which ALS-XZ found nothing: a pair of sets neither
#: of which touches a cell changed since was a pair there too, with the same digits and
#: restricted commons, and its eliminations can only have shrunk (the board has only lost
#: candidates since), so it still eliminates nothing and the search skips it
_NONE_KEY = "als-xz-none"


def find(board: Board) -> Step | None:
    """An ALS-XZ step (a pair of sets and a restricted common digit), or None."""
    changed = board.changed_since(board.memo.get(_NONE_KEY))
    prepared = sets_of(board)
    sets = prepared.sets
    reach = prepared.reach
    useful = prepared.useful
    dcells = board.dcells
    n = board.geo.n
    # for each digit x, the sets holding x that could eliminate some other digit, bucketed
    # by their first x cell: a partner's x cells must all lie where every x of a set is seen
    # (``first_fresh``: only the sets touching a changed cell, the partners a set that
    # touches none needs)
    members: list[list[int]] = [[] for _ in range(n)]
    first: list[dict[int, list[int]]] = [{} for _ in range(n)]
    first_fresh: list[dict[int, list[int]]] = [{} for _ in range(n)]
    fresh: list[bool] = [False] * len(sets)
    any_fresh = False
    for k, a in enumerate(sets):
        mask = useful[k]
        if not mask:
            continue
        is_fresh = bool(a.cells & changed)
        fresh[k] = is_fresh
        any_fresh = any_fresh or is_fresh
        for x0, low in a.heads:
            if mask & ~(1 << x0):
                members[x0].append(k)
                bucket = first[x0].get(low)
                if bucket is None:
                    first[x0][low] = [k]
                else:
                    bucket.append(k)
                if is_fresh:
                    bucket = first_fresh[x0].get(low)
                    if bucket is None:
                        first_fresh[x0][low] = [k]
                    else:
                        bucket.append(k)
    if not any_fresh:
        board.memo[_NONE_KEY] = board.snapshot()
        return None
    for x0 in range(n):
        xbit = 1 << x0
        xcells = dcells[x0]
        for ka in members[x0]:
            firsts = first[x0] if fresh[ka] else first_fresh[x0]
            if not firsts:
                continue
            a = sets[ka]
            a_cells = a.cells
            a_seen = a.seen_by[x0]
            others = useful[ka] & ~xbit
            ra = reach[ka]
            near = a_seen & xcells
            while near:
                low = near & -near
                near ^= low
                for kb in firsts.get(low.bit_length() - 1, ()):
                    if kb < ka:
                        continue  # each pair once, from its first set
                    common = others & useful[kb]
                    if not common:
                        continue
                    b = sets[kb]
                    if a_cells & b.cells or b.by_digit[x0] & ~a_seen:
                        continue
                    rb = reach[kb]
                    for z0 in mask_bits(common):
                        gone = ra[z0] & rb[z0] & ~b.cells
                        if gone:
                            return _step(board, a, b, x0 + 1, z0 + 1, gone)
    board.memo[_NONE_KEY] = board.snapshot()
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
