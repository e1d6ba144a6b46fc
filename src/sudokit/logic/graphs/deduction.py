"""What a search of the nested forcing chains (:func:`.hypothesis.deductions`) starts from
(the digits placed in each unit of the board) and what it finds: a plain value shared by
the search and the techniques that make a step of it, or that it ran out of time."""

from __future__ import annotations

from ..board import Board


def placed_units(board: Board) -> list[int]:
    """For each unit, the digits already placed in it, as a mask (kept on the board while
    it stays the same: every assumption starts from it; never change the list)."""
    found = board.derived("placed-units")
    if found is not None:
        return found  # type: ignore[return-value]
    values = board.values
    out = []
    for unit in board.geo.units:
        m = 0
        for c in unit:
            if values[c]:
                m |= 1 << (values[c] - 1)
        out.append(m)
    board.keep("placed-units", out)
    return out


class Deduction:
    """What a search found: digits to place and candidates to rule out (cell, digit index),
    how (``kind``: "contradiction", "cell" or "unit"), from which assumptions (``sources``),
    how long it is (``length``: the longest propagation behind it; when tracking, the
    ancestors of its conclusions, as Sudoku Explainer counts a chain, less one for each
    branch), the deductions of all its propagations together (``total``: what a chain that
    rests on it counts untracked) and, for a contradiction, why. When tracking, ``why``
    holds, for each elimination then each placement, the deductions of the layer above
    that it rests on (ancestor bits) and its length as an inner chain."""

    __slots__ = ("kind", "place", "elim", "sources", "length", "reason", "where", "total", "why")

    def __init__(
        self,
        kind: str,
        place: list[tuple[int, int]],
        elim: list[tuple[int, int]],
        sources: list[tuple[int, int]],
        length: int,
        reason: str = "",
        where: int = -1,
        total: int = -1,
        why: list[tuple[int, int]] | None = None,
    ) -> None:
        self.kind = kind
        self.place = place
        self.elim = elim
        self.sources = sources
        self.length = length
        self.reason = reason
        #: the unit of a unit forcing chain (-1 otherwise)
        self.where = where
        self.total = length if total < 0 else total
        self.why: list[tuple[int, int]] = [] if why is None else why


class OutOfTime(Exception):
    """The search passed its deadline (a rating's time limit); ``floor`` is the score of
    the technique that was searching (the puzzle needs at least that)."""

    def __init__(self, floor: float = 0.0) -> None:
        super().__init__(floor)
        self.floor = floor
