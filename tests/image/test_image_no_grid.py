"""A photo that shows no sudoku grid is refused, never read as one: the outline found must
show the ten lines each way of a 9 x 9 grid at their places, light cells between them, and
lines that stop at the outline."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.image.synthetic import photograph  # noqa: E402
from support.clirunner import sudoku  # noqa: E402
from support.photos import newspaper_puzzle  # noqa: E402


def noise() -> np.ndarray:
    return np.random.default_rng(0).integers(0, 256, (600, 800)).astype(np.uint8)


def chessboard() -> np.ndarray:
    board = np.kron(np.indices((8, 8)).sum(axis=0) % 2 * 255, np.ones((60, 60)))
    return cv2.copyMakeBorder(board.astype(np.uint8), 80, 80, 80, 80, cv2.BORDER_CONSTANT,
                              value=200)


def lattice(cells: int) -> np.ndarray:
    """A square lattice of ``cells`` x ``cells`` equal cells (graph paper, a 6 x 6 puzzle)."""
    page = np.full((700, 700), 230, np.uint8)
    step = 600 // cells
    for k in range(cells + 1):
        p = 50 + k * step
        cv2.line(page, (p, 50), (p, 50 + cells * step), 0, 2)
        cv2.line(page, (50, p), (50 + cells * step, p), 0, 2)
    return page


@pytest.mark.parametrize("picture", [noise, chessboard, lambda: lattice(10),
                                     lambda: lattice(6)],
                         ids=["noise", "chessboard", "graph paper", "6x6 lattice"])
def test_a_picture_without_a_sudoku_grid_is_refused(picture) -> None:
    with pytest.raises(image.ImageError, match="no sudoku grid found"):
        image.read(picture())


def test_the_command_names_the_file_in_one_line(tmp_path) -> None:
    path = tmp_path / "noise.png"
    path.write_bytes(cv2.imencode(".png", noise())[1].tobytes())
    result = sudoku("read", str(path))
    assert result.status == 2
    assert result.stdout == b""
    assert result.stderr.count("\n") == 1
    assert f"{path}: no sudoku grid found" in result.stderr


def test_a_grid_with_faint_thin_lines_is_still_a_grid() -> None:
    # only the box lines are printed dark: the thin ones are pale grey
    rng = np.random.default_rng(15)
    puzzle = newspaper_puzzle(15 * 37, rng)
    photo = photograph(puzzle.cells, rng)
    assert image.read(photo.image).grid == puzzle
