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

from itertools import combinations

from ...constraints import Cage
from ..board import Board, digits_of
from ..step import Level, Step, Technique
from .cages import cage_options, cage_words, cages_of, combo_words
from .supports import cannot, matched, unsupported

#: The most ways the cages of a house may fit together that a step names one by one.
_NAMED = 2

#: The most sets of digits the cages of a house may have used at one cage, followed.
_MOST_STATES = 4096


def touching(board: Board, unit: int) -> list[Cage]:
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
    cage has no filling."""
    masks = [board.masks[c] for c in cage.cells]
    key = ("parts", cage, ub, tuple(masks))
    if key not in board.memo:
        board.memo[key] = _listed_parts(board, cage, ub, masks)
    return board.memo[key]  # type: ignore[return-value]


def _listed_parts(board: Board, cage: Cage, ub: int, masks: list[int]
                  ) -> list[tuple[int, list[int]]] | None:
    found = cage_options(board, cage)
    if found is None or not found[0]:
        return None
    if all(ub >> c & 1 for c in cage.cells):
        out = []
        for combo in found[0]:
            sup = matched(masks, combo)
            if sup is not None:
                out.append((combo, sup))
        return out
    inside = [k for k, c in enumerate(cage.cells) if ub >> c & 1]
    outside = [k for k, c in enumerate(cage.cells) if not ub >> c & 1]
    by_part: dict[int, list[int]] = {}
    for combo in found[0]:
        for chosen in combinations(digits_of(combo), len(inside)):
            part = sum(1 << (d - 1) for d in chosen)
            sup_in = matched([masks[k] for k in inside], part)
            sup_out = matched([masks[k] for k in outside], combo & ~part)
            if sup_in is None or sup_out is None:
                continue
            sup = by_part.setdefault(part, [0] * len(masks))
            for k, m in zip(inside, sup_in, strict=True):
                sup[k] |= m
            for k, m in zip(outside, sup_out, strict=True):
                sup[k] |= m
    return list(by_part.items())


def fitting(board: Board, unit: int, cages: list[Cage]
            ) -> tuple[list[tuple[int, ...]], int, dict[int, int], list[Cage]] | None:
    """(up to three choices of one digit set per cage that fit together in house ``unit``,
    how many there are, each cell's supported candidates, the cages that took part), or
    None when there is nothing to say (the house has no filling, or too many ways to
    follow). A cage with no filling is left out: its cells in the house count with the
    rest.

    The choices are followed cage by cage as the sets of digits used so far (at most 2**N
    of them), forwards and then back, so that every choice is weighed once."""
    geo = board.geo
    cells = geo.units[unit]
    ub = geo.unit_bits[unit]
    options = []
    kept = []
    for cage in cages:
        parts = _parts(board, cage, ub)
        if parts is not None:
            options.append(parts)
            kept.append(cage)
    cages = kept
    caged = {c for cage in cages for c in cage.cells}
    rest = [c for c in cells if c not in caged]
    rest_masks = [board.masks[c] for c in rest]
    # forwards: the digit sets the first k cages can have used
    forward: list[set[int]] = [{0}]
    for parts in options:
        reach = {used | part for used in forward[-1] for part, _ in parts if not used & part}
        if len(reach) > _MOST_STATES:
            return None
        forward.append(reach)
    rest_of: dict[int, list[int] | None] = {}
    for used in forward[-1]:
        left = geo.full & ~used
        rest_of[used] = matched(rest_masks, left) if rest else ([] if not left else None)
    # backwards: of those, the ones a filling of the whole house goes through
    good: list[set[int]] = [set() for _ in forward]
    good[-1] = {used for used, found in rest_of.items() if found is not None}
    supported: dict[int, int] = {}
    for k in range(len(options) - 1, -1, -1):
        for used in forward[k]:
            for part, sup in options[k]:
                if not used & part and used | part in good[k + 1]:
                    good[k].add(used)
                    for c, m in zip(cages[k].cells, sup, strict=True):
                        supported[c] = supported.get(c, 0) | m
    if 0 not in good[0]:
        return None
    for used in good[-1]:
        for c, m in zip(rest, rest_of[used] or (), strict=True):
            supported[c] = supported.get(c, 0) | m
    ways: dict[int, int] = {used: 1 for used in good[-1]}
    for k in range(len(options) - 1, -1, -1):
        ways = {used: sum(ways.get(used | part, 0) for part, _ in options[k]
                          if not used & part) for used in good[k]}
    fits: list[tuple[int, ...]] = []

    def follow(k: int, used: int, chosen: tuple[int, ...]) -> None:
        if len(fits) > _NAMED:
            return
        if k == len(options):
            fits.append(chosen)
            return
        for part, _ in options[k]:
            if not used & part and used | part in good[k + 1]:
                follow(k + 1, used | part, (*chosen, part))

    follow(0, 0, ())
    return fits, ways[0], supported, cages


def find(board: Board) -> Step | None:
    """A house whose cages' combinations, fitted together, leave a candidate unused; or
    None."""
    if not cages_of(board):
        return None
    geo = board.geo
    names = geo.cell_names
    for unit in range(len(geo.units)):
        ub = geo.unit_bits[unit]
        cages = touching(board, unit)
        if not cages or not ub & board.unsolved:
            continue
        if len(cages) == 1 and set(cages[0].cells) == set(geo.units[unit]):
            continue  # one cage filling the house: its own combinations say it all
        cells = sorted({c for cage in cages for c in cage.cells} | set(geo.units[unit]))
        masks = [board.masks[c] for c in cells]
        key = ("house-combinations", unit, tuple(masks))
        if key not in board.memo:
            board.memo[key] = fitting(board, unit, cages)
        found: tuple[list[tuple[int, ...]], int, dict[int, int], list[Cage]] | None = \
            board.memo[key]  # type: ignore[assignment]
        if found is None:
            continue
        fits, count, supported, used = found
        elim = [(c, d) for c, d in unsupported(
            cells, masks, [supported.get(c, geo.full) for c in cells]) if not board.values[c]]
        if not elim:
            continue
        across = any(not all(ub >> c & 1 for c in cage.cells) for cage in used)
        which = " and ".join(cage_words(cage, names) for cage in used)
        if count <= _NAMED and not across:
            ways = " or ".join(" with ".join(combo_words(c) for c in fit) for fit in fits)
            said = f"only {ways} fit{'s' if len(fits) == 1 and len(used) == 1 else ''}"
        elif count <= _NAMED:
            ways = " or ".join(" with ".join(combo_words(c) for c in fit) for fit in fits)
            said = f"the digits they put in it can only be {ways}"
        else:
            said = f"only {count} ways fit"
        inside = sum(len([c for c in cage.cells if ub >> c & 1]) for cage in used)
        rest = "" if inside == len(geo.units[unit]) else \
            " and leave its other cells digits they can hold"
        name = geo.unit_names[unit]
        text = (f"{name[0].upper()}{name[1:]} holds each digit once: of the combinations of "
                f"{which}, whose digits in {name} must not repeat{rest}, {said}: "
                f"{cannot(names, elim, board.masks)}.")
        return HOUSE_COMBINATIONS.step(board, [c for c, _ in elim] + [
            c for cage in used for c in cage.cells], text, elim=elim,
            houses=[geo.units[unit], *(cage.cells for cage in used)])
    return None


HOUSE_COMBINATIONS = Technique(
    key="house-combinations", name="House Combinations", level=Level.MEDIUM, score=2.8,
    effort=70, find=find,
)

