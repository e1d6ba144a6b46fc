"""The constraints of modern sudoku drawn on the grid: cages, lines, dots and signs. It may
import only the errors and the shape, the values beside it.

Each is an immutable value naming the cells it touches (numbers 0..N*N-1 in reading order)
and what their digits must do. :class:`~sudokit.rules.Rules` holds any number of them in
``constraints``; the engines, the logic, the generator and the pictures read them from
there. Each class says in one method, :meth:`Constraint.holds`, when a complete grid keeps
it: that is the meaning every faster path is checked against.

>>> Cage((0, 1, 9), 10)
Cage((0, 1, 9), 10)
>>> Thermo((0, 1, 2)).holds([1, 4, 9] + [0] * 78, 9)
True
>>> Arrow((0,), (1, 2)).holds([7, 3, 4] + [0] * 78, 9)
True

Glossary (the words the messages use):

- cage: cells in a dashed outline whose digits add up to the total written in its corner
  (a cage without a total only says its digits differ); digits in a cage differ unless
  the puzzle says they may repeat.
- little killer: a sum written outside the grid along a diagonal; digits may repeat.
- thermometer: digits increase from the bulb (the first cell) along the line; a slow one
  may also stay the same.
- arrow: the digits on the line add up to the number in the circle (its cells read as
  one number, in order, when the circle covers several cells).
- German whispers: neighbours on the line differ by at least 5 (``gap``).
- renban: the line's digits are a run of consecutive digits in any order, all different.
- palindrome: the line reads the same both ways.
- between line: the digits strictly between the two circled ends lie strictly between
  their digits.
- region-sum line: where the line crosses region borders, each piece adds up to the same.
- entropic line: any three cells in a row on the line hold one low (1-3), one middle (4-6)
  and one high digit (7-9) (for N x N: the digits split in three equal thirds).
- kropki dot: a white dot joins consecutive digits, a black dot digits of which one is
  twice the other; with "all dots given", neighbours without a dot are neither.
- XV: an X joins digits adding up to 10, a V digits adding up to 5; with "all given",
  neighbours without a sign add up to neither.
- greater-than sign: the digit on the open side (``big``) is greater than the other.
- sandwich: the sum of the digits between the 1 and the N of a row or column.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import RulesError
from ._base import Constraint, Line, Pair
from .cages import Cage, LittleKiller, Sandwich, cage_sum_reachable
from .lines import Arrow, Between, Entropic, Palindrome, RegionSum, Renban, Thermo, Whisper
from .signs import XV, GreaterThan, Kropki, pair_keeps_dot

__all__ = ["Constraint", "Line", "Pair", "Cage", "LittleKiller", "Thermo", "Arrow", "Whisper",
           "Renban", "Palindrome", "Between", "RegionSum", "Entropic", "Kropki", "XV",
           "GreaterThan", "Sandwich", "FAMILIES", "cage_sum_reachable", "pair_keeps_dot",
           "checked"]

#: The families, in the order names are listed, with their words for ``describe``.
FAMILIES: dict[str, str] = {
    "killer": "killer", "little-killer": "little killer", "thermo": "thermo",
    "arrow": "arrow", "whispers": "German whispers", "renban": "renban",
    "palindrome": "palindrome", "between": "between lines", "region-sum": "region-sum lines",
    "entropic": "entropic lines", "kropki": "kropki", "xv": "XV",
    "greater-than": "greater-than", "sandwich": "sandwich",
}


def checked(items: Iterable[Constraint], n: int) -> tuple[Constraint, ...]:
    """The constraints, checked against an N x N grid and sorted (rules are equal by
    content, whatever order a file lists them in); cages may not overlap."""
    if isinstance(items, str | bytes) or not hasattr(items, "__iter__"):
        raise TypeError(f"Rules: constraints must be a list of constraints, not "
                        f"{type(items).__name__}")
    out = []
    for item in items:
        if not isinstance(item, Constraint):
            raise TypeError(f"Rules: {item!r} is not a constraint (see sudokit.constraints)")
        item.check(n)
        out.append(item)
    caged: set[int] = set()
    for item in out:
        if isinstance(item, Cage):
            for cell in item.cells:
                if cell in caged:
                    raise RulesError(f"cages overlap at r{cell // n + 1}c{cell % n + 1}")
                caged.add(cell)
    return tuple(sorted(set(out), key=lambda c: (type(c).__name__, repr(c))))
