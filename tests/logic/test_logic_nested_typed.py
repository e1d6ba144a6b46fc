"""The typed searches of the nested forcing chains on 9x9 boards (the static chains inside
an assumption, and the locked candidates and pairs it draws) find exactly what the plain
searches find: the same conclusions, in the same order, with the same ancestors, on the
boards that many assumptions on hard puzzles reach (classic and X-sudoku)."""

from __future__ import annotations

import random

import pytest

from sudokit import Grid
from sudokit.logic import LADDER, solve_path
from sudokit.logic.board import Board, Contradiction, bits
from sudokit.logic.graphs import basic9, static9
from sudokit.logic.graphs.hypothesis import Hypothesis
from sudokit.logic.graphs.static_links import Links, multiple_chains, single_chains
from sudokit.rules import Rules

# hard puzzles (Sudoku Explainer 11 and up): their assumptions reach every kind of board
PUZZLES = [
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..3......4...8..36..8...1...4..6..73...9...1......2.....4.7..686........7..6..5..",
    "1.....7....6.8.1...89.....6...5.....6...9...1.3...2.5.......4....23.4...8...6...7",
]
#: 25 digits of an X-sudoku's solution (its diagonals are units too)
X_PUZZLE = "2..4..7....1..9..6.6..2..8....6..1....3..5..7.1..4..3....7..8....8..4..2.9..8..7."


def _boards(puzzle: str, rules: Rules | None, count: int) -> list[Hypothesis]:
    """The board after the ladder's first techniques, then ``count`` assumptions on it,
    each settled with singles (the boards the nested searches start from)."""
    grid = Grid(puzzle) if rules is None else Grid(puzzle, rules=rules)
    board = Board.from_candidates(solve_path(grid, techniques=LADDER[:3]).final)
    root = Hypothesis.of(board, track=True)
    out = [root]
    candidates = [(c, d0) for c in bits(board.unsolved) for d0 in bits(board.masks[c])]
    for c, d0 in random.Random(puzzle).sample(candidates, count):
        h = root.copy()
        try:
            h.singles([(c, d0)])
        except Contradiction:
            continue
        out.append(h)
    return out


def _cases(count: int) -> list[Hypothesis]:
    """The boards of every puzzle (made anew at each call: the same boards)."""
    boards = [h for p in PUZZLES for h in _boards(p, None, count)]
    return boards + _boards(X_PUZZLE, Rules.preset("x"), count)


def test_the_typed_static_chains_are_the_plain_ones(pure: bool) -> None:
    found = 0
    for h in _cases(6):
        links = Links(h.geo, h.masks, h.dcells, h.unsolved, h.source)  # type: ignore[arg-type]
        typed = static9.Core(h.geo, h.masks, h.dcells, h.unsolved, h.source)  # type: ignore[arg-type]
        plain = single_chains(links, typed=False)
        assert typed.single_chains() == plain
        assert single_chains(links) == plain
        both = multiple_chains(links, typed=False)
        assert typed.multiple_chains() == both
        found += len(plain) + len(both)
    assert found > 50  # the boards do have static chains to find


def _settle(h: Hypothesis, typed: bool, rounds: int) -> list[object]:
    """Each basic elimination's board and ancestors, up to ``rounds`` of them, and the
    contradiction (its text and ancestors) that ends them, if one does."""
    seen: list[object] = []
    try:
        while len(seen) < rounds and h.basic(typed=typed):
            seen.append((list(h.masks), dict(h.on_anc or {}), dict(h.off_anc or {})))
    except Contradiction as e:
        seen.append((str(e), h.clash))
    return seen


def test_the_typed_basic_eliminations_are_the_plain_ones(pure: bool) -> None:
    made = 0
    for first, second in zip(_cases(12), _cases(12), strict=True):
        plain = _settle(first, False, 40)
        assert _settle(second, True, 40) == plain
        made += len(plain)
    assert made > 100  # the boards do have locked candidates and pairs


def test_the_typed_searches_take_only_9x9_boards() -> None:
    board = Board.from_grid(Grid("." * 16))
    assert basic9.searches(board.geo) is None
    assert static9.tables(board.geo) is None
    with pytest.raises(ValueError, match="geo"):
        static9.Core(board.geo, board.masks, board.dcells, board.unsolved, board.masks)
