"""The 9x9 kernel finds the same FIRST solution as it always did.

``sudoku solve`` prints the first solution the search finds; for a puzzle with several
solutions which one that is depends on the search order (the rules, and which cell and digit
each guess takes). A faster kernel must not change it. The figures below were taken from the
kernel as it was before it was made faster: a SHA-256 of the first solutions (and the
counts) of every serg puzzle (each has two or more solutions) and of puzzles made from the
17-clue, top1465 and hardest_1106 files by removing clues (most then have several
solutions), a sample of first solutions written out, which the pure-Python kernel
checks too, and a SHA-256 of the guesses made per puzzle (the same search tree up to the
first solution; after it, the order shows in no answer and the kernel branches by another
rule, so the guesses counting to two were taken again when that rule came).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from sudokit import Grid, engine, is_solution
from sudokit.formats.line import load_array
from support.files import data_file

EXPECTED = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "kernel9_first_solutions.json").read_text())


def remove_clues(source: np.ndarray, count: int, most: int) -> np.ndarray:
    """``count`` puzzles spread over ``source``, each with one to ``most`` clues removed
    (which ones is fixed by arithmetic, not by a random generator)."""
    step = len(source) // count
    out = np.zeros((count, 81), dtype=np.uint8)
    for n in range(count):
        cells = source[n * step].copy()
        clues = np.flatnonzero(cells)
        for j in range(1 + n % most):
            cells[clues[(7 * n + 5 * j) % len(clues)]] = 0
        out[n] = cells
    return out


def puzzle_sets() -> dict[str, np.ndarray]:
    """serg; 3,000 17-clue puzzles less one to four clues; every top1465 and hardest_1106
    puzzle less one clue (hard puzzles with several solutions: long searches)."""
    hard = np.concatenate([load_array(data_file("puzzles3_magictour_top1465.txt")),
                           load_array(data_file("puzzles6_forum_hardest_1106.txt"))])
    return {"serg": load_array(data_file("puzzles7_serg_benchmark.txt")),
            "fewer_clues": remove_clues(load_array(data_file("puzzles2_17_clue.txt")), 3000, 4),
            "hard_less_one": remove_clues(hard, len(hard), 1)}


def digests(k9: ModuleType, puzzles: np.ndarray, limit: int) -> tuple[str, str]:
    """SHA-256 of the first solutions then the counts (int64, little-endian), and SHA-256
    of the guesses made per puzzle."""
    solutions = np.zeros_like(puzzles)
    counts = np.zeros(len(puzzles), dtype=np.int64)
    guesses = np.zeros(len(puzzles), dtype=np.int64)
    k9.solve_rows(np.ascontiguousarray(puzzles), solutions, counts, guesses, limit)
    return (hashlib.sha256(solutions.tobytes() + counts.astype("<i8").tobytes()).hexdigest(),
            hashlib.sha256(guesses.astype("<i8").tobytes()).hexdigest())


@pytest.mark.parametrize("limit", [1, 2, 10])
def test_first_solutions_and_counts_of_whole_sets_are_unchanged(limit: int) -> None:
    k9 = engine.load("_kernel9")
    if not k9.is_compiled():
        pytest.skip("the compiled kernel is not built (the sample below runs pure)")
    for name, puzzles in puzzle_sets().items():
        answers, _ = digests(k9, puzzles, limit)
        assert answers == EXPECTED["digests"][name][str(limit)], name


@pytest.mark.parametrize("limit", [1, 2])
def test_the_search_tree_is_unchanged(limit: int) -> None:
    # The same guesses, puzzle by puzzle: the search visits the same states (the GPU kernel,
    # docs/gpu.md, makes exactly these guesses up to the first solution). A change that
    # makes fewer guesses without changing any answer is allowed; it updates these figures.
    k9 = engine.load("_kernel9")
    if not k9.is_compiled():
        pytest.skip("the compiled kernel is not built")
    for name, puzzles in puzzle_sets().items():
        _, guesses = digests(k9, puzzles, limit)
        assert guesses == EXPECTED["guesses"][name][str(limit)], name


def test_first_solutions_of_a_sample_are_unchanged(pure: bool) -> None:
    k9 = engine.load("_kernel9")
    sample = EXPECTED["sample"] if not pure else EXPECTED["sample"][::8]
    for line, want in sample:
        cells = [0 if c == "." else int(c) for c in line]
        k = k9.Kernel9()
        assert k.reset(cells, 2)
        while k.run(1 << 30) != k9.DONE:
            pass
        count, _ = k.counts()
        solution = "".join(map(str, k.solution()))
        assert count == 2 and solution == want, line  # two or more: the first is the one
        assert is_solution(Grid(solution), Grid(line))


def test_the_sample_has_puzzles_of_both_sets() -> None:
    lines = {line for line, _ in EXPECTED["sample"]}
    serg = {"".join(str(v) if v else "." for v in row)
            for row in load_array(data_file("puzzles7_serg_benchmark.txt"))[:2000].tolist()}
    assert 0 < len(lines & serg) < len(lines)
