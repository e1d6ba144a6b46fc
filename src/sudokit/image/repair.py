"""The solver as a check on a reading: a puzzle read from a photo must have exactly one
solution. Of the readings that have, the most likely under the digit model's probabilities
is kept: the model's next choices are tried in the cells it was least sure of (a digit that
may be a blank, a blank that may be a digit), the least unlikely set of changes first. A
reading whose digits clash or leave no solution may need many changes (a small photo of a
thin face misreads a digit in ten): its cells are then settled one at a time, the surest
first, and each partial reading with no solution is given up with all that complete it. A
reading is trusted only when every change to it is at least ACCEPT likely and no other
reading with one solution, of another puzzle, is nearly as likely (RIVAL), and no cell of
it is a suspect (:func:`suspects`): a digit read from a shape much paler than the grid's
digits, or a digit the model barely chose on which the puzzle's only solution hangs.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .. import engine
from ..grid import Grid
from ..shape import Shape
from ..solver import solve

#: Choices less likely than this (relative to the cell's first choice) are never tried.
MIN_RATIO = 1e-4
#: The most cells one repair of a reading with several solutions changes, and the most
#: readings (or partial readings) any repair solves.
MAX_CHANGES = 3
MAX_TRIES = 4000
#: The cheapest alternative moves considered (cost order).
MAX_MOVES = 48
#: A change to a choice the model gave less than this is never trusted.
ACCEPT = 0.2
#: A reading is not trusted when another with exactly one solution (of another puzzle) is
#: less than this many times less likely.
RIVAL = 4.0
#: A digit read with less confidence than the reader's doubt from a shape whose ink is less
#: than this share of the grid's digits' is a suspect: a shadow's edge or print showing
#: through, read as a digit that happens to agree with the solution.
PALE = 0.55
#: A digit read with less confidence than this is a suspect when the puzzle without it has
#: several solutions: the one solution found then rests on the model's guess alone.
GUESS = 0.4
#: Digits a thin face turns into others when a small photo fades some of its strokes: a 7
#: whose bar has faded reads as a 1, a 7 faded to a smudge as a blank (0). A digit read as
#: a key here, where the model gave the digit it stands for FADED_CHANCE or more and that
#: digit too gives exactly one solution, is a suspect: the two readings are of two puzzles,
#: and only the page tells them apart. (A blank only when read with less than OTHER_DOUBT
#: confidence, and the 7 the likeliest digit there: a speck or print showing through,
#: read as a blank, often has a 7 at a few percent too.)
FADED = {0: 7, 1: 7}
FADED_CHANCE = 0.01
#: Any digit read with less confidence than OTHER_DOUBT, where another digit the model gave
#: OTHER_CHANCE or more, and at least 1 / OTHER_RATIO as much as the digit read, also gives
#: exactly one solution, is a suspect for the same reason (a rival reading is only looked
#: for up to RIVAL times less likely than the reading kept).
OTHER_DOUBT, OTHER_CHANCE, OTHER_RATIO = 0.9, 0.01, 16.0
#: A blank read with less confidence than LOST from a shape at least DARK as dark as the
#: grid's digits (as dark as a digit must be to be read as one) is a suspect: a digit read,
#: or repaired, away (the puzzle stays unique without a given it does not need).
LOST, DARK = 0.6, 0.35

_NINE = Shape.for_size(9)
_UNITS = _NINE.units


class Change(NamedTuple):
    """One cell the repair changed: from the model's first choice to a later one;
    ``restored``: a digit read as blank put back because the only solution has it there
    (the others make a reading with clashing digits, no solution or several one with
    exactly one)."""

    cell: int
    before: int
    after: int
    probability: float
    restored: bool = False

    def describe(self) -> str:
        """'r3c4: 7 -> 1 (1 at 21%)' ('.' for a blank)."""
        r, c = divmod(self.cell, 9)
        return (f"r{r + 1}c{c + 1}: {self.before or '.'} -> {self.after or '.'} "
                f"({self.after or 'blank'} at {self.probability:.0%})")


class Outcome(NamedTuple):
    """The repaired cells, the changes made, and how many solutions the result has (0, 1,
    or 2 for several); ``tried``: how many readings (or partial readings) were solved;
    ``rival``: how likely the next reading with exactly one solution (of another puzzle)
    is, next to this one's (0.0: none as likely as 1 / RIVAL); ``contested``: the cells
    that reading reads otherwise, or, when no reading has a solution, the digits to blame
    (:func:`culprits`)."""

    cells: tuple[int, ...]
    changes: tuple[Change, ...]
    solutions: int
    tried: int
    rival: float = 0.0
    contested: tuple[int, ...] = ()

    @property
    def trusted(self) -> bool:
        """See :func:`trusted`."""
        return trusted(self.solutions, self.changes, self.rival)


def trusted(solutions: int, changes: Sequence[Change], rival: float,
            suspect: Sequence[int] = ()) -> bool:
    """True when a reading has exactly one solution, no change to it is less likely than
    ACCEPT, no other reading with one solution is nearly as likely (``rival`` 0), and no
    cell is a ``suspect`` (:func:`suspects`)."""
    return (solutions == 1 and rival == 0.0 and not suspect
            and all(c.probability >= ACCEPT for c in changes))


def suspects(cells: Sequence[int], confidence: Sequence[float], ink: Sequence[float],
             doubt: float, choices: Sequence[Sequence[tuple[int, float]]] = ()
             ) -> tuple[int, ...]:
    """The digits of a reading with exactly one solution that the solver's check cannot
    vouch for, in order: each read with less than ``doubt`` confidence from a shape whose
    ``ink`` (next to the grid's digits', their median 1.0) is under PALE, each read
    with less than GUESS confidence without which the puzzle has several solutions, each
    where another digit among the cell's ``choices`` (as :func:`repair` takes them) also
    gives exactly one solution (:func:`other_digit`: the FADED digits at any confidence,
    the others below OTHER_DOUBT), each blank read with less than LOST confidence from a
    shape at least DARK as dark as the digits, and each blank read with less than
    OTHER_DOUBT confidence whose likeliest digit is the FADED one it may stand for, at
    FADED_CHANCE or more, and keeps exactly one solution (a thin 7 faded to a smudge). A
    puzzle printed with more clues than it needs stays unique with a stray digit that
    agrees with its solution, without a given it lost, and with a wrong digit on which its
    solution hangs."""
    found = []
    for i, v in enumerate(cells):
        unsure = confidence[i] < OTHER_DOUBT
        if not v:
            likeliest = [c for c in choices[i] if c[0]][:1] if choices else []
            if (confidence[i] < LOST and ink[i] >= DARK
                    or unsure and likeliest and other_digit(cells, i, likeliest, False)):
                found.append(i)
            continue
        if (confidence[i] < doubt and 0.0 < ink[i] < PALE
                or confidence[i] < GUESS and hangs_on(cells, i)
                or choices and other_digit(cells, i, choices[i], unsure)):
            found.append(i)
    return tuple(found)


def hangs_on(cells: Sequence[int], cell: int) -> bool:
    """True when ``cells`` without the digit in ``cell`` have several solutions."""
    without = list(cells)
    without[cell] = 0
    return solutions(without) > 1


def other_digit(cells: Sequence[int], cell: int, choices: Sequence[tuple[int, float]],
                unsure: bool = True) -> int:
    """A digit other than what was read in ``cell`` (a digit or a blank) that also gives
    ``cells`` exactly one solution, of another puzzle (for a blank: the same solution, one
    more given): the FADED digit the one read stands for, given FADED_CHANCE or more among
    the cell's ``choices``, or, when the reading is ``unsure``, any digit given OTHER_CHANCE
    or more and at least 1 / OTHER_RATIO of the chance of what was read, the likeliest
    first; 0 when none does."""
    read_ = cells[cell]
    ranked = [(d, p) for d, p in choices if d and d != read_]
    tried = [d for d, p in ranked if d == FADED.get(read_) and p >= FADED_CHANCE]
    if unsure:
        least = max(OTHER_CHANCE, dict(choices).get(read_, 0.0) / OTHER_RATIO)
        tried += [d for d, p in ranked if p >= least and d not in tried]
    for digit in tried:
        other = list(cells)
        other[cell] = digit
        if solutions(other) == 1:
            return digit
    return 0


def solutions(cells: Sequence[int], limit: int = 2) -> int:
    """0 when ``cells`` clash or have no solution, 1 when exactly one, 2 when several
    (counting no further than ``limit``). The solver's engine is run on the cells as they
    are, without the checks a puzzle from elsewhere needs: the repair asks this of
    thousands of readings a photo."""
    solver = engine.engine_for(_NINE)
    if not solver.reset(list(cells), limit):
        return 0
    while solver.run(1 << 30) != engine.DONE:
        pass
    return int(solver.counts()[0])


def clashes(cells: Sequence[int]) -> bool:
    """True when a digit stands twice in a row, column or box."""
    for unit in _UNITS:
        seen = 0
        for i in unit:
            v = cells[i]
            if v:
                bit = 1 << v
                if seen & bit:
                    return True
                seen |= bit
    return False


def clashing(cells: Sequence[int]) -> tuple[int, ...]:
    """The cells whose digit stands twice in one of their rows, columns or boxes, in order."""
    found: set[int] = set()
    for unit in _UNITS:
        digits = [cells[i] for i in unit]
        found.update(i for i, v in zip(unit, digits, strict=True) if v and digits.count(v) > 1)
    return tuple(sorted(found))


def culprits(cells: Sequence[int]) -> tuple[int, ...]:
    """The digits to blame for a reading without a solution, in order: those that clash,
    or, when none does, each without which the puzzle has a solution."""
    clash = clashing(cells)
    if clash:
        return clash
    blamed = []
    for i, v in enumerate(cells):
        if v:
            without = list(cells)
            without[i] = 0
            if solutions(without, 1):
                blamed.append(i)
    return tuple(blamed)


def repair(choices: Sequence[Sequence[tuple[int, float]]], max_tries: int = MAX_TRIES) -> Outcome:
    """The most likely reading with exactly one solution.

    ``choices[i]`` ranks what cell i may hold, best first, as (digit or 0, probability): a
    digit that may be a blank and a blank that may be a digit are choices like any other.
    Readings are tried in order of how unlikely their changes are together (the sum over
    the changed cells of -log(p / p_first)), ``max_tries`` readings in all; the first with
    exactly one solution wins. When the first choices have several solutions, at most
    MAX_CHANGES cells change (a digit lost, a few misread); when they clash or have none,
    any number may (:func:`_settled`). The search then
    goes on up to RIVAL times less likely for a rival: another reading with exactly one
    solution that is another puzzle's (``Outcome.rival``). When no reading has one solution
    the first choices come back unchanged, with their count of solutions.
    """
    first = tuple(c[0][0] for c in choices)
    found = solutions(first)
    if found == 0:
        return _deeper(choices, first, max_tries)
    best: tuple[float, tuple[int, ...], tuple[Change, ...]] | None = None
    answer: Grid | None = None
    if found == 1:
        best, answer = (0.0, first, ()), solve(Grid.from_cells(first))
    tried = 1
    for cost, cells, changes in _readings(first, _moves(choices)):
        if tried >= max_tries or (best is not None and cost > best[0] + math.log(RIVAL)):
            break
        tried += 1
        if solutions(cells) != 1:
            continue
        if best is None:
            best, answer = (cost, cells, changes), solve(Grid.from_cells(cells))
        elif answer is None or solve(Grid.from_cells(cells)) != answer:
            contested = tuple(i for i in range(81) if cells[i] != best[1][i])
            return Outcome(best[1], best[2], 1, tried, math.exp(best[0] - cost), contested)
    if best is None:
        return Outcome(first, (), found, tried)
    return Outcome(best[1], best[2], 1, tried)


def _deeper(choices: Sequence[Sequence[tuple[int, float]]], first: tuple[int, ...],
            max_tries: int) -> Outcome:
    """:func:`repair` of ``first`` choices that clash or have no solution: the most likely
    reading with exactly one solution however many cells it changes (:func:`_settled`),
    and its rival, ``max_tries`` readings and partial readings solved at most (the first
    choices among them). When none is found, the first choices with the digits to blame."""
    best: tuple[float, tuple[int, ...], tuple[Change, ...]] | None = None
    answer: Grid | None = None
    steps = [1]
    for cost, cells, changes in _settled(choices, first, steps, max_tries):
        if best is not None and cost > best[0] + math.log(RIVAL):
            break
        steps[0] += 1
        if solutions(cells) != 1:
            continue
        if best is None:
            best, answer = (cost, cells, changes), solve(Grid.from_cells(cells))
        elif solve(Grid.from_cells(cells)) != answer:
            contested = tuple(i for i in range(81) if cells[i] != best[1][i])
            return Outcome(best[1], best[2], 1, steps[0], math.exp(best[0] - cost), contested)
    if best is None:
        return Outcome(first, (), 0, steps[0], contested=culprits(first))
    return Outcome(best[1], best[2], 1, steps[0])


def _settled(choices: Sequence[Sequence[tuple[int, float]]], first: tuple[int, ...],
             steps: list[int], limit: int
             ) -> Iterator[tuple[float, tuple[int, ...], tuple[Change, ...]]]:
    """(cost, cells, changes) of the readings that may have a solution, cheapest first,
    any number of cells changed: the cells the model was sure of fixed, the others
    settled one at a time, surest first; a partial reading (the unsettled cells blank) that
    clashes or has no solution is given up with every reading that completes it (a blank
    is a digit not yet known, so digits added never make a solution). ``steps[0]`` counts
    the readings solved, up to ``limit``."""
    open_: list[tuple[int, list[tuple[float, int, float]]]] = []
    for cell, ranked in enumerate(choices):
        top = ranked[0][1]
        options = [(math.log(top) - math.log(max(p, 1e-12)), digit, p)
                   for digit, p in ranked if p >= MIN_RATIO * top]
        if len(options) > 1:
            open_.append((cell, options))
    open_.sort(key=lambda entry: entry[1][1][0], reverse=True)  # surest first
    base = list(first)
    for cell, _ in open_:
        base[cell] = 0
    heap: list[tuple[float, tuple[int, ...]]] = [(0.0, ())]
    while heap and steps[0] < limit:
        cost, picked = heapq.heappop(heap)
        cells = list(base)
        for (cell, options), k in zip(open_, picked, strict=False):
            cells[cell] = options[k][1]
        if len(picked) == len(open_):
            changes = tuple(Change(cell, first[cell], options[k][1], options[k][2])
                            for (cell, options), k in zip(open_, picked, strict=True) if k)
            yield cost, tuple(cells), tuple(sorted(changes, key=lambda c: c.cell))
            continue
        if picked:
            steps[0] += 1
            if not solutions(cells, 1):
                continue
        options = open_[len(picked)][1]
        for k, (extra, _, _) in enumerate(options):
            heapq.heappush(heap, (cost + extra, (*picked, k)))


def _moves(choices: Sequence[Sequence[tuple[int, float]]]) -> list[tuple[float, int, int, float]]:
    """The MAX_MOVES cheapest single changes, as (cost, cell, choice, probability)."""
    moves = []
    for cell, ranked in enumerate(choices):
        top = ranked[0][1]
        for digit, p in ranked[1:]:
            if p >= MIN_RATIO * top:
                moves.append((math.log(top) - math.log(max(p, 1e-12)), cell, digit, p))
    moves.sort()
    return moves[:MAX_MOVES]


def _readings(first: tuple[int, ...], moves: list[tuple[float, int, int, float]]
              ) -> Iterator[tuple[float, tuple[int, ...], tuple[Change, ...]]]:
    """(cost, cells, changes) of each reading made of at most MAX_CHANGES moves, each cell
    changed once, cheapest first."""
    # subsets of moves in order of total cost: from {..., i}, go to {..., i, i+1} and
    # {..., i+1}; every subset is reached once, never before a cheaper one
    heap: list[tuple[float, tuple[int, ...]]] = [(moves[0][0], (0,))] if moves else []
    while heap:
        cost, subset = heapq.heappop(heap)
        last = subset[-1]
        if last + 1 < len(moves):
            nxt = moves[last + 1][0]
            if len(subset) < MAX_CHANGES:
                heapq.heappush(heap, (cost + nxt, (*subset, last + 1)))
            heapq.heappush(heap, (cost - moves[last][0] + nxt, (*subset[:-1], last + 1)))
        if len({moves[k][1] for k in subset}) < len(subset):
            continue  # two choices for one cell
        cells = list(first)
        for k in subset:
            cells[moves[k][1]] = moves[k][2]
        changes = tuple(Change(moves[k][1], first[moves[k][1]], moves[k][2], moves[k][3])
                        for k in sorted(subset, key=lambda k: moves[k][1]))
        yield cost, tuple(cells), changes
