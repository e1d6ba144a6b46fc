"""The ``se`` and ``sukaku`` scales score chains as Sudoku Explainer does: a chain that removes
a candidate is a forcing chain from it (6.6 on one digit, 7.0 otherwise), its length counted
from the candidate assumed true back to it denied, and the least-scored chain of any kind is
the one taken. The expected ratings are those Sudoku Explainer 1.2.1.3 and Sukaku Explainer
give these puzzles (run on them, ER)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sudokit import Grid
from sudokit.logic import rate, se_chains, solve_path
from sudokit.logic.board import Board
from sudokit.logic.graphs.chains import chain_bonus, se_chain_bonus
from sudokit.logic.select import choose
from support.clirunner import sudoku

#: (puzzle, SE 1.2.1.3's ER, Sukaku Explainer's ER (None: not the same here), sudokit's own
#: scale, which stays as it is)
RATED = [
    # an XY-Chain, to SE a forcing chain of 7.0 (not 6.6): 7.2 where sudokit's scale says 6.8
    ("1...65...7..........49..85..5...........2.13....649......2...67.93...4.16.....58.",
     7.2, 7.2, 6.8),
    # a chain placing a digit from a contradiction between two chains is not one of SE's
    # static chains: the shortest eliminating AIC sets 7.1
    ("......4..7...5...3.8.7..1.......2...29.....85.1.54.2.....16....3.8.......27....4.",
     7.1, 7.1, 7.3),
    # an X-Chain is a forcing X-chain, 6.6
    ("...2..9..25.8......7....13..25.1......1..58..3.............6..1..35.....9....4.7.",
     6.6, 4.0, 4.0),
    (".4....28...9.......3......61........8.....6.5...7.1..42..4.8..3..897.15......2.9.",
     7.1, 6.3, 7.2),
    # Sukaku Explainer tries its wings before its chains: a UVWXYZ-Wing of 6.6 is taken where
    # an AIC of 7.2 is there too
    ("1.4....36..3..8.....9...1...4...9.....6..15..5.2...8.4........2.6...57.....27..5.",
     7.2, 6.6, 7.3),
    # cell and region forcing chains: the one with the fewest candidates along its branches,
    # counted whole: 8.5 and 8.3 (counting its longest branch alone gave 8.3 and 8.4)
    ("2.3...8.....8.3.6.4......797..2......28.9.......1......5...8...1.4...7.8...715..3",
     8.5, 8.5, 7.6),
    ("........43...9...1...4.8.5...8..3...2.6......9.4.17...6.15..84..............761.3",
     8.3, 8.3, 7.7),
    # loops (Sudoku Explainer's cycles): 6.5 on one digit, with the length of the loop less
    # two (a forcing chain of 7.0-7.1 was taken before)
    ("8...3.5..1....43...3...87.9..1..5....7......3..39....548.2....7...........2.6.41.",
     6.6, 5.5, 6.0),
    (".........2..146.........135.7......459..3.....6.72.5......8..92..85.....72.9.....",
     6.7, 6.3, 6.0),  # (Sukaku Explainer's least-scored VWXYZ-Wing: 6.3, not 6.4)
    # a Nishio chain of 7.5 with its length: the candidates of both chains to the
    # contradiction, with all they rest on (7.5 before)
    (".4.78..3......1..7..2.6.48.2...4.5...7...6..86.8......52....8....651...9...3.....",
     7.8, 7.8, 7.5),
    # unique rectangles of type 2 and 4 score 4.5, as type 1 does (4.6 and 4.7 before)
    ("...93.....4....9.2...8...451....6..73....7....2....8134.6....9..7..9.28....14....",
     4.5, 4.5, 4.7),
    ("..1..9.6...2...9......3...5......59.1....3......928..7....8.3.26....47..5.8.....9",
     4.5, 4.2, 4.2),
    # unique loops whose units may hold two loop cells apart on it (an odd number of steps):
    # a type 4 loop of six, 4.6, before Sukaku Explainer's WXYZ-Wing of 5.6 (an UVWXYZ-Wing
    # of 6.6 before); a type 1 loop of six, 4.6 (BUG type 2 5.7 and a WXYZ-Wing 5.5 before)
    (".5.1.2.6.....7....6.1.5.7.2..2.6.8...6.8.9.5.9..5.7..4.4.....7...54.63......8....",
     7.1, 5.6, 5.8),
    ("3.21.95.8...8.3.......2......74.62..4.......9...985....3.....5..78...12...95.28..",
     4.6, 4.6, 4.9),
]


@pytest.mark.parametrize(("puzzle", "se", "sukaku", "own"), RATED)
def test_chains_rate_as_sudoku_explainer_rates_them(
        pure: bool, puzzle: str, se: float, sukaku: float | None, own: float) -> None:
    assert rate(Grid(puzzle), scale="se").er == se
    if sukaku is not None:
        assert rate(Grid(puzzle), scale="sukaku").er == sukaku
    assert rate(Grid(puzzle)).er == own


def test_se_length_counts_the_removed_candidate_at_both_ends() -> None:
    # a 3-link chain (a turbot fish) is 5 candidates with the removed one at both ends: no
    # increment; a 5-link one, 7: +0.1; the sudokit scale counts links alone
    assert (se_chain_bonus(3), se_chain_bonus(5), se_chain_bonus(7)) == (0.0, 0.1, 0.2)
    assert (chain_bonus(3), chain_bonus(5), chain_bonus(7)) == (0.0, 0.1, 0.2)
    assert se_chain_bonus(4) == 0.1 and chain_bonus(4) == 0.0
    # a chain from a candidate assumed false back to it true counts one candidate twice
    assert se_chain_bonus(5, placing=True) == 0.0 and se_chain_bonus(7, placing=True) == 0.1


@pytest.mark.parametrize(("puzzle", "cells", "score"), [
    # a naked pair with the rectangle's roof: 4.6 (sudokit's own scale: 4.8)
    ("..........75.9.3..82...4.9..4.......9.7..3.45..2..16.....2.5....96.7.2.3....3.8..", 5, 4.6),
    # a naked triple: 4.7
    (".......1....8.36.4..769...3..8.4....9..1..2......2.3.77.......5.9........14..9.86", 6, 4.7),
])
def test_a_unique_rectangle_of_type_3_scores_by_its_subset(
        puzzle: str, cells: int, score: float) -> None:
    path = solve_path(Grid(puzzle), techniques=choose("se"))
    step = next(s for s in path.steps if s.key == "unique-rectangle-3")
    assert (len(step.cells), step.score) == (cells, score)


def test_naming_the_repertoire_rates_as_the_scale_does() -> None:
    # (SE 1.2.1.3 says 6.8 here: it finds a shorter chain; the two must agree all the same)
    puzzle = "5......4...48.....3.1....9...86..5......29.6.1........8.34..7.14..2...53..6..7..9\n"
    by_scale = sudoku("rate", "--scale", "se", stdin=puzzle.encode()).out
    assert by_scale == "expert 7.1 (AIC) ED=7.1/1.2/1.2\n"
    assert sudoku("rate", "--techniques", "se", stdin=puzzle.encode()).out == by_scale
    explained = sudoku("explain", "--techniques", "se", stdin=puzzle.encode()).out
    assert explained.splitlines()[-1].endswith("expert 7.1 (AIC)")


Spy = Callable[[str, int], list[int]]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    """``spy(name, at)``: the list that every later call of ``se_chains``'s function
    ``name`` adds its argument ``at`` to."""
    def watch(name: str, at: int) -> list[int]:
        seen: list[int] = []
        plain = getattr(se_chains, name)

        def counted(*args: Any) -> Any:
            seen.append(args[at])
            return plain(*args)
        monkeypatch.setattr(se_chains, name, counted)
        return seen
    return watch


#: SE 11+ puzzles whose givens leave no loop of any kind, and an X-Chain loop
NO_LOOP = "1.......2.9.4...5...6...7...5.3.4......96.........8.4...2...6...3...9.8.7.......1"
X_LOOP = ".2.4.......6.8.1..7....2.......4..96...8.14....4......53.........8.1.9.....5...73"


def test_a_board_searched_for_loops_in_vain_is_not_searched_again(
        pure: bool, spy: Spy) -> None:
    walks = spy("_ways_back", 0)
    board = Board.from_grid(Grid(NO_LOOP))
    assert se_chains.se_loop(board, "aic", 99.0) is None
    searched = len(walks)
    assert searched > 0
    assert se_chains.se_loop(board, "aic", 99.0) is None
    assert len(walks) == searched  # the same board, the same bound: nothing walked again
    assert se_chains.se_loop(board, "x-chain", 99.0) is None
    assert se_chains.se_loop(board, "aic", 8.0) is None
    assert len(walks) > searched  # another kind or bound is searched
    # a loop found is found again: only a search in vain is remembered
    found = Board.from_grid(Grid(X_LOOP))
    first = se_chains.se_loop(found, "x-chain", 99.0)
    assert first is not None
    assert se_chains.se_loop(found, "x-chain", 99.0) == first


def test_cell_and_unit_chains_follow_each_assumption_once(
        pure: bool, spy: Spy) -> None:
    followed = spy("_reach", 1)  # the node assumed
    board = Board.from_grid(Grid(NO_LOOP))
    se_chains.find_se_multiple(board)
    # a candidate that is a branch of its cell and of its units is followed once for all
    assert len(followed) == len(set(followed)) > 0


def test_nishio_chains_are_followed_again_only_for_the_digits_whose_places_changed(
        pure: bool, spy: Spy) -> None:
    followed = spy("_nishio", 1)  # the digit followed
    board = Board.from_grid(Grid(X_LOOP))
    first = se_chains.find_se_nishio(board)
    assert first is not None
    unsolved = [c for c in range(81) if board.unsolved >> c & 1]
    assert len(followed) == 2 * sum(board.masks[c].bit_count() for c in unsolved)
    del followed[:]
    assert se_chains.find_se_nishio(board) == first
    assert followed == []  # the same places: nothing followed again
    c = next(c for c in unsolved if board.masks[c].bit_count() > 2)
    d0 = board.masks[c].bit_length() - 1
    board.eliminate(c, d0 + 1)
    after = se_chains.find_se_nishio(board)
    assert set(followed) == {d0}  # only the digit whose places changed
    fresh = Board.from_grid(Grid(X_LOOP))
    fresh.eliminate(c, d0 + 1)
    assert after == se_chains.find_se_nishio(fresh)


def test_x_loops_are_searched_again_only_for_the_digits_whose_places_changed(
        pure: bool, spy: Spy) -> None:
    walks = spy("_ways_back", 0)
    board = Board.from_grid(Grid(NO_LOOP))
    assert se_chains.se_loop(board, "x-chain", 99.0) is None
    assert {s % 9 for s in walks} == set(range(9))
    c = next(c for c in range(81) if board.masks[c].bit_count() > 2)
    d0 = board.masks[c].bit_length() - 1
    board.eliminate(c, d0 + 1)
    fresh = Board.from_grid(Grid(NO_LOOP))
    fresh.eliminate(c, d0 + 1)
    del walks[:]
    after = se_chains.se_loop(board, "x-chain", 99.0)
    assert walks and {s % 9 for s in walks} == {d0}  # only the digit whose places changed
    assert after == se_chains.se_loop(fresh, "x-chain", 99.0)
