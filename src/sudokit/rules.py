"""The rules of a puzzle: which sets of cells hold different digits, and what else holds.

A classic sudoku's rules are its rows, columns and boxes. The variants add to them or
change them: irregular regions in place of boxes (jigsaw), the two diagonals (X), four
extra windows (windoku), the cells at one place of every box (disjoint groups), the box
centres (centre dot), cells a king's or a knight's move apart that may not repeat a digit,
orthogonal neighbours that may not hold consecutive digits, and cells restricted to odd or
even digits. :class:`Rules` holds any mix of them for a square N x N grid of digits 1..N.

>>> r = Rules.preset("x+anti-knight")
>>> r
Rules(9, diagonals=True, anti_knight=True)
>>> r.describe(), r.names, len(r.houses)
('X + anti-knight 9x9', ('x', 'anti-knight'), 29)
>>> eval(repr(r)) == r, Rules(9).is_classic
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property, lru_cache

from .constraints import FAMILIES, XV, Cage, Constraint, Kropki, Renban, checked, pair_keeps_dot
from .errors import RulesError, ShapeError, UnsupportedRulesError
from .shape import Shape, is_whole

#: The presets, in the order names are listed and combined, with the words that
#: ``describe`` uses; "jigsaw" and "even-odd" come with their data from the puzzle.
PRESETS: dict[str, str] = {
    "classic": "classic",
    "jigsaw": "jigsaw",
    "x": "X",
    "windoku": "windoku",
    "anti-king": "anti-king",
    "anti-knight": "anti-knight",
    "non-consecutive": "non-consecutive",
    "disjoint": "disjoint",
    "centre-dot": "centre-dot",
    "even-odd": "even-odd",
    **FAMILIES,
}

#: The preset each flag of :class:`Rules` stands for.
_FLAGS: dict[str, str] = {
    "diagonals": "x", "windows": "windoku", "anti_king": "anti-king",
    "anti_knight": "anti-knight", "non_consecutive": "non-consecutive",
    "disjoint": "disjoint", "centre_dot": "centre-dot", "all_dots": "kropki",
    "all_xv": "xv",
}

#: The flags that say every sign of a kind is given (not named by a preset alone).
_NEGATIVE = frozenset({"all_dots", "all_xv"})

#: Other spellings that name a preset.
ALIASES: dict[str, str] = {
    "diagonal": "x", "sudoku-x": "x", "hyper": "windoku", "center-dot": "centre-dot",
    "anti-consecutive": "non-consecutive", "irregular": "jigsaw", "odd-even": "even-odd",
    "antiking": "anti-king", "antiknight": "anti-knight", "nonconsecutive": "non-consecutive",
    "cages": "killer", "thermometer": "thermo", "thermos": "thermo", "arrows": "arrow",
    "german-whispers": "whispers", "whisper": "whispers", "little-killers": "little-killer",
    "between-lines": "between", "region-sum-lines": "region-sum", "entropic-lines": "entropic",
    "dots": "kropki", "x-v": "xv", "greater": "greater-than", "inequality": "greater-than",
    "sandwiches": "sandwich", "palindromes": "palindrome",
}

#: The puzzles of several overlapping grids: no rules of one grid (see sudokit.sheets).
OVERLAPPING = ("samurai", "butterfly", "sohei", "windmill", "twodoku", "flower")

#: Region symbols in ``repr``: region 0 is 'A' (regions are numbered by first appearance).
_REGION_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

#: Odd digits (1, 3, 5, ...) sit at even bits of a mask; even digits at odd bits.
_ODD_BITS = 0x5555555555555555
_EVEN_BITS = 0xAAAAAAAAAAAAAAAA


class Rules:
    """The rules of a square N x N sudoku with digits 1..N: immutable, hashable, equal by
    content; ``repr`` gives back Python that rebuilds it.

    ``regions`` replaces the standard boxes: one region per cell (N*N ids 0..N-1, or a
    string of N*N symbols, a symbol a region), N regions of N cells each. ``odd`` and
    ``even`` list the cells (0..N*N-1) restricted to odd or even digits. ``box`` picks the
    boxes' shape where the size has several (as ``Shape.for_size``). ``constraints`` are the
    cages, lines, dots and signs drawn on the grid (:mod:`sudokit.constraints`), kept sorted;
    ``all_dots`` says every kropki dot is given (neighbours without one are neither
    consecutive nor double), ``all_xv`` the same of XV signs (neither adds up to 5 or 10)."""

    size: int
    shape: Shape
    regions: tuple[int, ...]
    odd: tuple[int, ...]
    even: tuple[int, ...]
    constraints: tuple[Constraint, ...]
    _flags: tuple[bool, ...]
    _own_regions: tuple[int, ...] | None

    def __init__(self, size: int = 9, *, regions: str | Sequence[int] | None = None,
                 diagonals: bool = False, windows: bool = False, anti_king: bool = False,
                 anti_knight: bool = False, non_consecutive: bool = False,
                 disjoint: bool = False, centre_dot: bool = False,
                 odd: Iterable[int] = (), even: Iterable[int] = (),
                 box: tuple[int, int] | None = None,
                 constraints: Iterable[Constraint] = (), all_dots: bool = False,
                 all_xv: bool = False) -> None:
        if not is_whole(size):
            raise TypeError(f"Rules: size must be a whole number, not {size!r}")
        size = int(size)
        shape = _shape_for(size, box, regions is not None)
        set_ = object.__setattr__
        set_(self, "size", size)
        set_(self, "shape", shape)
        flags = {"diagonals": diagonals, "windows": windows, "anti_king": anti_king,
                 "anti_knight": anti_knight, "non_consecutive": non_consecutive,
                 "disjoint": disjoint, "centre_dot": centre_dot, "all_dots": all_dots,
                 "all_xv": all_xv}
        for name, value in flags.items():
            if not isinstance(value, bool):
                raise TypeError(f"Rules: {name} must be True or False, not {value!r}")
        set_(self, "_flags", tuple(flags.values()))
        boxes = _box_ids(shape)
        own = None if regions is None else _region_ids(regions, size)
        if own == boxes:
            own = None
        set_(self, "_own_regions", own)
        set_(self, "regions", boxes if own is None else own)
        odd_cells = _cells(odd, "odd", size)
        even_cells = _cells(even, "even", size)
        both = sorted(set(odd_cells) & set(even_cells))
        if both:
            raise RulesError(f"cell {shape.cell_name(both[0])} cannot be both odd and even")
        set_(self, "odd", odd_cells)
        set_(self, "even", even_cells)
        set_(self, "constraints", checked(constraints, size))
        self._check_fits()

    def _check_fits(self) -> None:
        """RulesError for a rule that this size or these regions cannot have."""
        n, shape = self.size, self.shape
        if self._flags[1] and n != 9:
            raise RulesError(f"windoku needs a 9x9 grid, not {n}x{n}")
        if self._own_regions is not None:
            for flag, what in ((self._flags[5], "disjoint groups"),
                               (self._flags[6], "centre-dot")):
                if flag:
                    raise RulesError(f"{what} need the standard boxes, not irregular regions")
        if self._flags[6] and (shape.box_rows % 2 == 0 or shape.box_cols % 2 == 0):
            raise RulesError(f"centre-dot needs boxes with a centre cell, not "
                             f"{shape.box_rows}x{shape.box_cols} boxes")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Rules cannot be changed (tried to set {name!r})")

    # -- making ---------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str, size: int = 9) -> Rules:
        """The rules a preset name says, several joined by '+' (``"x+anti-knight"``).

        Known: classic, x, windoku, anti-king, anti-knight, non-consecutive, disjoint and
        centre-dot. "jigsaw" and "even-odd" need the puzzle's regions or parities, so they
        are refused here (see :meth:`with_preset` for rules that have them)."""
        return cls(size).with_preset(name)

    def with_preset(self, name: str) -> Rules:
        """These rules with the preset(s) of ``name`` added. "jigsaw" and "even-odd" are
        accepted only when these rules already hold regions or parities."""
        flags = dict(zip(_FLAGS, self._flags, strict=True))
        for key in parse_names(name):
            if key == "jigsaw" and self._own_regions is None:
                raise RulesError("jigsaw: the regions come with the puzzle (a file that "
                                 "holds them), they cannot be named")
            if key == "even-odd" and not (self.odd or self.even):
                raise RulesError("even-odd: the odd and even cells come with the puzzle (a "
                                 "file that holds them), they cannot be named")
            if key in FAMILIES and key not in self.names:
                raise RulesError(f"{key}: the {FAMILIES[key]} clues come with the puzzle (a "
                                 f"file that holds them, such as an f-puzzles or SudokuPad "
                                 f"link), they cannot be named")
            for flag, preset in _FLAGS.items():
                if preset == key and flag not in _NEGATIVE:
                    flags[flag] = True
        return self.replace(**flags)

    def replace(self, **changes: object) -> Rules:
        """A copy with the keyword arguments of the constructor in ``changes`` changed."""
        args: dict[str, object] = {"regions": self._own_regions, "odd": self.odd,
                                   "even": self.even, "box": self._box_arg(),
                                   "constraints": self.constraints}
        args.update(zip(_FLAGS, self._flags, strict=True))
        unknown = sorted(set(changes) - set(args))
        if unknown:
            raise TypeError(f"Rules.replace: no rule named {unknown[0]!r}")
        args.update(changes)
        return Rules(self.size, **args)  # type: ignore[arg-type]

    @classmethod
    def classic(cls, shape: Shape) -> Rules:
        """The classic rules of a shape (rows, columns, boxes), one value per shape."""
        found = _CLASSIC.get(shape)
        if found is None:
            if not isinstance(shape, Shape):
                raise TypeError(f"Rules.classic: shape must be a Shape, not "
                                f"{type(shape).__name__}")
            found = _CLASSIC[shape] = cls(shape.n, box=(shape.box_rows, shape.box_cols))
        return found

    # -- reading --------------------------------------------------------------------
    @property
    def diagonals(self) -> bool:
        return self._flags[0]

    @property
    def windows(self) -> bool:
        return self._flags[1]

    @property
    def anti_king(self) -> bool:
        return self._flags[2]

    @property
    def anti_knight(self) -> bool:
        return self._flags[3]

    @property
    def non_consecutive(self) -> bool:
        return self._flags[4]

    @property
    def disjoint(self) -> bool:
        return self._flags[5]

    @property
    def centre_dot(self) -> bool:
        return self._flags[6]

    @property
    def all_dots(self) -> bool:
        return self._flags[7]

    @property
    def all_xv(self) -> bool:
        return self._flags[8]

    @property
    def is_jigsaw(self) -> bool:
        """Irregular regions in place of the standard boxes."""
        return self._own_regions is not None

    @cached_property
    def is_classic(self) -> bool:
        """Rows, columns, the standard boxes and nothing else."""
        return not (self.is_jigsaw or any(self._flags) or self.odd or self.even
                    or self.constraints)

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The presets these rules are made of, in :data:`PRESETS` order; () for classic."""
        found = set(_FLAGS[f] for f, on in zip(_FLAGS, self._flags, strict=True) if on)
        if self.is_jigsaw:
            found.add("jigsaw")
        if self.odd or self.even:
            found.add("even-odd")
        found.update(c.family for c in self.constraints)
        return tuple(name for name in PRESETS if name in found)

    def describe(self) -> str:
        """The rules in words for messages: ``"X + anti-knight 9x9"``."""
        words = " + ".join(PRESETS[name] for name in self.names) or "classic"
        return f"{words} {self.size}x{self.size}"

    @cached_property
    def houses(self) -> tuple[tuple[int, ...], ...]:
        """Every set of cells whose digits all differ: rows, columns, regions, then the
        diagonals, windows, disjoint groups and the centre-dot group (kept for the rules
        with the standard boxes and the same flags: killers differ only in their cages)."""
        key = (self.shape, self.regions, self._flags[:2], self._flags[5:7])
        if key not in _HOUSES:
            regions: list[list[int]] = [[] for _ in range(self.size)]
            for cell, region in enumerate(self.regions):
                regions[region].append(cell)
            _HOUSES[key] = (*self.shape.rows, *self.shape.cols, *map(tuple, regions),
                            *(cells for _, cells in self.extra_houses()))
        return _HOUSES[key] if self._own_regions is None else _HOUSES.pop(key)

    def extra_houses(self) -> list[tuple[str, tuple[int, ...]]]:
        """The houses beyond rows, columns and regions, each with its name in words."""
        n, shape = self.size, self.shape
        out: list[tuple[str, tuple[int, ...]]] = []
        if self.diagonals:
            out.append(("the main diagonal", tuple(i * n + i for i in range(n))))
            out.append(("the anti-diagonal", tuple(i * n + n - 1 - i for i in range(n))))
        if self.windows:
            for k, (r0, c0) in enumerate(((1, 1), (1, 5), (5, 1), (5, 5))):
                out.append((f"window {k + 1}", tuple((r0 + r) * n + c0 + c
                                                     for r in range(3) for c in range(3))))
        br, bc = shape.box_rows, shape.box_cols
        if self.disjoint:
            for k in range(n):
                r, c = divmod(k, bc)
                out.append((f"disjoint group {k + 1}", tuple(
                    (b // (n // bc) * br + r) * n + b % (n // bc) * bc + c for b in range(n))))
        if self.centre_dot:
            out.append(("the centre-dot group", tuple(
                (b // (n // bc) * br + br // 2) * n + b % (n // bc) * bc + bc // 2
                for b in range(n))))
        return out

    @cached_property
    def differ(self) -> tuple[tuple[int, int], ...]:
        """Pairs (a < b) of cells that share no house and may not hold the same digit:
        a king's move (anti-king) or a knight's move (anti-knight) apart."""
        moves: list[tuple[int, int]] = []
        if self.anti_king:
            moves += [(1, -1), (1, 1)]
        if self.anti_knight:
            moves += [(1, -2), (1, 2), (2, -1), (2, 1)]
        housed = self._house_peers if moves else ()
        return tuple(sorted({pair for pair in _moves(self.size, moves)
                             if pair[1] not in housed[pair[0]]}))

    @cached_property
    def non_consecutive_pairs(self) -> tuple[tuple[int, int], ...]:
        """Orthogonal neighbours (a < b) whose digits may not differ by one."""
        if not self.non_consecutive:
            return ()
        return tuple(sorted(_moves(self.size, [(0, 1), (1, 0)])))

    @cached_property
    def cell_masks(self) -> tuple[int, ...]:
        """The digits each cell may hold, as bits (digit d at bit d-1)."""
        full = (1 << self.size) - 1
        masks = [full] * (self.size * self.size)
        for cell in self.odd:
            masks[cell] = full & _ODD_BITS
        for cell in self.even:
            masks[cell] = full & _EVEN_BITS
        return tuple(masks)

    @cached_property
    def _house_peers(self) -> tuple[frozenset[int], ...]:
        out: list[set[int]] = [set() for _ in range(self.size * self.size)]
        for house in self.houses:
            for cell in house:
                out[cell].update(house)
        for cell, same in enumerate(out):
            same.discard(cell)
        return tuple(frozenset(s) for s in out)

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """Per cell: every other cell that shares a house, a differ pair, a cage (whose
        digits may not repeat) or a renban line with it."""
        out = [set(s) for s in self._house_peers]
        for a, b in self.differ:
            out[a].add(b)
            out[b].add(a)
        for group in self.distinct_groups:
            for cell in group:
                out[cell].update(group)
                out[cell].discard(cell)
        return tuple(tuple(sorted(s)) for s in out)

    @cached_property
    def distinct_groups(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each cage (unless its digits may repeat) and renban line: digits
        that differ though they need not fill a house."""
        return tuple(c.cells for c in self.constraints
                     if (isinstance(c, Cage) and not c.repeat) or isinstance(c, Renban))

    @cached_property
    def negative_pairs(self) -> tuple[tuple[int, int, str], ...]:
        """Orthogonal neighbours (a < b, what) with no sign between them where every sign
        is given: "dot" (neither consecutive nor double, when ``all_dots``) and "xv"
        (adding up to neither 5 nor 10, when ``all_xv``)."""
        out: list[tuple[int, int, str]] = []
        for flag, kind, what in ((self.all_dots, Kropki, "dot"), (self.all_xv, XV, "xv")):
            if flag:
                signed = {(c.a, c.b) for c in self.constraints if isinstance(c, kind)}
                out += [(a, b, what) for a, b in sorted(_moves(self.size, [(0, 1), (1, 0)]))
                        if (a, b) not in signed]
        return tuple(out)

    def broken(self, digits: Sequence[int]) -> str | None:
        """The first rule a complete grid of N*N digits breaks, in words; None when it
        keeps them all (the meaning every engine's answer is checked against)."""
        n = self.size
        if len(digits) != n * n or min(digits) < 1 or max(digits) > n:
            return f"a complete {n}x{n} grid holds {n * n} digits of 1-{n}"
        name = self.shape.cell_name
        clash = any(len({digits[c] for c in house}) != len(house) for house in self.houses)
        for house in self.houses if clash else ():  # (which house, only when one clashes)
            seen: dict[int, int] = {}
            for cell in house:
                if digits[cell] in seen:
                    return (f"{name(seen[digits[cell]])} and {name(cell)} share a house "
                            f"and both hold {digits[cell]}")
                seen[digits[cell]] = cell
        for a, b in self.differ:
            if digits[a] == digits[b]:
                return f"{name(a)} and {name(b)} may not repeat a digit ({digits[a]})"
        for a, b in self.non_consecutive_pairs:
            if abs(digits[a] - digits[b]) == 1:
                return f"{name(a)} and {name(b)} are neighbours with consecutive digits"
        for cell, mask in enumerate(self.cell_masks if self.odd or self.even else ()):
            if not mask >> (digits[cell] - 1) & 1:
                return f"{name(cell)} may not hold {digits[cell]}"
        for constraint in self.constraints:
            if not constraint.holds(digits, n, self.regions):
                return f"{constraint.where(n)} is not kept"
        for a, b, what in self.negative_pairs:
            x, y = digits[a], digits[b]
            if what == "dot" and (pair_keeps_dot(x, y, "white")
                                  or pair_keeps_dot(x, y, "black")):
                return f"{name(a)} and {name(b)} have no dot, yet {x} and {y} would take one"
            if what == "xv" and x + y in (5, 10):
                return f"{name(a)} and {name(b)} have no X or V, yet {x} + {y} = {x + y}"
        return None

    def keeps(self, digits: Sequence[int]) -> bool:
        """True when a complete grid of N*N digits keeps every rule (see :meth:`broken`)."""
        return self.broken(digits) is None

    # -- a value --------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        return (self.size, self.shape, self._own_regions, self._flags, self.odd, self.even,
                self.constraints)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """The hash, computed once: rules are the key of the engines' caches."""
        return hash(self._key())

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.size, self._own_regions, self._flags, self.odd, self.even,
                           self._box_arg(), self.constraints))

    def _box_arg(self) -> tuple[int, int] | None:
        """The ``box`` argument that rebuilds this shape (None for the natural one)."""
        try:
            if self.shape == _shape_for(self.size, None, self._own_regions is not None):
                return None
        except ShapeError:  # a size with no natural box: the box is always said
            pass
        return (self.shape.box_rows, self.shape.box_cols)

    def __repr__(self) -> str:
        parts = [str(self.size)]
        if self._own_regions is not None:
            if self.size <= len(_REGION_SYMBOLS):
                text = "".join(_REGION_SYMBOLS[r] for r in self._own_regions)
                parts.append(f"regions={text!r}")
            else:
                parts.append(f"regions={list(self._own_regions)!r}")
        for name, on in zip(_FLAGS, self._flags, strict=True):
            if on:
                parts.append(f"{name}=True")
        for name in ("odd", "even"):
            cells = getattr(self, name)
            if cells:
                parts.append(f"{name}={cells!r}")
        box = self._box_arg()
        if box is not None:
            parts.append(f"box={box!r}")
        if self.constraints:
            parts.append(f"constraints=[{', '.join(map(repr, self.constraints))}]")
        return f"Rules({', '.join(parts)})"


#: The houses of rules with the standard boxes, by their shape and flags of houses.
_HOUSES: dict[tuple[object, ...], tuple[tuple[int, ...], ...]] = {}

#: The classic rules of each shape, made once (a grid without rules of its own has them).
_CLASSIC: dict[Shape, Rules] = {}


def classic_rules(shape: Shape) -> Rules:
    """The classic rules of ``shape`` (see :meth:`Rules.classic`)."""
    return Rules.classic(shape)


def parse_names(text: str) -> list[str]:
    """The preset names in ``"x+anti-knight"``, checked: RulesError for a name that is no
    preset (listing the known ones), UnsupportedRulesError for overlapping grids."""
    if not isinstance(text, str):
        raise TypeError(f"a rules name is a string such as 'x+anti-knight', not "
                        f"{type(text).__name__}")
    out = []
    for part in text.split("+"):
        key = part.strip().lower().replace("_", "-").replace(" ", "-")
        key = ALIASES.get(key, key)
        if key in OVERLAPPING:
            raise UnsupportedRulesError(f"{key} puzzles (overlapping grids) are not the rules "
                                        f"of one grid: see sudokit.sheets.Sheet.preset({key!r})")
        if key not in PRESETS:
            raise RulesError(f"unknown rules {part.strip()!r}: known are "
                             f"{', '.join(PRESETS)} (joined with '+', e.g. 'x+anti-knight')")
        if key != "classic":
            out.append(key)
    return out


def _rebuild(size: int, regions: tuple[int, ...] | None, flags: tuple[bool, ...],
             odd: tuple[int, ...], even: tuple[int, ...],
             box: tuple[int, int] | None, constraints: tuple[Constraint, ...] = ()) -> Rules:
    """Rules from the pieces ``Rules.__reduce__`` gives (for pickling)."""
    return Rules(size, regions=regions, odd=odd, even=even, box=box,
                 constraints=constraints, **dict(zip(_FLAGS, flags, strict=True)))


def _shape_for(size: int, box: tuple[int, int] | None, has_regions: bool) -> Shape:
    """The grid's shape: the natural (or given) boxes; a size with no natural box (a prime
    such as 7) is allowed when the regions replace the boxes."""
    if has_regions and box is None and size > 3 \
            and all(size % r for r in range(2, int(size**0.5) + 1)):
        return Shape(1, size)
    return Shape.for_size(size, box)


@lru_cache(maxsize=64)
def _box_ids(shape: Shape) -> tuple[int, ...]:
    """The standard boxes as region ids, numbered by first appearance in reading order."""
    return _renumbered([shape.box_of(cell) for cell in range(shape.ncells)])


def _renumbered(ids: Sequence[object]) -> tuple[int, ...]:
    """Region ids 0, 1, ... in the order the regions first appear in reading order."""
    seen: dict[object, int] = {}
    return tuple(seen.setdefault(i, len(seen)) for i in ids)


def _region_ids(regions: object, n: int) -> tuple[int, ...]:
    """The region of each cell, checked: N*N cells, N regions of N cells each."""
    if isinstance(regions, str):
        raw: list[object] = list(regions)
    elif isinstance(regions, bytes) or not hasattr(regions, "__iter__"):
        raise TypeError(f"Rules: regions must be a string of N*N symbols or N*N region "
                        f"numbers, not {type(regions).__name__}")
    else:
        raw = list(regions)
        for cell, value in enumerate(raw):
            if not is_whole(value) or not 0 <= int(value) < n:  # type: ignore[call-overload]
                raise RulesError(f"regions: cell {cell} has region {value!r}; regions are "
                                 f"numbered 0 to {n - 1}")
    if len(raw) != n * n:
        raise RulesError(f"regions: {len(raw)} cells given, a {n}x{n} grid has {n * n}")
    sizes: dict[object, int] = {}
    for value in raw:
        sizes[value] = sizes.get(value, 0) + 1
    if len(sizes) != n:
        raise RulesError(f"regions: {len(sizes)} regions, a {n}x{n} grid needs {n}")
    for value, count in sizes.items():
        if count != n:
            raise RulesError(f"regions: region {value!r} has {count} cells, each needs {n}")
    return _renumbered(raw)


def _cells(cells: Iterable[int], name: str, n: int) -> tuple[int, ...]:
    """Sorted distinct cell numbers of an N x N grid, checked."""
    if isinstance(cells, str | bytes) or not hasattr(cells, "__iter__"):
        raise TypeError(f"Rules: {name} must be cell numbers, not {type(cells).__name__}")
    out = set()
    for cell in cells:
        if not is_whole(cell):
            raise TypeError(f"Rules: {name} holds {cell!r}, not a cell number")
        if not 0 <= int(cell) < n * n:
            raise RulesError(f"{name} cells: {cell} is not a cell of a {n}x{n} grid "
                             f"(0 to {n * n - 1})")
        out.add(int(cell))
    return tuple(sorted(out))


def _moves(n: int, steps: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The pairs (a < b) of cells of an N x N grid one of ``steps`` apart."""
    out = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < n and 0 <= c2 < n:
                    a, b = r * n + c, r2 * n + c2
                    out.add((min(a, b), max(a, b)))
    return out


def refusal(rules: Rules, doing: str) -> UnsupportedRulesError | None:
    """The error that refuses work on puzzles under ``rules`` that cannot honour them yet
    (None for the classic rules): ``doing`` names the work, as in ``"rating"`` ->
    "rating X + anti-knight 9x9 puzzles is not supported yet"."""
    if rules.is_classic:
        return None
    return UnsupportedRulesError(f"{doing} {rules.describe()} puzzles is not supported yet")
