"""The cages, lines, dots and signs of a :class:`~sudokit.rules.Rules` as the flat tables the
rules engine (``engine._rules``) reads: plain Python, run once per set of rules.

Two kinds of table come out:

- **Pair relations** (arcs): for two cells a and b, and each digit d of a, the digits b
  may hold beside it. Thermometers (every two cells of one: the k-th after a cell is at
  least k more, or not less on a slow one), whispers, kropki dots, XV, greater-than signs,
  palindromes (mirror cells hold the same digit), entropic lines (cells one or two apart
  hold digits of different thirds), and the unsigned neighbours of ``all_dots`` and
  ``all_xv``. Relations on the same two cells are joined into one.
- **Groups** of cells with one rule over all of them: a weighted sum (a cage with repeats,
  a little killer, an arrow with its circle read as a number, two pieces of a region-sum
  line), a set of digit sets one of which the cells hold exactly (a cage with a total,
  each set of distinct digits adding up to it; a renban line, each run of its length), a
  sandwich row or column, a between line.

Each table says exactly what its constraint says, so that the engine can check a complete
grid against the tables alone; what a constraint allows is the constraint's ``holds``,
which the tests compare with. A constraint of a kind this module does not know is refused
by name (UnsupportedRulesError): never solved without it.

>>> from sudokit import Rules
>>> from sudokit.constraints import Cage, Thermo
>>> t = constraint_tables(Rules(4, constraints=[Cage((0, 1), 7), Thermo((4, 5))]))
>>> KIND_NAMES[t.group_kind[0]], [bin(m) for m in t.combos[:1]]
('digit sets', ['0b1100'])
>>> t.arc_pairs
[(4, 5), (5, 4)]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..constraints import (
    XV,
    Arrow,
    Between,
    Cage,
    Constraint,
    Entropic,
    GreaterThan,
    Kropki,
    LittleKiller,
    Palindrome,
    RegionSum,
    Renban,
    Sandwich,
    Thermo,
    Whisper,
    pair_keeps_dot,
)
from ..errors import UnsupportedRulesError
from ..rules import Rules
from .peers import peers_of

#: The kinds of group, as the engine numbers them.
LINEAR, DIGIT_SETS, SANDWICH, BETWEEN = 0, 1, 2, 3
KIND_NAMES = ("weighted sum", "digit sets", "sandwich", "between")

#: A cage's digit sets are listed when there are at most this many (a 9x9 cage has at
#: most 126); a bigger cage of a big grid keeps its sum as a weighted sum only.
MAX_DIGIT_SETS = 4096


class ConstraintTables(NamedTuple):
    """The tables of one set of rules (see the module's words). Arcs: ``arc_pairs[k]`` is
    (a, b) and ``arc_masks[k * n + d - 1]`` the digits b may hold when a holds d. Groups:
    ``group_kind``, ``group_total``, cells ``group_cells[group_start[g]:group_start[g+1]]``
    with ``group_weight`` beside them, digit sets ``combos[combo_start[g]:combo_start[g+1]]``."""

    arc_pairs: list[tuple[int, int]]
    arc_masks: list[int]
    group_kind: list[int]
    group_total: list[int]
    group_start: list[int]
    group_cells: list[int]
    group_weight: list[int]
    combo_start: list[int]
    combos: list[int]


#: A relation between the digits of two cells, named: ("rise", k) the second at least k
#: more (0: not less), ("apart", k) at least k apart, ("dot", colour), ("sum", total),
#: ("greater",), ("same",), ("thirds",) in different thirds of 1..N, ("no dot",),
#: ("no xv",). Named so that its table of digits is made once per name and size.
Relation = tuple[object, ...]


def allowed(relation: Relation, x: int, y: int, n: int) -> bool:
    """Whether digits x and y of two cells keep ``relation`` on an N x N grid."""
    kind = relation[0]
    if kind == "rise":
        return y - x >= relation[1]  # type: ignore[operator]
    if kind == "apart":
        return abs(x - y) >= relation[1]  # type: ignore[operator]
    if kind == "dot":
        return pair_keeps_dot(x, y, str(relation[1]))
    if kind == "sum":
        return x + y == relation[1]
    if kind == "greater":
        return x > y
    if kind == "same":
        return x == y
    if kind == "thirds":
        return (x - 1) * 3 // n != (y - 1) * 3 // n
    if kind == "no dot":
        return not (pair_keeps_dot(x, y, "white") or pair_keeps_dot(x, y, "black"))
    return x + y not in (5, 10)  # "no xv"


@lru_cache(maxsize=1024)
def relation_masks(relation: Relation, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(forward, backward): for each digit d of the first cell, the digits the second may
    hold (forward[d - 1]), and the same from the second cell to the first."""
    digits = range(1, n + 1)
    forward = tuple(sum(1 << (y - 1) for y in digits if allowed(relation, x, y, n))
                    for x in digits)
    backward = tuple(sum(1 << (x - 1) for x in digits if forward[x - 1] >> (y - 1) & 1)
                     for y in digits)
    return forward, backward


def pair_relations(rules: Rules) -> list[tuple[int, int, Relation]]:
    """Every relation between two cells that the constraints and the negative rules say:
    (a, b, relation) (see :data:`Relation` and :func:`allowed`)."""
    out: list[tuple[int, int, Relation]] = []
    for c in rules.constraints:
        if isinstance(c, Cage):  # (no pair: a killer's many cages pass at once)
            continue
        if isinstance(c, Thermo):
            out += [(c.line[i], c.line[j], ("rise", 0 if c.slow else j - i))
                    for i, j in combinations(range(len(c.line)), 2)]
        elif isinstance(c, Whisper):
            out += [(a, b, ("apart", c.gap)) for a, b in zip(c.line, c.line[1:], strict=False)]
        elif isinstance(c, Palindrome):
            out += [(c.line[k], c.line[-1 - k], ("same",)) for k in range(len(c.line) // 2)]
        elif isinstance(c, Entropic):
            out += [(c.line[i], c.line[j], ("thirds",)) for i in range(len(c.line))
                    for j in (i + 1, i + 2) if j < len(c.line)]
        elif isinstance(c, Kropki):
            out.append((c.a, c.b, ("dot", c.colour)))
        elif isinstance(c, XV):
            out.append((c.a, c.b, ("sum", c.total)))
        elif isinstance(c, GreaterThan):
            out.append((c.big, c.small, ("greater",)))
    for a, b, what in rules.negative_pairs:
        out.append((a, b, ("no dot",) if what == "dot" else ("no xv",)))
    return out


def _arcs(rules: Rules) -> tuple[list[tuple[int, int]], list[int]]:
    """The pair relations joined per ordered pair of cells, both ways, as digit masks."""
    n = rules.size
    joined: dict[tuple[int, int], tuple[int, ...]] = {}
    for a, b, relation in pair_relations(rules):
        forward, backward = relation_masks(relation, n)
        for key, masks in (((a, b), forward), ((b, a), backward)):
            old = joined.get(key)
            joined[key] = masks if old is None else tuple(
                p & q for p, q in zip(old, masks, strict=True))
    pairs = sorted(joined)
    return pairs, [m for key in pairs for m in joined[key]]


@lru_cache(maxsize=4096)
def digit_sets(size: int, total: int, n: int) -> tuple[int, ...] | None:
    """Every set of ``size`` distinct digits of 1..N adding up to ``total``, as masks;
    None when there are more than :data:`MAX_DIGIT_SETS`."""
    count = 1
    for k in range(size):  # C(n, size), an upper bound of the sets listed
        count = count * (n - k) // (k + 1)
    if count > MAX_DIGIT_SETS * 64:
        return None
    out = tuple(sum(1 << (d - 1) for d in digits)
                for digits in combinations(range(1, n + 1), size) if sum(digits) == total)
    return out if len(out) <= MAX_DIGIT_SETS else None


class _Groups:
    """The groups being listed."""

    def __init__(self) -> None:
        self.kind: list[int] = []
        self.total: list[int] = []
        self.start = [0]
        self.cells: list[int] = []
        self.weight: list[int] = []
        self.combo_start = [0]
        self.combos: list[int] = []

    def add(self, kind: int, cells: Sequence[int], total: int = 0,
            weights: Sequence[int] | None = None, combos: Sequence[int] = ()) -> None:
        self.kind.append(kind)
        self.total.append(total)
        self.cells.extend(cells)
        self.weight.extend(weights if weights is not None else [1] * len(cells))
        self.start.append(len(self.cells))
        self.combos.extend(combos)
        self.combo_start.append(len(self.combos))

    def add_sum(self, cells: Sequence[int], total: int, distinct: bool, n: int) -> None:
        """Cells adding up to ``total``: their digit sets when they differ and the sets are
        few, else a weighted sum."""
        sets = digit_sets(len(cells), total, n) if distinct else None
        if sets is not None:
            self.add(DIGIT_SETS, cells, total, combos=sets)
        else:
            self.add(LINEAR, cells, total)


def _add_group(groups: _Groups, c: Constraint, rules: Rules) -> None:
    """The groups of one constraint; UnsupportedRulesError for a kind not known here."""
    n = rules.size
    if isinstance(c, Cage):
        if c.total is not None:
            groups.add_sum(c.cells, c.total, not c.repeat, n)
    elif isinstance(c, LittleKiller):
        groups.add(LINEAR, c.line, c.total)
    elif isinstance(c, Arrow):
        place = [10 ** (len(c.circle) - 1 - k) for k in range(len(c.circle))]
        groups.add(LINEAR, c.line + c.circle, 0, [1] * len(c.line) + [-w for w in place])
    elif isinstance(c, Renban):
        size = len(c.line)
        run = (1 << size) - 1
        groups.add(DIGIT_SETS, c.line, 0, combos=[run << s for s in range(n - size + 1)])
    elif isinstance(c, RegionSum):
        pieces = c.pieces(rules.regions)
        for first, second in zip(pieces, pieces[1:], strict=False):
            groups.add(LINEAR, first + second, 0, [1] * len(first) + [-1] * len(second))
    elif isinstance(c, Sandwich):
        groups.add(SANDWICH, c.line_cells(n), c.total)
    elif isinstance(c, Between):
        groups.add(BETWEEN, c.line)
    elif not isinstance(c, Thermo | Whisper | Palindrome | Entropic | Kropki | XV
                        | GreaterThan):
        raise UnsupportedRulesError(f"solving puzzles with a {c.word or type(c).__name__} "
                                    f"({type(c).__name__}) is not supported")


def _see_each_other(cells: Sequence[int], bits: Sequence[int]) -> bool:
    """Whether each cell has every later one among its peers (``bits``): their digits
    differ."""
    later = 0
    for cell in reversed(cells):
        if bits[cell] & later != later:
            return False
        later |= 1 << cell
    return True


def constraint_tables(rules: Rules, peer_bits: Sequence[int] | None = None
                      ) -> ConstraintTables:
    """The tables of ``rules``'s constraints (and its negative rules) for the engine
    (``peer_bits``: each cell's peers as bits, :func:`~sudokit.engine.peers.peers_of`'s,
    when the caller has them)."""
    if not isinstance(rules, Rules):
        raise TypeError(f"constraint_tables: rules must be a Rules, not "
                        f"{type(rules).__name__}")
    groups = _Groups()
    for c in rules.constraints:
        _add_group(groups, c, rules)
    bits = peers_of(rules)[1] if peer_bits is None else peer_bits
    # compiled: imported on first use, once the pure-Python switch (installed after this
    # package is imported) can pick its source
    from .innies import implied_sums

    for cells, total, _ in implied_sums(rules):  # the rule of 45: implied, to see sooner
        groups.add_sum(cells, total, _see_each_other(cells, bits), rules.size)
    pairs, masks = _arcs(rules)
    return ConstraintTables(pairs, masks, groups.kind, groups.total, groups.start,
                            groups.cells, groups.weight, groups.combo_start, groups.combos)
