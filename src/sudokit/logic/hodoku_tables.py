"""The nice loops and AICs HoDoKu finds, for the hodoku scale (:mod:`.scales`): HoDoKu lists
them from tables, one for each candidate assumed true and one for it assumed false, and
takes one of the list. This module lists the same chains and takes the same one.

- **A table** is what follows from its premise, link by link, breadth first: a candidate
  assumed true makes the other candidates of its cell and its digit's other places in its
  row, column and box false (in that order); one assumed false makes true the other
  candidate of a cell holding two and the other place of its digit in a row, column or box
  holding two. Each candidate is reached once, by the first candidate (in the table's order)
  that reaches it; its chain is the way back to the premise.
- **A nice loop** is a table's chain that comes back to the premise's cell (three links or
  more, its first link leaving the cell and its last entering it from another): back to the
  premise's candidate the other way, it is the premise's opposite (a discontinuous loop);
  back to another candidate, it closes a continuous loop whose weak links remove what sees
  both their ends and whose cells passed with two strong links lose their other digits.
- **An AIC** is a chain from a candidate assumed false to a candidate made true in another
  cell: the same digit at both ends removes that digit where it sees both ends (two places
  at least; one is a discontinuous loop's); two digits, the ends seeing each other, remove
  each end's digit from the other's cell.
- A chain passing a cell twice (save two links in a row inside one cell; a loop's own cell
  at its ends) is not taken.
- **The one taken**: the most removals, then the lowest index sum of them (cell + digit, the
  cell weighted 1, 81, 161... along the removals listed by digit, then by cell), then the
  shortest, then the first listed.

Each step is sound: a chain's premise, true or false, makes its last candidate true or
false; a loop's weak links each hold one true candidate whichever way it is read.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from .board import Board, bits, digits_of
from .step import Step, Technique

#: a premise's table: the states in the order reached, each one's parent and its distance
#: from the premise (in links)
Table = tuple[list[int], dict[int, int], dict[int, int]]


class _Found(NamedTuple):
    """A listed nice loop (its ``chain``, ``kind`` "a loop" or "a nice loop") or AIC (kind
    "an AIC", spelt out from ``parent`` back from ``end`` once taken) and what it removes."""

    gone: list[tuple[int, int]]
    kind: str
    chain: list[int]
    parent: dict[int, int]
    end: int


class _Tables:
    """The direct consequences of every candidate on ``board``, true or false. A state is
    ``node * 2 + on`` where ``node`` is cell * n + digit - 1."""

    def __init__(self, board: Board) -> None:
        geo = board.geo
        n = geo.n
        self.board = board
        self.n = n
        masks = board.masks
        self.direct: dict[int, list[int]] = {}
        for c in bits(board.unsolved):
            digits = list(bits(masks[c]))
            for d0 in digits:
                node = c * n + d0
                on: list[int] = [(c * n + k) * 2 for k in digits if k != d0]
                off: list[int] = []
                if len(digits) == 2:
                    off.append((c * n + (digits[0] + digits[1] - d0)) * 2 + 1)
                for u in geo.cell_units[c]:
                    others = board.dcells[d0] & geo.unit_bits[u] & ~(1 << c)
                    for j in bits(others):
                        if (j * n + d0) * 2 not in on:
                            on.append((j * n + d0) * 2)
                    if others.bit_count() == 1:
                        j = others.bit_length() - 1
                        if (j * n + d0) * 2 + 1 not in off:
                            off.append((j * n + d0) * 2 + 1)
                self.direct[node * 2 + 1] = on
                self.direct[node * 2] = off

    def table(self, premise: int) -> Table:
        """The states ``premise`` leads to, breadth first, each one's parent and depth."""
        order = [premise]
        parent = {premise: -1}
        depth = {premise: 0}
        direct = self.direct
        for s in order:  # (the list grows as the search goes)
            below = depth[s] + 1
            for t in direct[s]:
                if t not in parent:
                    parent[t] = s
                    depth[t] = below
                    order.append(t)
        return order, parent, depth


def weighted_sum(gone: list[tuple[int, int]]) -> int:
    """HoDoKu's index sum of removals (cell, digit): cell + digit, the cell weighted 1, 81,
    161... along the removals listed by digit, then by cell."""
    listed = sorted(gone, key=lambda x: (x[1], x[0]))
    return sum(c * (1 + 80 * i) + d for i, (c, d) in enumerate(listed))


def _chain(parent: dict[int, int], end: int) -> list[int]:
    """The states from the premise to ``end``."""
    out = [end]
    while parent[out[-1]] >= 0:
        out.append(parent[out[-1]])
    out.reverse()
    return out


def _lasso(chain: list[int], n: int, loop: bool) -> bool:
    """Whether ``chain`` passes a cell twice (two states in a row in one cell aside; for a
    loop, its premise's cell may come back)."""
    first = chain[0] // 2 // n
    seen: set[int] = set()
    last = -1
    for s in chain:
        cell = s // 2 // n
        if cell in seen:
            return True
        if last != -1 and (last != first or not loop):
            seen.add(last)
        last = cell
    return False


def _loop_removals(board: Board, chain: list[int]) -> tuple[list[tuple[int, int]], bool]:
    """What the nice loop ``chain`` (back to its premise's cell) removes, in HoDoKu's order
    (or nothing), and whether the loop is continuous."""
    geo = board.geo
    n = geo.n
    masks = board.masks
    cell = [s // 2 // n for s in chain]
    digit = [s // 2 % n + 1 for s in chain]
    on = [s & 1 for s in chain]
    start, c0, last = cell[0], digit[0], len(chain) - 1
    first_strong = not on[0]
    last_strong = bool(on[last])
    end_digit = digit[last]
    if not first_strong and not last_strong and c0 == end_digit:
        return [(start, c0)], False
    if first_strong and last_strong and c0 == end_digit:
        return [(start, d) for d in digits_of(masks[start]) if d != c0], False
    if first_strong != last_strong and c0 != end_digit:
        return [(start, c0 if not first_strong else end_digit)], False
    continuous = ((not first_strong and not last_strong and masks[start].bit_count() == 2
                   and c0 != end_digit) or (first_strong and last_strong and c0 != end_digit)
                  or (first_strong != last_strong and c0 == end_digit))
    if not continuous:
        return [], False
    inside = 0
    for c in cell[:-1]:
        inside |= 1 << c
    out: list[tuple[int, int]] = []
    for i in range(last + 1):
        if _two_strong(i, on, cell, first_strong and last_strong):
            keep = (c0, end_digit) if i == 0 else (digit[i], digit[i + 2])
            out += [(cell[i], d) for d in digits_of(masks[cell[i]]) if d not in keep]
        if i > 0 and not on[i] and cell[i - 1] != cell[i]:
            d = digit[i]
            seen = (geo.peer_bits[cell[i - 1]] & geo.peer_bits[cell[i]] & ~inside
                    & ~(1 << start) & board.dcells[d - 1])
            out += [(c, d) for c in bits(seen)]
    return list(dict.fromkeys(out)), True


def _two_strong(i: int, on: list[int], cell: list[int], both_ends: bool) -> bool:
    """Whether the loop enters and leaves its ``i``-th state's cell by strong links (the
    premise's cell when both its ends are strong)."""
    last = len(on) - 1
    if i == 0:
        return both_ends
    return bool(on[i] and i <= last - 2 and cell[i - 1] != cell[i] and not on[i + 1]
                and cell[i + 1] == cell[i] and on[i + 2] and cell[i + 2] != cell[i + 1])


def _aic_removals(board: Board, chain_end: int, premise: int) -> list[tuple[int, int]]:
    """What the AIC from ``premise`` (false) to ``chain_end`` (true) removes, in HoDoKu's
    order, or nothing."""
    geo = board.geo
    n = geo.n
    start, c0 = premise // 2 // n, premise // 2 % n + 1
    end, d = chain_end // 2 // n, chain_end // 2 % n + 1
    if c0 == d:
        seen = geo.peer_bits[start] & geo.peer_bits[end] & board.dcells[d - 1]
        return [(c, d) for c in bits(seen)] if seen.bit_count() >= 2 else []
    masks = board.masks
    if geo.sees(start, end) and masks[start] >> (d - 1) & 1 and masks[end] >> (c0 - 1) & 1:
        return [(start, d), (end, c0)]
    return []


def _listed(board: Board, tables: _Tables) -> list[tuple[tuple[int, int, int, int], _Found]]:
    """Every nice loop and AIC with its sort key (and, for an AIC, what spells it out
    later): loops from the true premises' tables, then the false ones', then the AICs."""
    n = tables.n
    found: list[tuple[tuple[int, int, int, int], _Found]] = []
    made = {s: tables.table(s) for s in tables.direct}
    count = 0
    for on in (1, 0):
        for s in sorted(x for x in made if x & 1 == on):
            order, parent, depth = made[s]
            start = s // 2 // n
            for t in order[1:]:
                if t // 2 // n != start or depth[t] <= 2:
                    continue
                chain = _chain(parent, t)
                if chain[-2] // 2 // n == start or chain[1] // 2 // n == start:
                    continue
                if _lasso(chain, n, True):
                    continue
                gone, continuous = _loop_removals(board, chain)
                if gone:
                    count += 1
                    kind = "a loop" if continuous else "a nice loop"
                    found.append(((-len(gone), weighted_sum(gone), len(chain), count),
                                  _Found(gone, kind, chain, parent, t)))
    for s in sorted(x for x in made if not x & 1):
        order, parent, depth = made[s]
        start = s // 2 // n
        for t in order[1:]:
            if not t & 1 or t // 2 // n == start or depth[t] <= 2:
                continue
            gone = _aic_removals(board, t, s)
            if gone:
                count += 1
                found.append(((-len(gone), weighted_sum(gone), depth[t] + 1, count),
                              _Found(gone, "an AIC", [], parent, t)))
    return found


def find_nice_loop(board: Board, tech: Technique) -> Step | None:
    """The nice loop or AIC HoDoKu takes on ``board``, as a step of ``tech``, or None."""
    tables = _Tables(board)
    n = tables.n
    for _, what in sorted(_listed(board, tables), key=lambda x: x[0]):
        chain = what.chain or _chain(what.parent, what.end)
        if not what.chain and _lasso(chain, n, False):
            continue
        return _step(board, tech, chain, what.gone, what.kind)
    return None


def _step(board: Board, tech: Technique, chain: list[int], gone: list[tuple[int, int]],
          kind: str) -> Step:
    """The step of a nice loop or AIC (``kind``) told link by link."""
    geo = board.geo
    n = geo.n
    parts = []
    for i, s in enumerate(chain):
        c, d = s // 2 // n, s // 2 % n + 1
        if i:
            parts.append("=" if s & 1 else "-")
        parts.append(f"({d}){geo.cell_names[c]}")
    said = ", ".join(f"{geo.cell_names[c]}<>{d}" for c, d in gone)
    first = chain[0]
    assumed = "true" if first & 1 else "false"
    text = (f"Assume ({first // 2 % n + 1}){geo.cell_names[first // 2 // n]} {assumed}: "
            f"the chain {''.join(parts)} follows ({kind}), so {said}.")
    if kind == "a loop":
        text = (f"The chain {''.join(parts)} closes into a loop: each of its weak links holds "
                f"one true candidate, and a cell it passes with two strong links holds one of "
                f"their digits, so {said}.")
    nodes = [s // 2 for s in chain]
    return tech.step(board, sorted({x // n for x in nodes}), text, elim=gone,
                     chains=[[((x // n,), x % n + 1) for x in nodes]])


def tabled(tech: Technique) -> Technique:
    """``tech`` (the AICs) taking the nice loop or AIC HoDoKu takes (on classic grids)."""
    def find(board: Board) -> Step | None:
        if not board.geo.classic:
            return tech.find(board)
        return find_nice_loop(board, tech)

    return replace(tech, find=find, applies=None)
