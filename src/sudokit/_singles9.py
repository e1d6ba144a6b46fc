"""Naked and hidden singles to a fixpoint on a 9x9 candidate board, in compiled code: the
innermost loop of the search for puzzles made for a technique (:mod:`sudokit.targeted_search`).

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


def is_compiled() -> bool:
    """True when this module is the compiled extension, not the .py source."""
    return cython.compiled


def _tables() -> tuple[array, array]:
    """The 20 peers of each cell and the 9 cells of each unit (rows, columns, boxes)."""
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)]
              for b in range(9)]
    peers: list[int] = []
    for cell in range(81):
        seen = sorted({p for unit in units if cell in unit for p in unit} - {cell})
        peers.extend(seen)
    return array("i", peers), array("i", [c for unit in units for c in unit])


_PEERS, _UNITS = _tables()


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
def _candidates(g: cython.uint[:], peers: cython.int[:], m: cython.uint[:]) -> None:
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
    where = array("I", [0]) * 9
    links = array("i", [0]) * 54
    if _basic(m, v, _PEERS, _UNITS, out, where, links, rules) == 0:
        return None
    parts = array("I", [0]) * 30
    _cell_sets(m, v, parts)
    dcells = [parts[3 * d] | parts[3 * d + 1] << 27 | parts[3 * d + 2] << 54
              for d in range(9)]
    unsolved = parts[27] | parts[28] << 27 | parts[29] << 54
    return Settled(m.tolist(), v.tolist(), dcells, unsolved)


@cython.boundscheck(False)
@cython.wraparound(False)
def _basic(m: cython.uint[:], v: cython.uint[:], peers: cython.int[:], units: cython.int[:],
           out: cython.int[:], where: cython.uint[:], links: cython.int[:],
           rules: cython.int) -> cython.int:
    """Singles and the chosen eliminations to a fixpoint; returns how many placements and
    eliminations were made. The singles run again after each round that removed anything:
    they are the cheapest, and what they place removes the most."""
    total: cython.int = 0
    removed: cython.int
    while True:
        total += _run(m, v, peers, units, out)
        removed = 0
        if rules & POINTING:
            removed += _locked(m, v, units, False)
        if rules & CLAIMING:
            removed += _locked(m, v, units, True)
        if rules & NAKED_PAIR:
            removed += _naked_pairs(m, v, units)
        if rules & HIDDEN_PAIR:
            removed += _hidden_pairs(m, v, units, where)
        # the costlier patterns only once the others rest
        if removed == 0 and rules & KITE:
            removed += _kites(m, v, units, links)
        if removed == 0 and rules & XY_WING:
            removed += _xy_wings(m, v)
        if removed == 0 and rules & W_WING:
            removed += _w_wings(m, v, units)
        if removed == 0:
            return total
        total += removed


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _index(bit: cython.uint) -> cython.int:
    """The index of the single set bit of ``bit``."""
    i: cython.int = 0
    while (bit >> i) != 1:
        i += 1
    return i


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _locked(m: cython.uint[:], v: cython.uint[:], units: cython.int[:],
            claiming: cython.bint) -> cython.int:
    """One pass of pointing (a box's digit all in one line leaves the rest of the line) or
    claiming (a line's digit all in one box leaves the rest of the box); returns the
    candidates removed."""
    removed: cython.int = 0
    u: cython.int
    d: cython.int
    k: cython.int
    c: cython.int
    r: cython.int
    col: cython.int
    b: cython.int
    bit: cython.uint
    rows: cython.uint
    cols: cython.uint
    boxes: cython.uint
    first: cython.int = 0 if claiming else 18
    last: cython.int = 18 if claiming else 27
    for u in range(first, last):
        for d in range(9):
            bit = cython.cast(cython.uint, 1) << d
            rows = 0
            cols = 0
            boxes = 0
            for k in range(9):
                c = units[u * 9 + k]
                if v[c] == 0 and (m[c] & bit) != 0:
                    r = c // 9
                    col = c % 9
                    rows |= cython.cast(cython.uint, 1) << r
                    cols |= cython.cast(cython.uint, 1) << col
                    boxes |= cython.cast(cython.uint, 1) << (r // 3 * 3 + col // 3)
            if rows == 0:
                continue
            if claiming:
                if (boxes & (boxes - 1)) != 0:
                    continue
                b = _index(boxes)
                for k in range(9):
                    c = units[(18 + b) * 9 + k]
                    if v[c] != 0 or (m[c] & bit) == 0:
                        continue
                    if (u < 9 and c // 9 == u) or (u >= 9 and c % 9 == u - 9):
                        continue
                    m[c] &= ~bit
                    removed += 1
                continue
            if (rows & (rows - 1)) == 0:
                r = _index(rows)
                for k in range(9):
                    c = r * 9 + k
                    if v[c] == 0 and (m[c] & bit) != 0 and (r // 3 * 3 + k // 3) != u - 18:
                        m[c] &= ~bit
                        removed += 1
            if (cols & (cols - 1)) == 0:
                col = _index(cols)
                for k in range(9):
                    c = k * 9 + col
                    if v[c] == 0 and (m[c] & bit) != 0 and (k // 3 * 3 + col // 3) != u - 18:
                        m[c] &= ~bit
                        removed += 1
    return removed


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _naked_pairs(m: cython.uint[:], v: cython.uint[:], units: cython.int[:]) -> cython.int:
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
    rest: cython.uint
    for u in range(27):
        for i in range(9):
            a = units[u * 9 + i]
            pair = m[a]
            rest = pair & (pair - 1)
            if v[a] != 0 or rest == 0 or (rest & (rest - 1)) != 0:
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
@cython.boundscheck(False)
@cython.wraparound(False)
def _hidden_pairs(m: cython.uint[:], v: cython.uint[:], units: cython.int[:],
                  where: cython.uint[:]) -> cython.int:
    """One pass of hidden pairs: two digits that fit in the same two unplaced cells of a
    unit, and nowhere else there, take every other digit out of those cells; returns the
    candidates removed (``where``: scratch, each digit's cells in the unit)."""
    removed: cython.int = 0
    u: cython.int
    d: cython.int
    e: cython.int
    k: cython.int
    c: cython.int
    w: cython.uint
    rest: cython.uint
    keep: cython.uint
    for u in range(27):
        for d in range(9):
            where[d] = 0
        for k in range(9):
            c = units[u * 9 + k]
            if v[c] != 0:
                continue
            for d in range(9):
                if (m[c] >> d) & 1:
                    where[d] |= cython.cast(cython.uint, 1) << k
        for d in range(9):
            w = where[d]
            rest = w & (w - 1)
            if rest == 0 or (rest & (rest - 1)) != 0:
                continue  # not exactly two cells
            for e in range(d + 1, 9):
                if where[e] != w:
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
@cython.boundscheck(False)
@cython.wraparound(False)
def _kites(m: cython.uint[:], v: cython.uint[:], units: cython.int[:],
           links: cython.int[:]) -> cython.int:
    """2-String Kites, as the ladder's technique finds them, until none is left: a strong
    link of a digit in a row and one in a column (each with its two cells in different
    boxes), with one end of each (two different cells) in the same box; the digit leaves
    every cell that sees both far ends. Returns the candidates removed (``links``: scratch,
    the digit's strong links as unit, cell, cell)."""
    removed: cython.int = 0
    d: cython.int
    u: cython.int
    a: cython.int
    b: cython.int
    link: cython.int
    nl: cython.int
    i: cython.int
    j: cython.int
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
            nl = 0
            for u in range(18):  # rows, then columns
                link = _strong_link(m, v, units, u, bit)
                if link < 0:
                    continue
                a = link // 81
                b = link % 81
                if _box(a) != _box(b):
                    links[3 * nl] = u
                    links[3 * nl + 1] = a
                    links[3 * nl + 2] = b
                    nl += 1
            for i in range(nl):
                if links[3 * i] >= 9:
                    break  # the row links come first
                for j in range(i + 1, nl):
                    if links[3 * j] < 9:
                        continue
                    for o in range(4):
                        near_r = links[3 * i + 1 + (o & 1)]
                        far_r = links[3 * i + 2 - (o & 1)]
                        near_c = links[3 * j + 1 + (o >> 1)]
                        far_c = links[3 * j + 2 - (o >> 1)]
                        if near_r == near_c or _box(near_r) != _box(near_c):
                            continue
                        gone = _remove_seen_by_both(m, v, bit, far_r, far_c)
                        if gone:
                            removed += gone
                            again = True
                            break
                    if again:
                        break
                if again:
                    break
    return removed


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _xy_wings(m: cython.uint[:], v: cython.uint[:]) -> cython.int:
    """XY-Wings, as the ladder's technique finds them, until none is left: a pivot holding
    {x,y} sees two cells holding {x,z} and {y,z}; z leaves every cell that sees both of
    those. Returns the candidates removed."""
    removed: cython.int = 0
    pivot: cython.int
    a: cython.int
    b: cython.int
    gone: cython.int
    pm: cython.uint
    am: cython.uint
    bm: cython.uint
    z: cython.uint
    again: cython.bint = True
    while again:
        again = False
        for pivot in range(81):
            pm = m[pivot]
            if v[pivot] != 0 or not _two(pm):
                continue
            for a in range(81):
                am = m[a]
                if (v[a] != 0 or not _two(am) or not _sees(a, pivot)
                        or not _one(am & pm)):
                    continue
                z = am & ~pm
                for b in range(a + 1, 81):
                    bm = m[b]
                    if (v[b] != 0 or not _two(bm) or not _sees(b, pivot)
                            or (bm & ~pm) != z or (bm & am) != z):
                        continue
                    gone = _remove_seen_by_both(m, v, z, a, b)
                    if gone:
                        removed += gone
                        again = True
    return removed


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _w_wings(m: cython.uint[:], v: cython.uint[:], units: cython.int[:]) -> cython.int:
    """W-Wings, as the ladder's technique finds them, until none is left: two cells that
    do not see each other hold the same pair {x,y}, and a strong link on x (a unit where x
    fits in two cells, neither of them) has one end seeing each; y leaves every cell that
    sees both. Returns the candidates removed."""
    removed: cython.int = 0
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
    again: cython.bint = True
    while again:
        again = False
        for a in range(81):
            pair = m[a]
            if v[a] != 0 or not _two(pair):
                continue
            for b in range(a + 1, 81):
                if v[b] != 0 or m[b] != pair or _sees(a, b):
                    continue
                for x in range(9):
                    xbit = cython.cast(cython.uint, 1) << x
                    if (pair & xbit) == 0:
                        continue
                    ybit = pair & ~xbit
                    for u in range(27):  # a strong link on x whose ends see a and b
                        link = _strong_link(m, v, units, u, xbit)
                        if link < 0:
                            continue
                        p = link // 81
                        q = link % 81
                        # (an end is never a or b: no cell sees itself, and a and b do not
                        # see each other)
                        if not ((_sees(p, a) and _sees(q, b)) or (_sees(q, a) and _sees(p, b))):
                            continue
                        gone = _remove_seen_by_both(m, v, ybit, a, b)
                        if gone:
                            removed += gone
                            again = True
                        break
    return removed


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _strong_link(m: cython.uint[:], v: cython.uint[:], units: cython.int[:], u: cython.int,
                 bit: cython.uint) -> cython.int:
    """The two unplaced cells of unit ``u`` that hold ``bit``, as ``81 * first + second``,
    or -1 where there are not exactly two (no strong link)."""
    count: cython.int = 0
    first: cython.int = -1
    second: cython.int = -1
    k: cython.int
    c: cython.int
    for k in range(9):
        c = units[u * 9 + k]
        if v[c] == 0 and (m[c] & bit) != 0:
            count += 1
            if count == 1:
                first = c
            elif count == 2:
                second = c
            else:
                return -1
    return 81 * first + second if count == 2 else -1


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _remove_seen_by_both(m: cython.uint[:], v: cython.uint[:], bit: cython.uint,
                         a: cython.int, b: cython.int) -> cython.int:
    """Take ``bit`` out of every unplaced cell that sees both ``a`` and ``b`` (the
    conclusion of the kites and wings); returns the candidates removed."""
    gone: cython.int = 0
    c: cython.int
    for c in range(81):
        if v[c] == 0 and (m[c] & bit) != 0 and _sees(c, a) and _sees(c, b):
            m[c] &= ~bit
            gone += 1
    return gone


@cython.cfunc
def _two(x: cython.uint) -> cython.bint:
    """Has ``x`` exactly two bits?"""
    rest: cython.uint = x & (x - 1)
    return rest != 0 and (rest & (rest - 1)) == 0


@cython.cfunc
def _one(x: cython.uint) -> cython.bint:
    """Has ``x`` exactly one bit?"""
    return x != 0 and (x & (x - 1)) == 0


@cython.cfunc
def _box(c: cython.int) -> cython.int:
    return c // 27 * 3 + c % 9 // 3


@cython.cfunc
def _sees(x: cython.int, y: cython.int) -> cython.bint:
    """Are cells x and y two different cells of one row, column or box?"""
    return x != y and (x // 9 == y // 9 or x % 9 == y % 9 or _box(x) == _box(y))


@cython.cfunc
def _popcount9(x: cython.uint) -> cython.int:
    n: cython.int = 0
    while x:
        x &= x - 1
        n += 1
    return n


@cython.boundscheck(False)
@cython.wraparound(False)
def _cell_sets(m: cython.uint[:], v: cython.uint[:], parts: cython.uint[:]) -> None:
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
def _run(m: cython.uint[:], v: cython.uint[:], peers: cython.int[:], units: cython.int[:],
         out: cython.int[:]) -> cython.int:
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
@cython.boundscheck(False)
@cython.wraparound(False)
def _place(m: cython.uint[:], v: cython.uint[:], peers: cython.int[:], out: cython.int[:],
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
