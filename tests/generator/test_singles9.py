"""The compiled singles of the technique search (sudokit.generator._singles9): on the compiled
module and on its .py source, the placements are true and lead to the same board as the rater's
own singles taken one by one."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid, engine
from sudokit.generator import _singles9
from sudokit.generator.make import minimal_cells, random_minimal
from sudokit.logic import LADDER
from sudokit.logic.board import Board
from sudokit.logic.path import find_step

SINGLES = tuple(t for t in LADDER if t.key in ("full-house", "hidden-single", "naked-single"))


def rater_singles(board: Board) -> Board:
    """The board after the rater's singles, one step at a time, to a fixpoint."""
    board = board.copy()
    while (step := find_step(board, SINGLES)) is not None:
        step.apply_to(board)
    return board


@pytest.mark.parametrize("source", [False, True], ids=["compiled", "source"])
def test_singles_end_where_the_raters_singles_end(source: bool) -> None:
    module = engine.load_pure("generator._singles9") if source else _singles9
    if not source and not module.is_compiled():
        pytest.skip("the compiled module is not built")
    stuck = 0
    for key in range(40):
        made = random_minimal(key)
        board = Board.from_grid(made.puzzle)
        placed = module.singles(list(board.masks), list(board.values))
        pairs = list(zip(placed[::2], placed[1::2], strict=True))
        assert len({cell for cell, _ in pairs}) == len(pairs)
        for cell, digit in pairs:
            assert made.puzzle.cells[cell] == 0
            assert made.solution.cells[cell] == digit
            board.place(cell, digit)
        expected = rater_singles(Board.from_grid(made.puzzle))
        assert board.values == expected.values
        assert board.masks == expected.masks
        stuck += bool(board.unsolved)
    assert 0 < stuck < 40  # some puzzles need more than singles, some do not


def test_a_solved_board_needs_no_placement() -> None:
    made = random_minimal(7)
    board = Board.from_grid(made.solution)
    assert _singles9.singles(list(board.masks), list(board.values)) == []


@pytest.mark.parametrize("source", [False, True], ids=["compiled", "source"])
def test_settled_board_is_the_board_after_placing_the_singles_one_by_one(source: bool) -> None:
    module = engine.load_pure("generator._singles9") if source else _singles9
    if not source and not module.is_compiled():
        pytest.skip("the compiled module is not built")
    for key in range(20):
        made = random_minimal(100 + key)
        board = Board.from_grid(made.puzzle)
        settled = module.settle(list(board.masks), list(board.values))
        assert settled is not None  # a minimal puzzle always has a single to start with
        placed = module.singles(list(board.masks), list(board.values))
        for cell, digit in zip(placed[::2], placed[1::2], strict=True):
            board.place(cell, digit)
        assert settled.masks == board.masks
        assert settled.values == board.values
        assert settled.dcells == board.dcells
        assert settled.unsolved == board.unsolved
        assert module.settle(settled.masks, settled.values) is None  # nothing left to place


@pytest.mark.parametrize("source", [False, True], ids=["compiled", "source"])
def test_candidates_are_those_of_a_board_made_from_the_grid(source: bool) -> None:
    module = engine.load_pure("generator._singles9") if source else _singles9
    if not source and not module.is_compiled():
        pytest.skip("the compiled module is not built")
    for key in range(10):
        made = random_minimal(200 + key)
        assert module.candidates(list(made.puzzle.cells)) == Board.from_grid(made.puzzle).masks


def test_a_board_taking_the_settled_state_reads_as_if_placed_and_drops_what_it_derived() -> None:
    made = random_minimal(7)
    stepwise = Board.from_grid(made.puzzle)
    taking = Board.from_grid(made.puzzle)
    taking.keep("probe", "derived before")
    before = taking.snapshot()
    settled = _singles9.settle(list(taking.masks), list(taking.values))
    assert settled is not None
    placed = _singles9.singles(list(stepwise.masks), list(stepwise.values))
    for cell, digit in zip(placed[::2], placed[1::2], strict=True):
        stepwise.place(cell, digit)
    taking.take(*settled)
    assert (taking.masks, taking.values, taking.dcells, taking.unsolved) == (
        stepwise.masks, stepwise.values, stepwise.dcells, stepwise.unsolved)
    assert taking.derived("probe") is None  # stale: the board changed
    assert taking.changed_since(before) == stepwise.changed_since(before) != 0


BASIC = {"pointing": _singles9.POINTING, "claiming": _singles9.CLAIMING,
         "naked-pair": _singles9.NAKED_PAIR, "hidden-pair": _singles9.HIDDEN_PAIR,
         "2-string-kite": _singles9.KITE, "xy-wing": _singles9.XY_WING,
         "w-wing": _singles9.W_WING}


def rater_basic(board: Board, keys: list[str]) -> Board:
    """The board after the rater's singles and the techniques ``keys``, one step at a time,
    in the ladder's order, to a fixpoint."""
    ladder = tuple(t for t in LADDER if t.key in keys)
    board = board.copy()
    while True:
        board = rater_singles(board)
        step = find_step(board, ladder)
        if step is None:
            return board
        step.apply_to(board)


@pytest.mark.parametrize("source", [False, True], ids=["compiled", "source"])
def test_basic_eliminations_end_where_the_raters_steps_end(source: bool) -> None:
    """Singles with the basic eliminations (each alone, and all together), taken at once,
    leave the board the rater's steps leave, and the solution's digits stay candidates;
    each elimination changes the end of some of these boards (so each was met)."""
    module = engine.load_pure("generator._singles9") if source else _singles9
    if not source and not module.is_compiled():
        pytest.skip("the compiled module is not built")
    every = sum(BASIC.values())
    met: set[str] = set()
    for key in range(300, 360):  # boards where each of them matters, W-Wings included
        made = random_minimal(key)
        keys = list(BASIC) if key % 2 else [list(BASIC)[key // 2 % len(BASIC)]]
        board = Board.from_grid(made.puzzle)
        masks, values = list(board.masks), list(board.values)
        settled = module.settle_basic(masks, values, sum(BASIC[k] for k in keys))
        assert settled is not None  # a minimal puzzle always has a single to start with
        expected = rater_basic(board, keys)
        assert (settled.masks, settled.values, settled.dcells, settled.unsolved) == (
            expected.masks, expected.values, expected.dcells, expected.unsolved)
        for cell, digit in enumerate(made.solution.cells):
            assert settled.masks[cell] >> (digit - 1) & 1
        if len(keys) > 1:
            assert module.settle_basic(settled.masks, settled.values, every) is None
            for k in BASIC:
                without = module.settle_basic(masks, values, every & ~BASIC[k])
                if without is not None and without.masks != settled.masks:
                    met.add(k)
    assert met == set(BASIC)



@pytest.mark.parametrize("source", [False, True], ids=["compiled", "source"])
def test_basic_eliminations_agree_with_the_rater_on_many_boards(source: bool) -> None:
    """All the basic eliminations together, on minimal puzzles dug in a random order and
    digit by digit, with and without a few clues of their solution added: the board the
    rater's steps leave, and every solution digit still a candidate."""
    module = engine.load_pure("generator._singles9") if source else _singles9
    if not source and not module.is_compiled():
        pytest.skip("the compiled module is not built")
    every = sum(BASIC.values())
    rng = random.Random(9)
    changed = 0
    for key in range(40 if source else 400):
        givens, solution = minimal_cells(key, by_digit=key % 2 == 1)
        for cell in rng.sample(range(81), key % 4):
            givens[cell] = solution[cell]
        board = Board.from_grid(Grid(givens))
        settled = module.settle_basic(list(board.masks), list(board.values), every)
        expected = rater_basic(board, list(BASIC))
        if settled is None:
            assert (expected.masks, expected.values) == (board.masks, board.values)
            continue
        assert (settled.masks, settled.values, settled.dcells, settled.unsolved) == (
            expected.masks, expected.values, expected.dcells, expected.unsolved), key
        for cell, digit in enumerate(solution):
            assert settled.masks[cell] >> (digit - 1) & 1
        changed += settled.unsolved != rater_singles(board).unsolved
    assert changed > (3 if source else 30)  # the eliminations mattered on many boards

def test_basic_with_no_rule_is_the_singles() -> None:
    made = random_minimal(11)
    board = Board.from_grid(made.puzzle)
    assert _singles9.settle_basic(list(board.masks), list(board.values), 0) == \
        _singles9.settle(list(board.masks), list(board.values))


def test_a_board_made_of_the_settled_state_is_the_board_after_placing_the_singles() -> None:
    made = random_minimal(8)
    stepwise = Board.from_grid(made.puzzle)
    settled = _singles9.settle(list(stepwise.masks), list(stepwise.values))
    assert settled is not None
    placed = _singles9.singles(list(stepwise.masks), list(stepwise.values))
    for cell, digit in zip(placed[::2], placed[1::2], strict=True):
        stepwise.place(cell, digit)
    made_of = Board.of_state(stepwise.geo, *settled)
    assert (made_of.masks, made_of.values, made_of.dcells, made_of.unsolved) == (
        stepwise.masks, stepwise.values, stepwise.dcells, stepwise.unsolved)
    assert made_of.to_grid() == stepwise.to_grid()
    assert find_step(made_of) == find_step(stepwise)  # nothing stale in what it derives
