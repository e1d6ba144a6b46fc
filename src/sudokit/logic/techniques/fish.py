"""Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4), and the optional Squirmbag (5), Whale
(6) and Leviathan (7).

For one digit, k base lines (rows, or columns) hold it only within the same k cross lines
(the cover): the digit then fills each cover line inside the base lines, and leaves the rest
of the cover lines.
"""

from __future__ import annotations

import functools

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Board, Geometry, bits
from ..step import Level, Step, Technique

NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish", 5: "Squirmbag", 6: "Whale", 7: "Leviathan"}


def line_positions(geo: Geometry, dc: int, rows: bool) -> list[int]:
    """For each base line (rows when ``rows``, else columns), the cross-line indices where
    the cell set ``dc`` has cells, as a bit mask."""
    n = geo.n
    out = [0] * n
    if rows:
        full = geo.full
        for r in range(n):
            out[r] = (dc >> (n * r)) & full
        return out
    row_of, col_of = geo.row_of, geo.col_of
    while dc:
        low = dc & -dc
        c = low.bit_length() - 1
        out[col_of[c]] |= 1 << row_of[c]
        dc ^= low
    return out


def positions(board: Board, d0: int, rows: bool) -> list[int]:
    """:func:`line_positions` of digit ``d0 + 1`` on the board, kept (on the board's memo)
    while the digit's cells stay the same: every fish, finned or not, asks for them. The
    list is shared: read it, never change it."""
    dc = board.dcells[d0]
    key = ("positions", d0, rows)
    kept = board.memo.get(key)
    if isinstance(kept, tuple) and kept[0] == dc:
        return kept[1]
    pos = line_positions(board.geo, dc, rows)
    board.memo[key] = (dc, pos)
    return pos


def lines_cells(geo: Geometry, lines: int, offset: int) -> int:
    """The cell set of the lines (a bit mask of indices) counted from unit ``offset``."""
    out = 0
    unit_bits = geo.unit_bits
    while lines:
        low = lines & -lines
        out |= unit_bits[offset + low.bit_length() - 1]
        lines ^= low
    return out


def unions(
    pos: list[int],
    base: list[int],
    k: int,
    limit: int,
    first: tuple[int, ...] = (),
    union: int = 0,
) -> list[tuple[tuple[int, ...], int]]:
    """Every k lines of ``base`` (as (lines, union of their positions)) whose union has at
    most ``limit`` positions: unions only grow, so a partial union past the limit is cut.
    ``first`` lines (with positions ``union``) are taken to start with.

    The order is that of a depth-first search that tries the later lines first at every
    level but the last, where it lists them in increasing order (finned fish return the
    first step found, so the order is part of the answer)."""
    if len(first) == k:
        return [(first, union)] if union.bit_count() <= limit else []
    out: list[tuple[tuple[int, ...], int]] = []
    _grow(pos, base, 0, k - len(first), union, limit, first, out)
    return out


if cython.compiled:  # masks of at most 64 bits: one C word (_bits64.pxd)
    from cython.cimports.sudokit.logic.graphs._bits64 import popcount64 as _popcount
else:
    from ..graphs._bits64 import popcount64 as _popcount


@cython.cfunc
def _grow(
    pos: list[int],
    base: list[int],
    start: cython.Py_ssize_t,
    left: cython.int,
    union: cython.ulonglong,
    limit: cython.int,
    chosen: tuple[int, ...],
    out: list[tuple[tuple[int, ...], int]],
) -> None:
    """Extend ``chosen`` (positions ``union``) by ``left`` more lines of ``base[start:]``
    (typed: line positions are at most 64 bits, one per cross line)."""
    j: cython.Py_ssize_t
    i: cython.Py_ssize_t
    u: cython.ulonglong
    p: cython.ulonglong
    m: cython.Py_ssize_t = len(base)
    if left == 1:
        for j in range(start, m):
            i = base[j]
            p = pos[i]
            u = union | p
            if _popcount(u) <= limit:
                out.append(((*chosen, i), u))
        return
    for j in range(m - left, start - 1, -1):
        i = base[j]
        p = pos[i]
        u = union | p
        if _popcount(u) <= limit:
            _grow(pos, base, j + 1, left - 1, u, limit, (*chosen, i), out)


def line_word(rows: bool, plural: bool = False) -> str:
    """ "row" or "column" (plural when asked)."""
    word = "row" if rows else "column"
    return word + "s" if plural else word


def find(board: Board, k: int) -> Step | None:
    """A basic fish of size ``k`` (2 X-Wing, 3 Swordfish, 4 Jellyfish, 5 Squirmbag, 6 Whale,
    7 Leviathan) that eliminates, or None."""
    geo = board.geo
    n = geo.n
    memo = board.memo
    for d0 in range(n):
        dc = board.dcells[d0]
        if not dc or memo.get(("fish", k, d0)) == dc:
            continue
        for rows in (True, False):
            pos = positions(board, d0, rows)
            base = [i for i in range(n) if 2 <= pos[i].bit_count() <= k]
            if len(base) < k:
                continue
            base_off, cover_off = (0, n) if rows else (n, 0)
            for combo, cover in unions(pos, base, k, k):
                base_cells = lines_cells(geo, sum(1 << i for i in combo), base_off)
                gone = dc & lines_cells(geo, cover, cover_off) & ~base_cells
                if not gone:
                    continue
                d = d0 + 1
                b_names = ", ".join(str(i + 1) for i in combo)
                c_names = ", ".join(str(i + 1) for i in bits(cover))
                text = (
                    f"{d} in {line_word(rows, True)} {b_names} fits only in "
                    f"{line_word(not rows, True)} {c_names}: {d} leaves the rest of those "
                    f"{line_word(not rows, True)}."
                )
                return (FISH[k] if k in FISH else BIG_FISH[k]).step(
                    board, bits(dc & base_cells), text, elim=[(c, d) for c in bits(gone)]
                )
        memo[("fish", k, d0)] = dc  # nothing for this digit while its cells stay the same
    return None


FISH = {
    2: Technique(
        key="x-wing", name="X-Wing", level=Level.HARD, score=3.2, effort=140,
        find=lambda b: find(b, 2),
    ),
    3: Technique(
        key="swordfish", name="Swordfish", level=Level.HARD, score=3.8, effort=150,
        find=lambda b: find(b, 3),
    ),
    4: Technique(
        key="jellyfish", name="Jellyfish", level=Level.HARD, score=5.2, effort=160,
        find=lambda b: find(b, 4),
    ),
}
X_WING, SWORDFISH, JELLYFISH = FISH[2], FISH[3], FISH[4]

#: The fish of five to seven lines, optional: on a 9x9 grid each has a smaller fish (or a
#: hidden single) of the same digit in the other direction with the same eliminations (the
#: lines outside its base and cover), so they find something first only on larger grids or
#: in a ladder without the smaller fish.
BIG_FISH = {
    k: Technique(
        key=NAMES[k].lower(), name=NAMES[k], level=Level.HARD, score=score, effort=effort,
        find=functools.partial(find, k=k),
    )
    for k, score, effort in ((5, 5.5, 170), (6, 5.6, 180), (7, 5.7, 190))
}
SQUIRMBAG, WHALE, LEVIATHAN = BIG_FISH[5], BIG_FISH[6], BIG_FISH[7]
