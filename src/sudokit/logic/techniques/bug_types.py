"""BUG types 2, 3 and 4 (bivalue universal grave; sound only with exactly one solution).

A board where every unplaced cell holds two candidates and every digit fits in each unit in
two cells or none (a bivalue universal grave) has no solution or several. When the board
becomes such a grave once a few *BUG candidates* are gone, one of those must be true, or the
puzzle would have several solutions (BUG+1, :mod:`.bug`, is one cell with one such digit).

- Type 2: every BUG candidate is the same digit x: one of their cells is x, so x leaves every
  cell that sees them all.
- Type 3: the BUG cells share a unit; one of them takes one of its BUG digits, so together
  they act as one cell holding those digits, which with other cells of the unit makes a
  naked subset: its digits leave the rest of the unit.
- Type 4: two BUG cells, one BUG digit each, share a unit where a digit u fits only in them:
  one is u, the other its BUG digit, so both lose every candidate but those.
"""

from __future__ import annotations

from itertools import combinations

from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list


def bug_candidates(board: Board) -> dict[int, int] | None:
    """The BUG candidates, {cell: digit mask}, whose removal leaves a bivalue universal grave
    (every unplaced cell with two candidates, every digit in each unit twice or not at all);
    None when no such set is found, or the board is a grave already."""
    geo = board.geo
    masks = board.masks
    extra: dict[int, int] = {}
    for c in bits(board.unsolved):
        mask = masks[c]
        if mask.bit_count() <= 2:
            continue
        # a BUG digit of a cell is one that is too many in each of the cell's units
        units = geo.cell_units[c]
        more = 0
        for d in digits_of(mask):
            if all(board.unit_cells(u, d).bit_count() > 2 for u in units):
                more |= 1 << (d - 1)
        if (mask & ~more).bit_count() != 2:
            return None
        extra[c] = more
    if not extra:
        return None
    for ub in geo.unit_bits:
        for d0 in range(geo.n):
            cells = board.dcells[d0] & ub
            count = cells.bit_count() - sum(1 for c in bits(cells) if extra.get(c, 0) >> d0 & 1)
            if count not in (0, 2):
                return None
    return extra


def _grave(board: Board) -> dict[int, int] | None:
    """:func:`bug_candidates`, worked out once per board state."""
    found = board.derived("bug-candidates")
    if found is None:
        found = (bug_candidates(board),)
        board.keep("bug-candidates", found)
    return found[0]  # type: ignore[index]


def _opening(board: Board, extra: dict[int, int]) -> str:
    geo = board.geo
    named = ", ".join(
        f"{','.join(map(str, digits_of(m)))} in {geo.cell_names[c]}"
        for c, m in sorted(extra.items())
    )
    return (
        f"Without {named}, every unplaced cell would hold two candidates and every digit fit "
        f"twice or not at all in each unit (a grave with no solution or several)"
    )


def find_type2(board: Board) -> Step | None:
    """A BUG type 2 step, or None."""
    extra = _grave(board)
    if extra is None or len(extra) < 2:
        return None
    x_bit = next(iter(extra.values()))
    if x_bit.bit_count() != 1 or any(m != x_bit for m in extra.values()):
        return None
    x = x_bit.bit_length()
    gone = board.dcells[x - 1]
    for c in extra:
        gone &= board.geo.peer_bits[c]
    if not gone:
        return None
    geo = board.geo
    text = (
        f"{_opening(board, extra)}: one of {cell_list(geo, sorted(extra))} is {x}, so {x} "
        f"leaves {cell_list(geo, bits(gone))}."
    )
    return BUG_TYPE2.step(board, extra, text, elim=[(c, x) for c in bits(gone)])


def find_type3(board: Board) -> Step | None:
    """A BUG type 3 step (the BUG cells' digits in a naked subset), or None."""
    extra = _grave(board)
    if extra is None or sum(m.bit_count() for m in extra.values()) < 2:
        return None  # (one BUG candidate is BUG+1's)
    geo = board.geo
    masks = board.masks
    inside = sum(1 << c for c in extra)
    union = 0
    for m in extra.values():
        union |= m
    for u in geo.common_units(inside):
        others = list(bits(geo.unit_bits[u] & board.unsolved & ~inside))
        for size in range(1, min(4, len(others))):
            for combo in combinations(others, size):
                digits = union
                for c in combo:
                    digits |= masks[c]
                if digits.bit_count() != size + 1:
                    continue
                keep = inside | sum(1 << c for c in combo)
                gone = [
                    (c, d) for d in digits_of(digits) for c in bits(board.unit_cells(u, d) & ~keep)
                ]
                if not gone:
                    continue
                text = (
                    f"{_opening(board, extra)}: one of {cell_list(geo, sorted(extra))} holds one "
                    f"of {digit_list(digits_of(union))}; with {cell_list(geo, combo)} they make "
                    f"a naked subset on {digit_list(digits_of(digits))} in {geo.unit_names[u]}."
                )
                score = BUG_TYPE3.score + 0.1 * (size - 1)
                return BUG_TYPE3.step(board, [*extra, *combo], text, elim=gone, score=score)
    return None


def find_type4(board: Board) -> Step | None:
    """A BUG type 4 step (two BUG cells tied by a digit they alone hold in a unit), or None."""
    extra = _grave(board)
    if extra is None or len(extra) != 2:
        return None
    (a, xa), (b, xb) = sorted(extra.items())
    if xa.bit_count() != 1 or xb.bit_count() != 1:
        return None
    geo = board.geo
    masks = board.masks
    pair = (1 << a) | (1 << b)
    for unit in geo.common_units(pair):
        for u in digits_of(masks[a] & masks[b] & ~xa & ~xb):
            if board.unit_cells(unit, u) != pair:
                continue
            u_bit = 1 << (u - 1)
            gone = [(a, d) for d in digits_of(masks[a] & ~(u_bit | xa))]
            gone += [(b, d) for d in digits_of(masks[b] & ~(u_bit | xb))]
            if not gone:
                continue
            text = (
                f"{_opening(board, extra)}: in {geo.unit_names[unit]}, {u} fits only in "
                f"{geo.cell_names[a]} and {geo.cell_names[b]}, so one is {u} and the other "
                f"its BUG digit: {geo.cell_names[a]} keeps {digit_list(digits_of(u_bit | xa))}, "
                f"{geo.cell_names[b]} keeps {digit_list(digits_of(u_bit | xb))}."
            )
            return BUG_TYPE4.step(board, (a, b), text, elim=gone)
    return None


# Sudoku Explainer's scores: BUG type 1 (BUG+1) 5.6, types 2 and 4 5.7, type 3 5.8 with a
# pair (0.1 more for each further cell of its naked subset)
BUG_TYPE2 = Technique(
    key="bug-2", name="BUG Type 2", level=Level.HARD, score=5.7, effort=100,
    find=find_type2, uniqueness=True,
)
BUG_TYPE3 = Technique(
    key="bug-3", name="BUG Type 3", level=Level.HARD, score=5.8, effort=100,
    find=find_type3, uniqueness=True,
)
BUG_TYPE4 = Technique(
    key="bug-4", name="BUG Type 4", level=Level.HARD, score=5.7, effort=100,
    find=find_type4, uniqueness=True,
)
