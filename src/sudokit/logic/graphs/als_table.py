"""The almost locked sets of one board state in flat typed tables, and ALS-XZ's pair search
over them in a typed loop.

An :class:`AlsTable` lists every ALS of up to ``max_cells`` cells, unit by unit (rows,
columns, boxes) and, within a unit, in the order of a depth-first walk over its unplaced
cells (later cells first at each level, a set before its extensions), each cell set once
(where it first turns up). For each set it keeps its cells, digits, unit, and per digit
d0: the set's cells holding d0+1, the first of them, the cells outside the set that see
all of those (``seen``), and those among them still holding d0+1 (``reach``: what a
conclusion "the set holds d0+1" eliminates). Cell sets are rows of 64-bit words.

Compiled when the package is installed (typed, in Cython's pure-Python mode). The same
source runs as plain Python as the fallback (``SUDOKIT_PURE_PYTHON=1``), with one Python
int for a cell set instead of 64-bit words, and gives the same answers.
"""

from __future__ import annotations

from array import array
from typing import Any

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Board, Geometry

#: a word of every cell
_ALL = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)

# A cell set is a run of words of _BITS bits: 64-bit words when compiled; uncompiled, one
# Python int (every board's cells fit in one such "word").
_SHIFT = cython.declare(cython.int, 6)
_BITS = cython.declare(cython.int, 64)
_MASK = cython.declare(cython.int, 63)
_ONE = cython.declare(cython.ulonglong, 1)
if not cython.compiled:
    _SHIFT = 20
    _BITS = 1 << _SHIFT
    _MASK = _BITS - 1
    _ALL = -1


def _zeros(count: int) -> Any:
    """A table of ``count`` words, all 0."""
    if cython.compiled:
        return array("Q", [0]) * count
    return [0] * count


def _ints(count: int) -> array:
    """An int table of ``count`` entries, all 0."""
    return array("i", [0]) * count


def _of(view: Any) -> Any:
    """The table behind a typed view (uncompiled, the table itself)."""
    return view.base if cython.compiled else view


def _widened(table: Any, used: int, size: int) -> Any:
    """A table of ``size`` words starting with the first ``used`` of ``table``."""
    if cython.compiled:
        out = array("Q", [0]) * size
        out[:used] = table[:used]
        return out
    return table[:used] + [0] * (size - used)


def _widened_q(table: array, used: int, size: int) -> array:
    """An unsigned 64-bit table of ``size`` entries starting with the first ``used`` of
    ``table``."""
    out = array("Q", [0]) * size
    out[:used] = table[:used]
    return out


def _widened_i(table: array, used: int, size: int) -> array:
    """An int table of ``size`` entries starting with the first ``used`` of ``table``."""
    out = array("i", [0]) * size
    out[:used] = table[:used]
    return out


def _put(table: Any, at: int, words: int, x: int) -> None:
    """Write cell set ``x`` (a Python int, -1 for every cell) as ``words`` words at ``at``."""
    if not cython.compiled:
        table[at] = x
        return
    for i in range(words):
        table[at + i] = (x >> (64 * i)) & 0xFFFFFFFFFFFFFFFF


if cython.compiled:
    from cython.cimports.sudokit.logic.graphs._bits64 import bit_index64 as _index
    from cython.cimports.sudokit.logic.graphs._bits64 import popcount64 as _popcount
else:
    from ._bits64 import bit_index64 as _index
    from ._bits64 import popcount64 as _popcount


#: the number of digits of each mask below 2**12 (a look-up is cheaper than counting, and
#: boards up to 12x12 have no wider masks)
_SMALL = 1 << 12
_DIGIT_COUNT = array("B", [bin(m).count("1") for m in range(_SMALL)])


#: per geometry: (words, peer rows, unit rows, units of each cell (3 a cell), cells of each
#: unit (n a unit))
_GEOS: dict[Geometry, tuple[int, Any, Any, array, array]] = {}


def _geo_tables(geo: Geometry) -> tuple[int, Any, Any, array, array]:
    found = _GEOS.get(geo)
    if found is None:
        words = max(1, (geo.ncells + _MASK) >> _SHIFT) if cython.compiled else 1
        peers = _zeros(geo.ncells * words)
        for c, pb in enumerate(geo.peer_bits):
            _put(peers, c * words, words, pb)
        ubits = _zeros(len(geo.units) * words)
        for u, ub in enumerate(geo.unit_bits):
            _put(ubits, u * words, words, ub)
        cell_units = array("i", [u for us in geo.cell_units for u in us])
        unit_cells = array("i", [c for cells in geo.units for c in cells])
        found = _GEOS[geo] = (words, peers, ubits, cell_units, unit_cells)
    return found


@cython.cclass
class AlsTable:
    """The almost locked sets of one board state (see the module's docstring): set k has
    ``size(k)`` cells; :meth:`cellset`, :meth:`digits`, :meth:`digit_cells`,
    :meth:`seen_by`, :meth:`reach` and :meth:`useful` read its tables as Python ints."""

    n: cython.Py_ssize_t
    ncells: cython.Py_ssize_t
    words: cython.Py_ssize_t
    count: cython.Py_ssize_t
    capacity: cython.Py_ssize_t
    max_cells: cython.int
    peers: cython.ulonglong[::1]
    ubits: cython.ulonglong[::1]
    dcells: cython.ulonglong[::1]
    unsolved: cython.ulonglong[::1]
    cell_masks: cython.ulonglong[::1]
    cell_units: cython.int[::1]
    unit_cells: cython.int[::1]
    # the unit being walked: its unplaced cells and their candidates, in unit order
    walk_cells: cython.int[::1]
    walk_masks: cython.ulonglong[::1]
    unit_count: cython.int[::1]
    tmp: cython.ulonglong[::1]
    digit_count: cython.uchar[::1]
    # per set
    cells: cython.ulonglong[::1]
    mask: cython.ulonglong[::1]
    usable: cython.ulonglong[::1]
    sizes: cython.int[::1]
    units: cython.int[::1]
    heads: cython.int[::1]
    # per set and digit: (k * n + d0) * words
    by_digit: cython.ulonglong[::1]
    seen: cython.ulonglong[::1]
    reaches: cython.ulonglong[::1]
    # what the pair search found: set a, set b, x0, z0 (gone: ``tmp``), and x1 (-1 unless
    # the pair is doubly linked: then what each digit d0+1 leaves is at ``dgone[d0 * words]``)
    found: cython.int[::1]
    dgone: cython.ulonglong[::1]

    def __init__(self, board: Board, max_cells: int, expect: int = 0) -> None:
        """List the sets of up to ``max_cells`` cells of ``board`` as it is now (about
        ``expect`` of them: room is made for that many at once)."""
        geo = board.geo
        words, peers, ubits, cell_units, unit_cells = _geo_tables(geo)
        n = geo.n
        self.n = n
        self.ncells = geo.ncells
        self.words = words
        self.max_cells = max_cells
        self.peers = peers
        self.ubits = ubits
        self.cell_units = cell_units
        self.unit_cells = unit_cells
        self.dcells = _zeros(n * words)
        for d0, dc in enumerate(board.dcells):
            _put(self.dcells, d0 * words, words, dc)
        self.unsolved = _zeros(words)
        _put(self.unsolved, 0, words, board.unsolved)
        self.cell_masks = array("Q", board.masks)
        self.walk_cells = _ints(n)
        self.walk_masks = array("Q", [0]) * n
        self.unit_count = _ints(len(geo.units))
        self.tmp = _zeros(words)
        self.digit_count = _DIGIT_COUNT
        self.found = _ints(5)
        self.dgone = _zeros(n * words)
        self.count = 0
        self.capacity = 0
        self._grow(expect + (expect >> 3) + 32)
        self._list()

    # -- listing ------------------------------------------------------------------------
    def _grow(self, wanted: int) -> None:
        """Make room for ``wanted`` sets, or twice as many as now (the tables grow as the
        walk finds sets)."""
        used = self.count
        size = max(wanted, 2 * self.capacity)
        words = self.words
        wide = self.n * words
        if self.capacity:
            self.cells = _widened(_of(self.cells), used * words, size * words)
            self.mask = _widened_q(_of(self.mask), used, size)
            self.usable = _widened_q(_of(self.usable), used, size)
            self.sizes = _widened_i(_of(self.sizes), used, size)
            self.units = _widened_i(_of(self.units), used, size)
            self.heads = _widened_i(_of(self.heads), used * self.n, size * self.n)
            self.by_digit = _widened(_of(self.by_digit), used * wide, size * wide)
            self.seen = _widened(_of(self.seen), used * wide, size * wide)
            self.reaches = _widened(_of(self.reaches), used * wide, size * wide)
        else:
            self.cells = _zeros(size * words)
            self.mask = array("Q", [0]) * size
            self.usable = array("Q", [0]) * size
            self.sizes = _ints(size)
            self.units = _ints(size)
            self.heads = _ints(size * self.n)
            self.by_digit = _zeros(size * wide)
            self.seen = _zeros(size * wide)
            self.reaches = _zeros(size * wide)
        self.capacity = size

    @cython.cfunc
    def _list(self) -> cython.void:
        """Walk every unit and write its sets."""
        u: cython.Py_ssize_t
        i: cython.Py_ssize_t
        c: cython.int
        got: cython.int
        limit: cython.int
        n: cython.Py_ssize_t = self.n
        nunits: cython.Py_ssize_t = len(self.unit_count)
        for u in range(nunits):
            got = 0
            for i in range(n):
                c = self.unit_cells[u * n + i]
                if self.unsolved[c >> _SHIFT] >> (c & _MASK) & 1:
                    self.walk_cells[got] = c
                    self.walk_masks[got] = self.cell_masks[c]
                    got += 1
            # (earlier units' counts are read to skip the sets they list too)
            self.unit_count[u] = got
            limit = min(self.max_cells, got - 1)
            if limit <= 0:
                continue
            self._walk(u, got, 0, 0, 0, 0, limit)

    @cython.cfunc
    def _walk(self, u: cython.int, count: cython.int, start: cython.int,
              picked: cython.ulonglong, union: cython.ulonglong, size: cython.int,
              limit: cython.int) -> cython.void:
        """The sets of unit ``u`` (its ``count`` unplaced cells picked by index): depth
        first in increasing cell order, later cells first at each level, a set listed
        before its extensions; a union already wider than the biggest set allowed can
        never close."""
        j: cython.int
        width: cython.int
        grown: cython.ulonglong
        one: cython.ulonglong = 1
        small: cython.bint = self.n <= 12
        if size:
            width = self.digit_count[union] if small else _popcount(union)
            if width == size + 1:
                self._emit(u, picked, union, size)
        if size == limit:
            return
        for j in range(count - 1, start - 1, -1):
            grown = union | self.walk_masks[j]
            width = self.digit_count[grown] if small else _popcount(grown)
            if width > limit + 1:
                continue
            self._walk(u, count, j + 1, picked | (one << j), grown, size + 1, limit)

    @cython.cfunc
    def _emit(self, u: cython.int, picked: cython.ulonglong, union: cython.ulonglong,
              size: cython.int) -> cython.void:
        """Write one set of unit ``u``, unless an earlier unit lists it too."""
        words: cython.Py_ssize_t = self.words
        n: cython.Py_ssize_t = self.n
        w: cython.Py_ssize_t
        w2: cython.Py_ssize_t
        i: cython.Py_ssize_t
        k: cython.Py_ssize_t
        base: cython.Py_ssize_t
        c: cython.int
        c2: cython.int
        u2: cython.int
        first: cython.int = -1
        head: cython.int
        d0: cython.int
        p: cython.ulonglong = picked
        low: cython.ulonglong
        x: cython.ulonglong
        s: cython.ulonglong
        r: cython.ulonglong
        digits: cython.ulonglong
        useful: cython.ulonglong = 0
        hit: cython.bint
        inside: cython.bint
        tmp: cython.ulonglong[::1] = self.tmp
        for w in range(words):
            tmp[w] = 0
        while p:
            low = p & (0 - p)
            p ^= low
            c = self.walk_cells[_index(low)]
            if first < 0:
                first = c
            tmp[c >> _SHIFT] |= _ONE << (c & _MASK)
        # listed already by an earlier unit holding every cell, where sets this big are
        # walked too (the same cells have the same digits there)
        for i in range(3):
            u2 = self.cell_units[first * 3 + i]
            if u2 >= u or min(self.max_cells, self.unit_count[u2] - 1) < size:
                continue
            inside = True
            for w in range(words):
                if tmp[w] & ~self.ubits[u2 * words + w]:
                    inside = False
            if inside:
                return
        if self.count == self.capacity:
            self._grow(0)
        k = self.count
        self.count += 1
        for w in range(words):
            self.cells[k * words + w] = tmp[w]
        self.mask[k] = union
        self.sizes[k] = size
        self.units[k] = u
        digits = union
        while digits:
            low = digits & (0 - digits)
            digits ^= low
            d0 = _index(low)
            base = (k * n + d0) * words
            head = -1
            for w in range(words):
                x = tmp[w] & self.dcells[d0 * words + w]
                self.by_digit[base + w] = x
                self.seen[base + w] = _ALL
                if head < 0 and x:
                    head = w * _BITS + _index(x & (0 - x))
            self.heads[k * n + d0] = head
            for w in range(words):
                x = self.by_digit[base + w]
                while x:
                    low = x & (0 - x)
                    x ^= low
                    c2 = w * _BITS + _index(low)
                    for w2 in range(words):
                        self.seen[base + w2] &= self.peers[c2 * words + w2]
            hit = False
            for w in range(words):
                s = self.seen[base + w] & ~tmp[w]
                self.seen[base + w] = s
                r = s & self.dcells[d0 * words + w]
                self.reaches[base + w] = r
                if r:
                    hit = True
            if hit:
                useful |= _ONE << d0
        self.usable[k] = useful

    # -- reading ------------------------------------------------------------------------
    def __len__(self) -> int:
        return self.count

    def size(self, k: int) -> int:
        """How many cells set k has."""
        return self.sizes[k]

    def unit(self, k: int) -> int:
        """The unit set k was listed in."""
        return self.units[k]

    def cellset(self, k: int) -> int:
        """The cells of set k."""
        return self._row(self.cells, k * self.words)  # type: ignore[no-any-return]

    def digits(self, k: int) -> int:
        """The digits of set k (a mask)."""
        return self.mask[k]

    def useful(self, k: int) -> int:
        """The digits d0+1 of set k with some cell outside it to lose them (a mask)."""
        return self.usable[k]

    def head(self, k: int, d0: int) -> int:
        """The first cell of set k holding d0+1 (d0 one of its digits)."""
        return self.heads[k * self.n + d0]

    def digit_cells(self, k: int, d0: int) -> int:
        """The cells of set k holding d0+1."""
        return self._row(self.by_digit, (k * self.n + d0) * self.words)  # type: ignore[no-any-return]

    def seen_by(self, k: int, d0: int) -> int:
        """The cells outside set k that see all its cells holding d0+1."""
        return self._row(self.seen, (k * self.n + d0) * self.words)  # type: ignore[no-any-return]

    def reach(self, k: int, d0: int) -> int:
        """The cells of :meth:`seen_by` that hold d0+1."""
        return self._row(self.reaches, (k * self.n + d0) * self.words)  # type: ignore[no-any-return]

    # -- for the ALS graph ---------------------------------------------------------------
    def tables(self) -> tuple[Any, ...]:
        """The tables behind the sets, for :class:`.als_links.AlsLinks`: (cells, digits,
        useful digits, sizes, first cell by digit, cells by digit, reach by digit), then
        the board's: (the peers of each cell, each cell's candidates, the unplaced cells)."""
        return (_of(self.cells), _of(self.mask), _of(self.usable), _of(self.sizes),
                _of(self.heads), _of(self.by_digit), _of(self.reaches), _of(self.peers),
                _of(self.cell_masks), _of(self.unsolved))

    def shape(self) -> tuple[int, int, int, int]:
        """(digits, cells, words a cell set, sets)."""
        return self.n, self.ncells, self.words, self.count

    @cython.cfunc
    def _row(self, table: cython.ulonglong[::1], at: cython.Py_ssize_t) -> object:
        """The cell set of the words at ``at`` of ``table``, as a Python int."""
        i: cython.Py_ssize_t
        top: cython.Py_ssize_t = self.words - 1
        if not cython.compiled:
            return table[at]
        while top > 0 and not table[at + top]:
            top -= 1
        out: Any = table[at + top]
        for i in range(top - 1, -1, -1):
            out = (out << 64) | table[at + i]
        return out

    # -- ALS-XZ ---------------------------------------------------------------------------
    def xz(self, changed: int, doubly: bool = False
           ) -> tuple[int, int, int, int, list[tuple[int, int]]] | None:
        """The first ALS-XZ with a set touching ``changed`` (a cell set; -1 for every cell):
        (set a, set b, restricted common x0, x1, eliminations), or None. Singly linked, x1
        is -1 and the eliminations one (z0, the cells that lose z0+1); with ``doubly``, a
        pair doubly linked (x1+1 a second restricted common) gives every (d0, cells that
        lose d0+1) of the pair.

        Search order: by x0; for each set a holding x0 (in order) the cells of x0 that
        see every x0 of a, in increasing order; for each, the sets b (from a on) whose
        first x0 cell it is; the pair doubly linked if it is, else the first z0 that
        eliminates something."""
        words = self.words
        n = self.n
        count = self.count
        fresh = _ints(max(1, count))
        touch = _zeros(words)
        _put(touch, 0, words, changed)
        if not self._fresh(touch, fresh):
            return None
        # for each x0, the sets that hold x0 and could eliminate another digit, bucketed
        # by their first x0 cell (in set order within a bucket): a partner's x0 cells must
        # all lie where every x0 of a set is seen
        slots = n * self.ncells
        starts = _ints(slots + 1)
        order = _ints(max(1, count * n))
        if not self._pairs(fresh, starts, order, doubly):
            return None
        found = self.found
        if found[4] < 0:
            return found[0], found[1], found[2], -1, [(found[3], self._row(self.tmp, 0))]
        elims = []
        for d0 in range(n):
            gone = self._row(self.dgone, d0 * words)
            if gone:
                elims.append((d0, gone))
        return found[0], found[1], found[2], found[4], elims

    @cython.cfunc
    def _fresh(self, touch: cython.ulonglong[::1], fresh: cython.int[::1]) -> cython.bint:
        """Mark the sets that could eliminate and touch ``touch``; are there any?"""
        k: cython.Py_ssize_t
        w: cython.Py_ssize_t
        words: cython.Py_ssize_t = self.words
        some: cython.bint = False
        for k in range(self.count):
            if not self.usable[k]:
                continue
            for w in range(words):
                if self.cells[k * words + w] & touch[w]:
                    fresh[k] = 1
                    some = True
                    break
        return some

    @cython.cfunc
    def _pairs(self, fresh: cython.int[::1], starts: cython.int[::1],
               order: cython.int[::1], doubly: cython.bint) -> cython.bint:
        """The pair search of :meth:`xz` (the result in ``found`` and ``tmp``)."""
        n: cython.Py_ssize_t = self.n
        ncells: cython.Py_ssize_t = self.ncells
        words: cython.Py_ssize_t = self.words
        count: cython.Py_ssize_t = self.count
        x0: cython.Py_ssize_t
        ka: cython.Py_ssize_t
        kb: cython.Py_ssize_t
        w: cython.Py_ssize_t
        q: cython.Py_ssize_t
        key: cython.Py_ssize_t
        abase: cython.Py_ssize_t
        za: cython.Py_ssize_t
        zb: cython.Py_ssize_t
        z0: cython.int
        x1: cython.int
        total: cython.int
        was: cython.int
        xbit: cython.ulonglong
        ua: cython.ulonglong
        others: cython.ulonglong
        common: cython.ulonglong
        near: cython.ulonglong
        low: cython.ulonglong
        zlow: cython.ulonglong
        g: cython.ulonglong
        fa: cython.bint
        clash: cython.bint
        some: cython.bint
        usable: cython.ulonglong[::1] = self.usable
        mask: cython.ulonglong[::1] = self.mask
        cells: cython.ulonglong[::1] = self.cells
        seen: cython.ulonglong[::1] = self.seen
        reaches: cython.ulonglong[::1] = self.reaches
        by_digit: cython.ulonglong[::1] = self.by_digit
        dcells: cython.ulonglong[::1] = self.dcells
        heads: cython.int[::1] = self.heads
        tmp: cython.ulonglong[::1] = self.tmp
        # counting sort of (x0, first x0 cell) -> sets, stable in set order
        for x0 in range(n):
            xbit = _ONE << x0
            for ka in range(count):
                ua = usable[ka]
                if ua & ~xbit and mask[ka] & xbit:
                    starts[x0 * ncells + heads[ka * n + x0]] += 1
        total = 0
        for q in range(n * ncells + 1):
            total += starts[q]
            starts[q] = total
        # starts[key] now ends bucket key; filled backwards, it ends up at its start
        for x0 in range(n - 1, -1, -1):
            xbit = _ONE << x0
            for ka in range(count - 1, -1, -1):
                ua = usable[ka]
                if ua & ~xbit and mask[ka] & xbit:
                    key = x0 * ncells + heads[ka * n + x0]
                    starts[key] -= 1
                    order[starts[key]] = ka
        # bucket key = x0 * ncells + cell: order[starts[key]:starts[key + 1]]
        for x0 in range(n):
            xbit = _ONE << x0
            for ka in range(count):
                ua = usable[ka]
                if not (ua & ~xbit and mask[ka] & xbit):
                    continue
                others = ua & ~xbit
                fa = fresh[ka] != 0
                abase = (ka * n + x0) * words
                for w in range(words):
                    near = seen[abase + w] & dcells[x0 * words + w]
                    while near:
                        low = near & (0 - near)
                        near ^= low
                        key = x0 * ncells + w * _BITS + _index(low)
                        for q in range(starts[key], starts[key + 1]):
                            kb = order[q]
                            if kb < ka:
                                continue  # each pair once, from its first set
                            if not fa and not fresh[kb]:
                                continue  # a pair seen before the last change
                            common = others & usable[kb]
                            if not common and not (doubly and mask[ka] & mask[kb] & ~xbit):
                                continue
                            clash = False
                            for was in range(words):
                                if cells[ka * words + was] & cells[kb * words + was] or (
                                    by_digit[(kb * n + x0) * words + was]
                                    & ~seen[abase + was]
                                ):
                                    clash = True
                                    break
                            if clash:
                                continue
                            x1 = self._second_common(ka, kb, x0) if doubly else -1
                            if x1 >= 0:
                                # doubly linked: it eliminates at least what singly does
                                if self._doubly(ka, kb, x0, x1):
                                    self.found[0] = ka
                                    self.found[1] = kb
                                    self.found[2] = x0
                                    self.found[3] = -1
                                    self.found[4] = x1
                                    return True
                                continue
                            while common:
                                zlow = common & (0 - common)
                                common ^= zlow
                                z0 = _index(zlow)
                                za = (ka * n + z0) * words
                                zb = (kb * n + z0) * words
                                some = False
                                for was in range(words):
                                    g = reaches[za + was] & reaches[zb + was] & ~cells[
                                        kb * words + was]
                                    tmp[was] = g
                                    if g:
                                        some = True
                                if some:
                                    self.found[0] = ka
                                    self.found[1] = kb
                                    self.found[2] = x0
                                    self.found[3] = z0
                                    self.found[4] = -1
                                    return True
        return False

    @cython.cfunc
    def _second_common(self, ka: cython.Py_ssize_t, kb: cython.Py_ssize_t,
                       x0: cython.Py_ssize_t) -> cython.int:
        """A restricted common digit x1 of disjoint sets a and b other than x0 (its
        lowest), or -1."""
        n: cython.Py_ssize_t = self.n
        words: cython.Py_ssize_t = self.words
        w: cython.Py_ssize_t
        x1: cython.Py_ssize_t
        low: cython.ulonglong
        apart: cython.bint
        both: cython.ulonglong = self.mask[ka] & self.mask[kb] & ~(_ONE << x0)
        while both:
            low = both & (0 - both)
            both ^= low
            x1 = _index(low)
            apart = True
            for w in range(words):
                if self.by_digit[(kb * n + x1) * words + w] & ~self.seen[(ka * n + x1) * words + w]:
                    apart = False
                    break
            if apart:
                return x1
        return -1

    @cython.cfunc
    def _doubly(self, ka: cython.Py_ssize_t, kb: cython.Py_ssize_t, x0: cython.Py_ssize_t,
                x1: cython.Py_ssize_t) -> cython.bint:
        """What the doubly linked pair a, b (restricted commons x0 and x1) eliminates, by
        digit into ``dgone``: each set holds exactly one of the two, so its other digits
        are locked in it, and x0+1, x1+1 leave the cells seeing all of theirs in both.
        Does it eliminate anything?"""
        n: cython.Py_ssize_t = self.n
        words: cython.Py_ssize_t = self.words
        w: cython.Py_ssize_t
        d0: cython.Py_ssize_t
        g: cython.ulonglong
        bit: cython.ulonglong
        pair: cython.ulonglong = (_ONE << x0) | (_ONE << x1)
        some: cython.bint = False
        for d0 in range(n):
            bit = _ONE << d0
            for w in range(words):
                g = 0
                if pair & bit:
                    g = (self.reaches[(ka * n + d0) * words + w]
                         & self.reaches[(kb * n + d0) * words + w])
                else:
                    if self.mask[ka] & bit:
                        g |= self.reaches[(ka * n + d0) * words + w] & ~self.cells[kb * words + w]
                    if self.mask[kb] & bit:
                        g |= self.reaches[(kb * n + d0) * words + w] & ~self.cells[ka * words + w]
                self.dgone[d0 * words + w] = g
                if g:
                    some = True
        return some
