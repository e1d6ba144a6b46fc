"""Solving and counting puzzles of overlapping grids, held to a plain exact-cover solver that
knows only the rules (tests/support/sheet_reference.py), on both cores."""

from __future__ import annotations

import random

import pytest

from sudokit import SearchStatus, count_solutions, has_unique_solution, search, solve
from sudokit.sheets import PRESETS, Sheet, SheetGrid
from support import sheet_reference

#: One complete sheet of each preset (digits relabelled per puzzle, so each is another).
FILLED = {name: sheet_reference.random_filled((9, 3, 3, grids), 1)
          for name, grids in PRESETS.items() if name in ("samurai", "twodoku")}

#: Small sheets of other sizes: two 4x4 grids sharing a box, three 6x6 grids.
SMALL = [Sheet(4, grids=((0, 0), (2, 2))), Sheet(6, grids=((0, 0), (2, 3), (4, 0)))]


def _filled(sheet: Sheet, rng: random.Random) -> SheetGrid:
    """A random complete sheet: a few random givens, solved."""
    while True:
        digits = [0] * sheet.ncells
        for i in rng.sample(range(sheet.ncells), 8):
            digits[i] = rng.randint(1, sheet.size)
        found = solve(SheetGrid(sheet, digits)) if SheetGrid(sheet, digits).is_valid() else None
        if found is not None:
            return found


def _puzzles(sheet: Sheet, rng: random.Random, count: int) -> list[SheetGrid]:
    """Random puzzles of ``sheet``: dug at random from random complete sheets (some with one
    solution, some with more), and a few whose changed given leaves none."""
    out = []
    for k in range(count):
        filled = _filled(sheet, rng)
        keep = 0.75 if k % 5 == 4 else (0.3, 0.42, 0.55, 0.7)[k % 4]
        puzzle = [d if rng.random() < keep else 0 for d in filled.digits]
        if k % 5 == 4:  # a given changed to a digit that clashes with no given in sight
            givens = [i for i, d in enumerate(puzzle) if d]
            rng.shuffle(givens)
            for i in givens:
                seen = {puzzle[j] for j in sheet.peers[i]} | {puzzle[i]}
                free = [d for d in range(1, sheet.size + 1) if d not in seen]
                if free:
                    puzzle[i] = rng.choice(free)
                    break
        out.append(SheetGrid(sheet, puzzle))
    return out


def _agree(puzzle: SheetGrid) -> int:
    """Check the engine against the reference on one puzzle; the number of solutions."""
    sheet = puzzle.sheet
    layout = (sheet.size, sheet.shape.box_rows, sheet.shape.box_cols, sheet.grids)
    givens = {sheet.position(i): d for i, d in enumerate(puzzle.digits) if d}
    expected = sheet_reference.solutions(layout, givens, 2)
    result = search(puzzle, limit=2)
    assert result.count == len(expected), puzzle
    assert result.status is (SearchStatus.SOLVED if expected else SearchStatus.NO_SOLUTION)
    if expected:
        solution = result.solution
        assert isinstance(solution, SheetGrid) and solution.is_solution_of(puzzle)
        placed = {sheet.position(i): d for i, d in enumerate(solution.digits)}
        assert placed.keys() == sheet_reference.positions(layout)
        assert all(placed[p] == d for p, d in givens.items())
        assert all(len({placed[p] for p in house}) == sheet.size
                   for house in sheet_reference.houses(layout))
    if len(expected) == 1:
        assert placed == expected[0]
        assert solve(puzzle) == result.solution and has_unique_solution(puzzle)
    return len(expected)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_agrees_with_exact_cover(name: str, pure: bool) -> None:
    rng = random.Random(f"{name}-{pure}")
    counts = [_agree(p) for p in _puzzles(Sheet.preset(name), rng, 2 if pure else 10)]
    if not pure:  # the mix holds each kind of answer
        assert set(counts) == {0, 1, 2}, counts


@pytest.mark.parametrize("sheet", SMALL, ids=["two-4x4", "three-6x6"])
def test_other_sizes_agree_with_exact_cover(sheet: Sheet, pure: bool) -> None:
    rng = random.Random(f"{sheet.size}-{pure}")
    counts = [_agree(p) for p in _puzzles(sheet, rng, 12)]
    assert 2 in counts and 1 in counts


def test_a_solution_keeps_every_given_and_fills_every_cell(pure: bool) -> None:
    sheet = Sheet.preset("samurai")
    filled = FILLED["samurai"]
    solution = SheetGrid(sheet, [filled[sheet.position(i)] for i in range(sheet.ncells)])
    puzzle = SheetGrid(sheet, [d if i % 2 else 0 for i, d in enumerate(solution.digits)])
    found = solve(puzzle)
    assert found is not None and found.is_solution_of(puzzle) and found.sheet is sheet
    assert count_solutions(solution) == 1
    assert count_solutions(SheetGrid.empty(sheet), limit=5) == 5
    assert solve(solution.with_digit(0, solution.digits[1])) is None  # a clash in row 1


def test_a_search_bounded_by_rounds_stops_on_any_machine(pure: bool) -> None:
    result = search(SheetGrid.empty(Sheet.preset("samurai")), limit=1000, rounds=1)
    assert result.status is SearchStatus.TIMED_OUT and result.count < 1000


def test_the_library_refuses_what_is_not_a_sheet_puzzle() -> None:
    twodoku = Sheet.preset("twodoku")
    filled = FILLED["twodoku"]
    grid = SheetGrid(twodoku, [filled[twodoku.position(i)] for i in range(twodoku.ncells)])
    assert count_solutions(grid) == 1
    with pytest.raises(ValueError, match="search: limit must be from 1"):
        search(grid, limit=0)
    with pytest.raises(TypeError, match="solve: puzzle must be a Grid or a Candidates board"):
        solve(twodoku)  # type: ignore[call-overload]
