"""The singles of each assumption of a tracked sweep typed, for boards of 81 cells and nine
digits: what :func:`.tracked.singles` draws from a fresh copy of the sweep's root, with the
same ancestors, and the same contradiction (its text and its clash).

The dynamic inner chains of the nested forcing chains (a sweep at level 0 inside an
assumption) spend most of their time here. A potential is a small index (a placement
``cell * 9 + digit index``, an elimination 729 more); the ancestors of a placement are one
row of 23 64-bit words; an elimination, as in a tracked hypothesis, rests on what the
placement that removed it rests on, so it keeps only that placement's row number. Nothing
is allocated per deduction: the rows, the queue and the board are arrays made once a sweep.
Only what a sweep reads becomes Python integers: a contradiction's clash, and for an
assumption that settles its candidates, digits' cells and unplaced cells (an agreed
conclusion's ancestors are read from its rows when asked for).

A level-0 layer holds no inner chain, so every ancestor is one of the 1458 potentials.
Compiled when the package is installed (Cython's pure-Python mode, as the engine); the same
source runs as plain Python for the tests: uncompiled, the sweep keeps the plain singles
(:data:`COMPILED`).
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import Any

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Contradiction, Geometry
from .static9 import listed_runs, words_int
from .static9 import tables as static_tables

if cython.compiled:
    from cython.cimports.sudokit.logic.graphs._bits64 import bit_index64, popcount64
else:
    from ._bits64 import bit_index64, popcount64

#: Is this module compiled? (Only then do the sweeps use it.)
COMPILED: bool = cython.compiled

# A set of potentials: 23 words (1458 bits); 729 potentials a side.
_W = cython.declare(cython.int, 23)
_BIG = cython.declare(cython.int, 729)
_ONE = cython.declare(cython.ulonglong, 1)
#: the rows of one assumption: a placement's each (81 at most), and two for a clash
_ROWS = cython.declare(cython.int, 84)
#: the low word of a cell set (Python side)
_LOW = (1 << 64) - 1


@lru_cache(maxsize=16)
def tables(geo: Geometry) -> tuple[array, array, array, array, array, array] | None:
    """Each cell's peers and each unit's cells as two words, each cell's units and houses
    (offsets, then the list); None for a board this module does not take (not 81 cells and
    nine digits, or with non-consecutive neighbours)."""
    base = None if geo.neighbour_bits else static_tables(geo)
    if base is None:
        return None
    return (*base, *listed_runs(geo.cell_houses))


class Branch:
    """One assumption's singles, as the sweep reads them: the deduction count and, on a
    contradiction, its text and clash; else where the sweep keeps its board (``slot``), read
    when asked for: the candidates, each digit's cells, the unplaced cells, and the
    ancestors of each placement and elimination (the assumption followed again)."""

    __slots__ = ("count", "reason", "clash", "sweep", "slot", "start", "last")

    def __init__(self, count: int, reason: str, clash: tuple[int, int], sweep: Sweep9 | None,
                 slot: int, start: int) -> None:
        self.count = count
        self.reason = reason
        self.clash = clash
        #: the sweep that keeps the board, where it is kept, and the potential assumed
        self.sweep = sweep
        self.slot = slot
        self.start = start
        self.last = None

    def check(self) -> None:
        """Raise the contradiction the assumption led to, if it led to one."""
        if self.reason:
            raise Contradiction(self.reason)

    @property
    def masks(self) -> list[int]:
        """The candidates of each cell."""
        return self.sweep.kept(self.slot)[0]  # type: ignore[union-attr]

    @property
    def dcells(self) -> list[int]:
        """The cells of each digit."""
        return self.sweep.kept(self.slot)[1]  # type: ignore[union-attr]

    @property
    def unsolved(self) -> int:
        """The unplaced cells."""
        return self.sweep.kept(self.slot)[2]  # type: ignore[union-attr]

    def on_ancestors(self, cell: int, d0: int) -> int:
        """The ancestors of the placement of ``d0`` in ``cell``."""
        return self.sweep.ancestors(self.start, cell * 9 + d0)  # type: ignore[union-attr]

    def off_ancestors(self, cell: int, d0: int) -> int:
        """The ancestors of the elimination of ``d0`` from ``cell``."""
        return self.sweep.ancestors(self.start, 729 + cell * 9 + d0)  # type: ignore[union-attr]


@cython.cclass
class Sweep9:
    """One sweep's root (the board every assumption starts from) and the work arrays."""

    peers: cython.ulonglong[::1]
    units: cython.ulonglong[::1]
    cu_at: cython.int[::1]
    cu: cython.int[::1]
    ch_at: cython.int[::1]
    ch: cython.int[::1]
    rmasks: cython.int[::1]
    rdc: cython.ulonglong[::1]
    rpin: cython.int[::1]
    source: cython.int[::1]
    masks: cython.int[::1]
    dc: cython.ulonglong[::1]
    pin: cython.int[::1]
    uns: cython.ulonglong[::1]
    ruu: cython.ulonglong[::1]
    on: cython.int[::1]
    off: cython.int[::1]
    rows: cython.ulonglong[::1]
    queue: cython.int[::1]
    nunits: cython.int
    nrows: cython.int
    count: cython.int
    # where the contradiction is: its kind (0: none), cell, digit index, unit, placement row
    kind: cython.int
    kcell: cython.int
    kd: cython.int
    ku: cython.int
    kon: cython.int
    geo: Any
    masks_words: Any
    rows_words: Any
    on_words: Any
    off_words: Any
    dc_words: Any
    uns_words: Any
    # each settled assumption's board: candidates (81), then cells of each digit and
    # unplaced cells (20 words)
    kmasks: cython.int[::1]
    kwords: cython.ulonglong[::1]
    kmasks_words: Any
    kwords_words: Any
    nkept: cython.int
    loaded: cython.int

    def __init__(self, geo: Geometry, masks: list[int], dcells: list[int], placed_in: list[int],
                 unsolved: int, source: list[int]) -> None:
        """The root: its candidates, each digit's cells, the digits placed in each unit,
        the unplaced cells, and the candidates the search began from."""
        got = tables(geo)
        if got is None:
            raise ValueError("geo: the typed sweep takes 81 cells and 9 digits, without "
                             "non-consecutive neighbours")
        self.peers, self.units, self.cu_at, self.cu, self.ch_at, self.ch = got
        self.geo = geo
        self.nunits = len(geo.unit_bits)
        self.rmasks = array("i", masks)
        self.rdc = array("Q", [w for d in dcells for w in (d & _LOW, d >> 64)])
        self.rpin = array("i", placed_in)
        self.source = array("i", source)
        self.ruu = array("Q", [unsolved & _LOW, unsolved >> 64])
        self.masks_words = array("i", masks)
        self.masks = self.masks_words
        self.dc_words = array("Q", [0]) * 18
        self.dc = self.dc_words
        self.pin = array("i", placed_in)
        self.uns_words = array("Q", [0, 0])
        self.uns = self.uns_words
        self.on_words = array("i", [-1]) * _BIG
        self.on = self.on_words
        self.off_words = array("i", [-1]) * _BIG
        self.off = self.off_words
        self.rows_words = array("Q", [0]) * (_ROWS * _W)
        self.rows = self.rows_words
        most = max(self.cu_at[c + 1] - self.cu_at[c] for c in range(81))
        self.queue = array("i", [0]) * (_BIG * (most + 1) + 1)
        many = sum(masks[c].bit_count() for c in range(81) if unsolved >> c & 1)
        self.kmasks_words = array("i", [0]) * (81 * many)
        self.kmasks = self.kmasks_words
        self.kwords_words = array("Q", [0]) * (20 * many)
        self.kwords = self.kwords_words
        self.nkept = 0
        self.loaded = -1

    def branch(self, cell: int, d0: int) -> Branch:
        """Assume digit index ``d0`` in ``cell`` on a fresh copy of the root and follow the
        singles (see the module's docstring)."""
        self._load()
        self._run(cell * 9 + d0)
        self.loaded = cell * 9 + d0
        if self.kind:
            return self._clash()
        return Branch(self.count, "", (0, 0), self, self._keep(), cell * 9 + d0)

    @cython.cfunc
    def _keep(self) -> cython.int:
        """Keep the board the last assumption settled on; its slot."""
        k: cython.int = self.nkept
        b: cython.int
        self.nkept += 1
        for b in range(81):
            self.kmasks[81 * k + b] = self.masks[b]
        for b in range(18):
            self.kwords[20 * k + b] = self.dc[b]
        self.kwords[20 * k + 18] = self.uns[0]
        self.kwords[20 * k + 19] = self.uns[1]
        return k

    def kept(self, slot: int) -> tuple[list[int], list[int], int]:
        """The board kept in ``slot``: candidates, cells of each digit, unplaced cells."""
        words = self.kwords_words[20 * slot:20 * slot + 20].tolist()  # Python ints
        return (self.kmasks_words[81 * slot:81 * slot + 81].tolist(),
                [words[2 * d] | words[2 * d + 1] << 64 for d in range(9)],
                words[18] | words[19] << 64)

    def ancestors(self, start: int, i: int) -> int:
        """The ancestors of potential ``i`` (a placement, or an elimination 729 more) in the
        assumption of potential ``start`` (followed again unless it was the last)."""
        if self.loaded != start:
            self._load()
            self._run(start)
            self.loaded = start
        if i < _BIG:
            return 1 << i if self.on[i] < 0 else words_int(self.rows_words, self.on[i] * _W)
        if self.off[i - _BIG] < 0:
            return 1 << i
        return words_int(self.rows_words, self.off[i - _BIG] * _W) | 1 << i

    def agree(self, slots: list[int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """What the boards kept in ``slots`` all have and the root does not: the cells they
        all place with the same digit, else the candidates they all eliminate (as
        (cell, digit index), in the cells' order)."""
        place: list[tuple[int, int]] = []
        elim: list[tuple[int, int]] = []
        n: cython.int = len(slots)
        ks = array("i", slots)
        kk: cython.int[::1] = ks
        j: cython.int
        c: cython.int
        d: cython.int
        f: cython.int
        m: cython.int
        same: cython.bint
        s0: cython.int = kk[0]
        lo: cython.ulonglong = self.ruu[0]
        hi: cython.ulonglong = self.ruu[1]
        xlo: cython.ulonglong
        xhi: cython.ulonglong
        for j in range(n):  # placed in every branch
            lo &= ~self.kwords[20 * kk[j] + 18]
            hi &= ~self.kwords[20 * kk[j] + 19]
        while lo or hi:
            if lo:
                c = bit_index64(lo & (~lo + 1))
                lo &= lo - 1
            else:
                c = 64 + bit_index64(hi & (~hi + 1))
                hi &= hi - 1
            f = self.kmasks[81 * s0 + c]
            if f & (f - 1) or f == self.rmasks[c]:
                continue
            same = True
            for j in range(1, n):
                if self.kmasks[81 * kk[j] + c] != f:
                    same = False
                    break
            if same:
                place.append((c, bit_index64(f)))
        if place:
            return place, elim
        lo = 0
        hi = 0
        for d in range(9):  # the cells that lost a digit in every branch
            xlo = self.rdc[2 * d]
            xhi = self.rdc[2 * d + 1]
            for j in range(n):
                xlo &= ~self.kwords[20 * kk[j] + 2 * d]
                xhi &= ~self.kwords[20 * kk[j] + 2 * d + 1]
            lo |= xlo
            hi |= xhi
        while lo or hi:
            if lo:
                c = bit_index64(lo & (~lo + 1))
                lo &= lo - 1
            else:
                c = 64 + bit_index64(hi & (~hi + 1))
                hi &= hi - 1
            m = self.rmasks[c]
            for j in range(n):
                m &= ~self.kmasks[81 * kk[j] + c]
                if not m:
                    break
            while m:
                elim.append((c, bit_index64(m & -m)))
                m &= m - 1
        return place, elim

    @cython.cfunc
    def _load(self) -> cython.void:
        k: cython.int
        for k in range(81):
            self.masks[k] = self.rmasks[k]
        for k in range(18):
            self.dc[k] = self.rdc[k]
        for k in range(self.nunits):
            self.pin[k] = self.rpin[k]
        self.uns[0] = self.ruu[0]
        self.uns[1] = self.ruu[1]
        for k in range(_BIG):
            self.on[k] = -1
            self.off[k] = -1
        self.nrows = 0
        self.count = 0
        self.kind = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _push(self, lo: cython.ulonglong, hi: cython.ulonglong, d: cython.int,
              qn: cython.int) -> cython.int:
        """The queue with the one cell of ``lo``/``hi`` (a single) added for ``d``."""
        if lo:
            self.queue[qn] = bit_index64(lo) * 9 + d
        else:
            self.queue[qn] = (64 + bit_index64(hi)) * 9 + d
        return qn + 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _run(self, start: cython.int) -> cython.void:
        """Place ``start`` and follow the singles: ``kind`` says where it stopped."""
        qn: cython.int = 1
        k: cython.int
        cell: cython.int
        d0: cython.int
        e0: cython.int
        bit: cython.int
        rest: cython.int
        m: cython.int
        p: cython.int
        u: cython.int
        j: cython.int
        on: cython.int
        w: cython.int
        lo: cython.ulonglong
        hi: cython.ulonglong
        xlo: cython.ulonglong
        xhi: cython.ulonglong
        self.queue[0] = start
        while qn:
            qn -= 1
            k = self.queue[qn]
            cell = k // 9
            d0 = k % 9
            bit = 1 << d0
            w = cell >> 6
            if not (self.uns[w] >> (cell & 63)) & 1:
                if self.masks[cell] != bit:
                    self._stop(1, cell, d0, -1, -1)
                    return
                continue
            if not self.masks[cell] & bit:
                self._stop(2, cell, d0, -1, -1)
                return
            on = self._placed(cell, d0)
            self.uns[w] &= ~(_ONE << (cell & 63))
            self.count += 1
            rest = self.masks[cell] & ~bit
            self.masks[cell] = bit
            self.dc[2 * d0 + w] &= ~(_ONE << (cell & 63))
            for j in range(self.ch_at[cell], self.ch_at[cell + 1]):
                self.pin[self.ch[j]] |= bit
            while rest:
                e0 = bit_index64(rest & -rest)
                rest &= rest - 1
                self.dc[2 * e0 + w] &= ~(_ONE << (cell & 63))
                self.off[cell * 9 + e0] = on
                for j in range(self.cu_at[cell], self.cu_at[cell + 1]):
                    u = self.cu[j]
                    if (self.pin[u] >> e0) & 1:
                        continue
                    xlo = self.dc[2 * e0] & self.units[2 * u]
                    xhi = self.dc[2 * e0 + 1] & self.units[2 * u + 1]
                    if not xlo and not xhi:
                        self._stop(3, cell, e0, u, -1)
                        return
                    if popcount64(xlo) + popcount64(xhi) == 1:
                        qn = self._push(xlo, xhi, e0, qn)
            lo = self.dc[2 * d0] & self.peers[2 * cell]
            hi = self.dc[2 * d0 + 1] & self.peers[2 * cell + 1]
            if not lo and not hi:
                continue
            self.dc[2 * d0] &= ~lo
            self.dc[2 * d0 + 1] &= ~hi
            while lo or hi:
                if lo:
                    p = bit_index64(lo & (~lo + 1))
                    lo &= lo - 1
                else:
                    p = 64 + bit_index64(hi & (~hi + 1))
                    hi &= hi - 1
                m = self.masks[p] & ~bit
                self.masks[p] = m
                self.off[p * 9 + d0] = on
                if not m:
                    self._stop(4, p, d0, -1, on)
                    return
                if not m & (m - 1):
                    self.queue[qn] = p * 9 + bit_index64(m)
                    qn += 1
                for j in range(self.cu_at[p], self.cu_at[p + 1]):
                    u = self.cu[j]
                    if (self.pin[u] >> d0) & 1:
                        continue
                    xlo = self.dc[2 * d0] & self.units[2 * u]
                    xhi = self.dc[2 * d0 + 1] & self.units[2 * u + 1]
                    if not xlo and not xhi:
                        self._stop(3, p, d0, u, -1)
                        return
                    if popcount64(xlo) + popcount64(xhi) == 1:
                        qn = self._push(xlo, xhi, d0, qn)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _stop(self, kind: cython.int, cell: cython.int, d0: cython.int, u: cython.int,
              on: cython.int) -> cython.void:
        self.kind = kind
        self.kcell = cell
        self.kd = d0
        self.ku = u
        self.kon = on

    @cython.cfunc
    @cython.exceptval(check=False)
    def _fresh(self, i: cython.int) -> cython.int:
        """A new row holding potential ``i`` alone."""
        r: cython.int = self.nrows
        b: cython.int
        self.nrows += 1
        for b in range(_W):
            self.rows[r * _W + b] = 0
        self.rows[r * _W + (i >> 6)] |= _ONE << (i & 63)
        return r

    @cython.cfunc
    @cython.exceptval(check=False)
    def _add(self, r: cython.int, i: cython.int, s: cython.int) -> cython.void:
        """Add potential ``i`` to row ``r``, and row ``s`` when there is one (>= 0)."""
        b: cython.int
        self.rows[r * _W + (i >> 6)] |= _ONE << (i & 63)
        if s >= 0:
            for b in range(_W):
                self.rows[r * _W + b] |= self.rows[s * _W + b]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _placed(self, cell: cython.int, d0: cython.int) -> cython.int:
        """The row of a single about to be placed (recorded): what was assumed, else the
        cell's other candidates gone, else the digit's other places in a unit gone."""
        i: cython.int = cell * 9 + d0
        bit: cython.int = 1 << d0
        r: cython.int
        j: cython.int
        u: cython.int
        x: cython.int
        lo: cython.ulonglong
        hi: cython.ulonglong
        if self.on[i] >= 0:
            return self.on[i]
        r = self._fresh(i)
        if self.masks[cell] == bit and self.source[cell] != bit:
            x = self.source[cell] & ~bit
            while x:
                j = cell * 9 + bit_index64(x & -x)
                x &= x - 1
                self._add(r, _BIG + j, self.off[j])
        else:
            for j in range(self.cu_at[cell], self.cu_at[cell + 1]):
                u = self.cu[j]
                lo = self.dc[2 * d0] & self.units[2 * u]
                hi = self.dc[2 * d0 + 1] & self.units[2 * u + 1]
                if (cell < 64 and hi == 0 and lo == _ONE << cell) or \
                        (cell >= 64 and lo == 0 and hi == _ONE << (cell - 64)):
                    self._unit(r, u, cell, d0)
                    break
        self.on[i] = r
        return r

    @cython.cfunc
    @cython.exceptval(check=False)
    def _unit(self, r: cython.int, u: cython.int, cell: cython.int, d0: cython.int) -> cython.void:
        """Add to row ``r`` the eliminations of every place of ``d0`` in unit ``u`` but
        ``cell`` that the search began with."""
        lo: cython.ulonglong = self.units[2 * u]
        hi: cython.ulonglong = self.units[2 * u + 1]
        c: cython.int
        j: cython.int
        while lo or hi:
            if lo:
                c = bit_index64(lo & (~lo + 1))
                lo &= lo - 1
            else:
                c = 64 + bit_index64(hi & (~hi + 1))
                hi &= hi - 1
            if c != cell and (self.source[c] >> d0) & 1:
                j = c * 9 + d0
                self._add(r, _BIG + j, self.off[j])

    @cython.cfunc
    def _clash(self) -> Branch:
        """The contradiction the last assumption met, its two sides' ancestors read."""
        cell: cython.int = self.kcell
        d0: cython.int = self.kd
        i: cython.int = cell * 9 + d0
        a: cython.int
        b: cython.int
        x: cython.int
        j: cython.int
        names = self.geo.cell_names
        if self.kind <= 2:
            a = self._placed(cell, d0)
            if self.kind == 1:
                x = bit_index64(self.masks[cell])
                j = cell * 9 + x
                b = self._fresh(j)  # a placement's row holds it already
                self._add(b, _BIG + i, self.on[j])
                reason = f"{names[cell]} would be two digits"
            else:
                b = self._fresh(_BIG + i)
                self._add(b, _BIG + i, self.off[i])
                reason = f"{names[cell]} would be {d0 + 1}, which it cannot be"
        elif self.kind == 3:
            a = self._fresh(i)
            self._unit(a, self.ku, cell, d0)
            b = self._fresh(_BIG + i)
            self._add(b, _BIG + i, self.off[i])
            reason = f"{self.geo.unit_names[self.ku]} would have no place for {d0 + 1}"
        else:
            a = self._fresh(i)
            x = self.source[cell] & ~(1 << d0)
            while x:
                j = cell * 9 + bit_index64(x & -x)
                x &= x - 1
                self._add(a, _BIG + j, self.off[j])
            b = self._fresh(_BIG + i)
            self._add(b, _BIG + i, self.kon)
            reason = f"{names[cell]} would have no candidate left"
        clash = (words_int(self.rows_words, a * _W), words_int(self.rows_words, b * _W))
        return Branch(self.count, reason, clash, None, -1, -1)


def sweep(root: Any, typed: bool | None = None) -> Sweep9 | None:
    """The typed singles of the assumptions of ``root`` (a hypothesis that tracks ancestry),
    where the board fits them; ``typed``: None, where this module is compiled."""
    if not (COMPILED if typed is None else typed) or root.source is None:
        return None
    if tables(root.geo) is None:
        return None
    return Sweep9(root.geo, root.masks, root.dcells, root.placed_in, root.unsolved, root.source)
