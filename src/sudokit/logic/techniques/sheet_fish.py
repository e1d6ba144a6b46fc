"""Fish on overlapping grids: X-Wing, Swordfish and Jellyfish whose lines belong to any of
the sheet's grids.

For one digit, k base lines (rows of any grids, no two sharing a cell; or columns) hold it
only within k cover lines (columns of any grids; or rows). Each base line holds the digit
once, in a cell of some cover line, and a cover line holds it at most once: so the k cover
lines hold it inside the base lines, and it leaves the rest of them. (On one grid, the basic
fish of :mod:`.fish` find these by line number; here the lines are the sheet's houses.)
"""

from __future__ import annotations

from functools import lru_cache

from ..board import Board, Geometry, bits
from ..step import Step, Technique
from .fish import FISH, line_word


@lru_cache(maxsize=16)
def sheet_lines(geo: Geometry, rows: bool
                ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The line units of a sheet of one kind (rows when ``rows``, else columns), and per
    cell the lines of the other kind that hold it (one, or two where grids overlap)."""
    of = geo.row_of if rows else geo.col_of
    base = tuple(u for u in geo.line_units if len({of[c] for c in geo.units[u]}) == 1)
    cross: list[list[int]] = [[] for _ in range(geo.ncells)]
    taken = frozenset(base)
    for u in geo.line_units:
        if u not in taken:
            for c in geo.units[u]:
                cross[c].append(u)
    return base, tuple(tuple(us) for us in cross)


def find(board: Board, k: int) -> Step | None:
    """A fish of size ``k`` on a sheet of overlapping grids that eliminates, or None."""
    geo = board.geo
    unit_bits = geo.unit_bits
    memo = board.memo
    for d0, dc in enumerate(board.dcells):
        if not dc or memo.get(("sheet-fish", k, d0)) == dc:
            continue
        for rows in (True, False):
            base_units, cross = sheet_lines(geo, rows)
            base = [u for u in base_units if 2 <= (dc & unit_bits[u]).bit_count() <= k]
            if len(base) < k:
                continue
            # a cell of two grids lies in two cover lines: the first, then the last, is
            # the one counted (each choice finds only true fish; together, most)
            for pick in (0, -1):
                found = _first(board, dc, base, k, cross, pick)
                if found is not None:
                    return _step(board, d0, k, rows, *found)
        memo[("sheet-fish", k, d0)] = dc  # nothing for this digit while its cells stay the same
    return None


def _first(board: Board, dc: int, base: list[int], k: int,
           cross: tuple[tuple[int, ...], ...], pick: int
           ) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
    """The first k pairwise disjoint lines of ``base`` whose cells of the digit (``dc``)
    lie in k cover lines that hold it elsewhere: (base lines, cover lines, cells it
    leaves), or None."""
    unit_bits = board.geo.unit_bits
    covers = {u: frozenset(cross[c][pick] for c in bits(dc & unit_bits[u])) for u in base}

    def grow(start: int, chosen: tuple[int, ...], cells: int, cover: frozenset[int]
             ) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
        if len(chosen) == k:
            lines = tuple(sorted(cover))
            gone = 0
            for u in lines:
                gone |= unit_bits[u]
            gone &= dc & ~cells
            return (chosen, lines, gone) if gone else None
        for j in range(start, len(base)):
            u = base[j]
            ub = unit_bits[u]
            more = cover | covers[u]
            if ub & cells or len(more) > k:
                continue  # a base line shares a cell with one chosen, or too many covers
            found = grow(j + 1, (*chosen, u), cells | ub, more)
            if found is not None:
                return found
        return None

    return grow(0, (), 0, frozenset())


def _step(board: Board, d0: int, k: int, rows: bool, chosen: tuple[int, ...],
          cover: tuple[int, ...], gone: int) -> Step:
    geo = board.geo
    d = d0 + 1
    base_cells = 0
    for u in chosen:
        base_cells |= geo.unit_bits[u]
    names = [geo.unit_names[u] for u in chosen]
    covers = [geo.unit_names[u] for u in cover]
    text = (f"{d} in {', '.join(names)} fits only in {', '.join(covers)}: {d} leaves the rest "
            f"of those {line_word(not rows, True)}.")
    return SHEET_FISH[k].step(board, bits(board.dcells[d0] & base_cells), text,
                              elim=[(c, d) for c in bits(gone)],
                              houses=[geo.units[u] for u in chosen + cover])


def _technique(k: int) -> Technique:
    fish = FISH[k]
    return Technique(key=fish.key, name=fish.name, level=fish.level, score=fish.score,
                     effort=fish.effort, find=lambda b: find(b, k))


#: The fish of a sheet, by size, each standing in the ladder where the basic fish of the
#: same name stands on one grid.
SHEET_FISH = {k: _technique(k) for k in (2, 3, 4)}
