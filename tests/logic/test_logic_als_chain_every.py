"""``hint --all`` lists every ALS-XY-Chain, not only the shortest one the search meets: on
boards of real solving paths, a five-set chain of overlapping sets (found where the
shortest-chain search finds none, or past the one it finds) and a large chain of six sets
are listed, the ladder's own step first, then those removing the most; every listed step
keeps the puzzle's solution, and the compiled walk finds what a plain walk finds."""

from __future__ import annotations

import pytest

from sudokit.candidates import Candidates
from sudokit.logic import next_step, teach
from sudokit.logic.board import Board
from sudokit.logic.graphs.als import graph
from sudokit.logic.step import Technique
from sudokit.logic.techniques import als_chain
from support.boards import pencilmarks
from support.soundness import keeps_every_solution

#: before r7c1235 {35689} -5- r123c5 {2458} -4- r5789c5 {45679} -5- r1c5,r2c4 {145} -1-
#: r789c5,r8c46 {156789}, removing 8 from r8c3 (the shortest-chain search finds no chain)
ALONE = pencilmarks(
    "8 19 7 6 45 135 134 2 39 1469 1269 3 14 28 7 148 489 5 5 12 124 9 28 13 7 1348 6 169 4 "
    "689 58 3 2 156 1569 7 1367 1368 5 478 479 89 2 1346 38 379 23789 28 4578 1 6 345 3459 "
    "389 369 3689 689 2 569 4 3568 7 1 2 137 1689 178 5679 589 3568 3568 4 467 5 1468 3 67 "
    "18 9 68 2"
)
ALONE_SOLUTION = "897651423623487195514923786149832657365749218782516349938264571276195834451378962"

#: before r4c59 {257} -2- r6c6 {26} -6- r15c6 {136} -1- r679c6 {1256} -6- r46c9,r6c7
#: {5678}, removing 5 from r4c8 (the search's own chain removes 1 from r1c8)
PAST = pencilmarks(
    "1369 2 569 5689 13589 136 4 1579 35789 7 139 59 259 123589 4 1258 1259 6 13469 13469 8 "
    "2569 12359 7 125 1259 359 126 167 3 4 257 8 9 156 57 1689 16789 79 5679 3579 36 1568 4 2 "
    "289 5 4 1 279 26 678 3 78 348 348 127 78 6 125 257 2579 4579 5 48 126 278 1278 9 3 26 47 "
    "69 679 2679 3 4 25 2567 8 1"
)
PAST_SOLUTION = "126953478735284196498617523263478915917536842854192637342861759581729364679345281"


def _listed(board: Candidates, technique: Technique, solution: str
            ) -> list[tuple[tuple[str, int], ...]]:
    listed = teach.all_steps(board, techniques=[technique]).get(technique.name, [])
    assert len(listed) <= teach.PER_TECHNIQUE
    first = next_step(board, techniques=[technique])
    if first is not None:
        assert listed[0] == first
    rest = listed[1:] if first is not None else listed
    counts = [len(step.eliminations) for step in rest]
    assert counts == sorted(counts, reverse=True)
    for step in listed:
        assert not step.placements
        for cell, digit in step.eliminations:
            assert solution[board.shape.parse_cell(cell)] != str(digit), step.text
        keeps_every_solution(board, step)
    assert len({step.eliminations for step in listed}) == len(listed)
    return [step.eliminations for step in listed]


def test_hint_all_lists_a_chain_the_shortest_search_misses(pure: bool) -> None:
    assert next_step(ALONE, techniques=[als_chain.LARGE_ALS_XY_CHAIN]) is None
    assert (("r8c3", 8),) in _listed(ALONE, als_chain.LARGE_ALS_XY_CHAIN, ALONE_SOLUTION)


def test_hint_all_lists_chains_past_the_first(pure: bool) -> None:
    listed = _listed(PAST, als_chain.LARGE_ALS_XY_CHAIN, PAST_SOLUTION)
    assert listed[0] == (("r1c8", 1),)
    assert (("r4c8", 5),) in listed[1:]


def test_hint_all_lists_a_large_chain_of_six_sets(pure: bool) -> None:
    # 8 leaves r1c4 and r8c5 by a chain of six sets, and by none shorter
    g = graph(Board.from_candidates(PAST), True)
    five = {tuple(g.shared_reach([p[0][0], p[-1][0]], 1 << p[1][1] | 1 << p[-1][1]))
            for p, _ in g.core.every_chain(als_chain.MAX_SETS, 10**9)}
    assert (7, 1 << 3 | 1 << 67) not in {pair for found in five for pair in found}
    listed = _listed(PAST, als_chain.LARGE_ALS_XY_CHAIN, PAST_SOLUTION)
    assert (("r1c4", 8), ("r8c5", 8)) in listed


def _reference(lists: tuple, wide: bool, max_sets: int) -> dict[tuple[int, ...], int]:
    """Every chain by a plain walk over the graph's Python lists: (start, first link digit,
    end, last link digit) -> the fewest sets."""
    _, cells, _, _, reach, usable, links, _ = lists
    out: dict[tuple[int, ...], int] = {}

    def walk(path: list[tuple[int, int]], used: int) -> None:
        k, into = path[-1]
        for j, x0 in links[k]:
            if x0 == into or (cells[j] & ~used == 0 if wide else cells[j] & used):
                continue
            chain = [*path, (j, x0)]
            start, first = path[0][0], chain[1][1]
            if len(chain) >= 4 and any(
                reach[start][z] & reach[j][z] for z in range(9)
                if usable[start] >> z & usable[j] >> z & 1 and z not in (first, x0)
            ):
                key = (start, first, j, x0)
                out[key] = min(out.get(key, 99), len(chain))
            if len(chain) < max_sets:
                walk(chain, used | cells[j])

    for start, u in enumerate(usable):
        for j, x0 in links[start]:
            if u & ~(1 << x0):
                walk([(start, -1), (j, x0)], cells[start] | cells[j])
    return out


@pytest.mark.parametrize("wide", [False, True])
def test_every_chain_is_every_chain_a_plain_walk_finds(pure: bool, wide: bool) -> None:
    core = graph(Board.from_candidates(PAST), wide).core
    found = {(p[0][0], p[1][1], p[-1][0], p[-1][1]): len(p)
             for p, _ in core.every_chain(als_chain.MAX_SETS, 10**9)}
    assert found == _reference(core.lists(), wide, als_chain.MAX_SETS)


def test_every_chain_stops_at_its_budget(pure: bool) -> None:
    core = graph(Board.from_candidates(PAST), True).core
    every = core.every_chain(als_chain.MAX_SETS, 10**9)
    assert core.every_chain(als_chain.MAX_SETS, 0) == []
    some = core.every_chain(als_chain.MAX_SETS, 2000)
    assert 0 < len(some) < len(every)
    # each chain: 4..5 sets, neighbouring links on different digits
    for path, _ in every:
        assert 4 <= len(path) <= als_chain.MAX_SETS and path[0][1] == -1
        assert all(a[1] != b[1] for a, b in zip(path[1:], path[2:], strict=False))
