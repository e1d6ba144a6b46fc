"""A plain backtracking solver for sudoku with cages, lines, dots and signs: the reference
the engines are checked against on such rules.

The classic part (houses, differ pairs, non-consecutive neighbours, odd and even cells) is
``support.exact_cover.Reference``, read from the rules' words. Each constraint is then
checked on the partial grid by :func:`partial_ok`: a small, sound test per kind (it never
rejects digits that a completion could keep, and on a constraint whose cells are all
filled it is the constraint's own ``holds``). Every full grid found is checked once more
with ``rules.keeps``. Slow, and simple on purpose.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sudokit import Rules
from sudokit.constraints import (
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
from support.exact_cover import OutOfBudget, Reference

__all__ = ["ConstraintReference", "OutOfBudget", "partial_ok", "solutions", "touched"]


def touched(constraint: Constraint, n: int) -> tuple[int, ...]:
    """The cells whose digits the constraint reads (a sandwich reads its whole row)."""
    if isinstance(constraint, Sandwich):
        return constraint.line_cells(n)
    return constraint.cells


def _sum_bounds_ok(values: Sequence[int], total: int, n: int, distinct: bool) -> bool:
    """Can the blanks (0) among ``values`` be filled with digits 1..N so that all add up
    to ``total``? Bounds only: blanks at least 1 and at most N each."""
    filled = [v for v in values if v]
    if distinct and len(set(filled)) != len(filled):
        return False
    blanks = len(values) - len(filled)
    return sum(filled) + blanks <= total <= sum(filled) + blanks * n


def _thermo_ok(values: Sequence[int], n: int, slow: bool) -> bool:
    step = 0 if slow else 1
    filled = [(k, v) for k, v in enumerate(values) if v]
    for k, v in filled:  # the k-th cell of a thermometer is at least k+1, ...
        if not slow and not k + 1 <= v <= n - (len(values) - 1 - k):
            return False
    return all(b - a >= step * (j - i)
               for (i, a), (j, b) in zip(filled, filled[1:], strict=False))


def _circle_bounds(values: Sequence[int], n: int) -> tuple[int, int]:
    """The least and greatest number a circle of digits (0: blank) can read."""
    low = high = 0
    for v in values:
        low = low * 10 + (v or 1)
        high = high * 10 + (v or n)
    return low, high


def _arrow_ok(constraint: Arrow, digits: Sequence[int], n: int) -> bool:
    circle = [digits[c] for c in constraint.circle]
    line = [digits[c] for c in constraint.line]
    low, high = _circle_bounds(circle, n)
    filled = sum(line)
    blanks = line.count(0)
    return filled + blanks <= high and low <= filled + blanks * n


def _renban_ok(values: Sequence[int]) -> bool:
    filled = [v for v in values if v]
    if len(set(filled)) != len(filled):
        return False
    return not filled or max(filled) - min(filled) <= len(values) - 1


def _between_ok(values: Sequence[int]) -> bool:
    a, b = values[0], values[-1]
    if a and a == b:
        return False
    if not (a and b):
        return all(v != a and v != b for v in values[1:-1] if v) if (a or b) else True
    low, high = min(a, b), max(a, b)
    return all(low < v < high for v in values[1:-1] if v)


def _region_sum_ok(constraint: RegionSum, digits: Sequence[int], n: int,
                   regions: Sequence[int]) -> bool:
    sums = set()
    for piece in constraint.pieces(regions):
        values = [digits[c] for c in piece]
        if all(values):
            sums.add(sum(values))
    return len(sums) <= 1


def _entropic_ok(values: Sequence[int], n: int) -> bool:
    third = [(v - 1) * 3 // n if v else None for v in values]
    for k in range(len(third)):
        window = [t for t in third[k:k + 3] if t is not None]
        if len(set(window)) != len(window):
            return False
    return True


def _pair_ok(constraint: Constraint, x: int, y: int) -> bool:
    if not (x and y):
        return True
    if isinstance(constraint, Kropki):
        return pair_keeps_dot(x, y, constraint.colour)
    if isinstance(constraint, XV):
        return x + y == constraint.total
    return x > y  # GreaterThan: a is big, b is small


def partial_ok(constraint: Constraint, digits: Sequence[int], n: int,
               regions: Sequence[int]) -> bool:
    """False only when no completion of the partial grid ``digits`` (0: blank) keeps
    ``constraint``; on a constraint whose cells are all filled, exactly ``holds``."""
    cells = touched(constraint, n)
    if all(digits[c] for c in cells):
        return constraint.holds(digits, n, regions)
    values = [digits[c] for c in cells]
    if isinstance(constraint, Cage):
        filled = [v for v in values if v]
        if not constraint.repeat and len(set(filled)) != len(filled):
            return False
        return constraint.total is None or _sum_bounds_ok(
            values, constraint.total, n, not constraint.repeat)
    if isinstance(constraint, LittleKiller):
        return _sum_bounds_ok(values, constraint.total, n, False)
    if isinstance(constraint, Sandwich):
        return True  # checked when the row is full
    if isinstance(constraint, Thermo):
        return _thermo_ok(values, n, constraint.slow)
    if isinstance(constraint, Arrow):
        return _arrow_ok(constraint, digits, n)
    if isinstance(constraint, Whisper):
        return all(abs(a - b) >= constraint.gap
                   for a, b in zip(values, values[1:], strict=False) if a and b)
    if isinstance(constraint, Renban):
        return _renban_ok(values)
    if isinstance(constraint, Palindrome):
        return all(a == b for a, b in zip(values, values[::-1], strict=True) if a and b)
    if isinstance(constraint, Between):
        return _between_ok(values)
    if isinstance(constraint, RegionSum):
        return _region_sum_ok(constraint, digits, n, regions)
    if isinstance(constraint, Entropic):
        return _entropic_ok(values, n)
    if isinstance(constraint, (Kropki, XV, GreaterThan)):
        return _pair_ok(constraint, digits[constraint.a], digits[constraint.b])
    raise TypeError(f"the reference does not know {type(constraint).__name__}")


def _negative_ok(what: str, x: int, y: int) -> bool:
    if not (x and y):
        return True
    if what == "dot":
        return not (pair_keeps_dot(x, y, "white") or pair_keeps_dot(x, y, "black"))
    return x + y not in (5, 10)


class ConstraintReference:
    """The rules read once: the classic reference, and per cell the constraints and the
    unsigned neighbour pairs that read it."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = n = rules.size
        self.base = Reference(rules)
        self.by_cell: list[list[Constraint]] = [[] for _ in range(n * n)]
        for constraint in rules.constraints:
            for cell in touched(constraint, n):
                self.by_cell[cell].append(constraint)
        self.negative: list[list[tuple[int, str]]] = [[] for _ in range(n * n)]
        for a, b, what in rules.negative_pairs:
            self.negative[a].append((b, what))
            self.negative[b].append((a, what))

    def cell_ok(self, grid: list[int], cell: int) -> bool:
        """Do the constraints through ``cell`` still hold on ``grid`` (its digit placed)?"""
        regions = self.rules.regions
        if not all(_negative_ok(what, grid[cell], grid[other])
                   for other, what in self.negative[cell]):
            return False
        return all(partial_ok(c, grid, self.n, regions) for c in self.by_cell[cell])

    def consistent(self, grid: list[int]) -> bool:
        """Do the filled cells keep every rule, as far as they go?"""
        return self.base.consistent(grid) and all(
            self.cell_ok(grid, cell) for cell in range(len(grid)) if grid[cell])

    def solutions(self, cells: Sequence[int], limit: int = 2,
                  rng: random.Random | None = None, budget: int | None = None
                  ) -> list[list[int]]:
        """Up to ``limit`` solutions of the puzzle ``cells`` (N*N digits, 0 blank), in a
        random digit order when ``rng`` is given; OutOfBudget after ``budget`` cells."""
        grid = list(cells)
        found: list[list[int]] = []
        if len(grid) != self.n * self.n or not self.consistent(grid):
            return found
        tried = [0]

        def options(cell: int) -> list[int]:
            out = []
            for d in self.base.options(grid, cell):
                grid[cell] = d
                if self.cell_ok(grid, cell):
                    out.append(d)
            grid[cell] = 0
            return out

        def fill() -> None:
            tried[0] += 1
            if budget is not None and tried[0] > budget:
                raise OutOfBudget
            best, best_options = -1, None
            for cell, d in enumerate(grid):
                if d == 0:
                    here = options(cell)
                    if best_options is None or len(here) < len(best_options):
                        best, best_options = cell, here
                        if len(here) <= 1:
                            break
            if best_options is None:
                if not self.rules.keeps(grid):  # the partial checks missed something
                    raise AssertionError(f"reference: {grid} breaks "
                                         f"{self.rules.broken(grid)}")
                found.append(list(grid))
                return
            if rng is not None:
                rng.shuffle(best_options)
            for d in best_options:
                grid[best] = d
                fill()
                if len(found) >= limit:
                    return
            grid[best] = 0

        fill()
        return found


def solutions(rules: Rules, cells: Sequence[int], limit: int = 2,
              budget: int | None = None) -> list[list[int]]:
    """Up to ``limit`` solutions of the puzzle ``cells`` (N*N ints, 0 blank) under
    ``rules``, cages, lines, dots and signs included; each full grid keeps ``rules``.
    With ``budget``, OutOfBudget after that many cells tried."""
    return ConstraintReference(rules).solutions(cells, limit, budget=budget)


# -- random constraints drawn to fit a solution (for the tests that cross-check) --------
#: The kinds :func:`random_rules` draws from, by family name.
KINDS = ("killer", "little-killer", "sandwich", "thermo", "slow-thermo", "arrow", "whispers",
         "renban", "palindrome", "between", "region-sum", "entropic", "kropki", "xv",
         "greater-than")


def _near(cell: int, n: int, king: bool) -> list[int]:
    r, c = divmod(cell, n)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if king:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return [(r + dr) * n + c + dc for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]


def _walk(n: int, rng: random.Random, length: int, start: int | None = None,
          avoid: frozenset[int] = frozenset(), king: bool = True) -> list[int]:
    """A random path of up to ``length`` cells, each touching the next, none twice."""
    cell = rng.randrange(n * n) if start is None else start
    if cell in avoid:
        return []
    path = [cell]
    while len(path) < length:
        options = [c for c in _near(path[-1], n, king) if c not in path and c not in avoid]
        if not options:
            break
        path.append(rng.choice(options))
    return path


def _line_of(kind: str, rules: Rules, s: Sequence[int], rng: random.Random,
             caged: set[int]) -> Constraint | None:
    """One constraint of ``kind`` that the solution ``s`` keeps, or None if a few random
    tries found none."""
    n = rules.size
    for _ in range(40):
        length = rng.randint(2, min(n, 5))
        path = _walk(n, rng, length)
        values = [s[c] for c in path]
        made: Constraint | None = None
        if kind == "killer":
            cage = _walk(n, rng, rng.randint(1, 4), avoid=frozenset(caged), king=False)
            if not cage or len({s[c] for c in cage}) != len(cage):
                continue
            caged.update(cage)
            made = Cage(cage, sum(s[c] for c in cage) if rng.random() < 0.9 else None)
        elif kind == "little-killer":
            r, c = rng.randrange(n), rng.randrange(n)
            dr, dc = rng.choice((-1, 1)), rng.choice((-1, 1))
            line = []
            while 0 <= r < n and 0 <= c < n and len(line) < rng.randint(1, n):
                line.append(r * n + c)
                r, c = r + dr, c + dc
            made = LittleKiller(line, sum(s[x] for x in line))
        elif kind == "sandwich":
            house, index = rng.choice(("row", "col")), rng.randrange(n)
            probe = Sandwich(house, index, 0)
            cells = [s[x] for x in probe.line_cells(n)]
            i, j = sorted((cells.index(1), cells.index(n)))
            made = Sandwich(house, index, sum(cells[i + 1:j]))
        elif kind in ("thermo", "slow-thermo"):
            order = sorted(range(len(path)), key=lambda k: values[k])
            if order != list(range(len(path))):
                path = path[::-1]
            made = Thermo(path, slow=kind == "slow-thermo")
        elif kind == "arrow":  # a circle of one cell, or two (a number of two digits)
            circle = path[:2] if n == 9 and len(path) > 2 and rng.random() < 0.3 else path[:1]
            target = 0
            for x in circle:
                target = target * 10 + s[x]
            line: list[int] = []
            for cell in _walk(n, rng, 2 * n, start=path[len(circle)], avoid=frozenset(circle)):
                line.append(cell)
                if sum(s[x] for x in line) >= target:
                    break
            made = Arrow(circle, line)
        elif kind == "whispers":
            made = Whisper(path, gap=5 if n == 9 else n // 2)
        elif kind == "renban":
            made = Renban(path)
        elif kind == "palindrome":
            made = Palindrome(path)
        elif kind == "between" and len(path) >= 3:
            made = Between(path)
        elif kind == "region-sum":
            made = RegionSum(path)
            if len(made.pieces(rules.regions)) < 2:
                made = None
        elif kind == "entropic" and n % 3 == 0:
            made = Entropic(path)
        elif kind in ("kropki", "xv", "greater-than"):
            a = rng.randrange(n * n)
            b = rng.choice(_near(a, n, False))
            x, y = s[a], s[b]
            if kind == "kropki":
                colour = rng.choice([c for c in ("white", "black") if pair_keeps_dot(x, y, c)]
                                    or [None])
                made = Kropki(a, b, colour) if colour else None
            elif kind == "xv":
                made = XV(a, b, x + y) if x + y in (5, 10) else None
            else:
                made = GreaterThan(a, b) if x > y else GreaterThan(b, a)
        if made is not None and made.holds(s, n, rules.regions):
            try:
                made.check(n)
            except ValueError:
                continue
            return made
    return None


def signs_of(rules: Rules, s: Sequence[int], what: str) -> list[Constraint]:
    """Every kropki dot (``"dot"``) or XV sign (``"xv"``) that ``s`` puts between
    orthogonal neighbours: the signs of a puzzle that says all are given."""
    n = rules.size
    out: list[Constraint] = []
    for a in range(n * n):
        for b in _near(a, n, False):
            if b < a:
                continue
            x, y = s[a], s[b]
            if what == "dot":
                for colour in ("white", "black"):
                    if pair_keeps_dot(x, y, colour):
                        out.append(Kropki(a, b, colour))
                        break
            elif x + y in (5, 10):
                out.append(XV(a, b, x + y))
    return out


def random_rules(base: Rules, s: Sequence[int], rng: random.Random, count: int,
                 kinds: Sequence[str] = KINDS, negative: bool = False) -> Rules:
    """``base`` with ``count`` random constraints of ``kinds`` that the solution ``s``
    keeps (fewer when a kind finds no place); with ``negative``, sometimes every dot or
    every XV sign given."""
    caged: set[int] = set()
    found: list[Constraint] = []
    for _ in range(count):
        made = _line_of(rng.choice(list(kinds)), base, s, rng, caged)
        if made is not None:
            found.append(made)
    flags: dict[str, bool] = {}
    if negative:
        what = rng.choice(("dot", "xv"))
        found = [c for c in found if not isinstance(c, Kropki if what == "dot" else XV)]
        found += signs_of(base, s, what)
        flags = {"all_dots": what == "dot", "all_xv": what == "xv"}
    rules = base.replace(constraints=found, **flags)
    assert rules.keeps(s), rules.broken(s)
    return rules


def killer_rules(base: Rules, s: Sequence[int], rng: random.Random, largest: int = 4,
                 totals: float = 1.0) -> Rules:
    """``base`` with its grid cut into random cages of 1 to ``largest`` cells whose digits
    in ``s`` differ, each with its sum (``totals``: the share of cages that show it)."""
    n = base.size
    caged: set[int] = set()
    cages: list[Constraint] = []
    for start in rng.sample(range(n * n), n * n):
        if start in caged:
            continue
        cage = [start]
        while len(cage) < rng.randint(1, largest):
            options = [c for x in cage for c in _near(x, n, False)
                       if c not in caged and c not in cage and s[c] not in {s[y] for y in cage}]
            if not options:
                break
            cage.append(rng.choice(options))
        caged.update(cage)
        cages.append(Cage(cage, sum(s[c] for c in cage) if rng.random() < totals else None))
    rules = base.replace(constraints=cages)
    assert rules.keeps(s)
    return rules
