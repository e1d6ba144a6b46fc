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
    (lambda: Candidates.from_sets([[[1, 2]]] * 81), TypeError, "candidates are digits"),
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
def test_a_text_that_is_not_utf8_gets_its_error_line_in_place(pure: bool) -> None:
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


def test_a_partition_that_starts_a_file_may_start_with_its_byte_order_mark() -> None:
    sd = pytest.importorskip("sudokit.dask")
    assert sd.solve_partition(["\ufeff" + PUZZLE]) == [sudokit.solve(G).to_line()]


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


# -- every public module, the hostile caller's values ------------------------------------
def _wide_cases() -> list[Case]:
    import io

    from sudokit import batch, engine, executors
    from sudokit.engine import arrays as verify
    from sudokit.formats import Record
    from sudokit.logic.select import choose, keys_of
    from sudokit.stream import dataset
    from sudokit.stream import records as stream

    array = np.array([G.cells], dtype=np.uint8)
    one = [Record(G, 1)]
    return [
        # grid and shape
        (lambda: Grid.from_rows([1, 2]), TypeError, "row 1 is int"),
        (lambda: G.to_line("ab"), ValueError, "blank"),
        (lambda: G.to_line("5"), ValueError, "blank"),
        (lambda: sudokit.grid.digit_symbol(-1), ValueError, "digit"),
        (lambda: sudokit.grid.symbol_value(None, 9), TypeError, "character"),  # type: ignore[arg-type]
        (lambda: S9.cell_name(81), IndexError, "cells are 0 to 80"),
        (lambda: S9.cell_name(1.5), TypeError, "a cell is"),  # type: ignore[arg-type]
        # solver and engine
        (lambda: sudokit.search(G, rounds=0), ValueError, "rounds"),
        (lambda: sudokit.search(G, rounds="10"), TypeError, "rounds"),  # type: ignore[arg-type]
        (lambda: sudokit.search(G, time_limit=np.ones(3)), TypeError, "time_limit"),
        (lambda: engine.engine_for(9), TypeError, "shape must be a Shape"),  # type: ignore[arg-type]
        (lambda: engine.general_engine(None), TypeError, "shape must be a Shape"),  # type: ignore[arg-type]
        (lambda: engine.rows_solver("9x9"), TypeError, "shape must be a Shape"),  # type: ignore[arg-type]
        (lambda: batch.device_for("auto", 10, 9), TypeError, "shape"),  # type: ignore[arg-type]
        (lambda: batch.device_for(np.ones(2), 10, S9), ValueError, "device"),  # type: ignore[arg-type]
        (lambda: batch.device_for("cpu", "10", S9), ValueError, "rows"),  # type: ignore[arg-type]
        (lambda: engine.load("_nothing"), ValueError, "engine module"),
        (lambda: engine.is_compiled(None), ValueError, "engine module"),  # type: ignore[arg-type]
        # batch and verify
        (lambda: batch.solve_checked(None, S9), TypeError, "puzzles"),  # type: ignore[arg-type]
        (lambda: batch.solve_checked(array, "9x9"), TypeError, "shape"),  # type: ignore[arg-type]
        (lambda: verify.valid_solutions(array, array, None), TypeError, "shape"),  # type: ignore[arg-type]
        (lambda: verify.valid_solutions(None, array, S9), TypeError, "puzzles"),  # type: ignore[arg-type]
        (lambda: verify.valid_solutions(array, array.astype(float), S9), TypeError, "solutions"),
        (lambda: verify.valid_solutions(array, array[:, :80], S9), ValueError, "(B, 81)"),
        (lambda: verify.check_solutions(array, array, None, S9), ValueError, "counts"),  # type: ignore[arg-type]
        (lambda: verify.check_solutions("x", array, np.ones(1), S9), TypeError, "puzzles"),  # type: ignore[arg-type]
        # stream
        (lambda: stream.solve(None), TypeError, "items"),  # type: ignore[arg-type]
        (lambda: list(stream.solve([1, 2])), TypeError, "Record"),  # type: ignore[list-item]
        (lambda: stream.solve(one, {"unique": True}), TypeError, "SolveOptions"),  # type: ignore[arg-type]
        (lambda: stream.solve(one, stream.SolveOptions(jobs=None)), TypeError, "options.jobs"),  # type: ignore[arg-type]
        (lambda: stream.solve(one, stream.SolveOptions(jobs=0)), ValueError, "options.jobs"),
        (lambda: stream.solve(one, stream.SolveOptions(device="tpu")), ValueError,
         "options.device"),
        (lambda: stream.solve(one, stream.SolveOptions(method="guess")), ValueError,
         "options.method"),
        (lambda: stream.solve(one, stream.SolveOptions(time_limit=-1)), ValueError,
         "options.time_limit"),
        (lambda: stream.count(None, limit=2), TypeError, "items"),  # type: ignore[arg-type]
        (lambda: list(stream.count([1], limit=2)), TypeError, "Record"),  # type: ignore[list-item]
        (lambda: stream.count(one, limit=0), ValueError, "limit"),
        (lambda: stream.rate(None), TypeError, "records"),  # type: ignore[arg-type]
        (lambda: list(stream.rate([1])), TypeError, "Record"),  # type: ignore[list-item]
        (lambda: stream.rate(one, jobs=None), TypeError, "jobs"),  # type: ignore[arg-type]
        (lambda: stream.rate(one, keys=("x-wing", "no-such")), ValueError, "'no-such'"),
        (lambda: stream.rate_piece(None), TypeError, "puzzles"),  # type: ignore[arg-type]
        (lambda: stream.rate_piece([G], keys="x-wing"), TypeError, "keys"),  # type: ignore[arg-type]
        (lambda: stream.clash(PUZZLE), TypeError, "puzzle"),  # type: ignore[arg-type]
        # dataset
        (lambda: dataset.record(G, index=0, keys=["x-wing", 1]), ValueError, "technique key"),  # type: ignore[list-item]
        (lambda: dataset.record(G, index=-1), ValueError, "index"),
        (lambda: dataset.record(G, index="0"), TypeError, "index"),  # type: ignore[arg-type]
        (lambda: dataset.open_writer("jsonl", None), TypeError, "binary stream"),  # type: ignore[arg-type]
        (lambda: dataset.open_writer("jsonl", io.StringIO()), TypeError, "binary stream"),  # type: ignore[arg-type]
        (lambda: dataset.part_name(0, "csv"), ValueError, "dataset format"),
        (lambda: dataset.read_records(None), TypeError, "path"),  # type: ignore[arg-type]
        (lambda: dataset.records_of([(0, 1, G)]), TypeError, "(index, line, puzzle"),  # type: ignore[list-item]
        (lambda: dataset.records_of(None), TypeError, "items"),  # type: ignore[arg-type]
        (lambda: dataset.records_on(None, [], piece=0), ValueError, "piece"),
        (lambda: dataset.records_on(5, []), TypeError, "executor"),  # type: ignore[arg-type]
        (lambda: dataset.part_name(-1, "jsonl"), ValueError, "number"),
        (lambda: dataset.PartitionedWriter("unused", "jsonl", 1.5), TypeError, "size"),  # type: ignore[arg-type]
        (lambda: dataset.PartitionedWriter("unused", ["jsonl"], 5), ValueError, "format"),  # type: ignore[arg-type]
        # logic's names, executors, image
        (lambda: choose(5), TypeError, "comma-separated"),  # type: ignore[arg-type]
        (lambda: keys_of(None), TypeError, "comma-separated"),  # type: ignore[arg-type]
        (lambda: executors.make_executor("threads", None), TypeError, "jobs"),  # type: ignore[arg-type]
        (lambda: executors.make_executor("threads", 10**20), ValueError, "jobs"),
        (lambda: executors.make_executor(["threads"], 2), TypeError, "name"),  # type: ignore[arg-type]
        (lambda: executors.register_executor("mine", None), TypeError, "factory"),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("case", range(len(_wide_cases())))
def test_every_public_function_names_a_bad_argument(case: int) -> None:
    _raises(*_wide_cases()[case])


def _dask_cases() -> list[Case]:
    sd = pytest.importorskip("sudokit.dask")
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"puzzle": [PUZZLE]})
    return [
        (lambda: sd.solve_partition(None), TypeError, "texts"),
        (lambda: sd.rate_partition(PUZZLE), TypeError, "texts"),
        (lambda: sd.solve_frame([PUZZLE]), TypeError, "DataFrame"),
        (lambda: sd.count_frame(frame, "puzzles"), ValueError, "no column 'puzzles'"),
        (lambda: sd.puzzle_ranges(2_000_001, 1), ValueError, "partitions"),
        (lambda: sd.puzzle_ranges(10, 0), ValueError, "size"),
        (lambda: sd.puzzle_ranges(1.5, 10), TypeError, "count"),
        (lambda: sd.generate_bag(None), TypeError, "count"),
        (lambda: sd.generate_bag(3, partition_size=1.5), TypeError, "partition_size"),
        (lambda: sd.generate_on(sudokit.executors.InlineExecutor(), -1), ValueError, "count"),
        (lambda: sd.generate_on(sudokit.executors.InlineExecutor(), 5, piece=0), ValueError,
         "piece"),
    ]


@pytest.mark.parametrize("case", range(11))
def test_the_dask_functions_name_a_bad_argument(case: int) -> None:
    _raises(*_dask_cases()[case])


def test_a_frame_answers_every_row_whatever_it_holds() -> None:
    pytest.importorskip("sudokit.dask")
    pd = pytest.importorskip("pandas")
    import sudokit.dask as sd

    frame = pd.DataFrame({"puzzle": [PUZZLE, None, math.nan, b"\xff" * 81,
                                     np.zeros(81, dtype=np.uint8), PUZZLE.encode()]})
    solved = sd.solve_frame(frame)
    assert solved["outcome"].tolist() == ["solved"] + ["unreadable"] * 4 + ["solved"]
    assert sd.count_frame(frame)["count"].tolist() == [1, pd.NA, pd.NA, pd.NA, pd.NA, 1]


def test_the_image_kind_wants_bytes() -> None:
    from sudokit import image

    _raises(lambda: image.kind_of(None), TypeError, "head")  # type: ignore[arg-type]
    assert image.kind_of(bytearray(b"\x89PNG\r\n\x1a\n....")) == "png"


# -- the puzzle maker and the executors -------------------------------------------------
MAKERS: list[Case] = [
    (lambda: sudokit.generate(clues="30"), TypeError, "clues must be a whole number"),  # type: ignore[arg-type]
    (lambda: sudokit.generate(clues=math.nan), TypeError, "clues must be a whole number"),  # type: ignore[arg-type]
    (lambda: sudokit.generate(tries=2.5), TypeError, "tries must be a whole number"),  # type: ignore[arg-type]
    (lambda: sudokit.generate(symmetry=None), TypeError, "symmetry must be a str"),  # type: ignore[arg-type]
    (lambda: sudokit.generate(difficulty=3), TypeError, "difficulty must be a str"),  # type: ignore[arg-type]
    (lambda: sudokit.generator.iter_generate(None), TypeError, "count must be a whole number"),  # type: ignore[arg-type]
    (lambda: sudokit.generator.generate_many(1.5), TypeError, "count must be a whole number"),  # type: ignore[arg-type]
    (lambda: sudokit.generator.generate_many(2, jobs=1.5), TypeError, "jobs must be a whole"),  # type: ignore[arg-type]
    (lambda: sudokit.executors.thread_executor(1.5), TypeError, "jobs must be a whole number"),  # type: ignore[arg-type]
    (lambda: sudokit.executors.process_executor(math.nan), TypeError, "jobs must be a whole"),  # type: ignore[arg-type]
    (lambda: sudokit.executors.thread_executor(0), ValueError, "jobs must be from 1"),
    (lambda: sudokit.executors.make_executor("threads", True), TypeError, "not a bool"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "error", "words"), MAKERS)
def test_the_maker_and_the_executors_name_what_is_wrong(call: Callable[[], object],
                                                        error: type[Exception], words: str
                                                        ) -> None:
    import sudokit.executors
    import sudokit.generator.make  # noqa: F401 - the lambdas reach the modules by attribute

    _raises(call, error, words)


def test_a_grid_too_large_to_draw_shows_as_text_in_a_notebook() -> None:
    """Jupyter asks for _repr_svg_ first: None past 35x35 lets it show the text instead of
    an error."""
    empty = Grid("." * 36 * 36)
    assert empty._repr_svg_() is None
    assert Candidates.from_grid(empty)._repr_svg_() is None
    assert G._repr_svg_().startswith("<svg")  # type: ignore[union-attr]
