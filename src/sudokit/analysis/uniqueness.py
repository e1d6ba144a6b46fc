"""Why a puzzle is not unique, and how to make it so; which givens of a unique puzzle are
redundant.

The fewest clues that make a puzzle unique are a smallest *hitting set* of its
unavoidable sets (each needs one clue inside it). They are found by asking: the sets
known so far (found by counting) give a smallest set of cells that hits each; if the
puzzle with those cells given is still not unique, its second solution gives one more
unavoidable set, and the search goes on. Searched by size 1, 2, 3, ... the first that
works is the fewest. That search is bounded (:data:`EXACT_NODES` nodes, at most
:data:`EXACT_CLUES` clues and :data:`EXACT_SETS` sets); beyond it a greedy heuristic
answers, and says so.

>>> from sudokit import Grid
>>> puzzle = Grid(
...     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
>>> extra = puzzle.with_digit("r9c9", 6)
>>> redundant_givens(extra)
[80]
>>> minimize(extra, seed=1) == puzzle
True

A solved grid with four cells blank whose two digits can swap needs one of them back:

>>> rectangle = Grid(
...     "4689.15.77516.48.9392578461134756298289413675675289314846192753513867942927345186")
>>> unique_with(rectangle)
Completion(clues=((4, 2),), method='exact', sets=1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..errors import SudokuError
from ..grid import Grid
from .solutions import (
    cells_of,
    count,
    first_solution,
    need_classic,
    unavoidable_of,
    with_clues,
    without,
)

#: Nodes of the exact hitting-set search before the greedy heuristic takes over.
EXACT_NODES = 100_000

#: The most clues the exact search looks for; more is answered by the greedy heuristic.
EXACT_CLUES = 10

#: The most unavoidable sets the exact search learns (each costs a hundred or so counts).
EXACT_SETS = 300

#: How the clues were chosen, as the answer's words say it.
METHODS = {
    "exact": "exact",
    "greedy": "greedy, not proved the fewest",
}


class Completion(NamedTuple):
    """Clues of one solution that make a puzzle unique: ``clues`` as (cell, digit)
    pairs in cell order, ``method`` ``"exact"`` (no fewer clues of that solution do) or
    ``"greedy"`` (a heuristic answer, not proved the fewest), and the number of
    unavoidable sets the search learnt (``sets``)."""

    clues: tuple[tuple[int, int], ...]
    method: str
    sets: int


class OutOfNodes(Exception):
    """The exact search spent its nodes."""


def unique_with(puzzle: Grid, solution: Grid | None = None, *,
                nodes: int = EXACT_NODES) -> Completion:
    """The fewest clues taken from ``solution`` (by default the first solution found)
    that make ``puzzle`` unique: exact within ``nodes`` search nodes and
    :data:`EXACT_CLUES` clues, greedy beyond (``Completion.method`` says which).
    A unique puzzle needs none; a puzzle with no solution raises SudokuError."""
    solution = _solution_of(puzzle, solution, "unique_with")
    if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1:
        raise ValueError(f"unique_with: nodes must be a whole number from 1, not {nodes!r}")
    found = unavoidable_of(puzzle, solution)
    if found is None:
        return Completion((), "exact", 0)
    sets = [found[1]]
    try:
        chosen = _exact(puzzle, solution, sets, nodes)
        method = "exact"
    except OutOfNodes:
        chosen = _greedy(puzzle, solution, sets)
        method = "greedy"
    clues = tuple((cell, solution.cells[cell]) for cell in cells_of(chosen))
    return Completion(clues, method, len(sets))


def _solution_of(puzzle: Grid, solution: Grid | None, function: str) -> Grid:
    need_classic(puzzle, function)
    if solution is None:
        solution = first_solution(puzzle)
        if solution is None:
            raise SudokuError(f"{function}: the puzzle has no solution")
        return solution
    if not isinstance(solution, Grid) or solution.shape != puzzle.shape:
        raise TypeError(f"{function}: solution must be a Grid of the puzzle's shape")
    if not solution.is_solved() or any(
            p and p != s for p, s in zip(puzzle.cells, solution.cells, strict=True)):
        raise ValueError(f"{function}: solution is not a solution of the puzzle")
    return solution


def _exact(puzzle: Grid, solution: Grid, sets: list[int], nodes: int) -> int:
    """The smallest hitting set that makes the puzzle unique, learning sets as it goes."""
    budget = [nodes]
    size = 1
    while True:
        if size > EXACT_CLUES:
            raise OutOfNodes
        chosen = _hitting_set(sorted(sets, key=int.bit_count), size, budget)
        if chosen is None:
            size += 1
            continue
        found = unavoidable_of(with_clues(puzzle, solution.cells, cells_of(chosen)), solution)
        if found is None:
            return chosen
        sets.append(found[1])
        if len(sets) > EXACT_SETS:
            raise OutOfNodes


def _hitting_set(sets: Sequence[int], size: int, budget: list[int]) -> int | None:
    """A set of at most ``size`` cells meeting every one of ``sets``, or None."""

    def grow(chosen: int, banned: int, left: int) -> int | None:
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfNodes
        missed = [s for s in sets if not s & chosen]
        if not missed:
            return chosen
        # sets with no cell in common each need a cell of their own
        apart, used = 0, 0
        for s in missed:
            if not s & used:
                used |= s
                apart += 1
        if apart > left:
            return None
        pick = min(missed, key=lambda s: (s & ~banned).bit_count())
        for cell in cells_of(pick & ~banned):
            found = grow(chosen | 1 << cell, banned, left - 1)
            if found is not None:
                return found
            banned |= 1 << cell  # the later branches leave this cell out
        return None

    return grow(0, 0, size)


def _greedy(puzzle: Grid, solution: Grid, sets: list[int]) -> int:
    """Clues in the most known unavoidable sets, one at a time, until the puzzle is
    unique; then each clue that can go is dropped."""
    chosen = 0
    while True:
        missed = [s for s in sets if not s & chosen]
        if missed:
            hits: dict[int, int] = {}
            for s in missed:
                for cell in cells_of(s):
                    hits[cell] = hits.get(cell, 0) + 1
            chosen |= 1 << max(hits, key=lambda c: (hits[c], -c))
            continue
        found = unavoidable_of(with_clues(puzzle, solution.cells, cells_of(chosen)), solution)
        if found is None:
            break
        sets.append(found[1])
    for cell in cells_of(chosen):
        trial = chosen & ~(1 << cell)
        if count(with_clues(puzzle, solution.cells, cells_of(trial))) == 1:
            chosen = trial
    return chosen


def redundant_givens(puzzle: Grid) -> list[int]:
    """The givens of a unique ``puzzle`` each of which alone can be taken away and leave
    it unique (cells, in order). A puzzle with no solution or several raises
    SudokuError."""
    need_classic(puzzle, "redundant_givens")
    _need_unique(puzzle, "redundant_givens")
    return [cell for cell, v in enumerate(puzzle.cells)
            if v and count(without(puzzle, [cell])) == 1]


def _need_unique(puzzle: Grid, function: str) -> None:
    found = count(puzzle)
    if found != 1:
        raise SudokuError(f"{function}: the puzzle has "
                          f"{'no solution' if not found else 'more than one solution'}")


def minimize(puzzle: Grid, seed: int | str | bytes | None = None) -> Grid:
    """``puzzle`` with redundant givens taken away one at a time, in an order shuffled by
    ``seed``, until none is left: a minimal puzzle with the same solution. A puzzle
    with no solution or several raises SudokuError."""
    need_classic(puzzle, "minimize")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str | bytes)):
        raise TypeError(f"minimize: seed must be a whole number, text or None, not "
                        f"{type(seed).__name__}")
    _need_unique(puzzle, "minimize")
    order = [cell for cell, v in enumerate(puzzle.cells) if v]
    random.Random(seed).shuffle(order)
    kept = puzzle
    for cell in order:
        trial = without(kept, [cell])
        if count(trial) == 1:
            kept = trial
    return kept


def is_minimal(puzzle: Grid) -> bool:
    """Is ``puzzle`` unique with no redundant given?"""
    need_classic(puzzle, "is_minimal")
    return count(puzzle) == 1 and not any(
        v and count(without(puzzle, [cell])) == 1 for cell, v in enumerate(puzzle.cells))


__all__ = ["Completion", "EXACT_CLUES", "EXACT_NODES", "EXACT_SETS", "METHODS", "is_minimal",
           "minimize", "redundant_givens", "unique_with"]
