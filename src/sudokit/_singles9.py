"""Naked and hidden singles to a fixpoint on a 9x9 candidate board, in compiled code: the
innermost loop of the search for puzzles made for a technique (:mod:`sudokit.targeted_search`).

:func:`singles` reads the board's 81 candidate masks and placed digits and answers the
placements the singles make, in the order it found them; the caller places them on its own
board. On a board that agrees with a solution the singles' fixpoint does not depend on the
order they are taken in, so the caller ends where the rater's own singles would.

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
