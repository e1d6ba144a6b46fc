"""The repair weighs the whole reading: of the readings with exactly one solution, the most
likely under the digit model's probabilities, each change reported with its probability; a
reading is trusted only when no change is less likely than 20% and no other reading with
one solution (of another puzzle) is nearly as likely. Readings here are made by hand, wrong
in each way photos go wrong."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from sudokit import image  # noqa: E402
from sudokit.grid import Grid  # noqa: E402
from sudokit.image import repair  # noqa: E402
from sudokit.image.reading import Reading  # noqa: E402
from sudokit.image.synthetic import photograph  # noqa: E402
from sudokit.solver import count_solutions, solve  # noqa: E402
from support.clirunner import sudoku  # noqa: E402
from support.files import data_file, read_lines  # noqa: E402
from support.photos import newspaper_puzzle  # noqa: E402

PUZZLES = read_lines(data_file("puzzles3_magictour_top1465.txt"))
Choices = list[tuple[tuple[int, float], ...]]


def sure(cells: tuple[int, ...]) -> Choices:
    """Every cell read as it is, digits at 99%, blanks for certain."""
    return [((v, 0.99), (0, 0.01)) if v else ((0, 1.0),) for v in cells]


def puzzle(seed: int = 0) -> Grid:
    return newspaper_puzzle(50 + seed, np.random.default_rng(seed))


def test_a_thin_seven_read_as_one_is_put_right() -> None:
    page = puzzle()
    choices = sure(page.cells)
    sevens = [i for i, v in enumerate(page.cells) if v == 7]
    choices[sevens[0]] = ((1, 0.6), (7, 0.38), (0, 0.02))
    outcome = repair.repair(choices)
    assert outcome.cells == page.cells
    assert [(c.before, c.after, c.probability) for c in outcome.changes] == [(1, 7, 0.38)]
    assert outcome.trusted


def test_a_blank_read_as_a_digit_is_blank_again() -> None:
    # print showing through the paper, read as a 4 where the page has no digit
    page = puzzle(1)
    answer = solve(page)
    assert answer is not None
    blank = next(i for i, v in enumerate(page.cells) if not v and answer.cells[i] != 4)
    choices = sure(page.cells)
    choices[blank] = ((4, 0.7), (0, 0.3))
    outcome = repair.repair(choices)
    assert outcome.cells == page.cells
    assert [(c.cell, c.after) for c in outcome.changes] == [(blank, 0)]
    assert outcome.trusted


def test_a_digit_lost_as_blank_is_put_back() -> None:
    page = Grid(PUZZLES[0])  # a minimal puzzle: without any of its digits, several solutions
    lost = next(i for i, v in enumerate(page.cells) if v)
    read = list(page.cells)
    read[lost] = 0
    assert count_solutions(Grid.from_cells(read), 2) == 2  # several: not a reading to keep
    choices = sure(tuple(read))
    choices[lost] = ((0, 0.6), (page.cells[lost], 0.4))
    outcome = repair.repair(choices)
    assert outcome.cells == page.cells and outcome.trusted


def misread(page: Grid, count: int) -> tuple[Choices, list[int]]:
    """The page read with ``count`` digits wrong, each a likelier look-alike the model gave
    before the page's digit (a 5 read 6, a 7 read 1: a small photo's thin strokes) that
    leaves the page without a solution; the cells read wrong."""
    choices = sure(page.cells)
    alike = {1: 7, 2: 7, 3: 8, 4: 9, 5: 6, 6: 5, 7: 1, 8: 3, 9: 4}
    wrong: list[int] = []
    for i, v in enumerate(page.cells):
        if v and len(wrong) < count and not count_solutions(
                Grid.from_cells([*page.cells[:i], alike[v], *page.cells[i + 1:]]), 1):
            choices[i] = ((alike[v], 0.55), (v, 0.4), (0, 0.05))
            wrong.append(i)
    assert repair.solutions([c[0][0] for c in choices]) == 0
    return choices, wrong


def test_a_reading_with_many_digits_wrong_is_put_right() -> None:
    # six look-alikes read in place of the page's digits: more than MAX_CHANGES, found by
    # settling the surest cells first and giving up each partial reading with no solution
    page = puzzle(6)
    choices, wrong = misread(page, 6)
    assert len(wrong) > repair.MAX_CHANGES
    outcome = repair.repair(choices)
    assert outcome.cells == page.cells and outcome.solutions == 1
    assert sorted(c.cell for c in outcome.changes) == wrong
    assert all(c.probability == 0.4 for c in outcome.changes)
    assert outcome.tried <= repair.MAX_TRIES


def test_the_search_for_a_reading_stops_after_its_tries() -> None:
    page = puzzle(6)
    choices, _ = misread(page, 6)
    outcome = repair.repair(choices, max_tries=3)
    assert outcome.solutions == 0 and outcome.cells == tuple(c[0][0] for c in choices)
    assert outcome.tried <= 3 and outcome.contested  # the digits to blame, as before


def two_answers() -> tuple[Grid, int, int, int]:
    """(page, cell, right, wrong): a page whose reading without ``cell`` has exactly two
    solutions, one with ``right`` there (the page's) and one with ``wrong``."""
    answer = solve(puzzle(2))
    assert answer is not None
    s = answer.cells
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            a, b = s[9 * r1 + c1], s[9 * r1 + c2]
            boxes = {(r // 3, c // 3) for r in (r1, r2) for c in (c1, c2)}
            if s[9 * r2 + c2] == a and s[9 * r2 + c1] == b and len(boxes) == 2:
                cells = list(s)
                for i in (9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2):
                    cells[i] = 0  # the page shows one corner of the rectangle: one solution
                return Grid.from_cells(cells), 9 * r1 + c1, a, b
    raise AssertionError("no unavoidable rectangle in the solution")


def test_of_two_readings_with_one_solution_the_most_likely_is_kept() -> None:
    page, cell, right, wrong = two_answers()
    choices = sure(page.cells)
    choices[cell] = ((0, 0.5), (right, 0.45), (wrong, 0.05))
    outcome = repair.repair(choices)
    assert outcome.cells == page.cells
    assert outcome.trusted and outcome.rival == 0.0


def test_a_rival_reading_nearly_as_likely_is_not_trusted() -> None:
    # the page's digit was lost, and the model liked another digit there a little better:
    # both readings have one solution, so the solver cannot tell which the page shows
    page, cell, right, wrong = two_answers()
    choices = sure(page.cells)
    choices[cell] = ((0, 0.5), (wrong, 0.27), (right, 0.23))
    outcome = repair.repair(choices)
    assert outcome.cells[cell] == wrong and outcome.solutions == 1
    assert outcome.rival == pytest.approx(0.23 / 0.27)
    assert not outcome.trusted


def test_a_change_less_likely_than_the_threshold_is_never_trusted() -> None:
    page = puzzle(3)
    choices = sure(page.cells)
    five = page.cells.index(5)
    choices[five] = ((1, 0.84), (5, 0.15), (0, 0.01))
    outcome = repair.repair(choices)
    assert outcome.cells == page.cells  # the only reading with one solution...
    assert [c.probability for c in outcome.changes] == [0.15]
    assert not outcome.trusted  # ...but at 15% not one to take on trust


def test_the_command_says_a_reading_is_not_to_be_trusted(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    from sudokit.image import reading as reading_module

    rng = np.random.default_rng(7)
    page = newspaper_puzzle(30, rng)
    photo = photograph(page.cells, rng)
    path = tmp_path / "page.png"
    path.write_bytes(cv2.imencode(".png", photo.image)[1].tobytes())
    real = reading_module.probabilities

    def unlikely(patches: np.ndarray) -> np.ndarray:
        probs = real(patches)
        top = probs[0].argmax()
        other = top % 9 + 1
        probs[0] = 0.0
        probs[0, other], probs[0, top] = 0.85, 0.15  # the right digit only 15% likely
        return probs

    monkeypatch.setattr(reading_module, "probabilities", unlikely)
    reading = image.read(str(path))
    assert reading.grid == page and not reading.trusted
    result = sudoku("read", str(path), "--to", "line")
    assert result.status == 1
    assert result.out.strip() == page.to_line()
    assert "not to be trusted" in result.stderr and "less likely than 20%" in result.stderr
    assert "?" in result.stderr  # the doubtful cell is marked


def test_a_rival_reading_marks_the_cells_it_reads_otherwise() -> None:
    # the page's digit at `cell` was read as blank, the kept reading puts it back at 22%;
    # the other corner of its rectangle, blank on the page, read as `right` at 7% gives
    # another puzzle with one solution nearly as likely: that blank is to be checked too,
    # sure as the model was of it
    page, cell, right, _ = two_answers()
    lost = [*page.cells[:cell], 0, *page.cells[cell + 1:]]
    row = range(cell // 9 * 9, cell // 9 * 9 + 9)
    other = next(i for i in row if i != cell and not page.cells[i] and count_solutions(
        Grid.from_cells([*lost[:i], right, *lost[i + 1:]]), 2) == 1)
    choices = sure(page.cells)
    choices[cell] = ((0, 0.78), (right, 0.22))
    choices[other] = ((0, 0.93), (right, 0.07))
    outcome = repair.repair(choices)
    assert outcome.cells == page.cells and outcome.rival > 0 and not outcome.trusted
    assert set(outcome.contested) == {cell, other}
    reading = image_reading(outcome, choices)
    assert reading.confidence[other] == 0.93 and other in reading.doubtful


def test_digits_that_clash_are_marked_when_no_reading_has_one_solution() -> None:
    page = puzzle(4)
    read = list(page.cells)
    a = next(i for i in range(9) if read[i])
    # a blank of row 1 whose column and box do not hold a's digit: the only clash is a's
    b = next(i for i in range(9) if not read[i] and all(
        read[j] != read[a] or j == a for j in range(81)
        if j % 9 == i % 9 or (j // 27, j % 9 // 3) == (0, i // 3)))
    read[b] = read[a]  # the same digit twice in row 1, read with full confidence
    choices: Choices = [((v, 1.0),) for v in read]
    outcome = repair.repair(choices)
    assert outcome.solutions == 0 and outcome.contested == (a, b)
    reading = image_reading(outcome, choices)
    assert reading.doubtful == (a, b)


def image_reading(outcome: repair.Outcome, choices: Choices) -> Reading:
    """The Reading of a repair's outcome, as image.read makes it."""
    return Reading(
        grid=Grid.from_cells(outcome.cells), first=Grid.from_cells(c[0][0] for c in choices),
        confidence=tuple(dict(c).get(v, 0.0) for c, v in zip(choices, outcome.cells, strict=True)),
        alternatives=tuple(choices), corners=((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)),
        changes=outcome.changes, solutions=outcome.solutions, rival=outcome.rival,
        contested=outcome.contested)


def test_a_digit_that_leaves_no_solution_is_marked_though_it_clashes_with_none() -> None:
    page = puzzle(5)
    answer = solve(page)
    assert answer is not None
    read, wrong = list(page.cells), -1
    for i in (i for i, v in enumerate(page.cells) if v):  # a misread that clashes with none
        for d in range(1, 10):
            tried = [*page.cells[:i], d, *page.cells[i + 1:]]
            if not repair.clashes(tried) and count_solutions(Grid.from_cells(tried), 1) == 0:
                read, wrong = tried, i
                break
        if wrong >= 0:
            break
    choices: Choices = [((v, 1.0),) for v in read]
    outcome = repair.repair(choices)
    assert outcome.solutions == 0 and wrong in outcome.contested
    assert len(outcome.contested) < page.givens / 2  # the misread among a few, not all
    assert wrong in image_reading(outcome, choices).doubtful
