"""The live nodes of a board numbered densely, and chains followed over them in typed loops.

The chain searches name a node by its id (``cell * n + digit index`` for a candidate, the
group nodes after the candidates) and hold node sets as Python ints over those ids: 729
bits and more on 9x9, though a hard board has 200-300 live nodes, and each union allocates
a new int. A :class:`DenseGraph` numbers the live nodes 0, 1, 2, ... in the order of their
ids, so that every "lowest first", "highest first" and sort gives the same answer on either
numbering; keeps each node's links as a row of 64-bit words; and follows chains over those
rows in compiled loops (:meth:`DenseGraph.close`, :meth:`DenseGraph.alternate`). Dense sets
come out as Python ints (:meth:`DenseGraph.layers`, :meth:`DenseGraph.weak_row`, ...);
:meth:`DenseGraph.to_ids` turns one back into a set of ids.

Compiled when the package is installed (typed, in Cython's pure-Python mode). The same
source runs as plain Python as the fallback (``SUDOKIT_PURE_PYTHON=1``), with one Python
int for a row instead of 64-bit words, and gives the same answers.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from typing import Any

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

_WORD = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)

# A row is a run of words of _BITS bits: 64-bit words when compiled; uncompiled, one
# Python int of up to 2**20 bits (so that the big-int operations run in C there too).
_SHIFT = cython.declare(cython.int, 6)
_BITS = cython.declare(cython.int, 64)
_MASK = cython.declare(cython.int, 63)
_ONE = cython.declare(cython.ulonglong, 1)
if not cython.compiled:
    _SHIFT = 20
    _BITS = 1 << _SHIFT
    _MASK = _BITS - 1


def _zeros(count: int) -> Any:
    """A row table of ``count`` words, all 0."""
    if cython.compiled:
        # (repeating one zero word: cheaper than converting a bytes object of zeros)
        return array("Q", [0]) * count
    return [0] * count


if cython.compiled:
    from cython.cimports.sudokit.logic.graphs._bits64 import bit_index64 as _index
    from cython.cimports.sudokit.logic.graphs._bits64 import popcount64 as _popcount
else:
    from ._bits64 import bit_index64 as _index
    from ._bits64 import popcount64 as _popcount


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _high(x: cython.ulonglong) -> cython.int:
    """The position of the highest bit of ``x`` (not 0)."""
    if not cython.compiled:
        return x.bit_length() - 1
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    x |= x >> 32
    return _popcount(x) - 1


@cython.cfunc
@cython.exceptval(check=False)
def _word(p: cython.p_uchar, at: cython.Py_ssize_t) -> cython.ulonglong:
    """The 64-bit little-endian word at byte ``at``."""
    k: cython.int
    w: cython.ulonglong = 0
    for k in range(7, -1, -1):
        w = (w << 8) | p[at + k]
    return w


@cython.cclass
class DenseGraph:
    """The live nodes of a board, numbered 0, 1, ... in the order of their ids, their
    links as rows of 64-bit words (see the module's docstring), and the closures of
    :meth:`close`. A node's ``weak`` row is what it rules out when true, its ``strong``
    row what it makes true when false, its ``hop`` row what it makes true when true, one
    weak and one strong link on."""

    ids: list
    live: list
    count: cython.Py_ssize_t
    words: cython.Py_ssize_t
    rank: cython.int[::1]
    weak: cython.ulonglong[::1]
    seen: cython.ulonglong[::1]
    strong: cython.ulonglong[::1]
    hop: cython.ulonglong[::1]
    # the closures: per dense node its slot (-1: none yet), per slot its layer count and
    # rows (on, off, then the layers)
    reach_on: cython.ulonglong[::1]
    reach_off: cython.ulonglong[::1]
    slot: cython.int[::1]
    nlayers: cython.int[::1]
    store: cython.ulonglong[::1]
    slots: cython.Py_ssize_t
    max_slots: cython.Py_ssize_t
    max_layers: cython.Py_ssize_t

    def __init__(self, live: int, size: int, links: tuple[object, object, tuple[int, ...]],
                 cells: tuple[int, int, bool], extra_weak: array,
                 strong: tuple[array, ...], max_layers: int, max_starts: int
                 ) -> None:
        """``live``: the live nodes, a set of ids below ``size``. Weak links: ``links`` =
        (offsets, targets, sets), the ids each id is weakly linked to (id v's are
        ``targets[offsets[v]:offsets[v + 1]]``, int arrays; ``sets[v]`` the same as a set
        of ids), plus, when ``cells`` = (n, m, in_cell) has in_cell true, the other digits
        of the cell of a candidate (an id below m, ``cell * n + digit``), plus the links
        a -> b of ``extra_weak``, an int array of pairs (flat: a, b, a, b, ...). Strong
        links: the pairs of the int arrays ``strong`` (each link given both ways). Only
        links between live nodes are kept. ``max_layers``: the most layers a closure
        keeps; ``max_starts``: the most closures."""
        self.rank = array("i", [-1]) * size
        if cython.compiled:
            #: dense number -> id
            self.ids = self._number(live, size)
            self.count = len(self.ids)
            self.words = max(1, (self.count + _MASK) >> _SHIFT)
        else:
            # uncompiled, the nodes keep their ids (a row is one Python int over them):
            # a row is then one operation on an id's set, where numbering the nodes
            # anew would take one a link
            self.ids = list(range(size))
            self.count = size
            self.words = 1
        words = self.words
        count = self.count
        self.weak = _zeros(words * count)
        self.strong = _zeros(words * count)
        self.hop = _zeros(words * count)
        if cython.compiled:
            self._weak_links(self.weak, links[0], links[1],  # type: ignore[arg-type]
                             cells[0] if cells[2] else 0, cells[1])
            # ``seen``: every weak link, the cells' other digits included (what a chain's
            # end rules out, whatever links the chain itself may use)
            if cells[2]:
                self.seen = self.weak
            else:
                self.seen = _zeros(words * count)
                self._weak_links(self.seen, links[0], links[1],  # type: ignore[arg-type]
                                 cells[0], cells[1])
        else:
            self._weak_sets(live, links[2], cells)
        self._pairs(self.weak, extra_weak)
        for kind in strong:
            self._pairs(self.strong, kind)
        self._hops()
        self.max_layers = max_layers
        self.max_slots = max_starts
        self.slots = 0
        self.slot = array("i", [-1]) * max(1, count)
        self.nlayers = array("i", [0]) * max(1, max_starts)
        self.store = _zeros(words * (max_layers + 3) * max(1, max_starts))

    def _weak_sets(self, live: int, sets: tuple[int, ...], cells: tuple[int, int, bool]
                   ) -> None:
        """Uncompiled: number the live ids as themselves, and their weak and seen rows
        from ``sets`` (see ``__init__``)."""
        n, below, in_cell = cells
        full = (1 << n) - 1
        seen = _zeros(self.count)
        self.live = []
        x = live
        while x:
            low = x & -x
            v = low.bit_length() - 1
            x ^= low
            self.live.append(v)
            self.rank[v] = v
            w = sets[v] & live
            if v < below:
                first = v - v % n
                mates = (full << first) & ~low & live
                seen[v] = w | mates
                self.weak[v] = seen[v] if in_cell else w
            else:
                seen[v] = self.weak[v] = w
        self.seen = self.weak if in_cell else seen

    @cython.cfunc
    def _number(self, live: object, size: cython.Py_ssize_t) -> list:
        """Number the ids of ``live`` (a set of ids below ``size``) in increasing order:
        fill ``rank`` and return the ids."""
        k: cython.Py_ssize_t
        v: cython.Py_ssize_t
        w: cython.ulonglong
        low: cython.ulonglong
        p: cython.p_uchar
        nbytes: cython.Py_ssize_t = ((size + 63) >> 6) * 8
        data: bytes = live.to_bytes(nbytes, "little")  # type: ignore[attr-defined]
        p = data
        ids: list = []
        for k in range(0, nbytes, 8):
            w = _word(p, k)
            while w:
                low = w & (0 - w)
                w ^= low
                v = k * 8 + _index(low)
                self.rank[v] = len(ids)
                ids.append(v)
        return ids

    def starts(self, nodes: array) -> list[int]:
        """The dense numbers of the live ids of ``nodes`` (an int array), in the order
        of their first appearance there."""
        if not cython.compiled:
            rank = self.rank
            return [rank[v] for v in dict.fromkeys(nodes) if rank[v] >= 0]
        return self._starts(nodes, array("i", [0]) * max(1, self.count))

    @cython.cfunc
    def _starts(self, nodes: cython.int[::1], mark: cython.int[::1]) -> list:
        """:meth:`starts`, with ``mark`` a zero int per dense node to mark those taken."""
        k: cython.Py_ssize_t
        r: cython.int
        out: list = []
        for k in range(len(nodes)):
            r = self.rank[nodes[k]]
            if r >= 0 and not mark[r]:
                mark[r] = 1
                out.append(r)
        return out

    def dense(self, node: int) -> int:
        """The dense number of a live node id."""
        return self.rank[node]

    def count_below(self, limit: int) -> int:
        """k such that the live ids below ``limit`` are numbered 0, ..., k - 1."""
        if not cython.compiled:
            return limit
        return bisect_left(self.ids, limit)  # (the ids are in increasing order)

    def live_ids(self) -> list[int]:
        """The live node ids, increasing."""
        return self.ids if cython.compiled else self.live

    def node_ids(self) -> list[int]:
        """The live node ids, by dense number."""
        return self.ids

    def to_dense(self, ids: int) -> int:
        """A set of ids (live ones) as a dense set."""
        rank = self.rank
        out = 0
        while ids:
            low = ids & -ids
            out |= 1 << rank[low.bit_length() - 1]
            ids ^= low
        return out

    def to_ids(self, dense: int) -> int:
        """A dense set as a set of ids."""
        if not cython.compiled:
            return dense  # the nodes keep their ids (see __init__)
        ids = self.ids
        out = 0
        while dense:
            low = dense & -dense
            out |= 1 << ids[low.bit_length() - 1]
            dense ^= low
        return out

    def weak_row(self, node: int) -> int:
        """The weak partners of dense node ``node``, as a dense set."""
        return self._int(self.weak, node * self.words)

    def strong_row(self, node: int) -> int:
        """The strong partners of dense node ``node``, as a dense set."""
        return self._int(self.strong, node * self.words)

    def hop_row(self, node: int) -> int:
        """What dense node ``node`` true makes true one weak and one strong link on."""
        return self._int(self.hop, node * self.words)

    def close(self, start: int, max_hops: int) -> None:
        """Follow dense node ``start`` true breadth-first over the hops, at most
        ``max_hops`` of them (fewer than ``max_layers``), and keep what it reaches
        (once per node)."""
        self._close(start, max_hops)

    @cython.cfunc
    @cython.exceptval(-1)
    def _close(self, start: cython.Py_ssize_t, max_hops: cython.Py_ssize_t) -> cython.int:
        """:meth:`close` (0, or -1 with an error)."""
        if self.slot[start] >= 0:
            return 0
        if self.slots == self.max_slots or max_hops >= self.max_layers:
            raise ValueError("more closures or layers than the graph keeps")
        self.slot[start] = self.slots
        self._closure(start, max_hops, self.slots)
        self.slots += 1
        return 0

    def meet_links(self, links: array, max_hops: int, below: int
                   ) -> list[tuple[int, int, int]]:
        """For each link a, b of ``links`` (an int array of pairs of live ids, flat: a,
        b, a, b, ...): close both ends (:meth:`close`) and, where they meet
        (below ``below``), give (the index of a in ``links``, both true, both false): the
        nodes numbered below ``below`` that both make true, and those both rule out
        (dense sets)."""
        return self._meet_links(links, max_hops, below)

    @cython.cfunc
    def _meet_links(self, links: cython.int[::1], max_hops: cython.Py_ssize_t,
                    below: cython.Py_ssize_t) -> list:
        """:meth:`meet_links`."""
        k: cython.Py_ssize_t
        a: cython.Py_ssize_t
        b: cython.Py_ssize_t
        out: list = []
        for k in range(0, len(links) - 1, 2):
            a = self.rank[links[k]]
            b = self.rank[links[k + 1]]
            self._close(a, max_hops)
            self._close(b, max_hops)
            both_on = self._meet(self.slot[a], self.slot[b], 0, below)
            both_off = self._meet(self.slot[a], self.slot[b], 1, below)
            if both_on or both_off:
                out.append((k, both_on, both_off))
        return out

    def layers(self, start: int) -> list[int]:
        """The layers of the closure of dense node ``start`` (see :meth:`close`): dense
        sets, layer 0 the start, layer k what it makes true 2k links on."""
        s = self.slot[start]
        w = self.words
        at = s * w * (self.max_layers + 3)
        return [self._int(self.store, at + (2 + k) * w) for k in range(self.nlayers[s])]

    def reach(self) -> None:
        """Work out, for every live node, what it makes true when true (everything the
        hops reach from it, itself included) and what it makes false (the weak links of
        those), following every link to its end: :meth:`reach_row` then reads them."""
        count = self.count
        w = self.words
        self.reach_on = _zeros(w * count)
        self.reach_off = _zeros(w * count)
        if cython.compiled:
            self._reach(_zeros(w * max(1, count)), array("i", [0]) * (5 * max(1, count)))
        else:
            self._reach_sets()

    def ranks(self) -> array:
        """The dense number of each id (-1: not live), an int array indexed by id."""
        if cython.compiled:
            return self.rank.base  # (the array under the typed view)
        return self.rank

    def reach_row(self, node: int) -> tuple[int, int]:
        """What dense node ``node`` true makes true and false (see :meth:`reach`), as
        dense sets."""
        at = node * self.words
        return self._int(self.reach_on, at), self._int(self.reach_off, at)

    def first_common(self, flat: array, offsets: array, start: int) -> int:
        """After :meth:`reach`: the first group of nodes, from group ``start`` on, none
        of whose nodes contradicts itself (makes a node both true and false) and whose
        nodes all make some node true (besides themselves) or all make some node false;
        -1 if none. Group g's dense nodes are ``flat[offsets[g]:offsets[g + 1]]`` (int
        arrays); an empty group counts as found."""
        if not cython.compiled:
            return self._first_common_sets(flat, offsets, start)
        return self._first_common(flat, offsets, start, _zeros(2 * self.words))

    @cython.cfunc
    def _first_common(self, flat: cython.int[::1], offsets: cython.int[::1],
                      start: cython.Py_ssize_t, acc: cython.ulonglong[::1]
                      ) -> cython.Py_ssize_t:
        """:meth:`first_common`, with ``acc`` two rows to work in (on, off)."""
        g: cython.Py_ssize_t
        k: cython.Py_ssize_t
        j: cython.Py_ssize_t
        v: cython.Py_ssize_t
        x: cython.ulonglong
        bad: cython.ulonglong
        words: cython.Py_ssize_t = self.words
        for g in range(start, len(offsets) - 1):
            for j in range(2 * words):
                acc[j] = _WORD
            bad = 0
            for k in range(offsets[g], offsets[g + 1]):
                v = flat[k] * words
                for j in range(words):
                    bad |= self.reach_on[v + j] & self.reach_off[v + j]
                if bad:
                    break
                for j in range(words):
                    acc[j] &= self.reach_on[v + j]
                    acc[words + j] &= self.reach_off[v + j]
            if bad:
                continue
            for k in range(offsets[g], offsets[g + 1]):
                v = flat[k]
                acc[v >> _SHIFT] &= ~(_ONE << (v & _MASK))
            x = 0
            for j in range(2 * words):
                x |= acc[j]
            if x:
                return g
        return -1

    def _first_common_sets(self, flat: array, offsets: array, start: int) -> int:
        """Uncompiled, :meth:`first_common` with one Python int a row."""
        reach_on = self.reach_on
        reach_off = self.reach_off
        for g in range(start, len(offsets) - 1):
            on = off = -1
            branches = flat[offsets[g]:offsets[g + 1]]
            for v in branches:
                v_on = reach_on[v]
                v_off = reach_off[v]
                if v_on & v_off:
                    break
                on &= v_on
                off &= v_off
            else:
                for v in branches:
                    on &= ~(1 << v)
                if on or off:
                    return g
        return -1

    def alternate(self, starts: list[int], in_cell: bool, max_links: int
                  ) -> tuple[int, int, int] | None:
        """The first useful alternating chain of a breadth-first search from every start
        at once (dense nodes, each assumed false), one weak and one strong link a round,
        the starts in the order given: (start, end, kind), or None within ``max_links``
        links. Kind 0: start and end are linked by a chain and something sees both (the
        lowest such end of the first start that has one, in the first round that has
        one); kind 1 (only ``in_cell``: a cell's other digits are weak links too): the
        start's falsity makes the end (the highest such) both true and false."""
        count = len(starts)
        if not count:
            return None
        if not cython.compiled:
            return self._alternate_sets(starts, in_cell, max_links)
        w = self.words
        state = _zeros(w * 5 * count)
        order = array("i", starts)
        found = array("i", [0, 0, 0])
        if self._alternate(order, state, in_cell, max_links, found):
            return found[0], found[1], found[2]
        return None

    @cython.cfunc
    def _alternate(self, starts: cython.int[::1], state: cython.ulonglong[::1],
                   in_cell: cython.bint, max_links: cython.int, found: cython.int[::1]
                   ) -> cython.bint:
        """:meth:`alternate` on ``state`` (five rows per start, in order); the starts
        done are set to -1."""
        i: cython.Py_ssize_t
        k: cython.Py_ssize_t
        j: cython.Py_ssize_t
        st: cython.Py_ssize_t
        u: cython.Py_ssize_t
        e: cython.Py_ssize_t
        s: cython.int
        x: cython.ulonglong
        low: cython.ulonglong
        acc: cython.ulonglong
        hit: cython.ulonglong
        words: cython.Py_ssize_t = self.words
        count: cython.Py_ssize_t = len(starts)
        active: cython.Py_ssize_t = count
        links: cython.int = 1
        one: cython.ulonglong = 1
        # rows from st: frontier (on), on, off, what the start sees, the next frontier
        for i in range(count):
            s = starts[i]
            st = i * 5 * words
            for k in range(words):
                state[st + k] = self.strong[s * words + k]
                state[st + words + k] = self.strong[s * words + k]
                state[st + 3 * words + k] = self.seen[s * words + k]
            state[st + 2 * words + (s >> _SHIFT)] = one << (s & _MASK)
        while active and links <= max_links:
            for i in range(count):
                s = starts[i]
                if s < 0:
                    continue
                st = i * 5 * words
                for k in range(words):
                    x = state[st + k]
                    while x:
                        low = x & (0 - x)
                        x ^= low
                        e = (k << _SHIFT) + _index(low)
                        if e == s:
                            continue
                        hit = 0
                        for j in range(words):
                            hit |= state[st + 3 * words + j] & self.seen[e * words + j]
                        if hit:
                            found[0] = s
                            found[1] = e
                            found[2] = 0
                            return True
            links += 2
            for i in range(count):
                s = starts[i]
                if s < 0:
                    continue
                st = i * 5 * words
                for j in range(words):
                    state[st + 4 * words + j] = 0
                for k in range(words):
                    x = state[st + k]
                    while x:
                        low = x & (0 - x)
                        x ^= low
                        u = ((k << _SHIFT) + _index(low)) * words
                        for j in range(words):
                            state[st + 4 * words + j] |= self.hop[u + j]
                            if in_cell:
                                state[st + 2 * words + j] |= self.seen[u + j]
                acc = 0
                hit = 0
                for j in range(words):
                    x = state[st + 4 * words + j] & ~state[st + words + j]
                    state[st + j] = x
                    acc |= x
                    state[st + words + j] |= x
                    hit |= state[st + words + j] & state[st + 2 * words + j]
                if in_cell and hit:
                    for j in range(words - 1, -1, -1):
                        x = state[st + words + j] & state[st + 2 * words + j]
                        if x:
                            found[0] = s
                            found[1] = (j << _SHIFT) + _high(x)
                            found[2] = 1
                            return True
                if not acc:
                    starts[i] = -1
                    active -= 1
        return False

    @cython.cfunc
    def _meet(self, sa: cython.Py_ssize_t, sb: cython.Py_ssize_t, row: cython.Py_ssize_t,
              below: cython.Py_ssize_t) -> object:
        """Row ``row`` of closure slots ``sa`` and ``sb`` intersected, bits below
        ``below`` only, as a Python int."""
        k: cython.Py_ssize_t
        w: cython.Py_ssize_t = self.words
        size: cython.Py_ssize_t = w * (self.max_layers + 3)
        pa: cython.Py_ssize_t = sa * size + row * w
        pb: cython.Py_ssize_t = sb * size + row * w
        both: cython.ulonglong
        out: object = 0
        for k in range(w - 1, -1, -1):
            if k * _BITS >= below:
                continue
            both = self.store[pa + k] & self.store[pb + k]
            if (k + 1) * _BITS > below:
                both &= (_ONE << (below - k * _BITS)) - 1
            if both:
                out = (out << _BITS) | both
            elif out:
                out = out << _BITS
        return out

    @cython.cfunc
    def _int(self, table: cython.ulonglong[::1], at: cython.Py_ssize_t) -> object:
        """The row of ``table`` from word ``at``, as a Python int."""
        k: cython.Py_ssize_t
        out: object = 0
        for k in range(at + self.words - 1, at - 1, -1):
            if table[k]:
                out = (out << _BITS) | table[k]
            elif out:
                out = out << _BITS
        return out

    @cython.cfunc
    def _weak_links(self, table: cython.ulonglong[::1], offsets: cython.int[::1],
                    targets: cython.int[::1], cell_digits: cython.int, cell_ids: cython.int
                    ) -> cython.void:
        """Weak rows from the lists (and the cells' other digits, when ``cell_digits``)."""
        i: cython.Py_ssize_t
        k: cython.Py_ssize_t
        v: cython.int
        c: cython.int
        r: cython.int
        row: cython.Py_ssize_t
        one: cython.ulonglong = 1
        for i in range(self.count):
            v = self.ids[i]
            row = i * self.words
            for k in range(offsets[v], offsets[v + 1]):
                r = self.rank[targets[k]]
                if r >= 0:
                    table[row + (r >> _SHIFT)] |= one << (r & _MASK)
            if cell_digits and v < cell_ids:
                c = v - v % cell_digits
                for k in range(c, c + cell_digits):
                    r = self.rank[k]
                    if k != v and r >= 0:
                        table[row + (r >> _SHIFT)] |= one << (r & _MASK)

    @cython.cfunc
    def _pairs(self, table: cython.ulonglong[::1], pairs: cython.int[::1]) -> cython.void:
        """Add the links a -> b of ``pairs`` (a, b, a, b, ...) between live ids to
        ``table``."""
        k: cython.Py_ssize_t
        ra: cython.int
        rb: cython.int
        one: cython.ulonglong = 1
        for k in range(0, len(pairs) - 1, 2):
            ra = self.rank[pairs[k]]
            rb = self.rank[pairs[k + 1]]
            if ra >= 0 and rb >= 0:
                table[ra * self.words + (rb >> _SHIFT)] |= one << (rb & _MASK)

    def _hop_sets(self) -> None:
        """Uncompiled, :meth:`_hops` on the live ids (see ``__init__``)."""
        linked = 0
        for v in self.live:
            if self.strong[v]:
                linked |= 1 << v
        for v in self.live:
            x = self.weak[v] & linked
            h = 0
            while x:
                low = x & -x
                x ^= low
                h |= self.strong[low.bit_length() - 1]
            self.hop[v] = h

    @cython.cfunc
    def _hops(self) -> cython.void:
        """Row u of ``hop`` := the union of the ``strong`` rows of the nodes in ``weak``
        row u."""
        u: cython.Py_ssize_t
        k: cython.Py_ssize_t
        j: cython.Py_ssize_t
        v: cython.Py_ssize_t
        x: cython.ulonglong
        low: cython.ulonglong
        words: cython.Py_ssize_t = self.words
        if not cython.compiled:
            self._hop_sets()
            return
        # the nodes with a strong link (the others add nothing)
        linked: cython.ulonglong[::1] = _zeros(words)
        for u in range(self.count):
            for k in range(words):
                if self.strong[u * words + k]:
                    linked[u >> _SHIFT] |= _ONE << (u & _MASK)
                    break
        for u in range(self.count):
            for k in range(words):
                x = self.weak[u * words + k] & linked[k]
                while x:
                    low = x & (0 - x)
                    x ^= low
                    v = ((k << _SHIFT) + _index(low)) * words
                    for j in range(words):
                        self.hop[u * words + j] |= self.strong[v + j]

    @cython.cfunc
    def _reach(self, todo: cython.ulonglong[::1], ints: cython.int[::1]) -> cython.void:
        """:meth:`reach` by Tarjan's strongly connected components over the hops (a
        component is finished after everything it reaches, so its sets are the unions of
        its members' and those of the components it has hops to). ``todo``: per frame of
        the depth-first search, the hops it has left; ``ints``: five int arrays of
        ``count`` (index, lowlink, component, stack, frames)."""
        count: cython.Py_ssize_t = self.count
        words: cython.Py_ssize_t = self.words
        index: cython.Py_ssize_t = 0
        lowlink: cython.Py_ssize_t = count
        comp: cython.Py_ssize_t = 2 * count
        stack: cython.Py_ssize_t = 3 * count
        frames: cython.Py_ssize_t = 4 * count
        depth: cython.Py_ssize_t = 0
        top: cython.Py_ssize_t = 0
        counter: cython.int = 0
        root: cython.Py_ssize_t
        v: cython.Py_ssize_t
        u: cython.Py_ssize_t
        t: cython.Py_ssize_t
        m: cython.Py_ssize_t
        k: cython.Py_ssize_t
        j: cython.Py_ssize_t
        first: cython.Py_ssize_t
        x: cython.ulonglong
        low: cython.ulonglong
        found: cython.bint
        at: cython.Py_ssize_t
        for k in range(count):
            ints[index + k] = -1
            ints[comp + k] = -1
        for root in range(count):
            if ints[index + root] >= 0:
                continue
            ints[index + root] = counter
            ints[lowlink + root] = counter
            counter += 1
            ints[stack + top] = root
            top += 1
            ints[frames + depth] = root
            for k in range(words):
                todo[depth * words + k] = self.hop[root * words + k]
            depth += 1
            while depth:
                v = ints[frames + depth - 1]
                found = False
                for k in range(words):
                    x = todo[(depth - 1) * words + k]
                    if x:
                        low = x & (0 - x)
                        todo[(depth - 1) * words + k] = x ^ low
                        t = (k << _SHIFT) + _index(low)
                        found = True
                        break
                if found:
                    if ints[index + t] < 0:
                        ints[index + t] = counter
                        ints[lowlink + t] = counter
                        counter += 1
                        ints[stack + top] = t
                        top += 1
                        ints[frames + depth] = t
                        for k in range(words):
                            todo[depth * words + k] = self.hop[t * words + k]
                        depth += 1
                    elif ints[comp + t] < 0 and ints[index + t] < ints[lowlink + v]:
                        # (on the stack: visited and in no finished component)
                        ints[lowlink + v] = ints[index + t]
                    continue
                depth -= 1
                if depth:
                    u = ints[frames + depth - 1]
                    if ints[lowlink + v] < ints[lowlink + u]:
                        ints[lowlink + u] = ints[lowlink + v]
                if ints[lowlink + v] != ints[index + v]:
                    continue
                # v roots a component: its members are on the stack down to v
                first = top - 1
                while ints[stack + first] != v:
                    first -= 1
                for j in range(first, top):
                    ints[comp + ints[stack + j]] = v
                at = v * words
                for j in range(first, top):
                    m = ints[stack + j]
                    self.reach_on[at + (m >> _SHIFT)] |= _ONE << (m & _MASK)
                    for k in range(words):
                        self.reach_off[at + k] |= self.weak[m * words + k]
                        x = self.hop[m * words + k]
                        while x:
                            low = x & (0 - x)
                            x ^= low
                            t = (k << _SHIFT) + _index(low)
                            if ints[comp + t] != v:
                                for u in range(words):
                                    self.reach_on[at + u] |= self.reach_on[t * words + u]
                                    self.reach_off[at + u] |= self.reach_off[t * words + u]
                for j in range(first, top):
                    m = ints[stack + j]
                    if m != v:
                        for k in range(words):
                            self.reach_on[m * words + k] = self.reach_on[at + k]
                            self.reach_off[m * words + k] = self.reach_off[at + k]
                top = first

    def _reach_sets(self) -> None:
        """Uncompiled, :meth:`reach` with one Python int a row (and a component's sets
        from its members' hops in one go)."""
        hop = self.hop
        weak = self.weak
        out_on = self.reach_on
        out_off = self.reach_off
        index: dict[int, int] = {}
        lowlink: dict[int, int] = {}
        on_stack = 0
        stack: list[int] = []
        for root in self.live:
            if root in index:
                continue
            index[root] = lowlink[root] = len(index)
            stack.append(root)
            on_stack |= 1 << root
            work = [root]
            todos = [hop[root]]
            while work:
                v = work[-1]
                todo = todos[-1]
                if todo:
                    w = todo.bit_length() - 1
                    todos[-1] = todo ^ (1 << w)
                    if w not in index:
                        index[w] = lowlink[w] = len(index)
                        stack.append(w)
                        on_stack |= 1 << w
                        work.append(w)
                        todos.append(hop[w])
                    elif on_stack >> w & 1 and index[w] < lowlink[v]:
                        lowlink[v] = index[w]
                    continue
                work.pop()
                todos.pop()
                if work and lowlink[v] < lowlink[work[-1]]:
                    lowlink[work[-1]] = lowlink[v]
                if lowlink[v] != index[v]:
                    continue
                members = 0
                while True:
                    w = stack.pop()
                    on_stack &= ~(1 << w)
                    members |= 1 << w
                    if w == v:
                        break
                on = members
                off = 0
                x = members
                while x:
                    m = x.bit_length() - 1
                    x ^= 1 << m
                    off |= weak[m]
                    y = hop[m] & ~members
                    while y:
                        t = y.bit_length() - 1
                        y ^= 1 << t
                        on |= out_on[t]
                        off |= out_off[t]
                x = members
                while x:
                    m = x.bit_length() - 1
                    x ^= 1 << m
                    out_on[m] = on
                    out_off[m] = off

    @cython.cfunc
    def _closure(self, start: cython.Py_ssize_t, max_hops: cython.Py_ssize_t,
                 s: cython.Py_ssize_t) -> cython.void:
        """Fill slot ``s``: on (everything reached), off (the union of the weak rows of
        everything reached) and the layers, by a breadth-first search over ``hop`` of at
        most ``max_hops`` hops."""
        k: cython.Py_ssize_t
        u: cython.Py_ssize_t
        j: cython.Py_ssize_t
        cur: cython.Py_ssize_t
        nxt: cython.Py_ssize_t
        x: cython.ulonglong
        low: cython.ulonglong
        any_new: cython.ulonglong
        words: cython.Py_ssize_t = self.words
        on: cython.Py_ssize_t = s * words * (self.max_layers + 3)
        off: cython.Py_ssize_t = on + words
        first: cython.Py_ssize_t = off + words
        count: cython.int = 1
        if not cython.compiled:
            self._closure_sets(start, max_hops, s)
            return
        self.store[first + (start >> _SHIFT)] = _ONE << (start & _MASK)
        self.store[on + (start >> _SHIFT)] = _ONE << (start & _MASK)
        while True:
            cur = first + (count - 1) * words
            nxt = first + count * words
            for k in range(words):
                x = self.store[cur + k]
                while x:
                    low = x & (0 - x)
                    x ^= low
                    u = ((k << _SHIFT) + _index(low)) * words
                    for j in range(words):
                        self.store[nxt + j] |= self.hop[u + j]
                        self.store[off + j] |= self.weak[u + j]
            any_new = 0
            for k in range(words):
                self.store[nxt + k] = self.store[nxt + k] & ~self.store[on + k]
                any_new |= self.store[nxt + k]
            if not any_new or count > max_hops:
                for k in range(words):
                    self.store[nxt + k] = 0
                self.nlayers[s] = count
                return
            for k in range(words):
                self.store[on + k] |= self.store[nxt + k]
            count += 1

    def _closure_sets(self, start: int, max_hops: int, s: int) -> None:
        """Uncompiled, :meth:`_closure` with one Python int a row."""
        at = s * (self.max_layers + 3)
        hop = self.hop
        weak = self.weak
        on = frontier = 1 << start
        off = 0
        layers = [on]
        while True:
            layer = 0
            x = frontier
            while x:
                node = x.bit_length() - 1
                x ^= 1 << node
                layer |= hop[node]
                off |= weak[node]
            layer &= ~on
            if not layer or len(layers) > max_hops:
                break
            on |= layer
            layers.append(layer)
            frontier = layer
        self.store[at] = on
        self.store[at + 1] = off
        for k, layer in enumerate(layers):
            self.store[at + 2 + k] = layer
        self.nlayers[s] = len(layers)

    def _alternate_sets(self, starts: list[int], in_cell: bool, max_links: int
                        ) -> tuple[int, int, int] | None:
        """Uncompiled, :meth:`alternate` with one Python int a row."""
        strong = self.strong
        seen = self.seen
        hop = self.hop
        # per start: frontier, on, off, what the start sees
        state = {s: [strong[s], strong[s], 1 << s, seen[s]] for s in starts}
        links = 1
        while state and links <= max_links:
            for s, st in state.items():
                sees = st[3]
                x = st[0]
                found = -1
                while x:  # highest first, keeping the last (lowest) end
                    e = x.bit_length() - 1
                    x ^= 1 << e
                    if e != s and sees & seen[e]:
                        found = e
                if found >= 0:
                    return s, found, 0
            links += 2
            done = []
            for s, st in state.items():
                frontier, on, off, _ = st
                new = 0
                x = frontier
                while x:
                    node = x.bit_length() - 1
                    x ^= 1 << node
                    new |= hop[node]
                    if in_cell:
                        off |= seen[node]
                new &= ~on
                on |= new
                if in_cell and on & off:
                    return s, (on & off).bit_length() - 1, 1
                if not new:
                    done.append(s)
                st[0], st[1], st[2] = new, on, off
            for s in done:
                del state[s]
        return None
