"""What every constraint has, and the checks of cells and lines they share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from ..errors import RulesError


def cell_tuple(cells: Iterable[int], what: str) -> tuple[int, ...]:
    if type(cells) in (tuple, list) and all(type(cell) is int for cell in cells):
        return tuple(cells)  # (the common case, at once: a killer has dozens of cages)
    if isinstance(cells, str | bytes) or not hasattr(cells, "__iter__"):
        raise TypeError(f"{what}: cells must be cell numbers, not {type(cells).__name__}")
    out = []
    for cell in cells:
        if isinstance(cell, bool) or not isinstance(cell, int):
            raise TypeError(f"{what}: {cell!r} is not a cell number")
        out.append(int(cell))
    return tuple(out)


def cell_name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def adjacent(a: int, b: int, n: int) -> bool:
    """True when cells a and b touch at a side or a corner."""
    ra, ca = divmod(a, n)
    rb, cb = divmod(b, n)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


class Constraint:
    """What every constraint has: ``family`` (its preset name), ``cells`` (every cell it
    touches), ``check(n)`` (RulesError when it cannot be on an N x N grid) and
    ``holds(digits, n)`` (True when a complete grid of N*N digits keeps it)."""

    __slots__ = ()
    #: Its parameters with a default, left out of ``repr`` when they have it.
    defaults: ClassVar[dict[str, object]] = {}
    family: ClassVar[str] = ""
    #: Its name in words, for messages: "cage", "thermometer", ...
    word: ClassVar[str] = ""

    @property
    def cells(self) -> tuple[int, ...]:
        raise NotImplementedError

    def check(self, n: int) -> None:
        """RulesError when this constraint cannot be drawn on an N x N grid."""
        cells = self.cells
        for cell in cells:
            if not 0 <= cell < n * n:
                raise RulesError(f"{self.word}: {cell} is not a cell of a {n}x{n} grid "
                                 f"(0 to {n * n - 1})")
        seen: set[int] = set()
        for cell in cells:
            if cell in seen:
                raise RulesError(f"{self.word} at {cell_name(cells[0], n)} passes through "
                                 f"{cell_name(cell, n)} twice")
            seen.add(cell)
        self._check(n)

    def _check(self, n: int) -> None:
        """The checks of one kind of constraint beyond cells on the grid, each once."""

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        """True when the complete grid ``digits`` keeps it (``regions``: the region of
        each cell, for the constraints that read them; the standard boxes if None)."""
        raise NotImplementedError

    def where(self, n: int) -> str:
        """Where it is, in words: "the cage at r1c1"."""
        return f"the {self.word} at {cell_name(self.cells[0], n)}"

    # -- a value: immutable, equal by content, a repr that pastes back -----------------
    def values(self) -> tuple[object, ...]:
        """Its parameters, in the order its constructor takes them."""
        return tuple(getattr(self, name) for name in self.names())

    def names(self) -> tuple[str, ...]:
        """The names of its parameters, in the order its constructor takes them."""
        names: tuple[str, ...] = type(self).__slots__
        return names

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__} cannot be changed (tried to set "
                             f"{name!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Constraint):
            return NotImplemented
        return type(self) is type(other) and self.values() == other.values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.values()))

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), self.values())

    def __repr__(self) -> str:
        parts: list[str] = []
        keyword = False
        for name, value in zip(self.names(), self.values(), strict=True):
            if name in self.defaults and self.defaults[name] == value:
                keyword = True
                continue
            keyword = keyword or isinstance(self.defaults.get(name), bool)
            parts.append(f"{name}={value!r}" if keyword else repr(value))
        return f"{type(self).__name__}({', '.join(parts)})"


class Line(Constraint):
    """A constraint along a line of cells, each touching the next."""

    __slots__ = ()
    line: tuple[int, ...]
    min_cells: ClassVar[int] = 2

    @property
    def cells(self) -> tuple[int, ...]:
        return self.line

    def _check(self, n: int) -> None:
        self.check_line(n)

    def check_line(self, n: int) -> None:
        """RulesError for a line too short, or with two cells next on it that do not
        touch."""
        if len(self.line) < self.min_cells:
            raise RulesError(f"{self.word} at {cell_name(self.line[0], n) if self.line else '?'}"
                             f" needs at least {self.min_cells} cells, has {len(self.line)}")
        for a, b in zip(self.line, self.line[1:], strict=False):
            if not adjacent(a, b, n):
                raise RulesError(f"{self.word}: {cell_name(a, n)} and {cell_name(b, n)} are next "
                                 f"on the line but do not touch")



def line_init(self: Constraint, line: Iterable[int]) -> None:
    object.__setattr__(self, "line", cell_tuple(line, self.word))


class Pair(Constraint):
    """A sign between two cells that share a side."""

    __slots__ = ()
    a: int
    b: int

    @property
    def cells(self) -> tuple[int, ...]:
        return (self.a, self.b)

    def _check(self, n: int) -> None:
        ra, ca = divmod(self.a, n)
        rb, cb = divmod(self.b, n)
        if abs(ra - rb) + abs(ca - cb) != 1:
            raise RulesError(f"{self.word}: {cell_name(self.a, n)} and {cell_name(self.b, n)} do "
                             f"not share a side")

    def where(self, n: int) -> str:
        return f"the {self.word} between {cell_name(self.a, n)} and {cell_name(self.b, n)}"
