"""Static forcing chains inside an assumption: what the nested chains of Sudoku Explainer's
levels 2 and 3 may use.

A static chain follows the links of the board as it stands when the search begins, and
changes nothing on the way: a candidate made true removes the other candidates of its cell
and its digit from the cell's peers; a candidate made false makes the other one true where
its cell has two candidates, or its digit two places in a unit. Two searches are made of
these links:

- :func:`single_chains` (level 2): a candidate whose assumption comes back as its own denial
  is false; one whose denial comes back as itself is true (X-, Y- and XY-forcing chains);
- :func:`multiple_chains` (level 3): what every candidate of a cell of three or more, or
  every place of a digit in a unit, makes true or false (cell and unit forcing chains).

Each conclusion comes with its *ancestors* in every branch, as bits (``on``: cell * n +
digit index, ``off``: cells * n + that), the candidates gone before the search began (what
made a cell bivalue or a unit bilocal) among them, so that the chain that uses it knows what
the conclusion rests on and how long it is.
"""

from __future__ import annotations

from ..board import Geometry, bits
from . import static9


class Links:
    """The board of a search, as it stands: masks, the cells of each digit, the unplaced
    cells, and the candidates each cell and unit lost since ``source``."""

    __slots__ = ("geo", "masks", "dcells", "unsolved", "source", "n", "big", "_reached", "_edges",
                 "_gone", "_core")

    def __init__(self, geo: Geometry, masks: list[int], dcells: list[int], unsolved: int,
                 source: list[int]) -> None:
        self.geo = geo
        self.masks = masks
        self.dcells = dcells
        self.unsolved = unsolved
        self.source = source
        self.n = geo.n
        self.big = len(masks) * geo.n
        self._reached: list[int] | None = None
        self._edges: list[list[int]] | None = None
        #: the eliminations behind each cell's and each unit's digit's places, once found
        self._gone: dict[int, int] = {}
        self._core: static9.Core | None | bool = None

    def core(self) -> static9.Core | None:
        """The searches' typed core for this board (see :mod:`.static9`), where it is
        compiled and takes the board (81 cells, nine digits); else None."""
        got = self._core
        if got is None:
            got = False
            if static9.COMPILED and static9.tables(self.geo) is not None:
                got = static9.Core(self.geo, self.masks, self.dcells, self.unsolved,
                                   self.source)
            self._core = got
        return got if isinstance(got, static9.Core) else None

    def gone_in_cell(self, cell: int) -> int:
        """The eliminations (as bits) that left ``cell`` with the candidates it has."""
        got = self._gone.get(-1 - cell)
        if got is not None:
            return got
        # each digit gone, as its own bit
        out = (self.source[cell] & ~self.masks[cell]) << (self.big + cell * self.n)
        self._gone[-1 - cell] = out
        return out

    def gone_in_unit(self, u: int, d0: int) -> int:
        """The eliminations (as bits) that left digit index ``d0`` its places in unit ``u``."""
        key = u * self.n + d0
        got = self._gone.get(key)
        if got is not None:
            return got
        out = 0
        for c in bits(self.geo.unit_bits[u] & ~self.dcells[d0]):
            if self.source[c] >> d0 & 1 and self.masks[c] != 1 << d0:
                out |= 1 << (self.big + c * self.n + d0)
        self._gone[key] = out
        return out

    def follow(self, on: dict[int, int], off: dict[int, int], goal: int = -1) -> int | None:
        """Follow the links from the potentials of ``on`` and ``off`` (index: ancestors,
        itself included), filling both; stop at ``goal`` (a potential's index, its
        ancestors returned) or at a potential made both true and false (None)."""
        geo = self.geo
        n = self.n
        big = self.big
        masks = self.masks
        dcells = self.dcells
        table = self.table()
        pending_on = list(on)
        pending_off = list(off)
        head_on = head_off = 0
        while head_on < len(pending_on) or head_off < len(pending_off):
            if head_on < len(pending_on):
                i = pending_on[head_on]
                head_on += 1
                anc = on[i]
                for j in table[i]:  # the potentials made false, as off indices
                    if j in off:
                        continue
                    off[j] = anc | 1 << j
                    if j == goal:
                        return off[j]
                    if j - big in on:
                        return None
                    pending_off.append(j)
                continue
            j = pending_off[head_off]
            head_off += 1
            anc = off[j]
            c, d0 = divmod(j - big, n)
            made: list[tuple[int, int]] = []
            m = masks[c]
            if m.bit_count() == 2:
                made.append(((m & ~(1 << d0)).bit_length() - 1 + c * n, self.gone_in_cell(c)))
            for u in geo.cell_units[c]:
                x = dcells[d0] & geo.unit_bits[u]
                if x.bit_count() == 2:
                    q = (x & ~(1 << c)).bit_length() - 1
                    made.append((q * n + d0, self.gone_in_unit(u, d0)))
            for t, hidden in made:
                if t in on:
                    continue
                on[t] = anc | hidden | 1 << t
                if t == goal:
                    return on[t]
                if big + t in off:
                    return None
                pending_on.append(t)
        return None

    def table(self) -> list[list[int]]:
        """The links of the board as it stands (see :meth:`edges`), worked out once."""
        got = self._edges
        if got is None:
            got = self._edges = self.edges()
        return got

    def edges(self) -> list[list[int]]:
        """Each potential of the board (by index) and the potentials it makes, by the links
        above (none for a potential that is not a candidate)."""
        geo = self.geo
        n = self.n
        big = self.big
        masks = self.masks
        dcells = self.dcells
        peer_bits = geo.peer_bits
        unit_bits = geo.unit_bits
        cell_units = geo.cell_units
        none: list[int] = []  # shared by every potential that is not a candidate (read only)
        out: list[list[int]] = [none] * (2 * big)
        for c in bits(self.unsolved):
            m = masks[c]
            two = m.bit_count() == 2
            for d0 in bits(m):
                i = c * n + d0
                targets = []
                x = m & ~(1 << d0)
                while x:  # lowest first, as bits() would give them
                    low = x & -x
                    targets.append(c * n + low.bit_length() - 1 + big)
                    x ^= low
                x = dcells[d0] & peer_bits[c]
                while x:
                    low = x & -x
                    targets.append((low.bit_length() - 1) * n + d0 + big)
                    x ^= low
                out[i] = targets
                made = []
                if two:
                    made.append(c * n + (m & ~(1 << d0)).bit_length() - 1)
                dc = dcells[d0]
                for u in cell_units[c]:
                    x = dc & unit_bits[u]
                    if x.bit_count() == 2:
                        made.append(((x & ~(1 << c)).bit_length() - 1) * n + d0)
                out[big + i] = made
        return out

    def reached(self) -> list[int]:
        """What each potential leads to (see :func:`reach`), worked out once for the board
        as it stands (both searches use it)."""
        got = self._reached
        if got is None:
            got = self._reached = reach(self.table())
        return got


def reach(edges: list[list[int]]) -> list[int]:
    """Every potential each potential leads to (itself included), as bits, by index (0 for
    one with no links): the links' strongly connected parts first (Tarjan's method,
    without recursion), then each part takes what the parts it leads to reach."""
    size = len(edges)
    index = [-1] * size
    low = [0] * size
    part = [-1] * size
    parts: list[int] = []  # each part's reach, by part number
    stack: list[int] = []
    on_stack = [False] * size
    out = [0] * size
    counter = 0
    for root in range(size):
        if index[root] >= 0 or not edges[root]:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, k = work[-1]
            succ = edges[v]
            if k < len(succ):
                work[-1] = (v, k + 1)
                w = succ[k]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w] and index[w] < low[v]:
                    low[v] = index[w]
                continue
            work.pop()
            if work:
                u = work[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] == index[v]:
                number = len(parts)
                got = 0
                members = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    part[w] = number
                    got |= 1 << w
                    members.append(w)
                    if w == v:
                        break
                for w in members:
                    for x in edges[w]:
                        q = part[x]
                        if q != number:
                            got |= parts[q]
                parts.append(got)
                for w in members:
                    out[w] = got
    return out


def single_chains(links: Links, typed: bool = True) -> list[tuple[bool, int, int, list[int]]]:
    """Every candidate whose assumption leads back to its denial (removed), or whose denial
    leads back to itself (placed): (placed?, cell, digit index, [ancestors]). ``typed``:
    through the typed core where there is one (the same answers)."""
    core = links.core() if typed else None
    if core is not None:
        return core.single_chains()
    out = []
    n = links.n
    big = links.big
    masks = links.masks
    reached = links.reached()
    for cell in bits(links.unsolved):
        for d0 in bits(masks[cell]):
            i = cell * n + d0
            if reached[i] >> (big + i) & 1:
                found = links.follow({i: 1 << i}, {}, big + i)
                if found is not None:
                    out.append((False, cell, d0, [found]))
                    continue
            if reached[big + i] >> i & 1:
                found = links.follow({}, {big + i: 1 << (big + i)}, i)
                if found is not None:
                    out.append((True, cell, d0, [found]))
    return out


def multiple_chains(links: Links, typed: bool = True) -> list[tuple[bool, int, int, list[int]]]:
    """What every candidate of a cell of three or more, or every place of a digit in a
    unit, makes true or false: (placed?, cell, digit index, [ancestors in each branch]).
    ``typed``: through the typed core where there is one (the same answers)."""
    core = links.core() if typed else None
    if core is not None:
        return core.multiple_chains()
    geo = links.geo
    n = links.n
    big = links.big
    masks = links.masks
    reached = links.reached()
    outcomes: dict[int, tuple[dict[int, int], dict[int, int]]] = {}

    def branch(i: int) -> tuple[dict[int, int], dict[int, int]]:
        got = outcomes.get(i)
        if got is None:
            got = ({i: 1 << i}, {})
            links.follow(*got)
            outcomes[i] = got
        return got

    out: list[tuple[bool, int, int, list[int]]] = []
    seen: set[int] = set()

    def agree(starts: list[int]) -> None:
        common = -1
        for i in starts:
            common &= reached[i]
        for i in starts:
            common &= ~(1 << i)
        if not common:
            return
        results = [branch(i) for i in starts]
        for t in bits(common):
            placed = t < big
            c, d0 = divmod(t if placed else t - big, n)
            if t in seen or not links.unsolved >> c & 1:
                continue
            side = 0 if placed else 1
            ancs = [r[side].get(t) for r in results]
            if any(a is None for a in ancs):
                continue  # a branch stopped at a contradiction first
            seen.add(t)
            out.append((placed, c, d0, ancs))  # type: ignore[arg-type]

    for cell in bits(links.unsolved):
        if masks[cell].bit_count() > 2:
            agree([cell * n + d0 for d0 in bits(masks[cell])])
    for ub in geo.unit_bits:
        for d0 in range(n):
            x = links.dcells[d0] & ub & links.unsolved
            if x.bit_count() >= 2:
                agree([c * n + d0 for c in bits(x)])
    return out
