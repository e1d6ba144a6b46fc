"""Pictures that hold a frame, or a lattice, without a sudoku grid in it are refused:
an outline's corners may be moved onto the lines inside it, and strokes closed over gaps,
but neither makes a grid of text, noise, a calendar or a crossword."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from support.clirunner import sudoku  # noqa: E402


def framed(inside: np.ndarray) -> np.ndarray:
    """``inside`` on a light page, in a dark frame: an outline whose four sides are whole."""
    page = np.full((inside.shape[0] + 200, inside.shape[1] + 200), 225, np.uint8)
    page[100:-100, 100:-100] = inside
    h, w = page.shape
    cv2.rectangle(page, (95, 95), (w - 96, h - 96), 20, 4)
    return page


def text(rows: int = 22, seed: int = 3) -> np.ndarray:
    """Rows of printed words and numbers."""
    rng = np.random.default_rng(seed)
    block = np.full((30 * rows + 10, 560), 225, np.uint8)
    words = ["sudoku", "7", "on", "page", "42", "the", "grid", "of", "9", "puzzle", "3"]
    for row in range(rows):
        cv2.putText(block, " ".join(rng.choice(words, 7)), (8, 24 + 30 * row),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.75, 30, 2, cv2.LINE_AA)
    return block


def noise_inside() -> np.ndarray:
    return np.random.default_rng(4).integers(0, 256, (500, 500)).astype(np.uint8)


def calendar() -> np.ndarray:
    """A month: seven columns, six rows of dates, ruled."""
    block = np.full((6 * 70 + 1, 7 * 80 + 1), 225, np.uint8)
    for k in range(8):
        cv2.line(block, (k * 80, 0), (k * 80, 420), 30, 2)
    for k in range(7):
        cv2.line(block, (0, k * 70), (560, k * 70), 30, 2)
    for day in range(1, 31):
        r, c = divmod(day + 2, 7)
        cv2.putText(block, str(day), (c * 80 + 8, r * 70 + 28), cv2.FONT_HERSHEY_SIMPLEX, 0.7,
                    30, 2)
    return block


def crossword(cells: int = 13) -> np.ndarray:
    """A crossword: a square lattice with black squares."""
    rng = np.random.default_rng(5)
    step = 40
    block = np.full((cells * step + 1, cells * step + 1), 225, np.uint8)
    for r, c in zip(*np.nonzero(rng.random((cells, cells)) < 0.2), strict=True):
        block[r * step:(r + 1) * step, c * step:(c + 1) * step] = 25
    for k in range(cells + 1):
        cv2.line(block, (k * step, 0), (k * step, cells * step), 30, 2)
        cv2.line(block, (0, k * step), (cells * step, k * step), 30, 2)
    return block


def photographed(page: np.ndarray) -> np.ndarray:
    """``page`` turned a little and blurred, with the camera's noise."""
    h, w = page.shape
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), 6, 0.9)
    turned = cv2.warpAffine(page, matrix, (w, h), borderValue=120)
    noisy = cv2.GaussianBlur(turned, (3, 3), 0) + np.random.default_rng(6).normal(
        0, 4, turned.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("picture", [
    lambda: framed(text()), lambda: photographed(framed(text(18, 7))),
    lambda: framed(noise_inside()), lambda: framed(calendar()),
    lambda: photographed(framed(calendar())), lambda: crossword(),
    lambda: photographed(crossword(15))],
    ids=["framed text", "framed text photographed", "framed noise", "calendar",
         "calendar photographed", "crossword", "crossword photographed"])
def test_a_frame_or_lattice_without_a_sudoku_grid_is_refused(picture) -> None:
    with pytest.raises(image.ImageError, match="no sudoku grid found"):
        image.read(picture())


def test_the_command_refuses_framed_text_in_one_line(tmp_path) -> None:
    path = tmp_path / "page.png"
    path.write_bytes(cv2.imencode(".png", framed(text()))[1].tobytes())
    result = sudoku("read", str(path))
    assert (result.status, result.stdout) == (2, b"")
    assert result.stderr.count("\n") == 1
    assert f"{path}: no sudoku grid found in the picture" in result.stderr
