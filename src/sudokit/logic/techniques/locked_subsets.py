"""Locked pairs and triples: a naked subset that lies in two units at once.

Two (three) unplaced cells that share a line and a box, and hold between them only two
(three) digits, take those digits from every other cell of both units, in one step. The
naked pair and triple of the default ladder find the same subset once per unit (the line's
eliminations, then the box's); this form makes them together, as HoDoKu counts a locked
pair or triple. Any two units count (a box and a diagonal as well as a box and a line).

The hodoku scale takes the same technique searched as HoDoKu searches it
(:func:`find_locked` with ``box_by_box``): a box's crossings with its lines, box by box, and
only a subset that takes a digit from both units beyond the cells they share.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list

_NAMES = {2: "Pair", 3: "Triple"}


def _crossings(board: Board, k: int) -> list[int]:
    """The cell sets where two units meet that hold ``k`` unplaced cells or more, each once."""
    ub = board.geo.unit_bits
    seen: set[int] = set()
    out = []
    for u in range(len(ub)):
        for v in range(u + 1, len(ub)):
            free = ub[u] & ub[v] & board.unsolved
            if free.bit_count() >= k and free not in seen:
                seen.add(free)
                out.append(free)
    return out


def naked_sets(free: list[int], masks: list[int], k: int
               ) -> Iterator[tuple[tuple[int, ...], int]]:
    """(cells, their digits as bits) of every ``k`` cells of ``free`` holding ``k`` digits in
    all, in the order of ``itertools.combinations``."""
    for cells in combinations(free, k):
        digits = 0
        for c in cells:
            digits |= masks[c]
        if digits.bit_count() == k:
            yield cells, digits


def find_locked(board: Board, k: int, tech: Technique, *, box_by_box: bool = False
                ) -> Step | None:
    """A locked subset of ``k`` cells that eliminates something, or None.

    ``box_by_box`` looks as HoDoKu does: in the cells each box shares with a line, box by
    box (its rows, then its columns), and only at a subset that takes a digit from both
    units beyond those cells (where one unit alone loses, HoDoKu names a naked subset of
    that unit)."""
    geo = board.geo
    masks = board.masks
    crossings = [common & board.unsolved for _, _, common in geo.intersections] \
        if box_by_box else _crossings(board, k)
    for free in crossings:
        for combo, union in naked_sets(list(bits(free)), masks, k):
            inside = sum(1 << c for c in combo)
            units = geo.common_units(inside)
            elim = sorted({
                (c, d) for u in units for d in digits_of(union)
                for c in bits(board.unit_cells(u, d) & ~inside)
            })
            if not elim or box_by_box and not _each_loses(board, units, free, elim):
                continue
            names = " and ".join(geo.unit_names[u] for u in units)
            text = (
                f"{cell_list(geo, combo)} hold only {digit_list(digits_of(union))} and lie in "
                f"{names}: these digits leave the other cells of each."
            )
            return tech.step(board, combo, text, elim=elim,
                             houses=[geo.units[u] for u in units])
    return None


def _each_loses(board: Board, units: list[int], crossing: int,
                elim: list[tuple[int, int]]) -> bool:
    """Does each of ``units`` lose a candidate (of ``elim``) outside ``crossing``?"""
    unit_bits = board.geo.unit_bits
    return all(any(unit_bits[u] >> c & 1 and not crossing >> c & 1 for c, _ in elim)
               for u in units)


def _technique(k: int, score: float, effort: int) -> Technique:
    def find(board: Board) -> Step | None:
        return find_locked(board, k, tech)

    tech = Technique(
        key=f"locked-{_NAMES[k].lower()}",
        name=f"Locked {_NAMES[k]}",
        level=Level.MEDIUM,
        score=score,
        effort=effort,
        find=find,
    )
    return tech


#: optional techniques (see ``OPTIONAL``): with them named, a locked subset comes before the
#: naked subsets and counts as one step
LOCKED_PAIR = _technique(2, 2.9, 40)
LOCKED_TRIPLE = _technique(3, 3.2, 60)
