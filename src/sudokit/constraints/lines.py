"""Lines drawn through touching cells: thermometers, arrows, whispers, renban, palindromes,
between, region-sum and entropic lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from ..errors import RulesError
from ._base import Constraint, Line, adjacent, cell_name, cell_tuple, line_init


class Thermo(Line):
    """Digits increase from the bulb (``line[0]``) along the line; with ``slow`` they may
    also stay the same."""

    __slots__ = ('line', 'slow')
    defaults: ClassVar[dict[str, object]] = {'slow': False}
    line: tuple[int, ...]
    slow: bool
    family: ClassVar[str] = "thermo"
    word: ClassVar[str] = "thermometer"

    def __init__(self, line: Iterable[int], slow: bool = False) -> None:
        line_init(self, line)
        object.__setattr__(self, "slow", bool(slow))

    def _check(self, n: int) -> None:
        self.check_line(n)
        if not self.slow and len(self.line) > n:
            raise RulesError(f"the thermometer at {cell_name(self.line[0], n)} has "
                             f"{len(self.line)} cells: digits 1-{n} cannot increase along it")

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        values = [digits[c] for c in self.line]
        if self.slow:
            return all(a <= b for a, b in zip(values, values[1:], strict=False))
        return all(a < b for a, b in zip(values, values[1:], strict=False))



class Arrow(Constraint):
    """The digits on ``line`` add up to the number the ``circle``'s cells read, in order
    (one cell: its digit; two cells: tens and units, ...)."""

    __slots__ = ('circle', 'line')
    circle: tuple[int, ...]
    line: tuple[int, ...]
    family: ClassVar[str] = "arrow"
    word: ClassVar[str] = "arrow"

    def __init__(self, circle: Iterable[int], line: Iterable[int]) -> None:
        object.__setattr__(self, "circle", cell_tuple(circle, "arrow"))
        object.__setattr__(self, "line", cell_tuple(line, "arrow"))

    @property
    def cells(self) -> tuple[int, ...]:
        return self.circle + self.line

    def _check(self, n: int) -> None:
        if not self.circle or not self.line:
            raise RulesError(f"arrow: an arrow needs a circle and a line "
                             f"({len(self.circle)} circle cells, {len(self.line)} line cells)")
        steps = [self.line[0]] + list(self.line)
        if not any(adjacent(c, self.line[0], n) for c in self.circle):
            raise RulesError(f"arrow: the line starts at {cell_name(self.line[0], n)}, away "
                             f"from its circle at {cell_name(self.circle[0], n)}")
        for a, b in zip(steps[1:], steps[2:], strict=False):
            if not adjacent(a, b, n):
                raise RulesError(f"arrow: {cell_name(a, n)} and {cell_name(b, n)} are next on the "
                                 f"line but do not touch")

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        number = 0
        for c in self.circle:
            number = number * 10 + digits[c]
        return sum(digits[c] for c in self.line) == number

    def where(self, n: int) -> str:
        return f"the arrow from {cell_name(self.circle[0], n)}"


class Whisper(Line):
    """Neighbours on the line differ by at least ``gap`` (German whispers: 5 on 9x9)."""

    __slots__ = ('line', 'gap')
    defaults: ClassVar[dict[str, object]] = {'gap': 5}
    line: tuple[int, ...]
    gap: int
    family: ClassVar[str] = "whispers"
    word: ClassVar[str] = "whispers line"

    def __init__(self, line: Iterable[int], gap: int = 5) -> None:
        line_init(self, line)
        if isinstance(gap, bool) or not isinstance(gap, int) or gap < 1:
            raise TypeError(f"whispers: the gap must be a whole number of 1 or more, "
                            f"not {gap!r}")
        object.__setattr__(self, "gap", gap)

    def _check(self, n: int) -> None:
        self.check_line(n)
        if self.gap >= n:
            raise RulesError(f"whispers line: digits 1-{n} cannot differ by {self.gap}")

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        values = [digits[c] for c in self.line]
        return all(abs(a - b) >= self.gap for a, b in zip(values, values[1:], strict=False))



class Renban(Line):
    """The line's digits differ and form a run of consecutive digits, in any order."""

    __slots__ = ('line',)
    line: tuple[int, ...]
    family: ClassVar[str] = "renban"
    word: ClassVar[str] = "renban line"
    min_cells: ClassVar[int] = 1

    def __init__(self, line: Iterable[int]) -> None:
        line_init(self, line)

    def _check(self, n: int) -> None:
        self.check_line(n)
        if len(self.line) > n:
            raise RulesError(f"the renban line at {cell_name(self.line[0], n)} has "
                             f"{len(self.line)} cells: no run of 1-{n} is that long")

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        values = {digits[c] for c in self.line}
        return len(values) == len(self.line) and max(values) - min(values) == len(values) - 1


class Palindrome(Line):
    """The line reads the same from either end."""

    __slots__ = ('line',)
    line: tuple[int, ...]
    family: ClassVar[str] = "palindrome"
    word: ClassVar[str] = "palindrome line"

    def __init__(self, line: Iterable[int]) -> None:
        line_init(self, line)

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        values = [digits[c] for c in self.line]
        return values == values[::-1]


class Between(Line):
    """The digits between the two ends (circles) lie strictly between the ends' digits."""

    __slots__ = ('line',)
    line: tuple[int, ...]
    family: ClassVar[str] = "between"
    word: ClassVar[str] = "between line"
    min_cells: ClassVar[int] = 3

    def __init__(self, line: Iterable[int]) -> None:
        line_init(self, line)

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        a, b = digits[self.line[0]], digits[self.line[-1]]
        low, high = min(a, b), max(a, b)
        return all(low < digits[c] < high for c in self.line[1:-1])


class RegionSum(Line):
    """Each piece of the line within one region adds up to the same total. ``regions``
    (the region of each cell) come from the rules that hold the line."""

    __slots__ = ('line',)
    line: tuple[int, ...]
    family: ClassVar[str] = "region-sum"
    word: ClassVar[str] = "region-sum line"

    def __init__(self, line: Iterable[int]) -> None:
        line_init(self, line)

    def pieces(self, regions: Sequence[int]) -> list[list[int]]:
        """The line cut where it crosses from one region into another."""
        out: list[list[int]] = []
        for k, cell in enumerate(self.line):
            if k == 0 or regions[cell] != regions[self.line[k - 1]]:
                out.append([])
            out[-1].append(cell)
        return out

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        if regions is None:  # the standard boxes of a 9x9, or of the size's natural shape
            from ..shape import Shape  # values of the bottom layer; imported only here

            shape = Shape.for_size(n)
            regions = [shape.box_of(c) for c in range(n * n)]
        sums = {sum(digits[c] for c in piece) for piece in self.pieces(regions)}
        return len(sums) == 1


class Entropic(Line):
    """Any three cells in a row on the line hold one digit from each third of 1..N."""

    __slots__ = ('line',)
    line: tuple[int, ...]
    family: ClassVar[str] = "entropic"
    word: ClassVar[str] = "entropic line"

    def __init__(self, line: Iterable[int]) -> None:
        line_init(self, line)

    def _check(self, n: int) -> None:
        self.check_line(n)
        if n % 3:
            raise RulesError(f"entropic lines need digits that split in thirds, not 1-{n}")

    def holds(self, digits: Sequence[int], n: int,
              regions: Sequence[int] | None = None) -> bool:
        third = [(digits[c] - 1) * 3 // n for c in self.line]
        return all(len({third[k], third[k + 1], third[k + 2]}) == 3
                   for k in range(len(third) - 2)) and \
            all(a != b for a, b in zip(third, third[1:], strict=False))
