"""House Combinations: the cages in a house hold different digits there, and the house's
other cells hold the digits they leave.

A house holds each digit once, so the digits the cages put in it (a cage wholly inside:
its combination; a cage across its edge: the digits of its cells inside) must not repeat,
and the cells of the house outside those cages must be able to take the digits the chosen
combinations leave. Of each cage's combinations only those that fit together with
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


def _touching(board: Board, unit: int) -> list[Cage]:
    """The cages (digits differing, with a total) with a cell in house ``unit``, those
    wholly inside it first."""
    ub = board.geo.unit_bits[unit]
    out = [cage for cage in cages_of(board) if not cage.repeat
           and any(ub >> c & 1 for c in cage.cells)]
    return sorted(out, key=lambda cage: not all(ub >> c & 1 for c in cage.cells))


def _parts(board: Board, cage: Cage, ub: int
           ) -> list[tuple[int, list[int]]] | None:
    """The digit sets a cage can put in the house of cells ``ub``, each with the
    candidates of the cage's cells that fillings putting it there use; None when the
    cage has no filling or too many to list."""
    found = cage_options(board, cage)
    if found is None or not found[0]:
        return None
    masks = [board.masks[c] for c in cage.cells]
    if all(ub >> c & 1 for c in cage.cells):
        out = []
        for combo in found[0]:
            sup = matched(masks, combo)
            if sup is not None:
                out.append((combo, sup))
        return out
    inside = [bool(ub >> c & 1) for c in cage.cells]
    by_part: dict[int, list[int]] = {}
    values = [0] * len(masks)
    nodes = [0]
    total = cage.total or 0

    def fill(i: int, used: int, left: int) -> None:
        nodes[0] += 1
        if nodes[0] > BUDGET:
            raise OverflowError
        if i == len(masks):
            if left:
                return
            part = 0
            for k, v in enumerate(values):
                if inside[k]:
                    part |= v
            sup = by_part.setdefault(part, [0] * len(masks))
            for k, v in enumerate(values):
                sup[k] |= v
            return
        m = masks[i] & ~used
        while m:
            low = m & -m
            m ^= low
            d = low.bit_length()
            if d <= left:
                values[i] = low
                fill(i + 1, used | low, left - d)

    try:
        fill(0, 0, total)
    except OverflowError:
        return None
    return list(by_part.items())


def fitting(board: Board, unit: int, cages: list[Cage]
            ) -> tuple[list[tuple[int, ...]], dict[int, int], list[Cage]] | None:
    """(the choices of one digit set per cage that fit together in house ``unit``, each
    cell's supported candidates, the cages that took part), or None when there is nothing
    to say (the house has no filling, or the search grew too long). A cage with too many
    fillings to list is left out: its cells in the house count with the rest."""
    geo = board.geo
    ub = geo.unit_bits[unit]
    cells = geo.units[unit]
    options = []
    kept_cages = []
    for cage in cages:
        parts = _parts(board, cage, ub)
        if parts is None:
            continue
        options.append(parts)
        kept_cages.append(cage)
    cages = kept_cages
    caged = {c for cage in cages for c in cage.cells}
    rest = [c for c in cells if c not in caged]
    rest_masks = [board.masks[c] for c in rest]
    rest_found: dict[int, list[int] | None] = {}
    supported: dict[int, int] = {}
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
            fits.append(tuple(part for part, _ in chosen))
            for c, m in zip(rest, sup_rest, strict=True):
                supported[c] = supported.get(c, 0) | m
            for cage, (_, kept) in zip(cages, chosen, strict=True):
                for c, m in zip(cage.cells, kept, strict=True):
                    supported[c] = supported.get(c, 0) | m
            return
        for part, sup in options[k]:
            if not part & used:
                chosen.append((part, sup))
                choose(k + 1, used | part)
                chosen.pop()

    try:
        choose(0, 0)
    except OverflowError:
        return None
    if not fits:
        return None
    return fits, supported, cages


def find(board: Board) -> Step | None:
    """A house whose cages' combinations, fitted together, leave a candidate unused; or
    None."""
    if not cages_of(board):
        return None
    geo = board.geo
    names = geo.cell_names
    for unit in range(len(geo.units)):
        ub = geo.unit_bits[unit]
        cages = _touching(board, unit)
        if not cages or not ub & board.unsolved:
            continue
        if len(cages) == 1 and set(cages[0].cells) == set(geo.units[unit]):
            continue  # one cage filling the house: its own combinations say it all
        cells = sorted({c for cage in cages for c in cage.cells} | set(geo.units[unit]))
        masks = [board.masks[c] for c in cells]
        key = ("house-combinations", unit, tuple(masks))
        if key not in board.memo:
            board.memo[key] = fitting(board, unit, cages)
        found: tuple[list[tuple[int, ...]], dict[int, int], list[Cage]] | None = \
            board.memo[key]  # type: ignore[assignment]
        if found is None:
            continue
        fits, supported, used = found
        elim = [(c, d) for c, d in unsupported(
            cells, masks, [supported.get(c, geo.full) for c in cells]) if not board.values[c]]
        if not elim:
            continue
        across = any(not all(ub >> c & 1 for c in cage.cells) for cage in used)
        which = " and ".join(cage_words(cage, names) for cage in used)
        if len(fits) <= _NAMED and not across:
            ways = " or ".join(" with ".join(combo_words(c) for c in fit) for fit in fits)
            said = f"only {ways} fit{'s' if len(fits) == 1 and len(used) == 1 else ''}"
        elif len(fits) <= _NAMED:
            ways = " or ".join(" with ".join(combo_words(c) for c in fit) for fit in fits)
            said = f"the digits they put in it can only be {ways}"
        else:
            said = f"only {len(fits)} ways fit"
        inside = sum(len([c for c in cage.cells if ub >> c & 1]) for cage in used)
        rest = "" if inside == len(geo.units[unit]) else \
            " and leave its other cells digits they can hold"
        name = geo.unit_names[unit]
        text = (f"{name[0].upper()}{name[1:]} holds each digit once: of the combinations of "
                f"{which}, whose digits in {name} must not repeat{rest}, {said}: "
                f"{cannot(names, elim)}.")
        return HOUSE_COMBINATIONS.step(board, [c for c, _ in elim] + [
            c for cage in used for c in cage.cells], text, elim=elim,
            houses=[geo.units[unit], *(cage.cells for cage in used)])
    return None


HOUSE_COMBINATIONS = Technique(
    key="house-combinations", name="House Combinations", level=Level.MEDIUM, score=2.8,
    effort=70, find=find,
)

