"""Thin digits in small photos never make a wrong reading pass as right. A digit the photo
has all but lost (a thin 7 faded to its bar and a few grey pixels, where no digit's shape
is found) is put back when the digit model reads its faint mark as the digit the only
solution has there, and otherwise leaves its blank doubtful and the reading not trusted; so
is a digit read below 40% on which the only solution hangs, and a blank read with little confidence
from a shape as dark as a digit. A digit's shape is read twice, cut as usual and cut with
its paler strokes too: a thin digit whose strokes a small photo greyed is read right."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.grid import Grid  # noqa: E402
from sudokit.image import cells  # noqa: E402
from sudokit.image.reading import Reading  # noqa: E402
from support.clirunner import sudoku  # noqa: E402
from support.photos import benchmark_photo  # noqa: E402


def read_photo(name: str, seed: int) -> tuple[Grid, Reading]:
    puzzle, jpeg = benchmark_photo(name, seed)
    return puzzle, image.read(jpeg)


@pytest.mark.parametrize(("seed", "cell"), [(200018, 67), (200088, 70)])
def test_a_thin_seven_faded_to_its_bar_is_read_from_its_faint_stroke(seed: int,
                                                                     cell: int) -> None:
    # the slanted stroke, a few grey levels under the paper, is cut with the bar
    puzzle, reading = read_photo("thin-faces", seed)
    assert puzzle.cells[cell] == 7
    assert reading.first.cells[cell] == 7  # the digit model's own reading
    assert reading.grid == puzzle
    assert reading.trusted


def test_a_faint_mark_read_as_another_digit_leaves_its_blank_doubtful() -> None:
    puzzle, reading = read_photo("thin-faces", 250098)
    assert puzzle.cells[36] == 7 and reading.grid.cells[36] == 0  # r5c1 lost
    assert reading.unique
    assert not reading.trusted
    assert 36 in reading.suspect and 36 in reading.doubtful
    assert any(why.startswith("r5c1 reads blank, but holds a faint mark")
               for why in reading.distrust)


def test_the_read_command_exits_1_on_a_blank_that_may_have_lost_a_digit(tmp_path) -> None:
    _, jpeg = benchmark_photo("thin-faces", 250098)
    path = tmp_path / "thin.jpg"
    path.write_bytes(jpeg)
    outcome = sudoku("read", str(path), "--to", "line")
    assert outcome.status == 1
    assert outcome.out.strip()[36] == "."  # the reading is still printed
    assert f"{path}: not to be trusted: r5c1 reads blank" in outcome.stderr


@pytest.mark.usefixtures("older_model")
def test_a_reading_whose_solution_hangs_on_a_digit_read_below_40_percent_is_not_trusted(
) -> None:
    puzzle, reading = read_photo("thin-faces", 250010)
    assert reading.grid != puzzle and reading.unique
    assert not reading.trusted
    assert any("under 40%" in why for why in reading.distrust)


def test_a_thin_two_the_first_cut_loses_is_read_from_its_paler_strokes_too() -> None:
    # cut as usual, r4c6's 2 keeps too little of its thin strokes and reads as blank; cut
    # again with its paler strokes it reads as a 2, and the two readings together say 2
    puzzle, reading = read_photo("thin-faces", 220040)
    assert puzzle.cells[32] == 2
    assert reading.first.cells[32] == 2 and reading.grid == puzzle
    assert reading.trusted


@pytest.mark.usefixtures("older_model")
def test_a_blank_read_from_a_shape_as_dark_as_a_digit_is_doubtful() -> None:
    puzzle, reading = read_photo("thin-faces", 250097)
    assert (puzzle.cells[7], reading.grid.cells[7]) == (4, 0)  # r1c8: a 4 read as blank
    assert 0.35 <= reading.ink[7] < 0.7 and reading.confidence[7] < 0.6
    assert reading.unique
    assert not reading.trusted
    assert 7 in reading.suspect and 7 in reading.doubtful
    assert any(why.startswith("r1c8 reads blank at") for why in reading.distrust)


def drawn_grid(marks: dict[int, list[tuple[tuple[int, int], tuple[int, int], int]]]
               ) -> np.ndarray:
    """A straightened grid (9 * CELL square): ten lines each way, a dark 8 in each cell of
    the first row and column, and in the cells of ``marks`` the strokes given, each as
    (start, end, grey) in the cell's own pixels."""
    size = cells.CELL
    flat = np.full((9 * size, 9 * size), 225, np.uint8)
    for k in range(10):
        cv2.line(flat, (k * size, 0), (k * size, 9 * size), 40, 2)
        cv2.line(flat, (0, k * size), (9 * size, k * size), 40, 2)
    for i in [*range(9), *range(9, 81, 9)]:
        r, c = divmod(i, 9)
        cv2.putText(flat, "8", (c * size + 11, r * size + 32), cv2.FONT_HERSHEY_SIMPLEX, 0.9,
                    20, 3)
    for i, strokes in marks.items():
        r, c = divmod(i, 9)
        for (x0, y0), (x1, y1), grey in strokes:
            cv2.line(flat, (c * size + x0, r * size + y0), (c * size + x1, r * size + y1),
                     grey, 1)
    return flat


def test_marks_finds_a_digit_faded_to_its_bar_and_not_a_lines_remnant() -> None:
    seven = [((13, 12), (26, 12), 20), ((26, 12), (24, 18), 150)]  # a dark bar, a pale stub
    remnant = [((4, 5), (4, 35), 60)]  # a grid line's remnant along the cell's left side
    flat = drawn_grid({40: seven, 50: remnant})
    _, shaped, _ = cells.shapes(flat)
    assert 40 not in shaped  # too short for a digit's shape
    patches, found, strengths, heights = cells.marks(flat, shaped)
    assert found == [40]
    assert strengths[0] > 0.5 and 0.2 <= heights[0] < 0.5
    assert patches.shape == (1, cells.PATCH, cells.PATCH)


def test_a_shape_the_cells_middle_does_not_hold_is_found_and_a_digit_is_not() -> None:
    # a grid line's remnant down the cell's right side joined to a stroke along its top
    # makes a shape; left out with a little more of the cell's edge, nothing is left of it
    remnant = [((12, 10), (32, 10), 30), ((32, 10), (32, 33), 30)]
    seven = [((12, 10), (26, 10), 30), ((26, 10), (20, 31), 30)]
    flat = drawn_grid({40: remnant, 50: seven})
    _, shaped, _ = cells.shapes(flat)
    assert 40 in shaped and 50 in shaped
    assert cells.off_middle(flat, shaped) == [40]


@pytest.mark.parametrize(("name", "seed", "cell", "page", "read"), [
    ("broken-border", 670047, 17, 0, 1),  # a grid line's remnant read as a 1
    ("thin-faces", 270045, 37, 7, 4),  # a thin 7's bar alone read as a 4
])
def test_a_digit_read_from_a_shape_off_the_cells_middle_is_doubtful(
        name: str, seed: int, cell: int, page: int, read: int) -> None:
    puzzle, reading = read_photo(name, seed)
    assert puzzle.cells[cell] == page
    if reading.grid.cells[cell] == page:
        return  # the grid found where its lines are, the cell no longer holds the shape
    assert reading.grid.cells[cell] == read
    assert reading.confidence[cell] > 0.85 and reading.unique
    assert not reading.trusted
    assert cell in reading.suspect and cell in reading.off_middle
    r, c = divmod(cell, 9)
    assert f"r{r + 1}c{c + 1} reads {read} (" in reading.distrust[0]
    assert "the cell's middle does not hold" in reading.distrust[0]


@pytest.mark.parametrize(("seed", "cell"), [(390005, 76), (390044, 71), (390085, 47)])
def test_a_thin_seven_whose_faded_stroke_leaves_its_bar_apart_is_read_as_a_seven(
        seed: int, cell: int) -> None:
    # the slanted stroke fades just under the bar: cut alone, it read as a blank, trusted
    puzzle, reading = read_photo("thin-faces", seed)
    assert puzzle.cells[cell] == 7
    assert reading.first.cells[cell] == 7  # the digit model's own reading
    assert reading.grid == puzzle


def test_a_bar_a_few_rows_above_its_stroke_is_cut_with_it() -> None:
    bar_apart = [((12, 9), (27, 9), 30), ((26, 15), (19, 32), 30)]  # paper between the two
    flat = drawn_grid({40: bar_apart})
    patches, shaped, _ = cells.shapes(flat)
    patch = patches[shaped.index(40)]
    rows = np.flatnonzero(patch.max(axis=1) > 0.3)
    top = np.flatnonzero(patch[rows[0]] > 0.3)
    assert top[-1] - top[0] >= cells.FIT // 2  # the bar across the top, not the stroke alone



def test_a_grid_lines_remnant_beside_a_digit_is_not_cut_with_it() -> None:
    one = [((16, 8), (16, 31), 30), ((10, 31), (22, 31), 30)]  # a 1 with its foot
    remnant = [((6, 6), (6, 30), 60)]  # what is left of a grid line along the cell's side
    alone, beside = drawn_grid({40: one}), drawn_grid({40: one + remnant})
    patches, shaped, _ = cells.shapes(alone)
    patches_beside, shaped_beside, _ = cells.shapes(beside)
    assert np.abs(patches_beside[shaped_beside.index(40)]
                  - patches[shaped.index(40)]).max() < 0.1


def test_the_top_left_one_beside_the_grids_border_is_read_as_a_one() -> None:
    # the border's inner edge, cut with the 1, made it read as a 4
    puzzle, reading = read_photo("show-through", 490078)
    assert puzzle.cells[0] == 1
    assert reading.first.cells[0] == 1


@pytest.mark.parametrize(("seed", "cell"), [(250070, 77), (270053, 73)])
def test_a_pale_shape_under_a_faded_sevens_bar_is_put_back_as_a_doubtful_seven(
        seed: int, cell: int) -> None:
    # a thin 7 whose bar lies in the grid line above it (its stroke alone reads 1), or
    # whose slanted stroke has all but vanished (7 its likeliest digit, at under 2%): its
    # pale shape reads as blank, and its bar alone as the 7 the only solution has there
    puzzle, reading = read_photo("thin-faces", seed)
    assert (puzzle.cells[cell], reading.grid.cells[cell]) == (7, 7)
    assert 0.0 < reading.ink[cell] < cells.FAINT
    assert reading.grid == puzzle
    assert not reading.trusted
    assert reading.bars == (cell,) and cell in reading.doubtful


def test_a_pale_shape_read_as_a_one_where_the_solution_has_a_seven_is_doubtful() -> None:
    # r8c6: a pale shape read as blank at 99%, whose likeliest digit is a 1 (a 7 whose bar
    # has faded), where the only solution has a 7; blank on this page, but only the page tells
    puzzle, reading = read_photo("thin-faces", 310066)
    assert (puzzle.cells[68], reading.grid.cells[68]) == (0, 0)
    assert 0.0 < reading.ink[68] < cells.FAINT
    assert reading.alternatives[68][1][0] == 1
    assert 68 in reading.suspect and 68 in reading.doubtful
    assert any(why.startswith("r8c6 reads blank at 99%") for why in reading.distrust)
