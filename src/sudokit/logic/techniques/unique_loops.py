"""Unique loops, types 1, 2 and 4 (sound only on a puzzle with exactly one solution).

A unique rectangle's deadly pattern, on more cells: a closed loop of six or more open cells
that all hold the digits a and b, each cell sharing a unit with the next, and every unit
holding none of the loop's cells or two an odd number of steps apart on it (never one alone).
Were every cell a or b, they would alternate round the loop, one of each in every unit it
crosses, and the two digits could be swapped: a second solution. So some cell of the loop
holds another digit.

- Type 1: one cell holds more than {a,b}: it loses a and b.
- Type 2: the cells holding more hold {a,b,z}, the same z: one of them is z, so z leaves
  every cell that sees them all.
- Type 4: two cells hold more; in a unit they share, a fits only in them: so b leaves both
  (else they would be a and b).

Loops of up to :data:`MAX_LENGTH` cells are searched (Sudoku Explainer scores a unique
rectangle 4.5, a loop of six cells 4.6, of eight 4.7, of ten or more 5.0).
"""

from __future__ import annotations

from ..board import Board, Geometry, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list

#: the longest loop searched (longer ones are rare, and the search grows with the length)
MAX_LENGTH = 12


def loops(board: Board) -> list[tuple[int, tuple[int, ...]]]:
    """(pair mask, cells in loop order) for every unique loop of six cells or more, the
    shortest first, each once (from its lowest cell, in the direction of its lower
    neighbour). Listed once per board state: the three types all look at them."""
    kept = board.derived("unique-loops")
    if kept is None:
        kept = _search(board)
        board.keep("unique-loops", kept)
    return kept  # type: ignore[return-value]


def _search(board: Board) -> list[tuple[int, tuple[int, ...]]]:
    n = board.geo.n
    found: list[tuple[int, tuple[int, ...]]] = []
    for a0 in range(n):
        for b0 in range(a0 + 1, n):
            cells = board.dcells[a0] & board.dcells[b0]
            if cells.bit_count() < 6:
                continue
            pair = 1 << a0 | 1 << b0
            for start in bits(cells):
                _walk(board, cells & ~((1 << start) - 1), [start], pair, found)
    found.sort(key=lambda f: (len(f[1]), f[0], f[1]))
    return found


def _walk(board: Board, cells: int, path: list[int], pair: int,
          found: list[tuple[int, tuple[int, ...]]], on_path: int = 0, extra: int = 0,
          common: int = 0) -> None:
    """Extend ``path`` (its first cell the loop's lowest) by cells of ``cells`` that keep
    every unit's loop cells to places of both parities, recording each closed loop. Only loops
    some type can use are followed: two cells at most that hold more than the pair, or any
    number holding the pair and the same one digit more (``extra`` counts them, ``common``
    is their candidates while they are all the same three, else 0)."""
    geo = board.geo
    masks = board.masks
    if not on_path:
        on_path = sum(1 << c for c in path)
        extra, common = _more(masks[path[0]], pair, 0, 0)
    last = path[-1]
    first = 1 << path[0]
    at = len(path)  # the new cell's place on the loop
    for cell in bits(cells & geo.peer_bits[last] & ~on_path):
        more, same = _more(masks[cell], pair, extra, common)
        if more > 2 and not same:
            continue
        # the loop cells before it that share a unit with it, other than the last one, must
        # take the other digit of the pair (stand at a place of the other parity)
        earlier = on_path & geo.peer_bits[cell] & ~(1 << last)
        if earlier and any((at - i) % 2 == 0 for i, c in enumerate(path) if earlier >> c & 1):
            continue
        if earlier & first and at >= 5 and path[1] < cell and _paired(geo, (*path, cell)):
            # closed: even length, one direction only, and every unit through it holding
            # two of its cells, one of each digit (else the swap would break a unit)
            found.append((pair, (*path, cell)))
        if len(path) + 1 < MAX_LENGTH:
            path.append(cell)
            _walk(board, cells, path, pair, found, on_path | 1 << cell, more, same)
            path.pop()


def _more(mask: int, pair: int, extra: int, common: int) -> tuple[int, int]:
    """``extra`` and ``common`` (see :func:`_walk`) with a cell of candidates ``mask``."""
    if mask == pair:
        return extra, common
    three = mask.bit_count() == 3
    if extra == 0:
        return 1, mask if three else 0
    return extra + 1, common if common == mask else 0


def _paired(geo: Geometry, loop: tuple[int, ...]) -> bool:
    """Does every unit through a cell of ``loop`` hold two of its cells, one at an even
    place and one at an odd one (so that they hold the two digits of the pair)?"""
    evens = sum(1 << c for c in loop[::2])
    odds = sum(1 << c for c in loop[1::2])
    return all((geo.unit_bits[u] & evens).bit_count() == 1
               and (geo.unit_bits[u] & odds).bit_count() == 1
               for c in loop for u in geo.cell_units[c])


def _text(board: Board, pair: int, loop: tuple[int, ...], why: str) -> str:
    return (f"Unique loop {cell_list(board.geo, loop)} on {digit_list(digits_of(pair))}: "
            f"were every cell {' or '.join(map(str, digits_of(pair)))}, the two could be "
            f"swapped round the loop; {why}")


def loop_score(tech: Technique, loop: tuple[int, ...]) -> float:
    """A step's score as Sudoku Explainer gives it: the technique's (a loop of six or
    seven cells), 0.1 more for eight or nine, 0.4 more for ten or more."""
    return round(tech.score + (0.4 if len(loop) >= 10 else 0.1 if len(loop) >= 8 else 0), 1)


def find_type1(board: Board) -> Step | None:
    """A type 1 unique loop (one cell holds more than the pair), or None."""
    masks = board.masks
    for pair, loop in loops(board):
        more = [c for c in loop if masks[c] != pair]
        if len(more) == 1:
            cell = more[0]
            why = f"so {board.geo.cell_names[cell]}, the one cell holding more, is neither."
            return UL_TYPE1.step(board, loop, _text(board, pair, loop, why),
                                 elim=[(cell, d) for d in digits_of(pair)],
                                 score=loop_score(UL_TYPE1, loop))
    return None


def find_type2(board: Board) -> Step | None:
    """A type 2 unique loop (the cells holding more all hold the same one digit more), or
    None."""
    masks = board.masks
    geo = board.geo
    for pair, loop in loops(board):
        more = [c for c in loop if masks[c] != pair]
        extra = {masks[c] & ~pair for c in more}
        if len(more) < 2 or len(extra) != 1 or extra.pop().bit_count() != 1:
            continue
        z = (masks[more[0]] & ~pair).bit_length()
        gone = board.dcells[z - 1]
        for c in more:
            gone &= geo.peer_bits[c]
        if gone:
            why = (f"so {cell_list(geo, more)} hold {z} somewhere, and {z} leaves "
                   f"{cell_list(geo, bits(gone))}.")
            return UL_TYPE2.step(board, loop, _text(board, pair, loop, why),
                                 elim=[(c, z) for c in bits(gone)],
                                 score=loop_score(UL_TYPE2, loop))
    return None


def find_type4(board: Board) -> Step | None:
    """A type 4 unique loop (two cells holding more share a unit where a digit of the pair
    fits only in them), or None."""
    masks = board.masks
    geo = board.geo
    for pair, loop in loops(board):
        more = [c for c in loop if masks[c] != pair]
        if len(more) != 2:
            continue
        c1, c2 = more
        both = 1 << c1 | 1 << c2
        for u in sorted(set(geo.cell_units[c1]) & set(geo.cell_units[c2])):
            for a in digits_of(pair):
                if board.unit_cells(u, a) != both:
                    continue
                b = next(d for d in digits_of(pair) if d != a)
                why = (f"in {geo.unit_names[u]}, {a} fits only in {cell_list(geo, more)}, so "
                       f"they are not {b}.")
                return UL_TYPE4.step(board, loop, _text(board, pair, loop, why),
                                     elim=[(c1, b), (c2, b)], score=loop_score(UL_TYPE4, loop))
    return None


# Sudoku Explainer's scores for a loop of six; they are not in the default ladder, but in
# Sudoku Explainer's repertoires (``se``, ``sukaku``).
UL_TYPE1 = Technique(key="unique-loop-1", name="Unique Loop Type 1", level=Level.HARD,
                     score=4.6, effort=100, find=find_type1, uniqueness=True)
UL_TYPE2 = Technique(key="unique-loop-2", name="Unique Loop Type 2", level=Level.HARD,
                     score=4.6, effort=100, find=find_type2, uniqueness=True)
UL_TYPE4 = Technique(key="unique-loop-4", name="Unique Loop Type 4", level=Level.HARD,
                     score=4.6, effort=100, find=find_type4, uniqueness=True)
TECHNIQUES = (UL_TYPE1, UL_TYPE2, UL_TYPE4)
