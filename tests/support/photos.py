"""Puzzles as printed in a newspaper, for the photo tests."""

from __future__ import annotations

from functools import cache

import numpy as np

from sudokit.grid import Grid
from sudokit.solver import solve
from support.files import data_file, read_lines

PUZZLES = read_lines(data_file("puzzles3_magictour_top1465.txt"))


def newspaper_puzzle(index: int, rng: np.random.Generator) -> Grid:
    """A puzzle of the collection with givens added from its solution, up to the 26 to 34
    of a newspaper puzzle (still exactly one solution)."""
    puzzle = Grid(PUZZLES[index])
    solution = solve(puzzle)
    assert solution is not None
    cells = list(puzzle.cells)
    blanks = [i for i, v in enumerate(cells) if not v]
    for i in rng.permutation(blanks)[: max(0, int(rng.integers(26, 35)) - puzzle.givens)]:
        cells[i] = solution.cells[i]
    return Grid.from_cells(cells)


@cache
def benchmark_photo(name: str, seed: int) -> tuple[Grid, bytes]:
    """The puzzle on the page and the JPEG of the photo of class ``name`` that the photo
    benchmark (benchmarks/photo.py) makes from ``seed`` (made once a run: tests that read
    the same photo share it)."""
    # (imported here: the photo extra, which this needs, is not there for every test)
    import cv2

    from sudokit.image.synthetic import CLASSES, photograph

    rng = np.random.default_rng(seed)
    puzzle = newspaper_puzzle(seed % len(PUZZLES), rng)
    photo = photograph(puzzle.cells, rng, conditions=CLASSES[name])
    return puzzle, cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()


def read_back(name: str, seed: int, *, corners: bool = False) -> None:
    """A synthetic photo of the class ``name`` (``sudokit.image.synthetic.CLASSES``) made
    from ``seed`` is read entirely right and trusted; with ``corners``, the grid is found
    in its place too (each corner within a third of a cell of the true one)."""
    # (imported here: the photo extra, which this needs, is not there for every test)
    from sudokit import image
    from sudokit.image.synthetic import CLASSES, photograph

    rng = np.random.default_rng(seed)
    puzzle = newspaper_puzzle(seed * 7 % 1465, rng)
    photo = photograph(puzzle.cells, rng, conditions=CLASSES[name])
    reading = image.read(photo.image)
    assert reading.grid == puzzle
    assert reading.trusted
    if corners:
        cell = float(np.linalg.norm(photo.corners[0] - photo.corners[2])) / (9 * np.sqrt(2))
        assert np.abs(np.array(reading.corners) - photo.corners).max() < 0.35 * cell
