"""The quick test before the X-Chain search: it never rules out a digit on which the search
finds a chain, it rules out most of the others, it answers the same compiled and from its
source, and the X-Chain steps found with it are the steps found without it."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

from sudokit import Grid, engine
from sudokit.candidates import Candidates
from sudokit.logic import solve_path
from sudokit.logic.board import Board
from sudokit.logic.graphs import x_chain_gate
from sudokit.logic.graphs.chains import X_LINKS, Search
from sudokit.logic.techniques import aic
from support.files import data_file, read_lines


def _source_module() -> ModuleType:
    """The gate run from its .py source, whether or not a compiled module shadows it."""
    name = "sudokit.logic.graphs.x_chain_gate_source"
    path = Path(x_chain_gate.__file__).with_name("x_chain_gate.py")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _boards() -> list[Board]:
    """Boards along the solve paths of hard puzzles, where chains are searched."""
    out = []
    for name, count in (("puzzles3_magictour_top1465.txt", 6),
                        ("puzzles6_forum_hardest_1106.txt", 2)):
        for line in random.Random(3).sample(read_lines(data_file(name)), count):
            puzzle = Grid(line)
            board = Candidates.pencilmarks(puzzle)
            for step in solve_path(puzzle).steps:
                out.append(Board.from_candidates(board))
                board = step.apply(board)
    return out


def _chain_on(board: Board, d0: int) -> bool:
    return Search(board, X_LINKS, digit=d0 + 1).run() is not None


def test_the_gate_never_rules_out_a_digit_with_a_chain_and_rules_out_most_others() -> None:
    source = _source_module()
    digits = chains = ruled_out = 0
    for board in _boards():
        for d0 in range(9):
            if not board.dcells[d0]:
                continue
            digits += 1
            possible = x_chain_gate.x_chain_possible(board, d0)
            assert source.x_chain_possible(board, d0) == possible  # compiled == source
            if _chain_on(board, d0):
                chains += 1
                assert possible, (board.to_candidates(), d0 + 1)
            elif not possible:
                ruled_out += 1
    assert chains > 50  # not vacuous
    assert ruled_out > 0.9 * (digits - chains), (digits, chains, ruled_out)


def test_a_digit_without_strong_links_has_no_chain() -> None:
    board = Board.from_grid(Grid.empty(9))  # every digit in every cell: no strong link
    assert not any(x_chain_gate.x_chain_possible(board, d0) for d0 in range(9))


def test_boards_of_more_than_128_cells_are_always_searched() -> None:
    board = Board.from_grid(Grid.empty(16))
    assert x_chain_gate.x_chain_possible(board, 0)


def test_the_steps_found_are_the_same_with_and_without_the_gate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    boards = _boards()[::3]
    with_gate = [aic.find_x_chain(Board.from_candidates(b.to_candidates())) for b in boards]
    monkeypatch.setattr(aic, "x_chain_possible", lambda board, d0: True)
    without = [aic.find_x_chain(Board.from_candidates(b.to_candidates())) for b in boards]
    assert sum(s is not None for s in without) > 10
    assert [s and (s.text, s.eliminations) for s in with_gate] == \
        [s and (s.text, s.eliminations) for s in without]


def test_the_compiled_gate_is_built_where_the_core_is() -> None:
    if engine.is_compiled():
        assert not x_chain_gate.__file__.endswith(".py")


def test_the_quick_answer_to_has_a_step_is_finds_a_step() -> None:
    boards = _boards()[::2]
    answers = [aic.X_CHAIN.has_step(Board.from_candidates(b.to_candidates())) for b in boards]
    steps = [aic.find_x_chain(Board.from_candidates(b.to_candidates())) for b in boards]
    assert answers == [s is not None for s in steps]
    assert 10 < sum(answers) < len(answers)
