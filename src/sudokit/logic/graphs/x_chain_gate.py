"""A quick test that rules out an X-Chain on one digit, run before the chain search builds
its graph: on most boards most digits have none, and the search's set-up costs more than
the whole test.

The test follows the links the search follows, without its bookkeeping. Take a cell with
a strong link as false (the chain's start): along strong links the partners of the cells
found false are true, and the digit's other cells that see a true one are false; repeat
until nothing new is found. An X-Chain from the start to a true cell proves "start or that
cell", and takes the digit out of the cells that see both. The test says whether any cell
of the digit sees the start and some cell found true, for any start: when none does, no
X-Chain on the digit eliminates anything. It may say yes where the search finds no chain
(it lets a chain pass a cell twice, and sets no length limit); it never says no where
the search finds one (a property test checks this on random boards).

Compiled when the package is installed (typed, in Cython's pure-Python mode, a cell set in
two 64-bit words); the same source runs as plain Python as the fallback
(``SUDOKIT_PURE_PYTHON=1``). Boards of more than 128 cells are not tested (always yes).
"""

from __future__ import annotations

from array import array
from functools import lru_cache

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Board, Geometry

if cython.compiled:
    from cython.cimports.sudokit.logic.graphs._bits64 import bit_index64, popcount64
else:
    from ._bits64 import bit_index64, popcount64

#: the low word of a cell set
_WORD = (1 << 64) - 1


@lru_cache(maxsize=16)
def _tables(geo: Geometry) -> tuple[array, array] | None:
    """Each cell's peers and each unit's cells as two words (low 64 cells, then the rest);
    None for boards of more than 128 cells."""
    if geo.ncells > 128:
        return None
    peers = array("Q", [w for p in geo.peer_bits for w in (p & _WORD, p >> 64)])
    units = array("Q", [w for u in geo.unit_bits for w in (u & _WORD, u >> 64)])
    return peers, units


def x_chain_possible(board: Board, d0: int) -> bool:
    """False when no X-Chain on digit ``d0 + 1`` can eliminate anything on ``board``."""
    tables = _tables(board.geo)
    if tables is None:
        return True
    dc = board.dcells[d0]
    peers, units = tables
    return _possible(dc & _WORD, dc >> 64, peers, units, len(units) // 2, board.geo.ncells)


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _possible(lo: cython.ulonglong, hi: cython.ulonglong, peers: cython.ulonglong[::1],
              units: cython.ulonglong[::1], nunits: cython.int,
              ncells: cython.int) -> cython.bint:
    """The test on the digit's cells ``lo``/``hi`` (see the module's docstring)."""
    partner = array("Q", [0]) * (2 * ncells)
    view: cython.ulonglong[::1] = partner
    starts = array("i", [0]) * ncells
    nstarts: cython.int = 0
    u: cython.int
    i: cython.int
    s: cython.int
    a: cython.int
    b: cython.int
    xl: cython.ulonglong
    xh: cython.ulonglong
    # the strong links: a unit where the digit has exactly two cells
    for u in range(nunits):
        xl = lo & units[2 * u]
        xh = hi & units[2 * u + 1]
        if popcount64(xl) + popcount64(xh) != 2:
            continue
        a = _first(xl, xh)
        if xl:
            xl ^= xl & (~xl + 1)
        else:
            xh ^= xh & (~xh + 1)
        b = _first(xl, xh)
        if view[2 * a] == 0 and view[2 * a + 1] == 0:
            starts[nstarts] = a
            nstarts += 1
        if view[2 * b] == 0 and view[2 * b + 1] == 0:
            starts[nstarts] = b
            nstarts += 1
        _add(view, a, b)
        _add(view, b, a)
    for i in range(nstarts):
        s = starts[i]
        if _reaches(s, lo, hi, view, peers):
            return True
    return False


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _reaches(s: cython.int, lo: cython.ulonglong, hi: cython.ulonglong,
             partner: cython.ulonglong[::1], peers: cython.ulonglong[::1]) -> cython.bint:
    """From ``s`` taken as false: does a cell of the digit see ``s`` and a cell found true?"""
    on_l: cython.ulonglong = partner[2 * s]
    on_h: cython.ulonglong = partner[2 * s + 1]
    off_l: cython.ulonglong = 0
    off_h: cython.ulonglong = 0
    new_l: cython.ulonglong = on_l
    new_h: cython.ulonglong = on_h
    seen_l: cython.ulonglong = 0  # the cells that see a cell found true
    seen_h: cython.ulonglong = 0
    x_l: cython.ulonglong
    x_h: cython.ulonglong
    if s < 64:
        off_l = cython.cast(cython.ulonglong, 1) << s
    else:
        off_h = cython.cast(cython.ulonglong, 1) << (s - 64)
    while new_l or new_h:
        # the peers of the cells just found true
        x_l, x_h = _rows_union(new_l, new_h, peers)
        seen_l |= x_l
        seen_h |= x_h
        if (peers[2 * s] & lo & seen_l) or (peers[2 * s + 1] & hi & seen_h):
            return True
        # the digit's cells that see one: false; their strong partners: true
        x_l = seen_l & lo & ~off_l
        x_h = seen_h & hi & ~off_h
        off_l |= x_l
        off_h |= x_h
        new_l, new_h = _rows_union(x_l, x_h, partner)
        new_l &= ~on_l
        new_h &= ~on_h
        on_l |= new_l
        on_h |= new_h
    return False


@cython.cfunc
@cython.inline
@cython.boundscheck(False)
@cython.wraparound(False)
def _rows_union(x_l: cython.ulonglong, x_h: cython.ulonglong,
                table: cython.ulonglong[::1]) -> tuple[cython.ulonglong, cython.ulonglong]:
    """The union of ``table``'s two-word rows of the cells in a cell set."""
    out_l: cython.ulonglong = 0
    out_h: cython.ulonglong = 0
    low: cython.ulonglong
    c: cython.int
    while x_l:
        low = x_l & (~x_l + 1)
        c = bit_index64(low)
        out_l |= table[2 * c]
        out_h |= table[2 * c + 1]
        x_l ^= low
    while x_h:
        low = x_h & (~x_h + 1)
        c = 64 + bit_index64(low)
        out_l |= table[2 * c]
        out_h |= table[2 * c + 1]
        x_h ^= low
    return out_l, out_h


@cython.cfunc
@cython.inline
def _first(xl: cython.ulonglong, xh: cython.ulonglong) -> cython.int:
    """The lowest cell of a non-empty cell set."""
    if xl:
        return bit_index64(xl & (~xl + 1))
    return 64 + bit_index64(xh & (~xh + 1))


@cython.cfunc
@cython.inline
@cython.boundscheck(False)
@cython.wraparound(False)
def _add(partner: cython.ulonglong[::1], a: cython.int, b: cython.int) -> cython.void:
    """Make ``b`` a strong partner of ``a``."""
    if b < 64:
        partner[2 * a] |= cython.cast(cython.ulonglong, 1) << b
    else:
        partner[2 * a + 1] |= cython.cast(cython.ulonglong, 1) << (b - 64)
