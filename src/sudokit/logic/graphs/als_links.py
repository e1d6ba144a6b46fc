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
    return array("i", [0]) * count


def _zeros(count: int) -> Any:
    """A table of ``count`` words, all 0."""
    if cython.compiled:
        return array("Q", [0]) * count
    return [0] * count


if cython.compiled:
    from cython.cimports.sudokit.logic.graphs._bits64 import bit_index64 as _index
    from cython.cimports.sudokit.logic.graphs._bits64 import popcount64 as _popcount
else:
    from ._bits64 import bit_index64 as _index
    from ._bits64 import popcount64 as _popcount


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
    # may sets share cells (where no link digit lies)?
    overlap: cython.bint
    # what a search found: the chain's (set, digit) pairs, its length, z0; gone: ``gone``
    path: cython.int[::1]
    found: cython.int[::1]
    gone: cython.ulonglong[::1]
    py_lists: object

    def __init__(self, table: AlsTable, max_cells: int, overlap: bool = False) -> None:
        """Number the sets of up to ``max_cells`` cells of ``table`` and link them; with
        ``overlap``, sets that share cells holding no link digit too."""
        self.overlap = overlap
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
        self.hold_start = _ints(n + 1)
        self.hold_set = _ints(max(1, count * n))
        self._holding()
        # each link once, from its first set (g, h, x0), flat
        pairs: list[int] = []
        self._links(pairs, _ints(n * ncells + 1), _ints(max(1, count * n)))
        self.link_start = _ints(count + 1)
        self.link_set = _ints(max(1, len(pairs) // 3 * 2))
        self.link_digit = _ints(max(1, len(pairs) // 3 * 2))
        self._number_links(pairs, _ints(count + 1))
        self.path = _ints(16)
        self.found = _ints(2)
        self.gone = _zeros(words)
        self.py_lists = None

    def lists(self) -> tuple[
        list[int], list[int], list[int], list[list[int]], list[list[int]], list[int],
        list[list[tuple[int, int]]], list[list[int]],
    ]:
        """(table index, cells, digits, cells by digit, reach by digit, useful digits,
        links, holding), each a list by set number. "By digit" lists have n entries (0
        where the set lacks the digit or nothing outside it could lose it);
        ``links[g]`` the pairs (h, x0): every x0+1 of each set sees every x0+1 of the
        other (so none lies where they overlap), the sets disjoint unless ``overlap``;
        ``holding[d0]`` the sets that hold d0+1. Links are found from each set g in
        turn, by its useful digit x0, the cells of its reach in x0 in increasing order,
        the later sets h whose first x0+1 is there, last first (each pair once, from its
        first set, and added to both sets' lists)."""
        if self.py_lists is None:
            keep = list(self.index[: self.count])
            cells: list[int] = []
            by_digit: list[list[int]] = []
            reach: list[list[int]] = []
            self._rows(cells, by_digit, reach)
            hold = self.hold_start
            holding = [list(self.hold_set[hold[d0]: hold[d0 + 1]]) for d0 in range(self.n)]
            start = self.link_start
            links = [
                list(zip(self.link_set[start[g]: start[g + 1]],
                         self.link_digit[start[g]: start[g + 1]], strict=True))
                for g in range(self.count)
            ]
            self.py_lists = (keep, cells, [self.mask[k] for k in keep],
                             by_digit, reach, [self.usable[k] for k in keep], links, holding)
        return self.py_lists  # type: ignore[return-value]

    def cellset(self, g: int) -> int:
        """The cells of set g."""
        return self._row(self.cells, self.index[g] * self.words)  # type: ignore[no-any-return]

    def digits(self, g: int) -> int:
        """The digits of set g (a mask)."""
        return self.mask[self.index[g]]

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

    @cython.cfunc
    def _rows(self, cells: list, by_digit: list, reach: list) -> cython.void:
        """Append each set's cells, cells by digit and reach by digit (see :meth:`lists`)
        to the lists given."""
        n: cython.Py_ssize_t = self.n
        words: cython.Py_ssize_t = self.words
        g: cython.Py_ssize_t
        k: cython.Py_ssize_t
        d0: cython.Py_ssize_t
        digits: cython.ulonglong
        low: cython.ulonglong
        row: list
        for g in range(self.count):
            k = self.index[g]
            cells.append(self._row(self.cells, k * words))
            row = [0] * n
            digits = self.mask[k]
            while digits:
                low = digits & (0 - digits)
                digits ^= low
                d0 = _index(low)
                row[d0] = self._row(self.by_digit, (k * n + d0) * words)
            by_digit.append(row)
            row = [0] * n
            digits = self.usable[k]
            while digits:
                low = digits & (0 - digits)
                digits ^= low
                d0 = _index(low)
                row[d0] = self._row(self.reaches, (k * n + d0) * words)
            reach.append(row)

    @cython.cfunc
    def _holding(self) -> cython.void:
        """Fill the tables of the sets holding each digit, in number order."""
        n: cython.Py_ssize_t = self.n
        d0: cython.Py_ssize_t
        g: cython.Py_ssize_t
        at: cython.int = 0
        for d0 in range(n):
            self.hold_start[d0] = at
            for g in range(self.count):
                if self.mask[self.index[g]] >> d0 & 1:
                    self.hold_set[at] = g
                    at += 1
        self.hold_start[n] = at

    @cython.cfunc
    def _number_links(self, pairs: list, fill: cython.int[::1]) -> cython.void:
        """Each link (g, h, x0) of ``pairs`` into the link tables of both sets (in the
        order of ``pairs``)."""
        i: cython.Py_ssize_t
        g: cython.int
        h: cython.int
        x0: cython.int
        total: cython.int = 0
        count: cython.Py_ssize_t = self.count
        for i in range(0, len(pairs), 3):
            g = pairs[i]
            h = pairs[i + 1]
            fill[g + 1] += 1
            fill[h + 1] += 1
        for i in range(count):
            total += fill[i + 1]
            self.link_start[i + 1] = total
            fill[i + 1] = total
        fill[0] = 0
        for i in range(0, len(pairs), 3):
            g = pairs[i]
            h = pairs[i + 1]
            x0 = pairs[i + 2]
            self.link_set[fill[g]] = h
            self.link_digit[fill[g]] = x0
            fill[g] += 1
            self.link_set[fill[h]] = g
            self.link_digit[fill[h]] = x0
            fill[h] += 1

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
        overlap: cython.bint = self.overlap
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
                    order[starts[key]] = g
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
                                # every x0+1 of h sees every one of g, outside g: so none
                                # lies where the two sets overlap
                                if by_digit[(j * n + x0) * words + v] & ~reaches[base + v] or (
                                    not overlap and cells[k * words + v] & cells[j * words + v]
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
        overlap: cython.bint = self.overlap
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
            tag = start + 1
            nf = 0
            for q in range(link_start[start], link_start[start + 1]):
                j = link_set[q]
                x0 = link_digit[q]
                state = j * n + x0
                if u & ~(_ONE << x0) and stamp[state] != tag:
                    stamp[state] = tag
                    par_set[state] = start
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
                        # disjoint from the chain's other sets, or with ``overlap`` not
                        # inside them
                        clash = overlap
                        for w in range(words):
                            if overlap and cells[sj * words + w] & ~front_used[f * words + w]:
                                clash = False
                                break
                            if not overlap and cells[sj * words + w] & front_used[f * words + w]:
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

    def every_chain(self, max_sets: int, budget: int) -> list[tuple[list[tuple[int, int]], int]]:
        """Every chain of 4..``max_sets`` sets (as :meth:`chain` takes them: each set joined
        to the next by a link, no two neighbouring links on the same digit, no set meeting
        the earlier ones, or with ``overlap`` inside them) whose ends both hold a digit,
        not the first or last link digit, that some cell seeing all of it in both ends
        could lose: for each (start, first link digit, end, last link digit), the shortest
        chain found, as (the chain as in :meth:`chain`, its order of finding).

        Depth first from each start in turn, links in their order, the last link only to
        a set that could end a chain from that start, the one before only to a set with a
        link to one; at most ``budget`` link steps in all (the search stops there, keeping
        what it found)."""
        out: dict[int, tuple[list[tuple[int, int]], int]] = {}
        depth = max(1, max_sets)
        count = max(1, self.count)
        self._every_chain(depth - 1, budget, out, _ints(depth + 1), _ints(depth + 1),
                          _ints(depth + 1), _zeros(self.words * (depth + 1)), _ints(count),
                          _ints(count))
        return sorted(out.values(), key=lambda found: found[1])

    @cython.cfunc
    def _every_chain(self, last: cython.int, budget: cython.longlong, out: dict,
                     st_set: cython.int[::1], st_digit: cython.int[::1],
                     st_next: cython.int[::1], used: cython.ulonglong[::1],
                     end_tag: cython.int[::1], near_tag: cython.int[::1]) -> cython.void:
        """The search of :meth:`every_chain` (``last``: the most links): the chain on
        the stack is set st_set[i], reached by the link digit st_digit[i], its next link
        to try st_next[i], the cells of sets 0..i in used[i * words ..]. For the start
        tagged ``tag``, end_tag[h] == tag where set h shares a digit with it that a cell
        seeing all of it in both could lose, near_tag[h] == tag where h links to such a set."""
        n: cython.Py_ssize_t = self.n
        words: cython.Py_ssize_t = self.words
        overlap: cython.bint = self.overlap
        count: cython.Py_ssize_t = self.count
        start: cython.Py_ssize_t
        q: cython.Py_ssize_t
        w: cython.Py_ssize_t
        k: cython.int
        j: cython.int
        x0: cython.int
        first: cython.int
        depth: cython.int
        z0: cython.int
        sa: cython.Py_ssize_t
        sj: cython.Py_ssize_t
        za: cython.Py_ssize_t
        zj: cython.Py_ssize_t
        key: cython.longlong
        h: cython.Py_ssize_t
        sh: cython.Py_ssize_t
        tag: cython.int
        steps: cython.longlong = 0
        order: cython.int = 0
        clash: cython.bint
        some: cython.bint
        u: cython.ulonglong
        common: cython.ulonglong
        low: cython.ulonglong
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
            tag = start + 1
            for h in range(count):
                sh = keep[h]
                common = u & usable[sh]
                some = False
                while common and not some:
                    low = common & (0 - common)
                    common ^= low
                    z0 = _index(low)
                    za = (sa * n + z0) * words
                    zj = (sh * n + z0) * words
                    for w in range(words):
                        if reaches[za + w] & reaches[zj + w]:
                            some = True
                if some:
                    end_tag[h] = tag
            for h in range(count):
                for q in range(link_start[h], link_start[h + 1]):
                    if end_tag[link_set[q]] == tag:
                        near_tag[h] = tag
                        break
            depth = 0
            st_set[0] = start
            st_digit[0] = -1
            st_next[0] = link_start[start]
            for w in range(words):
                used[w] = cells[sa * words + w]
            while depth >= 0:
                k = st_set[depth]
                q = st_next[depth]
                if q >= link_start[k + 1]:
                    depth -= 1
                    continue
                st_next[depth] = q + 1
                j = link_set[q]
                x0 = link_digit[q]
                if x0 == st_digit[depth] or (depth == 0 and not u & ~(_ONE << x0)):
                    continue
                if depth == last - 1 and end_tag[j] != tag:
                    continue  # the last link, to a set that cannot end the chain
                steps += 1
                if steps > budget:
                    return
                sj = keep[j]
                # disjoint from the chain's sets, or with ``overlap`` not inside them
                clash = overlap
                for w in range(words):
                    if overlap and cells[sj * words + w] & ~used[depth * words + w]:
                        clash = False
                        break
                    if not overlap and cells[sj * words + w] & used[depth * words + w]:
                        clash = True
                        break
                if clash:
                    continue
                first = st_digit[1] if depth else x0
                if depth >= 2:
                    common = u & usable[sj] & ~(_ONE << first) & ~(_ONE << x0)
                    some = False
                    while common and not some:
                        low = common & (0 - common)
                        common ^= low
                        z0 = _index(low)
                        za = (sa * n + z0) * words
                        zj = (sj * n + z0) * words
                        for w in range(words):
                            if reaches[za + w] & reaches[zj + w]:
                                some = True
                    if some:
                        key = ((start * n + first) * count + j) * n + x0
                        if key not in out or len(out[key][0]) > depth + 2:
                            out[key] = (
                                [(st_set[i], st_digit[i]) for i in range(depth + 1)]
                                + [(j, x0)], order)
                            order += 1
                if depth < last - 2 or (depth == last - 2 and near_tag[j] == tag):
                    depth += 1
                    st_set[depth] = j
                    st_digit[depth] = x0
                    st_next[depth] = link_start[j]
                    for w in range(words):
                        used[depth * words + w] = (
                            used[(depth - 1) * words + w] | cells[sj * words + w])

    # -- Death Blossom --------------------------------------------------------------------
    def blossom(self, max_petals: int, first_stem: int = 0, after_z: int = -1
                ) -> tuple[int, list[int], int, int] | None:
        """A stem cell of 2..``max_petals`` digits and, for each of its digits d0 in
        increasing order, a petal: a set holding d0+1 whose every d0+1 sees the stem,
        the petals disjoint (unless ``overlap``) and all holding a digit z0+1 the stem
        lacks that some cells seeing every z0+1 of every petal could lose: (stem, petals,
        z0, those cells), or None.

        Stems in cell order from ``first_stem`` (whose z0 up to ``after_z`` are passed
        by: the search goes on after a found one); for each, the candidate petals of each
        stem digit (sets in order, holding a digit still shared by the petals so far),
        then each z0 in increasing order, the petals picked depth first (in order, each
        narrowing the cells that lose z0+1)."""
        n = self.n
        count = self.count
        room = max(1, count * n)
        if not self._blossom(max_petals, _ints(room), _ints(n + 1), _ints(room),
                             _ints(n + 1), _zeros(self.words * (n + 1)),
                             _zeros(self.words * (n + 1)), first_stem, after_z):
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
                 gone: cython.ulonglong[::1], first_stem: cython.Py_ssize_t,
                 after_z: cython.int) -> cython.bint:
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
        for stem in range(first_stem, ncells):
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
            if stem == first_stem and after_z >= 0:
                zs &= ~((_ONE << (after_z + 1)) - 1)  # those up to after_z were found
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
                    self.found[1] = stem
                    self.path[15] = z0
                    for w in range(words):
                        self.gone[w] = gone[petals * words + w]
                    return True
        return False

    @cython.cfunc
    def _pick(self, lists: cython.int[::1], list_start: cython.int[::1],
              petals: cython.int, z0: cython.int, i: cython.int,
              used: cython.ulonglong[::1], gone: cython.ulonglong[::1]) -> cython.bint:
        """One petal from each list (sharing cells only with ``overlap``), whose z0+1
        cells are all seen by some cell holding z0+1 (depth first; level i's cells used
        and cells seeing every z0+1 of the petals so far at ``used[i * words]``,
        ``gone[i * words]``); the petals in ``path``."""
        n: cython.Py_ssize_t = self.n
        words: cython.Py_ssize_t = self.words
        q: cython.Py_ssize_t
        w: cython.Py_ssize_t
        sk: cython.Py_ssize_t
        some: cython.bint
        clash: cython.bint
        cells: cython.ulonglong[::1] = self.cells
        reaches: cython.ulonglong[::1] = self.reaches
        keep: cython.int[::1] = self.index
        if i == petals:
            return True
        for q in range(list_start[i], list_start[i + 1]):
            sk = keep[lists[q]]
            if not self.overlap:
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

    # -- ALS-XY-Wing ----------------------------------------------------------------------
    def wing(self) -> tuple[int, int, int, int, int, int, int] | None:
        """A pivot set C linked to sets A by x0 and B by y0 (x0 != y0; A and B disjoint
        unless ``overlap``), A and B both holding a digit z0+1 (not x0+1 or y0+1) that
        some cells seeing all of it in both could lose: (C, A, B, x0, y0, z0, those
        cells), or None.

        Pivots in order; A and B from the pivot's links in their order (A before B), only
        links whose far set could lose a digit other than the link digit; z0 increasing."""
        room = max(1, len(self.link_set))
        if not self._wing(_ints(room), _ints(room)):
            return None
        found = self.path
        gone = 0
        for w in range(self.words):
            gone |= self.gone[w] << (64 * w)
        return found[0], found[1], found[2], found[3], found[4], found[5], gone

    @cython.cfunc
    def _wing(self, wing_set: cython.int[::1], wing_digit: cython.int[::1]) -> cython.bint:
        """The search of :meth:`wing` (the sets and digits in ``path``, the cells in
        ``gone``)."""
        n: cython.Py_ssize_t = self.n
        words: cython.Py_ssize_t = self.words
        kc: cython.Py_ssize_t
        q: cython.Py_ssize_t
        i: cython.Py_ssize_t
        i2: cython.Py_ssize_t
        w: cython.Py_ssize_t
        sa: cython.Py_ssize_t
        sb: cython.Py_ssize_t
        za: cython.Py_ssize_t
        zb: cython.Py_ssize_t
        nw: cython.Py_ssize_t
        ka: cython.int
        kb: cython.int
        x0: cython.int
        y0: cython.int
        z0: cython.int
        ua: cython.ulonglong
        common: cython.ulonglong
        low: cython.ulonglong
        some: cython.bint
        clash: cython.bint
        keep: cython.int[::1] = self.index
        usable: cython.ulonglong[::1] = self.usable
        cells: cython.ulonglong[::1] = self.cells
        reaches: cython.ulonglong[::1] = self.reaches
        link_start: cython.int[::1] = self.link_start
        link_set: cython.int[::1] = self.link_set
        link_digit: cython.int[::1] = self.link_digit
        for kc in range(self.count):
            # only wings that could eliminate a digit other than their link digit
            nw = 0
            for q in range(link_start[kc], link_start[kc + 1]):
                if usable[keep[link_set[q]]] & ~(_ONE << link_digit[q]):
                    wing_set[nw] = link_set[q]
                    wing_digit[nw] = link_digit[q]
                    nw += 1
            for i in range(nw):
                ka = wing_set[i]
                x0 = wing_digit[i]
                sa = keep[ka]
                ua = usable[sa] & ~(_ONE << x0)
                for i2 in range(i + 1, nw):
                    kb = wing_set[i2]
                    y0 = wing_digit[i2]
                    if y0 == x0 or kb == ka:
                        continue
                    sb = keep[kb]
                    common = ua & usable[sb] & ~(_ONE << y0)
                    if not common:
                        continue
                    if not self.overlap:
                        clash = False
                        for w in range(words):
                            if cells[sa * words + w] & cells[sb * words + w]:
                                clash = True
                                break
                        if clash:
                            continue
                    while common:
                        low = common & (0 - common)
                        common ^= low
                        z0 = _index(low)
                        za = (sa * n + z0) * words
                        zb = (sb * n + z0) * words
                        some = False
                        for w in range(words):
                            if reaches[za + w] & reaches[zb + w]:
                                some = True
                        if some:
                            for w in range(words):
                                self.gone[w] = reaches[za + w] & reaches[zb + w]
                            self.path[0] = kc
                            self.path[1] = ka
                            self.path[2] = kb
                            self.path[3] = x0
                            self.path[4] = y0
                            self.path[5] = z0
                            return True
        return False
