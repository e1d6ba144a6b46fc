"""Wings of four to seven cells (WXYZ- to TUVWXYZ-Wing) and BUG types 2 to 4: boards where
each fires (met on the paths of rated bank puzzles, pinned), every step checked against the
solution, the WXYZ-Wing against a plain search of every bivalue cell and three cells of a
unit, and the scores Sukaku Explainer gives."""

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

WING_BOARDS: dict[str, tuple[str, float, list[int]]] = {
    "wxyz-wing": (  # doubly linked: both digits of r5c8 seen from the set's every cell
        "r3c9<>2, r3c9<>3, r6c8<>5, r4c7,r8c9,r9c9<>6",
        5.6,
        [
            150, 22, 150, 195, 231, 39, 202, 213, 256, 390, 1, 8, 16, 454, 262, 194, 32, 6, 64,
            278, 32, 8, 391, 263, 130, 149, 23, 134, 6, 135, 323, 323, 16, 418, 8, 38, 32, 26,
            256, 4, 10, 128, 1, 16, 64, 158, 64, 151, 32, 267, 259, 386, 404, 22, 270, 302, 6,
            259, 295, 64, 16, 257, 128, 272, 128, 80, 257, 305, 8, 4, 2, 33, 1, 318, 86, 386, 438,
            294, 360, 320, 40
        ],
    ),
    "vwxyz-wing": (
        "r9c4,r9c5<>1",
        6.4,
        [
            256, 38, 52, 64, 37, 3, 55, 128, 8, 1, 102, 116, 128, 46, 10, 256, 52, 54, 8, 128, 36,
            7, 256, 16, 64, 37, 38, 50, 38, 8, 256, 6, 128, 54, 64, 1, 178, 294, 420, 15, 64, 11,
            62, 60, 310, 64, 1, 260, 16, 14, 32, 128, 12, 262, 128, 72, 193, 32, 144, 256, 29, 2,
            20, 160, 296, 2, 9, 144, 4, 57, 313, 64, 4, 16, 289, 11, 11, 64, 41, 296, 128
        ],
    ),
    "uvwxyz-wing": (
        "r5c4<>6",
        6.6,
        [
            1, 16, 256, 128, 64, 2, 4, 32, 8, 8, 2, 32, 1, 4, 257, 128, 16, 64, 4, 128, 64, 16, 8,
            32, 1, 2, 256, 130, 256, 4, 8, 2, 16, 32, 64, 1, 2, 8, 1, 98, 160, 192, 16, 256, 4,
            32, 64, 16, 256, 1, 4, 2, 8, 128, 16, 4, 8, 3, 258, 257, 64, 128, 32, 256, 1, 128, 96,
            16, 192, 8, 4, 2, 192, 32, 2, 4, 128, 8, 256, 1, 16
        ],
    ),
    "tuvwxyz-wing": (
        "r3c7,r5c9<>5",
        7.5,
        [
            74, 16, 128, 78, 256, 14, 32, 9, 73, 106, 288, 4, 16, 98, 1, 258, 128, 72, 106, 1,
            266, 74, 128, 42, 274, 4, 272, 4, 8, 16, 384, 33, 384, 64, 33, 2, 128, 64, 32, 11, 19,
            26, 4, 256, 25, 256, 2, 1, 76, 116, 60, 16, 40, 128, 11, 4, 266, 32, 3, 64, 128, 16,
            256, 51, 288, 258, 135, 23, 146, 8, 64, 36, 48, 128, 64, 260, 8, 276, 1, 2, 36
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


# (the UVWXYZ- and TUVWXYZ-Wing boards' eliminations are a doubly linked VWXYZ-Wing's too)
@pytest.mark.parametrize("key", ["vwxyz-wing", "wxyz-wing"])
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
    """Every (cell, digit) a wing of four cells removes, by trying every bivalue cell with
    every three open cells of a unit."""
    masks = board.masks
    peers = board.geo.peer_bits
    found = set()
    for pivot in bits(board.bivalue_cells()):
        for ub in board.geo.unit_bits:
            for trio in itertools.combinations(bits(ub & board.unsolved & ~(1 << pivot)), 3):
                union = masks[trio[0]] | masks[trio[1]] | masks[trio[2]]
                if union.bit_count() != 4 or masks[pivot] & ~union:
                    continue
                for x, z in itertools.permutations(bits(masks[pivot]), 2):
                    if any(masks[c] >> x & 1 and not peers[pivot] >> c & 1 for c in trio):
                        continue
                    holders = [c for c in (*trio, pivot) if masks[c] >> z & 1]
                    for t in bits(board.dcells[z]):
                        if t not in (*trio, pivot) and all(peers[t] >> c & 1 for c in holders):
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
