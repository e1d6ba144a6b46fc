"""Grouped AICs with almost locked sets as nodes: a chain enters a set on one digit (every x of
the set ruled out) and leaves it on another (the z candidates that see all its z cells).
The chains HoDoKu lists "with ALS" are found where the grouped AIC finds none, every step
found on real solving paths keeps every solution (checked by a plain backtracking search
written here), and the search stops within its budget."""

from __future__ import annotations

import itertools

import pytest

from sudokit import Grid, formats, solve
from sudokit.candidates import Candidates
from sudokit.logic import solve_path, teach
from sudokit.logic.board import Board
from sudokit.logic.select import choose
from sudokit.logic.step import Level
from sudokit.logic.techniques import BY_KEY, OPTIONAL, als_nodes_chains, grouped_chains
from support.boards import pencilmarks
from support.clirunner import sudoku
from support.files import data_file, read_lines
from support.soundness import keeps_every_solution

#: before HoDoKu's AIC (1)r1c1=(8)r1c1-(8)r1c8=(8)r2c8-(8=2)ALS r2c16-(2)r7c6=(2)r7c7
#: -(2=1)ALS r3c79: 1 off r1c9 and r3c1
TWO_SETS = pencilmarks(
    "18 7 23 348 23456 2468 9 2568 156 89 4 6 1 259 289 7 258 3 189 5 23 3789 2369 26789 26 4 "
    "16 7 6 5 349 349 49 8 1 2 2 1 4 6 8 5 3 7 9 3 8 9 2 7 1 56 56 4 46 9 8 47 1 2467 2456 3 "
    "567 46 2 7 5 469 3 1 69 8 5 3 1 4789 2469 246789 246 269 67"
)
TWO_SETS_SOLUTION = ("172354986946128753853967241765439812214685379389271564498712635627543198"
                     "531896427")
TWO_SETS_GONE = (("r1c9", 1), ("r3c1", 1))

#: before HoDoKu's grouped continuous nice loop through two ALS, r5c169 and r4c8+r5c8+r8c8:
#: each is locked on its digits other than 2 and 8 (4, 5, 6 leave r5c4, r9c8 ...)
LOOP = pencilmarks(
    "45 12579 1247 146 14679 479 238 238 789 8 1279 127 3 179 5 29 4 6 6 379 347 2 479 8 5 1 "
    "79 2 156 1468 9 14578 47 168 568 3 45 136 9 145 138 24 7 2568 58 7 135 138 15 12358 6 "
    "1289 289 4 3 4 5 8 69 1 69 7 2 9 8 26 7 256 3 4 56 1 1 267 267 456 24569 249 3689 35689 "
    "589"
)
LOOP_GONE = (("r4c7", 8), ("r5c4", 4), ("r5c4", 5), ("r5c8", 5), ("r6c7", 8), ("r6c8", 8),
             ("r9c8", 5), ("r9c8", 6))


def _gone(step: object) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((e.cell, e.digit) for e in step.eliminations))  # type: ignore[attr-defined]


_UNITS = ([[r * 9 + c for c in range(9)] for r in range(9)]
          + [[r * 9 + c for r in range(9)] for c in range(9)]
          + [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)])
_PEERS = [set(itertools.chain(*(u for u in _UNITS if c in u))) - {c} for c in range(81)]


def _place(masks: list[int], cell: int, bit: int) -> bool:
    """Set ``cell`` to the digit ``bit`` and take it from its peers, placing the cells left
    with one digit in turn; False on an empty cell."""
    todo = [(cell, bit)]
    while todo:
        cell, bit = todo.pop()
        if not masks[cell] & bit:
            return False
        masks[cell] = bit
        for p in _PEERS[cell]:
            if masks[p] & bit:
                if masks[p] == bit:
                    return False
                masks[p] &= ~bit
                if not masks[p] & (masks[p] - 1):
                    todo.append((p, masks[p]))
    return True


def _solvable(masks: list[int]) -> bool:
    """A plain backtracking search: has the candidate grid (81 digit masks) a solution?"""
    masks = masks.copy()
    for c in range(81):
        if not masks[c] & (masks[c] - 1) and not _place(masks, c, masks[c]):
            return False
    open_cells = [c for c in range(81) if masks[c] & (masks[c] - 1)]
    if not open_cells:
        return True
    cell = min(open_cells, key=lambda c: masks[c].bit_count())
    for d in range(9):
        bit = 1 << d
        if masks[cell] & bit:
            trial = masks.copy()
            if _place(trial, cell, bit) and _solvable(trial):
                return True
    return False


def _masks(board: Candidates) -> list[int]:
    return [sum(1 << (d - 1) for d in board.candidates(c)) for c in range(81)]


def test_a_chain_through_two_sets_the_grouped_aic_lacks(pure: bool) -> None:
    board = Board.from_candidates(TWO_SETS)
    listed = {_gone(s): s for s in als_nodes_chains.every(board.copy())}
    step = listed[TWO_SETS_GONE]
    assert "(8=2)r2c1+r2c6" in step.text and "(2=1)r3c7+r3c9" in step.text
    assert step.technique == "Grouped AIC with ALS nodes"
    keeps_every_solution(TWO_SETS, step)
    assert all(TWO_SETS_SOLUTION[TWO_SETS.shape.parse_cell(c)] != str(d) for c, d in TWO_SETS_GONE)
    grouped = grouped_chains.every_grouped_chain(board.copy(), one_digit=False)
    assert TWO_SETS_GONE not in {_gone(s) for s in grouped}
    # it is an optional technique; hint --all, when it is chosen, lists this chain among
    # the twenty it shows
    tech = BY_KEY["grouped-aic-als"]
    assert tech in OPTIONAL and tech.level is Level.EXPERT
    shown = teach.all_steps(TWO_SETS, techniques=[tech])[tech.name]
    assert TWO_SETS_GONE in {_gone(s) for s in shown}
    out = sudoku("hint", "--all", "--techniques", "grouped-aic-als",
                 stdin=formats.dumps([TWO_SETS], "candidates").encode())
    assert out.status == 0 and ": r1c9,r3c1<>1\n" in out.out


def test_a_continuous_loop_through_two_sets_locks_them(pure: bool) -> None:
    step = als_nodes_chains.find(Board.from_candidates(LOOP))
    assert step is not None and _gone(step) == tuple(sorted(LOOP_GONE))
    assert step.text.startswith("The continuous loop (2=8)r5c1+r5c6+r5c9-(8=2)r4c8+r5c8+r8c8")
    keeps_every_solution(LOOP, step)
    assert not _solvable([1 << 4 if c == LOOP.shape.parse_cell("r5c4") else m
                          for c, m in enumerate(_masks(LOOP))])


def test_every_step_on_real_paths_keeps_every_solution(pure: bool) -> None:
    """On the first expert boards of top1465's solving paths, each listed step (twenty a
    board) keeps the solution; a backtracking search finds none with a removed candidate."""
    ladder = choose("default")
    puzzles = read_lines(data_file("puzzles3_magictour_top1465.txt"))[:12]
    checked = 0
    for text in puzzles:
        grid = Grid(text)
        solution = solve(grid).cells
        board = Candidates.pencilmarks(grid)
        for step in solve_path(grid, techniques=ladder).steps:
            if step.level is Level.EXPERT:
                break
            board = step.apply(board)
        for step in itertools.islice(als_nodes_chains.every(Board.from_candidates(board)), 20):
            masks = _masks(board)
            for e in step.eliminations:
                cell = board.shape.parse_cell(e.cell)
                assert solution[cell] != e.digit, step.text
                forced = masks.copy()
                forced[cell] = 1 << (e.digit - 1)
                assert not _solvable(forced), step.text
                checked += 1
            for p in step.placements:
                cell = board.shape.parse_cell(p.cell)
                without = masks.copy()
                without[cell] &= ~(1 << (p.digit - 1))
                assert not _solvable(without), step.text
                checked += 1
    assert checked > 20


def test_the_budget_bounds_the_search(pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    full = list(als_nodes_chains.every(Board.from_candidates(TWO_SETS)))
    monkeypatch.setattr(als_nodes_chains, "BUDGET", 50)
    cut = list(als_nodes_chains.every(Board.from_candidates(TWO_SETS)))
    assert len(cut) < len(full)
    assert {_gone(s) for s in cut} <= {_gone(s) for s in full}
    monkeypatch.setattr(als_nodes_chains, "MAX_NODES", 4)
    short = list(als_nodes_chains.every(Board.from_candidates(TWO_SETS)))
    assert TWO_SETS_GONE not in {_gone(s) for s in short}
