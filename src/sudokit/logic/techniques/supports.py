"""What a constraint leaves of its cells' candidates: the searches its techniques share.

A candidate of a cell is *supported* by a constraint when some way of filling the
constraint's cells from their candidates keeps the constraint (and keeps apart the digits
of cells that see each other) with that digit in that cell; a candidate without support
cannot be the cell's digit. Each search here looks at a relaxation of the whole puzzle (the
constraint's cells alone, sometimes without their peers), so what it removes is always
sound, and where it would cost too much it gives up (None) and removes nothing.

Every function takes the cells' candidate masks (digit d at bit d-1) and returns the
supported candidates of each cell, in the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TypeVar

from ...constraints import Constraint, Sandwich
from ..board import Board
from ..step import Step, Technique

#: The most search nodes one constraint's search may visit before it gives up.
BUDGET = 10_000

#: The most sets of digits a one-to-one filling may have used after one cell, followed.
_MOST_SETS = 20_000


class OutOfBudget(Exception):
    """A search visited more nodes than it may."""


@lru_cache(maxsize=4096)
def digit_sets(n: int, size: int, total: int | None) -> tuple[int, ...]:
    """The sets of ``size`` different digits of 1..N adding up to ``total`` (any total when
    None), as masks, smallest first."""
    out = []
    for combo in combinations(range(1, n + 1), size):
        if total is None or sum(combo) == total:
            out.append(sum(1 << (d - 1) for d in combo))
    return tuple(out)


def matched(masks: Sequence[int], digits: int) -> list[int] | None:
    """Each cell's candidates that some one-to-one filling of the cells with exactly the
    digits of ``digits`` (as many digits as cells) gives it; None when there is none."""
    found = _matched(tuple(masks), digits)
    return None if found is None else list(found)


@lru_cache(maxsize=65536)
def _matched(masks: tuple[int, ...], digits: int) -> tuple[int, ...] | None:
    """:func:`matched`, kept: the same cells and digits come back step after step. The
    cells are filled in order, as the sets of digits used so far (at most 2**k of them),
    forwards and then back."""
    k = len(masks)
    local = [m & digits for m in masks]
    if any(not m for m in local) or bin(digits).count("1") != k:
        return None
    forward: list[set[int]] = [{0}]
    for m in local:
        reach = set()
        for used in forward[-1]:
            free = m & ~used
            while free:
                low = free & -free
                free ^= low
                reach.add(used | low)
        if not reach:
            return None
        if len(reach) > _MOST_SETS:  # (only on grids past 12x12) too many to follow:
            return tuple(local)      # every candidate counts as used, none is removed
        forward.append(reach)
    if digits not in forward[-1]:
        return None
    found = [0] * k
    good = {digits}
    for i in range(k - 1, -1, -1):
        before = set()
        for used in forward[i]:
            free = local[i] & ~used
            while free:
                low = free & -free
                free ^= low
                if used | low in good:
                    before.add(used)
                    found[i] |= low
        good = before
    return tuple(found)


def sum_supports(masks: Sequence[int], total: int, apart: Sequence[int],
                 n: int) -> list[int] | None:
    """Each cell's candidates that some filling adding up to ``total`` gives it, where cell
    i and cell j differ when bit j of ``apart[i]`` is set (peers); None when there is none,
    and when the search would cost too much."""
    k = len(masks)
    found = [0] * k
    values = [0] * k
    nodes = [0]
    low_of = [(m & -m).bit_length() for m in masks]
    high_of = [m.bit_length() for m in masks]
    # the least and the most the cells from i on can add up to (peers ignored)
    least = [0] * (k + 1)
    most = [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        least[i] = least[i + 1] + low_of[i]
        most[i] = most[i + 1] + high_of[i]

    def fill(i: int, left: int, cells: list[int]) -> bool:
        nodes[0] += 1
        if nodes[0] > BUDGET:
            raise OutOfBudget
        if i == k:
            if left:
                return False
            for j in range(k):
                found[j] |= 1 << (values[j] - 1)
            return True
        if not least[i] <= left <= most[i]:
            return False
        m = cells[i]
        for j in range(i):
            if apart[i] >> j & 1:
                m &= ~(1 << (values[j] - 1))
        while m:
            low = m & -m
            m ^= low
            values[i] = low.bit_length()
            if fill(i + 1, left - values[i], cells):
                return True
        return False

    try:
        if not fill(0, total, list(masks)):
            return None
        for i in range(k):
            m = masks[i] & ~found[i]
            while m:
                low = m & -m
                m ^= low
                if found[i] & low:
                    continue
                trial = list(masks)
                trial[i] = low
                fill(0, total, trial)
    except OutOfBudget:
        return None
    return found


def total_supports(masks: Sequence[int], total: int, apart: Sequence[int],
                   n: int) -> list[int] | None:
    """As :func:`sum_supports`; where every cell sees every other, by the sets of different
    digits adding up to ``total`` that the cells can be matched to (as a cage is)."""
    k = len(masks)
    if all(apart[i] | 1 << i == (1 << k) - 1 for i in range(k)):
        out = [0] * k
        for combo in digit_sets(n, k, total):
            sup = matched(masks, combo)
            if sup is not None:
                out = [a | b for a, b in zip(out, sup, strict=True)]
        return out if any(out) else None
    return sum_supports(masks, total, apart, n)


def chain_supports(masks: Sequence[int], allowed: Callable[[int, int, int], int],
                   n: int) -> list[int] | None:
    """Each cell's candidates that some filling keeps, where each cell and the next on the
    line must agree: ``allowed(k, x, full)`` is the mask of digits cell k+1 may hold when
    cell k holds x. Exact for a line whose cells need not differ; None when no filling
    keeps it."""
    k = len(masks)
    full = (1 << n) - 1
    forward = list(masks)
    for i in range(1, k):
        reach = 0
        for x in _digits(forward[i - 1]):
            reach |= allowed(i - 1, x, full)
        forward[i] &= reach
    if not forward[-1]:
        return None
    out = forward
    for i in range(k - 2, -1, -1):
        keep = 0
        for x in _digits(out[i]):
            if allowed(i, x, full) & out[i + 1]:
                keep |= 1 << (x - 1)
        out[i] = keep
    return out


def search_supports(masks: Sequence[int], apart: Sequence[int],
                    ok: Callable[[list[int], int], bool]) -> list[int] | None:
    """Each cell's candidates that some filling keeps, cells filled in order: ``ok(values,
    i)`` says whether the first i+1 values (digits) can still be completed (on the last
    cell: whether they keep the constraint); ``apart`` as for :func:`sum_supports`. None
    when there is no filling, and when the search would cost too much."""
    k = len(masks)
    found = [0] * k
    values = [0] * k
    nodes = [0]

    def fill(i: int, cells: list[int]) -> bool:
        nodes[0] += 1
        if nodes[0] > BUDGET:
            raise OutOfBudget
        if i == k:
            for j in range(k):
                found[j] |= 1 << (values[j] - 1)
            return True
        m = cells[i]
        for j in range(i):
            if apart[i] >> j & 1:
                m &= ~(1 << (values[j] - 1))
        while m:
            low = m & -m
            m ^= low
            values[i] = low.bit_length()
            if ok(values, i) and fill(i + 1, cells):
                return True
        return False

    try:
        if not fill(0, list(masks)):
            return None
        for i in range(k):
            m = masks[i] & ~found[i]
            while m:
                low = m & -m
                m ^= low
                if found[i] & low:
                    continue
                trial = list(masks)
                trial[i] = low
                fill(0, trial)
    except OutOfBudget:
        return None
    return found


def left_by(cells: Sequence[int], masks: Sequence[int],
            combos: Sequence[int]) -> list[tuple[int, int]]:
    """The (cell, digit) candidates of ``cells`` (masks in the same order) that no filling
    with the digits of one of ``combos`` gives: what a cage that must take one of those
    combinations removes from its own cells."""
    supported = [0] * len(masks)
    for combo in combos:
        sup = matched(masks, combo)
        if sup is not None:
            supported = [a | b for a, b in zip(supported, sup, strict=True)]
    return unsupported(cells, masks, supported)


def unsupported(cells: Sequence[int], masks: Sequence[int],
                supported: Sequence[int]) -> list[tuple[int, int]]:
    """The (cell, digit) candidates of ``cells`` (masks in the same order) that have no
    support, digit by digit."""
    return [(c, d) for c, m, s in zip(cells, masks, supported, strict=True)
            for d in _digits(m & ~s)]


def cannot(names: Sequence[str], elim: Sequence[tuple[int, int]],
           masks: Sequence[int] | None = None) -> str:
    """``r1c1 cannot be 4 or 5, r2c2 cannot be 3``: eliminations in words; with the
    board's ``masks``, a cell left with fewer digits than it loses says what it keeps
    (``r1c2 and r1c3 can only be 8 or 9``), cells that say the same said together."""
    by_cell: dict[int, list[int]] = {}
    for c, d in elim:
        by_cell.setdefault(c, []).append(d)
    said: dict[tuple[str, tuple[int, ...]], list[int]] = {}
    for c in sorted(by_cell):
        gone = sorted(by_cell[c])
        kept = [] if masks is None else [d for d in _digits(masks[c]) if d not in gone]
        if kept and len(kept) < len(gone):
            said.setdefault(("can only be", tuple(kept)), []).append(c)
        else:
            said.setdefault(("cannot be", tuple(gone)), []).append(c)
    parts = []
    for (verb, digits), cells in said.items():
        who = [names[c] for c in cells]
        who_said = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
        parts.append(f"{who_said} {verb} {_or(digits)}")
    return ", ".join(parts)


def _or(digits: Sequence[int]) -> str:
    """``4``, ``4 or 5``, ``1, 2 or 3``."""
    if len(digits) == 1:
        return str(digits[0])
    return ", ".join(map(str, digits[:-1])) + " or " + str(digits[-1])


def apart_among(cells: Sequence[int], peer_bits: Sequence[int]) -> list[int]:
    """Per cell of ``cells``: the positions (as bits) of the others it sees."""
    return [sum(1 << j for j, o in enumerate(cells) if peer_bits[c] >> o & 1)
            for c in cells]


def _digits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


C = TypeVar("C", bound=Constraint)


def constraint_step(board: Board, tech: Technique, kind: type[C],
                    supports: Callable[[Board, C, list[int]], list[int] | None],
                    words: Callable[[Board, C, list[int]], str]) -> Step | None:
    """The first constraint of ``kind`` in the board's rules with a candidate that it does
    not support, as a step of ``tech`` (its text: ``words``, then the eliminations); or
    None. ``supports(board, constraint, masks)`` gives the supported candidates of the
    constraint's ``cells`` (in that order); what it found is kept for the same candidates."""
    names = board.geo.cell_names
    for constraint in board.geo.rules.constraints:
        if not isinstance(constraint, kind):
            continue
        cells = touched(constraint, board.geo.n)
        if all(board.values[c] for c in cells):
            continue
        masks = [board.masks[c] for c in cells]
        key = ("supports", constraint, tuple(masks))
        if key in board.memo:
            sup: list[int] | None = board.memo[key]  # type: ignore[assignment]
        else:
            sup = board.memo[key] = supports(board, constraint, masks)
        if sup is None:
            continue
        elim = unsupported(cells, masks, sup)
        if elim:
            text = f"{words(board, constraint, masks)}: {cannot(names, elim, board.masks)}."
            return tech.step(board, cells, text, elim=elim, houses=[cells])
    return None


def touched(constraint: Constraint, n: int) -> tuple[int, ...]:
    """The cells whose digits a constraint reads (a sandwich sum: its whole row or column)."""
    if isinstance(constraint, Sandwich):
        return constraint.line_cells(n)
    return constraint.cells
