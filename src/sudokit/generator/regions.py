"""Random jigsaw regions: N connected regions of N cells each on an N x N grid.

>>> import random
>>> ids = random_regions(6, random.Random(1))
>>> len(ids), sorted(ids.count(r) for r in range(6))
(36, [6, 6, 6, 6, 6, 6])
>>> ids == random_regions(6, random.Random(1))
True

How a map is made: start from a map that holds (the standard boxes, or the rows for a
size with no boxes, such as 5 or 7) and trade cells across the borders at random. A trade
takes a cell of one region next to a second region and a cell of the second next to the
first, and swaps their owners; it is kept only when both regions stay in one piece, so
every map on the way has N connected regions of N cells, and none is ever stuck. After
enough trades (:data:`TRADES_PER_CELL` tried per cell) no trace of the start is left; a
map with a region of the start left whole is traded on. Given a solution grid of the
start map, only cells of the same digit are traded, so that the solution holds under every
map on the way: how the maker gets a map that admits a solution under tight rules (a
random map with anti-knight or non-consecutive seldom has one). Regions are numbered by
first appearance in reading order, as :class:`~sudokit.rules.Rules` numbers them.
"""

from __future__ import annotations

import random

from ..shape import Shape

#: Trades tried per cell of the grid, a round.
TRADES_PER_CELL = 24

#: Rounds of trades before a map that still holds a whole start region is taken as it is.
_ROUNDS = 8


def random_regions(n: int, rng: random.Random,
                   solution: list[int] | None = None) -> list[int]:
    """A random map of ``n`` connected regions of ``n`` cells each on an n x n grid: the
    region id (0..n-1, by first appearance in reading order) of each cell. With a
    ``solution`` (a grid whose boxes, or rows for a size without boxes, each hold every
    digit once), each region of the map holds every digit once too: only cells of the same
    digit are traded."""
    if n < 3:
        raise ValueError(f"random_regions: n must be at least 3, got {n}")
    neighbours = grid_neighbours(n)
    owner = _start_map(n)
    members = [[cell for cell, r in enumerate(owner) if r == region] for region in range(n)]
    whole = {frozenset(cells) for cells in members}
    for _ in range(_ROUNDS):
        for _ in range(TRADES_PER_CELL * n * n):
            _trade(owner, members, neighbours, rng, solution)
        if not whole & {frozenset(cells) for cells in members}:
            break
    return _renumbered(owner)


def is_connected(cells: list[int] | tuple[int, ...], n: int) -> bool:
    """Whether ``cells`` of an n x n grid form one orthogonally connected piece."""
    return bool(cells) and _connected(set(cells), grid_neighbours(n))


def grid_neighbours(n: int) -> list[tuple[int, ...]]:
    """Per cell of an n x n grid, its orthogonal neighbours."""
    out = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        out.append(tuple(r2 * n + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1),
                                                     (r, c + 1))
                         if 0 <= r2 < n and 0 <= c2 < n))
    return out


def _start_map(n: int) -> list[int]:
    """The standard boxes of the size, or its rows when it has none (a prime size)."""
    box = next((r for r in range(int(n**0.5), 1, -1) if n % r == 0), None)
    if box is None:
        return [cell // n for cell in range(n * n)]
    shape = Shape(box, n // box)
    return [shape.box_of(cell) for cell in range(n * n)]


def _trade(owner: list[int], members: list[list[int]], neighbours: list[tuple[int, ...]],
           rng: random.Random, solution: list[int] | None) -> None:
    """Try one random trade of cells between two neighbouring regions (of the same digit
    in ``solution``, when given); keep it when both stay connected."""
    a = rng.randrange(len(owner))
    across = [o for o in neighbours[a] if owner[o] != owner[a]]
    if not across:
        return
    first, second = owner[a], owner[rng.choice(across)]
    back = [cell for cell in members[second]
            if (solution is None or solution[cell] == solution[a])
            and any(owner[o] == first for o in neighbours[cell] if o != a)]
    if not back:
        return
    b = rng.choice(back)
    one = set(members[first])
    one.discard(a)
    one.add(b)
    two = set(members[second])
    two.discard(b)
    two.add(a)
    if _connected(one, neighbours) and _connected(two, neighbours):
        owner[a], owner[b] = second, first
        members[first] = sorted(one)
        members[second] = sorted(two)


def _connected(cells: set[int], neighbours: list[tuple[int, ...]]) -> bool:
    start = next(iter(cells))
    todo, seen = [start], {start}
    while todo:
        for other in neighbours[todo.pop()]:
            if other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def _renumbered(owner: list[int]) -> list[int]:
    """Region ids 0, 1, ... in the order the regions first appear in reading order."""
    seen: dict[int, int] = {}
    return [seen.setdefault(region, len(seen)) for region in owner]
