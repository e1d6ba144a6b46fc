"""Reading puzzles from photos made in software: a typeface the digit model never saw in
training (OpenCV's stroke fonts), printed on a page, photographed at an angle, in perspective,
out of focus, in a shadow, saved as a low-quality JPEG."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.grid import Grid  # noqa: E402
from sudokit.image import repair  # noqa: E402
from sudokit.image.synthetic import photograph  # noqa: E402
from support.clirunner import sudoku  # noqa: E402
from support.files import data_file, read_lines  # noqa: E402
from support.photos import newspaper_puzzle  # noqa: E402

PUZZLES = read_lines(data_file("puzzles3_magictour_top1465.txt"))


@pytest.mark.parametrize("seed", range(12))
def test_reads_a_photographed_puzzle_exactly(seed: int) -> None:
    rng = np.random.default_rng(seed)
    puzzle = newspaper_puzzle(seed * 37, rng)
    photo = photograph(puzzle.cells, rng)
    reading = image.read(photo.image)
    assert reading.grid == puzzle
    assert reading.unique
    assert len(reading.confidence) == 81
    grid_side = float(np.linalg.norm(photo.corners[0] - photo.corners[2]))
    assert np.abs(np.array(reading.corners) - photo.corners).max() < 0.05 * grid_side


def test_reads_file_bytes_and_paths_alike(tmp_path) -> None:
    rng = np.random.default_rng(100)
    puzzle = newspaper_puzzle(5, rng)
    photo = photograph(puzzle.cells, rng, quality=60)
    ok, jpeg = cv2.imencode(".jpg", photo.image)
    path = tmp_path / "puzzle.jpg"
    path.write_bytes(jpeg.tobytes())
    assert image.read(str(path)).grid == puzzle
    assert image.read(path.read_bytes()).grid == puzzle


def test_corners_are_in_the_photos_own_pixels_when_it_is_reduced() -> None:
    rng = np.random.default_rng(101)
    puzzle = newspaper_puzzle(6, rng)
    photo = photograph(puzzle.cells, rng)
    big = cv2.resize(photo.image, None, fx=2.5, fy=2.5)  # past the working size
    reading = image.read(big)
    grid_side = float(np.linalg.norm(photo.corners[0] - photo.corners[2])) * 2.5
    assert np.abs(np.array(reading.corners) - photo.corners * 2.5).max() < 0.05 * grid_side


@pytest.mark.parametrize("quarter", [1, 2, 3])
def test_a_photo_taken_sideways_is_turned_back(quarter: int) -> None:
    rng = np.random.default_rng(200 + quarter)
    puzzle = newspaper_puzzle(40 + quarter, rng)
    photo = photograph(puzzle.cells, rng)
    reading = image.read(np.ascontiguousarray(np.rot90(photo.image, quarter)))
    assert reading.grid == puzzle and reading.unique


def ranked(puzzle: Grid, wrong: dict[int, int]) -> list[tuple[tuple[int, float], ...]]:
    """Model choices for ``puzzle`` in which each cell of ``wrong`` has the wrong digit first
    and the right one second."""
    choices: list[tuple[tuple[int, float], ...]] = []
    for i, v in enumerate(puzzle.cells):
        if i in wrong:
            choices.append(((wrong[i], 0.55), (v, 0.40), (0, 0.05)))
        elif v:
            choices.append(((v, 0.99), (0, 0.01)))
        else:
            choices.append(((0, 1.0),))
    return choices


@pytest.mark.parametrize("misreads", [1, 2, 3])
def test_repair_undoes_injected_misreads(misreads: int) -> None:
    rng = np.random.default_rng(misreads)
    puzzle = newspaper_puzzle(10 + misreads, rng)
    givens = [i for i, v in enumerate(puzzle.cells) if v]
    wrong = {}
    for i in rng.permutation(givens)[:misreads]:
        v = puzzle.cells[i]
        wrong[int(i)] = 1 + v % 9 if v != 1 else 7  # another digit, as a misread would be
    outcome = repair.repair(ranked(puzzle, wrong))
    assert outcome.cells == puzzle.cells
    assert {c.cell for c in outcome.changes} <= set(wrong)
    assert all(c.after == puzzle.cells[c.cell] for c in outcome.changes)


def test_repair_keeps_a_reading_that_has_one_solution() -> None:
    puzzle = newspaper_puzzle(20, np.random.default_rng(0))
    outcome = repair.repair(ranked(puzzle, {}))
    assert outcome.cells == puzzle.cells and outcome.changes == () and outcome.solutions == 1


def test_repair_gives_up_without_likely_alternatives() -> None:
    puzzle = Grid(PUZZLES[0])
    clashing = list(puzzle.cells)
    a = next(i for i in range(9) if clashing[i])
    b = next(i for i in range(9) if not clashing[i])
    clashing[b] = clashing[a]  # the same digit twice in row 1, read with full confidence
    choices = [((v, 1.0),) for v in clashing]
    outcome = repair.repair(choices)
    assert outcome.solutions == 0 and outcome.changes == ()
    assert outcome.cells == tuple(clashing)


def test_a_misread_in_a_photo_is_repaired(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudokit.image import reading as reading_module

    rng = np.random.default_rng(7)
    puzzle = newspaper_puzzle(30, rng)
    photo = photograph(puzzle.cells, rng)
    real = reading_module.probabilities

    def confused(patches: np.ndarray) -> np.ndarray:
        probs = real(patches)
        top = probs[0].argmax()
        second = (top % 9) + 1
        probs[0, second], probs[0, top] = 0.6, 0.35  # the first digit read wrong
        return probs

    monkeypatch.setattr(reading_module, "probabilities", confused)
    reading = image.read(photo.image)
    assert reading.grid == puzzle
    assert reading.first != puzzle
    assert len(reading.changes) == 1


@pytest.mark.parametrize("blank", [0, 255])
def test_a_blank_picture_has_no_grid(blank: int) -> None:
    with pytest.raises(image.ImageError, match="no sudoku grid"):
        image.read(np.full((600, 800), blank, np.uint8))


def test_a_page_of_text_has_no_grid() -> None:
    rng = np.random.default_rng(3)
    page = np.full((900, 700), 235, np.uint8)
    for _ in range(400):
        x, y = int(rng.integers(0, 650)), int(rng.integers(0, 880))
        cv2.putText(page, "word", (x, y), cv2.FONT_HERSHEY_SIMPLEX, 0.6, 20, 1)
    with pytest.raises(image.ImageError, match="no sudoku grid"):
        image.read(page)


def test_kind_of_tells_photos_by_their_first_bytes() -> None:
    assert image.kind_of(b"\xff\xd8\xff\xe0\x00\x10JFIF") == "jpeg"
    assert image.kind_of(b"\x89PNG\r\n\x1a\n\x00\x00") == "png"
    assert image.kind_of(b"RIFF\x10\x00\x00\x00WEBPVP8 ") == "webp"
    assert image.kind_of(b"4...3.......6..8....") is None


def test_a_given_read_as_blank_is_restored_when_the_solution_agrees(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    from sudokit.image import reading as reading_module

    rng = np.random.default_rng(8)
    puzzle = newspaper_puzzle(31, rng)
    photo = photograph(puzzle.cells, rng)
    real = reading_module.probabilities

    def unsure(patches: np.ndarray) -> np.ndarray:
        probs = real(patches)
        top = probs[0].argmax()
        probs[0, 0], probs[0, top] = 0.5, 0.35  # "not a digit" first, the digit a close second
        return probs

    monkeypatch.setattr(reading_module, "probabilities", unsure)
    reading = image.read(photo.image)
    assert reading.first != puzzle
    assert reading.grid == puzzle
    assert [(c.before, c.after) for c in reading.changes] == [
        (0, puzzle.cells[reading.changes[0].cell])]
    # the command says why, with the digit's probability
    path = tmp_path / "page.png"
    path.write_bytes(cv2.imencode(".png", photo.image)[1].tobytes())
    result = sudoku("read", str(path), "--to", "line")
    assert result.status == 0 and result.out.strip() == puzzle.to_line()
    change = reading.changes[0]
    assert (f"changed {change.describe()}: read as blank, and the puzzle's only solution has "
            "that digit there") in result.stderr
    assert "clashing" not in result.stderr
