"""Fish on overlapping grids: X-Wing, Swordfish and Jellyfish whose lines belong to any of
the sheet's grids, and their finned and sashimi forms.

For one digit, k base lines (rows of any grids, no two sharing a cell; or columns) hold it
only within k cover lines (columns of any grids; or rows). Each base line holds the digit
once, in a cell of some cover line, and a cover line holds it at most once: so the k cover
lines hold it inside the base lines, and it leaves the rest of them. (On one grid, the basic
fish of :mod:`.fish` find these by line number; here the lines are the sheet's houses.)

Finned: the base lines have a few more cells of the digit (the fins) outside the cover, all
in one box. Either a fin holds the digit, and so the rest of that box does not; or none does,
and the fish is real. Either way the cover's cells in the fins' box, outside the base lines,
lose the digit. Sashimi: a base line keeps only one cell in the cover.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from ..board import Board, Geometry, bits
from ..step import Step, Technique
from .finned_fish import FINNED, SASHIMI
from .fish import FISH, line_word

#: The most fins a finned fish of a sheet has (all in one box).
MOST_FINS = 2


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


def find_finned(board: Board, k: int) -> Step | None:
    """A finned (or sashimi) fish of size ``k`` on a sheet that eliminates, or None."""
    geo = board.geo
    unit_bits = geo.unit_bits
    memo = board.memo
    for d0, dc in enumerate(board.dcells):
        if not dc or memo.get(("sheet-finned", k, d0)) == dc:
            continue
        for rows in (True, False):
            base_units, cross = sheet_lines(geo, rows)
            base = [u for u in base_units
                    if 1 <= (dc & unit_bits[u]).bit_count() <= k + MOST_FINS]
            for pick in (0, -1):
                found = _first_finned(board, dc, base, k, cross, pick)
                if found is not None:
                    return _finned_step(board, d0, k, rows, *found)
        memo[("sheet-finned", k, d0)] = dc
    return None


def _first_finned(board: Board, dc: int, base: list[int], k: int,
                  cross: tuple[tuple[int, ...], ...], pick: int
                  ) -> tuple[tuple[int, ...], tuple[int, ...], int, int, bool] | None:
    """The first finned fish: (base lines, cover lines, fins, cells it leaves, sashimi)."""
    geo = board.geo
    unit_bits = geo.unit_bits
    box = geo.cell_box
    covers = {u: frozenset(cross[c][pick] for c in bits(dc & unit_bits[u])) for u in base}

    def finned(chosen: tuple[int, ...], cells: int, lines: frozenset[int]
               ) -> tuple[tuple[int, ...], tuple[int, ...], int, int, bool] | None:
        for cover in combinations(sorted(lines), k):
            covered = 0
            for u in cover:
                covered |= unit_bits[u]
            fins = dc & cells & ~covered
            if not fins or len({box[c] for c in bits(fins)}) > 1:
                continue
            bodies = [(dc & unit_bits[u] & covered).bit_count() for u in chosen]
            if min(bodies) == 0:
                continue
            gone = dc & unit_bits[box[(fins & -fins).bit_length() - 1]] & covered & ~cells
            if gone:
                return chosen, cover, fins, gone, min(bodies) == 1
        return None

    def grow(start: int, chosen: tuple[int, ...], cells: int, lines: frozenset[int]
             ) -> tuple[tuple[int, ...], tuple[int, ...], int, int, bool] | None:
        if len(chosen) == k:
            return finned(chosen, cells, lines) if len(lines) > k else None
        for j in range(start, len(base)):
            u = base[j]
            ub = unit_bits[u]
            more = lines | covers[u]
            if ub & cells or len(more) > k + MOST_FINS:
                continue
            found = grow(j + 1, (*chosen, u), cells | ub, more)
            if found is not None:
                return found
        return None

    return grow(0, (), 0, frozenset())


def _finned_step(board: Board, d0: int, k: int, rows: bool, chosen: tuple[int, ...],
                 cover: tuple[int, ...], fins: int, gone: int, sashimi: bool) -> Step:
    geo = board.geo
    d = d0 + 1
    base_cells = 0
    for u in chosen:
        base_cells |= geo.unit_bits[u]
    names = ", ".join(geo.unit_names[u] for u in chosen)
    covers = ", ".join(geo.unit_names[u] for u in cover)
    text = (f"{d} in {names} fits only in {covers}, or in the fin"
            f"{'s' if fins.bit_count() > 1 else ''} {', '.join(geo.names(fins))}: either way "
            f"{d} leaves the cover cells that see every fin.")
    tech = (SHEET_SASHIMI if sashimi else SHEET_FINNED)[k]
    return tech.step(board, bits(board.dcells[d0] & base_cells), text,
                     elim=[(c, d) for c in bits(gone)],
                     houses=[geo.units[u] for u in chosen + cover])


def _like(tech: Technique, find: Callable[[Board], Step | None]) -> Technique:
    """A technique of a sheet named and scored as ``tech`` is on one grid."""
    return Technique(key=tech.key, name=tech.name, level=tech.level, score=tech.score,
                     effort=tech.effort, find=find)


def _finder(k: int, finned: bool) -> Callable[[Board], Step | None]:
    return (lambda b: find_finned(b, k)) if finned else (lambda b: find(b, k))


#: The fish of a sheet, by size, each standing in the ladder where the basic fish of the
#: same name stands on one grid; and the finned and sashimi X-Wing (one search finds both:
#: the larger finned fish cost seconds a step on a sheet's many lines).
SHEET_FISH = {k: _like(FISH[k], _finder(k, False)) for k in (2, 3, 4)}
SHEET_FINNED = {k: _like(FINNED[k], _finder(k, True)) for k in (2,)}
SHEET_SASHIMI = {k: _like(SASHIMI[k], _finder(k, True)) for k in (2,)}
