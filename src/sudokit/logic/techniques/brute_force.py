"""Brute force: when no technique applies, take one cell's digit from a solution found by
search (trial and error). The last resort, used only when asked for (rating does)."""

from __future__ import annotations

from ..board import Board, bits
from ..step import Level, Step, Technique


def find(board: Board) -> Step | None:
    """A cell's digit taken from the known solution, or None if none is known."""
    if board.solution is None or not board.unsolved:
        return None
    masks = board.masks
    # the cell a human would try first: fewest candidates, then reading order
    cell = min(bits(board.unsolved), key=lambda c: (masks[c].bit_count(), c))
    d = board.solution[cell]
    if not masks[cell] >> (d - 1) & 1:
        return None
    others = [x for x in range(1, board.geo.n + 1) if x != d and masks[cell] >> (x - 1) & 1]
    tried = ", ".join(str(x) for x in others)
    name = board.geo.cell_names[cell]
    if board.solutions == 1:
        text = (
            f"No technique applies: trial and error shows that {name} must be {d} "
            f"(the search rules out {tried})."
        )
    else:
        text = (
            f"No technique applies: trial and error puts {d} in {name}, as one of the "
            f"puzzle's solutions has it."
        )
    return BRUTE_FORCE.step(board, [cell], text, place=[(cell, d)])


BRUTE_FORCE = Technique(
    key="brute-force", name="Brute Force", level=Level.EXTREME, score=11.0, effort=10000, find=find,
)
