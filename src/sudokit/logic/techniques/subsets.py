"""Naked and hidden subsets (pairs, triples, quads) in one unit.

Naked: k cells of a unit hold between them only k digits, so those digits leave the unit's
other cells. Hidden: k digits of a unit fit only in the same k cells, so those cells lose
every other digit.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

try:
    import cython
except ImportError:  # running uncompiled without Cython installed
    from sudokit import _cython_shim as cython  # type: ignore[no-redef]

from ..board import Board, bits, digits_of, mask_bits
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
    memo = board.memo
    changed = board.changed_since(memo.get(_none_key("naked", k)))
    # the cells that can be part of one: unplaced, with k candidates at most
    small = board.unsolved & ~board.wider_than(k)
    for u, ub in enumerate(geo.unit_bits):
        if not ub & changed:
            continue
        free = ub & board.unsolved
        if free.bit_count() <= k or (ub & small).bit_count() < k:
            continue
        state = unit_state(board, u)
        if memo.get(("naked", k, u)) == state:
            continue  # nothing here while the unit's candidates stay the same
        unit = geo.units[u]
        unit_masks = list(state[1])
        open_cells = _open_cells(unit, board.values)
        cand = [
            j for j in range(len(unit)) if open_cells >> j & 1 and _popcount(unit_masks[j]) <= k
        ]
        found = 0
        if len(cand) >= k:
            found = _naked_combo(unit_masks, cand, 0, k, 0, 0, open_cells, k)
        if found:
            return _naked_step(board, k, u, tuple(unit[j] for j in mask_bits(found)))
        memo[("naked", k, u)] = state
    memo[_none_key("naked", k)] = board.snapshot()
    return None


def every_naked(board: Board, k: int) -> Iterator[Step]:
    """Every naked subset of ``k`` cells that eliminates something, unit by unit in the
    order :func:`find_naked` looks (its step first), the cells of each unit in
    ``itertools.combinations`` order."""
    geo = board.geo
    masks = board.masks
    for u, ub in enumerate(geo.unit_bits):
        if (ub & board.unsolved).bit_count() <= k:
            continue
        unit = geo.units[u]
        open_cells = [c for c in unit if not board.values[c]]
        cand = [c for c in open_cells if masks[c].bit_count() <= k]
        for combo in itertools.combinations(cand, k):
            union = 0
            for c in combo:
                union |= masks[c]
            if union.bit_count() == k and any(
                masks[c] & union for c in open_cells if c not in combo
            ):
                yield _naked_step(board, k, u, combo)


def _naked_step(board: Board, k: int, u: int, combo: tuple[int, ...]) -> Step:
    """The step of the naked subset ``combo`` (cells) of unit ``u``."""
    geo = board.geo
    union = 0
    for c in combo:
        union |= board.masks[c]
    inside = sum(1 << c for c in combo)
    elim = [(c, d) for d in digits_of(union) for c in bits(board.unit_cells(u, d) & ~inside)]
    text = (
        f"In {geo.unit_names[u]}, {cell_list(geo, combo)} hold only "
        f"{digit_list(digits_of(union))}: these digits leave the unit's other cells."
    )
    return NAKED[k].step(board, combo, text, elim=elim)


def find_hidden(board: Board, k: int) -> Step | None:
    """A hidden subset of ``k`` digits that eliminates something, or None."""
    geo = board.geo
    memo = board.memo
    n = geo.n
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
        unit = geo.units[u]
        unit_masks = list(state[1])
        open_cells = _open_cells(unit, board.values)
        where_of = _digit_places(unit_masks, open_cells, n)
        cand = [d0 for d0 in range(n) if 2 <= _popcount(where_of[d0]) <= k]
        found = 0
        if len(cand) >= k:
            found = _hidden_combo(unit_masks, where_of, cand, 0, k, 0, 0, k)
        if found:
            return _hidden_step(board, k, u, found)
        memo[("hidden", k, u)] = state
    memo[_none_key("hidden", k)] = board.snapshot()
    return None


def every_hidden(board: Board, k: int) -> Iterator[Step]:
    """Every hidden subset of ``k`` digits that eliminates something, unit by unit in the
    order :func:`find_hidden` looks (its step first), the digits of each unit in
    ``itertools.combinations`` order."""
    geo = board.geo
    masks = board.masks
    for u, ub in enumerate(geo.unit_bits):
        if (ub & board.unsolved).bit_count() <= k:
            continue
        open_cells = [c for c in geo.units[u] if not board.values[c]]
        where_of = [sum(1 << c for c in open_cells if masks[c] >> d0 & 1) for d0 in range(geo.n)]
        cand = [d0 for d0 in range(geo.n) if 2 <= where_of[d0].bit_count() <= k]
        for combo in itertools.combinations(cand, k):
            where = 0
            keep = 0
            for d0 in combo:
                where |= where_of[d0]
                keep |= 1 << d0
            if where.bit_count() == k and any(
                where >> c & 1 and masks[c] & ~keep for c in open_cells
            ):
                yield _hidden_step(board, k, u, keep)


def _hidden_step(board: Board, k: int, u: int, found: int) -> Step:
    """The step of the hidden subset of the digits ``found`` (a mask) in unit ``u``."""
    geo = board.geo
    combo = mask_bits(found)
    where = 0
    for c in geo.units[u]:
        if not board.values[c] and board.masks[c] & found:
            where |= 1 << c
    elim = [(c, d) for c in bits(where) for d in digits_of(board.masks[c] & ~found)]
    text = (
        f"In {geo.unit_names[u]}, {digit_list(d0 + 1 for d0 in combo)} fit only in "
        f"{cell_list(geo, bits(where))}: those cells lose their other candidates."
    )
    return HIDDEN[k].step(board, bits(where), text, elim=elim)


# The searches inside one unit work on small masks, typed: a unit's cells by their index in
# the unit (one bit each) and digits (one bit each), both at most 64.

if cython.compiled:  # masks of at most 64 bits: one C word (_bits64.pxd)
    from cython.cimports.sudokit.logic.graphs._bits64 import popcount64 as _popcount
else:
    from ..graphs._bits64 import popcount64 as _popcount


@cython.cfunc
def _open_cells(unit: tuple[int, ...], values: list[int]) -> cython.ulonglong:
    """The unplaced cells of a unit, by their index in it."""
    out: cython.ulonglong = 0
    one: cython.ulonglong = 1
    j: cython.Py_ssize_t
    for j in range(len(unit)):
        if not values[unit[j]]:
            out |= one << j
    return out


@cython.cfunc
def _digit_places(unit_masks: list[int], open_cells: cython.ulonglong, n: cython.int) -> list[int]:
    """For each digit, the unplaced cells of the unit (by index) where it can go."""
    out = [0] * n
    j: cython.Py_ssize_t
    m: cython.ulonglong
    low: cython.ulonglong
    d0: cython.int
    one: cython.ulonglong = 1
    for j in range(len(unit_masks)):
        if open_cells >> j & 1:
            m = unit_masks[j]
            while m:
                low = m & (~m + 1)
                m ^= low
                d0 = _popcount(low - 1)
                out[d0] = out[d0] | (one << j)
    return out


@cython.cfunc
def _naked_combo(
    unit_masks: list[int],
    cand: list[int],
    start: cython.Py_ssize_t,
    left: cython.int,
    union: cython.ulonglong,
    chosen: cython.ulonglong,
    open_cells: cython.ulonglong,
    k: cython.int,
) -> cython.ulonglong:
    """The first ``left`` more cells of ``cand[start:]`` (in the order of
    ``itertools.combinations``) whose digits with ``union`` number exactly ``k``, and that
    some other open cell of the unit shares: the chosen cells by index, or 0."""
    t: cython.Py_ssize_t
    j: cython.Py_ssize_t
    u: cython.ulonglong
    ch: cython.ulonglong
    rest: cython.ulonglong
    low: cython.ulonglong
    m: cython.ulonglong
    found: cython.ulonglong
    one: cython.ulonglong = 1
    for t in range(start, len(cand) - left + 1):
        j = cand[t]
        m = unit_masks[j]
        u = union | m
        if _popcount(u) > k:
            continue  # unions only grow: no subset of k digits below
        ch = chosen | (one << j)
        if left == 1:
            if _popcount(u) != k:
                continue
            rest = open_cells & ~ch
            while rest:
                low = rest & (~rest + 1)
                rest ^= low
                m = unit_masks[_popcount(low - 1)]
                if m & u:
                    return ch
        else:
            found = _naked_combo(unit_masks, cand, t + 1, left - 1, u, ch, open_cells, k)
            if found:
                return found
    return 0


@cython.cfunc
def _hidden_combo(
    unit_masks: list[int],
    where_of: list[int],
    cand: list[int],
    start: cython.Py_ssize_t,
    left: cython.int,
    where: cython.ulonglong,
    keep: cython.ulonglong,
    k: cython.int,
) -> cython.ulonglong:
    """The first ``left`` more digits of ``cand[start:]`` (in the order of
    ``itertools.combinations``) that with ``where`` fit in exactly ``k`` cells, some of
    which hold other digits: the chosen digits as a mask, or 0."""
    t: cython.Py_ssize_t
    d0: cython.Py_ssize_t
    w: cython.ulonglong
    kp: cython.ulonglong
    cells: cython.ulonglong
    low: cython.ulonglong
    m: cython.ulonglong
    found: cython.ulonglong
    one: cython.ulonglong = 1
    for t in range(start, len(cand) - left + 1):
        d0 = cand[t]
        m = where_of[d0]
        w = where | m
        if _popcount(w) > k:
            continue  # places only grow: no k cells below
        kp = keep | (one << d0)
        if left == 1:
            if _popcount(w) != k:
                continue
            cells = w
            while cells:
                low = cells & (~cells + 1)
                cells ^= low
                m = unit_masks[_popcount(low - 1)]
                if m & ~kp:
                    return kp
        else:
            found = _hidden_combo(unit_masks, where_of, cand, t + 1, left - 1, w, kp, k)
            if found:
                return found
    return 0


def _naked(k: int, score: float, effort: int, level: Level) -> Technique:
    return Technique(
        key=f"naked-{_NAMES[k].lower()}",
        name=f"Naked {_NAMES[k]}",
        level=level,
        score=score,
        effort=effort,
        find=lambda board: find_naked(board, k),
    )


def _hidden(k: int, score: float, effort: int, level: Level) -> Technique:
    return Technique(
        key=f"hidden-{_NAMES[k].lower()}",
        name=f"Hidden {_NAMES[k]}",
        level=level,
        score=score,
        effort=effort,
        find=lambda board: find_hidden(board, k),
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
