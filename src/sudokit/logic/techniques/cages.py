"""Killer cages: the combinations of digits a cage can hold, and the digits every one of
them holds.

- Cage Combination: a cage of k cells adding up to s holds one of the sets of k different
  digits that add up to s ("the 2-cell cage of 3 at r1c1 is 1+2"); of those, only the sets
  its cells' candidates can be matched to one to one count, and a candidate that no such
  filling uses goes. (A cage whose digits may repeat is filled cell by cell, peers kept
  apart.)
- Cage Pointing: a digit that every combination left holds is in the cage; where its places
  in the cage all see a cell outside the cage, that cell cannot hold it.
- Cage Claiming: where a house's places for a digit all lie in one cage, the cage holds
  that digit: its combinations without it go.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...constraints import Cage
from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique, cell_list
from .supports import (
    apart_among,
    cannot,
    digit_sets,
    left_by,
    matched,
    sum_supports,
    unsupported,
)

#: The most combinations a step names one by one.
_NAMED = 4


def cages_of(board: Board) -> tuple[Cage, ...]:
    """The cages of the board's rules that have a total, in the rules' order."""
    return tuple(c for c in board.geo.rules.constraints
                 if isinstance(c, Cage) and c.total is not None)


def cage_words(cage: Cage, names: Sequence[str]) -> str:
    """``the 3-cell cage of 7 at r1c1``."""
    return f"the {len(cage.cells)}-cell cage of {cage.total} at {names[cage.cells[0]]}"


def combo_words(combo: int) -> str:
    """``1+2+4``."""
    return "+".join(map(str, digits_of(combo)))


def cage_options(board: Board, cage: Cage) -> tuple[tuple[int, ...], list[int]] | None:
    """(the digit sets the cage can still hold, each cell's supported candidates), or None
    when its candidates leave it no filling (or the search gave up). A cage whose digits
    may repeat has no digit sets, only supports."""
    masks = tuple(board.masks[c] for c in cage.cells)
    key = ("cage", cage, masks)
    if key in board.memo:
        return board.memo[key]  # type: ignore[return-value]
    total = cage.total or 0  # (cages_of gives only cages with a total)
    found: tuple[tuple[int, ...], list[int]] | None
    if cage.repeat:
        apart = apart_among(cage.cells, board.geo.peer_bits)
        sup = sum_supports(masks, total, apart, board.geo.n)
        found = None if sup is None else ((), sup)
    else:
        combos = []
        supported = [0] * len(masks)
        for combo in digit_sets(board.geo.n, len(masks), total):
            sup = matched(masks, combo)
            if sup is None:
                continue
            combos.append(combo)
            supported = [a | b for a, b in zip(supported, sup, strict=True)]
        found = (tuple(combos), supported) if combos else None
    board.memo[key] = found
    return found


def holds_words(combos: tuple[int, ...]) -> str:
    """``is 1+2``, ``holds 1+2+6 or 1+3+5``, ``holds one of 7 combinations``."""
    if len(combos) == 1:
        return f"is {combo_words(combos[0])}"
    if len(combos) <= _NAMED:
        return "holds " + " or ".join(combo_words(c) for c in combos)
    return f"holds one of {len(combos)} combinations"


def find_combination(board: Board) -> Step | None:
    """The first cage with a candidate that no combination of it uses, or None."""
    names = board.geo.cell_names
    for cage in cages_of(board):
        cells = cage.cells
        if all(board.values[c] for c in cells):
            continue
        found = cage_options(board, cage)
        if found is None:
            continue
        combos, supported = found
        masks = [board.masks[c] for c in cells]
        elim = unsupported(cells, masks, supported)
        if not elim:
            continue
        what = cage_words(cage, names)
        if len(cells) == 1:
            d = cage.total or 0
            return CAGE_COMBINATION.step(board, cells, f"{what[0].upper()}{what[1:]} is {d}.",
                                         place=[(cells[0], d)])
        if combos:
            said = f"{what[0].upper()}{what[1:]} {holds_words(combos)}"
        else:
            said = (f"The digits of {what} (which may repeat) add up to {cage.total}")
        text = f"{said}: {cannot(names, elim, board.masks)}."
        return CAGE_COMBINATION.step(board, cells, text, elim=elim, houses=[cells])
    return None


def pointed_by(board: Board, cage: Cage
               ) -> tuple[tuple[int, ...], int, list[int], int] | None:
    """The first digit every combination of ``cage`` holds whose places in it all see
    cells outside it that still have the digit: (the combinations, the digit, its places,
    those cells as a cell set); or None."""
    if cage.repeat:
        return None
    geo = board.geo
    found = cage_options(board, cage)
    if found is None:
        return None
    combos, supported = found
    every = -1
    for combo in combos:
        every &= combo
    cagebits = sum(1 << c for c in cage.cells)
    for d in digits_of(every & geo.full):
        bit = 1 << (d - 1)
        where = [c for c, s in zip(cage.cells, supported, strict=True)
                 if s & bit and not board.values[c]]
        if not where:
            continue
        seen = -1
        for c in where:
            seen &= geo.peer_bits[c]
        gone = seen & board.dcells[d - 1] & ~cagebits
        if gone:
            return combos, d, where, gone
    return None


def find_pointing(board: Board) -> Step | None:
    """A digit every combination of a cage holds, whose places in the cage all see a cell
    outside it that still has the digit, or None."""
    geo = board.geo
    names = geo.cell_names
    for cage in cages_of(board):
        found = pointed_by(board, cage)
        if found is None:
            continue
        combos, d, where, gone = found
        what = cage_words(cage, names)
        text = (f"Every combination of {what} ({', '.join(map(combo_words, combos))}) "
                f"holds {d}, in {_either(names, where)}: "
                f"{cell_list(geo, bits(gone))}, which "
                f"{'sees' if gone & (gone - 1) == 0 else 'see'} "
                f"{'it' if len(where) == 1 else 'them all'}, cannot be {d}.")
        return CAGE_POINTING.step(board, where, text,
                                  elim=[(c, d) for c in bits(gone)], houses=[cage.cells])
    return None


def claimed_in(board: Board, cage: Cage) -> list[tuple[int, int]]:
    """(digit, house) for each digit whose places in some house all lie in ``cage``, the
    digit not yet placed in the cage."""
    geo = board.geo
    cagebits = sum(1 << c for c in cage.cells)
    placed = 0
    for c in cage.cells:
        if board.values[c]:
            placed |= 1 << (board.values[c] - 1)
    out = []
    for u in range(len(geo.units)):
        ub = geo.unit_bits[u]
        if not ub & cagebits:
            continue
        for d0, dc in enumerate(board.dcells):
            here = dc & ub
            if here and not here & ~cagebits and not placed >> d0 & 1:
                out.append((d0 + 1, u))
    return out


def claims(board: Board, cage: Cage
           ) -> Iterator[tuple[int, int, tuple[int, ...], list[tuple[int, int]]]]:
    """Each (digit, house, combinations kept, candidates removed) where a house's only
    places for the digit lie in ``cage``, so the cage holds it: only its combinations with
    the digit are left, and the candidates none of them uses go."""
    found = cage_options(board, cage)
    if found is None:
        return
    combos, _ = found
    for d, u in claimed_in(board, cage):
        bit = 1 << (d - 1)
        kept = tuple(c for c in combos if c & bit)
        if not kept or len(kept) == len(combos):
            continue
        elim = left_by(cage.cells, [board.masks[c] for c in cage.cells], kept)
        if elim:
            yield d, u, kept, elim


def find_claiming(board: Board) -> Step | None:
    """A cage that a house's only places for a digit lie in, whose combinations without
    that digit held candidates no other combination uses; or None."""
    geo = board.geo
    names = geo.cell_names
    for cage in cages_of(board):
        if cage.repeat:
            continue
        for d, u, kept, elim in claims(board, cage):
            here = board.dcells[d - 1] & geo.unit_bits[u]
            text = (f"In {geo.unit_names[u]}, {d} fits only in {cell_list(geo, bits(here))}, "
                    f"all in {cage_words(cage, names)}: the cage holds {d}, so it "
                    f"{holds_words(kept)}: {cannot(names, elim, board.masks)}.")
            return CAGE_CLAIMING.step(board, cage.cells, text, elim=elim,
                                      houses=[geo.units[u], cage.cells])
    return None


def _either(names: Sequence[str], cells: list[int]) -> str:
    """``r1c1``, ``r1c1 or r1c2``."""
    said = [names[c] for c in cells]
    if len(said) == 1:
        return said[0]
    return ", ".join(said[:-1]) + " or " + said[-1]


CAGE_COMBINATION = Technique(
    key="cage-combination", name="Cage Combination", level=Level.EASY, score=1.6, effort=20,
    find=find_combination,
)
CAGE_POINTING = Technique(
    key="cage-pointing", name="Cage Pointing", level=Level.MEDIUM, score=2.5, effort=50,
    find=find_pointing,
)
CAGE_CLAIMING = Technique(
    key="cage-claiming", name="Cage Claiming", level=Level.MEDIUM, score=2.6, effort=50,
    find=find_claiming,
)
