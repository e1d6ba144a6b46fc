"""Killer cages grown on a solution grid, reshaped and merged while the puzzle keeps one
solution: a killer puzzle with no givens.

>>> import random
>>> solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
>>> cages = grow_cages(4, solution, (2, 3), random.Random(5))
>>> sorted(len(cage) for cage in cages)
[2, 2, 2, 2, 2, 3, 3]
>>> sorted(cell for cage in cages for cell in cage) == list(range(16))
True

How the cages are made (:func:`caged`):

1. Grow: from each cell not yet caged, in a random order, a cage grows to a random size
   of ``sizes`` by taking a neighbouring free cell whose digit in the solution it does not
   hold yet, the cell with the fewest free neighbours first (so that no cell is left
   stranded); a cage left too small takes a neighbouring cage's cells, or joins it.
2. Repair: while the puzzle has a second solution, a cage holding a cell where the two
   differ is split in two, or reshaped with a neighbouring cage (the two re-cut at
   random), and the puzzle asked again (a question too long to answer cuts one of the
   largest cages); a growth that runs out of repairs is dropped.
3. Merge: neighbouring cages whose digits differ are joined, in a random order, wherever
   the join stays within ``sizes`` and the puzzle keeps one solution (shown within the
   budget): fewer, larger cages, a harder puzzle.

Every question of uniqueness goes to ``another``: given rules, a puzzle and its known
solution, a second solution or None. The maker passes the rules engine's
(:func:`sudokit.generator.variants.another_solution`); the tests pass a plain reference.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..constraints import Cage
from ..rules import Rules
from .regions import grid_neighbours

#: ``another(rules, puzzle, solution)``: a solution of ``puzzle`` under ``rules`` other
#: than ``solution``, or None when ``solution`` is its only one; :class:`Undecided` when
#: the question ran past its budget.
Another = Callable[[Rules, Sequence[int], Sequence[int]], list[int] | None]


class Undecided(Exception):
    """A question of uniqueness that ran past its budget: the cages are then cut smaller
    (a repair) or left as they are (a merge)."""

#: Growths tried on one solution grid, repairs tried on one growth, and questions of
#: uniqueness asked for one solution grid in all (a typical 9x9 killer of 2-5 cells asks
#: about 25; large cages seldom get to one solution, and stop there).
GROWTHS = 4
REPAIRS = 60
QUESTIONS = 120

#: Random re-cuts tried for one split or reshape of cages.
_CUTS = 24


def caged(rules: Rules, solution: Sequence[int], sizes: tuple[int, int], rng: random.Random,
          another: Another) -> Rules | None:
    """``rules`` with killer cages (each ``sizes[0]`` to ``sizes[1]`` cells, with its sum)
    under which the empty grid has ``solution`` as its one solution; None when the
    growths and repairs found none within :data:`QUESTIONS`."""
    asked = _Asked(another, QUESTIONS)
    for _ in range(GROWTHS):
        cages = grow_cages(rules.size, solution, sizes, rng)
        if cages is None:
            continue
        fixed = _repaired(rules, cages, solution, sizes, rng, asked)
        if fixed is not None:
            return with_cages(rules, _merged(rules, fixed, solution, sizes, rng, asked),
                              solution)
        if asked.left <= 0:
            break
    return None


class _Asked:
    """``another``, asked at most ``most`` times; Undecided after that."""

    def __init__(self, another: Another, most: int) -> None:
        self.another = another
        self.left = most

    def __call__(self, rules: Rules, puzzle: Sequence[int],
                 solution: Sequence[int]) -> list[int] | None:
        if self.left <= 0:
            raise Undecided("the questions of this solution grid are spent")
        self.left -= 1
        return self.another(rules, puzzle, solution)


def with_cages(rules: Rules, cages: Sequence[Sequence[int]], solution: Sequence[int]) -> Rules:
    """``rules`` with a cage of each cell list, its total the sum of its digits in
    ``solution``."""
    made = [Cage(cage, sum(solution[c] for c in cage)) for cage in cages]
    return rules.replace(constraints=[*rules.constraints, *made])


def grow_cages(n: int, solution: Sequence[int], sizes: tuple[int, int],
               rng: random.Random) -> list[list[int]] | None:
    """Connected cages covering an N x N grid, each of ``sizes[0]`` to ``sizes[1]`` cells
    whose digits in ``solution`` differ; None when some cell could not be caged so."""
    low, high = sizes
    neighbours = grid_neighbours(n)
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    while True:
        free = [cell for cell in range(n * n) if owner[cell] < 0]
        if not free:
            break
        # the free cell with the fewest free neighbours first: none is left stranded
        degree = [sum(1 for o in neighbours[cell] if owner[o] < 0) for cell in free]
        start = rng.choice([c for c, d in zip(free, degree, strict=True) if d == min(degree)])
        cages.append(_grown(start, low + rng.randrange(high - low + 1), len(cages), owner,
                            solution, neighbours, rng))
    for k in range(len(cages)):
        if cages[k] and len(cages[k]) < low and \
                not _filled_up(k, cages, owner, solution, sizes, neighbours, rng):
            return None
    return sorted(sorted(cage) for cage in cages if cage)


def _grown(start: int, size: int, k: int, owner: list[int], solution: Sequence[int],
           neighbours: list[tuple[int, ...]], rng: random.Random) -> list[int]:
    """Cage ``k`` grown from ``start`` to ``size`` cells where free cells allow."""
    cage = [start]
    owner[start] = k
    digits = {solution[start]}
    while len(cage) < size:
        frontier = sorted({o for c in cage for o in neighbours[c]
                           if owner[o] < 0 and solution[o] not in digits})
        if not frontier:
            break
        free = [sum(1 for x in neighbours[o] if owner[x] < 0) for o in frontier]
        fewest = min(free)
        cell = rng.choice([o for o, f in zip(frontier, free, strict=True) if f == fewest])
        cage.append(cell)
        owner[cell] = k
        digits.add(solution[cell])
    return cage


def _filled_up(k: int, cages: list[list[int]], owner: list[int], solution: Sequence[int],
               sizes: tuple[int, int], neighbours: list[tuple[int, ...]],
               rng: random.Random) -> bool:
    """Cage ``k``, smaller than ``sizes[0]``, joined to a neighbouring cage where the two
    fit, or given cells of neighbouring cages that can spare them; False if neither."""
    low, high = sizes
    cage = cages[k]
    near = sorted({owner[o] for c in cage for o in neighbours[c]} - {k})
    rng.shuffle(near)
    digits = {solution[c] for c in cage}
    for j in near:
        if len(cages[j]) + len(cage) <= high and not digits & {solution[c] for c in cages[j]}:
            for c in cage:
                owner[c] = j
            cages[j] = sorted(cages[j] + cage)
            cages[k] = []
            return True
    while len(cage) < low:
        spare = [(o, owner[o]) for c in cage for o in neighbours[c]
                 if owner[o] != k and len(cages[owner[o]]) > low and solution[o] not in digits
                 and _connected([x for x in cages[owner[o]] if x != o], neighbours)]
        if not spare:
            return False
        cell, j = rng.choice(sorted(set(spare)))
        cages[j].remove(cell)
        cage.append(cell)
        owner[cell] = k
        digits.add(solution[cell])
    cage.sort()
    return True


def _connected(cells: Sequence[int], neighbours: list[tuple[int, ...]]) -> bool:
    """Whether ``cells`` form one orthogonally connected piece."""
    if not cells:
        return False
    inside = set(cells)
    todo = [cells[0]]
    seen = {cells[0]}
    while todo:
        for other in neighbours[todo.pop()]:
            if other in inside and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(inside)


def _repaired(rules: Rules, cages: list[list[int]], solution: Sequence[int],
              sizes: tuple[int, int], rng: random.Random,
              another: Another) -> list[list[int]] | None:
    """``cages`` changed until the empty grid has one solution under them; None when
    :data:`REPAIRS` changes did not get there."""
    neighbours = grid_neighbours(rules.size)
    blank = [0] * len(solution)
    for _ in range(REPAIRS):
        try:
            other = another(with_cages(rules, cages, solution), blank, solution)
        except Undecided:  # too long to tell: the largest cages are cut first
            other = None
            most = max(len(cage) for cage in cages)
            hit = [k for k, cage in enumerate(cages) if len(cage) == most]
        else:
            if other is None:
                return cages
            differ = {c for c, (a, b) in enumerate(zip(other, solution, strict=True)) if a != b}
            hit = [k for k, cage in enumerate(cages) if differ & set(cage)]
        rng.shuffle(hit)
        for k in hit:
            changed = _recut(cages, k, solution, other, sizes, neighbours, rng)
            if changed is not None:
                cages = changed
                break
        else:
            return None
    return None


def _recut(cages: list[list[int]], k: int, solution: Sequence[int], other: Sequence[int] | None,
           sizes: tuple[int, int], neighbours: list[tuple[int, ...]],
           rng: random.Random) -> list[list[int]] | None:
    """The cages with cage ``k`` split in two, or else re-cut together with a neighbouring
    cage, so that the ``other`` solution (when known) breaks one of the new cages; None
    when neither can be done within ``sizes``."""
    cage = cages[k]
    rest = [c for j, c in enumerate(cages) if j != k]
    parts = _cut(cage, sizes, solution, neighbours, rng, other=other)
    if parts is not None:
        return sorted(rest + parts)
    owner = {c: j for j, cells in enumerate(cages) for c in cells}
    near = sorted({owner[o] for c in cage for o in neighbours[c]} - {k})
    rng.shuffle(near)
    for j in near:
        union = sorted(cage + cages[j])
        parts = _cut(union, sizes, solution, neighbours, rng, avoid=(cage, cages[j]),
                     other=other)
        if parts is not None:
            return sorted([c for i, c in enumerate(cages) if i not in (k, j)] + parts)
    return None


def _cut(cells: list[int], sizes: tuple[int, int], solution: Sequence[int],
         neighbours: list[tuple[int, ...]], rng: random.Random,
         avoid: tuple[list[int], ...] = (), other: Sequence[int] | None = None
         ) -> list[list[int]] | None:
    """``cells`` cut at random into two connected cages within ``sizes`` (digits differing
    in each), other than the pair ``avoid``, one of them broken by the ``other`` solution
    when it is given; None when :data:`_CUTS` tries found none."""
    low, high = sizes
    inside = set(cells)
    sizes_ok = [k for k in range(low, high + 1) if low <= len(cells) - k <= high]
    if not sizes_ok:
        return None
    for _ in range(_CUTS):
        size = rng.choice(sizes_ok)
        start = rng.choice(cells)
        part = [start]
        digits = {solution[start]}
        while len(part) < size:
            frontier = sorted({o for c in part for o in neighbours[c]
                               if o in inside and o not in part and solution[o] not in digits})
            if not frontier:
                break
            cell = rng.choice(frontier)
            part.append(cell)
            digits.add(solution[cell])
        rest = sorted(inside - set(part))
        if len(part) != size or not _connected(rest, neighbours) or \
                len({solution[c] for c in rest}) != len(rest):
            continue
        pieces = [sorted(part), rest]
        if sorted(pieces) != sorted(sorted(a) for a in avoid) and (
                other is None or any(_broken(piece, solution, other) for piece in pieces)):
            return pieces
    return None


def _broken(cage: list[int], solution: Sequence[int], other: Sequence[int]) -> bool:
    """Whether the ``other`` solution breaks ``cage`` made on ``solution``: another sum,
    or a digit twice."""
    digits = [other[c] for c in cage]
    return sum(digits) != sum(solution[c] for c in cage) or len(set(digits)) != len(digits)


def _merged(rules: Rules, cages: list[list[int]], solution: Sequence[int],
            sizes: tuple[int, int], rng: random.Random, another: Another) -> list[list[int]]:
    """``cages`` with neighbouring cages joined, in a random order, wherever the join fits
    ``sizes``, its digits differ and the empty grid keeps one solution."""
    neighbours = grid_neighbours(rules.size)
    blank = [0] * len(solution)
    current = [list(c) for c in cages]
    owner = {c: j for j, cells in enumerate(current) for c in cells}
    pairs = sorted({(min(owner[c], owner[o]), max(owner[c], owner[o]))
                    for c in owner for o in neighbours[c] if owner[c] != owner[o]})
    rng.shuffle(pairs)
    for a, b in pairs:
        if not current[a] or not current[b]:
            continue  # one of them was joined to another already
        union = sorted(current[a] + current[b])
        if len(union) > sizes[1] or len({solution[c] for c in union}) != len(union):
            continue
        trial = [c for j, c in enumerate(current) if j not in (a, b) and c] + [union]
        try:
            if another(with_cages(rules, trial, solution), blank, solution) is None:
                current[a], current[b] = union, []
        except Undecided:  # too long to tell: the two stay apart
            continue
    return sorted(c for c in current if c)
