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
def tables(geo: Geometry) -> tuple[array, array, array, array] | None:
    """Each cell's peers and each unit's cells as two words, and each cell's units (offsets,
    then the list); None for a board not of 81 cells and nine digits."""
    if geo.ncells != 81 or geo.n != 9:
        return None
    peers = array("Q", [w for p in geo.peer_bits for w in (p & _LOW, p >> 64)])
    units = array("Q", [w for u in geo.unit_bits for w in (u & _LOW, u >> 64)])
    return (peers, units, *listed_runs(geo.cell_units))


def listed_runs(lists: Any) -> tuple[array, array]:
    """Lists of ints as one run: the offsets where each starts (and the end), and the run."""
    offsets = array("i", [0])
    listed = array("i")
    for items in lists:
        listed.extend(items)
        offsets.append(len(listed))
    return offsets, listed


def words_int(words: Any, at: int, size: int = 23) -> int:
    """The set of ``size`` words of ``words`` from word ``at``, as a Python int."""
    return int.from_bytes(words[at:at + size].tobytes(), "little")


#: a run of no words, nor integers: a core's walks' tables while no search runs
_NO_WORDS = array("Q", [0])
_NO_INTS = array("i", [0])
#: the spare tables of the walks: ancestors (a row of 23 words for every potential), and
#: the potentials seen, those touched and the two queues; each search lends one (one per
#: search running at a time) and gives it back clean, instead of new ones each core
_SPARE: list[tuple[array, array]] = []


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
    pot: cython.int[::1]
    nrows: cython.int
    wr: cython.int
    reach: cython.ulonglong[::1]
    anc: cython.ulonglong[::1]
    seen: cython.int[::1]
    touched: cython.int[::1]
    ntouched: cython.int
    qon: cython.int[::1]
    qoff: cython.int[::1]
    acc: cython.ulonglong[::1]
    anc_words: object
    lent: Any
    acc_words: object

    def __init__(self, geo: Geometry, masks: list[int], dcells: list[int], unsolved: int,
                 source: list[int]) -> None:
        """The board: its candidates, each digit's cells, the unplaced cells, and the
        candidates the search began from (what made a cell bivalue or a unit bilocal)."""
        got = tables(geo)
        if got is None:
            raise ValueError(f"geo: the typed static links take 81 cells and 9 digits, "
                             f"not {geo.ncells} and {geo.n}")
        self.peers, self.units, self.cu_at, self.cu = got
        self.nunits = len(geo.unit_bits)
        self.masks = array("i", masks)
        self.source = array("i", source)
        self.dc = array("Q", [w for d in dcells for w in (d & _LOW, d >> 64)])
        self.uns = array("Q", [unsolved & _LOW, unsolved >> 64])
        # one run of integers: the links' starts, then each potential's part, row, and the
        # potential of each row (views of it, compiled)
        ints: cython.int[::1] = array("i", [-1]) * (4 * _NODES + 1)
        self.start = ints[:_NODES + 1]
        self.part = ints[_NODES + 1:2 * _NODES + 1]
        self.row = ints[2 * _NODES + 1:3 * _NODES + 1]
        self.pot = ints[3 * _NODES + 1:]
        # the candidates of the unplaced cells, both sides (the only potentials with links),
        # each with a row of its own: in the ancestors, and as a bit of a reach (as many
        # parts at most)
        rows = self._rows()
        self.adj = array("i", [0]) * self._bound()
        self.wr = (rows + 63) >> 6
        self.reach = array("Q", [0]) * (rows * self.wr)
        self.anc_words = None  # lent while a search runs (see _borrow)
        self.anc = _NO_WORDS
        self.seen = self.touched = self.qon = self.qoff = _NO_INTS
        self.ntouched = 0
        self.acc_words = array("Q", [0]) * self.wr
        self.acc = self.acc_words
        self._links()
        self._tarjan()

    @cython.cfunc
    def _rows(self) -> cython.int:
        """Number the candidates of the unplaced cells, made true then made false (``row``);
        how many are there?"""
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
                        self.pot[n] = side * _BIG + c * 9 + d
                        n += 1
        self.nrows = n
        return n

    @cython.cfunc
    def _bound(self) -> cython.int:
        """A bound on the links' count: each candidate's other candidates, its digit's peers,
        its cell's other candidate and its units."""
        out: cython.int = 0
        c: cython.int
        d: cython.int
        m: cython.int
        for c in range(81):
            if not (self.uns[c >> 6] >> (c & 63)) & 1:
                continue
            m = self.masks[c]
            for d in range(9):
                if (m >> d) & 1:
                    out += popcount64(m) + 1 + self.cu_at[c + 1] - self.cu_at[c]
                    out += popcount64(self.dc[2 * d] & self.peers[2 * c])
                    out += popcount64(self.dc[2 * d + 1] & self.peers[2 * c + 1])
        return out

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
        # by row (the potentials with links), but the work stack's potentials; one run of
        # integers (views of it, compiled), all -1 to begin with
        nr: cython.int = self.nrows
        ints: cython.int[::1] = array("i", [-1]) * (7 * nr)
        ix: cython.int[::1] = ints[:nr]  # each row's index
        lw: cython.int[::1] = ints[nr:2 * nr]  # its lowest link
        st: cython.int[::1] = ints[2 * nr:3 * nr]  # the stack
        ons: cython.int[::1] = ints[3 * nr:4 * nr]  # on the stack (1), or not
        wv: cython.int[::1] = ints[4 * nr:5 * nr]  # the work stack: potentials
        wk: cython.int[::1] = ints[5 * nr:6 * nr]  # the links followed of each
        jn: cython.int[::1] = ints[6 * nr:]  # the last part each part's reach joined
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
        r: cython.int
        rv: cython.int
        rw: cython.int
        wr: cython.int = self.wr
        nparts: cython.int = 0
        for r in range(self.nrows):  # the potentials in order, those with links
            root = self.pot[r]
            if ix[r] >= 0 or self.start[root] == self.start[root + 1]:
                continue
            wv[0] = root
            wk[0] = 0
            wp = 1
            ix[r] = counter
            lw[r] = counter
            counter += 1
            st[sp] = root
            sp += 1
            ons[r] = 1
            while wp:
                v = wv[wp - 1]
                rv = self.row[v]
                e = self.start[v] + wk[wp - 1]
                if e < self.start[v + 1]:
                    wk[wp - 1] += 1
                    w = self.adj[e]
                    rw = self.row[w]
                    if ix[rw] < 0:
                        ix[rw] = counter
                        lw[rw] = counter
                        counter += 1
                        st[sp] = w
                        sp += 1
                        ons[rw] = 1
                        wv[wp] = w
                        wk[wp] = 0
                        wp += 1
                    elif ons[rw] and ix[rw] < lw[rv]:
                        lw[rv] = ix[rw]
                    continue
                wp -= 1
                if wp and lw[rv] < lw[self.row[wv[wp - 1]]]:
                    lw[self.row[wv[wp - 1]]] = lw[rv]
                if lw[rv] != ix[rv]:
                    continue
                s = sp - 1
                while st[s] != v:
                    s -= 1
                a = nparts * wr
                nparts += 1
                for t in range(s, sp):
                    w = st[t]
                    rw = self.row[w]
                    ons[rw] = 0
                    self.part[w] = nparts - 1
                    self.reach[a + (rw >> 6)] |= _ONE << (rw & 63)
                for t in range(s, sp):
                    w = st[t]
                    for e in range(self.start[w], self.start[w + 1]):
                        q = self.part[self.adj[e]]
                        if q != nparts - 1 and jn[q] != nparts - 1:
                            jn[q] = nparts - 1
                            for b in range(wr):
                                self.reach[a + b] |= self.reach[q * wr + b]
                sp = s

    @cython.cfunc
    @cython.exceptval(check=False)
    def _reaches(self, i: cython.int, t: cython.int) -> cython.bint:
        """Does potential ``i`` lead to ``t``?"""
        q: cython.int = self.part[i]
        r: cython.int = self.row[t]
        if q < 0 or r < 0:
            return False
        return (self.reach[q * self.wr + (r >> 6)] >> (r & 63)) & 1 != 0

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
    @cython.cfunc
    def _borrow(self) -> cython.void:
        """Lend the walks their tables."""
        words, ints = _SPARE.pop() if _SPARE else \
            (array("Q", [0]) * (_NODES * _W), array("i", [0]) * (3 * _NODES))
        self.lent = (words, ints)
        self.anc_words = words
        self.anc = words
        iv: cython.int[::1] = ints
        self.seen = iv[:_NODES]
        self.touched = iv[_NODES:2 * _NODES]
        self.qon = iv[2 * _NODES:5 * _BIG]
        self.qoff = iv[5 * _BIG:]
        self.ntouched = 0

    @cython.cfunc
    def _give_back(self) -> cython.void:
        n: cython.int
        for n in range(self.ntouched):  # clean
            self.seen[self.touched[n]] = 0
        self.ntouched = 0
        _SPARE.append(self.lent)
        self.lent = None
        self.anc_words = None
        self.anc = _NO_WORDS
        self.seen = self.touched = self.qon = self.qoff = _NO_INTS

    def single_chains(self) -> list[tuple[bool, int, int, list[int]]]:
        """As :func:`~.static_links.single_chains`, on this board."""
        self._borrow()
        try:
            return self._single_chains()
        finally:
            self._give_back()

    def multiple_chains(self) -> list[tuple[bool, int, int, list[int]]]:
        """As :func:`~.static_links.multiple_chains`, on this board."""
        self._borrow()
        try:
            return self._multiple_chains()
        finally:
            self._give_back()

    def _single_chains(self) -> list[tuple[bool, int, int, list[int]]]:
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
                                [words_int(self.anc_words, self.row[_BIG + i] * _W)]))
                    continue
                if self._reaches(_BIG + i, i) and self._follow(_BIG + i, i) == 1:
                    out.append((True, c, d, [words_int(self.anc_words, self.row[i] * _W)]))
        return out

    def _multiple_chains(self) -> list[tuple[bool, int, int, list[int]]]:
        out: list[tuple[bool, int, int, list[int]]] = []
        branches: dict[int, array] = {}
        done = array("Q", [0]) * self.wr  # the potentials concluded already (rows)
        held = array("i", [0]) * 9  # one cell's or one unit's starts
        sb: cython.int[::1] = held
        c: cython.int
        d: cython.int
        u: cython.int
        m: cython.int
        k: cython.int
        lo: cython.ulonglong
        hi: cython.ulonglong
        for c in range(81):
            m = self.masks[c]
            if (self.uns[c >> 6] >> (c & 63)) & 1 and popcount64(m) > 2:
                k = 0
                while m:
                    sb[k] = c * 9 + bit_index64(m & -m)
                    k += 1
                    m &= m - 1
                if self._common(sb, k):
                    self._agree(held[:k].tolist(), branches, done, out)
        for u in range(self.nunits):
            for d in range(9):
                lo = self.dc[2 * d] & self.units[2 * u] & self.uns[0]
                hi = self.dc[2 * d + 1] & self.units[2 * u + 1] & self.uns[1]
                if popcount64(lo) + popcount64(hi) >= 2:
                    k = 0
                    while lo:
                        sb[k] = bit_index64(lo & (~lo + 1)) * 9 + d
                        k += 1
                        lo &= lo - 1
                    while hi:
                        sb[k] = (64 + bit_index64(hi & (~hi + 1))) * 9 + d
                        k += 1
                        hi &= hi - 1
                    if self._common(sb, k):
                        self._agree(held[:k].tolist(), branches, done, out)
        return out

    def _agree(self, starts: list[int], branches: dict[int, array], done: array,
               out: list[tuple[bool, int, int, list[int]]]) -> None:
        """What every start leads to (the work set, see :meth:`_common`), made true or
        false, concluded once (``done``) and on an unplaced cell, with its ancestors in each
        branch, added to ``out``. Each start's walk keeps what it reaches (``branches``);
        where the starts agree, they are walked again for the ancestors (the same walks)."""
        self._narrow(done, False)
        for s in starts:
            got = branches.get(s)
            if got is None:
                self._follow(s, -1)
                got = branches[s] = self._reached()
            if not self._narrow(got, True):
                return  # nothing left that every start leads to
        found = words_int(self.acc_words, 0, self.wr)  # rows, in the potentials' order
        rows = []
        while found:
            low = found & -found
            r = low.bit_length() - 1
            found ^= low
            rows.append(r)
            done[r >> 6] |= 1 << (r & 63)
        ancestors: list[list[int]] = [[] for _ in rows]
        for s in starts:
            self._follow(s, -1)
            for k, r in enumerate(rows):
                ancestors[k].append(words_int(self.anc_words, _W * r))
        for k, r in enumerate(rows):
            t = self.pot[r]
            placed = t < _BIG
            c, d0 = divmod(t if placed else t - _BIG, 9)
            out.append((placed, c, d0, ancestors[k]))

    @cython.cfunc
    def _common(self, starts: cython.int[::1], k: cython.int) -> cython.bint:
        """Set the work set to the potentials every one of the ``k`` first ``starts``
        reaches, but the starts (rows: the candidates of unplaced cells); are there any?"""
        b: cython.int
        q: cython.int
        i: cython.int
        s: cython.int
        r: cython.int
        wr: cython.int = self.wr
        for b in range(wr):
            self.acc[b] = _ALL
        for i in range(k):
            s = starts[i]
            q = self.part[s]
            for b in range(wr):
                if q < 0:
                    self.acc[b] = 0
                else:
                    self.acc[b] &= self.reach[q * wr + b]
        for i in range(k):
            r = self.row[starts[i]]
            self.acc[r >> 6] &= ~(_ONE << (r & 63))
        for b in range(wr):  # noqa: SIM110 - a typed loop (any() would make a generator)
            if self.acc[b]:
                return True
        return False

    @cython.cfunc
    def _narrow(self, other: cython.ulonglong[::1], keep: cython.bint) -> cython.bint:
        """Keep in the work set only what ``other`` holds (``keep``), or only what it does
        not; is anything left?"""
        b: cython.int
        left: cython.ulonglong = 0
        for b in range(self.wr):
            if keep:
                self.acc[b] &= other[b]
            else:
                self.acc[b] &= ~other[b]
            left |= self.acc[b]
        return left != 0

    @cython.cfunc
    def _reached(self) -> array:
        """The rows the last walk reached."""
        reached = array("Q", [0]) * self.wr
        rd: cython.ulonglong[::1] = reached
        n: cython.int
        r: cython.int
        for n in range(self.ntouched):
            r = self.row[self.touched[n]]
            rd[r >> 6] |= _ONE << (r & 63)
        return reached
