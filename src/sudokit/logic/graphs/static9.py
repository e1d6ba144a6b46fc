"""The static links' searches (:mod:`.static_links`) typed, for boards of 81 cells and nine
digits: the same links, walked in the same order, with the same answers.

A potential is a small index (a placement ``cell * 9 + digit index``, an elimination 729
more) and a set of potentials a run of 23 64-bit words, where the plain searches hold big
integers. The links are one adjacency array (each potential's targets in the order the
plain :meth:`~.static_links.Links.edges` lists them), the reach of each potential the reach
of its strongly connected part (Tarjan's method, without recursion), and a walk from a
potential keeps the ancestors of each potential it reaches as one such set: only those a
search returns become Python integers (the same bits as the plain search's).

Compiled when the package is installed (Cython's pure-Python mode, as the engine); the same
source runs as plain Python, slowly, for the tests: uncompiled, :mod:`.static_links` keeps
its own searches (:data:`COMPILED`).
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import Any

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Geometry

if cython.compiled:
    from cython.cimports.sudokit.logic.graphs._bits64 import bit_index64, popcount64
else:
    from ._bits64 import bit_index64, popcount64

#: Is this module compiled? (Only then do the static searches use it.)
COMPILED: bool = cython.compiled

# A set of potentials: 23 words (1458 bits); 729 potentials a side; 1458 in all.
_W = cython.declare(cython.int, 23)
_BIG = cython.declare(cython.int, 729)
_NODES = cython.declare(cython.int, 1458)
_ONE = cython.declare(cython.ulonglong, 1)
_ALL = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
#: the low word of a cell set (Python side)
_LOW = (1 << 64) - 1


@lru_cache(maxsize=16)
def tables(geo: Geometry) -> tuple[array, array, array, array, int] | None:
    """Each cell's peers and each unit's cells as two words, each cell's units (offsets,
    then the list) and a bound on the links' count; None for a board not of 81 cells and
    nine digits."""
    if geo.ncells != 81 or geo.n != 9:
        return None
    peers = array("Q", [w for p in geo.peer_bits for w in (p & _LOW, p >> 64)])
    units = array("Q", [w for u in geo.unit_bits for w in (u & _LOW, u >> 64)])
    offsets = array("i", [0])
    listed = array("i")
    for us in geo.cell_units:
        listed.extend(us)
        offsets.append(len(listed))
    bound = sum(9 * (8 + p.bit_count() + 1 + len(us))
                for p, us in zip(geo.peer_bits, geo.cell_units, strict=True))
    return peers, units, offsets, listed, bound


def _int(words: Any, at: int) -> int:
    """The set of 23 words of ``words`` from word ``at``, as a Python int."""
    return int.from_bytes(words[at:at + 23].tobytes(), "little")


@cython.cclass
class Core:
    """One board's links, reach and walks (see the module's docstring)."""

    masks: cython.int[::1]
    source: cython.int[::1]
    dc: cython.ulonglong[::1]
    uns: cython.ulonglong[::1]
    peers: cython.ulonglong[::1]
    units: cython.ulonglong[::1]
    cu_at: cython.int[::1]
    cu: cython.int[::1]
    nunits: cython.int
    start: cython.int[::1]
    adj: cython.int[::1]
    part: cython.int[::1]
    row: cython.int[::1]
    reach: cython.ulonglong[::1]
    anc: cython.ulonglong[::1]
    seen: cython.int[::1]
    touched: cython.int[::1]
    ntouched: cython.int
    qon: cython.int[::1]
    qoff: cython.int[::1]
    live: cython.ulonglong[::1]
    acc: cython.ulonglong[::1]
    anc_words: object
    acc_words: object

    def __init__(self, geo: Geometry, masks: list[int], dcells: list[int], unsolved: int,
                 source: list[int]) -> None:
        """The board: its candidates, each digit's cells, the unplaced cells, and the
        candidates the search began from (what made a cell bivalue or a unit bilocal)."""
        got = tables(geo)
        if got is None:
            raise ValueError(f"geo: the typed static links take 81 cells and 9 digits, "
                             f"not {geo.ncells} and {geo.n}")
        self.peers, self.units, self.cu_at, self.cu, bound = got
        self.nunits = len(geo.unit_bits)
        self.masks = array("i", masks)
        self.source = array("i", source)
        self.dc = array("Q", [w for d in dcells for w in (d & _LOW, d >> 64)])
        self.uns = array("Q", [unsolved & _LOW, unsolved >> 64])
        self.start = array("i", [0]) * (_NODES + 1)
        self.adj = array("i", [0]) * bound
        self.part = array("i", [-1]) * _NODES
        # the candidates of the unplaced cells, both sides, each with a row of its own in
        # the ancestors (the only potentials a walk reaches); as many parts at most
        rows = self._rows()
        self.reach = array("Q", [0]) * (rows * _W)
        self.anc_words = array("Q", [0]) * (rows * _W)
        self.anc = self.anc_words
        self.seen = array("i", [0]) * _NODES
        self.touched = array("i", [0]) * _NODES
        self.ntouched = 0
        self.qon = array("i", [0]) * _BIG
        self.qoff = array("i", [0]) * _BIG
        self.acc_words = array("Q", [0]) * _W
        self.acc = self.acc_words
        # the potentials of the unplaced cells, both sides
        live = 0
        for c in range(81):
            if unsolved >> c & 1:
                live |= 511 << (9 * c) | 511 << (_BIG + 9 * c)
        self.live = array("Q", [live >> (64 * k) & _LOW for k in range(_W)])
        self._links()
        self._tarjan()

    @cython.cfunc
    def _rows(self) -> cython.int:
        """Number the candidates of the unplaced cells, made true then made false (``row``);
        how many are there?"""
        row = array("i", [-1]) * _NODES
        self.row = row
        n: cython.int = 0
        side: cython.int
        c: cython.int
        d: cython.int
        for side in range(2):
            for c in range(81):
                if not (self.uns[c >> 6] >> (c & 63)) & 1:
                    continue
                for d in range(9):
                    if (self.masks[c] >> d) & 1:
                        self.row[side * _BIG + c * 9 + d] = n
                        n += 1
        return n

    # -- the links and their reach ------------------------------------------------------
    @cython.cfunc
    def _links(self) -> cython.void:
        """Each potential's targets, in the plain edges' order (see the module's docstring)."""
        k: cython.int = 0
        c: cython.int
        d: cython.int
        u: cython.int
        j: cython.int
        m: cython.int
        x: cython.int
        lo: cython.ulonglong
        hi: cython.ulonglong
        for c in range(81):  # made true: the cell's other digits, the digit's peers go
            for d in range(9):
                self.start[c * 9 + d] = k
                m = self.masks[c]
                if not (self.uns[c >> 6] >> (c & 63)) & 1 or not (m >> d) & 1:
                    continue
                x = m & ~(1 << d)
                while x:
                    self.adj[k] = _BIG + c * 9 + bit_index64(x & -x)
                    k += 1
                    x &= x - 1
                lo = self.dc[2 * d] & self.peers[2 * c]
                hi = self.dc[2 * d + 1] & self.peers[2 * c + 1]
                while lo:
                    self.adj[k] = _BIG + bit_index64(lo & (~lo + 1)) * 9 + d
                    k += 1
                    lo &= lo - 1
                while hi:
                    self.adj[k] = _BIG + (64 + bit_index64(hi & (~hi + 1))) * 9 + d
                    k += 1
                    hi &= hi - 1
        for c in range(81):  # made false: the cell's other digit, the digit's other place
            for d in range(9):
                self.start[_BIG + c * 9 + d] = k
                m = self.masks[c]
                if not (self.uns[c >> 6] >> (c & 63)) & 1 or not (m >> d) & 1:
                    continue
                if popcount64(m) == 2:
                    self.adj[k] = c * 9 + bit_index64(m & ~(1 << d))
                    k += 1
                for j in range(self.cu_at[c], self.cu_at[c + 1]):
                    u = self.cu[j]
                    x = self._partner(u, c, d)
                    if x >= 0:
                        self.adj[k] = x * 9 + d
                        k += 1
        self.start[_NODES] = k

    @cython.cfunc
    @cython.exceptval(check=False)
    def _partner(self, u: cython.int, c: cython.int, d: cython.int) -> cython.int:
        """The other place of digit index ``d`` in unit ``u`` when it has two (one of them
        ``c``), else -1."""
        lo: cython.ulonglong = self.dc[2 * d] & self.units[2 * u]
        hi: cython.ulonglong = self.dc[2 * d + 1] & self.units[2 * u + 1]
        if popcount64(lo) + popcount64(hi) != 2:
            return -1
        if c < 64:
            lo &= ~(_ONE << c)
        else:
            hi &= ~(_ONE << (c - 64))
        if lo:
            return bit_index64(lo)
        return 64 + bit_index64(hi)

    @cython.cfunc
    def _tarjan(self) -> cython.void:
        """The strongly connected parts of the links, and each part's reach: its own
        potentials and the reach of every part it links to (found before it)."""
        index = array("i", [-1]) * _NODES
        low = array("i", [0]) * _NODES
        stack = array("i", [0]) * _NODES
        on_stack = array("i", [0]) * _NODES
        work_v = array("i", [0]) * _NODES
        work_k = array("i", [0]) * _NODES
        ix: cython.int[::1] = index
        lw: cython.int[::1] = low
        st: cython.int[::1] = stack
        ons: cython.int[::1] = on_stack
        wv: cython.int[::1] = work_v
        wk: cython.int[::1] = work_k
        counter: cython.int = 0
        sp: cython.int = 0
        wp: cython.int
        root: cython.int
        v: cython.int
        w: cython.int
        e: cython.int
        s: cython.int
        q: cython.int
        a: cython.int
        b: cython.int
        t: cython.int
        nparts: cython.int = 0
        for root in range(_NODES):
            if ix[root] >= 0 or self.start[root] == self.start[root + 1]:
                continue
            wv[0] = root
            wk[0] = 0
            wp = 1
            ix[root] = counter
            lw[root] = counter
            counter += 1
            st[sp] = root
            sp += 1
            ons[root] = 1
            while wp:
                v = wv[wp - 1]
                e = self.start[v] + wk[wp - 1]
                if e < self.start[v + 1]:
                    wk[wp - 1] += 1
                    w = self.adj[e]
                    if ix[w] < 0:
                        ix[w] = counter
                        lw[w] = counter
                        counter += 1
                        st[sp] = w
                        sp += 1
                        ons[w] = 1
                        wv[wp] = w
                        wk[wp] = 0
                        wp += 1
                    elif ons[w] and ix[w] < lw[v]:
                        lw[v] = ix[w]
                    continue
                wp -= 1
                if wp and lw[v] < lw[wv[wp - 1]]:
                    lw[wv[wp - 1]] = lw[v]
                if lw[v] != ix[v]:
                    continue
                s = sp - 1
                while st[s] != v:
                    s -= 1
                a = nparts * _W
                nparts += 1
                for t in range(s, sp):
                    w = st[t]
                    ons[w] = 0
                    self.part[w] = nparts - 1
                    self.reach[a + (w >> 6)] |= _ONE << (w & 63)
                for t in range(s, sp):
                    w = st[t]
                    for e in range(self.start[w], self.start[w + 1]):
                        q = self.part[self.adj[e]]
                        if q != nparts - 1:
                            for b in range(_W):
                                self.reach[a + b] |= self.reach[q * _W + b]
                sp = s

    @cython.cfunc
    @cython.exceptval(check=False)
    def _reaches(self, i: cython.int, t: cython.int) -> cython.bint:
        """Does potential ``i`` lead to ``t``?"""
        q: cython.int = self.part[i]
        if q < 0:
            return False
        return (self.reach[q * _W + (t >> 6)] >> (t & 63)) & 1 != 0

    # -- the walk ---------------------------------------------------------------------------
    @cython.cfunc
    def _follow(self, first: cython.int, goal: cython.int) -> cython.int:
        """Follow the links from potential ``first`` breadth first, the made-true side first
        (the plain walk's order), recording each potential's ancestors: 1 at ``goal``, -1 at
        a potential made both true and false, 0 when nothing more follows."""
        n: cython.int
        i: cython.int
        j: cython.int
        t: cython.int
        e: cython.int
        c: cython.int
        d: cython.int
        m: cython.int
        u: cython.int
        non: cython.int = 0
        noff: cython.int = 0
        hon: cython.int = 0
        hoff: cython.int = 0
        got: cython.int
        for n in range(self.ntouched):
            self.seen[self.touched[n]] = 0
        self.ntouched = 0
        self._mark(first, -1)
        if first < _BIG:
            self.qon[0] = first
            non = 1
        else:
            self.qoff[0] = first
            noff = 1
        while hon < non or hoff < noff:
            if hon < non:
                i = self.qon[hon]
                hon += 1
                for e in range(self.start[i], self.start[i + 1]):
                    j = self.adj[e]
                    if self.seen[j]:
                        continue
                    self._mark(j, i)
                    if j == goal:
                        return 1
                    if self.seen[j - _BIG]:
                        return -1
                    self.qoff[noff] = j
                    noff += 1
                continue
            j = self.qoff[hoff]
            hoff += 1
            c = (j - _BIG) // 9
            d = (j - _BIG) % 9
            m = self.masks[c]
            if popcount64(m) == 2:
                t = c * 9 + bit_index64(m & ~(1 << d))
                got = self._made(j, t, goal, -1, c, d)
                if got > 0:
                    return got - 2
                if got == 0:
                    self.qon[non] = t
                    non += 1
            for e in range(self.cu_at[c], self.cu_at[c + 1]):
                u = self.cu[e]
                t = self._partner(u, c, d)
                if t < 0:
                    continue
                t = t * 9 + d
                got = self._made(j, t, goal, u, c, d)
                if got > 0:
                    return got - 2
                if got == 0:
                    self.qon[non] = t
                    non += 1
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _mark(self, t: cython.int, parent: cython.int) -> cython.void:
        """Potential ``t`` reached from ``parent`` (-1: the start): its ancestors are the
        parent's and itself."""
        b: cython.int
        at: cython.int = self.row[t] * _W
        pa: cython.int
        self.seen[t] = 1
        self.touched[self.ntouched] = t
        self.ntouched += 1
        if parent < 0:
            for b in range(_W):
                self.anc[at + b] = 0
        else:
            pa = self.row[parent] * _W
            for b in range(_W):
                self.anc[at + b] = self.anc[pa + b]
        self.anc[at + (t >> 6)] |= _ONE << (t & 63)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _made(self, j: cython.int, t: cython.int, goal: cython.int, u: cython.int,
              c: cython.int, d: cython.int) -> cython.int:
        """Potential ``j`` (cell ``c`` loses digit index ``d``) makes placement ``t`` true,
        through the cell (``u`` = -1) or unit ``u``: -1 when ``t`` was reached before, 0 when
        it is new, 3 at the goal, 1 at a contradiction. Its ancestors take what left the
        cell bivalue or the unit bilocal."""
        x: cython.int
        p: cython.int
        k: cython.int
        at: cython.int
        lo: cython.ulonglong
        hi: cython.ulonglong
        if self.seen[t]:
            return -1
        self._mark(t, j)
        at = self.row[t] * _W
        if u < 0:
            x = self.source[c] & ~self.masks[c]
            while x:
                k = _BIG + c * 9 + bit_index64(x & -x)
                self.anc[at + (k >> 6)] |= _ONE << (k & 63)
                x &= x - 1
        else:
            lo = self.units[2 * u] & ~self.dc[2 * d]
            hi = self.units[2 * u + 1] & ~self.dc[2 * d + 1]
            while lo or hi:
                if lo:
                    p = bit_index64(lo & (~lo + 1))
                    lo &= lo - 1
                else:
                    p = 64 + bit_index64(hi & (~hi + 1))
                    hi &= hi - 1
                if (self.source[p] >> d) & 1 and self.masks[p] != (1 << d):
                    k = _BIG + p * 9 + d
                    self.anc[at + (k >> 6)] |= _ONE << (k & 63)
        if t == goal:
            return 3
        if self.seen[_BIG + t]:
            return 1
        return 0

    # -- the two searches ---------------------------------------------------------------------
    def single_chains(self) -> list[tuple[bool, int, int, list[int]]]:
        """As :func:`~.static_links.single_chains`, on this board."""
        out: list[tuple[bool, int, int, list[int]]] = []
        c: cython.int
        d: cython.int
        i: cython.int
        for c in range(81):
            if not (self.uns[c >> 6] >> (c & 63)) & 1:
                continue
            for d in range(9):
                if not (self.masks[c] >> d) & 1:
                    continue
                i = c * 9 + d
                if self._reaches(i, _BIG + i) and self._follow(i, _BIG + i) == 1:
                    out.append((False, c, d,
                                [_int(self.anc_words, self.row[_BIG + i] * _W)]))
                    continue
                if self._reaches(_BIG + i, i) and self._follow(_BIG + i, i) == 1:
                    out.append((True, c, d, [_int(self.anc_words, self.row[i] * _W)]))
        return out

    def multiple_chains(self) -> list[tuple[bool, int, int, list[int]]]:
        """As :func:`~.static_links.multiple_chains`, on this board."""
        out: list[tuple[bool, int, int, list[int]]] = []
        branches: dict[int, tuple[array, array]] = {}
        done = array("Q", [0]) * _W  # the potentials concluded already
        c: cython.int
        d: cython.int
        u: cython.int
        m: cython.int
        lo: cython.ulonglong
        hi: cython.ulonglong
        starts: list
        for c in range(81):
            m = self.masks[c]
            if (self.uns[c >> 6] >> (c & 63)) & 1 and popcount64(m) > 2:
                starts = []
                while m:
                    starts.append(c * 9 + bit_index64(m & -m))
                    m &= m - 1
                self._agree(starts, branches, done, out)
        for u in range(self.nunits):
            for d in range(9):
                lo = self.dc[2 * d] & self.units[2 * u] & self.uns[0]
                hi = self.dc[2 * d + 1] & self.units[2 * u + 1] & self.uns[1]
                if popcount64(lo) + popcount64(hi) >= 2:
                    starts = []
                    while lo:
                        starts.append(bit_index64(lo & (~lo + 1)) * 9 + d)
                        lo &= lo - 1
                    while hi:
                        starts.append((64 + bit_index64(hi & (~hi + 1))) * 9 + d)
                        hi &= hi - 1
                    self._agree(starts, branches, done, out)
        return out

    def _agree(self, starts: list[int], branches: dict[int, tuple[array, array]], done: array,
               out: list[tuple[bool, int, int, list[int]]]) -> None:
        """What every start leads to, made true or false, concluded once (``done``) and
        on an unplaced cell, with its ancestors in each branch, added to ``out``."""
        if not self._common(starts):
            return
        results = []
        for s in starts:
            got = branches.get(s)
            if got is None:
                self._follow(s, -1)
                got = branches[s] = self._keep()
            results.append(got)
            self._narrow(got[1], True)
        self._narrow(done, False)
        found = _int(self.acc_words, 0)
        while found:
            low = found & -found
            t = low.bit_length() - 1
            found ^= low
            placed = t < _BIG
            c, d0 = divmod(t if placed else t - _BIG, 9)
            done[t >> 6] |= 1 << (t & 63)
            out.append((placed, c, d0,
                        [_int(words, _W * (1 + slot[t])) for slot, words in results]))

    @cython.cfunc
    def _common(self, starts: list) -> cython.bint:
        """Set the work set to the potentials every start reaches, but the starts and those
        of placed cells; are there any?"""
        b: cython.int
        q: cython.int
        s: cython.int
        for b in range(_W):
            self.acc[b] = self.live[b]
        for s in starts:
            q = self.part[s]
            for b in range(_W):
                if q < 0:
                    self.acc[b] = 0
                else:
                    self.acc[b] &= self.reach[q * _W + b]
        for s in starts:
            self.acc[s >> 6] &= ~(_ONE << (s & 63))
        for b in range(_W):  # noqa: SIM110 - a typed loop (any() would make a generator)
            if self.acc[b]:
                return True
        return False

    @cython.cfunc
    def _narrow(self, other: cython.ulonglong[::1], keep: cython.bint) -> cython.void:
        """Keep in the work set only what the first words of ``other`` hold (``keep``), or
        only what they do not."""
        b: cython.int
        for b in range(_W):
            if keep:
                self.acc[b] &= other[b]
            else:
                self.acc[b] &= ~other[b]

    @cython.cfunc
    def _keep(self) -> tuple:
        """The last walk's potentials, as a slot table and a run of sets: the set of those
        reached first, then each one's ancestors, in the slot's order."""
        slot = array("i", [-1]) * _NODES
        words = array("Q", [0]) * (_W * (1 + self.ntouched))
        sl: cython.int[::1] = slot
        wd: cython.ulonglong[::1] = words
        n: cython.int
        t: cython.int
        b: cython.int
        for n in range(self.ntouched):
            t = self.touched[n]
            sl[t] = n
            wd[t >> 6] |= _ONE << (t & 63)
            for b in range(_W):
                wd[_W * (1 + n) + b] = self.anc[self.row[t] * _W + b]
        return slot, words
