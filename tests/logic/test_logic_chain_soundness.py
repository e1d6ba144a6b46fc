"""The forcing-chain family checked against the solver: on boards taken along real solving
paths, every step each chain technique finds keeps every solution of the puzzle (on puzzles
with one solution and with several)."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, count_solutions
from sudokit.candidates import Candidates
from sudokit.logic import solve_path
from sudokit.logic.board import Board
from sudokit.logic.step import Technique
from sudokit.logic.techniques import nested_chains, static_chains
from support.files import data_file, read_lines
from support.soundness import keeps_every_solution

TECHNIQUES: list[Technique] = [
    static_chains.NISHIO,
    static_chains.MULTIPLE,
    nested_chains.TECHNIQUES[0],
]


def _boards_along(line: str, every: int) -> list[tuple[Candidates, bool]]:
    puzzle = Grid(line)
    unique = count_solutions(puzzle, 2) == 1
    path = solve_path(puzzle)
    board = Candidates.pencilmarks(puzzle)
    out = []
    for i, step in enumerate(path.steps):
        if i % every == 0:
            out.append((board, unique))
        board = step.apply(board)
    out.append((board, unique))
    return out


@pytest.mark.parametrize(
    ("name", "size", "every"),
    [
        ("puzzles3_magictour_top1465.txt", 6, 12),
        ("puzzles7_serg_benchmark.txt", 3, 4),
    ],
)
def test_chain_steps_keep_every_solution(name: str, size: int, every: int) -> None:
    lines = read_lines(data_file(name))
    found = 0
    for line in random.Random(21).sample(lines, size):
        for board, unique in _boards_along(line, every):
            for tech in TECHNIQUES:
                work = Board.from_candidates(board)
                work.solutions = 1 if unique else 2
                step = tech.find(work)
                if step is not None:
                    found += 1
                    keeps_every_solution(board, step)
    assert found  # the checks were not vacuous


def test_the_closures_of_all_candidates_match_one_search_each() -> None:
    # the cell/unit forcing chains read every candidate's consequences off one pass over the
    # link graph; each must be what following the links from that candidate alone gives
    lines = read_lines(data_file("puzzles3_magictour_top1465.txt"))
    checked = 0
    for line in random.Random(4).sample(lines, 3):
        for board, _ in _boards_along(line, 15):
            work = Board.from_candidates(board)
            graph = static_chains.closures(work)
            for node in graph.live_ids():
                on, off = (graph.to_ids(x) for x in graph.reach_row(graph.dense(node)))
                alone = static_chains.follow(work, node)
                if alone.clash >= 0:
                    assert on & off  # a contradiction either way
                else:
                    assert (on, off) == (alone.on, alone.off)
                    checked += 1
    assert checked > 100
