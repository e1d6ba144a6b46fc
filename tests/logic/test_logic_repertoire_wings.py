"""Wings of four to seven cells (WXYZ- to TUVWXYZ-Wing) and BUG types 2 to 4: boards where
each fires (met on the paths of rated bank puzzles, pinned), every step checked against the
solution, the wings against a plain search of every set of four cells, and the scores Sukaku
Explainer gives."""

from __future__ import annotations

import itertools
import random

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates
from sudokit.logic import Level, next_step, rate, solve_path
from sudokit.logic.board import Board, bits
from sudokit.logic.select import choose
from sudokit.logic.techniques import BY_KEY, LADDER, OPTIONAL
from support.files import data_file, read_lines
from support.soundness import keeps_every_solution

# the smaller wings find nothing on each wing's board
WING_BOARDS: dict[str, tuple[str, float, list[int]]] = {
    "wxyz-wing": (
        "r9c4,r9c5,r9c6<>9",
        5.6,
        [
            150, 22, 150, 195, 231, 39, 8, 213, 256, 390, 1, 8, 16, 454, 262, 194, 32, 6, 64, 278,
            32, 8, 391, 263, 130, 149, 23, 134, 6, 135, 323, 323, 16, 418, 8, 38, 32, 26, 256, 4,
            10, 128, 1, 16, 64, 158, 64, 151, 32, 267, 259, 386, 404, 22, 270, 302, 6, 259, 295,
            64, 16, 257, 128, 272, 128, 80, 257, 305, 8, 4, 2, 33, 1, 318, 86, 386, 438, 294, 352,
            320, 40
        ],
    ),
    "vwxyz-wing": (
        "r9c4,r9c5,r9c6<>9",
        6.3,
        [
            150, 22, 150, 195, 231, 39, 202, 213, 256, 390, 1, 8, 16, 454, 262, 194, 32, 6, 64,
            278, 32, 8, 391, 263, 130, 149, 23, 134, 6, 135, 323, 323, 16, 418, 8, 38, 32, 26,
            256, 4, 10, 128, 1, 16, 64, 158, 64, 151, 32, 267, 259, 386, 404, 22, 270, 302, 6,
            259, 295, 64, 16, 257, 128, 272, 128, 80, 257, 305, 8, 4, 2, 33, 1, 318, 86, 386, 438,
            294, 360, 320, 40
        ],
    ),
    "uvwxyz-wing": (
        "r9c8<>4",
        6.6,
        [
            256, 38, 52, 64, 39, 3, 55, 128, 8, 1, 110, 116, 128, 46, 10, 256, 52, 54, 42, 128,
            36, 15, 256, 16, 64, 37, 38, 50, 38, 8, 256, 6, 128, 54, 64, 1, 178, 294, 420, 15, 64,
            11, 62, 60, 310, 64, 1, 260, 16, 14, 32, 128, 12, 262, 136, 72, 193, 32, 144, 256, 29,
            2, 20, 168, 296, 2, 9, 144, 4, 57, 313, 64, 4, 16, 289, 11, 11, 64, 41, 297, 128
        ],
    ),
    "tuvwxyz-wing": (
        "r9c7<>6",
        7.0,
        [
            2, 8, 160, 256, 4, 160, 64, 16, 1, 5, 160, 16, 131, 64, 8, 38, 6, 256, 5, 64, 256, 19,
            48, 33, 46, 128, 46, 32, 1, 8, 64, 2, 260, 128, 260, 16, 256, 4, 66, 8, 128, 16, 1,
            32, 66, 128, 16, 66, 32, 1, 260, 262, 8, 70, 16, 2, 165, 129, 288, 64, 300, 261, 44,
            64, 416, 161, 4, 8, 161, 16, 259, 34, 8, 288, 37, 17, 304, 2, 292, 64, 128
        ],
    ),
}

BUG_BOARDS: dict[str, tuple[str, float, list[int]]] = {
    "bug-2": (
        "r1c1,r4c2,r5c1<>6",
        5.7,
        [
            40, 40, 64, 2, 4, 1, 16, 384, 384, 132, 256, 132, 16, 64, 8, 34, 1, 34, 16, 2, 1, 32,
            128, 256, 4, 64, 8, 289, 33, 8, 4, 16, 2, 128, 288, 64, 160, 16, 130, 1, 256, 64, 8,
            4, 34, 292, 64, 6, 136, 40, 160, 3, 16, 257, 2, 128, 32, 64, 1, 4, 256, 8, 16, 64, 9,
            256, 136, 2, 16, 33, 160, 4, 9, 4, 16, 256, 40, 160, 64, 2, 129
        ],
    ),
    "bug-3": (
        "r9c1<>4, r5c1<>6",
        5.8,
        [
            40, 40, 64, 2, 4, 1, 16, 384, 384, 132, 256, 132, 16, 64, 8, 34, 1, 34, 16, 2, 1, 32,
            128, 256, 4, 64, 8, 289, 33, 8, 4, 16, 2, 128, 288, 64, 160, 16, 130, 1, 256, 64, 8,
            4, 34, 292, 64, 6, 136, 40, 160, 3, 16, 257, 2, 128, 32, 64, 1, 4, 256, 8, 16, 64, 9,
            256, 136, 2, 16, 33, 160, 4, 9, 4, 16, 256, 40, 160, 64, 2, 129
        ],
    ),
    "bug-4": (
        "r4c1<>1, r6c1<>3",
        5.7,
        [
            40, 40, 64, 2, 4, 1, 16, 384, 384, 132, 256, 132, 16, 64, 8, 34, 1, 34, 16, 2, 1, 32,
            128, 256, 4, 64, 8, 289, 33, 8, 4, 16, 2, 128, 288, 64, 160, 16, 130, 1, 256, 64, 8,
            4, 34, 292, 64, 6, 136, 40, 160, 3, 16, 257, 2, 128, 32, 64, 1, 4, 256, 8, 16, 64, 9,
            256, 136, 2, 16, 33, 160, 4, 9, 4, 16, 256, 40, 160, 64, 2, 129
        ],
    ),
}

NEW = (*WING_BOARDS, *BUG_BOARDS)


@pytest.mark.parametrize("key", sorted(NEW))
def test_each_fires_on_its_board_and_names_its_cells(key: str) -> None:
    change, score, masks = {**WING_BOARDS, **BUG_BOARDS}[key]
    board = Candidates(masks)
    step = next_step(board, techniques=[BY_KEY[key]], unique=True)
    assert step is not None
    assert (step.changes(), step.score) == (change, score)
    assert all(cell in step.text for cell in step.cells)
    keeps_every_solution(board, step)


@pytest.mark.parametrize("key", sorted(WING_BOARDS))
def test_a_wing_is_not_found_by_the_smaller_ones(key: str) -> None:
    board = Candidates(WING_BOARDS[key][2])
    smaller = [k for k in WING_BOARDS if key.endswith(k) and k != key]  # vwxyz- ends wxyz-
    assert len(smaller) == sorted(WING_BOARDS, key=len).index(key)
    for other in smaller:
        assert next_step(board, techniques=[BY_KEY[other]], unique=True) is None


@pytest.mark.parametrize("key", sorted(BUG_BOARDS))
def test_bug_types_only_with_one_solution(key: str) -> None:
    board = Candidates(BUG_BOARDS[key][2])
    assert next_step(board, techniques=[BY_KEY[key]], unique=False) is None


def test_outside_the_default_ladder_but_chosen_by_name() -> None:
    keys = {t.key for t in LADDER}
    assert not keys & set(NEW)
    assert {t.key for t in OPTIONAL} >= set(NEW)
    assert [t.key for t in choose("default,wxyz-wing")].count("wxyz-wing") == 1


def test_a_wxyz_wing_puzzle_rates_as_sukaku_explainer_rates_it() -> None:
    # Sukaku Explainer: 5.6, WXYZ-Wing; the default ladder needs an AIC (7.3)
    puzzle = Grid(
        ".........2..1....7.3.5..1....57..2....9...........2.465....6.93..2.376....8......"
    )
    assert rate(puzzle).score == 7.3
    rated = rate(puzzle, techniques=choose("default,wxyz-wing"))
    assert (rated.score, rated.hardest) == (5.6, "WXYZ-Wing")


def _reference_wings(board: Board) -> set[tuple[int, int]]:
    """Every (cell, digit) a wing of four cells removes, by trying every four open cells."""
    masks = board.masks
    peers = board.geo.peer_bits
    found = set()
    for cells in itertools.combinations(
        [c for c in bits(board.unsolved) if masks[c].bit_count() <= 4], 4
    ):
        union = 0
        for c in cells:
            union |= masks[c]
        if union.bit_count() != 4:
            continue
        loose = [
            d for d in range(9)
            if any(
                masks[a] >> d & 1 and masks[b] >> d & 1 and not peers[a] >> b & 1
                for a, b in itertools.combinations(cells, 2)
            )
        ]
        if len(loose) != 1:
            continue
        z = loose[0]
        for t in bits(board.dcells[z]):
            if t not in cells and all(peers[t] >> c & 1 for c in cells if masks[c] >> z & 1):
                found.add((t, z + 1))
    return found


def test_the_wxyz_wing_agrees_with_a_plain_search() -> None:
    lines = read_lines(data_file("se_rated_sample.txt"))
    checked = fired = 0
    for line in random.Random(4).sample([x for x in lines if " 5.5" in x or " 5.6" in x], 3):
        puzzle = Grid(line.split()[0])
        board = Candidates.pencilmarks(puzzle)
        for step in solve_path(puzzle).steps[:40]:
            if step.level >= Level.HARD:
                b = Board.from_candidates(board)
                want = _reference_wings(b)
                got = BY_KEY["wxyz-wing"].find(b)
                checked += 1
                assert (got is None) == (not want)
                if got is not None:
                    fired += 1
                    shape = board.shape
                    removed = {(shape.parse_cell(e.cell), e.digit) for e in got.eliminations}
                    assert removed <= want
            board = step.apply(board)
    assert checked >= 5 and fired >= 1


def test_no_step_removes_the_solution_along_real_paths() -> None:
    lines = read_lines(data_file("se_rated_sample.txt"))
    hard = [x.split()[0] for x in lines if 5.4 <= float(x.split()[1]) < 8]
    seen = dict.fromkeys(NEW, 0)
    for line in random.Random(35).sample(hard, 8):
        solution = solve(Grid(line))
        assert solution is not None
        board = Candidates.pencilmarks(Grid(line))
        for step in solve_path(Grid(line)).steps:
            if step.level >= Level.HARD:
                for key in NEW:
                    found = next_step(board, techniques=[BY_KEY[key]], unique=True)
                    if found is not None:
                        seen[key] += 1
                        for cell, digit in found.eliminations:
                            assert solution[cell] != digit, f"{line}: {found}"
            board = step.apply(board)
    assert all(seen[k] for k in WING_BOARDS), seen
