"""The minimal lexicographic form ("minlex") of 9x9 puzzles, row by row, in compiled loops.

Written in Cython's pure-Python mode like the engines: compiled when the package is
installed, and the same source runs uncompiled as the fallback.

The form is the smallest 81-character string, blanks as 0, that any of the 3,359,232
symmetries of sudoku (transposition, band order, rows within bands, stack order, columns
within stacks) followed by relabelling the digits in order of first appearance gives.
It is built one output row at a time, keeping every *candidate* (a transposition, the
input rows chosen so far, an order of the columns, the digits labelled so far) whose rows
so far spell the smallest prefix found; the others are dropped at once.

Columns are not enumerated until a row tells them apart: columns of one stack with the
same content in every row chosen so far are *tied* (any order of them spells the same
prefix), and so are whole stacks with the same content. A new row sorts each tied run by
its keys (0 for a blank, the label of a digit already labelled, then a digit not labelled
yet, which takes the next label); only where several new digits could trade places does a
candidate split in two or more (they would be labelled differently). Rows are chosen
explicitly: the first row of a band from any unused band, the others from the band's
remaining rows.

Each candidate is ``STATE`` bytes: the transposition, nine input rows, nine input columns
(output order), the column ties (bit i: output columns i and i + 1 are tied), the stack
ties (bit 0: stacks 0 and 1, bit 1: stacks 1 and 2), the next label, and the label of
each digit (0: not labelled yet).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef, unused-ignore]

#: Bytes per candidate, and the offsets of its fields.
STATE = 32
_T = cython.declare(cython.int, 0)
_ROWS = cython.declare(cython.int, 1)
_COLS = cython.declare(cython.int, 10)
_CTIE = cython.declare(cython.int, 19)
_STIE = cython.declare(cython.int, 20)
_NEXT = cython.declare(cython.int, 21)
_MAP = cython.declare(cython.int, 22)
_SIZE = cython.declare(cython.int, 32)

#: The key of a digit that has no label yet: above every label.
_NEW = cython.declare(cython.int, 10)

#: Bytes per transform written out: the transposition, the rows, the columns, the labels
#: of digits 1..9.
TRANSFORM = 28
_TRANSFORM = cython.declare(cython.int, 28)

#: What ``_canon`` returns besides OK: two equal digits in a row, a column or a box (the
#: givens clash: no form is defined for them here), or more candidates than the buffers
#: hold.
OK = 0
CLASH = 1
#: The first byte of the transform of a puzzle whose givens clash.
CLASHED = 255
FULL = -1
_OK = cython.declare(cython.int, 0)  # the same, as C constants for the nogil code
_CLASH = cython.declare(cython.int, 1)
_FULL = cython.declare(cython.int, -1)

# scratch offsets: the arranged columns, their keys, the permutation tables, the best keys
_W_COLS = cython.declare(cython.int, 0)
_W_KEYS = cython.declare(cython.int, 9)
_W_NCOLS = cython.declare(cython.int, 18)
_W_BEST = cython.declare(cython.int, 27)
_W_GROUP = cython.declare(cython.int, 36)   # up to 4 groups: start, size, is-stack
_W_PERM3 = cython.declare(cython.int, 60)   # 6 permutations of 3
_W_PERM2 = cython.declare(cython.int, 80)   # 2 permutations of 2
_W_SIZE = 96

_PERMS3 = (0, 1, 2, 0, 2, 1, 1, 0, 2, 1, 2, 0, 2, 0, 1, 2, 1, 0)


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


@cython.cclass
class Minlex:
    """Minlex forms of 9x9 puzzles, one after another. It holds buffers: one per thread."""

    a: cython.uchar[::1]
    b: cython.uchar[::1]
    g: cython.uchar[::1]
    w: cython.uchar[::1]
    cap: cython.int

    def __init__(self, capacity: int = 4096) -> None:
        self.cap = capacity
        self.a = bytearray(capacity * STATE)
        self.b = bytearray(capacity * STATE)
        self.g = bytearray(162)
        w = bytearray(_W_SIZE)
        for i in range(18):
            w[_W_PERM3 + i] = _PERMS3[i]
        w[_W_PERM2:_W_PERM2 + 4] = bytes((0, 1, 1, 0))
        self.w = w

    def canon_rows(self, cells: bytes, count: int, forms: bytearray,
                   transforms: bytearray) -> int:
        """The forms of ``count`` puzzles of 81 bytes each (0 for a blank) into ``forms``
        and their transforms (``TRANSFORM`` bytes each) into ``transforms``; the number of
        puzzles whose givens clash (two equal digits in a row, column or box): their form is
        left as it was and their transform's first byte is ``CLASHED``."""
        src: cython.const[cython.uchar][::1] = cells  # type: ignore[valid-type]
        dst: cython.uchar[::1] = forms
        tf: cython.uchar[::1] = transforms
        n: cython.int = count
        i: cython.int
        r: cython.int
        clashes: cython.int = 0
        i = 0
        while i < n:
            with cython.nogil:
                r = _canon(src, i * 81, self.g, self.a, self.b, self.w, self.cap,
                           dst, i * 81, tf, i * _TRANSFORM)
            if r == FULL:
                self._grow()
                continue
            if r == CLASH:
                tf[i * TRANSFORM] = CLASHED
                clashes += 1
            i += 1
        return clashes

    def _grow(self) -> None:
        self.cap *= 2
        self.a = bytearray(self.cap * STATE)
        self.b = bytearray(self.cap * STATE)


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _canon(src: cython.const[cython.uchar][::1],  # type: ignore[valid-type]
           at: cython.int, g: cython.uchar[::1],
           a: cython.uchar[::1], b: cython.uchar[::1], w: cython.uchar[::1],
           cap: cython.int, dst: cython.uchar[::1], out: cython.int,
           tf: cython.uchar[::1], tout: cython.int) -> cython.int:
    """The form and transform of the puzzle at ``src[at:at + 81]``; OK, CLASH or FULL."""
    r: cython.int
    c: cython.int
    v: cython.int
    k: cython.int
    j: cython.int
    s: cython.int
    x: cython.int
    nstates: cython.int
    nout: cython.int
    seen: cython.int
    seen_c: cython.int
    used: cython.int
    cur: cython.uchar[::1] = a
    nxt: cython.uchar[::1] = b
    tmp: cython.uchar[::1]
    for r in range(9):
        seen = 0
        seen_c = 0
        for c in range(9):
            v = src[at + 9 * r + c]
            g[9 * r + c] = v
            g[81 + 9 * c + r] = v
            if v != 0:
                if seen & (1 << v):
                    return _CLASH
                seen |= 1 << v
            v = src[at + 9 * c + r]
            if v != 0:
                if seen_c & (1 << v):
                    return _CLASH
                seen_c |= 1 << v
    for r in range(9):  # the boxes: row r // 3 * 3 + c // 3, column r % 3 * 3 + c % 3
        seen = 0
        for c in range(9):
            v = g[9 * (r // 3 * 3 + c // 3) + r % 3 * 3 + c % 3]
            if v != 0:
                if seen & (1 << v):
                    return _CLASH
                seen |= 1 << v
    for s in range(2):
        for j in range(_SIZE):
            cur[s * _SIZE + j] = 0
        cur[s * _SIZE + _T] = s
        for j in range(9):
            cur[s * _SIZE + _COLS + j] = j
        cur[s * _SIZE + _CTIE] = 0xDB
        cur[s * _SIZE + _STIE] = 3
        cur[s * _SIZE + _NEXT] = 1
    nstates = 2
    for k in range(9):
        for j in range(9):
            w[_W_BEST + j] = 255
        nout = 0
        for s in range(nstates):
            used = 0
            for j in range(k):
                used |= 1 << cur[s * _SIZE + _ROWS + j]
            for r in range(9):
                if used & (1 << r):
                    continue
                if k % 3 == 0:
                    if used & (7 << (3 * (r // 3))):
                        continue
                elif r // 3 != cur[s * _SIZE + _ROWS + k - 1] // 3:
                    continue
                _arrange(g, cur, s * _SIZE, r, w)
                x = _compare_best(w)
                if x > 0:
                    continue
                if x < 0:
                    nout = 0
                    for j in range(9):
                        w[_W_BEST + j] = w[_W_KEYS + j]
                nout = _emit(g, cur, s * _SIZE, r, k, w, nxt, nout, cap)
                if nout < 0:
                    return _FULL
        tmp = cur
        cur = nxt
        nxt = tmp
        nstates = nout
    _write(g, cur, dst, out, tf, tout)
    return _OK


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _key(g: cython.uchar[::1], st: cython.uchar[::1], base: cython.int,
         row: cython.int, col: cython.int) -> cython.int:
    """The key of input column ``col`` of ``row`` for the candidate at ``base``."""
    v: cython.int = g[st[base + _T] * 81 + row + col]
    if v == 0:
        return 0
    if st[base + _MAP + v] != 0:
        return st[base + _MAP + v]
    return _NEW


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _arrange(g: cython.uchar[::1], st: cython.uchar[::1], base: cython.int,
             r: cython.int, w: cython.uchar[::1]) -> cython.void:
    """The smallest arrangement of input row ``r`` that the candidate's ties allow: its
    columns at ``w[_W_COLS:]`` and their keys at ``w[_W_KEYS:]``."""
    i: cython.int
    p: cython.int
    ctie: cython.int = st[base + _CTIE]
    stie: cython.int = st[base + _STIE]
    row: cython.int = 9 * r
    for i in range(9):
        w[_W_COLS + i] = st[base + _COLS + i]
        w[_W_KEYS + i] = _key(g, st, base, row, st[base + _COLS + i])
    for p in range(0, 9, 3):
        if (ctie >> p) & 3 == 3:
            _sort_col(w, p, p + 1)
            _sort_col(w, p + 1, p + 2)
            _sort_col(w, p, p + 1)
        elif (ctie >> p) & 1:
            _sort_col(w, p, p + 1)
        elif (ctie >> p) & 2:
            _sort_col(w, p + 1, p + 2)
    if stie == 3:
        _sort_stack(w, 0, 3)
        _sort_stack(w, 3, 6)
        _sort_stack(w, 0, 3)
    elif stie == 1:
        _sort_stack(w, 0, 3)
    elif stie == 2:
        _sort_stack(w, 3, 6)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _sort_col(w: cython.uchar[::1], i: cython.int, j: cython.int) -> cython.void:
    """Swap output columns i < j when j's key is smaller."""
    t: cython.uchar
    if w[_W_KEYS + j] < w[_W_KEYS + i]:
        t = w[_W_KEYS + i]
        w[_W_KEYS + i] = w[_W_KEYS + j]
        w[_W_KEYS + j] = t
        t = w[_W_COLS + i]
        w[_W_COLS + i] = w[_W_COLS + j]
        w[_W_COLS + j] = t


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _stack_order(w: cython.uchar[::1], off: cython.int, i: cython.int,
                 j: cython.int) -> cython.int:
    """-1, 0 or 1 as the keys of the stack at output column i are below, equal to or above
    those of the stack at j (``off``: where the keys are in ``w``)."""
    m: cython.int
    for m in range(3):
        if w[off + i + m] != w[off + j + m]:
            return -1 if w[off + i + m] < w[off + j + m] else 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _sort_stack(w: cython.uchar[::1], i: cython.int, j: cython.int) -> cython.void:
    """Swap the stacks at output columns i < j when j's keys are smaller."""
    m: cython.int
    t: cython.uchar
    if _stack_order(w, _W_KEYS, j, i) < 0:
        for m in range(3):
            t = w[_W_KEYS + i + m]
            w[_W_KEYS + i + m] = w[_W_KEYS + j + m]
            w[_W_KEYS + j + m] = t
            t = w[_W_COLS + i + m]
            w[_W_COLS + i + m] = w[_W_COLS + j + m]
            w[_W_COLS + j + m] = t


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _compare_best(w: cython.uchar[::1]) -> cython.int:
    """-1, 0 or 1 as the arranged keys are below, equal to or above the best so far."""
    i: cython.int
    for i in range(9):
        if w[_W_KEYS + i] != w[_W_BEST + i]:
            return -1 if w[_W_KEYS + i] < w[_W_BEST + i] else 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _groups(w: cython.uchar[::1], ctie: cython.int, stie: cython.int) -> cython.int:
    """The places where new digits may trade places, at ``w[_W_GROUP:]`` as (start, size,
    is a stack group); their count. Within a tied run of columns, the new digits are its
    last columns; tied stacks with equal keys that hold a new digit trade whole."""
    n: cython.int = 0
    p: cython.int
    lo: cython.int
    hi: cython.int
    m: cython.int
    for p in range(0, 9, 3):
        lo = p
        while lo < p + 3:
            hi = lo
            while hi < p + 2 and (ctie >> hi) & 1:
                hi += 1
            m = 0
            while hi - m >= lo and w[_W_KEYS + hi - m] == _NEW:
                m += 1
            if m >= 2:
                w[_W_GROUP + 3 * n] = hi - m + 1
                w[_W_GROUP + 3 * n + 1] = m
                w[_W_GROUP + 3 * n + 2] = 0
                n += 1
            lo = hi + 1
    lo = 0
    while lo < 3:
        hi = lo
        while hi < 2 and (stie >> hi) & 1 and _stack_order(w, _W_KEYS, 3 * hi,
                                                            3 * hi + 3) == 0:
            hi += 1
        if hi > lo and _has_new(w, 3 * lo):
            w[_W_GROUP + 3 * n] = lo
            w[_W_GROUP + 3 * n + 1] = hi - lo + 1
            w[_W_GROUP + 3 * n + 2] = 1
            n += 1
        lo = hi + 1
    return n


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _has_new(w: cython.uchar[::1], i: cython.int) -> cython.bint:
    """Whether the stack at output column i holds a digit with no label yet."""
    return (w[_W_KEYS + i] == _NEW or w[_W_KEYS + i + 1] == _NEW
            or w[_W_KEYS + i + 2] == _NEW)


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _emit(g: cython.uchar[::1], st: cython.uchar[::1], base: cython.int, r: cython.int,
          k: cython.int, w: cython.uchar[::1], nxt: cython.uchar[::1], nout: cython.int,
          cap: cython.int) -> cython.int:
    """Append to ``nxt`` every candidate that takes input row ``r`` as output row ``k`` in
    the arrangement of ``w`` (one per way its new digits may trade places); the new count,
    or -1 when ``cap`` is reached."""
    ngroups: cython.int = _groups(w, st[base + _CTIE], st[base + _STIE])
    total: cython.int = 1
    q: cython.int
    rest: cython.int
    gi: cython.int
    size: cython.int
    start: cython.int
    pick: cython.int
    perm: cython.int
    j: cython.int
    m: cython.int
    o: cython.int
    v: cython.int
    lab: cython.int
    ctie: cython.int
    stie: cython.int
    for gi in range(ngroups):
        total *= 6 if w[_W_GROUP + 3 * gi + 1] == 3 else 2
    # the ties that stay: equal keys of digits already labelled (or blanks)
    ctie = st[base + _CTIE]
    for j in range(8):
        if (ctie >> j) & 1 and (w[_W_KEYS + j] != w[_W_KEYS + j + 1]
                                or w[_W_KEYS + j] == _NEW):
            ctie &= ~(1 << j)
    stie = st[base + _STIE]
    for j in range(2):
        if (stie >> j) & 1 and (_stack_order(w, _W_KEYS, 3 * j, 3 * j + 3) != 0
                                or _has_new(w, 3 * j)):
            stie &= ~(1 << j)
    for q in range(total):
        if nout >= cap:
            return -1
        o = nout * _SIZE
        for j in range(_SIZE):
            nxt[o + j] = st[base + j]
        for j in range(9):
            w[_W_NCOLS + j] = w[_W_COLS + j]
        rest = q
        for gi in range(ngroups):  # each group permutes the arrangement the last one left
            start = w[_W_GROUP + 3 * gi]
            size = w[_W_GROUP + 3 * gi + 1]
            pick = rest % (6 if size == 3 else 2)
            rest //= 6 if size == 3 else 2
            perm = _W_PERM3 + 3 * pick if size == 3 else _W_PERM2 + 2 * pick
            for j in range(9):
                nxt[o + _COLS + j] = w[_W_NCOLS + j]
            if w[_W_GROUP + 3 * gi + 2] == 0:
                for j in range(size):
                    nxt[o + _COLS + start + j] = w[_W_NCOLS + start + w[perm + j]]
            else:
                for j in range(size):
                    for m in range(3):
                        nxt[o + _COLS + 3 * (start + j) + m] = \
                            w[_W_NCOLS + 3 * (start + w[perm + j]) + m]
            for j in range(9):
                w[_W_NCOLS + j] = nxt[o + _COLS + j]
        for j in range(9):
            nxt[o + _COLS + j] = w[_W_NCOLS + j]
        nxt[o + _ROWS + k] = r
        nxt[o + _CTIE] = ctie
        nxt[o + _STIE] = stie
        lab = nxt[o + _NEXT]
        for j in range(9):
            v = g[nxt[o + _T] * 81 + 9 * r + nxt[o + _COLS + j]]
            if v != 0 and nxt[o + _MAP + v] == 0:
                nxt[o + _MAP + v] = lab
                lab += 1
        nxt[o + _NEXT] = lab
        nout += 1
    return nout


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nogil
def _write(g: cython.uchar[::1], st: cython.uchar[::1], dst: cython.uchar[::1],
           out: cython.int, tf: cython.uchar[::1], tout: cython.int) -> cython.void:
    """The form the first candidate spells, and its transform (the digits it never met
    labelled after the others, in order)."""
    k: cython.int
    i: cython.int
    v: cython.int
    t: cython.int = st[_T]
    lab: cython.int = st[_NEXT]
    for k in range(9):
        for i in range(9):
            v = g[t * 81 + 9 * st[_ROWS + k] + st[_COLS + i]]
            dst[out + 9 * k + i] = st[_MAP + v] if v != 0 else 0
    tf[tout] = t
    for i in range(9):
        tf[tout + 1 + i] = st[_ROWS + i]
        tf[tout + 10 + i] = st[_COLS + i]
    for v in range(1, 10):
        if st[_MAP + v] != 0:
            tf[tout + 18 + v] = st[_MAP + v]
        else:
            tf[tout + 18 + v] = lab
            lab += 1
