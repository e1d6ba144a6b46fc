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


def blank_page() -> np.ndarray:
    """A sheet of paper under uneven light, with the camera's noise."""
    rng = np.random.default_rng(1)
    xs = np.mgrid[0:600, 0:800][1].astype(np.float32)
    return np.clip(200 + 30 * xs / 800 + rng.normal(0, 6, (600, 800)), 0, 255).astype(np.uint8)


def text_page() -> np.ndarray:
    """Thirty lines of printed text, digits among the words."""
    rng = np.random.default_rng(2)
    page = np.full((800, 640), 235, np.uint8)
    words = ["the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "1", "7"]
    for row in range(30):
        cv2.putText(page, " ".join(rng.choice(words, 8)), (20, 30 + 25 * row),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.6, 20, 1, cv2.LINE_AA)
    return page


def face() -> np.ndarray:
    """A blurred face-like blob: a dark oval with eyes, a nose and a mouth."""
    page = np.full((600, 600), 180, np.uint8)
    cv2.ellipse(page, (300, 300), (170, 220), 0, 0, 360, 90, -1)
    for x in (240, 360):
        cv2.circle(page, (x, 250), 22, 20, -1)
    cv2.ellipse(page, (300, 390), (70, 30), 0, 0, 180, 30, 6)
    cv2.line(page, (300, 270), (290, 340), 40, 5)
    return cv2.GaussianBlur(page, (0, 0), 3)


def ruled_table(columns: tuple[int, ...] = (40, 250, 660)) -> np.ndarray:
    """A table of eleven rows ruled across, its columns ruled down at ``columns``: its
    rules cross the places of a grid's lines down, but no line runs down there."""
    page = np.full((700, 700), 230, np.uint8)
    for k in range(12):
        cv2.line(page, (40, 40 + 55 * k), (660, 40 + 55 * k), 30, 2)
    for x in columns:
        cv2.line(page, (x, 40), (x, 645), 30, 2)
    return page


@pytest.mark.parametrize("picture", [noise, chessboard, lambda: lattice(10),
                                     lambda: lattice(6), blank_page, text_page, face,
                                     ruled_table, lambda: ruled_table((40, 247, 453, 660))],
                         ids=["noise", "chessboard", "graph paper", "6x6 lattice",
                              "blank page", "text", "face", "ruled table",
                              "table of three columns"])
def test_a_picture_without_a_sudoku_grid_is_refused(picture) -> None:
    with pytest.raises(image.ImageError, match="no sudoku grid found"):
        image.read(picture())


@pytest.mark.parametrize("picture", [noise, ruled_table], ids=["noise", "ruled table"])
def test_the_command_names_the_file_in_one_line(tmp_path, picture) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(cv2.imencode(".png", picture())[1].tobytes())
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
