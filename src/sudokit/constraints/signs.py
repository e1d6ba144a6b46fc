"""Signs between two cells that share a side: kropki dots, X and V, greater-than."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..errors import RulesError
from ._base import Pair, cell_tuple


class Kropki(Pair):
    """A dot between two cells: ``"white"`` (consecutive digits) or ``"black"`` (one digit
    twice the other)."""

    __slots__ = ('a', 'b', 'colour')
    a: int
    b: int
    colour: str
    family: ClassVar[str] = "kropki"
    word: ClassVar[str] = "kropki dot"

    def __init__(self, a: int, b: int, colour: str) -> None:
        a, b = cell_tuple((a, b), "kropki dot")
        if colour not in ("white", "black"):
            raise RulesError(f"kropki dot: a dot is white or black, not {colour!r}")
        object.__setattr__(self, "a", min(a, b))
        object.__setattr__(self, "b", max(a, b))
        object.__setattr__(self, "colour", colour)

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        return pair_keeps_dot(digits[self.a], digits[self.b], self.colour)


def pair_keeps_dot(x: int, y: int, colour: str) -> bool:
    """True when digits x and y fit a kropki dot of ``colour``."""
    if colour == "white":
        return abs(x - y) == 1
    return x == 2 * y or y == 2 * x


class XV(Pair):
    """An X (the two digits add up to 10) or a V (to 5) between two cells: ``total``."""

    __slots__ = ('a', 'b', 'total')
    a: int
    b: int
    total: int
    family: ClassVar[str] = "xv"
    word: ClassVar[str] = "XV sign"

    def __init__(self, a: int, b: int, total: int) -> None:
        a, b = cell_tuple((a, b), "XV sign")
        if total not in (5, 10):
            raise RulesError(f"XV sign: an X stands for 10 and a V for 5, not {total!r}")
        object.__setattr__(self, "a", min(a, b))
        object.__setattr__(self, "b", max(a, b))
        object.__setattr__(self, "total", total)

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        return digits[self.a] + digits[self.b] == self.total


class GreaterThan(Pair):
    """The digit of ``big`` is greater than the digit of ``small``."""

    __slots__ = ('big', 'small')
    big: int
    small: int
    family: ClassVar[str] = "greater-than"
    word: ClassVar[str] = "greater-than sign"

    def __init__(self, big: int, small: int) -> None:
        big, small = cell_tuple((big, small), "greater-than sign")
        object.__setattr__(self, "big", big)
        object.__setattr__(self, "small", small)

    @property
    def a(self) -> int:  # type: ignore[override]
        return self.big

    @property
    def b(self) -> int:  # type: ignore[override]
        return self.small

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        return digits[self.big] > digits[self.small]
