"""HoDoKu's own steps, and its choice among a technique's steps: what the hodoku scale
(:mod:`.scales`) needs to walk HoDoKu 2.2's solving path.

- **Locked Pair / Locked Triple**: the library's technique
  (:mod:`.techniques.locked_subsets`) searched box by box, taken only where both the box and
  the line lose a digit beyond the cells they share (HoDoKu tries them before locked
  candidates).
- **Remote Pair**: cells that all hold the same two digits, each seeing the next; a cell that
  sees two of them an odd number of links apart (three or more) holds neither digit (the
  chain HoDoKu takes: :func:`.hodoku_patterns.remote_pair_chain`).
- **Turbot Fish**: two strong links of a digit, one in a box, an end of each seeing the
  other's; the digit leaves what sees both far ends.
- **The order HoDoKu takes steps in**: the singles from its two queues (the cell or the
  unit's digit that has waited longest), locked candidates box by box and line by line,
  naked and hidden subsets box by box, then row by row and column by column, W-Wings cell
  by cell, of the Sue de Coq steps the one removing the most (:func:`find_full_house`,
  which keeps the queues step by step, :func:`find_naked_single`,
  :func:`find_hidden_single`, :func:`find_pointing`, :func:`find_claiming`,
  :func:`find_w_wing`, :func:`find_sue_de_coq`).
- **The chain HoDoKu takes**: of the chains on a board, the one that removes the most
  candidates, then the lowest index sum of what goes, then the fewest links; a chain closing
  into a loop removes on all its weak links (:mod:`.hodoku_chains`).
- **A placement told as eliminations** (:func:`eliminating`), as HoDoKu tells a BUG+1, a
  uniqueness test or a nice loop that fixes a cell.

Each is sound on any classic grid: a subset's digits fill its cells; a remote pair's cells
alternate its two digits; a chain's ends (a loop's weak links) are never both false.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from .board import Board, Geometry, bits, digits_of
from .hodoku_patterns import remote_pair_chain
from .hodoku_tables import weighted_sum
from .step import Level, Step, Technique, cell_list, digit_list
from .techniques.full_house import FULL_HOUSE
from .techniques.hidden_single import HIDDEN_SINGLE
from .techniques.locked_candidates import CLAIMING, POINTING
from .techniques.locked_subsets import LOCKED_PAIR, LOCKED_TRIPLE, find_locked, naked_sets
from .techniques.naked_single import NAKED_SINGLE
from .techniques.subsets import HIDDEN, NAKED
from .techniques.sue_de_coq import LARGE_SUE_DE_COQ
from .techniques.sue_de_coq import every as every_sue_de_coq
from .techniques.w_wing import W_WING
from .techniques.xy_wing import XY_WING
from .techniques.xyz_wing import XYZ_WING


def find_locked_pair(board: Board) -> Step | None:
    """A Locked Pair as HoDoKu finds it (two cells a box shares with a line, holding the same
    two digits; :func:`.techniques.locked_subsets.find_locked`, box by box)."""
    return find_locked(board, 2, HODOKU_LOCKED_PAIR, box_by_box=True) \
        if board.geo.classic else None


def find_locked_triple(board: Board) -> Step | None:
    """A Locked Triple as HoDoKu finds it (the three cells a box shares with a line, holding
    three digits), or None."""
    return find_locked(board, 3, HODOKU_LOCKED_TRIPLE, box_by_box=True) \
        if board.geo.classic else None


def find_remote_pair(board: Board) -> Step | None:
    """The Remote Pair HoDoKu takes (:func:`.hodoku_patterns.remote_pair_chain`), or
    None."""
    if not board.geo.classic:
        return None
    found = remote_pair_chain(board)
    if found is None:
        return None
    cells, gone = found
    geo = board.geo
    digits = digits_of(board.masks[cells[0]])
    text = (f"{cell_list(geo, cells)} all hold only {digit_list(digits)}, and each sees the "
            f"next: they alternate the two digits, so a cell that sees two of them of opposite "
            f"parity holds neither.")
    return REMOTE_PAIR.step(board, cells, text, elim=gone)


class _Singles:
    """HoDoKu's two queues of singles, kept as it keeps them: a cell joins the naked queue
    when it is left with one candidate, a (unit, digit) the hidden queue when the digit is
    left with one place in the unit, in the order the candidates went (a placement: the
    cell's other digits, then its digit from its peers in order; then other eliminations,
    cell by cell). The start is the givens placed in cell order on an empty grid."""

    def __init__(self, board: Board) -> None:
        geo = board.geo
        n = geo.n
        self.masks = [geo.full] * geo.ncells
        self.unsolved = (1 << geo.ncells) - 1
        self.counts = [[len(u)] * n for u in geo.units]
        self.cells: list[int] = []
        self.places: list[tuple[int, int]] = []
        for c, v in enumerate(board.values):
            if v:
                self._place(geo, c, v)

    def _remove(self, geo: Geometry, c: int, d0: int) -> None:
        bit = 1 << d0
        if not self.masks[c] & bit:
            return
        self.masks[c] &= ~bit
        for u in geo.cell_units[c]:
            k = self.counts[u][d0]
            if k > 0:
                self.counts[u][d0] = k - 1
                if k == 2:
                    self.places.append((u, d0))
        if self.unsolved >> c & 1 and self.masks[c].bit_count() == 1:
            self.cells.append(c)

    def _place(self, geo: Geometry, c: int, v: int) -> None:
        self.unsolved &= ~(1 << c)
        for u in geo.cell_units[c]:
            self.counts[u][v - 1] = 0
        for p in geo.peers[c]:
            self._remove(geo, p, v - 1)
        for d0 in range(geo.n):
            if d0 != v - 1:
                self._remove(geo, c, d0)

    def follow(self, board: Board) -> None:
        """Catch up with ``board``: the changes since the last call join the queues."""
        geo = board.geo
        for c in bits(self.unsolved & ~board.unsolved):
            self._place(geo, c, board.values[c])
        for c in bits(board.unsolved):
            gone = self.masks[c] & ~board.masks[c]
            for d0 in bits(gone):
                self._remove(geo, c, d0)


#: the memo key of the singles' queues
_QUEUES = "hodoku-singles"


def _queues(board: Board) -> _Singles:
    """The singles' queues of the path ``board`` is on (made at its first call)."""
    state = board.memo.get(_QUEUES)
    if not isinstance(state, _Singles):
        state = _Singles(board)
        board.memo[_QUEUES] = state
    state.follow(board)
    return state


def find_full_house(board: Board) -> Step | None:
    """The full house that has waited longest in HoDoKu's queue of naked singles (the last
    empty cell of a unit), the queues first brought up to date: HoDoKu queues its singles
    as the candidates go, one step at a time, and this first rung sees every step."""
    geo = board.geo
    if not geo.classic:
        return FULL_HOUSE.find(board)
    masks = board.masks
    for c in _queues(board).cells:
        if not (board.unsolved >> c & 1 and masks[c].bit_count() == 1):
            continue
        for u in geo.cell_units[c]:
            if geo.unit_bits[u] & board.unsolved == 1 << c:
                d = masks[c].bit_length()
                return FULL_HOUSE.step(
                    board, [c], f"{geo.cell_names[c]} is the last empty cell of "
                    f"{geo.unit_names[u]}: it takes the missing digit {d}.", place=[(c, d)])
    return None


def find_naked_single(board: Board) -> Step | None:
    """The naked single that has waited longest, as HoDoKu takes them."""
    if not board.geo.classic:
        return NAKED_SINGLE.find(board)
    cells = _queues(board).cells
    masks = board.masks
    while cells:
        c = cells[0]
        if board.unsolved >> c & 1 and masks[c].bit_count() == 1:
            d = masks[c].bit_length()
            return NAKED_SINGLE.step(
                board, [c], f"{board.geo.cell_names[c]} has one candidate left: {d}.",
                place=[(c, d)])
        cells.pop(0)
    return None


def find_hidden_single(board: Board) -> Step | None:
    """The hidden single that has waited longest, as HoDoKu takes them."""
    geo = board.geo
    if not geo.classic:
        return HIDDEN_SINGLE.find(board)
    places = _queues(board).places
    while places:
        u, d0 = places[0]
        x = board.dcells[d0] & geo.unit_bits[u]
        if x and not x & (x - 1):
            cell = x.bit_length() - 1
            return HIDDEN_SINGLE.step(
                board, [cell],
                f"In {geo.unit_names[u]}, {d0 + 1} fits only in {geo.cell_names[cell]}.",
                place=[(cell, d0 + 1)], score=1.2 if geo.unit_is_box[u] else 1.5)
        places.pop(0)
    return None


def _locked(board: Board, tech: Technique, insides: range, box_inside: bool) -> Step | None:
    """The first locked candidates step, looking at the units ``insides`` in turn (boxes for
    pointing, rows then columns for claiming), digits in order in each."""
    geo = board.geo
    n = geo.n
    for inside in insides:
        ib = geo.unit_bits[inside]
        for d0 in range(n):
            here = board.dcells[d0] & ib
            if here.bit_count() < 2:
                continue
            for outside in _crossing(geo, here, inside, box_inside):
                gone = board.dcells[d0] & geo.unit_bits[outside] & ~ib
                if gone:
                    d = d0 + 1
                    text = (f"In {geo.unit_names[inside]}, {d} fits only in "
                            f"{cell_list(geo, bits(here))}, all in {geo.unit_names[outside]}: "
                            f"{d} leaves the rest of {geo.unit_names[outside]}.")
                    return tech.step(board, list(bits(here)), text,
                                     elim=[(c, d) for c in bits(gone)])
    return None


def _crossing(geo: Geometry, here: int, inside: int, box_inside: bool) -> list[int]:
    """The lines (for a box) or the box (for a line) holding every cell of ``here``."""
    n = geo.n
    units = geo.common_units(here)
    if box_inside:
        return [u for u in units if u < 2 * n]
    return [u for u in units if 2 * n <= u < 3 * n]


def find_pointing(board: Board) -> Step | None:
    """The first pointing step in HoDoKu's order: box by box, digit by digit."""
    geo = board.geo
    if not geo.classic:
        return POINTING.find(board)
    n = geo.n
    return _locked(board, POINTING, range(2 * n, 3 * n), True)


def find_claiming(board: Board) -> Step | None:
    """The first claiming step in HoDoKu's order: rows, then columns, digit by digit."""
    geo = board.geo
    if not geo.classic:
        return CLAIMING.find(board)
    return _locked(board, CLAIMING, range(2 * geo.n), False)


def _unit_order(geo: Geometry) -> list[int]:
    """The units as HoDoKu looks for subsets in them: boxes, then rows, then columns."""
    n = geo.n
    return [*range(2 * n, 3 * n), *range(2 * n)]


def _naked(board: Board, k: int) -> Step | None:
    """The first naked subset of ``k`` cells in HoDoKu's order (units, then cells)."""
    geo = board.geo
    masks = board.masks
    for u in _unit_order(geo):
        free = list(bits(geo.unit_bits[u] & board.unsolved))
        for cells, digits in naked_sets(free, masks, k):
            elim = [(c, d) for c in free if c not in cells for d in digits_of(masks[c] & digits)]
            if elim:
                text = (f"In {geo.unit_names[u]}, {cell_list(geo, cells)} hold only "
                        f"{digit_list(digits_of(digits))}: these digits leave the unit's other "
                        "cells.")
                return NAKED[k].step(board, cells, text, elim=elim)
    return None


def _hidden(board: Board, k: int) -> Step | None:
    """The first hidden subset of ``k`` digits in HoDoKu's order (units, then digits)."""
    geo = board.geo
    n = geo.n
    for u in _unit_order(geo):
        ub = geo.unit_bits[u]
        open_digits = [d0 for d0 in range(n) if board.dcells[d0] & ub]
        for combo in combinations(open_digits, k):
            where = 0
            for d0 in combo:
                where |= board.dcells[d0] & ub
            if where.bit_count() != k:
                continue
            keep = sum(1 << d0 for d0 in combo)
            elim = [(c, d) for c in bits(where) for d in digits_of(board.masks[c] & ~keep)]
            if elim:
                text = (f"In {geo.unit_names[u]}, {digit_list(d0 + 1 for d0 in combo)} fit only "
                        f"in {cell_list(geo, bits(where))}: those cells lose their other "
                        "candidates.")
                return HIDDEN[k].step(board, bits(where), text, elim=elim)
    return None


def subsets_in_order(tech: Technique) -> Technique:
    """A naked or hidden subset technique looking as HoDoKu looks: boxes, then rows, then
    columns, each unit's cells (or digits) in order."""
    k = {"pair": 2, "triple": 3, "quad": 4}[tech.key.split("-")[1]]
    search = _naked if tech.key.startswith("naked") else _hidden

    def find(board: Board) -> Step | None:
        if not board.geo.classic:
            return tech.find(board)
        return search(board, k)

    return replace(tech, find=find, applies=None)


def find_turbot_fish(board: Board) -> Step | None:
    """The first Turbot Fish HoDoKu names so: two strong links of one digit, one of them in
    a box, an end of each seeing the other's; the digit leaves what sees both far ends
    (digits in order, then the links by unit: rows, columns, boxes). Skyscrapers and kites
    (both links in lines) are found before it under their names."""
    geo = board.geo
    if not geo.classic:
        return None
    n = geo.n
    for d in range(1, n + 1):
        links: list[tuple[int, int, int]] = []
        for u, ub in enumerate(geo.unit_bits):
            here = board.dcells[d - 1] & ub
            if here.bit_count() == 2:
                a, b = bits(here)
                if (a, b) not in [(x, y) for x, y, _ in links]:
                    links.append((a, b, u))
        for i, (a, b, u) in enumerate(links):
            for c, e, v in links[i + 1:]:
                if u < 2 * n and v < 2 * n or {a, b} & {c, e}:
                    continue
                for p, q in ((a, b), (b, a)):
                    for r, t in ((c, e), (e, c)):
                        if not geo.sees(q, r):
                            continue
                        gone = (geo.peer_bits[p] & geo.peer_bits[t] & board.dcells[d - 1]
                                & ~(1 << p | 1 << q | 1 << r | 1 << t))
                        if gone:
                            names = geo.cell_names
                            text = (f"{d} is in {names[p]} or {names[q]} "
                                    f"({geo.unit_names[u]}), and in {names[r]} or {names[t]} "
                                    f"({geo.unit_names[v]}); {names[q]} sees {names[r]}, so "
                                    f"{names[p]} or {names[t]} holds {d}: it leaves what sees "
                                    "both.")
                            return TURBOT_FISH.step(board, [p, q, r, t], text,
                                                    elim=[(x, d) for x in bits(gone)])
    return None


def eliminating(tech: Technique) -> Technique:
    """``tech`` telling a placement as the eliminations of the cell's other candidates, as
    HoDoKu's BUG+1, uniqueness tests and chains do (the placement is the naked single that
    follows)."""
    plain: Callable[[Board], Step | None] = tech.find

    def find(board: Board) -> Step | None:
        step = plain(board)
        if step is None or not step.placements or not board.geo.classic:
            return step
        parse = board.geo.parse_cell
        elim = {(parse(e.cell), e.digit) for e in step.eliminations}
        cells = []
        for p in step.placements:
            c = parse(p.cell)
            cells.append(c)
            elim |= {(c, d) for d in digits_of(board.masks[c]) if d != p.digit}
        return tech.step(board, [parse(c) for c in step.cells], step.text, elim=sorted(elim),
                         score=step.score, houses=[[parse(c) for c in h] for h in step.houses])

    return replace(tech, find=find, applies=None)


def find_w_wing(board: Board) -> Step | None:
    """The first W-Wing in HoDoKu's order: two cells holding the same two digits (by cell,
    then by partner), linked by the smaller digit first, by the first unit where that
    digit's two places see one cell each; the other digit leaves what sees both cells."""
    geo = board.geo
    masks = board.masks
    pairs = list(bits(board.bivalue_cells()))
    for i, a in enumerate(pairs):
        for b in pairs[i + 1:]:
            if masks[a] != masks[b] or geo.sees(a, b):
                continue
            both = geo.peer_bits[a] & geo.peer_bits[b] & board.unsolved
            for x in digits_of(masks[a]):
                y = (digits_of(masks[a] & ~(1 << (x - 1))))[0]
                gone = both & board.dcells[y - 1]
                if not gone:
                    continue
                for u, ub in enumerate(geo.unit_bits):
                    link = board.dcells[x - 1] & ub
                    if link.bit_count() != 2 or link & (1 << a | 1 << b):
                        continue
                    p, q = bits(link)
                    if (geo.sees(p, a) and geo.sees(q, b)) or (geo.sees(p, b) and geo.sees(q, a)):
                        text = (f"{geo.cell_names[a]} and {geo.cell_names[b]} both hold only "
                                f"{{{x},{y}}}, and {x} is in {geo.cell_names[p]} or "
                                f"{geo.cell_names[q]} ({geo.unit_names[u]}), each seeing one "
                                f"of them: one of them is {y}, so {y} leaves what sees both.")
                        return W_WING.step(board, [a, b, p, q], text,
                                           elim=[(c, y) for c in bits(gone)])
    return None


def _find_wing(board: Board, xyz: bool) -> Step | None:
    """The first XY-Wing (or XYZ-Wing) in HoDoKu's order: the pivot and pincers taken from
    the bivalue cells (the pivot of an XYZ-Wing from the cells of three) in cell order, i < j
    < k, each of the three cells tried as the pivot in turn (i, then j, then k); the three
    hold three digits, no two the same pair, the pincers share one digit z, and z leaves what
    sees both pincers (and the pivot, for an XYZ-Wing)."""
    geo = board.geo
    masks = board.masks
    two = [c for c in bits(board.unsolved) if masks[c].bit_count() == 2]
    firsts = [c for c in bits(board.unsolved) if masks[c].bit_count() == 3] if xyz else two
    for i, a in enumerate(firsts):
        for j in range(0 if xyz else i + 1, len(two)):
            b = two[j]
            if (masks[a] | masks[b]).bit_count() != 3:
                continue
            for c in two[j + 1:]:
                if (masks[a] | masks[b] | masks[c]).bit_count() != 3 or len(
                        {masks[a], masks[b], masks[c]}) < 3:
                    continue
                tries = [(a, b, c)] if xyz else [(a, b, c), (b, a, c), (c, b, a)]
                for pivot, p, q in tries:
                    if not (geo.sees(pivot, p) and geo.sees(pivot, q)):
                        continue
                    common = masks[p] & masks[q]
                    if common.bit_count() != 1:
                        continue
                    z = common.bit_length()
                    gone = geo.peer_bits[p] & geo.peer_bits[q] & board.dcells[z - 1]
                    if xyz:
                        gone &= geo.peer_bits[pivot]
                    if gone:
                        tech = XYZ_WING if xyz else XY_WING
                        text = (f"{geo.cell_names[pivot]} sees {geo.cell_names[p]} and "
                                f"{geo.cell_names[q]}, which share only {z}: one of them "
                                f"holds {z}, so {z} leaves what sees "
                                f"{'all three' if xyz else 'both'}.")
                        return tech.step(board, [pivot, p, q], text,
                                         elim=[(x, z) for x in bits(gone)])
    return None


def find_xy_wing(board: Board) -> Step | None:
    """The first XY-Wing in HoDoKu's order (see :func:`_find_wing`)."""
    return _find_wing(board, False) if board.geo.classic else XY_WING.find(board)


def find_xyz_wing(board: Board) -> Step | None:
    """The first XYZ-Wing in HoDoKu's order (see :func:`_find_wing`)."""
    return _find_wing(board, True) if board.geo.classic else XYZ_WING.find(board)


def find_sue_de_coq(board: Board) -> Step | None:
    """Of the Sue de Coq steps (sides of any size), the one HoDoKu takes: the most removals,
    then the lowest index sum of them (:func:`.hodoku_tables.weighted_sum`)."""
    if not board.geo.classic:
        return LARGE_SUE_DE_COQ.find(board)
    parse = board.geo.parse_cell
    best: tuple[tuple[int, int], Step] | None = None
    for step in every_sue_de_coq(board):
        gone = [(parse(e.cell), e.digit) for e in step.eliminations]
        key = (-len(gone), weighted_sum(gone))
        if best is None or key < best[0]:
            best = (key, step)
    return None if best is None else best[1]


HODOKU_CLAIMING = replace(CLAIMING, find=find_claiming, applies=None)
HODOKU_XY_WING = replace(XY_WING, find=find_xy_wing, applies=None)
HODOKU_XYZ_WING = replace(XYZ_WING, find=find_xyz_wing, applies=None)
HODOKU_SUE_DE_COQ = replace(LARGE_SUE_DE_COQ, find=find_sue_de_coq, applies=None)
HODOKU_FULL_HOUSE = replace(FULL_HOUSE, find=find_full_house, applies=None)
HODOKU_HIDDEN_SINGLE = replace(HIDDEN_SINGLE, find=find_hidden_single, applies=None)
HODOKU_NAKED_SINGLE = replace(NAKED_SINGLE, find=find_naked_single, applies=None)
HODOKU_POINTING = replace(POINTING, find=find_pointing, applies=None)
HODOKU_W_WING = replace(W_WING, find=find_w_wing, applies=None)
HODOKU_LOCKED_PAIR = replace(LOCKED_PAIR, score=2.6, find=find_locked_pair, applies=None)
HODOKU_LOCKED_TRIPLE = replace(LOCKED_TRIPLE, score=2.6, find=find_locked_triple, applies=None)
TURBOT_FISH = Technique(key="turbot-fish", name="Turbot Fish", level=Level.HARD, score=4.2,
                        effort=120, find=find_turbot_fish)
REMOTE_PAIR = Technique(key="remote-pair", name="Remote Pair", level=Level.HARD, score=4.2,
                        effort=110, find=find_remote_pair)
