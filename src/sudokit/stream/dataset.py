"""Datasets of rated puzzles: one record per puzzle, written as JSON Lines or Parquet.

A record holds a puzzle, its solution and its rating, and (when asked for) the ordered
steps of its logical solution as structured data: the form people who study puzzles, or
build training sets for machine learning, want millions of. :func:`record` makes one;
:class:`JsonlWriter` and :class:`ParquetWriter` write a stream of them;
:class:`PartitionedWriter` writes one file per partition into a directory, each file
appearing whole (written aside, then renamed), so that an interrupted run can keep the
files it finished.

The schema (:data:`FIELDS` names the columns, in order; Parquet types in brackets):

``index`` [int64]
    The puzzle's place in its run, from 0 (the input's order, or the order made).
``line`` [int64, null]
    The 1-based line of the input where the puzzle starts (null for made puzzles).
``puzzle`` [string, null]
    The puzzle as one line, ``.`` for a blank (null when the record could not be read).
``size`` [int64, null]
    The side of the grid (9 for 9x9).
``solution`` [string, null]
    The solution as one line (null when there is none, or when logic stopped short).
``solutions`` [int64, null]
    0 (no solution), 1, or 2 (two or more).
``level`` [string, null]
    easy, medium, hard, expert, extreme, or invalid (no solution); see docs/rating.md.
``score`` [double, null]
    The hardest step's score on the Sudoku-Explainer-like scale.
``effort`` [int64, null]
    The sum of the steps' effort points.
``hardest`` [string, null]
    The technique of the hardest step.
``guesses`` [int64, null]
    Steps taken by trial and error.
``rating`` [string, null]
    The rating as ``sudoku rate`` prints it (after the puzzle, on a file of several):
    ``easy 1.2 (Hidden Single)``.
``scale`` [string, null]
    The rating scale's name, version and digest (``sudoku rate --scale``).
``error`` [string, null]
    Why the puzzle could not be read or rated (null when it could).
``steps`` [list of struct]
    Only with steps: each step's ``technique``, ``key``, ``level``, ``score``, ``cells``
    (list of string), ``placements`` and ``eliminations`` (lists of ``{cell, digit}``) and
    ``text``, in the order taken; the same objects ``sudoku explain --json`` prints.

A JSON Lines file holds one JSON object per line with exactly these keys; null is JSON's
``null``. PyArrow is imported only when Parquet is written or read.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable, Iterator
from functools import partial
from typing import IO, TYPE_CHECKING, Any, BinaryIO

from ..candidates import Candidates
from ..errors import ParseError
from ..grid import Grid
from ..shape import is_whole

if TYPE_CHECKING:
    from ..executors import Executor
    from ..logic.path import Path
    from ..logic.rating import Rating

#: The columns of a record, in order (``steps`` only when steps are asked for).
FIELDS = ("index", "line", "puzzle", "size", "solution", "solutions", "level", "score",
          "effort", "hardest", "guesses", "rating", "scale", "error")

#: The dataset formats, by the name ``--to`` takes, with their file extension.
EXTENSIONS = {"jsonl": ".jsonl", "parquet": ".parquet"}

#: Records per Parquet row group: large enough to compress well, small enough to stream.
ROW_GROUP = 10_000

Record = dict[str, Any]


def record(
    puzzle: Grid | Candidates,
    *,
    index: int,
    line: int | None = None,
    steps: bool = False,
    guess: bool = True,
    solution: Grid | None = None,
    keys: tuple[str, ...] | None = None,
) -> Record:
    """The dataset record of one puzzle: solve it like a person (by trial and error when
    logic is stuck, unless ``guess`` is False) and read off its solution and rating.
    ``solution``, when known (a made puzzle's), is recorded as it is. ``keys``: the
    technique keys the solve may use (None: the whole ladder)."""
    from ..logic import solve_path  # the rater only when records are made
    from ..logic.rating import rating_of
    from ..logic.select import ladder_of

    if not is_whole(index):
        raise TypeError(f"record: index must be a whole number, not {index!r}")
    if index < 0:
        raise ValueError(f"record: index must be at least 0, not {index}")
    ladder = ladder_of(keys, "record")
    path = solve_path(puzzle, guess=guess, techniques=ladder)
    rating = rating_of(path) if path.solved or path.solutions == 0 else None
    return from_path(puzzle, path, rating, index=index, line=line, steps=steps,
                     solution=solution)


def from_path(
    puzzle: Grid | Candidates,
    path: Path,
    rating: Rating | None,
    *,
    index: int,
    line: int | None = None,
    steps: bool = False,
    solution: Grid | None = None,
) -> Record:
    """The record of a puzzle whose logical path (and rating, None when the path stops
    short) is already known."""
    grid = puzzle.to_grid() if isinstance(puzzle, Candidates) else puzzle
    if solution is None and path.solved:
        solution = path.final.to_grid()
    out: Record = {
        "index": index,
        "line": line,
        "puzzle": grid.to_line(),
        "size": grid.n,
        "solution": solution.to_line() if solution is not None else None,
        "solutions": path.solutions,
        "level": None,
        "score": None,
        "effort": None,
        "hardest": None,
        "guesses": path.guesses,
        "rating": None,
        "scale": None,
        "error": None,
    }
    if rating is not None:
        out.update(level=rating.level, score=rating.score, effort=rating.effort,
                   hardest=rating.hardest, rating=rating.se_line(), scale=rating.scale)
    if steps:
        out["steps"] = [s.to_dict() for s in path.steps]
    return out


def unreadable(error: Exception, *, index: int, line: int | None, steps: bool = False
               ) -> Record:
    """The record of a puzzle that could not be read: every field null but ``index``,
    ``line`` and ``error``."""
    out: Record = dict.fromkeys(FIELDS)
    out.update(index=index, line=line, error=str(error))
    if steps:
        out["steps"] = []
    return out


def jsonl_line(rec: Record) -> bytes:
    """One record as a line of JSON Lines."""
    return json.dumps(rec).encode() + b"\n"


class JsonlWriter:
    """Records to a binary stream, one JSON object per line."""

    extension = EXTENSIONS["jsonl"]

    def __init__(self, stream: BinaryIO, steps: bool = False) -> None:
        _binary(stream, "JsonlWriter")
        self.stream = stream
        self.steps = steps

    def write(self, rec: Record) -> None:
        """Write one record."""
        self.stream.write(jsonl_line(rec))

    def close(self) -> None:
        """Flush; the stream stays open."""
        self.stream.flush()


def arrow_schema(steps: bool = False) -> Any:
    """The records' pyarrow schema (with the ``steps`` column when ``steps``)."""
    import pyarrow as pa  # an optional dependency: only when Parquet is asked for

    change = pa.struct([("cell", pa.string()), ("digit", pa.int64())])
    columns = [
        ("index", pa.int64()), ("line", pa.int64()), ("puzzle", pa.string()),
        ("size", pa.int64()), ("solution", pa.string()), ("solutions", pa.int64()),
        ("level", pa.string()), ("score", pa.float64()), ("effort", pa.int64()),
        ("hardest", pa.string()), ("guesses", pa.int64()), ("rating", pa.string()),
        ("scale", pa.string()), ("error", pa.string()),
    ]
    if steps:
        step = pa.struct([
            ("technique", pa.string()), ("key", pa.string()), ("level", pa.string()),
            ("score", pa.float64()), ("cells", pa.list_(pa.string())),
            ("placements", pa.list_(change)), ("eliminations", pa.list_(change)),
            ("text", pa.string()),
        ])
        columns.append(("steps", pa.list_(step)))
    return pa.schema(columns)


class ParquetWriter:
    """Records to a Parquet file (a path or a binary stream), :data:`ROW_GROUP` records a
    row group; the file is complete once ``close`` has written its footer."""

    extension = EXTENSIONS["parquet"]

    def __init__(self, sink: str | os.PathLike[str] | IO[bytes], steps: bool = False) -> None:
        import pyarrow.parquet as pq  # an optional dependency: only when Parquet is asked for

        if not isinstance(sink, str | os.PathLike):
            _binary(sink, "ParquetWriter")
        self.steps = steps
        self.schema = arrow_schema(steps)
        self._rows: list[Record] = []
        target = sink if isinstance(sink, (str, os.PathLike)) else _Sink(sink)
        self._file = pq.ParquetWriter(target, self.schema, compression="zstd")

    def write(self, rec: Record) -> None:
        """Add one record (written with its row group)."""
        self._rows.append(rec)
        if len(self._rows) >= ROW_GROUP:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa  # only when ratings or Parquet are asked for

        if self._rows:
            self._file.write_table(pa.Table.from_pylist(self._rows, schema=self.schema))
            self._rows = []

    def close(self) -> None:
        """Write the last row group and the footer."""
        self._flush()
        self._file.close()


class _Sink(io.RawIOBase):
    """Any object with ``write`` (standard output, a wrapper of it) as the file pyarrow
    asks for; the stream is flushed, never closed, when the Parquet file is done."""

    def __init__(self, stream: IO[bytes]) -> None:
        super().__init__()
        self.stream = stream

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.stream.write(bytes(data))
        return len(data)

    def close(self) -> None:
        if not self.closed:
            self.stream.flush()
        super().close()


Writer = JsonlWriter | ParquetWriter


def open_writer(fmt: str, sink: BinaryIO, steps: bool = False) -> Writer:
    """A writer of ``fmt`` (``jsonl`` or ``parquet``) to a binary stream."""
    _format(fmt)
    if fmt == "parquet":
        return ParquetWriter(sink, steps)
    return JsonlWriter(sink, steps)


def part_name(number: int, fmt: str) -> str:
    """The file name of partition ``number``: ``part-00000.parquet``."""
    _format(fmt)
    if not is_whole(number):
        raise TypeError(f"part_name: number must be a whole number, not {number!r}")
    if number < 0:
        raise ValueError(f"part_name: number must be at least 0, not {number}")
    return f"part-{number:05d}{EXTENSIONS[fmt]}"


class PartitionedWriter:
    """Records into a directory, ``size`` records a file (``part-00000.jsonl`` and on, in
    order). Each file is written aside and renamed into place when complete, so a file
    that is there is whole; ``done`` says how many records the files already there hold
    when the writer is made with ``resume`` (the caller then skips that many)."""

    def __init__(self, directory: str | os.PathLike[str], fmt: str, size: int,
                 steps: bool = False, resume: bool = False) -> None:
        _format(fmt)
        if not is_whole(size):
            raise TypeError(f"partition size must be a whole number, not {size!r}")
        if size < 1:
            raise ValueError(f"partition size must be at least 1, got {size}")
        self.directory = os.fspath(directory)
        self.fmt = fmt
        self.size = size
        self.steps = steps
        os.makedirs(self.directory, exist_ok=True)
        self.number = self._complete_parts() if resume else 0
        if not resume:
            for name in os.listdir(self.directory):
                if name.startswith("part-") and name.endswith(EXTENSIONS[fmt]):
                    os.remove(os.path.join(self.directory, name))
        self.done = self.number * size
        self._rows: list[Record] = []

    def _complete_parts(self) -> int:
        """How many parts from the first on are there, one after another."""
        number = 0
        while os.path.exists(os.path.join(self.directory, part_name(number, self.fmt))):
            number += 1
        return number

    def kept_unsolvable(self) -> bool:
        """Whether a record of the partitions kept by ``resume`` has no solution (so that
        the resumed run ends with the status of an uninterrupted one)."""
        for number in range(self.number):
            path = os.path.join(self.directory, part_name(number, self.fmt))
            if any(r["solutions"] == 0 for r in read_records(path)):
                return True
        return False

    def write(self, rec: Record) -> None:
        """Add one record; a full partition goes to its file."""
        self._rows.append(rec)
        if len(self._rows) >= self.size:
            self._flush()

    def _flush(self) -> None:
        if not self._rows:
            return
        final = os.path.join(self.directory, part_name(self.number, self.fmt))
        aside = final + ".partial"
        with open(aside, "wb") as f:
            writer = open_writer(self.fmt, f, self.steps)
            for rec in self._rows:
                writer.write(rec)
            writer.close()
        os.replace(aside, final)
        self.number += 1
        self._rows = []

    def close(self) -> None:
        """Write the last, possibly shorter, partition."""
        self._flush()


def read_records(path: str | os.PathLike[str]) -> list[Record]:
    """Every record of a ``.jsonl`` or ``.parquet`` file, or of a directory of parts, in
    order (for checking what was written)."""
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"read_records: path must be a file or directory name, not "
                        f"{type(path).__name__}")
    name = os.fspath(path)
    if os.path.isdir(name):
        parts = sorted(p for p in os.listdir(name) if p.startswith("part-")
                       and not p.endswith(".partial"))
        return [rec for p in parts for rec in read_records(os.path.join(name, p))]
    if name.endswith(".parquet"):
        import pyarrow.parquet as pq  # only when ratings or Parquet are asked for

        rows: list[Record] = pq.read_table(name).to_pylist()
        return rows
    with open(name, "rb") as f:
        return [_record_of(line, name, n) for n, line in enumerate(f, 1) if line.strip()]


def _record_of(line: bytes, name: str, number: int) -> Record:
    """The record of line ``number`` of the JSON Lines file ``name``, or a ParseError
    naming them."""
    try:
        rec = json.loads(line)
    except ValueError as e:  # not JSON, or bytes that are not UTF-8
        reason = e.msg if isinstance(e, json.JSONDecodeError) else "not UTF-8 text"
        raise ParseError(f"not a JSON record: {reason}", source=name, line=number) from None
    if not isinstance(rec, dict):
        raise ParseError(f"not a record: a JSON object per line, found a "
                         f"{type(rec).__name__}", source=name, line=number)
    return rec


#: What :func:`records_of` takes for one puzzle: its index, its line (None for a made
#: puzzle), the puzzle (None when unreadable), the error that made it unreadable, and its
#: solution when it is known.
Item = tuple[int, "int | None", "Grid | Candidates | None", "Exception | None", "Grid | None"]

#: Puzzles rated as one piece of work by :func:`records_on` (each takes milliseconds).
PIECE = 16


def records_of(items: Iterable[Item], steps: bool = False, guess: bool = True,
               keys: tuple[str, ...] | None = None) -> list[Record]:
    """The records of a piece of puzzles (see :data:`Item`), in order: what an executor
    runs. ``keys``: the technique keys of the ladder (None: the whole ladder)."""
    if isinstance(items, str | bytes) or not hasattr(items, "__iter__"):
        raise TypeError(f"records_of: items must be an iterable of (index, line, puzzle, "
                        f"error, solution), not {type(items).__name__}")
    out = []
    for item in items:
        if not isinstance(item, tuple | list) or len(item) != 5:
            raise TypeError(f"records_of: each item is (index, line, puzzle, error, "
                            f"solution), not {item!r}")
        index, line, puzzle, error, solution = item
        if puzzle is None:
            out.append(unreadable(error or ValueError("no puzzle"), index=index, line=line,
                                  steps=steps))
        else:
            out.append(record(puzzle, index=index, line=line, steps=steps, guess=guess,
                              solution=solution, keys=keys))
    return out


def records_on(executor: Executor | None, items: Iterable[Item], *, steps: bool = False,
               guess: bool = True, piece: int = PIECE, keys: tuple[str, ...] | None = None
               ) -> Iterator[Record]:
    """The record of each puzzle of ``items``, in order, made ``piece`` puzzles a task on
    ``executor`` (:mod:`sudokit.executors`, or a cluster's; None: here, one by one), with
    the techniques of ``keys`` (None: the whole ladder)."""
    if not is_whole(piece):
        raise TypeError(f"records_on: piece must be a whole number, not {piece!r}")
    if piece < 1:
        raise ValueError(f"records_on: piece must be at least 1, got {piece}")
    if executor is not None and not callable(getattr(executor, "map", None)):
        raise TypeError(f"records_on: executor must be an Executor (with map) or None, not "
                        f"{type(executor).__name__}")
    return _made_on(executor, _pieces(items, piece),
                    partial(records_of, steps=steps, guess=guess, keys=keys))


def _made_on(executor: Executor | None, pieces: Iterator[list[Item]],
             make: partial[list[Record]]) -> Iterator[Record]:
    """The records of each piece, in order: the work starts when the first is asked for."""
    for part in (executor.map(make, pieces) if executor is not None else map(make, pieces)):
        yield from part


def _format(fmt: object) -> None:
    """ValueError unless ``fmt`` names a dataset format."""
    if not isinstance(fmt, str) or fmt not in EXTENSIONS:
        raise ValueError(f"unknown dataset format {fmt!r} (one of: {', '.join(EXTENSIONS)})")


def _binary(stream: object, writer: str) -> None:
    """TypeError unless ``stream`` can take bytes (it has ``write``; a text stream cannot)."""
    if not callable(getattr(stream, "write", None)) or isinstance(stream, io.TextIOBase):
        raise TypeError(f"{writer}: the stream must be a binary stream open for writing, not "
                        f"{type(stream).__name__}")


def _pieces(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    piece: list[Item] = []
    for item in items:
        piece.append(item)
        if len(piece) == size:
            yield piece
            piece = []
    if piece:
        yield piece
