"""Naked and hidden singles to a fixpoint on a 9x9 candidate board, in compiled code: the
innermost loop of the search for puzzles made for a technique
(:mod:`sudokit.generator.targeted_search`).

:func:`singles` reads the board's 81 candidate masks and placed digits and answers the
placements the singles make, in the order it found them; the caller places them on its own
board. On a board that agrees with a solution the singles' fixpoint does not depend on the
order they are taken in, so the caller ends where the rater's own singles would.

:func:`settle_basic` goes further where the search may: with the singles it takes the
cheapest, most frequent eliminations of the ladder (pointing, claiming, naked and hidden
pairs, 2-String Kites, XY-Wings and W-Wings, each as the ladder's technique of that name
finds it) until none is left. Each only
ever removes candidates, and what one finds on a board it still finds, or has made
needless, on any board with fewer candidates: so every order ends on the same board, the
one the ladder reaches when it has taken them all.

Written in Cython's pure-Python mode like ``_gen9``; the same source runs as plain Python,
slowly, as the fallback (``SUDOKIT_PURE_PYTHON=1``).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from array import array
from typing import NamedTuple

if cython.compiled:
    from cython.cimports.sudokit._kernel9_simd import k9_ctz


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


def _tables() -> tuple[array, array, array]:
    """The 20 peers of each cell, the 9 cells of each unit (rows, columns, boxes), and
    whether cell x sees cell y (``81 * x + y``: 1 for two different cells of a unit)."""
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)]
              for b in range(9)]
    peers: list[int] = []
    for cell in range(81):
        seen = sorted({p for unit in units if cell in unit for p in unit} - {cell})
        peers.extend(seen)
    sees = array("B", [0]) * (81 * 81)
    for cell in range(81):
        for peer in peers[20 * cell: 20 * cell + 20]:
            sees[81 * cell + peer] = 1
    return array("i", peers), array("i", [c for unit in units for c in unit]), sees


_PEERS, _UNITS, _SEES = _tables()


def singles(masks: list[int], values: list[int]) -> list[int]:
    """The placements that naked and hidden singles make on this board until none is left,
    as a flat list ``[cell, digit, cell, digit, ...]`` in the order they were found.
    ``masks[c]`` holds cell c's candidates (bit d-1 for digit d), ``values[c]`` its placed
    digit or 0. A cell left with no candidate is passed over (the board has no solution;
    the caller's own checks find that)."""
    m = array("I", masks)
    v = array("I", values)
    out = array("i", [0]) * 162
    n = _run(m, v, _PEERS, _UNITS, out)
    return out[: 2 * n].tolist()


def candidates(givens: list[int]) -> list[int]:
    """The candidate masks of a 9x9 puzzle: a given's digit alone, and in each blank the
    digits that no given among its peers holds (as ``Board.from_grid`` makes them)."""
    g = array("I", givens)
    m = array("I", [0]) * 81
    _candidates(g, _PEERS, m)
    return m.tolist()


@cython.boundscheck(False)
@cython.wraparound(False)
def _candidates(g: cython.uint[::1], peers: cython.int[::1], m: cython.uint[::1]) -> None:
    c: cython.int
    k: cython.int
    seen: cython.uint
    for c in range(81):
        if g[c] != 0:
            m[c] = cython.cast(cython.uint, 1) << (g[c] - 1)
            continue
        seen = 0
        for k in range(20):
            if g[peers[c * 20 + k]] != 0:
                seen |= cython.cast(cython.uint, 1) << (g[peers[c * 20 + k]] - 1)
        m[c] = 0x1FF & ~seen


class Settled(NamedTuple):
    """A board after its singles: the candidate masks and placed digits of the 81 cells,
    for each digit the set of unplaced cells that may hold it (bit c for cell c) and the set
    of unplaced cells, as a candidate board keeps them."""

    masks: list[int]
    values: list[int]
    dcells: list[int]
    unsolved: int


def settle(masks: list[int], values: list[int]) -> Settled | None:
    """The board after the singles that :func:`singles` finds, all placed (None when there
    is none): placing them one by one on a candidate board ends in this state."""
    m = array("I", masks)
    v = array("I", values)
    out = array("i", [0]) * 162
    if _run(m, v, _PEERS, _UNITS, out) == 0:
        return None
    parts = array("I", [0]) * 30
    _cell_sets(m, v, parts)
    dcells = [parts[3 * d] | parts[3 * d + 1] << 27 | parts[3 * d + 2] << 54
              for d in range(9)]
    unsolved = parts[27] | parts[28] << 27 | parts[29] << 54
    return Settled(m.tolist(), v.tolist(), dcells, unsolved)


#: The eliminations :func:`settle_basic` may take besides the singles (flags to combine).
POINTING = 1
CLAIMING = 2
NAKED_PAIR = 4
HIDDEN_PAIR = 8
KITE = 16
XY_WING = 32
W_WING = 64


def settle_basic(masks: list[int], values: list[int], rules: int) -> Settled | None:
    """The board after the singles and the ``rules`` (:data:`POINTING`, ...) taken until
    none applies (None when nothing changes): the state the ladder reaches once it has taken
    every step of those techniques and the singles."""
    if not rules:
        return settle(masks, values)
    m = array("I", masks)
    v = array("I", values)
    out = array("i", [0]) * 162
    where = array("I", [0]) * 243
    cells = array("i", [0]) * 81
    if _basic(m, v, _PEERS, _UNITS, _SEES, out, where, cells, rules) == 0:
        return None
    parts = array("I", [0]) * 30
    _cell_sets(m, v, parts)
    dcells = [parts[3 * d] | parts[3 * d + 1] << 27 | parts[3 * d + 2] << 54
              for d in range(9)]
    unsolved = parts[27] | parts[28] << 27 | parts[29] << 54
    return Settled(m.tolist(), v.tolist(), dcells, unsolved)


@cython.boundscheck(False)
@cython.wraparound(False)
def _basic(m: cython.uint[::1], v: cython.uint[::1], peers: cython.int[::1],
           units: cython.int[::1], sees: cython.uchar[::1], out: cython.int[::1],
           where: cython.uint[::1], cells: cython.int[::1], rules: cython.int) -> cython.int:
    """Singles and the chosen eliminations to a fixpoint; returns how many placements and
    eliminations were made. The singles run again after each round that removed anything:
    they are the cheapest, and what they place removes the most. Each round starts from
    each unit's places for each digit (``where``), which the unit rules read."""
    total: cython.int = 0
    removed: cython.int
    while True:
        total += _run(m, v, peers, units, out)
        _places(m, v, units, where)
        removed = 0
        if rules & POINTING:
            removed += _locked(m, v, units, where, False)
        if rules & CLAIMING:
            if removed:
                _places(m, v, units, where)
            removed += _locked(m, v, units, where, True)
        if rules & NAKED_PAIR:
            removed += _naked_pairs(m, v, units)
        if rules & HIDDEN_PAIR:
            if removed:
                _places(m, v, units, where)
            removed += _hidden_pairs(m, units, where)
        # the costlier patterns only once the others rest (``where`` is then up to date)
        if removed == 0 and rules & KITE:
            removed += _kites(m, v, units, sees, where)
        if removed == 0 and rules & XY_WING:
            removed += _xy_wings(m, v, sees, cells)
        if removed == 0 and rules & W_WING:
            removed += _w_wings(m, v, units, sees, where, cells)
        if removed == 0:
            return total
        total += removed


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _index(bit: cython.uint) -> cython.int:
    """The index of the single set bit of ``bit`` (one instruction, compiled)."""
    i: cython.int = 0
    if cython.compiled:
        return k9_ctz(bit)
    while (bit >> i) != 1:
        i += 1
    return i


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _places(m: cython.uint[::1], v: cython.uint[::1], units: cython.int[::1],
            where: cython.uint[::1]) -> cython.void:
    """For each unit u and digit d, the positions (bit k: the unit's k-th cell) of the
    unplaced cells that may hold d, at ``where[9 * u + d]``."""
    u: cython.int
    k: cython.int
    c: cython.int
    d: cython.int
    mm: cython.uint
    for u in range(27):
        for d in range(9):
            where[9 * u + d] = 0
        for k in range(9):
            c = units[9 * u + k]
            if v[c] != 0:
                continue
            mm = m[c]
            while mm:
                d = _index(mm & (~mm + 1))
                mm &= mm - 1
                where[9 * u + d] |= cython.cast(cython.uint, 1) << k


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _take_out(m: cython.uint[::1], v: cython.uint[::1], c: cython.int,
              bit: cython.uint) -> cython.int:
    """Take ``bit`` out of cell c if it is an unplaced candidate there; 1 if it was."""
    if v[c] == 0 and (m[c] & bit) != 0:
        m[c] &= ~bit
        return 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _locked(m: cython.uint[::1], v: cython.uint[::1], units: cython.int[::1],
            where: cython.uint[::1], claiming: cython.bint) -> cython.int:
    """One pass of pointing (a box's digit all in one line leaves the rest of the line) or
    claiming (a line's digit all in one box leaves the rest of the box); returns the
    candidates removed. Positions k of a box are row k // 3 and column k % 3 in it; of a
    row or column, box k // 3 along it."""
    removed: cython.int = 0
    u: cython.int
    d: cython.int
    k: cython.int
    c: cython.int
    b: cython.int
    line: cython.int
    w: cython.uint
    bit: cython.uint
    thirds: cython.uint
    for u in range(0 if claiming else 18, 18 if claiming else 27):
        for d in range(9):
            w = where[9 * u + d]
            if w == 0:
                continue
            bit = cython.cast(cython.uint, 1) << d
            if claiming:
                # the boxes along the line (k // 3 of each position): exactly one?
                thirds = (1 if w & 0o7 else 0) | (2 if w & 0o70 else 0) | (4 if w & 0o700 else 0)
                if thirds & (thirds - 1):
                    continue
                # the box: along row u its (k // 3)-th; down column u - 9, the same
                b = (u // 3 * 3 + _index(thirds) if u < 9
                     else _index(thirds) * 3 + (u - 9) // 3)
                for k in range(9):
                    c = units[9 * (18 + b) + k]
                    if (u < 9 and c // 9 == u) or (u >= 9 and c % 9 == u - 9):
                        continue
                    removed += _take_out(m, v, c, bit)
                continue
            b = u - 18
            # the rows of the box (k // 3) holding d: exactly one?
            thirds = (1 if w & 0o7 else 0) | (2 if w & 0o70 else 0) | (4 if w & 0o700 else 0)
            if (thirds & (thirds - 1)) == 0:
                line = b // 3 * 3 + _index(thirds)
                for k in range(9):
                    if k // 3 != b % 3:
                        removed += _take_out(m, v, line * 9 + k, bit)
            # the columns of the box (k % 3) holding d: exactly one?
            thirds = ((1 if w & 0o111 else 0) | (2 if w & 0o222 else 0)
                      | (4 if w & 0o444 else 0))
            if (thirds & (thirds - 1)) == 0:
                line = b % 3 * 3 + _index(thirds)
                for k in range(9):
                    if k // 3 != b // 3:
                        removed += _take_out(m, v, k * 9 + line, bit)
    return removed


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _naked_pairs(m: cython.uint[::1], v: cython.uint[::1], units: cython.int[::1]) -> cython.int:
    """One pass of naked pairs: two unplaced cells of a unit holding the same two digits
    take those digits out of the unit's other cells; returns the candidates removed."""
    removed: cython.int = 0
    u: cython.int
    i: cython.int
    j: cython.int
    k: cython.int
    a: cython.int
    c: cython.int
    pair: cython.uint
    for u in range(27):
        for i in range(9):
            a = units[u * 9 + i]
            pair = m[a]
            if v[a] != 0 or not _two(pair):
                continue  # placed, or not exactly two digits
            for j in range(i + 1, 9):
                c = units[u * 9 + j]
                if v[c] != 0 or m[c] != pair:
                    continue
                for k in range(9):
                    if k in (i, j):
                        continue
                    c = units[u * 9 + k]
                    if v[c] == 0 and (m[c] & pair) != 0:
                        removed += _popcount9(m[c] & pair)
                        m[c] &= ~pair
                break
    return removed


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _hidden_pairs(m: cython.uint[::1], units: cython.int[::1],
                  where: cython.uint[::1]) -> cython.int:
    """One pass of hidden pairs: two digits that fit in the same two unplaced cells of a
    unit, and nowhere else there, take every other digit out of those cells; returns the
    candidates removed."""
    removed: cython.int = 0
    u: cython.int
    d: cython.int
    e: cython.int
    k: cython.int
    c: cython.int
    w: cython.uint
    keep: cython.uint
    for u in range(27):
        for d in range(9):
            w = where[9 * u + d]
            if not _two(w):
                continue  # not exactly two cells
            for e in range(d + 1, 9):
                if where[9 * u + e] != w:
                    continue
                keep = (cython.cast(cython.uint, 1) << d) | (cython.cast(cython.uint, 1) << e)
                for k in range(9):
                    if (w >> k) & 1:
                        c = units[u * 9 + k]
                        if m[c] & ~keep:
                            removed += _popcount9(m[c] & ~keep)
                            m[c] &= keep
                break
    return removed


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _link(units: cython.int[::1], where: cython.uint[::1], u: cython.int,
          d: cython.int) -> cython.int:
    """The two unplaced cells of unit ``u`` that may hold digit ``d``, as ``81 * first +
    second``, or -1 where there are not exactly two (no strong link)."""
    w: cython.uint = where[9 * u + d]
    if not _two(w):
        return -1
    return 81 * units[9 * u + _index(w & (~w + 1))] + units[9 * u + _index(w & (w - 1))]


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _kites(m: cython.uint[::1], v: cython.uint[::1], units: cython.int[::1],
           sees: cython.uchar[::1], where: cython.uint[::1]) -> cython.int:
    """2-String Kites, as the ladder's technique finds them, until none is left: a strong
    link of a digit in a row and one in a column (each with its two cells in different
    boxes), with one end of each (two different cells) in the same box; the digit leaves
    every cell that sees both far ends. Returns the candidates removed."""
    removed: cython.int = 0
    d: cython.int
    r: cython.int
    col: cython.int
    row_link: cython.int
    col_link: cython.int
    o: cython.int
    near_r: cython.int
    far_r: cython.int
    near_c: cython.int
    far_c: cython.int
    gone: cython.int
    bit: cython.uint
    again: cython.bint
    for d in range(9):
        bit = cython.cast(cython.uint, 1) << d
        again = True
        while again:
            again = False
            for r in range(9):
                row_link = _link(units, where, r, d)
                if row_link < 0 or _box(row_link // 81) == _box(row_link % 81):
                    continue
                for col in range(9):
                    col_link = _link(units, where, 9 + col, d)
                    if col_link < 0 or _box(col_link // 81) == _box(col_link % 81):
                        continue
                    for o in range(4):
                        near_r = row_link // 81 if (o & 1) == 0 else row_link % 81
                        far_r = row_link % 81 if (o & 1) == 0 else row_link // 81
                        near_c = col_link // 81 if (o >> 1) == 0 else col_link % 81
                        far_c = col_link % 81 if (o >> 1) == 0 else col_link // 81
                        if near_r == near_c or _box(near_r) != _box(near_c):
                            continue
                        gone = _remove_seen_by_both(m, v, sees, bit, far_r, far_c)
                        if gone:
                            removed += gone
                            again = True
                            _places(m, v, units, where)
                            break
                    if again:
                        break
                if again:
                    break
    return removed


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _bivalue(m: cython.uint[::1], v: cython.uint[::1], cells: cython.int[::1]) -> cython.int:
    """List the unplaced cells with two candidates in ``cells``, in cell order; returns
    how many there are."""
    n: cython.int = 0
    c: cython.int
    for c in range(81):
        if v[c] == 0 and _two(m[c]):
            cells[n] = c
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _xy_wings(m: cython.uint[::1], v: cython.uint[::1], sees: cython.uchar[::1],
              cells: cython.int[::1]) -> cython.int:
    """XY-Wings, as the ladder's technique finds them, until none is left: a pivot holding
    {x,y} sees two cells holding {x,z} and {y,z}; z leaves every cell that sees both of
    those. Returns the candidates removed. Each sweep looks at the cells with two
    candidates when it starts (``cells``: scratch), and checks them again as it goes."""
    removed: cython.int = 0
    i: cython.int
    j: cython.int
    k: cython.int
    pivot: cython.int
    a: cython.int
    b: cython.int
    gone: cython.int
    pm: cython.uint
    am: cython.uint
    bm: cython.uint
    z: cython.uint
    n: cython.int
    again: cython.bint = True
    while again:
        again = False
        n = _bivalue(m, v, cells)
        for i in range(n):
            pivot = cells[i]
            pm = m[pivot]
            if not _two(pm):
                continue
            for j in range(n):
                a = cells[j]
                am = m[a]
                if not _two(am) or not sees[81 * a + pivot] or not _one(am & pm):
                    continue
                z = am & ~pm
                for k in range(j + 1, n):
                    b = cells[k]
                    bm = m[b]
                    if (not _two(bm) or not sees[81 * b + pivot] or (bm & ~pm) != z
                            or (bm & am) != z):
                        continue
                    gone = _remove_seen_by_both(m, v, sees, z, a, b)
                    if gone:
                        removed += gone
                        again = True
    return removed


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _w_wings(m: cython.uint[::1], v: cython.uint[::1], units: cython.int[::1],
             sees: cython.uchar[::1], where: cython.uint[::1],
             cells: cython.int[::1]) -> cython.int:
    """W-Wings, as the ladder's technique finds them, until none is left: two cells that
    do not see each other hold the same pair {x,y}, and a strong link on x (a unit where x
    fits in two cells, neither of them) has one end seeing each; y leaves every cell that
    sees both. Returns the candidates removed. Each sweep looks at the cells with two
    candidates when it starts (``cells``: scratch), and checks them again as it goes;
    ``where`` is brought up to date after each elimination."""
    removed: cython.int = 0
    i: cython.int
    j: cython.int
    a: cython.int
    b: cython.int
    gone: cython.int
    u: cython.int
    x: cython.int
    p: cython.int
    q: cython.int
    link: cython.int
    pair: cython.uint
    xbit: cython.uint
    ybit: cython.uint
    n: cython.int
    again: cython.bint = True
    while again:
        again = False
        n = _bivalue(m, v, cells)
        for i in range(n):
            a = cells[i]
            pair = m[a]
            if not _two(pair):
                continue
            for j in range(i + 1, n):
                b = cells[j]
                if m[b] != pair or sees[81 * a + b]:
                    continue
                for x in range(9):
                    xbit = cython.cast(cython.uint, 1) << x
                    if (pair & xbit) == 0:
                        continue
                    ybit = pair & ~xbit
                    for u in range(27):  # a strong link on x whose ends see a and b
                        link = _link(units, where, u, x)
                        if link < 0:
                            continue
                        p = link // 81
                        q = link % 81
                        # (an end is never a or b: no cell sees itself, and a and b do not
                        # see each other)
                        if not ((sees[81 * p + a] and sees[81 * q + b])
                                or (sees[81 * q + a] and sees[81 * p + b])):
                            continue
                        gone = _remove_seen_by_both(m, v, sees, ybit, a, b)
                        if gone:
                            removed += gone
                            again = True
                            _places(m, v, units, where)
                        break
    return removed


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _remove_seen_by_both(m: cython.uint[::1], v: cython.uint[::1], sees: cython.uchar[::1],
                         bit: cython.uint, a: cython.int, b: cython.int) -> cython.int:
    """Take ``bit`` out of every unplaced cell that sees both ``a`` and ``b`` (the
    conclusion of the kites and wings); returns the candidates removed."""
    gone: cython.int = 0
    c: cython.int
    for c in range(81):
        if sees[81 * c + a] and sees[81 * c + b]:
            gone += _take_out(m, v, c, bit)
    return gone


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _two(x: cython.uint) -> cython.bint:
    """Has ``x`` exactly two bits?"""
    rest: cython.uint = x & (x - 1)
    return rest != 0 and (rest & (rest - 1)) == 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _one(x: cython.uint) -> cython.bint:
    """Has ``x`` exactly one bit?"""
    return x != 0 and (x & (x - 1)) == 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _box(c: cython.int) -> cython.int:
    return c // 27 * 3 + c % 9 // 3


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _popcount9(x: cython.uint) -> cython.int:
    n: cython.int = 0
    while x:
        x &= x - 1
        n += 1
    return n


@cython.boundscheck(False)
@cython.wraparound(False)
def _cell_sets(m: cython.uint[::1], v: cython.uint[::1], parts: cython.uint[::1]) -> None:
    """For each digit d, the unplaced cells that hold it, in three 27-bit parts (cells 0-26,
    27-53, 54-80) at ``parts[3 * (d - 1)]``..., and the unplaced cells at ``parts[27..29]``."""
    c: cython.int
    d: cython.int
    part: cython.int
    bit: cython.uint
    for c in range(81):
        if v[c] != 0:
            continue
        part = c // 27
        bit = cython.cast(cython.uint, 1) << (c - 27 * part)
        parts[27 + part] |= bit
        for d in range(9):
            if (m[c] >> d) & 1:
                parts[3 * d + part] |= bit


@cython.boundscheck(False)
@cython.wraparound(False)
def _run(m: cython.uint[::1], v: cython.uint[::1], peers: cython.int[::1], units: cython.int[::1],
         out: cython.int[::1]) -> cython.int:
    """Singles to a fixpoint on the arrays; the placements go to ``out``; returns their
    number."""
    n: cython.int = 0
    c: cython.int
    u: cython.int
    k: cython.int
    bit: cython.uint
    mm: cython.uint
    once: cython.uint
    twice: cython.uint
    moved: cython.bint = True
    while moved:
        moved = False
        for c in range(81):
            mm = m[c]
            if v[c] == 0 and mm != 0 and (mm & (mm - 1)) == 0:
                n = _place(m, v, peers, out, n, c, mm)
                moved = True
        for u in range(27):
            once = 0
            twice = 0
            for k in range(9):
                mm = m[units[u * 9 + k]]
                twice |= once & mm
                once |= mm
            once &= ~twice
            if once == 0:
                continue
            for k in range(9):
                c = units[u * 9 + k]
                mm = m[c] & once
                if mm != 0 and v[c] == 0:
                    # a digit this cell alone holds in the unit (one of them, if several:
                    # a board with no solution; the next pass sees what is left)
                    bit = mm & (~mm + 1)
                    n = _place(m, v, peers, out, n, c, bit)
                    once &= ~bit
                    moved = True
    return n


@cython.cfunc
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
def _place(m: cython.uint[::1], v: cython.uint[::1], peers: cython.int[::1], out: cython.int[::1],
           n: cython.int, c: cython.int, bit: cython.uint) -> cython.int:
    digit: cython.int = 1
    k: cython.int
    p: cython.int
    while (bit >> (digit - 1)) != 1:
        digit += 1
    m[c] = bit
    v[c] = digit
    for k in range(20):
        p = peers[c * 20 + k]
        m[p] &= ~bit
    out[2 * n] = c
    out[2 * n + 1] = digit
    return n + 1
