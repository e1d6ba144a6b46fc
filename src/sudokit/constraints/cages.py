"""Sums over cells: cages, little killers along diagonals, sandwich sums."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, cast

from ..errors import RulesError
from ._base import Constraint, cell_name, cell_tuple


class Cage(Constraint):
    """Cells whose digits add up to ``total`` (None: no total given) and differ, unless
    ``repeat`` says they may repeat."""

    __slots__ = ('cells', 'total', 'repeat')
    defaults: ClassVar[dict[str, object]] = {'total': None, 'repeat': False}
    cells: tuple[int, ...]
    total: int | None
    repeat: bool
    family: ClassVar[str] = "killer"
    word: ClassVar[str] = "cage"

    def __init__(self, cells: Iterable[int], total: int | None = None,
                 repeat: bool = False) -> None:
        object.__setattr__(self, "cells", tuple(sorted(cell_tuple(cells, "cage"))))
        if total is not None and (isinstance(total, bool) or not isinstance(total, int)):
            raise TypeError(f"cage: the total must be a whole number, not {total!r}")
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "repeat", bool(repeat))

    def _check(self, n: int) -> None:
        if not self.cells:
            raise RulesError("cage: a cage needs at least one cell")
        if not self.repeat and len(self.cells) > n:
            raise RulesError(f"the cage at {cell_name(self.cells[0], n)} has "
                             f"{len(self.cells)} cells: no more than {n} digits differ")
        if self.total is not None and not cage_sum_reachable(
                len(self.cells), self.total, n, self.repeat):
            raise RulesError(f"the cage at {cell_name(self.cells[0], n)}: no "
                             f"{len(self.cells)} digits of 1-{n} add up to {self.total}")

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        values = [digits[c] for c in self.cells]
        if not self.repeat and len(set(values)) != len(values):
            return False
        return self.total is None or sum(values) == self.total

    # The value methods of every constraint, written out for the cage: a killer has dozens,
    # and rules sort and hash them each time they are made (the same results).
    def values(self) -> tuple[object, ...]:
        if type(self) is not Cage:
            return super().values()
        return (self.cells, self.total, self.repeat)

    def __eq__(self, other: object) -> bool:
        if type(self) is not Cage or type(other) is not Cage:
            return super().__eq__(other)
        cage = cast(Cage, other)
        return (self.cells == cage.cells and self.total == cage.total
                and self.repeat == cage.repeat)

    def __hash__(self) -> int:
        if type(self) is not Cage:
            return super().__hash__()
        return hash(("Cage", (self.cells, self.total, self.repeat)))

    def __repr__(self) -> str:
        if type(self) is not Cage:
            return super().__repr__()
        total = "" if self.total is None else f", {self.total!r}"
        return f"Cage({self.cells!r}{total}{', repeat=True' if self.repeat else ''})"



class LittleKiller(Constraint):
    """The digits along a diagonal ``line`` (the cells, in order from the clue) add up to
    ``total``; they may repeat."""

    __slots__ = ('line', 'total')
    line: tuple[int, ...]
    total: int
    family: ClassVar[str] = "little-killer"
    word: ClassVar[str] = "little killer"

    def __init__(self, line: Iterable[int], total: int) -> None:
        object.__setattr__(self, "line", cell_tuple(line, "little killer"))
        if isinstance(total, bool) or not isinstance(total, int):
            raise TypeError(f"little killer: the total must be a whole number, not {total!r}")
        object.__setattr__(self, "total", total)

    @property
    def cells(self) -> tuple[int, ...]:
        return self.line

    def _check(self, n: int) -> None:
        if not self.line:
            raise RulesError("little killer: the diagonal holds no cell")
        for a, b in zip(self.line, self.line[1:], strict=False):
            if abs(a // n - b // n) != 1 or abs(a % n - b % n) != 1:
                raise RulesError(f"little killer: {cell_name(a, n)} and {cell_name(b, n)} are not "
                                 f"on one diagonal")
        if not len(self.line) <= self.total <= n * len(self.line):
            raise RulesError(f"the little killer along {cell_name(self.line[0], n)}: "
                             f"{len(self.line)} digits of 1-{n} cannot add up to {self.total}")

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        return sum(digits[c] for c in self.line) == self.total


class Sandwich(Constraint):
    """The digits between the 1 and the N of a row or column (``"row"``/``"col"`` and its
    ``index`` from 0) add up to ``total``."""

    __slots__ = ('house', 'index', 'total')
    house: str
    index: int
    total: int
    family: ClassVar[str] = "sandwich"
    word: ClassVar[str] = "sandwich sum"

    def __init__(self, house: str, index: int, total: int) -> None:
        if house not in ("row", "col"):
            raise RulesError(f"sandwich: the clue stands by a row or a col, not {house!r}")
        for what, value in (("index", index), ("total", total)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"sandwich: the {what} must be a whole number, not {value!r}")
        object.__setattr__(self, "house", house)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "total", total)

    @property
    def cells(self) -> tuple[int, ...]:
        return ()

    def line_cells(self, n: int) -> tuple[int, ...]:
        """The cells of its row or column, in order."""
        if self.house == "row":
            return tuple(self.index * n + c for c in range(n))
        return tuple(r * n + self.index for r in range(n))

    def _check(self, n: int) -> None:
        if not 0 <= self.index < n:
            raise RulesError(f"sandwich: a {n}x{n} grid has no {self.house} {self.index + 1}")
        if not 0 <= self.total <= sum(range(2, n)):
            raise RulesError(f"the sandwich sum of {self.house} {self.index + 1}: digits "
                             f"between 1 and {n} cannot add up to {self.total}")

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        values = [digits[c] for c in self.line_cells(n)]
        i, j = sorted((values.index(1), values.index(n)))
        return sum(values[i + 1:j]) == self.total

    def where(self, n: int) -> str:
        return f"the sandwich sum of {self.house} {self.index + 1}"


def cage_sum_reachable(size: int, total: int, n: int, repeat: bool = False) -> bool:
    """True when ``size`` digits of 1..N (distinct unless ``repeat``) can add up to
    ``total``."""
    if repeat:
        return size <= total <= n * size
    if size > n:
        return False
    low = size * (size + 1) // 2
    high = size * (2 * n - size + 1) // 2
    return low <= total <= high
