"""House Combinations: the cages wholly inside one house hold different digits, and the
house's other cells hold the digits they leave.

A house holds each digit once, so the combinations of the cages inside it must not share a
digit, and the cells of the house outside those cages must be able to take the digits the
chosen combinations leave. Of each cage's combinations only those that fit together with
the others' (and with the rest of the house) stay; a candidate that no such choice uses
goes ("row 3: 1+2+7 and 4+5 are the only combinations that fit together").
"""

from __future__ import annotations

from ...constraints import Cage
from ..board import Board
from ..step import Level, Step, Technique
from .cages import cage_options, cage_words, cages_of, combo_words
from .supports import BUDGET, cannot, matched, unsupported

#: The most ways the cages of a house may fit together that a step names one by one.
_NAMED = 2


def _inside(board: Board, unit: int) -> list[Cage]:
    """The cages (digits differing, with a total) wholly inside house ``unit``."""
    ub = board.geo.unit_bits[unit]
    return [cage for cage in cages_of(board) if not cage.repeat
            and all(ub >> c & 1 for c in cage.cells)]


def fitting(board: Board, unit: int, cages: list[Cage]
            ) -> tuple[list[tuple[int, ...]], list[int], tuple[int, ...]] | None:
    """(the choices of one combination per cage that fit together, each cell's supported
    candidates over the house's cells in order, the house's cells), or None when there is
    nothing to say (a cage or the house has no filling, or the search grew too long)."""
    geo = board.geo
    cells = geo.units[unit]
    index = {c: i for i, c in enumerate(cells)}
    options = []
    for cage in cages:
        found = cage_options(board, cage)
        if found is None or not found[0]:
            return None
        masks = [board.masks[c] for c in cage.cells]
        options.append([(combo, matched(masks, combo)) for combo in found[0]])
    options_ok = all(any(sup is not None for _, sup in o) for o in options)
    if not options_ok:
        return None
    caged = {c for cage in cages for c in cage.cells}
    rest = [c for c in cells if c not in caged]
    rest_masks = [board.masks[c] for c in rest]
    rest_found: dict[int, list[int] | None] = {}
    supported = [0] * len(cells)
    fits: list[tuple[int, ...]] = []
    chosen: list[tuple[int, list[int]]] = []
    nodes = [0]

    def choose(k: int, used: int) -> None:
        nodes[0] += 1
        if nodes[0] > BUDGET:
            raise OverflowError
        if k == len(cages):
            left = geo.full & ~used
            if left not in rest_found:
                rest_found[left] = matched(rest_masks, left) if rest else (
                    [] if not left else None)
            found_rest = rest_found[left]
            if found_rest is None:
                return
            sup_rest: list[int] = found_rest
            fits.append(tuple(combo for combo, _ in chosen))
            for c, m in zip(rest, sup_rest, strict=True):
                supported[index[c]] |= m
            for cage, (_, kept) in zip(cages, chosen, strict=True):
                for c, m in zip(cage.cells, kept, strict=True):
                    supported[index[c]] |= m
            return
        for combo, sup in options[k]:
            if sup is not None and not combo & used:
                chosen.append((combo, sup))
                choose(k + 1, used | combo)
                chosen.pop()

    try:
        choose(0, 0)
    except OverflowError:
        return None
    if not fits:
        return None
    return fits, supported, cells


def find(board: Board) -> Step | None:
    """A house whose cages' combinations, fitted together, leave a candidate unused; or
    None."""
    if not cages_of(board):
        return None
    geo = board.geo
    names = geo.cell_names
    for unit in range(len(geo.units)):
        cages = _inside(board, unit)
        if not cages or not geo.unit_bits[unit] & board.unsolved:
            continue
        caged = sum(len(c.cells) for c in cages)
        if len(cages) == 1 and caged == len(geo.units[unit]):
            continue  # one cage filling the house: its own combinations say it all
        masks = [board.masks[c] for c in geo.units[unit]]
        key = ("house-combinations", unit, tuple(masks))
        if key not in board.memo:
            board.memo[key] = fitting(board, unit, cages)
        found: tuple[list[tuple[int, ...]], list[int], tuple[int, ...]] | None = \
            board.memo[key]  # type: ignore[assignment]
        if found is None:
            continue
        fits, supported, cells = found
        elim = [(c, d) for c, d in unsupported(cells, masks, supported)
                if not board.values[c]]
        if not elim:
            continue
        which = " and ".join(cage_words(cage, names) for cage in cages)
        if len(fits) <= _NAMED:
            ways = " or ".join(" with ".join(combo_words(c) for c in fit) for fit in fits)
            said = f"only {ways} fit{'s' if len(fits) == 1 and len(cages) == 1 else ''}"
        else:
            said = f"only {len(fits)} ways fit"
        rest = "" if caged == len(cells) else " and leave its other cells digits they can hold"
        text = (f"{geo.unit_names[unit][0].upper()}{geo.unit_names[unit][1:]} holds each "
                f"digit once: of the combinations of {which}, which must not share a "
                f"digit{rest}, {said}: {cannot(names, elim)}.")
        return HOUSE_COMBINATIONS.step(board, [c for c, _ in elim] + [
            c for cage in cages for c in cage.cells], text, elim=elim,
            houses=[cells, *(cage.cells for cage in cages)])
    return None


HOUSE_COMBINATIONS = Technique(
    key="house-combinations", name="House Combinations", level=Level.MEDIUM, score=2.8,
    effort=70, find=find,
)

