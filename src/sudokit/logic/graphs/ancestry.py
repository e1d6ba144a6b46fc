"""Where each deduction of an assumption comes from: the ancestry that
:class:`~sudokit.logic.graphs.hypothesis.Hypothesis` records when it tracks it.

A deduction is a *potential*: a digit placed (index ``cell * n + digit index``) or a
candidate eliminated (``cells * n`` more). Its ancestors are a set of bits: the potentials
it rests on, itself included, and above ``2 * cells * n`` one bit for each inner chain it
rests on (whose length :attr:`Ancestry.chains` holds). A placement by a naked single rests
on the cell's other candidates gone, one by a hidden single on the digit's other places in
its unit gone, an elimination on what removed it (recorded without its own bit, which
reading it adds). What a layer (a copy) did not deduce
itself, it takes as a leaf: its own bit. This is how Sudoku Explainer counts a chain: the
ancestors of its conclusion, each inner chain once with its own length.
"""

from __future__ import annotations

from ..board import Contradiction, Geometry, bits


class Ancestry:
    """The ancestry part of a hypothesis (the attributes are the hypothesis's)."""

    __slots__ = ()
    geo: Geometry
    masks: list[int]
    dcells: list[int]
    unsolved: int
    source: list[int] | None
    on_anc: dict[int, int] | None
    off_anc: dict[int, int] | None
    chains: list[int]
    clash: tuple[int, int]

    def on_ancestors(self, cell: int, d0: int) -> int:
        """The ancestors of the placement of ``d0`` in ``cell``."""
        i = cell * self.geo.n + d0
        got = self.on_anc.get(i)  # type: ignore[union-attr]
        return 1 << i if got is None else got

    def off_ancestors(self, cell: int, d0: int) -> int:
        """The ancestors of the elimination of ``d0`` from ``cell``."""
        i = len(self.masks) * self.geo.n + cell * self.geo.n + d0
        got = self.off_anc.get(i)  # type: ignore[union-attr]
        return 1 << i if got is None else got | 1 << i  # recorded, it may leave itself out

    def cell_cause(self, cell: int, keep: int) -> int:
        """The ancestors of every candidate but digit index ``keep`` (all: -1) gone from
        ``cell``."""
        out = 0
        others = self.source[cell]  # type: ignore[index]
        if keep >= 0:
            others &= ~(1 << keep)
        for e0 in bits(others):
            out |= self.off_ancestors(cell, e0)
        return out

    def unit_cause(self, u: int, cell: int, d0: int) -> int:
        """The ancestors of every place of ``d0`` in unit ``u`` but ``cell`` (all: -1)
        gone."""
        out = 0
        source = self.source
        cells = self.geo.unit_bits[u]
        if cell >= 0:
            cells &= ~(1 << cell)
        for c in bits(cells):
            if source[c] >> d0 & 1:  # type: ignore[index]
                out |= self.off_ancestors(c, d0)
        return out

    def placed_ancestors(self, cell: int, d0: int) -> int:
        """The ancestors of a single about to be placed: what was assumed, else the cell's
        other candidates gone, else the digit's other places in a unit gone."""
        i = cell * self.geo.n + d0
        got = self.on_anc.get(i)  # type: ignore[union-attr]
        if got is not None:
            return got
        if self.masks[cell] == 1 << d0 and self.source[cell] != 1 << d0:  # type: ignore[index]
            anc = self.cell_cause(cell, d0) | 1 << i
        else:
            anc = 1 << i  # an assumption
            dc = self.dcells[d0]
            for u in self.geo.cell_units[cell]:
                if dc & self.geo.unit_bits[u] == 1 << cell:
                    anc = self.unit_cause(u, cell, d0) | 1 << i
                    break
        self.on_anc[i] = anc  # type: ignore[index]
        return anc

    def _markoff_ancestors(self, cell: int, d0: int, anc: int) -> int:
        i = len(self.masks) * self.geo.n + cell * self.geo.n + d0
        anc |= 1 << i
        self.off_anc[i] = anc  # type: ignore[index]
        return anc

    def empty_cell(self, cell: int, d0: int, off: int) -> Contradiction:
        """``cell`` lost its last candidate, ``d0`` (ancestors ``off``)."""
        if self.source is not None:
            i = cell * self.geo.n + d0
            # the hypothesis's own slot (this class only lends it methods)
            self.clash = (self.cell_cause(cell, d0) | 1 << i, off)  # type: ignore[misc]
        return Contradiction(f"{self.geo.cell_names[cell]} would have no candidate left")

    def empty_unit(self, u: int, cell: int, d0: int) -> Contradiction:
        """Unit ``u`` has no place left for ``d0``, the last gone from ``cell``."""
        if self.source is not None:
            i = cell * self.geo.n + d0
            self.clash = (  # type: ignore[misc]
                self.unit_cause(u, cell, d0) | 1 << i, self.off_ancestors(cell, d0))
        return Contradiction(f"{self.geo.unit_names[u]} would have no place for {d0 + 1}")

    def off_bit(self, cell: int, d0: int) -> int:
        """The bit of the elimination of ``d0`` from ``cell``."""
        return 1 << (len(self.masks) * self.geo.n + cell * self.geo.n + d0)

    def rule_ancestors(self, parents: int, length: int) -> int:
        """The ancestors of what an inner chain of ``length`` found, resting on ``parents``
        (deductions of this layer): theirs, and the inner chain itself."""
        out = 0
        on_anc = self.on_anc
        off_anc = self.off_anc
        while parents:
            low = parents & -parents
            i = low.bit_length() - 1
            parents ^= low
            got = (on_anc if i < len(self.masks) * self.geo.n else off_anc).get(i)  # type: ignore[union-attr]
            out |= low if got is None else got | low
        out |= 1 << (2 * len(self.masks) * self.geo.n + len(self.chains))
        self.chains.append(length)
        return out

    def outer(self) -> int:
        """The deductions made before this layer (what it may rest on), as ancestor bits:
        each candidate gone and each digit placed since the search began."""
        out = 0
        n = self.geo.n
        big = len(self.masks) * n
        source = self.source
        masks = self.masks
        if source is None:
            return 0
        for c, was in enumerate(source):
            now = masks[c]
            if was == now:
                continue
            out |= (was & ~now) << (big + c * n)  # each digit gone, as its own bit
            if not self.unsolved >> c & 1:
                out |= 1 << (c * n + now.bit_length() - 1)
        return out

    def length(self, ancestors: list[int], outer: int) -> int:
        """How long a conclusion is whose branches have these ``ancestors``: each branch's
        own ancestors (not those before this layer), and each inner chain among them once,
        with its own length."""
        big = 2 * len(self.masks) * self.geo.n
        mask = ((1 << big) - 1) & ~outer
        out = 0
        nested = 0
        for a in ancestors:
            out += (a & mask).bit_count()
            nested |= a >> big
        chains = self.chains
        while nested:
            low = nested & -nested
            out += chains[low.bit_length() - 1]
            nested ^= low
        return out
