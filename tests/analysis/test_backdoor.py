"""The smallest singles backdoor, checked by a plain singles solver written here and by
trying every smaller set of cells."""

from __future__ import annotations

from itertools import combinations

import pytest

from sudokit import Grid, SudokuError, solve
from sudokit.analysis.backdoor import singles_backdoor
from support.files import data_file, read_lines

UNITS = ([[r * 9 + c for c in range(9)] for r in range(9)]
         + [[r * 9 + c for r in range(9)] for c in range(9)]
         + [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)]
            for b in range(9)])
PEERS = [sorted({x for unit in UNITS if a in unit for x in unit} - {a}) for a in range(81)]


def singles_solve(cells: list[int]) -> bool:
    """Do naked and hidden singles, taken one at a time, fill every cell?"""
    cells = list(cells)
    while True:
        left = {c: set(range(1, 10)) - {cells[p] for p in PEERS[c]}
                for c in range(81) if not cells[c]}
        if not left:
            return True
        move = next(((c, min(ds)) for c, ds in left.items() if len(ds) == 1), None)
        if move is None:
            move = next(((places[0], d) for unit in UNITS for d in range(1, 10)
                         if len(places := [c for c in unit if c in left and d in left[c]])
                         == 1), None)
        if move is None:
            return False
        cells[move[0]] = move[1]


def puzzles(name: str, count: int) -> list[str]:
    return [line[:81] for line in read_lines(data_file(name))][:count]


@pytest.mark.parametrize("line", puzzles("puzzles3_magictour_top1465.txt", 2)
                         + puzzles("puzzles2_17_clue.txt", 3))
def test_the_backdoor_lets_singles_finish_and_no_smaller_set_does(line: str) -> None:
    puzzle = Grid(line)
    solution = solve(puzzle)
    assert solution is not None
    found = singles_backdoor(puzzle)
    assert found.size == len(found.clues) == found.at_least
    cells = list(puzzle.cells)
    for cell, digit in found.clues:
        assert not cells[cell] and solution.cells[cell] == digit
        cells[cell] = digit
    assert singles_solve(cells)
    blanks = [c for c in range(81) if not puzzle.cells[c]]
    for fewer in combinations(blanks, found.size - 1) if found.size else ():
        trial = list(puzzle.cells)
        for cell in fewer:
            trial[cell] = solution.cells[cell]
        assert not singles_solve(trial)


def test_the_search_stops_at_its_bound_and_says_what_it_ruled_out() -> None:
    puzzle = Grid(puzzles("puzzles6_forum_hardest_1106.txt", 1)[0])
    assert singles_backdoor(puzzle).size == 2
    stopped = singles_backdoor(puzzle, nodes=100)
    assert stopped.size is None and stopped.clues == () and stopped.at_least == 2


def test_a_puzzle_without_one_solution_is_refused() -> None:
    with pytest.raises(SudokuError, match="more than one solution"):
        singles_backdoor(Grid.empty(9))
    with pytest.raises(SudokuError, match="no solution"):
        singles_backdoor(Grid("11" + "." * 79))
    with pytest.raises(ValueError, match="nodes"):
        singles_backdoor(Grid.empty(4), nodes=0)


def test_other_sizes_search_the_same_way() -> None:
    puzzle = Grid("1..." "..3." ".4.." "...2")
    found = singles_backdoor(puzzle)
    assert found.size is not None and found.size <= 1
