"""The soundness check every technique's tests share: a step keeps every solution."""

from __future__ import annotations

from sudokit import count_solutions
from sudokit.candidates import Candidates
from sudokit.logic.step import Step


def keeps_every_solution(board: Candidates, step: Step) -> None:
    """Fail unless no solution of ``board`` has a candidate the step removes, and every
    solution has each digit it places (the board is rewritten so that the step's claim is
    false, and that board must have no solution)."""
    shape = board.shape
    for cell, digit in step.eliminations:
        i = shape.parse_cell(cell)
        # the cell forced to the eliminated digit: no solution may remain
        forced = board
        for other in board.candidates(i) - {digit}:
            forced = forced.rule_out(i, other)
        assert count_solutions(forced, 1) == 0, f"{step} ({step.text})"
    for cell, digit in step.placements:
        i = shape.parse_cell(cell)
        assert count_solutions(board.rule_out(i, digit), 1) == 0, f"{step} ({step.text})"
