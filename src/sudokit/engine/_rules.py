"""The engine for any rules: search for solutions of an N x N sudoku whose houses, extra
pairs of cells, non-consecutive neighbours and cell restrictions are given as tables.

Written in Cython's pure-Python mode, like ``_core``: compiled when the package is built,
and the same source runs uncompiled as the fallback. Where ``_core.Search`` knows only the
3N units of N cells and the same number of peers for every cell, this one takes:

- each cell's peers as a list of any length (the cells that share a house with it, and the
  cells it may not repeat a digit with: a king's or knight's move away),
- the houses, any number of them (rows, columns, regions, diagonals, windows, ...): a digit
  with one place left in a house of N cells is placed there,
- each cell's orthogonal neighbours under the non-consecutive rule: placing d removes
  d-1 and d+1 from them, and a cell left with d, d+2 (or d, d+1, d+2) removes d+1,
- each cell's allowed digits (odd or even cells).

One bit mask of candidates per cell, a trail of changes for backtracking, propagation of
naked and hidden singles to a fixpoint, then locked candidates (where two houses of N
cells cross in two cells or more, a digit that one of them can hold only in the crossing
is taken out of the rest of the other). A bit per house says that one of its cells
changed: hidden singles and locked candidates look again only there. Guesses go to a
cell with the fewest candidates, and of those the one with the most unsolved peers; an
iterative search whose ``run(budget)`` can stop and be resumed. The face is the one every
engine has (``sudokit.engine.Engine``).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython

from array import array
from collections.abc import Sequence
from itertools import accumulate, chain

DONE = 0
PAUSED = 1
_DONE = cython.declare(cython.int, 0)
_PAUSED = cython.declare(cython.int, 1)

_M1 = cython.declare(cython.ulonglong, 0x5555555555555555)
_M2 = cython.declare(cython.ulonglong, 0x3333333333333333)
_M4 = cython.declare(cython.ulonglong, 0x0F0F0F0F0F0F0F0F)
_H01 = cython.declare(cython.ulonglong, 0x0101010101010101)
_WORD = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)


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


def _offsets(lists: Sequence[Sequence[int]]) -> tuple[array, array]:
    """(starts, flat): list k is flat[starts[k]:starts[k + 1]]."""
    if not cython.compiled:
        flat = array("i", list(chain.from_iterable(lists)))
        return array("i", list(accumulate(map(len, lists), initial=0))), flat or array("i", [0])
    starts = array("i", [0]) * (len(lists) + 1)
    # (a memoryview of nothing cannot be typed: at least one item)
    flat = array("i", [0]) * max(sum(map(len, lists)), 1)
    _fill(starts, flat, lists)
    return starts, flat


def _fill(starts: cython.int[::1], flat: cython.int[::1], lists: Sequence[Sequence[int]]
          ) -> None:
    """Write the items of ``lists`` one after another into ``flat``, and where each list
    starts into ``starts`` (compiled: a C loop)."""
    k: cython.Py_ssize_t = 0
    j: cython.Py_ssize_t = 0
    for part in lists:
        starts[j] = k
        j += 1
        for x in part:
            flat[k] = x
            k += 1
    starts[j] = k


def _house_tables(houses: Sequence[Sequence[int]], n: int
                 ) -> tuple[array, array, array, array, array]:
    """The tables of the houses of N cells among ``houses`` (see :data:`HouseTables`):
    made once per set of houses (rules differ by their cages, not their houses; the search
    only reads them), found again by the identity of a tuple of tuples, else by their
    cells."""
    found = _HOUSES_SEEN.get(id(houses))
    if found is not None and found[0] is houses:
        return found[1]
    key = (n, tuple(tuple(h) for h in houses))
    frozen = type(houses) is tuple and all(type(h) is tuple for h in houses)
    tables = _HOUSE_TABLES.get(key)
    if tables is None:
        if len(_HOUSE_TABLES) >= 64:
            _HOUSE_TABLES.clear()
        full = [h for h in houses if len(h) == n]
        tables = _HOUSE_TABLES[key] = (*_offsets(full), *_crossings_of(full))
    if frozen:
        if len(_HOUSES_SEEN) >= 64:
            _HOUSES_SEEN.clear()
        _HOUSES_SEEN[id(houses)] = (houses, tables)  # (kept alive: its id is not reused)
    return tables


#: (house starts, house cells, crossing starts, crossing cells, the two houses of each
#: crossing) of the houses of N cells: what the search reads.
HouseTables = tuple[array, array, array, array, array]

#: The tables of the sets of houses seen lately, by their cells.
_HOUSE_TABLES: dict[tuple[int, tuple[tuple[int, ...], ...]], HouseTables] = {}
#: The same, by the identity of the houses given (a Rules' houses are made once per layout).
_HOUSES_SEEN: dict[int, tuple[Sequence[Sequence[int]], HouseTables]] = {}


def _crossings_of(full: Sequence[Sequence[int]]) -> tuple[array, array, array]:
    """(starts, cells, houses) of the crossings of two houses in two cells or more: four
    starts a crossing (its shared cells, the rest of the first house, the rest of the
    second), and the two houses' numbers."""
    starts = array("i")
    flat = array("i")
    pairs = array("i")
    bits = [sum(1 << c for c in h) for h in full]
    cells = [set(h) for h in full]
    for i, first in enumerate(bits):
        for j in range(i + 1, len(bits)):
            common = first & bits[j]
            # (two cells or more, and not the same house twice)
            if common & (common - 1) == 0 or common == first:
                continue
            shared = cells[i] & cells[j]
            for part in (sorted(shared), sorted(cells[i] - shared), sorted(cells[j] - shared)):
                starts.append(len(flat))
                flat.extend(part)
            starts.append(len(flat))
            pairs.extend((i, j))
    if not flat:  # no crossing: one of nothing (a memoryview of nothing cannot be typed)
        flat.append(0)
        starts.extend([0, 0, 0, 0])
        pairs.extend((0, 0))
    return starts, flat, pairs


def _house_bits(starts: cython.int[::1], cells: cython.int[::1], nhouses: cython.int,
                ncells: cython.int, words: cython.int) -> array:
    """Per cell, the numbers of the houses it lies in, as bits: ``words`` 64-bit words a
    cell (house u is cells[starts[u]:starts[u + 1]]; compiled: a C loop)."""
    out = array("Q", [0]) * max(ncells * words, 1)
    bits: cython.ulonglong[::1] = out
    u: cython.int
    k: cython.int
    c: cython.int
    for u in range(nhouses):
        for k in range(starts[u], starts[u + 1]):
            c = cells[k]
            if c < ncells:
                bits[c * words + (u >> 6)] |= cython.cast(cython.ulonglong, 1) << (u & 63)
    return out


@cython.cclass
class RulesSearch:
    """The search state for one set of rules; ``reset`` loads a puzzle into it.

    ``peers``: per cell, the cells it may not share a digit with (one entry per cell: N*N
    for one grid, more for the cells in play of several overlapping grids); ``houses``: the sets of
    cells whose digits all differ (only those of N cells find hidden singles);
    ``neighbours``: per cell, the cells whose digit may not be one more or one less;
    ``cell_masks``: per cell, the digits it may hold (bit d-1)."""

    # Its fields are typed in _rules.pxd.

    def __init__(self, n: int, peers: Sequence[Sequence[int]], houses: Sequence[Sequence[int]],
                 neighbours: list[list[int]], cell_masks: list[int]) -> None:
        self.n = n
        self.ncells = len(peers)
        self.full = (1 << n) - 1
        self.peer_start, self.peer_list = _offsets(peers)
        (self.house_start, self.house_list, self.pair_start, self.pair_list,
         self.pair_houses) = _house_tables(houses, n)
        self.nhouses = len(self.house_start) - 1
        # Which houses a change touched since singles last looked at them (``house_dirty``), and
        # since locked candidates last did (``crossing_dirty``): bits of house numbers.
        self.nwords = max((self.nhouses + 63) // 64, 1)
        self.cell_houses = _house_bits(self.house_start, self.house_list, self.nhouses,
                                       self.ncells, self.nwords)
        self.house_dirty = array("Q", [0]) * self.nwords
        self.crossing_dirty = array("Q", [0]) * self.nwords
        self.crossing_snapshot = array("Q", [0]) * self.nwords
        self.has_nb = any(neighbours)
        self.nb_are_peers = False
        if self.has_nb:
            # (neighbours that are peers too, as in every grid with rows and columns, hold
            # neither digit of a cell left with two in a row)
            self.nb_are_peers = all(set(near) <= set(seen) for near, seen in
                                    zip(neighbours, peers, strict=False))
            self.nb_start, self.nb_list = _offsets(neighbours)
        else:  # (most rules have no non-consecutive pairs)
            self.nb_start, self.nb_list = array("i", [0]) * (self.ncells + 1), array("i", [0])
        self.npairs = len(self.pair_start) // 4
        self.cell_mask = array("Q", [m & self.full for m in cell_masks])
        self.masks = array("Q", [0]) * self.ncells
        # Along one path each cell's mask shrinks at most n times: that bounds the trail.
        self.trail_cell = array("i", [0]) * (self.ncells * n + 1)
        self.trail_mask = array("Q", [0]) * (self.ncells * n + 1)
        # A cell may be queued by its restriction, as a given, and when it becomes single.
        self.queue = array("i", [0]) * (3 * self.ncells + 3)
        self.frame_mark = array("i", [0]) * (self.ncells + 1)
        self.frame_cell = array("i", [0]) * (self.ncells + 1)
        self.frame_rest = array("Q", [0]) * (self.ncells + 1)
        self.solution_masks = array("Q", [0]) * self.ncells
        self.finished = True
        # The cells whose masks changed since a subclass last looked (``watch`` on): a
        # stack, each cell on it at most once.
        self.watch = False
        self.changed = array("i", [0]) * (self.ncells + 1)
        self.is_changed = array("b", [0]) * (self.ncells + 1)
        self.nchanged = 0

    def _start(self, limit: int) -> None:
        i: cython.int
        m: cython.ulonglong
        self.limit = limit
        self.solutions_found = 0
        self.guesses = 0
        self.trail_len = 0
        self.qlen = 0
        self.depth = 0
        self.finished = False
        for i in range(self.nwords):  # every house to be looked at
            self.house_dirty[i] = _WORD if self.nhouses >= 64 * (i + 1) else \
                (cython.cast(cython.ulonglong, 1) << (self.nhouses - 64 * i)) - 1
            self.crossing_dirty[i] = 0
        for i in range(self.ncells):
            m = self.cell_mask[i]
            self.masks[i] = m
            if (m & (m - 1)) == 0:  # a restriction that leaves one digit (or none)
                self.queue[self.qlen] = i
                self.qlen += 1

    def reset(self, cells: object, limit: int) -> bool:
        """Load a puzzle (a sequence of one int per cell); False if its givens already clash."""
        i: cython.int
        v: cython.int
        self._start(limit)
        for i in range(self.ncells):
            v = cells[i]  # type: ignore[index]
            if v and not self._set(i, cython.cast(cython.ulonglong, 1) << (v - 1)):
                self.finished = True
                return False
        return self._loaded()

    def reset_masks(self, masks: object, limit: int) -> bool:
        """Load a pencilmark puzzle: one candidate mask per cell. False if a cell has none."""
        i: cython.int
        m: cython.ulonglong
        self._start(limit)
        self.qlen = 0
        for i in range(self.ncells):
            m = masks[i]  # type: ignore[index]
            m = m & self.masks[i]
            self.masks[i] = m
            if (m & (m - 1)) == 0:
                self.queue[self.qlen] = i
                self.qlen += 1
        return self._loaded()

    def _loaded(self) -> bool:
        """False (and finished) when a cell has no digit left."""
        i: cython.int
        for i in range(self.ncells):
            if self.masks[i] == 0:
                self.finished = True
                return False
        return True

    def run(self, budget: int) -> int:
        """Search for up to ``budget`` propagation rounds; DONE or PAUSED."""
        status: cython.int
        b: cython.longlong = budget
        if self.finished:
            return DONE
        with cython.nogil:
            status = self._run(b)
        return status

    def counts(self) -> tuple[int, int]:
        """(solutions found so far, guesses made so far)."""
        return self.solutions_found, self.guesses

    def solution(self) -> list[int]:
        """The first solution found, as N*N digits."""
        return [int(self.solution_masks[i]).bit_length() for i in range(self.ncells)]

    @cython.cfunc
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    def _narrow(self, cell: cython.int, m: cython.ulonglong) -> cython.void:
        """Record ``cell``'s mask on the trail and set it to ``m``; its houses are to be
        looked at again (and the change noted when a subclass watches them)."""
        w: cython.int
        self.trail_cell[self.trail_len] = cell
        self.trail_mask[self.trail_len] = self.masks[cell]
        self.trail_len += 1
        self.masks[cell] = m
        if self.nwords == 1:
            self.house_dirty[0] |= self.cell_houses[cell]
        else:
            for w in range(self.nwords):
                self.house_dirty[w] |= self.cell_houses[cell * self.nwords + w]
        if self.watch and not self.is_changed[cell]:
            self.is_changed[cell] = 1
            self.changed[self.nchanged] = cell
            self.nchanged += 1

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _set(self, cell: cython.int, bit: cython.ulonglong) -> cython.bint:
        """Narrow ``cell`` to the single candidate ``bit`` and queue it for propagation."""
        m: cython.ulonglong = self.masks[cell]
        if not (m & bit):
            return False
        if m != bit:
            self._narrow(cell, bit)
        self.queue[self.qlen] = cell
        self.qlen += 1
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _eliminate_queue(self) -> cython.bint:
        """Remove each queued cell's digit from its peers, and the digits next to it from its
        non-consecutive neighbours (naked singles, to a fixpoint)."""
        head: cython.int = 0
        cell: cython.int
        p: cython.int
        k: cython.int
        bit: cython.ulonglong
        near: cython.ulonglong
        m: cython.ulonglong
        while head < self.qlen:
            cell = self.queue[head]
            head += 1
            bit = self.masks[cell]
            if bit == 0:
                return False
            for k in range(self.peer_start[cell], self.peer_start[cell + 1]):
                p = self.peer_list[k]
                m = self.masks[p]
                if m & bit:
                    if m == bit:
                        return False
                    m = m & ~bit
                    self._narrow(p, m)
                    if (m & (m - 1)) == 0:
                        self.queue[self.qlen] = p
                        self.qlen += 1
            if self.has_nb:
                near = ((bit << 1) | (bit >> 1)) & self.full
                for k in range(self.nb_start[cell], self.nb_start[cell + 1]):
                    p = self.nb_list[k]
                    m = self.masks[p]
                    if m & near:
                        m = m & ~near
                        if m == 0:
                            return False
                        self._narrow(p, m)
                        if (m & (m - 1)) == 0:
                            self.queue[self.qlen] = p
                            self.qlen += 1
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _hidden_singles(self) -> cython.int:
        """Place each digit that has one cell left in a house of N cells, in the houses
        changed since the last look: -1 contradiction, else how many were placed."""
        w: cython.int
        u: cython.int
        placed: cython.int = 0
        found: cython.int
        word: cython.ulonglong
        low: cython.ulonglong
        for w in range(self.nwords):
            word = self.house_dirty[w]
            self.house_dirty[w] = 0
            self.crossing_dirty[w] |= word
            while word:
                low = word & (~word + 1)
                word ^= low
                u = 64 * w + _popcount(low - 1)
                found = self._house_singles(self.house_start[u], self.house_start[u + 1])
                if found < 0:
                    return -1
                placed += found
        return placed

    @cython.cfunc
    @cython.inline
    @cython.nogil
    @cython.exceptval(check=False)
    def _house_singles(self, lo: cython.int, hi: cython.int) -> cython.int:
        """The hidden singles of the house house_list[lo:hi]: -1 contradiction, else how
        many were placed."""
        k: cython.int
        c: cython.int
        placed: cython.int = 0
        once: cython.ulonglong = 0
        twice: cython.ulonglong = 0
        placed_digits: cython.ulonglong = 0
        m: cython.ulonglong
        uniq: cython.ulonglong
        b: cython.ulonglong
        for k in range(lo, hi):
            m = self.masks[self.house_list[k]]
            twice |= once & m
            once |= m
            if (m & (m - 1)) == 0:
                placed_digits |= m
        if once != self.full:
            return -1
        uniq = once & ~twice & ~placed_digits  # (a digit placed already needs nothing)
        if uniq == 0:
            return 0
        for k in range(lo, hi):
            c = self.house_list[k]
            m = self.masks[c]
            b = m & uniq
            if b and (m & (m - 1)):
                if b & (b - 1):
                    return -1
                self._set(c, b)
                placed += 1
        return placed

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _strip(self, lo: cython.int, hi: cython.int, digits: cython.ulonglong) -> cython.bint:
        """Take ``digits`` out of the cells pair_list[lo:hi]; False when one is left with
        none. A cell left with one is queued."""
        k: cython.int
        c: cython.int
        m: cython.ulonglong
        for k in range(lo, hi):
            c = self.pair_list[k]
            m = self.masks[c]
            if m & digits:
                m = m & ~digits
                if m == 0:
                    return False
                self._narrow(c, m)
                if (m & (m - 1)) == 0:
                    self.queue[self.qlen] = c
                    self.qlen += 1
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _locked(self) -> cython.int:
        """Locked candidates on the crossings of two houses, either of them changed since
        the last look: -1 contradiction, else how many crossings took digits out."""
        p: cython.int
        a: cython.int
        b: cython.int
        changed: cython.int = 0
        found: cython.int
        for p in range(self.nwords):
            self.crossing_snapshot[p] = self.crossing_dirty[p]
            self.crossing_dirty[p] = 0
        for p in range(self.npairs):
            a = self.pair_houses[2 * p]
            b = self.pair_houses[2 * p + 1]
            if ((self.crossing_snapshot[a >> 6] >> (a & 63))
                    | (self.crossing_snapshot[b >> 6] >> (b & 63))) & 1:
                found = self._crossing(4 * p)
                if found < 0:
                    return -1
                changed += found
        return changed

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _crossing(self, base: cython.int) -> cython.int:
        """Locked candidates on the crossing whose tables start at pair_start[base]: -1
        contradiction, else how many of its two houses lost digits."""
        k: cython.int
        changed: cython.int = 0
        shared: cython.ulonglong = 0
        rest_a: cython.ulonglong = 0
        rest_b: cython.ulonglong = 0
        out_b: cython.ulonglong
        out_a: cython.ulonglong
        for k in range(self.pair_start[base], self.pair_start[base + 1]):
            shared |= self.masks[self.pair_list[k]]
        for k in range(self.pair_start[base + 1], self.pair_start[base + 2]):
            rest_a |= self.masks[self.pair_list[k]]
        for k in range(self.pair_start[base + 2], self.pair_start[base + 3]):
            rest_b |= self.masks[self.pair_list[k]]
        out_b = shared & ~rest_a & rest_b  # only in the crossing, for the first house
        out_a = shared & ~rest_b & rest_a  # and for the second
        if out_b:
            if not self._strip(self.pair_start[base + 2], self.pair_start[base + 3], out_b):
                return -1
            changed += 1
        if out_a:
            if not self._strip(self.pair_start[base + 1], self.pair_start[base + 2], out_a):
                return -1
            changed += 1
        return changed

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _propagate(self) -> cython.bint:
        found: cython.int
        while True:
            if not self._eliminate_queue():
                self.qlen = 0
                return False
            self.qlen = 0
            found = self._hidden_singles()
            if found < 0:
                self.qlen = 0
                return False
            if found == 0 and self.has_nb:
                found = self._near_pairs()
                if found < 0:
                    self.qlen = 0
                    return False
            if found == 0:
                found = self._more()
                if found < 0:
                    self.qlen = 0
                    return False
            if found == 0:
                found = self._locked()
                if found < 0:
                    self.qlen = 0
                    return False
                if found == 0:
                    return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _near_pairs(self) -> cython.int:
        """The non-consecutive rule from the cells left with two or three digits in a run
        of three (d, d+1 / d, d+2 / d, d+1, d+2): a neighbour cannot hold a digit next to
        every one of them, nor, being its peer, the same one: -1 contradiction, else how
        many neighbours lost digits. (One digit left: the queue takes its neighbours.)"""
        c: cython.int
        k: cython.int
        p: cython.int
        changed: cython.int = 0
        m: cython.ulonglong
        t: cython.ulonglong
        lo: cython.int
        out: cython.ulonglong
        for c in range(self.ncells):
            m = self.masks[c]
            if (m & (m - 1)) == 0:
                continue
            lo = _popcount((m & (~m + 1)) - 1)
            t = m >> lo
            if t == 3 and self.nb_are_peers:
                out = m  # d, d+1: a neighbour (a peer) holds neither
            elif t == 5 or t == 7:
                out = cython.cast(cython.ulonglong, 2) << lo  # d+1 is next to both ends
            else:
                continue
            for k in range(self.nb_start[c], self.nb_start[c + 1]):
                p = self.nb_list[k]
                m = self.masks[p]
                if m & out:
                    m = m & ~out
                    if m == 0:
                        return -1
                    self._narrow(p, m)
                    changed += 1
                    if (m & (m - 1)) == 0:
                        self.queue[self.qlen] = p
                        self.qlen += 1
        return changed

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _more(self) -> cython.int:
        """More propagation, for a subclass to add (after singles, before locked
        candidates): -1 contradiction, else how many changes it made. None here."""
        return 0

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _complete_ok(self) -> cython.bint:
        """Whether a board with one digit in every cell keeps what a subclass adds to the
        rules (the rules here are kept by propagation alone)."""
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _pick_cell(self) -> cython.int:
        """The unsolved cell with the fewest candidates, and of those the one with the most
        unsolved peers (a guess there settles the most), or -1 when all are solved."""
        best: cython.int = -1
        best_count: cython.int = 65
        best_score: cython.int = -1
        score: cython.int
        i: cython.int
        j: cython.int
        k: cython.int
        m: cython.ulonglong
        for i in range(self.ncells):
            m = self.masks[i]
            if m & (m - 1):
                k = _popcount(m)
                if k > best_count:
                    continue
                if k < best_count:
                    best_count = k
                    best_score = -1
                score = 0
                for j in range(self.peer_start[i], self.peer_start[i + 1]):
                    m = self.masks[self.peer_list[j]]
                    if m & (m - 1):
                        score += 1
                if score > best_score:
                    best_score = score
                    best = i
        return best

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _pick_digit(self, cell: cython.int, m: cython.ulonglong) -> cython.ulonglong:
        """The digit of ``cell`` to try first: the one with the fewest places left in the
        cell's houses, added up over them (the likeliest to be the cell's: a digit with
        two places left in a house is there one time in two). Found in fewer guesses."""
        best: cython.ulonglong = m & (~m + 1)
        best_score: cython.int = 1 << 30
        rest: cython.ulonglong = m
        bit: cython.ulonglong
        word: cython.ulonglong
        low: cython.ulonglong
        u: cython.int
        k: cython.int
        w: cython.int
        score: cython.int
        places: cython.int
        while rest:
            bit = rest & (~rest + 1)
            rest ^= bit
            score = 0
            for w in range(self.nwords):
                word = self.cell_houses[cell * self.nwords + w]
                while word:
                    low = word & (~word + 1)
                    word ^= low
                    u = 64 * w + _popcount(low - 1)
                    places = 0
                    for k in range(self.house_start[u], self.house_start[u + 1]):
                        if self.masks[self.house_list[k]] & bit:
                            places += 1
                    score += places
            if score < best_score:
                best_score = score
                best = bit
        return best

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _undo_to(self, mark: cython.int) -> cython.void:
        """Put back every mask changed since trail position ``mark`` (a state where
        propagation had nothing left to do: no house is left to look at); nothing stays
        queued."""
        w: cython.int
        while self.trail_len > mark:
            self.trail_len -= 1
            self.masks[self.trail_cell[self.trail_len]] = self.trail_mask[self.trail_len]
        self.qlen = 0
        for w in range(self.nwords):
            self.house_dirty[w] = 0
            self.crossing_dirty[w] = 0

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _backtrack(self) -> cython.bint:
        """Undo to the deepest guess with a digit left, and try that digit; False if none."""
        d: cython.int
        rest: cython.ulonglong
        bit: cython.ulonglong
        while self.depth > 0:
            d = self.depth - 1
            self._undo_to(self.frame_mark[d])
            rest = self.frame_rest[d]
            if rest == 0:
                self.depth -= 1
                continue
            bit = rest & (~rest + 1)
            self.frame_rest[d] = rest & ~bit
            self._set(self.frame_cell[d], bit)
            self.guesses += 1
            return True
        return False

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    def _run(self, budget: cython.longlong) -> cython.int:
        ok: cython.bint
        cell: cython.int
        i: cython.int
        m: cython.ulonglong
        bit: cython.ulonglong
        while budget > 0:
            budget -= 1
            ok = self._propagate()
            if ok:
                cell = self._pick_cell()
                if cell < 0 and not self._complete_ok():
                    ok = False
                elif cell < 0:
                    if self.solutions_found == 0:
                        for i in range(self.ncells):
                            self.solution_masks[i] = self.masks[i]
                    self.solutions_found += 1
                    if self.solutions_found >= self.limit:
                        self.finished = True
                        return _DONE
                    ok = False
                else:
                    m = self.masks[cell]
                    bit = self._pick_digit(cell, m)
                    self.frame_mark[self.depth] = self.trail_len
                    self.frame_cell[self.depth] = cell
                    self.frame_rest[self.depth] = m & ~bit
                    self.depth += 1
                    self._set(cell, bit)
                    self.guesses += 1
            if not ok and not self._backtrack():
                self.finished = True
                return _DONE
        return _PAUSED
