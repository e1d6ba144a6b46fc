"""A wrong reading is never trusted without a doubtful cell to check: photos made in software
whose reading has exactly one solution yet differs from the page (a blank at a shadow's
edge read as a digit, a digit the model barely chose on which the only solution hangs)
are read with that cell doubtful and the reading not trusted; a clean photo stays trusted."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.grid import Grid  # noqa: E402
from sudokit.image import cells, repair  # noqa: E402
from sudokit.image.reading import Reading  # noqa: E402
from sudokit.image.synthetic import photograph  # noqa: E402
from support.clirunner import sudoku  # noqa: E402
from support.photos import benchmark_photo, newspaper_puzzle  # noqa: E402
from support.reference import count_9x9 as brute_solutions  # noqa: E402


def read_photo(name: str, seed: int) -> tuple[Grid, Reading]:
    """The puzzle on the page and its reading, for the photo of class ``name`` that the
    photo benchmark makes from ``seed``."""
    puzzle, jpeg = benchmark_photo(name, seed)
    return puzzle, image.read(jpeg)


def wrong_cells(puzzle: Grid, reading: Reading) -> list[int]:
    return [i for i in range(81) if reading.grid.cells[i] != puzzle.cells[i]]


@pytest.fixture
def pale_shapes_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader as it reads a grid whose digits are not all dark: a shape about half as
    dark as the digits is read as the model reads it, not taken for a blank most likely
    (cells.PALER), so that the solver's check and the trust rules are what stand between
    it and a trusted reading (the shaded pages below, whose digits are all dark)."""
    monkeypatch.setattr(cells, "PALER", 0.0)


@pytest.mark.usefixtures("older_model", "pale_shapes_read")
def test_a_blank_at_a_shadows_edge_read_as_a_digit_is_doubtful() -> None:
    puzzle, reading = read_photo("shaded", 850098)
    wrong = wrong_cells(puzzle, reading)
    assert wrong == [17]  # r2c9: blank on the page, a pale shape read as a 4
    assert reading.unique and reading.grid.cells[17] == 4  # the reading is still given
    assert not reading.trusted
    assert 17 in reading.suspect and 17 in reading.doubtful
    assert any(why.startswith("r2c9 reads 4") for why in reading.distrust)


@pytest.mark.usefixtures("older_model", "pale_shapes_read")
def test_a_wrong_digit_the_only_solution_hangs_on_is_doubtful() -> None:
    puzzle, reading = read_photo("shaded", 800110)
    wrong = wrong_cells(puzzle, reading)
    assert 37 in wrong  # r5c2: a 6 on the page, read as 5 at under a quarter's confidence
    assert reading.confidence[37] < 0.25 and reading.unique
    assert not reading.trusted
    assert set(wrong) <= set(reading.suspect) <= set(reading.doubtful)
    assert any("several solutions" in why for why in reading.distrust)


@pytest.mark.usefixtures("older_model", "pale_shapes_read")
def test_a_pale_shape_read_as_a_digit_on_a_shaded_page_is_doubtful() -> None:
    puzzle, reading = read_photo("shaded", 800013)
    wrong = wrong_cells(puzzle, reading)
    assert wrong and set(wrong) <= set(reading.suspect)
    assert not reading.trusted


@pytest.mark.parametrize("seed", [0, 1])
def test_a_clean_photo_read_right_stays_trusted(seed: int) -> None:
    puzzle, reading = read_photo("plain", seed)
    assert reading.grid == puzzle
    assert reading.trusted
    assert reading.suspect == ()
    assert reading.distrust == ()
    assert all(reading.ink[i] > 0.0 for i in range(81) if puzzle.cells[i])


@pytest.mark.usefixtures("older_model", "pale_shapes_read")
def test_the_read_command_marks_the_suspect_cell_and_exits_1(tmp_path) -> None:
    _, jpeg = benchmark_photo("shaded", 850098)
    path = tmp_path / "shaded.jpg"
    path.write_bytes(jpeg)
    outcome = sudoku("read", str(path), "--to", "line")
    assert outcome.status == 1
    assert outcome.out.strip()[17] == "4"  # the reading is still printed
    assert f"{path}: not to be trusted: r2c9 reads 4" in outcome.stderr
    marked = [line for line in outcome.stderr.splitlines() if "|" in line]
    assert marked[1].endswith("| . . 4?")  # r2c9 drawn with '?' after it
    assert outcome.stderr.count("not to be trusted: r2c9") == 1  # said once


def test_suspects_are_pale_digits_and_guesses_the_solution_hangs_on(pure: bool) -> None:
    cells = list(newspaper_puzzle(60, np.random.default_rng(3)).cells)
    digits = [i for i, v in enumerate(cells) if v]
    # a given the puzzle can lose and stay unique, and one it cannot
    spare = next(i for i in digits if brute_solutions([*cells[:i], 0, *cells[i + 1:]]) == 1)
    needed = next(i for i in digits if brute_solutions([*cells[:i], 0, *cells[i + 1:]]) > 1)
    confidence, ink = [1.0] * 81, [1.0 if v else 0.0 for v in cells]
    assert repair.suspects(cells, confidence, ink, 0.9) == ()
    confidence[spare], ink[spare] = 0.8, 0.45  # pale and unsure: a shadow's edge?
    assert repair.suspects(cells, confidence, ink, 0.9) == (spare,)
    ink[spare] = 0.9  # as dark as a digit: the model's doubt alone is not suspect
    assert repair.suspects(cells, confidence, ink, 0.9) == ()
    confidence[spare] = 0.25  # a guess, but the others fix the solution without it
    assert repair.suspects(cells, confidence, ink, 0.9) == ()
    confidence[needed] = 0.25  # a guess the solution hangs on
    assert repair.suspects(cells, confidence, ink, 0.9) == (needed,)


def one_solution(cells: list[int]) -> bool:
    """True when no digit of ``cells`` stands twice in a unit and they have exactly one
    solution (plain backtracking)."""
    def unit_ok(unit: list[int]) -> bool:
        digits = [cells[i] for i in unit if cells[i]]
        return len(digits) == len(set(digits))

    units = ([[9 * r + c for c in range(9)] for r in range(9)]
             + [[9 * r + c for r in range(9)] for c in range(9)]
             + [[27 * (b // 3) + 3 * (b % 3) + 9 * (k // 3) + k % 3 for k in range(9)]
                for b in range(9)])
    return all(unit_ok(u) for u in units) and brute_solutions(cells) == 1


def test_a_digit_read_unsure_where_another_also_gives_one_solution_is_suspect(
        pure: bool) -> None:
    cells = list(newspaper_puzzle(60, np.random.default_rng(3)).cells)
    # a given that another digit could replace with the puzzle still having exactly one
    # solution (another puzzle's), found by plain backtracking
    cell, other = next((i, d) for i, v in enumerate(cells) if v for d in range(1, 10)
                       if d != v and one_solution([*cells[:i], d, *cells[i + 1:]]))
    digit = cells[cell]
    confidence, ink = [1.0] * 81, [1.0 if v else 0.0 for v in cells]
    choices: list[tuple[tuple[int, float], ...]] = [((v, 1.0),) for v in cells]
    confidence[cell] = 0.75
    choices[cell] = ((digit, 0.75), (other, 0.09), (0, 0.01))
    assert repair.suspects(cells, confidence, ink, 0.9, choices) == (cell,)
    assert repair.other_digit(cells, cell, choices[cell]) == other
    # the model sure of its reading, or the other digit far less likely: no suspect
    confidence[cell] = 0.95
    choices[cell] = ((digit, 0.95), (other, 0.04))
    assert repair.suspects(cells, confidence, ink, 0.9, choices) == ()
    confidence[cell] = 0.75
    choices[cell] = ((digit, 0.75), (other, 0.03))
    assert repair.suspects(cells, confidence, ink, 0.9, choices) == ()


def test_a_blank_read_unsure_where_a_faded_seven_keeps_one_solution_is_suspect(
        pure: bool) -> None:
    # a 7 the puzzle can lose and stay unique: read as blank, the reading keeps its one
    # solution, and only the page tells whether the 7 is there (a thin 7 faded to a smudge)
    for seed in range(20):
        cells = list(newspaper_puzzle(60 + seed, np.random.default_rng(seed)).cells)
        spare = next((i for i, v in enumerate(cells)
                      if v == 7 and brute_solutions([*cells[:i], 0, *cells[i + 1:]]) == 1), -1)
        if spare >= 0:
            break
    cells[spare] = 0
    confidence, ink = [1.0] * 81, [1.0 if v else 0.0 for v in cells]
    choices: list[tuple[tuple[int, float], ...]] = [((v, 1.0),) for v in cells]
    confidence[spare], ink[spare] = 0.66, 0.33
    choices[spare] = ((0, 0.66), (7, 0.25), (1, 0.02))
    assert repair.suspects(cells, confidence, ink, 0.9, choices) == (spare,)
    # the model sure of the blank, or more taken with another digit than the 7 (a shape
    # showing through the page): no suspect
    confidence[spare] = 0.93
    choices[spare] = ((0, 0.93), (7, 0.05))
    assert repair.suspects(cells, confidence, ink, 0.9, choices) == ()
    confidence[spare] = 0.6
    choices[spare] = ((0, 0.6), (2, 0.25), (7, 0.05))
    assert repair.suspects(cells, confidence, ink, 0.9, choices) == ()


def test_a_one_read_sure_where_a_faded_seven_also_gives_one_solution_is_suspect(
        pure: bool) -> None:
    cells = list(newspaper_puzzle(3, np.random.default_rng(2)).cells)
    # a 1 that a 7 could replace with the puzzle still having exactly one solution: a thin 7
    # whose slanted stroke a small photo has faded reads as a sure 1
    cell = next(i for i, v in enumerate(cells)
                if v == 1 and one_solution([*cells[:i], 7, *cells[i + 1:]]))
    confidence, ink = [1.0] * 81, [1.0 if v else 0.0 for v in cells]
    choices: list[tuple[tuple[int, float], ...]] = [((v, 1.0),) for v in cells]
    confidence[cell] = 0.96
    choices[cell] = ((1, 0.96), (7, 0.02), (0, 0.02))
    assert repair.suspects(cells, confidence, ink, 0.9, choices) == (cell,)
    assert repair.other_digit(cells, cell, choices[cell], unsure=False) == 7
    # the 7 all but ruled out by the model: no suspect
    choices[cell] = ((1, 0.995), (7, 0.004), (0, 0.001))
    assert repair.suspects(cells, confidence, ink, 0.9, choices) == ()


def test_a_reading_whose_unsure_digit_could_be_another_puzzles_is_not_trusted(
        monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    from sudokit.image import reading as reading_module

    rng = np.random.default_rng(9)
    puzzle = newspaper_puzzle(31, rng)
    photo = photograph(puzzle.cells, rng)
    cells = list(puzzle.cells)
    first = next(i for i, v in enumerate(cells) if v)  # the first shape the model reads
    other = next(d for d in range(1, 10) if d != cells[first]
                 and one_solution([*cells[:first], d, *cells[first + 1:]]))
    real = reading_module.probabilities

    def unsure(patches: np.ndarray) -> np.ndarray:
        probs = real(patches)
        probs[0] = 0.0
        probs[0, cells[first]], probs[0, other], probs[0, 0] = 0.75, 0.15, 0.1
        return probs

    monkeypatch.setattr(reading_module, "probabilities", unsure)
    reading = image.read(photo.image)
    assert reading.grid == puzzle and reading.unique
    assert not reading.trusted
    assert first in reading.suspect and first in reading.doubtful
    r, c = divmod(first, 9)
    assert (f"r{r + 1}c{c + 1} reads {cells[first]} (75%), but a {other} there (15%) also "
            "gives exactly one solution") in reading.distrust[0]


def test_a_digit_read_at_under_ninety_percent_with_a_rival_that_keeps_one_solution_is_doubtful(
) -> None:
    # r3c9: a 6 on the page, read as 4 at 90% with the 6 at 10%; either digit leaves the
    # puzzle exactly one solution, so only the page tells the two puzzles apart
    puzzle, reading = read_photo("short-lines", 730024)
    assert (puzzle.cells[26], reading.grid.cells[26]) == (6, 4)
    assert 0.8 <= reading.confidence[26] < 0.9 and reading.unique
    assert not reading.trusted
    assert 26 in reading.suspect and 26 in reading.doubtful
    assert any(why.startswith("r3c9 reads 4") for why in reading.distrust)
