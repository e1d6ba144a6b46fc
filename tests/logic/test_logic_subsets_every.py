"""``hint --all`` lists every naked and hidden subset and every hidden single of a board,
also one whose eliminations overlap an earlier one's (hiding the first step would pass it
by), find's step first. Checked against subsets worked out in the test by plain
enumeration and for soundness."""

from __future__ import annotations

import itertools

import pytest

from sudokit.candidates import Candidates
from sudokit.logic.path import board_of
from sudokit.logic.teach import all_steps
from sudokit.logic.techniques import BY_KEY
from support.soundness import keeps_every_solution

#: a naked pair {2,4} in row 7 (r7c6, r7c9) and {2,9} in column 4 (r8c4, r9c4): the row's
#: pair takes 2 from r7c4, which the column's pair takes too
PAIRS = Candidates([
    128, 4, 8, 32, 1, 16, 64, 2, 256, 256, 2, 32, 8, 4, 64, 16, 128, 1, 16, 64, 1, 258, 128,
    258, 8, 4, 32, 4, 16, 128, 258, 298, 298, 1, 40, 64, 32, 8, 256, 128, 64, 1, 2, 16, 4, 2, 1,
    64, 16, 40, 4, 256, 40, 128, 73, 32, 22, 71, 26, 10, 128, 256, 10, 72, 128, 18, 322, 314,
    298, 4, 1, 10, 9, 256, 6, 7, 10, 128, 32, 64, 16,
])
#: naked and hidden quads sharing cells of row 2 and box 3
QUADS = Candidates([
    2, 193, 16, 4, 256, 32, 137, 201, 201, 136, 225, 9, 131, 131, 16, 391, 449, 487, 256, 161,
    4, 139, 139, 64, 147, 129, 179, 32, 8, 3, 256, 4, 129, 64, 16, 131, 4, 17, 128, 64, 17, 2,
    32, 264, 264, 64, 19, 256, 32, 145, 8, 131, 4, 131, 16, 256, 32, 10, 10, 132, 133, 193, 197,
    136, 134, 10, 129, 64, 133, 272, 32, 272, 1, 132, 64, 16, 32, 256, 140, 2, 140,
])
#: hidden pairs in box 1 and in row 2 that take candidates from the same cells
HIDDEN = Candidates([
    278, 22, 20, 128, 276, 1, 32, 8, 64, 21, 61, 128, 56, 60, 64, 2, 20, 256, 276, 64, 60, 2,
    316, 36, 20, 128, 1, 64, 20, 256, 1, 2, 8, 128, 32, 20, 32, 25, 24, 4, 128, 256, 80, 81, 2,
    5, 128, 2, 96, 96, 16, 256, 5, 8, 148, 52, 52, 120, 1, 2, 92, 256, 180, 8, 54, 64, 256, 52,
    164, 1, 22, 180, 150, 256, 1, 120, 124, 164, 92, 86, 180,
])
#: hidden singles of 2 in box 5, row 5 and column 6, and of 8 in row 7 (r7c5)
SINGLES = Candidates([
    9, 64, 265, 2, 4, 264, 128, 32, 16, 2, 392, 392, 392, 32, 16, 1, 64, 4, 32, 16, 4, 192, 192,
    1, 8, 2, 256, 16, 138, 138, 72, 74, 4, 32, 256, 1, 64, 258, 32, 256, 1, 128, 4, 16, 8, 9, 4,
    265, 32, 16, 264, 64, 128, 2, 4, 10, 10, 16, 138, 64, 256, 1, 32, 256, 32, 64, 1, 10, 10,
    16, 4, 128, 128, 1, 16, 4, 256, 32, 2, 8, 64,
])


def _units() -> list[list[int]]:
    rows = [[9 * r + c for c in range(9)] for r in range(9)]
    cols = [[9 * r + c for r in range(9)] for c in range(9)]
    boxes = [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)]
             for b in range(9)]
    return rows + cols + boxes


def _name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def _open(board: Candidates, unit: list[int]) -> list[int]:
    return [c for c in unit if board.masks[c].bit_count() > 1]


def _naked_by_hand(board: Candidates, k: int) -> set[frozenset[tuple[str, int]]]:
    """What each naked subset of ``k`` cells removes, by trying every k cells of each unit."""
    out = set()
    for unit in _units():
        cells = _open(board, unit)
        for combo in itertools.combinations(cells, k):
            union = 0
            for c in combo:
                union |= board.masks[c]
            if union.bit_count() != k:
                continue
            removed = frozenset((_name(c), d) for c in cells if c not in combo
                                for d in range(1, 10) if (board.masks[c] & union) >> (d - 1) & 1)
            if removed:
                out.add(removed)
    return out


def _hidden_by_hand(board: Candidates, k: int) -> set[frozenset[tuple[str, int]]]:
    """What each hidden subset of ``k`` digits (each in two places at least) removes."""
    out = set()
    for unit in _units():
        cells = _open(board, unit)
        places = {d: {c for c in cells if board.masks[c] >> (d - 1) & 1} for d in range(1, 10)}
        digits = [d for d in places if 2 <= len(places[d]) <= k]
        for combo in itertools.combinations(digits, k):
            where = set().union(*(places[d] for d in combo))
            if len(where) != k:
                continue
            removed = frozenset((_name(c), d) for c in where for d in range(1, 10)
                                if board.masks[c] >> (d - 1) & 1 and d not in combo)
            if removed:
                out.add(removed)
    return out


def _singles_by_hand(board: Candidates) -> set[tuple[str, int]]:
    """Each digit with one place in a unit, in a cell that holds other digits too."""
    out = set()
    for unit in _units():
        for d in range(1, 10):
            places = [c for c in unit if board.masks[c] >> (d - 1) & 1]
            if len(places) == 1 and board.masks[places[0]].bit_count() > 1:
                out.add((_name(places[0]), d))
    return out


def _listed(board: Candidates, key: str) -> list[object]:
    return [s for steps in all_steps(board, [BY_KEY[key]], limit=100).values() for s in steps]


def _removed(step: object) -> frozenset[tuple[str, int]]:
    return frozenset((e.cell, e.digit) for e in step.eliminations)  # type: ignore[attr-defined]


CASES = [(board, kind, k) for board in (PAIRS, QUADS, HIDDEN)
         for kind in ("naked", "hidden") for k in (2, 3, 4)]


@pytest.mark.parametrize(("board", "kind", "k"), CASES)
def test_hint_all_lists_every_subset(pure: bool, board: Candidates, kind: str, k: int) -> None:
    names = {2: "pair", 3: "triple", 4: "quad"}
    key = f"{kind}-{names[k]}"
    listed = _listed(board, key)
    by_hand = (_naked_by_hand if kind == "naked" else _hidden_by_hand)(board, k)
    assert {_removed(s) for s in listed} == by_hand
    if listed:
        assert listed[0] == BY_KEY[key].find(board_of(board))
    for step in listed:
        keeps_every_solution(board, step)  # type: ignore[arg-type]


def test_the_overlapping_subsets_are_listed(pure: bool) -> None:
    pairs = {_removed(s) for s in _listed(PAIRS, "naked-pair")}
    assert frozenset({("r7c4", 2), ("r8c4", 2), ("r8c4", 9), ("r9c4", 2)}) in pairs
    quads = {_removed(s) for s in _listed(QUADS, "hidden-quad")}
    assert len(quads) >= 2
    hidden = {_removed(s) for s in _listed(HIDDEN, "hidden-pair")}
    assert frozenset({("r2c2", 1), ("r2c2", 3), ("r2c2", 5), ("r3c3", 3), ("r3c3", 5)}) in hidden


def test_hint_all_lists_every_hidden_single(pure: bool) -> None:
    listed = _listed(SINGLES, "hidden-single")
    placed = [(p.cell, p.digit) for s in listed for p in s.placements]  # type: ignore[attr-defined]
    assert len(placed) == len(set(placed))
    assert set(placed) == _singles_by_hand(SINGLES)
    assert ("r7c5", 8) in placed
    assert listed[0] == BY_KEY["hidden-single"].find(board_of(SINGLES))
    for step in listed:
        keeps_every_solution(SINGLES, step)  # type: ignore[arg-type]
