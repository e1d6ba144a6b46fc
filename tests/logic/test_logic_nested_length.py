"""How long a nested forcing chain is: as Sudoku Explainer counts a chain, the ancestors of
its conclusion (the deductions it rests on), not everything the assumption drew, and the
score grows with that."""

from __future__ import annotations

from sudokit import Grid, solve
from sudokit.logic import LADDER, solve_path
from sudokit.logic.board import Board, Contradiction, bits
from sudokit.logic.graphs.chains import chain_bonus
from sudokit.logic.graphs.hypothesis import Hypothesis, deductions
from sudokit.logic.techniques import nested_chains

# the forum's hardest list, line 3 (Sudoku Explainer 1.2.1.3 rates it 10.1)
HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
# a hard puzzle on which many assumptions contradict after singles alone
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _stuck_board() -> Board:
    """The board where the ladder below the nested chains gets stuck."""
    below = [t for t in LADDER if t not in nested_chains.TECHNIQUES and t is not nested_chains.DEEP]
    path = solve_path(Grid(HARDEST), techniques=below)
    return Board.from_candidates(path.final)


def _follows(board: Board, ancestors: int, assumed: tuple[int, int]) -> bool:
    """A plain check that ``ancestors`` stand on their own: every placement in them but the
    assumption is a naked or hidden single once the eliminations in them are made, and every
    elimination in them is a peer (or the cell) of a placement in them."""
    geo = board.geo
    n = geo.n
    big = len(board.masks) * n
    placed = {divmod(i, n) for i in bits(ancestors) if i < big}
    gone = {divmod(i - big, n) for i in bits(ancestors) if big <= i < 2 * big}
    for c, d0 in gone:
        if not any((c == p or c in geo.peers[p]) and (d0 == e0) != (c == p)
                   for p, e0 in placed):
            return False
    for c, d0 in placed - {assumed}:
        naked = all((c, e0) in gone for e0 in bits(board.masks[c]) if e0 != d0)
        hidden = any(all((q, d0) in gone for q in geo.units[u]
                         if q != c and board.masks[q] >> d0 & 1)
                     for u in geo.cell_units[c])
        if not (naked or hidden):
            return False
    return True


def test_a_contradiction_counts_only_the_deductions_it_rests_on() -> None:
    # the board after the singles: many assumptions contradict there
    board = Board.from_candidates(solve_path(Grid(HARD), techniques=LADDER[:3]).final)
    root = Hypothesis.of(board, track=True)
    checked = 0
    fewer = 0
    shortest: list[int] = []
    for cell in bits(board.unsolved):
        for d0 in bits(board.masks[cell]):
            h = root.copy()
            try:
                h.singles([(cell, d0)])
            except Contradiction:
                a, b = h.clash
                assert _follows(board, a | b, (cell, d0))
                length = root.length([a, b], 0)
                shortest.append(length - 2)  # less the two contradicting deductions
                # the two contradicting deductions' ancestors, the assumption in both
                assert length == a.bit_count() + b.bit_count() > 2
                drawn = len(h.on_anc or {}) + len(h.off_anc or {})
                fewer += a.bit_count() < drawn and b.bit_count() < drawn
                checked += 1
    assert checked >= 5
    # most contradictions need only part of what their assumption drew
    assert fewer > checked // 2
    # as Sudoku Explainer takes a step: the shortest of the whole sweep, not the first found
    least = deductions(Hypothesis.of(board, track=True), 0, least=True)
    first = deductions(Hypothesis.of(board, track=True), 0)
    assert least is not None and first is not None
    assert least.length == min(shortest) < first.length


def test_a_nested_step_is_the_shortest_of_its_level_on_sudoku_explainers_base() -> None:
    board = _stuck_board()
    solution = solve(Grid(HARDEST))
    assert solution is not None
    # Sudoku Explainer's level 3: static cell and unit forcing chains inside the assumption
    first = deductions(Hypothesis.of(board, track=True), 3)
    assert first is not None
    board.solutions = 1  # the nested search runs on puzzles known to have one solution
    step = nested_chains.SE_FINDERS["nested-multiple-chain"](board)
    assert step is not None and step.key == "nested-multiple-chain"
    names = board.geo.cell_names
    for e in step.eliminations:  # sound: the solution keeps what is removed nowhere
        assert solution.cells[names.index(e.cell)] != e.digit
    assert nested_chains.base_score(3) == 10.0  # Sudoku Explainer's "+ Multiple Forcing Chains"
    # the shortest of the whole sweep (here the first found is as short)
    assert 10.0 < step.score <= round(10.0 + chain_bonus(first.length), 1)
