"""The basic eliminations' searches of :class:`~.hypothesis.Hypothesis` typed, for boards of
81 cells and nine digits: where the first locked candidates, naked pair or hidden pair of
the board is, in the order the plain searches look (the eliminations themselves, and their
ancestors, stay with the hypothesis).

A cell set is two 64-bit words (cells 0-63, then 64-80). Compiled when the package is
installed (Cython's pure-Python mode, as the engine); the same source runs as plain Python
for the tests: uncompiled, the hypothesis keeps its own searches (:data:`COMPILED`).
"""

from __future__ import annotations

from array import array
from functools import lru_cache

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Geometry

if cython.compiled:
    from cython.cimports.sudokit.logic.graphs._bits64 import bit_index64, popcount64
else:
    from ._bits64 import bit_index64, popcount64

#: Is this module compiled? (Only then do the hypotheses use it.)
COMPILED: bool = cython.compiled

_LOW = (1 << 64) - 1


@lru_cache(maxsize=16)
def searches(geo: Geometry) -> Basic9 | None:
    """The typed searches of ``geo``'s boards; None for a board not of 81 cells and nine
    digits."""
    if geo.ncells != 81 or geo.n != 9:
        return None
    return Basic9(geo)


@cython.cclass
class Basic9:
    """One geometry's intersections and units, and the searches over a board's cells."""

    inter: cython.ulonglong[::1]
    units: cython.ulonglong[::1]
    ninter: cython.int
    nunits: cython.int
    dc: cython.ulonglong[::1]
    masks: cython.int[::1]
    seen_m: cython.int[::1]
    seen_c: cython.int[::1]
    seen_l: cython.ulonglong[::1]
    seen_h: cython.ulonglong[::1]

    def __init__(self, geo: Geometry) -> None:
        """The tables of ``geo`` (81 cells, nine digits)."""
        self.inter = array("Q", [w for box, line, common in geo.intersections
                                 for w in (box, line, common & _LOW, common >> 64)])
        self.units = array("Q", [w for u in geo.unit_bits for w in (u & _LOW, u >> 64)])
        self.ninter = len(geo.intersections)
        self.nunits = len(geo.unit_bits)
        self.dc = array("Q", [0]) * 18
        self.masks = array("i", [0]) * 81
        # what a unit's pair search has met: masks or digits, cells, places (two words)
        self.seen_m = array("i", [0]) * 9
        self.seen_c = array("i", [0]) * 9
        self.seen_l = array("Q", [0]) * 9
        self.seen_h = array("Q", [0]) * 9

    @cython.cfunc
    def _load(self, dcells: list, masks: list | None) -> cython.void:
        d: cython.int
        c: cython.int
        x: int
        for d in range(9):
            x = dcells[d]
            self.dc[2 * d] = x & _LOW
            self.dc[2 * d + 1] = x >> 64
        if masks is not None:
            for c in range(81):
                self.masks[c] = masks[c]

    def locked(self, dcells: list[int]) -> int:
        """The first intersection and digit where the digit's places in one unit all lie
        in the other unit, which has places for it elsewhere (they go), in the plain
        search's order: ``9 * intersection + digit index``, else -1."""
        self._load(dcells, None)
        return self._locked()

    @cython.cfunc
    @cython.exceptval(check=False)
    def _locked(self) -> cython.int:
        k: cython.int
        d: cython.int
        box: cython.int
        line: cython.int
        cl: cython.ulonglong
        ch: cython.ulonglong
        bl: cython.ulonglong
        bh: cython.ulonglong
        ll: cython.ulonglong
        lh: cython.ulonglong
        for k in range(self.ninter):
            box = cython.cast(cython.int, self.inter[4 * k])
            line = cython.cast(cython.int, self.inter[4 * k + 1])
            cl = self.inter[4 * k + 2]
            ch = self.inter[4 * k + 3]
            for d in range(9):
                bl = self.dc[2 * d] & self.units[2 * box]
                bh = self.dc[2 * d + 1] & self.units[2 * box + 1]
                if not (bl & cl) and not (bh & ch):
                    continue
                ll = self.dc[2 * d] & self.units[2 * line]
                lh = self.dc[2 * d + 1] & self.units[2 * line + 1]
                if not (bl & ~cl) and not (bh & ~ch):  # locked in the box: the line loses it
                    if (ll & ~cl) or (lh & ~ch):
                        return 9 * k + d
                    continue
                if not (ll & ~cl) and not (lh & ~ch):  # locked in the line: the box loses it
                    return 9 * k + d
        return -1

    def pair(self, masks: list[int], dcells: list[int], unsolved: int) -> int:
        """The first naked pair (two cells of a unit with the same two candidates) or
        hidden pair (two digits of a unit with the same two places) that removes
        something, in the plain search's order (each unit: its naked pairs, then its
        hidden pairs): ``((unit * 2 + hidden?) * 81 + first) * 81 + second``, the first
        and second cells (naked) or digit indices (hidden) in the order the plain search
        meets them (the first is the one met earlier), else -1."""
        self._load(dcells, masks)
        return self._pair(unsolved & _LOW, unsolved >> 64)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pair(self, ul: cython.ulonglong, uh: cython.ulonglong) -> cython.int:
        u: cython.int
        c: cython.int
        k: cython.int
        d: cython.int
        e: cython.int
        m: cython.int
        nseen: cython.int
        other: cython.int
        keep: cython.int
        cells_l: cython.ulonglong
        cells_h: cython.ulonglong
        xl: cython.ulonglong
        xh: cython.ulonglong
        seen_m: cython.int[::1] = self.seen_m
        seen_c: cython.int[::1] = self.seen_c
        seen_l: cython.ulonglong[::1] = self.seen_l
        seen_h: cython.ulonglong[::1] = self.seen_h
        for u in range(self.nunits):
            cells_l = self.units[2 * u] & ul
            cells_h = self.units[2 * u + 1] & uh
            nseen = 0
            xl = cells_l
            xh = cells_h
            while xl or xh:
                if xl:
                    c = bit_index64(xl & (~xl + 1))
                    xl &= xl - 1
                else:
                    c = 64 + bit_index64(xh & (~xh + 1))
                    xh &= xh - 1
                m = self.masks[c]
                if popcount64(m) != 2:
                    continue
                other = -1
                for k in range(nseen):
                    if seen_m[k] == m:
                        other = seen_c[k]
                        break
                if other < 0:
                    seen_m[nseen] = m
                    seen_c[nseen] = c
                    nseen += 1
                    continue
                for d in range(9):  # the pair's digits in the unit's other cells
                    if not (m >> d) & 1:
                        continue
                    if self._rest(d, cells_l, cells_h, c, other):
                        return ((u * 2) * 81 + other) * 81 + c
            nseen = 0
            for d in range(9):
                xl = self.dc[2 * d] & self.units[2 * u]
                xh = self.dc[2 * d + 1] & self.units[2 * u + 1]
                if popcount64(xl) + popcount64(xh) != 2:
                    continue
                e = -1
                for k in range(nseen):
                    if seen_l[k] == xl and seen_h[k] == xh:
                        e = seen_m[k]
                        break
                if e < 0:
                    seen_l[nseen] = xl
                    seen_h[nseen] = xh
                    seen_m[nseen] = d
                    nseen += 1
                    continue
                keep = (1 << d) | (1 << e)
                while xl or xh:  # the two places' other digits
                    if xl:
                        c = bit_index64(xl & (~xl + 1))
                        xl &= xl - 1
                    else:
                        c = 64 + bit_index64(xh & (~xh + 1))
                        xh &= xh - 1
                    if self.masks[c] & ~keep:
                        return ((u * 2 + 1) * 81 + e) * 81 + d
        return -1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _rest(self, d: cython.int, cl: cython.ulonglong, ch: cython.ulonglong, a: cython.int,
              b: cython.int) -> cython.bint:
        """Has digit index ``d`` places among cells ``cl``/``ch`` but ``a`` and ``b``?"""
        if a < 64:
            cl &= ~(cython.cast(cython.ulonglong, 1) << a)
        else:
            ch &= ~(cython.cast(cython.ulonglong, 1) << (a - 64))
        if b < 64:
            cl &= ~(cython.cast(cython.ulonglong, 1) << b)
        else:
            ch &= ~(cython.cast(cython.ulonglong, 1) << (b - 64))
        return bool((self.dc[2 * d] & cl) or (self.dc[2 * d + 1] & ch))
