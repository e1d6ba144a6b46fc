"""The one walk of remote pair chains, which the optional Remote Pair technique (every chain,
its search bounded by a budget) and the hodoku scale's remote pairs (chains of at most ten
cells, followed from the highest cell down) share: checked against a plain recursive
enumeration written here."""

from __future__ import annotations

import random

import pytest

from sudokit.logic.board import geometry
from sudokit.logic.techniques.remote_pairs import pair_walk
from sudokit.shape import Shape

PEERS = geometry(Shape.for_size(9)).peer_bits


def _plain(pool: set[int], start: int, ascending: bool, most: int | None) -> list[list[int]]:
    """Every simple path from ``start`` through ``pool``, each cell a peer of the one before,
    in depth-first order (a path before its extensions), ``most`` cells at most."""
    out: list[list[int]] = []

    def visit(path: list[int]) -> None:
        out.append(path)
        if most is not None and len(path) >= most:
            return
        nexts = sorted(c for c in pool if c not in path and PEERS[path[-1]] >> c & 1)
        for c in nexts if ascending else reversed(nexts):
            visit([*path, c])

    visit([start])
    return out


def _pools(count: int) -> list[set[int]]:
    rnd = random.Random(7)
    return [set(rnd.sample(range(81), rnd.choice([4, 7, 10, 13]))) for _ in range(count)]


@pytest.mark.parametrize("ascending", [True, False])
@pytest.mark.parametrize("most", [None, 4])
def test_the_walk_gives_every_path_in_order(ascending: bool, most: int | None) -> None:
    walked = 0
    for pool in _pools(40):
        cells = sum(1 << c for c in pool)
        for start in sorted(pool):
            expected = _plain(pool, start, ascending, most)
            got = [list(path) for path in pair_walk(cells, PEERS, start, most=most,
                                                    ascending=ascending)]
            assert got == expected
            longer = [list(path) for path in pair_walk(cells, PEERS, start, fewest=4,
                                                       most=most, ascending=ascending)]
            assert longer == [p for p in expected if len(p) >= 4]
            walked += len(expected)
    assert walked > 1000


def test_a_budget_shared_by_walks_stops_them_all() -> None:
    pool = max(_pools(40), key=len)
    cells = sum(1 << c for c in pool)
    starts = sorted(pool)
    every = [p for s in starts for p in _plain(pool, s, True, None)]
    for spend in (1, 5, len(every) // 2, len(every) - 1):
        budget = [spend]
        got = [list(p) for s in starts for p in pair_walk(cells, PEERS, s, fewest=3,
                                                         budget=budget)]
        assert got == [p for p in every[:spend] if len(p) >= 3]
        assert budget == [0]
