"""Sudoku Explainer's direct techniques: a locked candidate or a hidden pair or triple whose
eliminations leave a digit one place in a unit, told as the placement they lead to.

- Direct Pointing (1.7) and Direct Claiming (1.9): a digit leaves the cells of a line (or of
  a box) outside the crossing that holds all its places in the box (or the line); a box
  through those cells then has one place left for the digit, which goes there.
- Direct Hidden Pair (2.0) and Direct Hidden Triple (2.5): k digits fit in a unit only in k
  cells, so the cells' other digits go; one of those digits then has one place left in the
  unit, and goes there.

(A single in a box only, and in the set's own unit: so Sudoku Explainer has them, as its
ratings of published puzzles show.)

Sudoku Explainer tries them between the singles (so a puzzle they solve rates below a
naked single's 2.3 or a pointing's 2.6); they are not in the default ladder.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board, bits
from ..step import Level, Step, Technique, cell_list

#: a pattern found: (the digits' cells, the unit it is in, what it eliminates as
#: (cellset, digit) pairs, the words that name it)
_Found = tuple[int, int, list[tuple[int, int]], str]


def _locked(board: Board, pointing: bool) -> Iterator[_Found]:
    """Every pointing (or claiming) that eliminates, box by box (line by line), digit by
    digit."""
    geo = board.geo
    n = geo.n
    inner = range(2 * n, 3 * n) if pointing else range(2 * n)
    for unit in inner:
        for d0, dc in enumerate(board.dcells):
            here = dc & geo.unit_bits[unit]
            if not here:
                continue
            first = (here & -here).bit_length() - 1
            crossing = ((geo.row_of[first], n + geo.col_of[first]) if pointing
                        else (2 * n + geo.box_of[first],))
            for other in crossing:
                if here & ~geo.unit_bits[other]:
                    continue
                gone = dc & geo.unit_bits[other] & ~geo.unit_bits[unit]
                if gone:
                    yield (here, unit, [(gone, d0 + 1)],
                           f"in {geo.unit_names[unit]}, {d0 + 1} fits only in "
                           f"{cell_list(geo, bits(here))}, all in {geo.unit_names[other]}")


def _hidden(board: Board, k: int) -> Iterator[_Found]:
    """Every hidden set of ``k`` digits that eliminates, unit by unit."""
    geo = board.geo
    for unit, unit_bits in enumerate(geo.unit_bits):
        places = {d0 + 1: dc & unit_bits for d0, dc in enumerate(board.dcells)
                  if 2 <= (dc & unit_bits).bit_count() <= k}
        for digits in combinations(places, k):
            cells = 0
            for d in digits:
                cells |= places[d]
            if cells.bit_count() != k:
                continue
            gone = [(cells & board.dcells[d - 1], d) for d in range(1, geo.n + 1)
                    if d not in digits and cells & board.dcells[d - 1]]
            if gone:
                yield (cells, unit, gone,
                       f"in {geo.unit_names[unit]}, {', '.join(map(str, digits))} fit only in "
                       f"{cell_list(geo, bits(cells))}, so those cells hold nothing else")


def _direct(board: Board, found: Iterator[_Found], tech: Technique, own_unit: bool
            ) -> Step | None:
    """The first pattern of ``found`` whose eliminations leave a digit one place in a box
    they touch (or, with ``own_unit``, in the pattern's own unit): the step that places it
    there."""
    geo = board.geo
    for cells, unit, gone, words in found:
        for cellset, d in gone:
            left = board.dcells[d - 1] & ~cellset
            units = [unit] if own_unit else sorted({2 * geo.n + geo.box_of[c]
                                                    for c in bits(cellset)})
            for u in units:
                place = left & geo.unit_bits[u]
                if place and not place & (place - 1):
                    cell = place.bit_length() - 1
                    text = (f"{tech.name}: {words}; then {d} fits in {geo.unit_names[u]} only "
                            f"at {geo.cell_names[cell]}.")
                    return tech.step(board, list(bits(cells)) + [cell], text, place=[(cell, d)])
    return None


def find_pointing(board: Board) -> Step | None:
    """A pointing that leaves a digit one place in a unit, as that placement, or None."""
    return _direct(board, _locked(board, True), DIRECT_POINTING, False)


def find_claiming(board: Board) -> Step | None:
    """A claiming that leaves a digit one place in a unit, as that placement, or None."""
    return _direct(board, _locked(board, False), DIRECT_CLAIMING, False)


def find_hidden_pair(board: Board) -> Step | None:
    """A hidden pair that leaves a digit one place in a unit, as that placement, or None."""
    return _direct(board, _hidden(board, 2), DIRECT_HIDDEN_PAIR, True)


def find_hidden_triple(board: Board) -> Step | None:
    """A hidden triple that leaves a digit one place in a unit, as that placement, or None."""
    return _direct(board, _hidden(board, 3), DIRECT_HIDDEN_TRIPLE, True)


# Sudoku Explainer's scores; their level is the singles' (they place a digit, and come
# before a naked single's 2.3 as in Sudoku Explainer); the effort of the pattern they use.
DIRECT_POINTING = Technique(key="direct-pointing", name="Direct Pointing", level=Level.EASY,
                            score=1.7, effort=50, find=find_pointing)
DIRECT_CLAIMING = Technique(key="direct-claiming", name="Direct Claiming", level=Level.EASY,
                            score=1.9, effort=50, find=find_claiming)
DIRECT_HIDDEN_PAIR = Technique(key="direct-hidden-pair", name="Direct Hidden Pair",
                               level=Level.EASY, score=2.0, effort=70, find=find_hidden_pair)
DIRECT_HIDDEN_TRIPLE = Technique(key="direct-hidden-triple", name="Direct Hidden Triple",
                                 level=Level.EASY, score=2.5, effort=100,
                                 find=find_hidden_triple)
TECHNIQUES = (DIRECT_POINTING, DIRECT_CLAIMING, DIRECT_HIDDEN_PAIR, DIRECT_HIDDEN_TRIPLE)
