"""sudokit on Dask: functions that fit Dask's collections, and a bag of made puzzles. It may
import the streams, the generator and everything under them, never the command line.

Partition functions take a partition of puzzle texts (one puzzle per element, such as the
lines ``dask.bag.read_text`` gives; blank elements and ``#`` comments are passed over, as
the command passes them over) and return one result per puzzle, in order::

    import dask.bag as db
    import sudokit.dask as sd

    lines = db.read_text("puzzles.txt", blocksize="8MiB")
    lines.map_partitions(sd.solve_partition).to_textfiles("solved/*.txt")
    ratings = lines.map_partitions(sd.rate_partition).compute()

    import dask.dataframe as dd
    frame = dd.read_parquet("puzzles.parquet")              # a column "puzzle"
    rated = frame.map_partitions(sd.rate_frame, meta=sd.meta("rate"))

- :func:`solve_partition`: the solution line, or the ``ERROR: ...`` line ``sudoku solve``
  prints in its place; :func:`count_partition`: the solution count (None when unreadable);
  :func:`rate_partition`: the rating ``sudoku rate`` prints after each puzzle (on a file of
  several puzzles, its lines begin with the puzzle); :func:`record_partition`: the
  dataset record of :mod:`sudokit.stream.dataset` (with ``steps=True`` the solving steps).
- :func:`solve_frame`, :func:`count_frame`, :func:`rate_frame`: a pandas DataFrame with a
  column of puzzles in, a DataFrame of result columns out (same index), for
  ``dask.dataframe``'s ``map_partitions``; :func:`meta` gives their empty result frames.
- :func:`generate_bag`: a bag of (puzzle, solution) pairs equal to what ``sudoku create
  --count N --seed S`` makes, made partition by partition on the workers.

The partition functions need no Dask themselves (a worker imports this module and runs
them on plain lists); Dask and pandas are imported only by :func:`generate_bag` and the
frame functions. ``sudoku ... --cluster`` runs the commands themselves on a cluster: see
:mod:`sudokit.dask.cluster`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from ..errors import ParseError, SudokuError
from ..executors import Executor
from ..formats import Batch, Record
from ..generator.make import Generated, GenerateGaveUp, distinct_key, puzzle_maker
from ..grid import Grid
from ..shape import is_whole
from ..stream import dataset
from ..stream import records as stream

if TYPE_CHECKING:
    import dask.bag
    import pandas as pd

#: Puzzles a partition of :func:`generate_bag` makes by default.
GENERATE_PARTITION = 1000

#: Puzzles a task of ``sudoku create --cluster`` makes (about a tenth of a second's work
#: with the default options: the scheduler's cost per task stays near one percent).
CREATE_PIECE = 200

#: The most partitions (tasks) a bag of made puzzles is cut into: a Dask graph of more
#: would take longer to build and schedule than the puzzles take to make.
MOST_PARTITIONS = 1_000_000

#: Remakes of one puzzle that equals an earlier one before giving up (as the command does).
_MOST_REMAKES = 1000


# -- reading a partition ------------------------------------------------------------------
def _records(texts: Iterable[str | bytes], box: tuple[int, int] | None) -> list[Record]:
    """A Record per puzzle text (its item, or the error that makes it unreadable);
    ``line`` is the element's 1-based place in the partition."""
    out = []
    for place, text in enumerate(_elements(texts), 1):
        try:
            body = _text(text).strip().lstrip("\ufeff")  # (a file's byte order mark)
            if not body or body.startswith("#"):
                continue
            out.append(Record(Grid(body, box), place))
        except SudokuError as e:
            out.append(Record(None, place, e))
    return out


def _elements(texts: Iterable[str | bytes]) -> Iterable[str | bytes]:
    """``texts``, or TypeError when it is not a partition of texts."""
    if isinstance(texts, str | bytes) or not hasattr(texts, "__iter__"):
        raise TypeError(f"texts must be a partition of puzzle texts (a list of lines), not "
                        f"{type(texts).__name__}")
    return texts


def _text(value: object) -> str:
    """One element of a partition as text, or ParseError (a record of its own, in its
    place) when it is not text: bytes that are not UTF-8, or no string at all."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes | bytearray):
        try:
            return bytes(value).decode()
        except UnicodeDecodeError:
            raise ParseError("bytes that are not UTF-8 text in this line") from None
    raise ParseError(f"not a puzzle text: {type(value).__name__}")


# -- bag partitions -------------------------------------------------------------------
def solve_partition(texts: Iterable[str | bytes], *, unique: bool = False,
                    box: tuple[int, int] | None = None) -> list[str]:
    """Each puzzle's solution as a line (``.`` never appears: it is complete), or the line
    ``sudoku solve`` prints in its place (``ERROR: Puzzle not solveable``, ...)."""
    records = _records(texts, box)
    options = stream.SolveOptions(unique=unique)
    out = []
    for answer in stream.solve(records, options, source="<partition>"):
        if isinstance(answer, stream.BatchAnswer):  # not asked for: records only
            raise TypeError("a partition is answered record by record")
        value = answer.value
        out.append(value.to_line() if isinstance(value, Grid) else answer.message)
    return out


def count_partition(texts: Iterable[str | bytes], *, limit: int = 1000,
                    box: tuple[int, int] | None = None) -> list[int | None]:
    """Each puzzle's number of solutions, counting no further than ``limit`` (None for a
    text that is not a puzzle)."""
    out: list[int | None] = []
    for _, counts in stream.count(_records(texts, box), limit=limit):
        out.append(counts[0] if counts else None)
    return out


def count_piece(limit: int, items: list[Record | Batch]) -> list[list[int] | None]:
    """The solution counts of each record and Batch of a piece (None for a record that
    could not be read), up to ``limit``: what ``sudoku count --cluster`` runs on a worker."""
    return [counts for _, counts in stream.count(items, limit=limit)]


def rate_partition(texts: Iterable[str | bytes], *,
                   box: tuple[int, int] | None = None) -> list[str]:
    """Each puzzle's rating as ``sudoku rate`` prints it after the puzzle (``easy 1.2
    (Hidden Single) ED=1.2/1.2/1.2``, notes after ``#``), or ``ERROR: ...`` for a text that
    is not a puzzle."""
    from ..logic.report import with_notes  # the rater only when puzzles are rated

    out = []
    records = _records(texts, box)
    ratings = stream.rate_piece([r.item for r in records])
    for record, rating in zip(records, ratings, strict=True):
        out.append(f"ERROR: {record.error}" if rating is None
                   else with_notes(rating.se_line(), rating.notes))
    return out


def record_partition(texts: Iterable[str | bytes], *, steps: bool = False,
                     box: tuple[int, int] | None = None) -> list[dataset.Record]:
    """Each puzzle's dataset record (:mod:`sudokit.stream.dataset`); ``index`` counts from 0
    within the partition and ``line`` is the element's place in it."""
    return dataset.records_of(
        [(i, r.line, r.item, r.error, None) for i, r in enumerate(_records(texts, box))],
        steps=steps)


# -- dataframe partitions ---------------------------------------------------------------
def _texts(frame: pd.DataFrame, column: str) -> list[object]:
    """The puzzles of ``frame[column]`` ("" for a missing value), or an error that says
    what is wrong with the arguments."""
    import pandas as pd  # an optional extra, imported when used

    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"frame must be a pandas DataFrame, not {type(frame).__name__}")
    if column not in frame.columns:
        raise ValueError(f"frame has no column {column!r} (its columns: "
                         f"{', '.join(map(str, frame.columns))})")
    return ["" if v is None or v is pd.NA or isinstance(v, float) and math.isnan(v) else v
            for v in frame[column].tolist()]


def _each_row(texts: Sequence[object], box: tuple[int, int] | None) -> list[Record]:
    """A Record per row, blank ones included (a frame keeps every row)."""
    out = []
    for place, text in enumerate(texts, 1):
        try:
            out.append(Record(Grid(_text(text), box), place))
        except SudokuError as e:
            out.append(Record(None, place, e))
    return out


def solve_frame(frame: pd.DataFrame, column: str = "puzzle", *, unique: bool = False,
                box: tuple[int, int] | None = None) -> pd.DataFrame:
    """Columns ``solution`` (the solution line, None when there is none) and ``outcome``
    (solved, no solution, more than one solution, unreadable) for the puzzles of
    ``frame[column]``, one row each, with ``frame``'s index."""
    import pandas as pd  # an optional dependency: only for dataframes

    records = _each_row(_texts(frame, column), box)
    rows = []
    for answer in stream.solve(records, stream.SolveOptions(unique=unique)):
        assert isinstance(answer, stream.Answer)  # records in, records out
        value = answer.value
        rows.append((value.to_line() if isinstance(value, Grid) else None,
                     answer.outcome.value))
    return pd.DataFrame(rows, columns=["solution", "outcome"], index=frame.index).astype(
        meta("solve").dtypes.to_dict())


def count_frame(frame: pd.DataFrame, column: str = "puzzle", *, limit: int = 1000,
                box: tuple[int, int] | None = None) -> pd.DataFrame:
    """Column ``count`` (solutions found up to ``limit``; missing when unreadable)."""
    import pandas as pd  # an optional extra, imported when used

    counts = [c[0] if c else None for _, c in
              stream.count(_each_row(_texts(frame, column), box), limit=limit)]
    return pd.DataFrame({"count": pd.array(counts, dtype="Int64")}, index=frame.index)


def rate_frame(frame: pd.DataFrame, column: str = "puzzle", *, steps: bool = False,
               box: tuple[int, int] | None = None) -> pd.DataFrame:
    """The dataset columns (:data:`sudokit.stream.dataset.FIELDS` after ``line``, and ``steps``
    when asked for) of each puzzle of ``frame[column]``, one row each, ``frame``'s index."""
    import pandas as pd  # an optional extra, imported when used

    records = _each_row(_texts(frame, column), box)
    rows = dataset.records_of(
        [(i, r.line, r.item, r.error, None) for i, r in enumerate(records)], steps=steps)
    empty = meta("rate", steps=steps)
    out = pd.DataFrame(rows, columns=["index", "line", *empty.columns])
    out = out[list(empty.columns)]
    out.index = frame.index
    return out.astype(empty.dtypes.to_dict())


def meta(kind: str, *, steps: bool = False) -> pd.DataFrame:
    """The empty result frame of ``solve_frame`` (``"solve"``), ``count_frame``
    (``"count"``) or ``rate_frame`` (``"rate"``): what dask.dataframe's ``meta=`` takes."""
    import pandas as pd  # an optional extra, imported when used

    if kind == "solve":
        columns: dict[str, Any] = {"solution": "object", "outcome": "object"}
    elif kind == "count":
        columns = {"count": "Int64"}
    elif kind == "rate":
        kinds = {"size": "Int64", "solutions": "Int64", "score": "float64", "effort": "Int64",
                 "guesses": "Int64"}
        columns = {f: kinds.get(f, "object") for f in dataset.FIELDS[2:]}
        if steps:
            columns["steps"] = "object"
    else:
        raise ValueError(f"unknown kind {kind!r} (one of: solve, count, rate)")
    return pd.DataFrame({name: pd.Series([], dtype=t) for name, t in columns.items()})


# -- making puzzles ---------------------------------------------------------------------
def make_range(make: Callable[[int, int], Generated], bounds: tuple[int, int]
               ) -> list[Generated]:
    """Puzzles ``lo`` .. ``hi - 1`` of a run (``bounds``), each from its own random stream
    (before a puzzle equal to an earlier one is remade): a piece of work for a worker."""
    lo, hi = bounds
    return [make(i, 0) for i in range(lo, hi)]


def generate_on(executor: Executor, count: int, size: int = 9, *,
                piece: int = CREATE_PIECE, seed: int | str | bytes | None = None,
                **options: Any) -> Iterator[Generated]:
    """The ``count`` puzzles :func:`sudokit.generator.iter_generate` yields for the same
    options and seed, in order, made ``piece`` at a time on ``executor`` (a cluster's, see
    :mod:`sudokit.dask.cluster`); the rare duplicate is remade here, as iter_generate does."""
    _count_and_size(count, piece, "generate_on", "piece")
    make = puzzle_maker(size, seed=seed, **options)
    made = executor.map(partial(make_range, make), _ranges(count, piece))
    return distinct((g for part in made for g in part), make)


def distinct(made: Iterable[Generated], make: Callable[[int, int], Generated]
             ) -> Iterator[Generated]:
    """The puzzles of a run in order, a puzzle equal to an earlier one remade from its
    index's next stream, as ``sudoku create`` does (on a 9x9 board it never happens in
    practice; on 4x4 it does)."""
    seen: set[Hashable] = set()
    for index, result in enumerate(made):
        attempt = 0
        while distinct_key(result.puzzle) in seen:
            attempt += 1
            if attempt > _MOST_REMAKES:
                raise GenerateGaveUp(
                    f"gave up: found only {len(seen)} different puzzles with these options")
            result = make(index, attempt)
        seen.add(distinct_key(result.puzzle))
        yield result


def _keys(made: list[Generated]) -> list[Hashable]:
    return [distinct_key(g.puzzle) for g in made]


def _remakes(make: Callable[[int, int], Generated], *keys: list[Hashable]
             ) -> dict[int, Generated]:
    """Index -> the puzzle that replaces it: the duplicates :func:`distinct` remakes, found
    from every partition's puzzles in order (a small dict; usually empty)."""
    seen: set[Hashable] = set()
    out: dict[int, Generated] = {}
    index = 0
    for part in keys:
        for cells in part:
            attempt = 0
            while cells in seen:
                attempt += 1
                if attempt > _MOST_REMAKES:
                    raise GenerateGaveUp(
                        f"gave up: found only {len(seen)} different puzzles with these options")
                out[index] = make(index, attempt)
                cells = distinct_key(out[index].puzzle)
            seen.add(cells)
            index += 1
    return out


def _replaced(made: list[Generated], lo: int, remade: dict[int, Generated]) -> list[Generated]:
    return [remade.get(lo + k, g) for k, g in enumerate(made)]


def generate_bag(
    count: int,
    seed: int | str | bytes | None = None,
    *,
    partition_size: int = GENERATE_PARTITION,
    **options: Any,
) -> dask.bag.Bag:
    """A Dask bag of ``count`` (puzzle, solution) pairs, in order: the puzzles ``sudoku
    create --count COUNT --seed SEED`` prints (and :func:`sudokit.generator.iter_generate`
    yields) for the same options, made ``partition_size`` to a partition on the workers.
    ``options`` are those of :func:`sudokit.generate` (size, clues, symmetry, minimal,
    difficulty, ...); they are checked at once. Without a seed the puzzles are new ones.

    The rare puzzle equal to an earlier one is remade, as the command does, by one small
    task that sees every partition's puzzles."""
    import dask  # an optional dependency: only when a bag is asked for
    import dask.bag as db

    bounds = puzzle_ranges(count, partition_size, "generate_bag", "partition_size")
    make = puzzle_maker(seed=seed, **options)
    delayed = dask.delayed
    parts = [delayed(make_range, pure=True)(make, b) for b in bounds]
    keys = [delayed(_keys, pure=True)(p) for p in parts]
    remade = delayed(_remakes, pure=True)(make, *keys)
    final = [delayed(_replaced, pure=True)(p, lo, remade) for p, (lo, _) in zip(parts, bounds,
                                                                              strict=True)]
    if not final:
        return db.from_sequence([], npartitions=1)
    return db.from_delayed(final)


def puzzle_ranges(count: int, size: int, function: str = "puzzle_ranges",
                  size_name: str = "size") -> list[tuple[int, int]]:
    """``(lo, hi)`` index ranges of ``size`` puzzles (the last one shorter) covering a run
    of ``count``; at most :data:`MOST_PARTITIONS` of them."""
    _count_and_size(count, size, function, size_name)
    if -(-count // size) > MOST_PARTITIONS:
        raise ValueError(f"{function}: {count} puzzles {size} at a time make more than "
                         f"{MOST_PARTITIONS:,} partitions: take a larger {size_name}")
    return list(_ranges(count, size))


def _ranges(count: int, size: int) -> Iterator[tuple[int, int]]:
    return ((lo, min(lo + size, count)) for lo in range(0, count, size))


def _count_and_size(count: object, size: object, function: str, size_name: str) -> None:
    """TypeError or ValueError unless ``count`` is a whole number from 0 and ``size`` one
    from 1."""
    for name, value, least in (("count", count, 0), (size_name, size, 1)):
        if not is_whole(value):
            raise TypeError(f"{function}: {name} must be a whole number, not {value!r}")
        if value < least:  # type: ignore[operator]
            raise ValueError(f"{function}: {name} must be at least {least}, got {value}")


__all__ = [
    "CREATE_PIECE", "GENERATE_PARTITION", "count_frame", "count_partition", "count_piece",
    "distinct",
    "generate_bag", "generate_on", "make_range", "meta", "puzzle_ranges", "rate_frame",
    "rate_partition", "record_partition", "solve_frame", "solve_partition",
]
