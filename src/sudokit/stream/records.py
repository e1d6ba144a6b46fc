"""Answer a stream of puzzles in order: solve, count or rate each record of an input, on
one core or many, and say for each what happened.

This is the service under ``sudoku solve``, ``sudoku count`` and ``sudoku rate``, and it
is usable alone::

    >>> import io
    >>> from sudokit import stream
    >>> one = b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    >>> for answer in stream.solve_stream(io.BytesIO(one + b"\\n11" + b"." * 79 + b"\\n")):
    ...     print(answer.outcome.name, answer.line, answer.value.to_line()[:9] if answer.value
    ...           else answer.message)
    SOLVED 1 468931527
    NO_SOLUTION 2 ERROR: Puzzle not solveable

The path of the work: a reader (:func:`sudokit.formats.read`) gives records, and runs of
puzzle lines as one :class:`~sudokit.formats.Batch` each; :func:`solve` groups them into
pieces of about :data:`CHUNK` puzzles; each piece is answered by the engines
(:mod:`sudokit.solver` puzzle by puzzle, :mod:`sudokit.batch` or the GPU for a whole array
at once), and the answers come back in input order, none dropped: an :class:`Answer` per
record, tagged with its :class:`Outcome`, or a :class:`BatchAnswer` for a run of lines
answered as one array.

Where the pieces run is an executor (:mod:`sudokit.executors`): an object with
``map(fn, pieces)`` that gives ``fn(piece)`` back in the order of the pieces, ``close()``,
``jobs``, and the context-manager methods. The functions here take one as ``executor=``
(default: threads for solving, processes for rating, ``jobs`` of them); every ``fn`` they
hand it is a module-level function or a :func:`functools.partial` of one, and every piece
is plain picklable data (records, batches, grids), so an executor that runs the pieces in
other processes or on other machines can be plugged in unchanged::

    from sudokit import executors
    executors.register_executor("cluster", lambda jobs: MyClusterExecutor(jobs))
    stream.solve(items, options, executor=executors.make_executor("cluster", 8))

Nothing here writes to a terminal: problems are values (an UNREADABLE answer) or raised
errors, and the caller decides what to print.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

from .. import formats, validate
from ..candidates import Candidates
from ..engine import DEVICES
from ..errors import SudokuError
from ..executors import Executor, InlineExecutor, make_executor
from ..formats import Batch, Record
from ..grid import Grid
from ..messages import NOT_SOLVEABLE, NOT_UNIQUE, TIMED_OUT  # the words in place of answers
from ..sheets import SheetGrid
from ..solver import SolveResult, Status, search

if TYPE_CHECKING:
    import numpy as np

    from ..logic.rating import Rating
    from ..rules import Rules
    from ..shape import Shape


#: Puzzles answered as one piece of work: big enough to amortise the engine's calls, small
#: enough to stream. A GPU gains only on big batches: it gets bigger pieces.
CHUNK = 4096
GPU_CHUNK = 1 << 18

#: Fewer puzzles than this go one by one: the batch engine would cost more to start (NumPy's
#: import alone is tens of milliseconds) than it saves.
BATCH_MIN = 64

#: Puzzles rated as one piece of work (each rating takes milliseconds).
RATE_CHUNK = 16


class Outcome(enum.Enum):
    """What became of one puzzle."""

    SOLVED = "solved"
    NO_SOLUTION = "no solution"
    NOT_UNIQUE = "more than one solution"
    TIMED_OUT = "timed out"
    UNREADABLE = "unreadable"


_MESSAGES = {Outcome.NO_SOLUTION: NOT_SOLVEABLE, Outcome.NOT_UNIQUE: NOT_UNIQUE,
             Outcome.TIMED_OUT: TIMED_OUT}


class Answer(NamedTuple):
    """The answer to one record: its ``outcome``, the ``value`` found (a solution, or with
    ``method='propagate'`` the board propagation reaches; None when there is none), and the
    ``record`` it answers (its puzzle, line, style, or the error that made it unreadable)."""

    outcome: Outcome
    value: Grid | Candidates | None
    record: Record
    source: str

    @property
    def line(self) -> int:
        """The 1-based line of the input where the puzzle starts."""
        return self.record.line

    @property
    def error(self) -> SudokuError | None:
        """Why the record could not be read (UNREADABLE only)."""
        return self.record.error

    @property
    def message(self) -> str:
        """The line printed in place of a missing answer (empty when there is a value)."""
        if self.outcome is Outcome.UNREADABLE:
            return f"ERROR: {self.record.error}"
        return _MESSAGES.get(self.outcome, "") if self.value is None else ""


class BatchAnswer(NamedTuple):
    """The answers to a run of puzzle lines, solved as one array: ``solutions`` and
    ``counts`` row for row (a count of 0: no solution; 2 with ``unique``: more than one),
    ``data`` the answer lines already encoded in the batch's style, messages in place of
    missing solutions, and ``failed`` the rows that got a message, with their counts."""

    batch: Batch
    source: str
    solutions: np.ndarray
    counts: np.ndarray
    data: bytes
    failed: list[tuple[int, int]]

    def puzzle(self, row: int) -> Grid:
        """The puzzle of ``row`` (0-based within the batch)."""
        shape = self.batch.shape
        return Grid.from_cells(self.batch.array()[row].tolist(),
                               (shape.box_rows, shape.box_cols))


class SolveOptions(NamedTuple):
    """How :func:`solve` answers puzzles.

    ``unique``: a puzzle with more than one solution is a failure (NOT_UNIQUE);
    ``time_limit``: seconds per puzzle before it is TIMED_OUT (None: no limit);
    ``method``: ``"search"`` for solutions, ``"propagate"`` for the board propagation alone
    reaches; ``device``: ``"cpu"``, ``"gpu"`` or ``"auto"`` for arrays of 9x9 puzzles;
    ``jobs``: cores to use; ``lines``: answer each run of lines (a Batch) as a
    :class:`BatchAnswer`, encoded as lines, instead of record by record.
    """

    unique: bool = False
    time_limit: float | None = None
    method: str = "search"
    device: str = "cpu"
    jobs: int = 1
    lines: bool = False

    @property
    def limit(self) -> int:
        """Solutions to look for: 2 tells a unique puzzle from the rest."""
        return 2 if self.unique else 1

    @property
    def in_arrays(self) -> bool:
        """Whether runs of lines are answered as arrays (no Grid per puzzle)."""
        return self.lines and self.method == "search" and self.time_limit is None


#: What ``SolveOptions.method`` takes.
METHODS = ("search", "propagate")


def checked_options(options: object, function: str) -> SolveOptions:
    """``options`` (None: the defaults) when they are SolveOptions whose fields make sense,
    else TypeError or ValueError naming the field: checked once, where a stream starts."""
    if options is None:
        return SolveOptions()
    if not isinstance(options, SolveOptions):
        raise TypeError(f"{function}: options must be SolveOptions, not "
                        f"{type(options).__name__}")
    validate.seconds(options.time_limit, function, "options.time_limit")
    if validate.whole(options.jobs, function, "options.jobs") < 1:
        raise ValueError(f"{function}: options.jobs must be at least 1, got {options.jobs}")
    for name, value, known in (("method", options.method, METHODS),
                               ("device", options.device, DEVICES)):
        if not isinstance(value, str) or value not in known:
            raise ValueError(f"{function}: options.{name} must be one of "
                             f"{', '.join(known)}, not {value!r}")
    return options


def _record(item: object, function: str) -> Record:
    """``item`` when it is a Record (a type check: this runs for every record), else
    TypeError."""
    if type(item) is not Record and not isinstance(item, Record):
        raise TypeError(f"{function}: each item must be a sudokit.formats.Record (or a Batch), "
                        f"not {type(item).__name__}")
    return item


def _iterable(items: object, function: str, name: str) -> None:
    """TypeError unless ``items`` is a collection or stream of items (a string is not)."""
    if isinstance(items, str | bytes) or not hasattr(items, "__iter__"):
        raise TypeError(f"{function}: {name} must be an iterable of records, not "
                        f"{type(items).__name__}")


# -- solving ------------------------------------------------------------------------
def solve(
    items: Iterable[Record | Batch],
    options: SolveOptions | None = None,
    *,
    source: str = "<input>",
    executor: Executor | None = None,
) -> Iterator[Answer | BatchAnswer]:
    """The answer to each record (and each Batch, when ``options.in_arrays``) of
    ``items``, in order. ``source`` names the input in the answers.

    With ``options.jobs > 1`` and runs of lines answered as arrays on the CPU, pieces are
    answered on ``executor`` (default: ``jobs`` threads), one engine thread each; otherwise
    the engines themselves spread a piece over ``jobs`` cores. An ``executor`` given (a
    cluster's, say) answers the pieces whatever the options."""
    options = checked_options(options, "solve")
    _iterable(items, "solve", "items")
    return _solve(items, options, source, executor)


def _solve(items: Iterable[Record | Batch], options: SolveOptions, source: str,
           executor: Executor | None) -> Iterator[Answer | BatchAnswer]:
    pieces = _pieces(items, CHUNK if options.device == "cpu" else GPU_CHUNK)
    if executor is not None or (options.in_arrays and options.jobs > 1
                                and options.device == "cpu"):
        one_each = partial(answer_piece, options._replace(jobs=1), source)
        own = executor is None
        pool = make_executor("threads", options.jobs) if executor is None else executor
        try:
            for answers in pool.map(one_each, pieces):
                yield from answers
        finally:
            if own:
                pool.close()
        return
    for piece in pieces:
        yield from answer_piece(options, source, piece)


def solve_stream(
    stream: BinaryIO,
    options: SolveOptions | None = None,
    *,
    fmt: str | None = None,
    source: str = "<input>",
    box: tuple[int, int] | None = None,
    executor: Executor | None = None,
) -> Iterator[Answer | BatchAnswer]:
    """Read puzzles from a binary ``stream`` (format ``fmt``, detected when None) and
    answer each, in order, as :func:`solve` does; a record that cannot be read is an
    UNREADABLE answer, and reading goes on. Raises SudokuError when the input as a whole
    cannot be read."""
    options = checked_options(options, "solve_stream")
    reader = formats.read(stream, fmt, source=source, box=box)
    items = reader.chunks() if options.in_arrays else iter(reader)
    return solve(items, options, source=source, executor=executor)


def _pieces(items: Iterable[Record | Batch], size: int) -> Iterator[list[Record | Batch]]:
    """Consecutive items holding about ``size`` puzzles each (a Batch counts its rows)."""
    piece: list[Record | Batch] = []
    rows = 0
    for item in items:
        piece.append(item)
        if type(item) is Batch:
            rows += item.rows
        else:
            rows += 1
            _record(item, "solve")
        if rows >= size:
            yield piece
            piece = []
            rows = 0
    if piece:
        yield piece


def answer_piece(options: SolveOptions, source: str, piece: list[Record | Batch]
                 ) -> list[Answer | BatchAnswer]:
    """The answers to one piece of work, in order: what an executor runs."""
    batches = [item for item in piece if type(item) is Batch]
    if not options.in_arrays or sum(b.rows for b in batches) < _batch_min(options.device):
        return list(_answer_records(list(formats.expand(piece)), options, source))
    import numpy as np  # here: a command that answers puzzle by puzzle needs no NumPy

    records = [item for item in piece if type(item) is not Batch]
    record_answers = _answer_records(records, options, source)  # type: ignore[arg-type]
    puzzles = np.concatenate([b.array() for b in batches])
    solutions, counts = solve_array(puzzles, batches[0].shape, options.limit, options.jobs,
                                    options.device)
    answers: list[Answer | BatchAnswer] = []
    at = 0
    for item in piece:
        if type(item) is Batch:
            end = at + item.rows
            answers.append(_batch_answer(item, source, solutions[at:end], counts[at:end]))
            at = end
        else:
            answers.append(next(record_answers))
    return answers


def _answer_records(records: list[Record], options: SolveOptions, source: str
                    ) -> Iterator[Answer]:
    puzzles = [r.item for r in records if r.error is None]
    if options.method == "propagate":
        results: Iterator[tuple[Outcome, Grid | Candidates | None]] = iter(
            _propagated(p) for p in puzzles)  # type: ignore[arg-type]
    else:
        results = iter(_solve_all(puzzles, options))  # type: ignore[arg-type]
    for record in records:
        if record.error is not None:
            yield Answer(Outcome.UNREADABLE, None, record, source)
        else:
            outcome, value = next(results)
            yield Answer(outcome, value, record, source)


def _propagated(puzzle: Grid | Candidates) -> tuple[Outcome, Candidates]:
    board = puzzle if isinstance(puzzle, Candidates) else Candidates.from_grid(puzzle)
    board = board.propagate()
    return (Outcome.NO_SOLUTION if board.has_contradiction() else Outcome.SOLVED), board


def _solve_all(puzzles: list[Grid | Candidates], options: SolveOptions
               ) -> list[tuple[Outcome, Grid | Candidates | None]]:
    if options.time_limit is None:
        fast = _batch_answers(puzzles, options)
        if fast is not None:
            return fast
    return [_outcome(p, search(p, limit=options.limit, time_limit=options.time_limit),
                     options.unique) for p in puzzles]


def _outcome(puzzle: Grid | Candidates, result: SolveResult, unique: bool
             ) -> tuple[Outcome, Grid | Candidates | None]:
    if result.status is Status.TIMED_OUT:
        return Outcome.TIMED_OUT, None
    if result.solution is None:
        return Outcome.NO_SOLUTION, None
    if unique and result.count > 1:
        return Outcome.NOT_UNIQUE, None
    if isinstance(puzzle, Candidates):
        return Outcome.SOLVED, Candidates.from_grid(result.solution)
    return Outcome.SOLVED, result.solution


def _batch_answers(puzzles: list[Grid | Candidates], options: SolveOptions
                   ) -> list[tuple[Outcome, Grid | Candidates | None]] | None:
    """Answers from the batch engine, when every puzzle is a Grid of one shape; else None."""
    if len(puzzles) < _batch_min(options.device) or any(type(p) is not Grid for p in puzzles):
        return None
    shape = puzzles[0].shape
    rules = puzzles[0].rules  # type: ignore[union-attr]  # (Grids, checked above)
    if any(p.shape != shape or p.rules != rules for p in puzzles):  # type: ignore[union-attr]
        return None
    import numpy as np  # here, as in answer_piece: only batches need NumPy

    array = np.array([p.cells for p in puzzles], dtype=np.uint8)  # type: ignore[union-attr]
    limit = options.limit
    solutions, counts = solve_array(array, shape, limit, options.jobs, options.device, rules)
    answers: list[tuple[Outcome, Grid | Candidates | None]] = []
    for row, count in zip(solutions.tolist(), counts.tolist(), strict=True):
        if count == 0:
            answers.append((Outcome.NO_SOLUTION, None))
        elif limit == 2 and count > 1:
            answers.append((Outcome.NOT_UNIQUE, None))
        else:
            answers.append((Outcome.SOLVED, Grid.unchecked(tuple(row), shape, rules)))
    return answers


def _batch_min(device: str) -> int:
    """The fewest puzzles worth the batch engine: any number when the GPU is asked for by
    name, else enough to pay for NumPy's start."""
    return 1 if device == "gpu" else BATCH_MIN


def _batch_answer(batch: Batch, source: str, solutions: np.ndarray, counts: np.ndarray
                  ) -> BatchAnswer:
    """Each solution of a Batch as a line in the batch's style, or the message in its place
    (encoded here, on the worker, so that encoding spreads over the cores too)."""
    from ..formats import line  # a big module, needed only when arrays are answered

    data = line.encode_array(solutions, batch.style)
    rows = (counts != 1).nonzero()[0].tolist()
    if not rows:
        return BatchAnswer(batch, source, solutions, counts, data, [])
    width = len(data) // batch.rows
    lines = [data[k: k + width] for k in range(0, len(data), width)]
    eol = batch.style.eol.encode()
    failed = []
    for i in rows:
        count = int(counts[i])
        lines[i] = (NOT_SOLVEABLE if count == 0 else NOT_UNIQUE).encode() + eol
        failed.append((i, count))
    return BatchAnswer(batch, source, solutions, counts, b"".join(lines), failed)


def solve_array(puzzles: np.ndarray, shape: Shape, limit: int, jobs: int, device: str,
                rules: Rules | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(solutions, counts) of a (B, N*N) array of puzzles from the batch engine (on
    ``device`` for 9x9), every solution checked against the rules (``rules``, or the
    classic ones) and the givens."""
    from ..batch import solve_checked  # NumPy comes with it: only when arrays are solved

    return solve_checked(puzzles, shape, limit, jobs, device, rules)


def clash(puzzle: Grid | Candidates | SheetGrid) -> str | None:
    """Why a puzzle cannot be solved, when its givens already clash (else None)."""
    if isinstance(puzzle, SheetGrid):
        found = puzzle.conflicts()
        return f"the givens clash: {puzzle.sheet.said(found[0])}" if found else None
    validate.puzzle(puzzle, "clash")
    grid = puzzle.to_grid() if isinstance(puzzle, Candidates) else puzzle
    found = grid.conflicts()
    if not found:
        return None
    return f"the givens clash: {found[0].said(grid.shape)}"


# -- rating -------------------------------------------------------------------------
def rate(
    records: Iterable[Record],
    *,
    jobs: int = 1,
    executor: Executor | None = None,
    time_limit: float | None = None,
    keys: tuple[str, ...] | None = None,
    scale: str = "sudokit",
) -> Iterator[tuple[Record, Rating | None]]:
    """(record, its rating) for each record, in order (None for a record that could not
    be read). Ratings are made in Python: ``jobs > 1`` rates on ``executor`` (default:
    ``jobs`` processes), :data:`RATE_CHUNK` puzzles a piece. ``time_limit`` bounds each
    rating (see :func:`sudokit.logic.rating.rate`); ``keys`` chooses its techniques (None:
    all of them); ``scale`` names the scale (``sudokit``, ``se``, ``sukaku``, ``hodoku``)."""
    _iterable(records, "rate", "records")
    if validate.whole(jobs, "rate", "jobs") < 1:
        raise ValueError(f"rate: jobs must be at least 1, got {jobs}")
    validate.seconds(time_limit, "rate")
    if keys is not None:
        from ..logic.select import ladder_of  # the rater only when techniques are named

        ladder_of(keys, "rate")
    if scale != "sudokit":
        from ..logic.scales import scale_named  # the rater only when a scale is named

        scale = scale_named(scale).name
    return _rate(records, jobs, executor, time_limit, keys, scale)


def _rate(records: Iterable[Record], jobs: int, executor: Executor | None,
          time_limit: float | None, keys: tuple[str, ...] | None, scale: str = "sudokit"
          ) -> Iterator[tuple[Record, Rating | None]]:
    own = executor is None
    pool = make_executor("processes", jobs) if executor is None else executor
    try:
        if isinstance(pool, InlineExecutor):
            for record in records:
                yield record, rate_piece([_record(record, "rate").item], time_limit, keys,
                                         scale)[0]
            return
        # the records stay here; only their puzzles travel to the workers
        held: deque[list[Record]] = deque()

        def puzzles() -> Iterator[list[Grid | Candidates | None]]:
            for piece in _record_pieces(records, RATE_CHUNK):
                held.append(piece)
                yield [r.item for r in piece]

        for ratings in pool.map(partial(rate_piece, time_limit=time_limit, keys=keys,
                                        scale=scale), puzzles()):
            yield from zip(held.popleft(), ratings, strict=True)
    finally:
        if own:
            pool.close()


def rate_piece(puzzles: list[Grid | Candidates | None], time_limit: float | None = None,
               keys: tuple[str, ...] | None = None, scale: str = "sudokit"
               ) -> list[Rating | None]:
    """The ratings of one piece of puzzles (None for None): what an executor runs
    (``keys``: the techniques' keys, None for all; ``scale``: the scale's name)."""
    from ..logic.rating import rate as rate_one  # the rater only when puzzles are rated
    from ..logic.select import ladder_of

    if isinstance(puzzles, str | bytes) or not hasattr(puzzles, "__iter__"):
        raise TypeError(f"rate_piece: puzzles must be a list of puzzles, not "
                        f"{type(puzzles).__name__}")
    ladder = ladder_of(keys, "rate_piece")
    return [rate_one(p, time_limit, techniques=ladder, scale=scale) if p is not None else None
            for p in puzzles]


def _record_pieces(records: Iterable[Record], size: int) -> Iterator[list[Record]]:
    piece: list[Record] = []
    for record in records:
        piece.append(_record(record, "rate"))
        if len(piece) == size:
            yield piece
            piece = []
    if piece:
        yield piece


# -- counting -----------------------------------------------------------------------
def count(
    items: Iterable[Record | Batch], *, limit: int, jobs: int = 1
) -> Iterator[tuple[Record | Batch, list[int] | None]]:
    """(item, the solution counts of its puzzles, up to ``limit``) for each record and
    Batch, in order; None for a record that could not be read. A Batch of many rows is
    counted by the batch engine on ``jobs`` cores in one call."""
    _iterable(items, "count", "items")
    limit = validate.limit(limit, "count")
    if validate.whole(jobs, "count", "jobs") < 1:
        raise ValueError(f"count: jobs must be at least 1, got {jobs}")
    return _count(items, limit, jobs)


def _count(items: Iterable[Record | Batch], limit: int, jobs: int
           ) -> Iterator[tuple[Record | Batch, list[int] | None]]:
    for item in items:
        if isinstance(item, Batch):
            if item.rows >= BATCH_MIN:
                yield item, _count_batch(item, limit, jobs)
            else:
                yield item, [search(r.item, limit=limit).count
                             for r in item.records() if r.item is not None]
        elif (puzzle := _record(item, "count").item) is not None:
            yield item, [search(puzzle, limit=limit).count]
        else:
            yield item, None


def _count_batch(batch: Batch, limit: int, jobs: int) -> list[int]:
    from ..batch import count_array  # NumPy comes with it: only for runs of many lines

    shape = batch.shape
    counts = count_array(batch.array(), limit=limit, jobs=jobs,
                         box=(shape.box_rows, shape.box_cols))
    result: list[int] = counts.tolist()
    return result

