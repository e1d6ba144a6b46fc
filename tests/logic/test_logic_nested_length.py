"""How long a nested forcing chain is: every chain inside it counts whole, as Sudoku Explainer
counts a nested chain (each branch, each contradiction), and the score grows with it."""

from __future__ import annotations

from sudokit import Grid, solve
from sudokit.logic import LADDER, solve_path
from sudokit.logic.board import Board, Contradiction
from sudokit.logic.graphs.chains import chain_bonus
from sudokit.logic.graphs.hypothesis import Hypothesis, deductions
from sudokit.logic.techniques import nested_chains

# the forum's hardest list, line 3 (Sudoku Explainer 1.2.1.3 rates it 10.1)
HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def _stuck_board() -> Board:
    """The board where the ladder below the nested chains gets stuck."""
    below = [t for t in LADDER if t not in nested_chains.TECHNIQUES and t is not nested_chains.DEEP]
    path = solve_path(Grid(HARDEST), techniques=below)
    return Board.from_candidates(path.final)


def _singles_count(root: Hypothesis, cell: int, d0: int) -> int:
    """Deductions one assumption draws until its contradiction (a plain reference)."""
    h = root.copy()
    try:
        h.singles([(cell, d0)])
    except Contradiction:
        return h.count
    raise AssertionError(f"assuming {d0 + 1} in cell {cell} led to no contradiction")


def test_an_inner_sweep_counts_every_contradiction_it_rests_on() -> None:
    board = _stuck_board()
    root = Hypothesis.of(board)
    # an assumption inside a nested chain whose sweep finds several contradictions
    found, inner = None, root
    for cell in range(81):
        for d0 in range(9):
            if board.unsolved >> cell & 1 and board.masks[cell] >> d0 & 1:
                inner = root.copy()
                try:  # what a level-2 assumption draws before its inner chains
                    inner.singles([(cell, d0)])
                    inner.settle(1)
                except Contradiction:
                    continue
                inner.count = 0
                found = deductions(inner, 0, every=True)
                if found is not None and len(found.sources) > 1:
                    break
        if found is not None and len(found.sources) > 1:
            break
    assert found is not None and found.kind == "contradiction" and len(found.sources) > 1
    counts = [_singles_count(inner, c, e0) for c, e0 in found.sources]
    assert found.length == max(counts)
    # what a chain resting on this sweep counts: all its contradictions, not the longest
    assert found.total == sum(counts) > found.length


def test_a_nested_steps_score_is_sudoku_explainers_base_plus_its_whole_length() -> None:
    board = _stuck_board()
    solution = solve(Grid(HARDEST))
    assert solution is not None
    found = deductions(Hypothesis.of(board), 2)
    assert found is not None
    for c, d0 in found.elim:  # sound: the solution keeps what is removed nowhere
        assert solution.cells[c] != d0 + 1
    board.solutions = 1  # the nested search runs on puzzles known to have one solution
    step = nested_chains.TECHNIQUES[1].find(board)
    assert step is not None and step.key == "nested-forcing-chain"
    assert nested_chains.base_score(2) == 9.5  # Sudoku Explainer's "+ Forcing Chains"
    assert step.score == round(9.5 + chain_bonus(found.length), 1)
    # inner chains counted whole make the step longer than its own propagation alone
    assert found.length > 100 and step.score >= 10.5
