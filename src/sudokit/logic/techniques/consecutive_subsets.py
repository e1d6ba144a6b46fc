"""Non-Consecutive Subset: two or three cells of a house, some of them side by side, whose
candidates leave them few ways to be filled.

Cells of one house hold different digits, and cells side by side digits that are not
consecutive. Two neighbouring cells that hold only 3, 4 and 5 between them cannot take the
4 (neither 3 nor 5 could sit beside it): they take 3 and 5, one each, and 3 and 5 leave
the rest of their row. In general, every way of filling the cells from their candidates is
listed: a candidate that no way uses goes, and a digit that every way uses leaves the other
cells of each house that holds them all.
"""

from __future__ import annotations

from itertools import combinations

from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list


def _fillings(masks: list[int], touching: list[int]) -> list[list[int]]:
    """Every way to give the cells different digits from their candidate masks, cells
    ``i`` and ``j`` not consecutive where ``touching[i]`` has bit ``j``: each a list of
    single-digit masks."""
    out: list[list[int]] = []
    chosen: list[int] = []

    def fill(i: int, used: int) -> None:
        if i == len(masks):
            out.append(chosen.copy())
            return
        m = masks[i] & ~used
        for j in bits(touching[i] & ((1 << i) - 1)):
            x = chosen[j]
            m &= ~(x << 1 | x >> 1)
        while m:
            low = m & -m
            m ^= low
            chosen.append(low)
            fill(i + 1, used | low)
            chosen.pop()

    fill(0, 0)
    return out


def find(board: Board) -> Step | None:
    """Two or three cells of a house, two of them side by side, held to few digits, whose
    ways of being filled remove a candidate, or None."""
    geo = board.geo
    near = geo.neighbour_bits
    if not near:
        return None
    masks = board.masks
    unsolved = board.unsolved
    for u, ub in enumerate(geo.unit_bits):
        free = list(bits(ub & unsolved))
        for size in (2, 3):
            for group in combinations(free, size):
                union = 0
                for c in group:
                    union |= masks[c]
                if union.bit_count() > size + 1:
                    continue
                touching = [sum(1 << j for j, o in enumerate(group) if near[c] >> o & 1)
                            for c in group]
                if not any(touching):
                    continue  # no two side by side: a naked subset's, or nothing
                step = _step_of(board, u, group, touching, union)
                if step is not None:
                    return step
    return None


def _step_of(board: Board, unit: int, group: tuple[int, ...], touching: list[int],
             union: int) -> Step | None:
    """The step the fillings of ``group`` make, or None when they remove nothing."""
    geo = board.geo
    masks = board.masks
    ways = _fillings([masks[c] for c in group], touching)
    if not ways:
        return None  # no filling: the puzzle has no solution, left to the other steps
    used = [0] * len(group)
    always = union
    for way in ways:
        taken = 0
        for i, x in enumerate(way):
            used[i] |= x
            taken |= x
        always &= taken
    elim = [(c, d) for i, c in enumerate(group) for d in digits_of(masks[c] & ~used[i])]
    cellset = sum(1 << c for c in group)
    houses = geo.common_units(cellset)
    others = 0
    for h in houses:
        others |= geo.unit_bits[h]
    others &= board.unsolved & ~cellset
    leaving = [d for d in digits_of(always) if board.dcells[d - 1] & others]
    elim += [(o, d) for d in leaving for o in bits(board.dcells[d - 1] & others)]
    if not elim:
        return None
    kept = 0
    for x in used:
        kept |= x
    text = (f"In {geo.unit_names[unit]}, {cell_list(geo, group)} hold only "
            f"{digit_list(digits_of(union))}, and cells side by side cannot hold "
            f"consecutive digits: ")
    if len(group) == 2 and always == kept:
        text += f"they take {' and '.join(str(d) for d in digits_of(always))}, one each"
    else:
        text += "they can be only " + ", ".join(
            f"{geo.cell_names[c]} {_digits(used[i])}" for i, c in enumerate(group))
    if union & ~kept:
        text += f"; {_digits(union & ~kept)} cannot go in them"
    if leaving:
        names = " and ".join(geo.unit_names[h] for h in houses)
        text += (f"; {' and '.join(str(d) for d in leaving)} always among them, "
                 f"{'it leaves' if len(leaving) == 1 else 'they leave'} the rest of {names}")
    return NON_CONSECUTIVE_SUBSET.step(board, group, text + ".", elim=elim,
                                       houses=[geo.units[h] for h in houses])


def _digits(mask: int) -> str:
    """``4``, ``3 or 5``, ``{3,5,7}``: the digits of a mask for a sentence."""
    digits = digits_of(mask)
    if len(digits) <= 2:
        return " or ".join(str(d) for d in digits)
    return digit_list(digits)


NON_CONSECUTIVE_SUBSET = Technique(
    key="non-consecutive-subset", name="Non-Consecutive Subset", level=Level.MEDIUM,
    score=3.1, effort=70, find=find,
)
