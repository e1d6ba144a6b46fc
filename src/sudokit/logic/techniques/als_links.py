"""The ALS graph in typed tables: the small almost locked sets of an :class:`.AlsTable`, the
restricted commons joining them, and ALS-XY-Chain's breadth-first search over those links
in a typed loop.

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

from .als_table import AlsTable

_M1 = cython.declare(cython.ulonglong, 0x5555555555555555)
_M2 = cython.declare(cython.ulonglong, 0x3333333333333333)
_M4 = cython.declare(cython.ulonglong, 0x0F0F0F0F0F0F0F0F)
_H01 = cython.declare(cython.ulonglong, 0x0101010101010101)
_WORD = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)

# cell sets as in :mod:`.als_table`: 64-bit words compiled, one Python int uncompiled
_BITS = cython.declare(cython.int, 64)
_ONE = cython.declare(cython.ulonglong, 1)
#: a word of every cell
_ALL = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
if not cython.compiled:
    _BITS = 1 << 20
    _ALL = -1


def _ints(count: int) -> array:
    """An int table of ``count`` entries, all 0."""
    return array("i", bytes(4 * count))


def _zeros(count: int) -> Any:
    """A table of ``count`` words, all 0."""
    if cython.compiled:
        return array("Q", bytes(8 * count))
    return [0] * count


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
@cython.inline
@cython.exceptval(check=False)
def _index(low: cython.ulonglong) -> cython.int:
    """The position of the one bit of ``low`` (the bits below it, counted)."""
    if cython.compiled:
        return _popcount(low - 1)
    return low.bit_length() - 1  # type: ignore[attr-defined, no-any-return]


@cython.cclass
class AlsLinks:
    """The sets of up to ``max_cells`` cells of an :class:`.AlsTable`, numbered 0, 1, ...
    in table order, and the restricted commons joining them (see :meth:`lists`)."""

    n: cython.Py_ssize_t
    ncells: cython.Py_ssize_t
    words: cython.Py_ssize_t
    count: cython.Py_ssize_t
    # the table's, by table index
    cells: cython.ulonglong[::1]
    mask: cython.ulonglong[::1]
    usable: cython.ulonglong[::1]
    heads: cython.int[::1]
    by_digit: cython.ulonglong[::1]
    reaches: cython.ulonglong[::1]
    # the board's: peers of each cell (rows), candidates of each cell, unplaced cells (a row)
    peers: cython.ulonglong[::1]
    cell_masks: cython.ulonglong[::1]
    unsolved: cython.ulonglong[::1]
    # the sets holding d0+1: hold_set[hold_start[d0] .. hold_start[d0 + 1] - 1]
    hold_start: cython.int[::1]
    hold_set: cython.int[::1]
    # by set number: its table index; the links of set g are (link_set[q], link_digit[q])
    # for q in link_start[g] .. link_start[g + 1] - 1, in the order of ``links``
    index: cython.int[::1]
    link_start: cython.int[::1]
    link_set: cython.int[::1]
    link_digit: cython.int[::1]
    # what a search found: the chain's (set, digit) pairs, its length, z0; gone: ``gone``
    path: cython.int[::1]
    found: cython.int[::1]
    gone: cython.ulonglong[::1]
    py_lists: tuple

    def __init__(self, table: AlsTable, max_cells: int) -> None:
        """Number the sets of up to ``max_cells`` cells of ``table`` and link them."""
        (cells, mask, usable, sizes, heads, by_digit, reaches, peers, cell_masks,
         unsolved) = table.tables()
        n, ncells, words, total = table.shape()
        self.n = n
        self.ncells = ncells
        self.words = words
        self.cells = cells
        self.mask = mask
        self.usable = usable
        self.heads = heads
        self.by_digit = by_digit
        self.reaches = reaches
        self.peers = peers
        self.cell_masks = cell_masks
        self.unsolved = unsolved
        keep = [k for k in range(total) if sizes[k] <= max_cells]
        count = len(keep)
        self.count = count
        self.index = array("i", keep) if count else _ints(1)
        masks = [mask[k] for k in keep]
        useful = [usable[k] for k in keep]
        cell_rows: list[int] = [table.cellset(k) for k in keep]
        by_digit_rows: list[list[int]] = []
        reach_rows: list[list[int]] = []
        for k, m, u in zip(keep, masks, useful, strict=True):
            row = [0] * n
            for d0 in range(n):
                if m >> d0 & 1:
                    row[d0] = table.digit_cells(k, d0)
            by_digit_rows.append(row)
            row = [0] * n
            for d0 in range(n):
                if u >> d0 & 1:
                    row[d0] = table.reach(k, d0)
            reach_rows.append(row)
        holding: list[list[int]] = [[] for _ in range(n)]
        for g, m in enumerate(masks):
            for d0 in range(n):
                if m >> d0 & 1:
                    holding[d0].append(g)
        self.hold_start = array("i", [0] * (n + 1))
        for d0 in range(n):
            self.hold_start[d0 + 1] = self.hold_start[d0] + len(holding[d0])
        flat_holding = [g for row in holding for g in row]
        self.hold_set = array("i", flat_holding) if flat_holding else _ints(1)
        # each link once, from its first set (g, h, x0), flat
        pairs: list[int] = []
        self._links(pairs, _ints(n * ncells + 1), _ints(max(1, count * n)))
        links: list[list[tuple[int, int]]] = [[] for _ in keep]
        degree = [0] * (count + 1)
        for i in range(0, len(pairs), 3):
            g, h, x0 = pairs[i], pairs[i + 1], pairs[i + 2]
            links[g].append((h, x0))
            links[h].append((g, x0))
            degree[g + 1] += 1
            degree[h + 1] += 1
        for g in range(count):
            degree[g + 1] += degree[g]
        self.link_start = array("i", degree)
        flat_sets = [h for row in links for h, _ in row]
        flat_digits = [x0 for row in links for _, x0 in row]
        self.link_set = array("i", flat_sets) if flat_sets else _ints(1)
        self.link_digit = array("i", flat_digits) if flat_digits else _ints(1)
        self.path = _ints(16)
        self.found = _ints(2)
        self.gone = _zeros(words)
        self.py_lists = (keep, cell_rows, masks, by_digit_rows, reach_rows, useful, links,
                         holding)

    def lists(self) -> tuple[
        list[int], list[int], list[int], list[list[int]], list[list[int]], list[int],
        list[list[tuple[int, int]]], list[list[int]],
    ]:
        """(table index, cells, digits, cells by digit, reach by digit, useful digits,
        links, holding), each a list by set number. "By digit" lists have n entries (0
        where the set lacks the digit or nothing outside it could lose it);
        ``links[g]`` the pairs (h, x0): set h is disjoint from set g and every x0+1 of
        each sees every x0+1 of the other; ``holding[d0]`` the sets that hold d0+1.
        Links are found from each set g in turn, by its useful digit x0, the cells of
        its reach in x0 in increasing order, the later sets h whose first x0+1 is
        there, last first (each pair once, from its first set, and added to both
        sets' lists)."""
        return self.py_lists  # type: ignore[return-value]

    @cython.cfunc
    def _links(self, pairs: list, starts: cython.int[::1], order: cython.int[::1]
               ) -> cython.void:
        """Append each link (g, h, x0), g < h, to ``pairs`` (see :meth:`lists`)."""
        n: cython.Py_ssize_t = self.n
        ncells: cython.Py_ssize_t = self.ncells
        words: cython.Py_ssize_t = self.words
        count: cython.Py_ssize_t = self.count
        g: cython.Py_ssize_t
        h: cython.Py_ssize_t
        k: cython.Py_ssize_t
        j: cython.Py_ssize_t
        w: cython.Py_ssize_t
        v: cython.Py_ssize_t
        q: cython.Py_ssize_t
        key: cython.Py_ssize_t
        base: cython.Py_ssize_t
        x0: cython.int
        total: cython.int
        xbit: cython.ulonglong
        digits: cython.ulonglong
        low: cython.ulonglong
        near: cython.ulonglong
        clash: cython.bint
        keep: cython.int[::1] = self.index
        mask: cython.ulonglong[::1] = self.mask
        usable: cython.ulonglong[::1] = self.usable
        cells: cython.ulonglong[::1] = self.cells
        reaches: cython.ulonglong[::1] = self.reaches
        by_digit: cython.ulonglong[::1] = self.by_digit
        heads: cython.int[::1] = self.heads
        # sets by (x0, first x0 cell), in number order: counted, summed, then filled
        # backwards so that each bucket's end becomes its start
        for x0 in range(n):
            xbit = _ONE << x0
            for g in range(count):
                k = keep[g]
                if mask[k] & xbit:
                    starts[x0 * ncells + heads[k * n + x0]] += 1
        total = 0
        for q in range(n * ncells + 1):
            total += starts[q]
            starts[q] = total
        for x0 in range(n - 1, -1, -1):
            xbit = _ONE << x0
            for g in range(count - 1, -1, -1):
                k = keep[g]
                if mask[k] & xbit:
                    key = x0 * ncells + heads[k * n + x0]
                    starts[key] -= 1
                    order[starts[key]] = cython.cast(cython.int, g)
        for g in range(count):
            k = keep[g]
            digits = usable[k]
            while digits:
                low = digits & (0 - digits)
                digits ^= low
                x0 = _index(low)
                base = (k * n + x0) * words
                for w in range(words):
                    near = reaches[base + w]
                    while near:
                        low = near & (0 - near)
                        near ^= low
                        key = x0 * ncells + w * _BITS + _index(low)
                        for q in range(starts[key + 1] - 1, starts[key] - 1, -1):
                            h = order[q]
                            if h <= g:
                                break
                            j = keep[h]
                            clash = False
                            for v in range(words):
                                if cells[k * words + v] & cells[j * words + v] or (
                                    by_digit[(j * n + x0) * words + v] & ~reaches[base + v]
                                ):
                                    clash = True
                                    break
                            if clash:
                                continue
                            pairs.append(g)
                            pairs.append(h)
                            pairs.append(x0)

    # -- ALS-XY-Chain ---------------------------------------------------------------------
    def chain(self, max_sets: int) -> tuple[list[tuple[int, int]], int, int] | None:
        """The shortest chain of 4..``max_sets`` sets, each joined to the next by a link,
        no two neighbouring links on the same digit, whose ends both hold a digit z0+1
        (not the first or last link digit) that some cell seeing all of it in both ends
        could lose: (the chain as (set, digit of the link into it, -1 for the first),
        z0, those cells), or None.

        Breadth-first from each start in turn (sets with useful digits) over the states
        (set, digit of the link into it), each state once per start, links in their
        order; a chain is looked for from depth 3 (four sets) and a later start only
        looks for shorter ones; the first found at a depth is kept."""
        states = max(1, self.count * self.n)
        if not self._chain(max_sets - 1, _ints(states), _ints(states), _ints(states),
                           _ints(3 * states), _zeros(self.words * states),
                           _ints(3 * states), _zeros(self.words * states)):
            return None
        length = self.found[0]
        path = [(self.path[2 * i], self.path[2 * i + 1]) for i in range(length)]
        gone = 0
        for w in range(self.words):
            gone |= self.gone[w] << (64 * w)
        return path, self.found[1], gone

    @cython.cfunc
    def _chain(self, last: cython.int, stamp: cython.int[::1], par_set: cython.int[::1],
               par_digit: cython.int[::1], front: cython.int[::1],
               front_used: cython.ulonglong[::1], grown: cython.int[::1],
               grown_used: cython.ulonglong[::1]) -> cython.bint:
        """The search of :meth:`chain` (``last``: the most links); the best chain in
        ``path``, ``found`` and ``gone``."""
        n: cython.Py_ssize_t = self.n
        words: cython.Py_ssize_t = self.words
        count: cython.Py_ssize_t = self.count
        start: cython.Py_ssize_t
        f: cython.Py_ssize_t
        q: cython.Py_ssize_t
        w: cython.Py_ssize_t
        k: cython.int
        j: cython.int
        x0: cython.int
        in0: cython.int
        first: cython.int
        z0: cython.int
        depth: cython.int
        state: cython.int
        node_set: cython.int
        node_digit: cython.int
        length: cython.int
        i: cython.int
        tag: cython.int
        nf: cython.Py_ssize_t
        ng: cython.Py_ssize_t
        sa: cython.Py_ssize_t
        sj: cython.Py_ssize_t
        za: cython.Py_ssize_t
        zj: cython.Py_ssize_t
        best: cython.int = 0
        hit: cython.bint
        clash: cython.bint
        some: cython.bint
        u: cython.ulonglong
        common: cython.ulonglong
        low: cython.ulonglong
        swap_i: cython.int[::1]
        swap_u: cython.ulonglong[::1]
        keep: cython.int[::1] = self.index
        usable: cython.ulonglong[::1] = self.usable
        cells: cython.ulonglong[::1] = self.cells
        reaches: cython.ulonglong[::1] = self.reaches
        link_start: cython.int[::1] = self.link_start
        link_set: cython.int[::1] = self.link_set
        link_digit: cython.int[::1] = self.link_digit
        for start in range(count):
            sa = keep[start]
            u = usable[sa]
            if not u:
                continue
            tag = cython.cast(cython.int, start + 1)
            nf = 0
            for q in range(link_start[start], link_start[start + 1]):
                j = link_set[q]
                x0 = link_digit[q]
                state = j * n + x0
                if u & ~(_ONE << x0) and stamp[state] != tag:
                    stamp[state] = tag
                    par_set[state] = cython.cast(cython.int, start)
                    par_digit[state] = -1
                    front[3 * nf] = j
                    front[3 * nf + 1] = x0
                    front[3 * nf + 2] = x0
                    sj = keep[j]
                    for w in range(words):
                        front_used[nf * words + w] = cells[sa * words + w] | cells[sj * words + w]
                    nf += 1
            for depth in range(2, last + 1):
                if best and depth >= best:
                    break
                ng = 0
                hit = False
                for f in range(nf):
                    k = front[3 * f]
                    in0 = front[3 * f + 1]
                    first = front[3 * f + 2]
                    for q in range(link_start[k], link_start[k + 1]):
                        j = link_set[q]
                        x0 = link_digit[q]
                        if x0 == in0:
                            continue
                        state = j * n + x0
                        if stamp[state] == tag:
                            continue
                        sj = keep[j]
                        clash = False
                        for w in range(words):
                            if cells[sj * words + w] & front_used[f * words + w]:
                                clash = True
                                break
                        if clash:
                            continue
                        stamp[state] = tag
                        par_set[state] = k
                        par_digit[state] = in0
                        if depth >= 3:
                            common = u & usable[sj] & ~(_ONE << first) & ~(_ONE << x0)
                            while common:
                                low = common & (0 - common)
                                common ^= low
                                z0 = _index(low)
                                za = (sa * n + z0) * words
                                zj = (sj * n + z0) * words
                                some = False
                                for w in range(words):
                                    if reaches[za + w] & reaches[zj + w]:
                                        some = True
                                if some:
                                    for w in range(words):
                                        self.gone[w] = reaches[za + w] & reaches[zj + w]
                                    # the chain, from its end back to the start
                                    length = 1
                                    self.path[0] = j
                                    self.path[1] = x0
                                    node_set = j
                                    node_digit = x0
                                    while node_digit >= 0:
                                        state = node_set * n + node_digit
                                        node_set = par_set[state]
                                        node_digit = par_digit[state]
                                        self.path[2 * length] = node_set
                                        self.path[2 * length + 1] = node_digit
                                        length += 1
                                    for i in range(length // 2):
                                        node_set = self.path[2 * i]
                                        node_digit = self.path[2 * i + 1]
                                        self.path[2 * i] = self.path[2 * (length - 1 - i)]
                                        self.path[2 * i + 1] = self.path[2 * (length - 1 - i) + 1]
                                        self.path[2 * (length - 1 - i)] = node_set
                                        self.path[2 * (length - 1 - i) + 1] = node_digit
                                    self.found[0] = length
                                    self.found[1] = z0
                                    best = depth
                                    hit = True
                                    break
                            if hit:
                                break
                        if depth < last:
                            grown[3 * ng] = j
                            grown[3 * ng + 1] = x0
                            grown[3 * ng + 2] = first
                            for w in range(words):
                                grown_used[ng * words + w] = (
                                    front_used[f * words + w] | cells[sj * words + w]
                                )
                            ng += 1
                    if hit:
                        break
                swap_i = front
                front = grown
                grown = swap_i
                swap_u = front_used
                front_used = grown_used
                grown_used = swap_u
                nf = ng
        return best != 0

    # -- Death Blossom --------------------------------------------------------------------
    def blossom(self, max_petals: int) -> tuple[int, list[int], int, int] | None:
        """A stem cell of 2..``max_petals`` digits and, for each of its digits d0 in
        increasing order, a petal: a set holding d0+1 whose every d0+1 sees the stem,
        the petals disjoint and all holding a digit z0+1 the stem lacks that some cells
        seeing every z0+1 of every petal could lose: (stem, petals, z0, those cells),
        or None.

        Stems in cell order; for each, the candidate petals of each stem digit (sets in
        order, holding a digit still shared by the petals so far), then each z0 in
        increasing order, the petals picked depth first (in order, each narrowing the
        cells that lose z0+1)."""
        n = self.n
        count = self.count
        room = max(1, count * n)
        if not self._blossom(max_petals, _ints(room), _ints(n + 1), _ints(room),
                             _ints(n + 1), _zeros(self.words * (n + 1)),
                             _zeros(self.words * (n + 1))):
            return None
        petals = self.found[0]
        picked = [self.path[i] for i in range(petals)]
        gone = 0
        for w in range(self.words):
            gone |= self.gone[w] << (64 * w)
        return self.found[1], picked, self.path[15], gone

    @cython.cfunc
    def _blossom(self, max_petals: cython.int, petal: cython.int[::1],
                 petal_start: cython.int[::1], lists: cython.int[::1],
                 list_start: cython.int[::1], used: cython.ulonglong[::1],
                 gone: cython.ulonglong[::1]) -> cython.bint:
        """The search of :meth:`blossom`: the stem in ``found[1]``, the petal count in
        ``found[0]``, the petals in ``path``, z0 in ``path[15]``, the cells in ``gone``."""
        n: cython.Py_ssize_t = self.n
        ncells: cython.Py_ssize_t = self.ncells
        words: cython.Py_ssize_t = self.words
        stem: cython.Py_ssize_t
        q: cython.Py_ssize_t
        w: cython.Py_ssize_t
        i: cython.Py_ssize_t
        k: cython.int
        sk: cython.Py_ssize_t
        d0: cython.int
        z0: cython.int
        petals: cython.int
        fill: cython.int
        at: cython.int
        ok: cython.bint
        sees: cython.bint
        m: cython.ulonglong
        zs: cython.ulonglong
        z_any: cython.ulonglong
        digits: cython.ulonglong
        low: cython.ulonglong
        full: cython.ulonglong = (_ONE << n) - 1 if n < 64 else _WORD
        keep: cython.int[::1] = self.index
        usable: cython.ulonglong[::1] = self.usable
        by_digit: cython.ulonglong[::1] = self.by_digit
        peers: cython.ulonglong[::1] = self.peers
        hold_start: cython.int[::1] = self.hold_start
        hold_set: cython.int[::1] = self.hold_set
        for stem in range(ncells):
            if not (self.unsolved[stem // _BITS] >> (stem % _BITS)) & 1:
                continue
            m = self.cell_masks[stem]
            petals = _popcount(m)
            if petals < 2 or petals > max_petals:
                continue
            # for each stem digit, the sets whose every cell with that digit sees the stem
            zs = full & ~m
            ok = True
            fill = 0
            i = 0
            digits = m
            while digits:
                low = digits & (0 - digits)
                digits ^= low
                d0 = _index(low)
                petal_start[i] = fill
                z_any = 0
                for q in range(hold_start[d0], hold_start[d0 + 1]):
                    k = hold_set[q]
                    sk = keep[k]
                    if not usable[sk] & zs:
                        continue
                    sees = True
                    for w in range(words):
                        if by_digit[(sk * n + d0) * words + w] & ~peers[stem * words + w]:
                            sees = False
                            break
                    if sees:
                        petal[fill] = k
                        fill += 1
                        z_any |= usable[sk]
                if fill == petal_start[i]:
                    ok = False
                    break
                i += 1
                zs &= z_any
                if not zs:
                    ok = False
                    break
            if not ok:
                continue
            petal_start[petals] = fill
            while zs:
                low = zs & (0 - zs)
                zs ^= low
                z0 = _index(low)
                at = 0
                for i in range(petals):
                    list_start[i] = at
                    for q in range(petal_start[i], petal_start[i + 1]):
                        if usable[keep[petal[q]]] >> z0 & 1:
                            lists[at] = petal[q]
                            at += 1
                    if at == list_start[i]:
                        ok = False
                        break
                if not ok:
                    ok = True
                    continue
                list_start[petals] = at
                for w in range(words):
                    used[w] = 0
                    gone[w] = _ALL
                if self._pick(lists, list_start, petals, z0, 0, used, gone):
                    self.found[0] = petals
                    self.found[1] = cython.cast(cython.int, stem)
                    self.path[15] = z0
                    for w in range(words):
                        self.gone[w] = gone[petals * words + w]
                    return True
        return False

    @cython.cfunc
    def _pick(self, lists: cython.int[::1], list_start: cython.int[::1],
              petals: cython.int, z0: cython.int, i: cython.int,
              used: cython.ulonglong[::1], gone: cython.ulonglong[::1]) -> cython.bint:
        """One petal from each list, disjoint, whose z0+1 cells are all seen by some cell
        holding z0+1 (depth first; level i's cells used and cells seeing every z0+1 of the
        petals so far at ``used[i * words]``, ``gone[i * words]``); the petals in
        ``path``."""
        n: cython.Py_ssize_t = self.n
        words: cython.Py_ssize_t = self.words
        q: cython.Py_ssize_t
        w: cython.Py_ssize_t
        sk: cython.Py_ssize_t
        clash: cython.bint
        some: cython.bint
        cells: cython.ulonglong[::1] = self.cells
        reaches: cython.ulonglong[::1] = self.reaches
        keep: cython.int[::1] = self.index
        if i == petals:
            return True
        for q in range(list_start[i], list_start[i + 1]):
            sk = keep[lists[q]]
            clash = False
            for w in range(words):
                if cells[sk * words + w] & used[i * words + w]:
                    clash = True
                    break
            if clash:
                continue
            some = False
            for w in range(words):
                gone[(i + 1) * words + w] = gone[i * words + w] & reaches[
                    (sk * n + z0) * words + w]
                if gone[(i + 1) * words + w]:
                    some = True
            if not some:
                continue
            for w in range(words):
                used[(i + 1) * words + w] = used[i * words + w] | cells[sk * words + w]
            self.path[i] = lists[q]
            if self._pick(lists, list_start, petals, z0, i + 1, used, gone):
                return True
        return False
