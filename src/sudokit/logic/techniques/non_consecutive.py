"""Non-consecutive: orthogonal neighbours may not hold consecutive digits.

A placed 5 leaves its neighbours' 4s and 6s. And where a cell's candidates all lie within
one of a digit (4, 5 or 6 for the 5), its neighbours cannot be that digit: a neighbour
shares a row or a column with it, so it differs from it anyway, and it may not be next to it.
Where a digit's places in a house are all next to one cell (or that cell itself), the cell
cannot be a digit next to it: whichever place holds the digit, the cell is beside it."""

from __future__ import annotations

from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list
from .consecutive_chains import NON_CONSECUTIVE_CHAIN
from .consecutive_subsets import NON_CONSECUTIVE_SUBSET


def find_placed(board: Board) -> Step | None:
    """A placed digit whose neighbours still have a digit next to it, or None."""
    geo = board.geo
    if not geo.neighbour_bits:
        return None
    values = board.values
    masks = board.masks
    unsolved = board.unsolved
    placed = ~unsolved & ((1 << geo.ncells) - 1)
    for c in bits(placed):
        d = values[c]
        near = (1 << d | 1 << (d - 2)) & geo.full if d > 1 else 1 << d & geo.full
        elim = [(o, x) for o in bits(geo.neighbour_bits[c] & unsolved)
                for x in digits_of(masks[o] & near)]
        if elim:
            cells = sorted({o for o, _ in elim})
            text = (f"{geo.cell_names[c]}={d}: {cell_list(geo, cells)} "
                    f"{'is' if len(cells) == 1 else 'are'} next to it and cannot hold "
                    f"{_either(digits_of(near))}.")
            return NON_CONSECUTIVE.step(board, [c, *cells], text, elim=elim)
    return None


def find_candidates(board: Board) -> Step | None:
    """An unplaced cell whose candidates all lie within one of a digit that a neighbour
    still has, or None."""
    geo = board.geo
    if not geo.neighbour_bits:
        return None
    masks = board.masks
    unsolved = board.unsolved
    full = geo.full
    for c in bits(unsolved):
        m = masks[c]
        low = (m & -m).bit_length() - 1
        if m >> low > 0b111:
            continue  # candidates spread over more than three digits in a row
        for x0 in range(max(low - 1, 0), min(low + 2, geo.n)):
            window = (0b111 << x0 >> 1) & full if x0 else 0b11
            if m & ~window or not (m & ~(1 << x0)):
                continue  # not all within one of x, or only x itself (left by the house)
            gone = geo.neighbour_bits[c] & unsolved & board.dcells[x0]
            if gone:
                d = x0 + 1
                text = (f"{geo.cell_names[c]} holds {_either(digits_of(m))}, each {d} or "
                        f"next to {d}: {cell_list(geo, bits(gone))}, next to it, cannot "
                        f"be {d}.")
                return NON_CONSECUTIVE_CELLS.step(board, [c, *bits(gone)], text,
                                                  elim=[(o, d) for o in bits(gone)])
    return None


def find_pointing(board: Board) -> Step | None:
    """The cells next to every place of a digit in a house (or places themselves) that
    still have a digit next to that one, or None."""
    geo = board.geo
    near_bits = geo.neighbour_bits
    if not near_bits:
        return None
    masks = board.masks
    unsolved = board.unsolved
    for d0, dc in enumerate(board.dcells):
        if not dc:
            continue
        beside = (1 << (d0 + 1) | (1 << (d0 - 1) if d0 else 0)) & geo.full
        for u, ub in enumerate(geo.unit_bits):
            here = dc & ub
            if not here or not here & (here - 1):
                continue  # no place, or one: a hidden single's
            touched = unsolved
            for p in bits(here):
                touched &= near_bits[p] | 1 << p
                if not touched:
                    break
            elim = [(c, x) for c in bits(touched) for x in digits_of(masks[c] & beside)]
            if elim:
                return _pointing_step(board, u, d0 + 1, here, elim)
    return None


def _pointing_step(board: Board, unit: int, d: int, here: int,
                   elim: list[tuple[int, int]]) -> Step:
    """The step of :func:`find_pointing`: ``d`` fits only in ``here`` of ``unit``, each next
    to the cells of ``elim`` or one of them (two places side by side: the cells are the
    places), which lose the digits next to ``d``."""
    geo = board.geo
    cells = sorted({c for c, _ in elim})
    names = cell_list(geo, cells)
    one = len(cells) == 1
    if here >> cells[0] & 1:
        why = (f"whichever holds it, {names} {'is' if one else 'are'} {d} or next to the {d}, "
               f"so {'it' if one else 'they'}")
    else:
        why = f"{'both' if here.bit_count() == 2 else 'all'} next to {names}, so {names}"
    text = (f"In {geo.unit_names[unit]}, {d} fits only in {cell_list(geo, bits(here))}: "
            f"{why} cannot be {_either(sorted({x for _, x in elim}))}.")
    return NON_CONSECUTIVE_POINTING.step(board, [*cells, *bits(here)], text, elim=elim,
                                         houses=[geo.units[unit]])


def _either(digits: list[int]) -> str:
    """``4 or 6``, ``{4,5,6}``: digits for a sentence."""
    if len(digits) <= 2:
        return " or ".join(str(d) for d in digits)
    return digit_list(digits)


NON_CONSECUTIVE = Technique(
    key="non-consecutive", name="Non-Consecutive", level=Level.EASY, score=1.0, effort=4,
    find=find_placed,
)
NON_CONSECUTIVE_CELLS = Technique(
    key="non-consecutive-cells", name="Non-Consecutive Candidates", level=Level.MEDIUM,
    score=2.2, effort=40, find=find_candidates,
)
NON_CONSECUTIVE_POINTING = Technique(
    key="non-consecutive-pointing", name="Non-Consecutive Pointing", level=Level.MEDIUM,
    score=2.7, effort=50, find=find_pointing,
)

#: The techniques of non-consecutive candidates, beside the steps of placed digits: each
#: runs where the ladder reaches its level.
NEIGHBOUR_TECHNIQUES: tuple[Technique, ...] = (
    NON_CONSECUTIVE_CELLS, NON_CONSECUTIVE_POINTING, NON_CONSECUTIVE_SUBSET, NON_CONSECUTIVE_CHAIN)
