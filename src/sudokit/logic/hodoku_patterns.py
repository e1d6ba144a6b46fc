"""HoDoKu's single-digit patterns and remote pairs as it chooses them, for the hodoku scale
(:mod:`.scales`): of the patterns the first it finds, of the remote pairs the widest.

- **Skyscraper**: two rows (then, all digits done, two columns) holding a digit twice each,
  their first places (or their second places) in one column; the other two places see
  each other's column no more, and the digit leaves what sees both. Digits in order, then
  pairs of lines in order (:func:`find_skyscraper`).
- **Remote Pair**: the chains of cells holding the same two digits, each seeing the next (4
  to 10 cells, no cell twice, its two ends seeing a cell with one of the digits); two of
  them an odd number of links apart (three or more) take both digits from what sees both.
  Of all such chains, the one removing the most, then the lowest index sum
  (:func:`remote_pair_chain`, on the Remote Pair technique's walk,
  :func:`.techniques.remote_pairs.pair_walk`).
- **2-String Kite**: a row and a column holding a digit twice each, one place of each in one
  box (not the same cell); the digit leaves the cell where the other two places' column and
  row cross. Digits in order, then rows, then columns (:func:`find_kite`).

Each is sound: of two places of a digit in a line, one holds it; joined by one unit, one of
the two far ends holds it.
"""

from __future__ import annotations

from dataclasses import replace

from .board import Board, bits, digits_of
from .hodoku_tables import weighted_sum
from .step import Step
from .techniques.remote_pairs import pair_walk
from .techniques.skyscraper import SKYSCRAPER
from .techniques.two_string_kite import TWO_STRING_KITE


def _pairs(board: Board, d0: int, units: range) -> list[tuple[int, int, int]]:
    """The units of ``units`` holding digit index ``d0`` twice: (unit, first, second)."""
    geo = board.geo
    out = []
    for u in units:
        here = board.dcells[d0] & geo.unit_bits[u]
        if here.bit_count() == 2:
            a, b = bits(here)
            out.append((u, a, b))
    return out


def _skyscraper_in(board: Board, rows: bool) -> Step | None:
    geo = board.geo
    n = geo.n
    units = range(n) if rows else range(n, 2 * n)

    def across(c: int) -> int:  # the column of a cell for rows, its row for columns
        return c % n if rows else c // n

    for d0 in range(n):
        found = _pairs(board, d0, units)
        for i, (u, a1, a2) in enumerate(found):
            for v, b1, b2 in found[i + 1:]:
                if across(a1) == across(b1):
                    base, ends = (a1, b1), (a2, b2)
                elif across(a2) == across(b2):
                    base, ends = (a2, b2), (a1, b1)
                else:
                    continue
                if across(ends[0]) == across(ends[1]):
                    continue  # an X-Wing
                gone = (geo.peer_bits[ends[0]] & geo.peer_bits[ends[1]] & board.dcells[d0])
                if gone:
                    names = geo.cell_names
                    text = (f"{d0 + 1} is in {names[a1]} or {names[a2]} ({geo.unit_names[u]}) "
                            f"and in {names[b1]} or {names[b2]} ({geo.unit_names[v]}); "
                            f"{names[base[0]]} and {names[base[1]]} share a line, so "
                            f"{names[ends[0]]} or {names[ends[1]]} holds {d0 + 1}: it leaves "
                            "what sees both.")
                    return SKYSCRAPER.step(board, [*base, *ends], text,
                                           elim=[(x, d0 + 1) for x in bits(gone)])
    return None


def find_skyscraper(board: Board) -> Step | None:
    """The first Skyscraper in HoDoKu's order: rows, then columns (see the module)."""
    if not board.geo.classic:
        return SKYSCRAPER.find(board)
    return _skyscraper_in(board, True) or _skyscraper_in(board, False)


def find_kite(board: Board) -> Step | None:
    """The first 2-String Kite in HoDoKu's order (see the module)."""
    geo = board.geo
    if not geo.classic:
        return TWO_STRING_KITE.find(board)
    n = geo.n
    box_of = [next(u for u in geo.cell_units[c] if u >= 2 * n) for c in range(geo.ncells)]
    for d0 in range(n):
        rows = _pairs(board, d0, range(n))
        cols = _pairs(board, d0, range(n, 2 * n))
        for u, r1, r2 in rows:
            for v, c1, c2 in cols:
                joined = next(((rb, rf, cb, cf) for (rb, rf), (cb, cf) in (
                    ((r1, r2), (c1, c2)), ((r1, r2), (c2, c1)), ((r2, r1), (c1, c2)),
                    ((r2, r1), (c2, c1))) if box_of[rb] == box_of[cb]), None)
                if joined is None or len({r1, r2, c1, c2}) < 4:
                    continue
                rb, rf, cb, cf = joined
                cross = (cf // n) * n + rf % n
                if board.dcells[d0] >> cross & 1:
                    names = geo.cell_names
                    text = (f"{d0 + 1} is in {names[rf]} or {names[rb]} ({geo.unit_names[u]})"
                            f" and in {names[cf]} or {names[cb]} ({geo.unit_names[v]}); "
                            f"{names[rb]} and {names[cb]} share a box, so {names[rf]} or "
                            f"{names[cf]} holds {d0 + 1}: it leaves {names[cross]}.")
                    return TWO_STRING_KITE.step(board, [rf, cf, rb, cb], text,
                                                elim=[(cross, d0 + 1)])
    return None


#: the most cells of a remote pair chain HoDoKu follows (its 20 links)
MOST_PAIR_CELLS = 10


def remote_pair_chain(board: Board) -> tuple[list[int], list[tuple[int, int]]] | None:
    """The remote pair chain HoDoKu takes (see the module): its cells and removals, or
    None."""
    geo = board.geo
    masks = board.masks
    pairs = list(bits(board.bivalue_cells()))
    same: dict[int, int] = {}  # the cells of each pair of digits
    for c in pairs:
        same[masks[c]] = same.get(masks[c], 0) | 1 << c
    best: tuple[tuple[int, int], list[int], list[tuple[int, int]]] | None = None
    for start in pairs:
        pool = same[masks[start]]
        if pool.bit_count() < 4:
            continue
        holders = 0
        for d in digits_of(masks[start]):
            holders |= board.dcells[d - 1]
        for chain in pair_walk(pool, geo.peer_bits, start, fewest=4, most=MOST_PAIR_CELLS,
                               ascending=False):
            if len(chain) % 2 or not (
                    geo.peer_bits[start] & geo.peer_bits[chain[-1]] & holders):
                continue
            gone = _remote_removals(board, chain)
            if gone:
                key = (-len(gone), weighted_sum(gone))
                if best is None or key < best[0]:
                    best = (key, list(chain), gone)
    return None if best is None else (best[1], best[2])


def _remote_removals(board: Board, chain: list[int]) -> list[tuple[int, int]]:
    """Both digits from what sees two cells of ``chain`` an odd number of links (three or
    more) apart."""
    geo = board.geo
    digits = digits_of(board.masks[chain[0]])
    out = set()
    for i in range(len(chain)):
        for j in range(i + 3, len(chain), 2):
            seen = geo.peer_bits[chain[i]] & geo.peer_bits[chain[j]]
            out |= {(c, d) for d in digits for c in bits(seen & board.dcells[d - 1])}
    return sorted(out)


HODOKU_SKYSCRAPER = replace(SKYSCRAPER, find=find_skyscraper, applies=None)
HODOKU_KITE = replace(TWO_STRING_KITE, find=find_kite, applies=None)
