"""Sudoku Explainer's nested levels, as the se and sukaku scales take them: inside an
assumption, level 2 follows static forcing chains, level 3 static cell and unit forcing
chains too; the static chains are checked against a plain search written here."""

from __future__ import annotations

from collections import deque

from sudokit import Grid, solve
from sudokit.logic import LADDER, solve_path
from sudokit.logic.board import Board, bits
from sudokit.logic.graphs.hypothesis import Hypothesis, continues, deductions
from sudokit.logic.graphs.static_links import Links, multiple_chains, single_chains
from sudokit.logic.techniques import nested_chains

# the forum's hardest list, line 3
HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
# a hard puzzle whose board after singles has static cell and unit forcing chains
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _board(puzzle: str, techniques: int) -> Board:
    """The board after the first ``techniques`` of the ladder."""
    return Board.from_candidates(solve_path(Grid(puzzle), techniques=LADDER[:techniques]).final)


def _stuck_board() -> Board:
    below = [t for t in LADDER if t not in nested_chains.TECHNIQUES and t is not nested_chains.DEEP]
    return Board.from_candidates(solve_path(Grid(HARDEST), techniques=below).final)


def _reach(board: Board, start: tuple[int, int, bool]) -> set[tuple[int, int, bool]]:
    """Every (cell, digit index, true?) that ``start`` leads to over the board's links as
    they stand: true removes the cell's other digits and the digit from its peers; false
    makes the other digit of a two-candidate cell, or the other place of a two-place unit,
    true."""
    geo = board.geo
    masks = board.masks
    seen = {start}
    todo = deque([start])
    while todo:
        c, d0, true = todo.popleft()
        if true:
            made = [(c, e0, False) for e0 in bits(masks[c]) if e0 != d0]
            made += [(p, d0, False) for p in geo.peers[c] if masks[p] >> d0 & 1
                     and board.unsolved >> p & 1]
        else:
            made = []
            if masks[c].bit_count() == 2:
                made.append((c, (masks[c] & ~(1 << d0)).bit_length() - 1, True))
            for u in geo.cell_units[c]:
                places = [q for q in geo.units[u] if masks[q] >> d0 & 1 and board.unsolved >> q & 1]
                if len(places) == 2:
                    made.append((places[0] if places[1] == c else places[1], d0, True))
        for m in made:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


def _links(board: Board) -> Links:
    return Links(board.geo, board.masks, board.dcells, board.unsolved, board.masks)


def test_static_single_chains_are_every_candidate_that_denies_itself() -> None:
    for board in (_stuck_board(), _board(HARDEST, 3)):
        expected = set()
        for c in bits(board.unsolved):
            for d0 in bits(board.masks[c]):
                if (c, d0, False) in _reach(board, (c, d0, True)):
                    expected.add((False, c, d0))
                elif (c, d0, True) in _reach(board, (c, d0, False)):
                    expected.add((True, c, d0))
        found = single_chains(_links(board))
        assert {(placed, c, d0) for placed, c, d0, _ in found} == expected
        solution = solve(Grid(HARDEST))
        assert solution is not None
        for placed, c, d0, _ in found:  # sound
            assert (solution.cells[c] == d0 + 1) == placed


def test_static_cell_and_unit_chains_follow_from_every_branch() -> None:
    board = _board(HARD, 3)
    solution = solve(Grid(HARD))
    assert solution is not None
    found = multiple_chains(_links(board))
    assert found
    for placed, c, d0, ancestors in found:
        assert (solution.cells[c] == d0 + 1) == placed  # sound
        assert len(ancestors) >= 2  # one a branch
    # each conclusion is reached from every candidate of some cell or unit (plain search)
    geo = board.geo
    groups = [[(c, e0) for e0 in bits(board.masks[c])] for c in bits(board.unsolved)
              if board.masks[c].bit_count() > 2]
    groups += [[(q, e0) for q in geo.units[u] if board.masks[q] >> e0 & 1
                and board.unsolved >> q & 1] for u in range(len(geo.units)) for e0 in range(9)]
    reached = [set.intersection(*(_reach(board, (c, e0, True)) for c, e0 in g))
               for g in groups if len(g) >= 2]
    for placed, c, d0, _ in found:
        assert any((c, d0, placed) in r for r in reached)


def test_the_se_scales_nested_levels_2_and_3_rest_on_static_chains() -> None:
    board = _stuck_board()
    board.solutions = 1  # the nested search runs on puzzles known to have one solution
    solution = solve(Grid(HARDEST))
    assert solution is not None
    step = nested_chains.SE_FINDERS["nested-forcing-chain"](board) or \
        nested_chains.SE_FINDERS["nested-multiple-chain"](board)
    ours = nested_chains.TECHNIQUES[1].find(board)
    assert step is not None and ours is not None
    names = board.geo.cell_names
    for e in step.eliminations:
        assert solution.cells[names.index(e.cell)] != e.digit
    assert "static" in step.text and step.score >= 9.5
    assert "static" not in ours.text


def test_a_level_that_goes_on_from_the_level_before_finds_the_same_step() -> None:
    # levels 1 to 3 each draw first what the level before draws: a sweep that goes on from
    # the assumptions the shallower sweep settled finds the step a sweep from scratch finds
    board = _stuck_board()
    settled: dict[tuple[int, int], Hypothesis] = {}
    root = Hypothesis.of(board, track=True)
    assert deductions(root, 1, least=True, settled=settled) is None
    assert settled  # every assumption, settled at level 1
    for level in (2, 3):
        assert continues(level)
        fresh = deductions(Hypothesis.of(board, track=True), level, least=True)
        went_on = deductions(root, level, least=True, settled=settled)
        assert (fresh is None) == (went_on is None)
        if fresh is not None and went_on is not None:
            assert (went_on.kind, went_on.sources, went_on.place, went_on.elim) == \
                (fresh.kind, fresh.sources, fresh.place, fresh.elim)
            assert (went_on.length, went_on.why) == (fresh.length, fresh.why)
    assert fresh is not None  # level 3 finds a step on this board
    assert not continues(4)  # dynamic inner chains draw other things first
