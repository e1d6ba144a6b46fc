"""Naked and hidden subsets (pairs, triples, quads) in one unit.

Naked: k cells of a unit hold between them only k digits, so those digits leave the unit's
other cells. Hidden: k digits of a unit fit only in the same k cells, so those cells lose
every other digit.
"""

from __future__ import annotations

from itertools import combinations

from ..board import Board, bits, digits_of
from ..step import Level, Step, Technique, cell_list, digit_list

_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


def unit_state(board: Board, u: int) -> tuple[int, tuple[int, ...]]:
    """Unit ``u``'s unplaced cells and candidates: what a subset search there depends on
    (kept for the board state, as the six subset techniques all ask for it)."""
    found = board.derived("unit_states")
    if found is None:
        found = [None] * len(board.geo.units)
        board.keep("unit_states", found)
    states: list[tuple[int, tuple[int, ...]] | None] = found  # type: ignore[assignment]
    state = states[u]
    if state is None:
        masks = board.masks
        state = (board.geo.unit_bits[u] & board.unsolved,
                 tuple([masks[c] for c in board.geo.units[u]]))
        states[u] = state
    return state


def _none_key(kind: str, k: int) -> tuple[str, int]:
    """The memo key of the last board state on which the search found nothing: a unit none
    of whose cells changed since has the same candidates as there, so no subset either."""
    return (kind + "-none", k)


def find_naked(board: Board, k: int) -> Step | None:
    """A naked subset of ``k`` cells that eliminates something, or None."""
    geo = board.geo
    masks = board.masks
    memo = board.memo
    changed = board.changed_since(memo.get(_none_key("naked", k)))
    for u, ub in enumerate(geo.unit_bits):
        if not ub & changed:
            continue
        free = ub & board.unsolved
        if free.bit_count() <= k:
            continue
        state = unit_state(board, u)
        if memo.get(("naked", k, u)) == state:
            continue  # nothing here while the unit's candidates stay the same
        cells = [c for c in geo.units[u] if free >> c & 1 and masks[c].bit_count() <= k]
        if len(cells) < k:
            memo[("naked", k, u)] = state
            continue
        for combo in combinations(cells, k):
            union = 0
            for c in combo:
                union |= masks[c]
            if union.bit_count() != k:
                continue
            inside = sum(1 << c for c in combo)
            elim = [
                (c, d) for d in digits_of(union) for c in bits(board.unit_cells(u, d) & ~inside)
            ]
            if elim:
                digits = digits_of(union)
                text = (
                    f"In {geo.unit_names[u]}, {cell_list(geo, combo)} hold only "
                    f"{digit_list(digits)}: these digits leave the unit's other cells."
                )
                return NAKED[k].step(board, combo, text, elim=elim)
        memo[("naked", k, u)] = state
    memo[_none_key("naked", k)] = board.snapshot()
    return None


def find_hidden(board: Board, k: int) -> Step | None:
    """A hidden subset of ``k`` digits that eliminates something, or None."""
    geo = board.geo
    dcells = board.dcells
    masks = board.masks
    memo = board.memo
    changed = board.changed_since(memo.get(_none_key("hidden", k)))
    for u, ub in enumerate(geo.unit_bits):
        if not ub & changed:
            continue
        free = ub & board.unsolved
        if free.bit_count() <= k:
            continue
        state = unit_state(board, u)
        if memo.get(("hidden", k, u)) == state:
            continue  # nothing here while the unit's candidates stay the same
        digits = [d0 for d0 in range(geo.n) if 2 <= (dcells[d0] & ub).bit_count() <= k]
        if len(digits) < k:
            memo[("hidden", k, u)] = state
            continue
        for combo in combinations(digits, k):
            where = 0
            keep = 0
            for d0 in combo:
                where |= dcells[d0] & ub
                keep |= 1 << d0
            if where.bit_count() != k:
                continue
            elim = [(c, d) for c in bits(where) for d in digits_of(masks[c] & ~keep)]
            if elim:
                text = (
                    f"In {geo.unit_names[u]}, {digit_list(d0 + 1 for d0 in combo)} fit only in "
                    f"{cell_list(geo, bits(where))}: those cells lose their other candidates."
                )
                return HIDDEN[k].step(board, bits(where), text, elim=elim)
        memo[("hidden", k, u)] = state
    memo[_none_key("hidden", k)] = board.snapshot()
    return None


def _naked(k: int, score: float, effort: int, level: Level) -> Technique:
    return Technique(
        f"naked-{_NAMES[k].lower()}",
        f"Naked {_NAMES[k]}",
        level,
        score,
        effort,
        lambda board: find_naked(board, k),
    )


def _hidden(k: int, score: float, effort: int, level: Level) -> Technique:
    return Technique(
        f"hidden-{_NAMES[k].lower()}",
        f"Hidden {_NAMES[k]}",
        level,
        score,
        effort,
        lambda board: find_hidden(board, k),
    )


NAKED = {
    2: _naked(2, 3.0, 60, Level.MEDIUM),
    3: _naked(3, 3.6, 80, Level.MEDIUM),
    4: _naked(4, 5.0, 120, Level.HARD),
}
HIDDEN = {
    2: _hidden(2, 3.4, 70, Level.MEDIUM),
    3: _hidden(3, 4.0, 100, Level.MEDIUM),
    4: _hidden(4, 5.4, 150, Level.HARD),
}
NAKED_PAIR, NAKED_TRIPLE, NAKED_QUAD = NAKED[2], NAKED[3], NAKED[4]
HIDDEN_PAIR, HIDDEN_TRIPLE, HIDDEN_QUAD = HIDDEN[2], HIDDEN[3], HIDDEN[4]
