"""The working board of the logic solver: candidate masks plus the digits already placed.

Techniques read it a great deal and change it a little, so it is mutable and keeps, besides
one candidate mask per cell, one *cell set* per digit: an int whose bit ``c`` says that
unplaced cell ``c`` still has that digit. Cell sets make the unit questions techniques ask
("where can 5 go in row 3?") one ``&`` away. The geometry (units, peers, intersections as
cell sets) is computed once per shape (or per variant's rules) and shared.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING

from ..candidates import Candidates
from ..grid import Grid
from ..rules import Rules
from ..shape import Shape

if TYPE_CHECKING:
    from ..sheets import Sheet


def bits(x: int) -> Iterator[int]:
    """The indices of the set bits of ``x``, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


#: the set bits of every mask below 2**12, as tuples: small masks (digits, lines) are
#: iterated all the time, and a table beats a loop there
_SMALL = tuple(tuple(i for i in range(12) if m >> i & 1) for m in range(1 << 12))


def mask_bits(mask: int) -> tuple[int, ...]:
    """The indices of the set bits of a small mask (digits, line indices), lowest first."""
    if mask < 4096:
        return _SMALL[mask]
    return tuple(bits(mask))


def digits_of(mask: int) -> list[int]:
    """The digits (1-based) of a candidate mask, smallest first."""
    return [i + 1 for i in mask_bits(mask)]


class Geometry:
    """Unit and peer tables of one shape, as tuples of cells and as cell sets.

    Built from a variant's :class:`~sudokit.rules.Rules`, the units are all of its houses
    (rows, columns, regions in place of the boxes, then diagonals, windows and groups), the
    peers take in the cells a king's or knight's move away where the rules forbid a repeat,
    and the intersections are those of any two houses that share two cells or more."""

    def __init__(self, shape: Shape, rules: Rules | None = None) -> None:
        n = shape.n
        self.shape = shape
        self.n = n
        self.ncells = shape.ncells
        self.full = shape.full_mask
        #: rows 0..n-1, columns n..2n-1, boxes 2n..3n-1 (the order of Shape.units)
        self.units: tuple[tuple[int, ...], ...] = shape.units
        self.unit_bits: tuple[int, ...] = tuple(sum(1 << c for c in u) for u in self.units)
        self.row_of = tuple(shape.row_of(c) for c in range(self.ncells))
        self.col_of = tuple(shape.col_of(c) for c in range(self.ncells))
        self.box_of = tuple(shape.box_of(c) for c in range(self.ncells))
        #: the three units of each cell: (row, n + column, 2n + box)
        self.cell_units = tuple(
            (self.row_of[c], n + self.col_of[c], 2 * n + self.box_of[c]) for c in range(self.ncells)
        )
        self.peers: tuple[tuple[int, ...], ...] = shape.peers
        self.peer_bits: tuple[int, ...] = tuple(sum(1 << p for p in ps) for ps in self.peers)
        self.unit_names = tuple(
            [f"row {i + 1}" for i in range(n)]
            + [f"column {i + 1}" for i in range(n)]
            + [f"box {i + 1}" for i in range(n)]
        )
        self.cell_names = tuple(shape.cell_name(c) for c in range(self.ncells))
        #: (box unit, line unit, cells they share) for every box and line that cross
        inter = []
        for b in range(2 * n, 3 * n):
            for line in range(2 * n):
                common = self.unit_bits[b] & self.unit_bits[line]
                if common:
                    inter.append((b, line, common))
        self.intersections: tuple[tuple[int, int, int], ...] = tuple(inter)
        #: the rules (the classic ones of the shape unless built from a variant's)
        self.rules = Rules.classic(shape) if rules is None else rules
        self.classic = rules is None
        #: per cell: every house that holds it (the row, column and box on a classic grid)
        self.cell_houses: tuple[tuple[int, ...], ...] = self.cell_units
        #: per cell: the peers that share a house with it, as a cell set (what a placed
        #: digit leaves at once; the cells a rule alone makes peers leave it by a step)
        self.house_peer_bits: tuple[int, ...] = self.peer_bits
        self.house_peers: tuple[tuple[int, ...], ...] = self.peers
        #: per cell: the cells a king's or knight's move away that may not repeat its digit
        self.differ_bits: tuple[int, ...] = ()
        #: per cell: the orthogonal neighbours whose digits may not be consecutive with its
        self.neighbour_bits: tuple[int, ...] = ()
        #: the digits each cell may hold from the start (odd or even cells)
        self.cell_masks: tuple[int, ...] = (self.full,) * self.ncells
        #: the intersections beyond those of the boxes and lines (none on a classic grid)
        self.more_intersections: tuple[tuple[int, int, int], ...] = ()
        if rules is not None:
            self._take_rules(rules)
        lines = tuple((r, n + c) for r, c in zip(self.row_of, self.col_of, strict=True))
        self.take_boxes_and_lines(tuple(range(2 * n, 3 * n)), tuple(range(2 * n)),
                                  tuple(2 * n + b for b in self.box_of), lines)
        #: the overlapping grids whose cells these are (None: one grid)
        self.sheet: Sheet | None = None

    def take_boxes_and_lines(self, box_units: tuple[int, ...], line_units: tuple[int, ...],
                             cell_box: tuple[int, ...],
                             cell_lines: tuple[tuple[int, ...], ...]) -> None:
        """Which units are boxes (or regions) and which are lines (rows and columns), and
        per cell its box and its lines, as unit indices: what the techniques of boxes and
        lines read (on one grid the box units follow the lines, on overlapping grids each
        grid has its own, and a cell of two grids has four lines)."""
        self.box_units = box_units
        self.line_units = line_units
        self.cell_box = cell_box
        self.cell_lines = cell_lines
        boxes = frozenset(box_units)
        #: per unit: is it a box (a hidden single there is the easier one to spot)
        self.unit_is_box = tuple(u in boxes for u in range(len(self.units)))
        others = tuple(u for u in range(len(self.units))
                       if u not in boxes and u not in frozenset(line_units))
        #: the units in the order the singles look at them: boxes, lines, the others
        self.unit_order = box_units + line_units + others
        #: each cell's index by its name
        self.cell_index = {name: c for c, name in enumerate(self.cell_names)}

    def parse_cell(self, name: str) -> int:
        """The index of the cell named ``name`` (as a step names it): KeyError if none."""
        return self.cell_index[name]

    def _take_rules(self, rules: Rules) -> None:
        """Houses, peers, names and intersections of a variant's rules."""
        n = self.n
        self.units = rules.houses
        self.unit_bits = tuple(sum(1 << c for c in u) for u in self.units)
        self.box_of = rules.regions
        self.cell_units = tuple(
            (self.row_of[c], n + self.col_of[c], 2 * n + self.box_of[c])
            for c in range(self.ncells)
        )
        houses: list[list[int]] = [[] for _ in range(self.ncells)]
        for u, unit in enumerate(self.units):
            for c in unit:
                houses[c].append(u)
        self.cell_houses = tuple(tuple(h) for h in houses)
        # a cage's (or a renban line's) digits differ as a house's do: a digit placed in
        # it leaves the others at once, as a solver crosses it off
        grouped = [0] * self.ncells
        for group in rules.distinct_groups:
            cellset = sum(1 << c for c in group)
            for c in group:
                grouped[c] |= cellset
        self.house_peer_bits = tuple(
            (_union(self.unit_bits[u] for u in hs) | grouped[c]) & ~(1 << c)
            for c, hs in enumerate(houses)
        )
        self.house_peers = tuple(tuple(bits(b)) for b in self.house_peer_bits)
        self.peers = rules.peers
        self.peer_bits = tuple(sum(1 << p for p in ps) for ps in self.peers)
        self.differ_bits = _pair_bits(rules.differ, self.ncells)
        self.neighbour_bits = _pair_bits(rules.non_consecutive_pairs, self.ncells)
        self.cell_masks = rules.cell_masks
        region = "region" if rules.is_jigsaw else "box"
        self.unit_names = (
            self.unit_names[: 2 * n]
            + tuple(f"{region} {i + 1}" for i in range(n))
            + tuple(_house_name(name) for name, _ in rules.extra_houses())
        )
        inter = []
        for b in range(2 * n, 3 * n):
            for line in range(2 * n):
                common = self.unit_bits[b] & self.unit_bits[line]
                if common & (common - 1):
                    inter.append((b, line, common))
        self.intersections = tuple(inter)
        self.more_intersections = _more_intersections(self.unit_bits, 3 * n, self.intersections)

    def sees(self, a: int, b: int) -> bool:
        """Do cells ``a`` and ``b`` share a unit (and differ)?"""
        return bool(self.peer_bits[a] >> b & 1)

    def seen_by_all(self, cellset: int) -> int:
        """The cells that see every cell of ``cellset`` (none of them included)."""
        out = -1
        for c in bits(cellset):
            out &= self.peer_bits[c]
            if not out:
                return 0
        return out & ~cellset if out != -1 else 0

    def names(self, cellset: int) -> list[str]:
        """r1c1 names of a cell set, in reading order."""
        return [self.cell_names[c] for c in bits(cellset)]

    def common_units(self, cellset: int) -> list[int]:
        """The units that hold every cell of ``cellset``."""
        return [u for u, ub in enumerate(self.unit_bits) if cellset & ub == cellset]


@lru_cache(maxsize=16)
def geometry(shape: Shape) -> Geometry:
    """The (shared, immutable) tables of ``shape``."""
    return Geometry(shape)


@lru_cache(maxsize=32)
def _variant_geometry(rules: Rules) -> Geometry:
    return Geometry(rules.shape, rules)


def geometry_of(rules: Rules) -> Geometry:
    """The (shared, immutable) tables of ``rules``: those of the shape for classic rules."""
    if rules.is_classic:
        return geometry(rules.shape)
    return _variant_geometry(rules)


def _union(cellsets: Iterator[int]) -> int:
    out = 0
    for x in cellsets:
        out |= x
    return out


def _pair_bits(pairs: tuple[tuple[int, int], ...], ncells: int) -> tuple[int, ...]:
    """Per cell, the cells it is paired with, as cell sets (() when there are no pairs)."""
    if not pairs:
        return ()
    out = [0] * ncells
    for a, b in pairs:
        out[a] |= 1 << b
        out[b] |= 1 << a
    return tuple(out)


#: The names of the extra houses as steps say them (``Rules.extra_houses`` names others
#: as they are: windows).
_HOUSE_NAMES = {"the main diagonal": "diagonal 1", "the anti-diagonal": "diagonal 2",
                "the centre-dot group": "the centre-dot group"}


def _house_name(name: str) -> str:
    """A step's name for an extra house: "diagonal 1", "window 3", "group 2"."""
    if name in _HOUSE_NAMES:
        return _HOUSE_NAMES[name]
    return name.removeprefix("disjoint ")


def _more_intersections(unit_bits: tuple[int, ...], first_extra: int,
                        known: tuple[tuple[int, int, int], ...]
                        ) -> tuple[tuple[int, int, int], ...]:
    """(house, house, cells they share) for every two houses, one of them beyond the rows,
    columns and regions, that share two cells or more and whose shared cells are not
    already an intersection of ``known``."""
    seen = {common for _, _, common in known}
    out = []
    for b in range(first_extra, len(unit_bits)):
        for a in range(b):
            common = unit_bits[a] & unit_bits[b]
            if common & (common - 1) and common != unit_bits[a] and common not in seen:
                seen.add(common)
                out.append((a, b, common))
    return tuple(out)


class Contradiction(Exception):
    """The board has no solution: a cell lost its last candidate, or a unit a digit's last
    place. Raised only by the forcing-chain propagation, which expects it."""


class Board:
    """A mutable candidate board: ``masks[c]`` the candidates of cell c, ``values[c]`` its
    placed digit (0 while unplaced), ``dcells[d - 1]`` the unplaced cells where d is possible.

    ``solutions`` is how many solutions the puzzle has, counted to two (None: not counted),
    ``solution`` one of them; ``unique`` (exactly one) is what uniqueness techniques need.
    ``givens`` (a cell bit set) are the cells whose digit was given rather than found: the
    cells placed when the board was made (the puzzle's clues when it is made from a grid).
    """

    __slots__ = (
        "geo",
        "masks",
        "values",
        "dcells",
        "unsolved",
        "solutions",
        "solution",
        "givens",
        "memo",
        "version",
        "_derived",
        "_derived_version",
    )

    def __init__(self, geo: Geometry, masks: list[int], values: list[int]) -> None:
        self.geo = geo
        self.masks = masks
        self.values = values
        self.solutions: int | None = None
        #: one solution, when known (the brute-force step places its digits)
        self.solution: tuple[int, ...] | None = None
        dcells = [0] * geo.n
        unsolved = 0
        givens = 0
        for c, m in enumerate(masks):
            if values[c]:
                givens |= 1 << c
                continue
            unsolved |= 1 << c
            while m:
                low = m & -m
                dcells[low.bit_length() - 1] |= 1 << c
                m ^= low
        self.dcells = dcells
        self.unsolved = unsolved
        self.givens = givens
        #: what techniques learnt from a failed search, keyed by what it depended on (e.g.
        #: "no finned X-Wing on digit 5 with these 5-cells"): a pure cache, so copies share it
        self.memo: dict[object, object] = {}
        #: bumped by every change; what is derived from the board is kept for one version
        self.version = 0
        self._derived: dict[object, object] = {}
        self._derived_version = 0

    # -- construction ---------------------------------------------------------------
    @classmethod
    def from_grid(cls, grid: Grid) -> Board:
        """Givens placed, every blank holding the digits its peers do not hold."""
        return cls.from_cells(geometry_of(grid.rules), grid.cells)

    @classmethod
    def from_cells(cls, geo: Geometry, cells: tuple[int, ...]) -> Board:
        """The board of the digits ``cells`` (0 blank, one per cell of ``geo``): each digit
        placed, every blank holding the digits that the cells sharing a house with it do not
        hold (and that its rules allow)."""
        full = geo.full
        masks = []
        # a variant's cells start from the digits their rules allow (odd or even cells);
        # a placed digit leaves the cells that share a house with it here, and the other
        # cells its rules keep it from by a step that says which rule
        start = geo.cell_masks
        peers = geo.house_peers
        for c, v in enumerate(cells):
            if v:
                masks.append(1 << (v - 1))
                continue
            m = full & start[c]
            for p in peers[c]:
                pv = cells[p]
                if pv:
                    m &= ~(1 << (pv - 1))
            masks.append(m)
        return cls(geo, masks, list(cells))

    @classmethod
    def from_candidates(cls, board: Candidates) -> Board:
        """A pencilmark board: a cell counts as placed when it has one candidate and no
        peer still holds that digit; any other single-candidate cell is a naked single."""
        geo = geometry(board.shape)
        masks = list(board.masks)
        values = [0] * geo.ncells
        for c, m in enumerate(masks):
            if m and not m & (m - 1) and not any(masks[p] & m for p in geo.peers[c]):
                values[c] = m.bit_length()
        return cls(geo, masks, values)

    @classmethod
    def of_state(cls, geo: Geometry, masks: list[int], values: list[int], dcells: list[int],
                 unsolved: int) -> Board:
        """A board in a state worked out elsewhere, each part as a board keeps it (what
        :meth:`take` takes), without deriving the digits' cell sets again."""
        board = cls.__new__(cls)
        board.geo = geo
        board.masks = masks
        board.values = values
        board.dcells = dcells
        board.unsolved = unsolved
        board.givens = ((1 << geo.ncells) - 1) & ~unsolved
        board.solutions = None
        board.solution = None
        board.memo = {}
        board.version = 0
        board._derived = {}
        board._derived_version = 0
        return board

    def copy(self) -> Board:
        """An independent board in the same state (sharing only the memo, a pure cache)."""
        other = Board.__new__(Board)
        other.geo = self.geo
        other.masks = self.masks.copy()
        other.values = self.values.copy()
        other.dcells = self.dcells.copy()
        other.unsolved = self.unsolved
        other.solutions = self.solutions
        other.solution = self.solution
        other.givens = self.givens
        other.memo = self.memo
        other.version = 0
        other._derived = {}
        other._derived_version = 0
        return other

    # -- reading --------------------------------------------------------------------
    @property
    def unique(self) -> bool:
        """Is the puzzle known to have exactly one solution?"""
        return self.solutions == 1

    def is_solved(self) -> bool:
        """Is every cell placed?"""
        return not self.unsolved

    def to_candidates(self) -> Candidates:
        """The board as an immutable Candidates value."""
        return Candidates.unchecked(tuple(self.masks), self.geo.shape)

    def to_grid(self) -> Grid:
        """The placed digits (blanks elsewhere)."""
        return Grid.unchecked(tuple(self.values), self.geo.shape)

    def has(self, cell: int, digit: int) -> bool:
        """Is ``digit`` still a candidate of ``cell``?"""
        return bool(self.masks[cell] >> (digit - 1) & 1)

    def unit_cells(self, unit: int, digit: int) -> int:
        """Where ``digit`` can still go in ``unit``, as a cell set."""
        return self.dcells[digit - 1] & self.geo.unit_bits[unit]

    def derived(self, key: object) -> object | None:
        """What was derived from this very board under ``key`` (None if nothing yet)."""
        if self._derived_version != self.version:
            self._derived.clear()
            self._derived_version = self.version
            return None
        return self._derived.get(key)

    def keep(self, key: object, value: object) -> None:
        """Keep ``value``, derived from the board as it is now, under ``key``."""
        if self._derived_version != self.version:
            self._derived.clear()
            self._derived_version = self.version
        self._derived[key] = value

    def bivalue_cells(self) -> int:
        """The unplaced cells with exactly two candidates, as a cell set."""
        found = self.derived("bivalue")
        if found is None:
            found = self.wider_than(1) & ~self.wider_than(2)
            self.keep("bivalue", found)
        return found  # type: ignore[return-value]

    def crowded_cells(self) -> tuple[int, int]:
        """(the unplaced cells with some candidate, those with two or more), as cell sets:
        worked out from the digits' cell sets, nine unions instead of a look at every cell."""
        some = 0
        several = 0
        for dc in self.dcells:
            several |= some & dc
            some |= dc
        return some, several

    def wider_than(self, k: int) -> int:
        """The unplaced cells with more than ``k`` candidates, as a cell set (kept for the
        board state; counted over the digits' cell sets, for k up to 4 at once)."""
        found: list[int] | None = self.derived("wider-than")  # type: ignore[assignment]
        if found is None or k >= len(found):
            # found[j]: the cells with more than j candidates among the digits so far
            found = [0] * max(5, k + 1)
            top = len(found) - 1
            for dc in self.dcells:
                for j in range(top, 0, -1):
                    found[j] |= found[j - 1] & dc
                found[0] |= dc
            self.keep("wider-than", found)
        return found[k]

    def snapshot(self) -> tuple[tuple[int, ...], int]:
        """The board's candidates and unplaced cells now, for :meth:`changed_since` (one
        object per board state, so that techniques that found nothing on the same state
        share what changed since)."""
        found = self.derived("snapshot")
        if found is None:
            found = (tuple(self.masks), self.unsolved)
            self.keep("snapshot", found)
        return found  # type: ignore[return-value]

    def changed_since(self, snapshot: object) -> int:
        """The cells whose candidates or placed state differ from ``snapshot`` (a
        :meth:`snapshot` of this board or of one it was copied from), or -1 (every cell)
        when there is none or some cell has gained a candidate since.

        A technique that found nothing on the snapshot's board need look again only where
        something changed (and, where it reasons from candidates being gone, knows the
        board has only lost candidates since)."""
        if snapshot is None:
            return -1
        # worked out once per board state and snapshot (the list keeps each snapshot alive,
        # so ``is`` cannot mistake a new object for a freed one)
        known: list[tuple[object, int]] | None = self.derived(  # type: ignore[assignment]
            "changed-since"
        )
        if known is not None:
            for seen, changed in known:
                if seen is snapshot:
                    return changed
        changed = self._changed_since(snapshot)
        if known is None:
            known = []
            self.keep("changed-since", known)
        known.append((snapshot, changed))
        return changed

    def _changed_since(self, snapshot: object) -> int:
        last: tuple[tuple[int, ...], int] = snapshot  # type: ignore[assignment]
        old_masks, old_unsolved = last
        unsolved = self.unsolved
        if unsolved & ~old_unsolved:
            return -1
        changed = old_unsolved & ~unsolved
        masks = self.masks
        # the cells whose mask differs, found by C-level iterators (most cells are the same,
        # and a loop over them costs three times as much)
        for c in compress(range(len(masks)), map(ne, masks, old_masks)):
            if unsolved >> c & 1:
                if masks[c] & ~old_masks[c]:
                    return -1
                changed |= 1 << c
        return changed

    # -- changing -------------------------------------------------------------------
    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell`` and rule it out of the cell's peers."""
        self.version += 1
        bit = 1 << (digit - 1)
        cellbit = 1 << cell
        m = self.masks[cell]
        dcells = self.dcells
        while m:
            low = m & -m
            dcells[low.bit_length() - 1] &= ~cellbit
            m ^= low
        self.masks[cell] = bit
        self.values[cell] = digit
        self.unsolved &= ~cellbit
        d = digit - 1
        hit = dcells[d] & self.geo.house_peer_bits[cell]
        if hit:
            dcells[d] &= ~hit
            masks = self.masks
            nbit = ~bit
            while hit:
                low = hit & -hit
                p = low.bit_length() - 1
                masks[p] &= nbit
                hit ^= low

    def take(self, masks: list[int], values: list[int], dcells: list[int],
             unsolved: int) -> None:
        """Take at once the state that placements and eliminations made elsewhere end in
        (each part as this board keeps it): what was derived from the board is stale."""
        self.version += 1
        self.masks[:] = masks
        self.values[:] = values
        self.dcells[:] = dcells
        self.unsolved = unsolved

    def eliminate(self, cell: int, digit: int) -> None:
        """Rule ``digit`` out of unplaced ``cell``."""
        self.version += 1
        self.masks[cell] &= ~(1 << (digit - 1))
        self.dcells[digit - 1] &= ~(1 << cell)

    def eliminate_set(self, cellset: int, digit: int) -> None:
        """Rule ``digit`` out of every cell of ``cellset``."""
        hit = self.dcells[digit - 1] & cellset
        if not hit:
            return
        self.version += 1
        self.dcells[digit - 1] &= ~hit
        nbit = ~(1 << (digit - 1))
        masks = self.masks
        while hit:
            low = hit & -hit
            masks[low.bit_length() - 1] &= nbit
            hit ^= low
