"""The rules engine with cages, lines, dots and signs: ``ConstraintSearch`` extends
``_rules.RulesSearch`` with the tables of ``engine.tables`` and propagates them.

Written in Cython's pure-Python mode, like ``_rules``: compiled when the package is built,
and the same source runs uncompiled as the fallback. After the singles of the rules
engine, and before its locked candidates:

- each pair relation (arc) takes out of one cell the digits that no digit left in the
  other allows (arc consistency), looked at again whenever the other cell's mask shrinks;
- a weighted sum narrows each cell to the digits its bounds allow, given the least and
  greatest the other cells can add;
- digit sets (a cage with a total, a renban line) keep the sets that contain every digit
  placed and whose digits can go one to a cell (singles inside the set, naked and
  hidden, leave every cell a digit and every digit a cell): each cell keeps only the
  digits it can take in one of those sets, and a digit every such set holds leaves the
  cells that see all of the group's cells that may hold it;
- a sandwich row, once its 1 and its N are placed, bounds the cells between them;
- a between line bounds its middle cells by its ends, and its ends by the middle.

A group is looked at again when one of its cells changes. A guess goes to a cell with
the fewest digits left, and of those to one in the most groups and pair relations. None
of this needs to find everything: a board with one digit in every cell is counted a
solution only when it keeps every table exactly (``_complete_ok``), and the tables say
exactly what the constraints say.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython

import sys
from array import array
from collections.abc import Sequence
from itertools import accumulate, chain

from sudokit.engine.tables import BETWEEN, DIGIT_SETS, LINEAR, SANDWICH, ConstraintTables

if cython.compiled:
    from cython.cimports.sudokit.engine._rules import RulesSearch
else:  # the source runs: extend the source's class (a compiled one keeps its C methods)
    from sudokit.engine import load_pure

    RulesSearch = load_pure("engine._rules").RulesSearch

_LINEAR = cython.declare(cython.int, LINEAR)
_DIGIT_SETS = cython.declare(cython.int, DIGIT_SETS)
_SANDWICH = cython.declare(cython.int, SANDWICH)
_BETWEEN = cython.declare(cython.int, BETWEEN)

_M1 = cython.declare(cython.ulonglong, 0x5555555555555555)
_M2 = cython.declare(cython.ulonglong, 0x3333333333333333)
_M4 = cython.declare(cython.ulonglong, 0x0F0F0F0F0F0F0F0F)
_H01 = cython.declare(cython.ulonglong, 0x0101010101010101)
_WORD = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
_ONE = cython.declare(cython.ulonglong, 1)


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _popcount(x: cython.ulonglong) -> cython.int:
    x = x - ((x >> 1) & _M1)
    x = (x & _M2) + ((x >> 2) & _M2)
    x = (x + (x >> 4)) & _M4
    return cython.cast(cython.int, ((x * _H01) & _WORD) >> 56)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _low(m: cython.ulonglong) -> cython.int:
    """The least digit of a non-empty mask."""
    return _popcount((m & (~m + 1)) - 1) + 1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _high(m: cython.ulonglong) -> cython.int:
    """The greatest digit of a non-empty mask."""
    m |= m >> 1
    m |= m >> 2
    m |= m >> 4
    m |= m >> 8
    m |= m >> 16
    m |= m >> 32
    return _popcount(m)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _floor_div(a: cython.longlong, b: cython.longlong) -> cython.longlong:
    """a / b rounded down, for b > 0 (the same compiled and uncompiled)."""
    if a >= 0:
        return a // b
    return -((-a + b - 1) // b)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _span(lo: cython.longlong, hi: cython.longlong, n: cython.int) -> cython.ulonglong:
    """The digits lo..hi of 1..n as a mask (none when lo > hi)."""
    if lo < 1:
        lo = 1
    if hi > n:
        hi = n
    if lo > hi:
        return 0
    if hi == 64:
        return ~((_ONE << (lo - 1)) - 1)
    return ((_ONE << hi) - 1) & ~((_ONE << (lo - 1)) - 1)


def _ints(values: list[int], code: str = "i") -> array:
    """An array of ``values`` (one zero when there are none: a memoryview of nothing
    cannot be typed)."""
    return array(code, values or [0])


def _offsets_by_cell(ncells: int, owners: list[list[int]]) -> tuple[array, array]:
    """(starts, flat): the items of cell c are flat[starts[c]:starts[c + 1]]."""
    return (_ints(list(accumulate(map(len, owners), initial=0))),
            _ints(list(chain.from_iterable(owners))))


def _groups_by_cell(ncells: cython.int, ngroups: cython.int, group_start: cython.int[::1],
                    group_cells: cython.int[::1]) -> tuple[array, array]:
    """(starts, flat): the groups that hold cell c, in order, are flat[starts[c]:starts[c + 1]]
    (counted, then laid out: compiled, two C loops)."""
    g: cython.int
    k: cython.int
    c: cython.int
    total: cython.int = group_start[ngroups] if ngroups else 0
    starts = array("i", [0]) * (ncells + 1)
    flat = array("i", [0]) * max(total, 1)
    at = array("i", [0]) * (ncells + 1)
    first: cython.int[::1] = starts
    out: cython.int[::1] = flat
    nxt: cython.int[::1] = at
    for k in range(total):
        first[group_cells[k] + 1] += 1
    for c in range(ncells):
        first[c + 1] += first[c]
        nxt[c] = first[c]
    for g in range(ngroups):
        for k in range(group_start[g], group_start[g + 1]):
            c = group_cells[k]
            out[nxt[c]] = g
            nxt[c] += 1
    return starts, flat


def _words(bits: Sequence[int], words: int) -> array:
    """Each of ``bits`` (whole numbers of at most ``words`` * 64 bits) as that many words of
    64 bits, the lowest first."""
    laid = array("Q", b"".join([b.to_bytes(8 * words, "little") for b in bits]))
    if sys.byteorder != "little":
        laid.byteswap()
    return laid


@cython.cclass
class ConstraintSearch(RulesSearch):
    """The rules engine (``RulesSearch``: ``n``, ``peers``, ``houses``, ``neighbours``,
    ``cell_masks``) with the cages, lines, dots and signs of ``tables``
    (``engine.tables.constraint_tables``); ``peer_bits``, each cell's peers as bits, when
    the caller has them."""

    arc_start: cython.int[::1]
    arc_to: cython.int[::1]
    arc_masks: cython.ulonglong[::1]
    ngroups: cython.int
    group_kind: cython.int[::1]
    group_total: cython.longlong[::1]
    group_start: cython.int[::1]
    group_cells: cython.int[::1]
    group_weight: cython.longlong[::1]
    combo_start: cython.int[::1]
    combos: cython.ulonglong[::1]
    cell_group_start: cython.int[::1]
    cell_group_list: cython.int[::1]
    dirty: cython.int[::1]
    view: cython.ulonglong[::1]
    words: cython.int
    peer_bits: cython.ulonglong[::1]
    seen: cython.ulonglong[::1]
    support: cython.ulonglong[::1]
    is_dirty: cython.schar[::1]
    ndirty: cython.int

    def __init__(self, n: int, peers: Sequence[Sequence[int]], houses: Sequence[Sequence[int]],
                 neighbours: list[list[int]], cell_masks: list[int],
                 tables: ConstraintTables, peer_bits: Sequence[int] | None = None) -> None:
        super().__init__(n, peers, houses, neighbours, cell_masks)
        ncells = n * n
        if tables.arc_pairs != sorted(tables.arc_pairs):
            raise ValueError("ConstraintSearch: the arcs must be sorted by their cells")
        if tables.arc_pairs:
            targets: list[list[int]] = [[] for _ in range(ncells)]
            for a, b in tables.arc_pairs:
                targets[a].append(b)
            self.arc_start, self.arc_to = _offsets_by_cell(ncells, targets)
        else:  # (a killer has none)
            self.arc_start, self.arc_to = array("i", [0]) * (ncells + 1), array("i", [0])
        self.arc_masks = _ints(tables.arc_masks, "Q")
        self.ngroups = len(tables.group_kind)
        self.group_kind = _ints(tables.group_kind)
        self.group_total = _ints(tables.group_total, "q")
        self.group_start = _ints(tables.group_start)
        self.group_cells = _ints(tables.group_cells)
        self.group_weight = _ints(tables.group_weight, "q")
        self.combo_start = _ints(tables.combo_start)
        self.combos = _ints(tables.combos, "Q")
        self.cell_group_start, self.cell_group_list = _groups_by_cell(
            ncells, self.ngroups, self.group_start, self.group_cells)
        # Each cell's peers as bits, in words of 64 cells: a digit that a group must hold
        # cannot stand in a cell that sees every cell of the group that may hold it.
        self.words = (ncells + 63) // 64
        if peer_bits is None:
            peer_bits = [sum(1 << other for other in others) for others in peers]
        self.peer_bits = _words(peer_bits, self.words)
        self.seen = array("Q", [0]) * self.words
        longest = max([b - a for a, b in zip(tables.group_start, tables.group_start[1:],
                                             strict=False)] + [1])
        self.view = array("Q", [0]) * longest
        self.support = array("Q", [0]) * longest
        # Each group's count of digit sets still possible rides on the trail after the
        # cells' masks (slot ncells + g), so that a backtrack brings it back; the sets
        # still possible are the first that many of its sets, which only ever swap places
        # among themselves. Along one path each count shrinks at most once per set.
        self.masks = array("Q", [0]) * (ncells + self.ngroups)
        size = ncells * n + len(tables.combos) + 1
        self.trail_cell = array("i", [0]) * size
        self.trail_mask = array("Q", [0]) * size
        self.dirty = _ints([0] * (self.ngroups + 1))
        self.is_dirty = array("b", [0] * (self.ngroups + 1))
        self.ndirty = 0
        self.watch = True

    def _start(self, limit: int) -> None:
        """The rules engine's start, with every cell and every group to be looked at."""
        i: cython.int
        super()._start(limit)
        self.nchanged = 0
        for i in range(self.ncells):
            self.changed[self.nchanged] = i
            self.nchanged += 1
            self.is_changed[i] = 1
        self.ndirty = 0
        for i in range(self.ngroups):
            self.masks[self.ncells + i] = self.combo_start[i + 1] - self.combo_start[i]
            self.dirty[self.ndirty] = i
            self.ndirty += 1
            self.is_dirty[i] = 1

    # -- the propagation (no Python objects below this line: it runs without the GIL) --
    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _pick_cell(self) -> cython.int:
        """The unsolved cell with the fewest candidates, and of those the one in the most
        groups and pair relations (a guess there tells the most), or -1 when all are
        solved."""
        best: cython.int = -1
        best_count: cython.int = 65
        best_groups: cython.int = -1
        i: cython.int
        k: cython.int
        groups: cython.int
        m: cython.ulonglong
        for i in range(self.ncells):
            m = self.masks[i]
            if m & (m - 1):
                k = _popcount(m)
                groups = (self.cell_group_start[i + 1] - self.cell_group_start[i]
                          + self.arc_start[i + 1] - self.arc_start[i])
                if k < best_count or (k == best_count and groups > best_groups):
                    best_count = k
                    best = i
                    best_groups = groups
        return best

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _restrict(self, cell: cython.int, allowed: cython.ulonglong) -> cython.bint:
        """Keep only the ``allowed`` digits of ``cell``; False when none is left. A cell
        left with one digit is queued for the singles."""
        m: cython.ulonglong = self.masks[cell]
        kept: cython.ulonglong = m & allowed
        if kept == m:
            return True
        if kept == 0:
            return False
        self._narrow(cell, kept)
        if (kept & (kept - 1)) == 0:
            self.queue[self.qlen] = cell
            self.qlen += 1
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _arcs_from(self, a: cython.int) -> cython.bint:
        """Each cell related to ``a`` keeps the digits some digit of ``a`` allows."""
        k: cython.int
        m: cython.ulonglong = self.masks[a]
        rest: cython.ulonglong
        bit: cython.ulonglong
        support: cython.ulonglong
        base: cython.int
        for k in range(self.arc_start[a], self.arc_start[a + 1]):
            base = k * self.n - 1
            support = 0
            rest = m
            while rest:
                bit = rest & (~rest + 1)
                support |= self.arc_masks[base + _low(bit)]
                rest ^= bit
            if not self._restrict(self.arc_to[k], support):
                return False
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _linear(self, lo: cython.int, hi: cython.int, total: cython.longlong) -> cython.bint:
        """Bounds of the weighted sum of group_cells[lo:hi] equal to ``total``."""
        k: cython.int
        w: cython.longlong
        m: cython.ulonglong
        least: cython.longlong = 0
        most: cython.longlong = 0
        lo_k: cython.longlong
        hi_k: cython.longlong
        a: cython.longlong
        b: cython.longlong
        for k in range(lo, hi):
            m = self.masks[self.group_cells[k]]
            w = self.group_weight[k]
            if w > 0:
                least += w * _low(m)
                most += w * _high(m)
            else:
                least += w * _high(m)
                most += w * _low(m)
        if total < least or total > most:
            return False
        for k in range(lo, hi):
            m = self.masks[self.group_cells[k]]
            w = self.group_weight[k]
            if w > 0:
                lo_k = w * _low(m)
                hi_k = w * _high(m)
            else:
                lo_k = w * _high(m)
                hi_k = w * _low(m)
            # w * x lies in [total - (most - hi_k), total - (least - lo_k)]
            a = total - most + hi_k
            b = total - least + lo_k
            if w > 0:
                if not self._restrict(self.group_cells[k], _span(
                        -_floor_div(-a, w), _floor_div(b, w), self.n)):
                    return False
            elif not self._restrict(self.group_cells[k], _span(
                    -_floor_div(b, -w), _floor_div(-a, -w), self.n)):
                return False
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _digit_sets(self, g: cython.int) -> cython.bint:
        """Keep in each cell of group ``g`` the digits it can take in a set still
        possible: one that holds every digit placed, and whose digits can go one to a
        cell (singles inside the set, naked and hidden, leave no cell without a digit).
        A set found impossible is put past the count of those still possible."""
        lo: cython.int = self.group_start[g]
        hi: cython.int = self.group_start[g + 1]
        first: cython.int = self.combo_start[g]
        alive: cython.int = cython.cast(cython.int, self.masks[self.ncells + g])
        before: cython.int = alive
        k: cython.int
        j: cython.int = 0
        m: cython.ulonglong
        s: cython.ulonglong
        placed: cython.ulonglong = 0
        union: cython.ulonglong = 0
        everywhere: cython.ulonglong = self.full
        for k in range(lo, hi):
            m = self.masks[self.group_cells[k]]
            union |= m
            if (m & (m - 1)) == 0:
                placed |= m
            self.support[k - lo] = 0
        while j < alive:
            s = self.combos[first + j]
            if (s & placed) == placed and (s & ~union) == 0 and self._fits(lo, hi, s):
                for k in range(lo, hi):
                    self.support[k - lo] |= self.view[k - lo]
                everywhere &= s
                j += 1
            else:
                alive -= 1
                self.combos[first + j] = self.combos[first + alive]
                self.combos[first + alive] = s
        if alive != before:
            self.trail_cell[self.trail_len] = self.ncells + g
            self.trail_mask[self.trail_len] = before
            self.trail_len += 1
            self.masks[self.ncells + g] = alive
        for k in range(lo, hi):
            if not self._restrict(self.group_cells[k], self.support[k - lo]):
                return False
        if alive == 0:
            return False
        return self._claim(lo, hi, everywhere & ~placed)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _claim(self, lo: cython.int, hi: cython.int, digits: cython.ulonglong) -> cython.bint:
        """Each of ``digits`` stands in one of group_cells[lo:hi] that may hold it (their
        ``support``): take it out of every cell that sees all of those."""
        k: cython.int
        w: cython.int
        c: cython.int
        base: cython.int
        bit: cython.ulonglong
        word: cython.ulonglong
        low: cython.ulonglong
        while digits:
            bit = digits & (~digits + 1)
            digits ^= bit
            for w in range(self.words):
                self.seen[w] = _WORD
            for k in range(lo, hi):
                if self.support[k - lo] & bit:
                    base = self.group_cells[k] * self.words
                    for w in range(self.words):
                        self.seen[w] &= self.peer_bits[base + w]
            for w in range(self.words):
                word = self.seen[w]
                while word:
                    low = word & (~word + 1)
                    word ^= low
                    c = w * 64 + _low(low) - 1
                    if not self._restrict(c, ~bit):
                        return False
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _fits(self, lo: cython.int, hi: cython.int, s: cython.ulonglong) -> cython.bint:
        """Whether the digits of ``s`` can go one to a cell of group_cells[lo:hi] (as far
        as singles inside ``s`` tell); ``view`` keeps what each cell may take of them."""
        k: cython.int
        v: cython.ulonglong
        b: cython.ulonglong
        taken: cython.ulonglong
        once: cython.ulonglong
        twice: cython.ulonglong
        changed: cython.bint = True
        for k in range(lo, hi):
            v = self.masks[self.group_cells[k]] & s
            if v == 0:
                return False
            self.view[k - lo] = v
        while changed:
            changed = False
            taken = 0
            for k in range(lo, hi):
                v = self.view[k - lo]
                if (v & (v - 1)) == 0:
                    if v & taken:
                        return False
                    taken |= v
            once = 0
            twice = 0
            for k in range(lo, hi):
                v = self.view[k - lo]
                if (v & (v - 1)) != 0 and (v & taken):
                    v &= ~taken
                    if v == 0:
                        return False
                    self.view[k - lo] = v
                    changed = True
                twice |= once & v
                once |= v
            if once != s:
                return False
            once &= ~twice
            for k in range(lo, hi):
                v = self.view[k - lo]
                b = v & once
                if b and b != v:
                    if b & (b - 1):
                        return False
                    self.view[k - lo] = b
                    changed = True
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _sandwich(self, g: cython.int) -> cython.bint:
        """Once the 1 and the N of the row are placed, bound the cells between them."""
        lo: cython.int = self.group_start[g]
        hi: cython.int = self.group_start[g + 1]
        k: cython.int
        one: cython.int = -1
        top: cython.int = -1
        m: cython.ulonglong
        high: cython.ulonglong = _ONE << (self.n - 1)
        for k in range(lo, hi):
            m = self.masks[self.group_cells[k]]
            if m == 1:
                one = k
            elif m == high:
                top = k
        if one < 0 or top < 0:
            return True
        if one > top:
            one, top = top, one
        if one + 1 == top:
            return self.group_total[g] == 0
        return self._linear(one + 1, top, self.group_total[g])

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _between(self, g: cython.int) -> cython.bint:
        """The middle cells lie strictly between what the ends can hold; each end is
        below every middle cell or above every one."""
        lo: cython.int = self.group_start[g]
        hi: cython.int = self.group_start[g + 1]
        first: cython.int = self.group_cells[lo]
        last: cython.int = self.group_cells[hi - 1]
        a: cython.ulonglong = self.masks[first]
        b: cython.ulonglong = self.masks[last]
        k: cython.int
        m: cython.ulonglong
        least_high: cython.int = self.n + 1
        most_low: cython.int = 0
        bottom: cython.int = min(_low(a), _low(b))
        top: cython.int = max(_high(a), _high(b))
        for k in range(lo + 1, hi - 1):
            if not self._restrict(self.group_cells[k], _span(bottom + 1, top - 1, self.n)):
                return False
            m = self.masks[self.group_cells[k]]
            least_high = min(least_high, _high(m))
            most_low = max(most_low, _low(m))
        m = _span(1, least_high - 1, self.n) | _span(most_low + 1, self.n, self.n)
        return self._restrict(first, m) and self._restrict(last, m)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _group(self, g: cython.int) -> cython.bint:
        kind: cython.int = self.group_kind[g]
        if kind == _LINEAR:
            return self._linear(self.group_start[g], self.group_start[g + 1],
                                self.group_total[g])
        if kind == _DIGIT_SETS:
            return self._digit_sets(g)
        if kind == _SANDWICH:
            return self._sandwich(g)
        return self._between(g)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _more(self) -> cython.int:
        """The arcs of every changed cell and the groups of every changed cell, until
        nothing changes: -1 contradiction, else how many masks were narrowed."""
        start: cython.int = self.trail_len
        cell: cython.int
        g: cython.int
        k: cython.int
        while True:
            if self.qlen > 0:  # a cell left with one digit: the singles first, cheaper
                return self.trail_len - start + 1
            if self.nchanged > 0:
                self.nchanged -= 1
                cell = self.changed[self.nchanged]
                self.is_changed[cell] = 0
                for k in range(self.cell_group_start[cell], self.cell_group_start[cell + 1]):
                    g = self.cell_group_list[k]
                    if not self.is_dirty[g]:
                        self.is_dirty[g] = 1
                        self.dirty[self.ndirty] = g
                        self.ndirty += 1
                if not self._arcs_from(cell):
                    return -1
            elif self.ndirty > 0:
                self.ndirty -= 1
                g = self.dirty[self.ndirty]
                self.is_dirty[g] = 0
                if not self._group(g):
                    return -1
            else:
                return self.trail_len - start

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _group_holds(self, g: cython.int) -> cython.bint:
        """Whether group ``g``, every cell with one digit, keeps its rule exactly."""
        lo: cython.int = self.group_start[g]
        hi: cython.int = self.group_start[g + 1]
        kind: cython.int = self.group_kind[g]
        k: cython.int
        j: cython.int
        d: cython.int
        one: cython.int = -1
        top: cython.int = -1
        total: cython.longlong = 0
        seen: cython.ulonglong = 0
        a: cython.int
        b: cython.int
        if kind == _LINEAR:
            for k in range(lo, hi):
                total += self.group_weight[k] * _low(self.masks[self.group_cells[k]])
            return total == self.group_total[g]
        if kind == _DIGIT_SETS:
            for k in range(lo, hi):
                seen |= self.masks[self.group_cells[k]]
            if _popcount(seen) != hi - lo:
                return False
            for j in range(self.combo_start[g], self.combo_start[g + 1]):
                if self.combos[j] == seen:
                    return True
            return False
        if kind == _SANDWICH:
            for k in range(lo, hi):
                d = _low(self.masks[self.group_cells[k]])
                if d == 1 or d == self.n:
                    if one < 0:
                        one = k
                    else:
                        top = k
            if top < 0:
                return False
            for k in range(one + 1, top):
                total += _low(self.masks[self.group_cells[k]])
            return total == self.group_total[g]
        a = _low(self.masks[self.group_cells[lo]])
        b = _low(self.masks[self.group_cells[hi - 1]])
        for k in range(lo + 1, hi - 1):
            d = _low(self.masks[self.group_cells[k]])
            if not (min(a, b) < d < max(a, b)):
                return False
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _complete_ok(self) -> cython.bint:
        """Every arc and every group kept by the board, one digit in every cell."""
        a: cython.int
        k: cython.int
        g: cython.int
        for a in range(self.ncells):
            for k in range(self.arc_start[a], self.arc_start[a + 1]):
                if not (self.arc_masks[k * self.n + _low(self.masks[a]) - 1]
                        & self.masks[self.arc_to[k]]):
                    return False
        g = 0
        while g < self.ngroups and self._group_holds(g):  # (no generator without the GIL)
            g += 1
        return g == self.ngroups
