"""The rules engine keeps the tables of a set of houses for the next engine with the same
houses: an engine must still follow the houses it is given, whether they are a new set,
the same cells in another object, or a list changed in place since the last build."""

from __future__ import annotations

import itertools

from sudokit import Rules
from sudokit import engine as engine_module


def plain_count(n: int, houses: list[list[int]]) -> int:
    """Fillings of an empty n x n grid whose houses hold different digits, by trying every
    row permutation (small n only)."""
    rows = list(itertools.permutations(range(1, n + 1)))
    found = 0

    def fits(cells: list[int]) -> bool:
        for house in houses:
            digits = [cells[c] for c in house if c < len(cells)]
            if len(digits) != len(set(digits)):
                return False
        return True

    def grow(cells: list[int]) -> None:
        nonlocal found
        if len(cells) == n * n:
            found += 1
            return
        for row in rows:
            if fits(cells + list(row)):
                grow(cells + list(row))

    grow([])
    return found


def peers_from(n: int, houses: list[list[int]]) -> list[list[int]]:
    """Per cell, the cells that share a house with it."""
    return [sorted({c for h in houses if cell in h for c in h} - {cell})
            for cell in range(n * n)]


def engine_count(n: int, houses: list[list[int]]) -> int:
    """The rules engine's count of the empty grid's fillings under ``houses``."""
    search = engine_module.load(engine_module.RULES_MODULE).RulesSearch(
        n, peers_from(n, houses), houses, [[] for _ in range(n * n)], [(1 << n) - 1] * (n * n))
    assert search.reset([0] * (n * n), 10_000)
    while search.run(1 << 20) != engine_module.DONE:
        pass
    return int(search.counts()[0])


def test_houses_changed_in_place_are_read_again(pure: bool) -> None:
    rows_cols = [list(h) for h in Rules(4).houses[:8]]
    boxes = [list(h) for h in Rules(4).houses[8:]]
    houses = rows_cols + boxes
    assert engine_count(4, houses) == plain_count(4, houses) == 288
    del houses[8:]  # the same list, now without its boxes
    assert engine_count(4, houses) == plain_count(4, houses) == 576
    houses[8:] = [[0, 1, 4, 5], [2, 3, 6, 7], [8, 12, 9, 13], [10, 11, 14, 15]]
    assert engine_count(4, houses) == 288
    # Crossing boxes, in the same list again: a house of the first two rows' middle cells.
    houses[8:] = [[1, 2, 5, 6]]
    assert engine_count(4, houses) == plain_count(4, houses)


def test_equal_houses_in_other_objects_give_the_same_answers(pure: bool) -> None:
    houses = tuple(tuple(h) for h in Rules(4).houses)
    again = tuple(tuple(h) for h in Rules(4).houses)
    assert houses is not again
    assert engine_count(4, [list(h) for h in houses]) == 288
    assert engine_count(4, again) == engine_count(4, houses) == 288
