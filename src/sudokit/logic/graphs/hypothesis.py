"""What follows from an assumption: the propagation engine of the nested forcing chains.

A :class:`Hypothesis` is a copy of the candidate board on which one or more candidates have
been assumed true. :meth:`Hypothesis.settle` draws the consequences at a *level*:

- level 0: naked and hidden singles (a dynamic forcing chain);
- level 1: also locked candidates and naked and hidden pairs, the basic eliminations a
  person makes on the way (Sudoku Explainer's "(+)");
- level k >= 2: also every deduction that the forcing chains of level k - 2 find *inside*
  the assumption (a nested forcing chain), until nothing more follows.

Any of these that empties a cell or leaves a unit without a place for a digit raises
:class:`~sudokit.logic.board.Contradiction`: the assumption is then false.

:func:`deductions` is the search itself, shared by the top level (the techniques in
:mod:`.nested_chains`) and the nested levels: assume each candidate in turn; an assumption that
leads to a contradiction is false; when every candidate of a cell, or every place of a digit in a
unit, leads to the same placement or elimination, that one holds.

A hypothesis made with ``track=True`` settles as Sudoku Explainer does: its levels 2 and 3 use
static forcing chains inside the assumption (single ones, then also cell and unit ones,
:mod:`.static_links`), its level k >= 4 the dynamic forcing chains of level k - 4. It also records
where each of its deductions comes from: every placement and elimination keeps its *ancestors* (the
assumption, and each deduction it rests on), as a set of bits (placements, eliminations, and one
bit for each inner chain a nested deduction rests on). A contradiction, or a cell or unit whose
branches agree, is then as long as the ancestors of its conclusions, no more: what the assumption
drew on the way and the conclusion does not need counts for nothing, and a nested deduction counts
its inner chain once, with the inner chain's own length.

Everything here is sound on any puzzle: nothing is assumed about the number of solutions.
"""

from __future__ import annotations

import time

from ..board import Board, Contradiction, Geometry, bits
from . import basic9, sweep9, tracked
from .agreement import Settled, agree, shortest
from .ancestry import Ancestry
from .deduction import Deduction, OutOfTime, placed_units
from .static_links import Links, multiple_chains, single_chains


class Hypothesis(Ancestry):
    """A candidate board with assumptions on it: masks, the cells of each digit, the digits
    placed in each unit, the unplaced cells, and how many deductions were drawn so far."""

    __slots__ = ("geo", "masks", "dcells", "placed_in", "unsolved", "count", "source", "on_anc",
                 "off_anc", "chains", "clash", "last")

    def __init__(
        self,
        geo: Geometry,
        masks: list[int],
        dcells: list[int],
        placed_in: list[int],
        unsolved: int,
        count: int = 0,
        source: list[int] | None = None,
        chains: list[int] | None = None,
    ) -> None:
        self.geo = geo
        self.masks = masks
        self.dcells = dcells
        self.placed_in = placed_in
        self.unsolved = unsolved
        self.count = count
        #: the candidates of the board the search started from (when tracking ancestors)
        self.source = source
        #: each placement's and elimination's ancestors, by potential (a placement's include
        #: itself, an elimination's may leave itself out); what is missing was there before
        #: this layer began
        self.on_anc: dict[int, int] | None = None if source is None else {}
        self.off_anc: dict[int, int] | None = None if source is None else {}
        #: the length of each inner chain an ancestor set may hold (shared by every layer)
        self.chains: list[int] = [] if chains is None else chains
        #: the ancestors of the two deductions that contradicted each other, when one did
        self.clash: tuple[int, int] = (0, 0)
        #: the last static search's count (each change counts one), links and single chains
        self.last: tuple[int, Links, list[tuple[bool, int, int, list[int]]]] | None = None

    @classmethod
    def of(cls, board: Board, track: bool = False) -> Hypothesis:
        """The board as it is, with nothing assumed yet (``track``: record each deduction's
        ancestors)."""
        return cls(board.geo, board.masks.copy(), board.dcells.copy(),
                   placed_units(board).copy(), board.unsolved,
                   source=board.masks if track else None)

    def copy(self) -> Hypothesis:
        """An independent copy (its deduction count starts again at 0; when tracking, a new
        layer: what was deduced before it is where its ancestors stop)."""
        return Hypothesis(
            self.geo, self.masks.copy(), self.dcells.copy(), self.placed_in.copy(), self.unsolved,
            source=self.source, chains=self.chains,
        )

    # -- single changes ---------------------------------------------------------------
    def singles(self, queue: list[tuple[int, int]],
                placed: list[tuple[int, int]] | None = None, inline: bool = True) -> None:
        """Place every (cell, digit index) of ``queue`` and follow naked and hidden singles until
        nothing more follows (a placed digit leaves its peers, and under non-consecutive rules the
        digits next to it leave its neighbours); each placement, as (cell, digit), goes to
        ``placed`` when given (in the order they are made, up to a contradiction). ``inline``:
        tracked, by :mod:`.tracked` where it applies."""
        geo = self.geo
        if inline and self.source is not None and not geo.neighbour_bits:
            return tracked.singles(self, queue, placed)
        masks = self.masks
        dcells = self.dcells
        placed_in = self.placed_in
        # every house of the cell learns the digit placed there (on overlapping grids a
        # cell has more houses than the three its checks look at)
        cell_houses = geo.cell_houses
        peer_bits = geo.peer_bits
        names = geo.cell_names
        near = geo.neighbour_bits  # non-consecutive neighbours (none on most rules)
        track = self.source is not None
        cell_units = geo.cell_units
        unit_bits = geo.unit_bits
        n = geo.n
        big = len(masks) * n
        off_anc = self.off_anc
        on = 0
        while queue:
            cell, d0 = queue.pop()
            bit = 1 << d0
            cellbit = 1 << cell
            if not self.unsolved & cellbit:
                if masks[cell] != bit:
                    if track:
                        other = masks[cell].bit_length() - 1
                        self.clash = (self.placed_ancestors(cell, d0),
                                      self.on_ancestors(cell, other) | self.off_bit(cell, d0))
                    raise Contradiction(f"{names[cell]} would be two digits")
                continue
            if not masks[cell] & bit:
                if track:
                    self.clash = (self.placed_ancestors(cell, d0), self.off_ancestors(cell, d0))
                raise Contradiction(f"{names[cell]} would be {d0 + 1}, which it cannot be")
            if track:
                on = self.placed_ancestors(cell, d0)
            self.unsolved &= ~cellbit
            self.count += 1
            if placed is not None:
                placed.append((cell, d0 + 1))
            rest = masks[cell] & ~bit
            masks[cell] = bit
            dcells[d0] &= ~cellbit
            for u in cell_houses[cell]:
                placed_in[u] |= bit
            while rest:
                low = rest & -rest
                e0 = low.bit_length() - 1
                rest ^= low
                dcells[e0] &= ~cellbit
                if track:
                    i = big + cell * n + e0
                    off_anc[i] = on  # type: ignore[index]
                dc = dcells[e0]
                for u in cell_units[cell]:
                    if placed_in[u] >> e0 & 1:
                        continue
                    x = dc & unit_bits[u]
                    if not x:
                        raise self.empty_unit(u, cell, e0)
                    if not x & (x - 1):
                        queue.append((x.bit_length() - 1, e0))
            hit = dcells[d0] & peer_bits[cell]
            if hit:
                dcells[d0] &= ~hit
                dc = dcells[d0]
                nbit = ~bit
                off = 0
                while hit:
                    low = hit & -hit
                    p = low.bit_length() - 1
                    hit ^= low
                    m = masks[p] & nbit
                    masks[p] = m
                    if track:
                        i = big + p * n + d0
                        off = on | 1 << i
                        off_anc[i] = on  # type: ignore[index]
                    if not m:
                        raise self.empty_cell(p, d0, off)
                    if not m & (m - 1):
                        queue.append((p, m.bit_length() - 1))
                    for u in cell_units[p]:
                        if placed_in[u] >> d0 & 1:
                            continue
                        x = dc & unit_bits[u]
                        if not x:
                            raise self.empty_unit(u, p, d0)
                        if not x & (x - 1):
                            queue.append((x.bit_length() - 1, d0))
            if near:  # its neighbours lose the digits next to it
                for p in bits(near[cell] & self.unsolved):
                    if d0:
                        self.drop(p, d0 - 1, queue, on)
                    if d0 + 1 < geo.n:
                        self.drop(p, d0 + 1, queue, on)

    def drop(self, cell: int, d0: int, queue: list[tuple[int, int]], anc: int = 0) -> None:
        """Rule digit index ``d0`` out of ``cell`` (new singles go to ``queue``; ``anc``:
        the ancestors of the elimination, when tracking)."""
        bit = 1 << d0
        m = self.masks[cell]
        if not m & bit:
            return
        off = 0 if self.source is None else self._markoff_ancestors(cell, d0, anc)
        if not self.unsolved >> cell & 1:
            if self.source is not None:
                self.clash = (self.on_ancestors(cell, d0), off)
            raise Contradiction(f"{self.geo.cell_names[cell]} would lose its digit {d0 + 1}")
        m &= ~bit
        self.masks[cell] = m
        self.dcells[d0] &= ~(1 << cell)
        self.count += 1
        if not m:
            raise self.empty_cell(cell, d0, off)
        if not m & (m - 1):
            queue.append((cell, m.bit_length() - 1))
        dc = self.dcells[d0]  # a unit of the cell left with one place: a hidden single
        for u in self.geo.cell_units[cell]:
            if self.placed_in[u] >> d0 & 1:
                continue
            x = dc & self.geo.unit_bits[u]
            if not x:
                raise self.empty_unit(u, cell, d0)
            if not x & (x - 1):
                queue.append((x.bit_length() - 1, d0))

    # -- the basic eliminations of level 1 ---------------------------------------------
    def basic(self, typed: bool | None = None) -> bool:
        """Make the first locked-candidates or pair elimination found; was there one?
        ``typed``: found by :mod:`.basic9` where the board fits it (None: where compiled)."""
        queue: list[tuple[int, int]] = []
        use = basic9.COMPILED if typed is None else typed
        searches = basic9.searches(self.geo) if use else None
        if self._locked(queue, searches) or self._pairs(queue, searches):
            self.singles(queue)
            return True
        return False

    def _locked(self, queue: list[tuple[int, int]], typed: basic9.Basic9 | None) -> bool:
        geo = self.geo
        dcells = self.dcells
        unit_bits = geo.unit_bits
        if typed is not None:  # where it is: the same as the loop below finds first
            k = typed.locked(dcells)
            if k < 0:
                return False
            places = [geo.intersections[k // 9]]
            digits = range(k % 9, k % 9 + 1)
        else:
            places = geo.intersections  # type: ignore[assignment]
            digits = range(geo.n)
        for box, line, common in places:
            for d0 in digits:
                x = dcells[d0]
                inbox = x & unit_bits[box]
                inline = x & unit_bits[line]
                if not inbox & common:
                    continue
                gone = 0
                if not inbox & ~common:
                    gone = inline & ~common
                    why = box
                elif not inline & ~common:
                    gone = inbox & ~common
                    why = line
                if gone:
                    # it rests on the digit's places gone from the unit it is locked in
                    anc = 0 if self.source is None else self.unit_cause(why, -1, d0)
                    for c in bits(gone):
                        self.drop(c, d0, queue, anc)
                    return True
        return False

    def _pairs(self, queue: list[tuple[int, int]], typed: basic9.Basic9 | None) -> bool:
        if typed is not None:  # where it is: the same as the loop below finds first
            k = typed.pair(self.masks, self.dcells, self.unsolved)
            if k < 0:
                return False
            k, b = divmod(k, 81)
            k, a = divmod(k, 81)
            u, hidden = divmod(k, 2)
            if hidden:
                return self._hidden_pair(u, a, b, queue)
            return self._naked_pair(u, a, b, queue)
        masks = self.masks
        dcells = self.dcells
        for u, ub in enumerate(self.geo.unit_bits):
            # naked pair: two cells of the unit with the same two candidates
            seen: dict[int, int] = {}
            for c in bits(ub & self.unsolved):
                m = masks[c]
                if (m & (m - 1)).bit_count() != 1:
                    continue
                other = seen.get(m)
                if other is None:
                    seen[m] = c
                elif self._naked_pair(u, other, c, queue):
                    return True
            # hidden pair: two digits of the unit with the same two places
            places: dict[int, int] = {}
            for d0 in range(self.geo.n):
                x = dcells[d0] & ub
                if x.bit_count() != 2:
                    continue
                e0 = places.get(x)
                if e0 is None:
                    places[x] = d0
                elif self._hidden_pair(u, e0, d0, queue):
                    return True
        return False

    def _naked_pair(self, u: int, other: int, c: int, queue: list[tuple[int, int]]) -> bool:
        """Cells ``other`` and ``c`` of unit ``u`` have the same two candidates: the unit's
        other cells lose them (did any?)."""
        rest = self.geo.unit_bits[u] & self.unsolved & ~(1 << c | 1 << other)
        changed = False
        anc = 0
        if self.source is not None:  # the two cells' other candidates gone
            anc = self.cell_cause(c, -1) | self.cell_cause(other, -1)
        for d0 in bits(self.masks[c]):
            for p in bits(self.dcells[d0] & rest):
                self.drop(p, d0, queue, anc)
                changed = True
        return changed

    def _hidden_pair(self, u: int, e0: int, d0: int, queue: list[tuple[int, int]]) -> bool:
        """Digit indices ``e0`` and ``d0`` have the same two places in unit ``u``: those
        lose their other digits (did any?)."""
        keep = 1 << d0 | 1 << e0
        changed = False
        anc = 0
        if self.source is not None:  # the two digits' other places gone
            anc = self.unit_cause(u, -1, d0) | self.unit_cause(u, -1, e0)
        for c in bits(self.dcells[d0] & self.geo.unit_bits[u]):
            for f0 in bits(self.masks[c] & ~keep):
                self.drop(c, f0, queue, anc)
                changed = True
        return changed

    # -- settling -------------------------------------------------------------------
    def settle(self, level: int, deadline: float | None = None) -> None:
        """Draw every consequence at ``level`` (see the module's docstring)."""
        while True:
            if level >= 1 and self.basic():
                continue
            if level >= 2:
                if self.source is None:
                    found = deductions(self, level - 2, deadline, every=True)
                else:  # Sudoku Explainer's levels: static inner chains, then dynamic ones
                    found = self.static(level) if level < 4 else \
                        deductions(self, level - 4, deadline, every=True)
                if found is not None:
                    self.apply(found)
                    # untracked, a nested chain is as long as what it follows, inner chains
                    # included, each of them whole: every branch and contradiction
                    self.count += found.total
                    continue
            return

    def static(self, level: int) -> Deduction | None:
        """Every static single forcing chain on the board as it stands, else (level 3) every
        static cell and unit forcing chain: Sudoku Explainer's inner chains of levels 2-3
        (see :mod:`.static_links`); those that rest on nothing assumed are left out."""
        last = self.last
        if last is None or last[0] != self.count:  # not the board the last search was on
            links = Links(self.geo, self.masks, self.dcells, self.unsolved,
                          self.masks if self.source is None else self.source)
            last = self.last = (self.count, links, single_chains(links))
        _, links, singles = last
        outer = self.outer()
        for search in (single_chains, multiple_chains)[:level - 1]:
            made: dict[bool, list[tuple[int, int]]] = {True: [], False: []}
            why: dict[bool, list[tuple[int, int]]] = {True: [], False: []}
            for placed, c, d0, ancs in singles if search is single_chains else search(links):
                parents = 0
                for a in ancs:
                    parents |= a
                if outer and not parents & outer:
                    continue
                made[placed].append((c, d0))
                why[placed].append((parents & outer, self.length(ancs, outer)))
            if made[True] or made[False]:
                return Deduction("static", made[True], made[False], [], 0,
                                 why=why[False] + why[True])
        return None

    def apply(self, found: Deduction) -> None:
        """Make a deduction's placements and eliminations, and follow the singles (when
        tracking, each rests on what its inner chain used and on the inner chain itself)."""
        queue: list[tuple[int, int]] = []
        track = self.source is not None and len(found.why) == len(found.elim) + len(found.place)
        for k, (c, d0) in enumerate(found.elim):
            self.drop(c, d0, queue, self.rule_ancestors(*found.why[k]) if track else 0)
        for k, (c, d0) in enumerate(found.place):
            if track:
                i = c * self.geo.n + d0
                self.on_anc[i] = self.rule_ancestors(*found.why[len(found.elim) + k]) | 1 << i  # type: ignore[index]
            queue.append((c, d0))
        self.singles(queue)


def deductions(
    root: Hypothesis, level: int, deadline: float | None = None, every: bool = False,
    least: bool = False, settled: dict[tuple[int, int], Hypothesis] | None = None,
) -> Deduction | None:
    """Assume each candidate of ``root`` in turn and settle it at ``level``: the contradiction
    reached in the fewest deductions (with ``every``, all contradictions of the sweep together),
    else the first cell or unit whose branches all agree on something, else None; with ``least``,
    the shortest of all of them, as Sudoku Explainer takes a step (the whole sweep). When tracking,
    a deduction inside an assumption (``root`` is one) that rests on nothing the assumption drew is
    left out: it holds without it. ``settled``: the assumptions a sweep of ``level - 1`` settled,
    settled further from there (see :func:`continues`), and replaced by this sweep's."""
    geo = root.geo
    masks = root.masks
    track = root.source is not None
    outer = root.outer()
    order = sorted(bits(root.unsolved), key=lambda c: (masks[c].bit_count(), c))
    fast = sweep9.sweep(root) if level == 0 and settled is None else None
    outcomes: dict[tuple[int, int], Settled] = {}
    false: list[tuple[int, int]] = []
    why: list[tuple[int, int]] = []
    longest = 0
    total = 0
    reason = ""
    easiest: Deduction | None = None
    for cell in order:
        if deadline is not None and time.monotonic() > deadline:
            raise OutOfTime
        for d0 in bits(masks[cell]):
            went_on = None if settled is None else settled.pop((cell, d0), None)
            h: Hypothesis | sweep9.Branch = fast.branch(cell, d0) if fast is not None else \
                root.copy() if went_on is None else went_on  # the same singles typed, or plain
            try:
                if not isinstance(h, Hypothesis):
                    h.check()
                elif went_on is None:
                    h.singles([(cell, d0)])
                if level and isinstance(h, Hypothesis):
                    h.settle(level, deadline)
            except Contradiction as e:
                length = h.count
                parents = 0
                if track:
                    a, b = h.clash
                    length = root.length([a, b], outer)
                    parents = (a | b) & outer
                    if outer and not parents:
                        continue
                if not every:
                    # the shortest contradiction of the sweep (the easiest to follow) on the
                    # levels that are quick to sweep; the first one found on deeper levels
                    if easiest is None or length - 2 * track < easiest.length:
                        easiest = Deduction("contradiction", [], [(cell, d0)], [(cell, d0)],
                                            length - 2 * track, str(e),
                                            why=[(parents, length)] if track else None)
                    if not least and (level >= 2 or easiest.length <= 8):
                        # short enough: a longer sweep would gain 0.2 at most, for its cost
                        return easiest
                    continue
                false.append((cell, d0))
                why.append((parents, length))
                longest = max(longest, length)
                total += length
                reason = str(e)
                continue
            outcomes[(cell, d0)] = h
            if settled is not None and continues(level + 1) and isinstance(h, Hypothesis):
                settled[(cell, d0)] = h
            elif h.last is not None:
                h.last = None  # no deeper level goes on from it: its links can go
    if least:
        return shortest(root, order, outcomes, outer, easiest)
    if easiest is not None:
        return easiest
    if false:
        return Deduction("contradiction", [], false, list(false), longest, reason, total=total,
                         why=why if track else None)
    for cell in order:
        found = agree(root, [(cell, d0) for d0 in bits(masks[cell])], outcomes, "cell", -1,
                       outer)
        if found is not None:
            return found
    for u, ub in enumerate(geo.unit_bits):
        for d0 in range(geo.n):
            x = root.dcells[d0] & ub
            if x.bit_count() < 2:
                continue
            found = agree(root, [(c, d0) for c in bits(x)], outcomes, "unit", u, outer)
            if found is not None:
                return found
    return None


def continues(level: int) -> bool:
    """Does a tracked hypothesis draw at ``level``, first, all it draws at ``level - 1``? Levels
    1-3 each add a later search; level 4 follows dynamic chains instead of static ones."""
    return 1 <= level <= 3
