"""The chain searches' dense numbering of live nodes: it keeps the order of the ids, and
what it follows is what the links of the ids give (compiled and uncompiled)."""

from __future__ import annotations

import random
from array import array

from sudokit import Grid
from sudokit.candidates import Candidates
from sudokit.logic import solve_path
from sudokit.logic.board import Board, bits
from sudokit.logic.graphs.chains import (
    live_nodes,
    strong_links,
    strong_pairs,
    weak_lists,
    weak_tables,
)
from sudokit.logic.graphs.dense_nodes import DenseGraph
from support.files import data_file, read_lines


def _hard_boards() -> list[Board]:
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    out = []
    for line in random.Random(5).sample(lines, 2):
        puzzle = Grid(line)
        board = Candidates.pencilmarks(puzzle)
        for i, step in enumerate(solve_path(puzzle).steps):
            if i % 12 == 0:
                out.append(Board.from_candidates(board))
            board = step.apply(board)
    return out


def test_the_dense_numbers_follow_the_ids_and_the_closures_follow_the_links() -> None:
    checked = 0
    for board in _hard_boards():
        geo = board.geo
        live = live_nodes(board)
        if not live:
            continue
        size = geo.ncells * geo.n
        graph = DenseGraph(live, size, weak_lists(geo), (geo.n, size, True), array("i"),
                           (strong_pairs(board, True, True),), 4, 8)
        ids = list(bits(live))
        assert graph.live_ids() == ids
        assert [graph.dense(v) for v in ids] == sorted(graph.dense(v) for v in ids)
        everything = 0
        for v in ids:
            everything |= 1 << graph.dense(v)
        assert graph.to_ids(everything) == live
        # one closure, checked against a search over the ids' own links
        same_digit, same_cell = weak_tables(geo)
        strong = strong_links(board, True, True)
        for start in ids[:8]:
            graph.close(graph.dense(start), 3)
            layers = [graph.to_ids(x) for x in graph.layers(graph.dense(start))]
            seen = frontier = 1 << start
            expected = [frontier]
            while len(expected) <= 3:
                nxt = 0
                for v in bits(frontier):
                    for w in bits((same_digit[v] | same_cell[v]) & live):
                        nxt |= strong.get(w, 0) & live
                nxt &= ~seen
                if not nxt:
                    break
                seen |= nxt
                expected.append(nxt)
                frontier = nxt
            assert layers == expected
            checked += 1
    assert checked > 20
