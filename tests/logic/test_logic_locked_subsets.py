"""Locked pairs and triples (optional techniques): a naked subset whose cells share a line and
a box takes its digits from the other cells of both in one step, where the naked pair or
triple takes one step per unit. Checked against the eliminations worked out in the test and for
soundness."""

from __future__ import annotations

from sudokit import Grid
from sudokit.candidates import Candidates
from sudokit.logic import next_step
from sudokit.logic.board import Board
from sudokit.logic.select import choose
from sudokit.logic.techniques import BY_KEY
from support.soundness import keeps_every_solution

#: row 1 open in columns 1-4; 3 and 4 in columns 1 and 2 below: r1c1, r1c2 hold only {1,2}
PAIR = "....56789" + "." * 18 + "3........" + "4........" + "." * 9 + ".3......." \
    + ".4......." + "." * 9
#: row 1 open in columns 1-5; 4 and 5 in columns 1-3: r1c1-r1c3 hold only {1,2,3}
TRIPLE = ".....6789" + "..4......" + "..5......" + "4........" + "5........" + "." * 9 \
    + ".4......." + ".5......." + "." * 9


def _board(text: str) -> Board:
    return Board.from_grid(Grid(text))


def _expected(board: Board, cells: list[int], digits: set[int]) -> set[tuple[str, int]]:
    """Every other open cell of row 1 and box 1 that still holds one of ``digits``."""
    names = board.geo.cell_names
    row1 = set(range(9))
    box1 = {r * 9 + c for r in range(3) for c in range(3)}
    return {
        (names[c], d) for c in (row1 | box1) - set(cells) for d in digits
        if not board.values[c] and board.masks[c] >> (d - 1) & 1
    }


def _removed(step: object) -> set[tuple[str, int]]:
    return {(e.cell, e.digit) for e in step.eliminations}  # type: ignore[attr-defined]


def test_a_locked_pair_clears_its_line_and_its_box_in_one_step() -> None:
    board = _board(PAIR)
    step = BY_KEY["locked-pair"].find(board.copy())
    assert step is not None
    assert step.cells == ("r1c1", "r1c2")
    assert _removed(step) == _expected(board, [0, 1], {1, 2})
    assert {e.cell for e in step.eliminations} >= {"r1c3", "r1c4", "r2c1", "r3c3"}
    keeps_every_solution(Candidates.from_grid(Grid(PAIR)), step)
    # the naked pair makes only one unit's part of it
    naked = BY_KEY["naked-pair"].find(board.copy())
    assert naked is not None and _removed(naked) < _removed(step)


def test_a_locked_triple_clears_its_line_and_its_box_in_one_step() -> None:
    board = _board(TRIPLE)
    step = BY_KEY["locked-triple"].find(board.copy())
    assert step is not None
    assert step.cells == ("r1c1", "r1c2", "r1c3")
    assert _removed(step) == _expected(board, [0, 1, 2], {1, 2, 3})
    keeps_every_solution(Candidates.from_grid(Grid(TRIPLE)), step)
    naked = BY_KEY["naked-triple"].find(board.copy())
    assert naked is not None and _removed(naked) < _removed(step)
    # no locked pair here: no two of the three cells hold only two digits
    assert BY_KEY["locked-pair"].find(board.copy()) is None


def test_named_they_come_before_the_naked_subsets_and_count_one_step() -> None:
    keys = [t.key for t in choose("default,locked-pair,locked-triple")]
    assert keys.index("claiming") < keys.index("locked-pair") < keys.index("naked-pair")
    assert keys.index("naked-pair") < keys.index("locked-triple") < keys.index("hidden-pair")
    # the first step the ladder takes, with them named: the whole pair at once
    puzzle = Grid(PAIR)
    step = next_step(puzzle, unique=False, techniques=choose("default,locked-pair"))
    assert step is not None and step.key == "locked-pair" and len(step.eliminations) == 16
    plain = next_step(puzzle, unique=False)
    assert plain is not None and plain.key == "naked-pair" and len(plain.eliminations) < 16
