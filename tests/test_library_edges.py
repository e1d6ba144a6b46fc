"""The library's edges, as a careless or hostile caller meets them: every public function
answers a wrong kind of value with a TypeError, and a value out of range with a ValueError
(sudokit's errors are ValueErrors), each naming the argument; never an AttributeError, a
KeyError, an error of NumPy or OpenCV, a truncated value taken as given, or a hang. A batch
of texts answers a bad text in its place and goes on."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest

import sudokit
from sudokit import Grid, Shape
from sudokit.candidates import Candidates

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
G = Grid(PUZZLE)
BOARD = Candidates.from_grid(G)

Case = tuple[Callable[[], object], type[Exception], str]


def _raises(call: Callable[[], object], error: type[Exception], words: str) -> None:
    with pytest.raises(error) as raised:
        call()
    assert type(raised.value) is not AssertionError
    assert words in str(raised.value), str(raised.value)


# -- the values and the human-style solver --------------------------------------------
VALUES: list[Case] = [
    (lambda: G[81], IndexError, "cells are 0 to 80"),
    (lambda: G[-1], IndexError, "cells are 0 to 80"),
    (lambda: G[10**20], IndexError, "cells are 0 to 80"),
    (lambda: Candidates([1.5] * 81), TypeError, "whole numbers"),
    (lambda: Candidates(np.full(81, 3.0)), TypeError, "whole numbers"),
    (lambda: Candidates(None), TypeError, "masks"),  # type: ignore[arg-type]
    (lambda: Candidates(BOARD.masks, 9), TypeError, "shape"),  # type: ignore[arg-type]
    (lambda: Candidates.from_grid(PUZZLE), TypeError, "grid must be a Grid"),  # type: ignore[arg-type]
    (lambda: Candidates.pencilmarks(None), TypeError, "grid must be a Grid"),  # type: ignore[arg-type]
    (lambda: Candidates.from_sets([[1.5]] * 81), TypeError, "not a digit"),
    (lambda: Candidates.from_sets([[0]] * 81), ValueError, "not a digit"),
    (lambda: Candidates.from_sets([[10**20]] * 81), ValueError, "not a digit"),
    (lambda: BOARD.candidates(81), IndexError, "cells are 0 to 80"),
    (lambda: BOARD.rule_out(0, 0), ValueError, "digit"),
    (lambda: BOARD.rule_out(0, 1.5), TypeError, "digit"),  # type: ignore[arg-type]
    (lambda: Shape.for_size(7), ValueError, "box=(1, 7)"),
    (lambda: sudokit.generate(7), ValueError, "box=(1, 7)"),
    (lambda: Shape.from_cell_count(10**400), ValueError, "not supported"),
    (lambda: Shape.from_cell_count(None), TypeError, "whole number"),  # type: ignore[arg-type]
    (lambda: S9.parse_cell(None), TypeError, "cell name"),  # type: ignore[arg-type]
    (lambda: sudokit.shape.parse_box(None), TypeError, "box shape"),  # type: ignore[arg-type]
    (lambda: sudokit.rate("53..7....6..195..."), TypeError, "rate(Grid("),
    (lambda: sudokit.hint("53..7....6..195..."), TypeError, "hint(Grid("),
    (lambda: sudokit.next_step(None), TypeError, "next_step: puzzle"),
    (lambda: sudokit.solve_path([1, 2]), TypeError, "solve_path: puzzle"),
    (lambda: sudokit.solve_path(G, time_limit=-1), ValueError, "time_limit"),
    (lambda: sudokit.solve_path(G, time_limit=math.inf), ValueError, "time_limit"),
    (lambda: sudokit.rate(G, time_limit=math.nan), ValueError, "time_limit"),
    (lambda: sudokit.rate(G, "1"), TypeError, "time_limit"),  # type: ignore[arg-type]
    (lambda: sudokit.rate(G, techniques="x-wing"), TypeError, "techniques"),
    (lambda: sudokit.hint(G, techniques=[1]), TypeError, "techniques"),  # type: ignore[list-item]
    (lambda: sudokit.next_step(G, techniques=5), TypeError, "techniques"),  # type: ignore[arg-type]
]
S9 = Shape(3, 3)


@pytest.mark.parametrize(("call", "error", "words"), VALUES)
def test_values_and_logic_name_what_is_wrong(call: Callable[[], object],
                                              error: type[Exception], words: str) -> None:
    _raises(call, error, words)


def test_a_whole_number_of_numpy_is_a_whole_number() -> None:
    assert Shape(np.int64(3), np.int64(3)) == S9
    assert Shape.for_size(np.int64(4)) == Shape(2, 2)
    assert Candidates(np.array(BOARD.masks)) == BOARD
    assert BOARD.candidates("r1c1") == BOARD.candidates(0) == {4}


# -- sudokit.dask: a bad text is answered in its place ----------------------------------
def test_a_text_that_is_not_utf8_gets_its_error_line_in_place() -> None:
    sd = pytest.importorskip("sudokit.dask")
    texts = [PUZZLE, b"4...3..\xff\xfe" + b"." * 72, "# a comment", PUZZLE.encode()]
    solved = sd.solve_partition(texts)
    assert len(solved) == 3
    assert solved[0] == solved[2] == sudokit.solve(G).to_line()
    assert solved[1] == "ERROR: bytes that are not UTF-8 text in this line"
    assert sd.count_partition(texts) == [1, None, 1]
    rated = sd.rate_partition(texts)
    assert rated[1].startswith("ERROR: ") and not rated[0].startswith("ERROR")
    records = sd.record_partition(texts)
    assert [r["line"] for r in records] == [1, 2, 4]
    assert records[1]["puzzle"] is None and "UTF-8" in records[1]["error"]


# -- sudokit.image: any array is read or refused in words --------------------------------
def test_an_image_array_of_another_type_reads_as_its_bytes_would() -> None:
    pytest.importorskip("cv2")
    from sudokit import image
    from sudokit.image.synthetic import photograph

    photo = photograph(G.cells, np.random.default_rng(3)).image
    expected = image.read(photo).grid
    assert image.read(photo.astype(np.int64)).grid == expected
    assert image.read(photo.astype(np.float64)).grid == expected
    if photo.ndim == 2:
        photo = np.stack([photo] * 3, axis=2)
    with_alpha = np.concatenate([photo, np.full(photo.shape[:2] + (1,), 255, np.uint8)], axis=2)
    assert image.read(with_alpha).grid == expected


@pytest.mark.parametrize(("array", "words"), [
    (np.zeros((0, 0, 3), dtype=np.uint8), "H x W"),
    (np.full((40, 40), np.nan), "finite"),
    (np.zeros((40, 40), dtype=complex), "numbers"),
    (np.array([[None]]), "numbers"),
])
def test_an_image_array_that_is_no_picture_is_named(array: np.ndarray, words: str) -> None:
    pytest.importorskip("cv2")
    from sudokit import image

    _raises(lambda: image.read(array), image.ImageError, words)


@pytest.mark.parametrize("source", [None, 0, 3.5, [1, 2]])
def test_an_image_source_of_another_kind_is_a_type_error(source: object) -> None:
    pytest.importorskip("cv2")
    from sudokit import image

    _raises(lambda: image.read(source), TypeError, "source")  # type: ignore[arg-type]
