"""Thermometers, arrows and kropki dots drawn on a solution grid, each kept by it: the
clues of a thermo, arrow or kropki puzzle before its givens are dug.

>>> import random
>>> solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
>>> rules = drawn(Rules(4), solution, ("thermo",), random.Random(2))
>>> rules.names, rules.keeps(solution)
(('thermo',), True)

What is drawn:

- thermo: thermometers walked from random bulbs, each step to a touching cell (sides and
  corners) whose digit is greater, most often the least greater one so that the line can
  go on; 3 to 6 cells (2 to 4 on a 4x4), about four for every three digits;
- arrow: arrows from random circles of one cell, the line walked through touching cells
  whose digits add up to the circle's digit, two cells or more; as many as thermometers;
- kropki: a dot between every two side neighbours whose digits are consecutive (white) or
  one twice the other (black; 1 and 2 take either at random), and "all dots given", so
  that neighbours without a dot are neither.

Lines never share a cell, and two diagonal steps never cross. The givens are then dug as
for any variant (:mod:`.variants`), to as few as keep one solution.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..constraints import Arrow, Constraint, Kropki, Thermo
from ..rules import Rules

#: The families drawn here.
FAMILIES = ("thermo", "arrow", "kropki")

#: Walks tried per line before fewer lines are taken.
_WALKS = 40


def line_count(n: int) -> int:
    """Thermometers or arrows drawn on an N x N grid: 11 on 9x9 (about 12 givens are
    left with 8, 9 with 11)."""
    return round(n * 4 / 3) - 1


def drawn(rules: Rules, solution: Sequence[int], families: Sequence[str],
          rng: random.Random) -> Rules:
    """``rules`` with the clues of ``families`` (of :data:`FAMILIES`; others are left to
    their own makers) drawn where ``solution`` keeps them."""
    n = rules.size
    made: list[Constraint] = []
    board = _Board(n)
    if "thermo" in families:
        made += thermometers(solution, n, rng, board)
    if "arrow" in families:
        made += arrows(solution, n, rng, board)
    if "kropki" not in families:
        return rules.replace(constraints=[*rules.constraints, *made]) if made else rules
    made += kropki_dots(solution, n, rng)
    return rules.replace(constraints=[*rules.constraints, *made], all_dots=True)


class _Board:
    """The cells and diagonal crossings that lines drawn so far take."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.used: set[int] = set()
        self.crossings: set[tuple[int, int]] = set()
        self.touching = [_touching(cell, n) for cell in range(n * n)]

    def crossing(self, a: int, b: int) -> tuple[int, int] | None:
        """The point a diagonal step from a to b passes (None for a step along a side)."""
        (ra, ca), (rb, cb) = divmod(a, self.n), divmod(b, self.n)
        if ra == rb or ca == cb:
            return None
        return (ra + rb, ca + cb)

    def free_steps(self, path: list[int]) -> list[int]:
        """The cells a line ending ``path`` may step to: free, and crossing no diagonal."""
        last = path[-1]
        return [o for o in self.touching[last] if o not in self.used and o not in path
                and not self._crosses(path, last, o)]

    def _crosses(self, path: list[int], a: int, b: int) -> bool:
        """Whether a step from a to b crosses a diagonal step drawn or on ``path``."""
        point = self.crossing(a, b)
        return point is not None and (point in self.crossings or any(
            self.crossing(x, y) == point for x, y in zip(path, path[1:], strict=False)))

    def take(self, cells: Sequence[int]) -> None:
        """Mark the line through ``cells`` as drawn."""
        self.used.update(cells)
        for a, b in zip(cells, cells[1:], strict=False):
            point = self.crossing(a, b)
            if point is not None:
                self.crossings.add(point)


def _touching(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [r2 * n + c2 for r2 in (r - 1, r, r + 1) for c2 in (c - 1, c, c + 1)
            if 0 <= r2 < n and 0 <= c2 < n and (r2, c2) != (r, c)]


def thermometers(solution: Sequence[int], n: int, rng: random.Random,
                 board: _Board | None = None) -> list[Thermo]:
    """:func:`line_count` thermometers that ``solution`` keeps, on cells ``board`` leaves
    free (fewer where no more fit)."""
    board = board or _Board(n)
    shortest, longest = (2, 4) if n <= 4 else (3, min(6, n))
    out: list[Thermo] = []
    for _ in range(_WALKS * n):
        if len(out) == line_count(n):
            break
        free = sorted(set(range(n * n)) - board.used)
        if not free:
            break
        path = [rng.choice(free)]
        size = shortest + rng.randrange(longest - shortest + 1)
        while len(path) < size:
            up = [o for o in board.free_steps(path) if solution[o] > solution[path[-1]]]
            if not up:
                break
            least = min(solution[o] for o in up)
            near = [o for o in up if solution[o] == least]
            path.append(rng.choice(near if rng.random() < 0.7 else up))
        if len(path) >= shortest:
            board.take(path)
            out.append(Thermo(path))
    return out


def arrows(solution: Sequence[int], n: int, rng: random.Random,
           board: _Board | None = None) -> list[Arrow]:
    """:func:`line_count` arrows (a one-cell circle and a line of two cells or more) that
    ``solution`` keeps, on cells ``board`` leaves free (fewer where no more fit)."""
    board = board or _Board(n)
    out: list[Arrow] = []
    for _ in range(_WALKS * n):
        if len(out) == line_count(n):
            break
        free = sorted(c for c in set(range(n * n)) - board.used if solution[c] >= 3)
        if not free:
            break
        circle = rng.choice(free)
        board.used.add(circle)
        line = _arrow_line(circle, solution, rng, board)
        board.used.discard(circle)
        if line is not None:
            board.take([circle, *line])
            out.append(Arrow((circle,), line))
    return out


def _arrow_line(circle: int, solution: Sequence[int], rng: random.Random,
                board: _Board) -> list[int] | None:
    """A line from ``circle`` whose digits add up to the circle's, or None."""
    for _ in range(_WALKS):
        path = [circle]
        left = solution[circle]
        while left > 0:
            steps = [o for o in board.free_steps(path) if solution[o] <= left
                     and (solution[o] < left or len(path) >= 2)]
            if not steps:
                break
            cell = rng.choice(steps)
            path.append(cell)
            left -= solution[cell]
        if left == 0 and len(path) >= 3:
            return path[1:]
    return None


def kropki_dots(solution: Sequence[int], n: int, rng: random.Random) -> list[Kropki]:
    """A dot between every two side neighbours whose digits in ``solution`` take one:
    white for consecutive digits, black for one twice the other (1 and 2: either)."""
    out = []
    for a in range(n * n):
        r, c = divmod(a, n)
        for b in ((a + 1,) if c + 1 < n else ()) + ((a + n,) if r + 1 < n else ()):
            x, y = solution[a], solution[b]
            colours = [colour for colour, keeps in (("white", abs(x - y) == 1),
                                                    ("black", x == 2 * y or y == 2 * x))
                       if keeps]
            if colours:
                out.append(Kropki(a, b, rng.choice(colours)))
    return out
