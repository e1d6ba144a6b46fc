"""``sudoku solve``: print each puzzle's solution, in input order, in the input's format."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from itertools import chain, groupby
from typing import TYPE_CHECKING, Any, NamedTuple

from ..candidates import Candidates
from ..errors import SudokuError
from ..grid import Grid
from ..solver import SolveResult, Status, search
from ._inputs import (
    BATCH_MIN,
    Tally,
    add_input_arguments,
    add_output_argument,
    each_chunk,
    positive_int,
)
from .env import Env
from .status import ExitStatus

if TYPE_CHECKING:
    import numpy as np

    from ..formats import Batch
    from ..shape import Shape

#: seed 004's exact words, printed in place of the answer
NOT_SOLVEABLE = "ERROR: Puzzle not solveable"
NOT_UNIQUE = "ERROR: Puzzle has more than one solution"
TIMED_OUT = "ERROR: Puzzle ran out of time"

#: Puzzles handed to the engine at once: big enough to amortise calls, small enough to stream.
CHUNK = 4096
GPU_CHUNK = 1 << 18


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "solve",
        help="solve puzzles (also: sudoku FILE)",
        description="Print a solution of each puzzle, in the input's format and order. A puzzle "
        f"with no solution prints '{NOT_SOLVEABLE}' in its place and the exit status is 1.",
    )
    add_input_arguments(p)
    add_output_argument(p, "output format (default: the input's; pretty for binary input)")
    p.add_argument("--unique", action="store_true",
                   help="insist on exactly one solution; a puzzle with more is a failure")
    p.add_argument("--jobs", "-j", type=positive_int, default=1, metavar="N",
                   help="solve on N cores (default 1)")
    p.add_argument("--device", choices=["cpu", "gpu", "auto"], default="cpu",
                   help="solve 9x9 puzzles on the CPU (default), on a CUDA GPU (needs "
                   "'pip install sudokit[gpu]'), or on the GPU when one is there and a batch is "
                   "large enough to gain from it")
    p.add_argument("--time-limit", type=_positive_float, metavar="SECONDS",
                   help="give up on a puzzle after this long; it counts as a failure")
    p.add_argument("--method", choices=["search", "propagate"], default="search",
                   help="'propagate' applies only seed 001's tactic and prints the board it "
                   "reaches (candidates)")


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value


def run(args: argparse.Namespace, env: Env) -> int:
    from .. import formats
    from ._pictures import draw_records, wants_pictures

    if wants_pictures(args):
        return draw_records(args, env, "solution")
    if args.device != "cpu":  # fail before reading any input
        from ..gpu import check_device

        check_device(args.device)
    tally = Tally()
    writer = None
    pairs = each_chunk(args, env, tally)
    for _, group in groupby(pairs, key=lambda pair: id(pair[0])):
        first = next(group)
        opened = first[0]
        out_format = args.to_format or ("pretty" if opened.format == "binary" else opened.format)
        if args.method == "propagate" and args.to_format is None and out_format != "pretty":
            out_format = "candidates"
        if writer is None or writer.fmt != out_format:  # each input answers in its format
            if writer is not None:
                writer.close()
            writer = formats.Writer(out_format, env.stdout)
        items = (item for _, item in chain([first], group))
        # a run of lines answered in lines needs no Grid per puzzle: solved as one array
        in_arrays = out_format == "line" and args.method == "search" and args.time_limit is None
        for item, answer in _answers(items, args, in_arrays):
            if isinstance(item, formats.Batch):
                _write_batch(writer, item, answer, opened.source, env, tally)
            else:
                _write_answer(writer, item, answer, opened.source, env, tally)
    if writer is not None:
        writer.close()
    return tally.status


def _write_answer(writer: Any, record: Any, answer: object, source: str, env: Env,
                  tally: Tally) -> None:
    if isinstance(answer, SudokuError):  # already reported by each_chunk
        writer.write_message(f"ERROR: {answer}", record.style)
    elif isinstance(answer, str):
        clash = _clash(record.item)
        if clash:
            env.error(f"{source}, line {record.line}: {clash}")
        writer.write_message(answer, record.style)
        tally.note(ExitStatus.FAILURE)
    else:
        if isinstance(answer, Candidates) and answer.has_contradiction():
            env.error(f"{source}, line {record.line}: propagation shows the puzzle has no "
                      "solution")
            tally.note(ExitStatus.FAILURE)
        writer.write(answer, record.style)


class _BatchAnswer(NamedTuple):
    """The answer lines of a Batch, ready to write, and the rows that got a message in
    place of a solution, with their counts (0: none; 2: more than one, with --unique)."""

    data: bytes
    failed: list[tuple[int, int]]


def _answer_batch(batch: Batch, solutions: np.ndarray, counts: np.ndarray) -> _BatchAnswer:
    """Each solution of a Batch as a line in the batch's style, or the message in its place."""
    from ..formats import line

    data = line.encode_array(solutions, batch.style)
    rows = (counts != 1).nonzero()[0].tolist()
    if not rows:
        return _BatchAnswer(data, [])
    width = len(data) // batch.rows
    lines = [data[k: k + width] for k in range(0, len(data), width)]
    eol = batch.style.eol.encode()
    failed = []
    for i in rows:
        count = int(counts[i])
        lines[i] = (NOT_SOLVEABLE if count == 0 else NOT_UNIQUE).encode() + eol
        failed.append((i, count))
    return _BatchAnswer(b"".join(lines), failed)


def _write_batch(writer: Any, batch: Batch, answer: _BatchAnswer, source: str, env: Env,
                 tally: Tally) -> None:
    if answer.failed:
        puzzles = batch.array()
        for i, count in answer.failed:
            clash = count == 0 and _clash(Grid._trusted(tuple(puzzles[i].tolist()), batch.shape))
            if clash:
                env.error(f"{source}, line {batch.line + i}: {clash}")
        tally.note(ExitStatus.FAILURE)
    writer.write_encoded(answer.data, batch.style, batch.rows)


def _answers(items: Iterator, args: argparse.Namespace, in_arrays: bool
             ) -> Iterator[tuple[Any, Any]]:
    """(item, answer) for each record or Batch of one input, in order. A record's answer is
    a Grid or Candidates, the message to print in its place, or the SudokuError that made it
    unreadable; a Batch's is a _BatchAnswer when ``in_arrays``, else the batch is answered
    record by record."""
    # a GPU gains only on big batches: hand it bigger pieces
    groups = _groups(items, CHUNK if args.device == "cpu" else GPU_CHUNK)
    if in_arrays and args.jobs > 1 and args.device == "cpu":
        yield from _in_parallel(groups, args)
        return
    for group in groups:
        yield from _answer_group(group, args, in_arrays)


def _groups(items: Iterator, size: int) -> Iterator[list]:
    """Consecutive items holding about ``size`` puzzles each (a Batch counts its rows)."""
    from ..formats import Batch

    group: list = []
    rows = 0
    for item in items:
        group.append(item)
        rows += item.rows if type(item) is Batch else 1
        if rows >= size:
            yield group
            group = []
            rows = 0
    if group:
        yield group


def _in_parallel(groups: Iterator[list], args: argparse.Namespace
                 ) -> Iterator[tuple[Any, Any]]:
    """The answers of ``args.jobs`` groups at a time, each on its own thread (the engine on
    one thread each), in order. The engine and NumPy let go of the GIL, so checking and
    writing the answers spread over the cores as well as solving does."""
    from collections import deque
    from concurrent.futures import Future, ThreadPoolExecutor

    one_each = argparse.Namespace(**{**vars(args), "jobs": 1})

    def answer(group: list) -> list[tuple[Any, Any]]:
        return list(_answer_group(group, one_each, True))

    ahead: deque[Future[list[tuple[Any, Any]]]] = deque()
    with ThreadPoolExecutor(args.jobs) as pool:
        for group in groups:
            ahead.append(pool.submit(answer, group))
            if len(ahead) > 2 * args.jobs:  # enough work queued: bounded memory
                yield from ahead.popleft().result()
        while ahead:
            yield from ahead.popleft().result()


def _answer_group(group: list, args: argparse.Namespace, in_arrays: bool
                  ) -> Iterator[tuple[Any, Any]]:
    from ..formats import Batch, expand

    batches = [item for item in group if type(item) is Batch]
    if not in_arrays or sum(b.rows for b in batches) < _batch_min(args.device):
        yield from _answer_chunk(list(expand(group)), args)
        return
    import numpy as np

    record_answers = _answer_chunk([item for item in group if type(item) is not Batch], args)
    puzzles = np.concatenate([b.array() for b in batches])
    limit = 2 if args.unique else 1
    solutions, counts = _solve_array(puzzles, batches[0].shape, limit, args.jobs, args.device)
    at = 0
    for item in group:
        if type(item) is Batch:
            end = at + item.rows
            yield item, _answer_batch(item, solutions[at:end], counts[at:end])
            at = end
        else:
            yield next(record_answers)


def _answer_chunk(chunk: list, args: argparse.Namespace) -> Iterator[tuple[Any, Any]]:
    puzzles = [r.item for r in chunk if r.error is None]
    if args.method == "propagate":
        results: Iterator = iter(_propagated(p) for p in puzzles)
    else:
        results = iter(_solve_all(puzzles, args))
    for record in chunk:
        if record.error is not None:
            yield record, record.error
        else:
            yield record, next(results)


def _clash(puzzle: Grid | Candidates) -> str | None:
    """Why a puzzle cannot be solved, when its givens already clash."""
    grid = puzzle.to_grid() if isinstance(puzzle, Candidates) else puzzle
    found = grid.conflicts()
    if not found:
        return None
    c = found[0]
    cells = ", ".join(grid.shape.cell_name(i) for i in c.cells)
    return f"the givens clash: digit {c.digit} appears twice in {c.unit} ({cells})"


def _propagated(puzzle: Grid | Candidates) -> Candidates:
    board = puzzle if isinstance(puzzle, Candidates) else Candidates.from_grid(puzzle)
    return board.propagate()


def _solve_all(puzzles: list, args: argparse.Namespace) -> list[object]:
    limit = 2 if args.unique else 1
    fast = None
    if args.time_limit is None:
        fast = _batch_answers(puzzles, limit, args.jobs, args.device)
    if fast is not None:
        return fast
    return [_answer(p, search(p, limit=limit, time_limit=args.time_limit), args) for p in puzzles]


def _answer(puzzle: Grid | Candidates, result: SolveResult, args: argparse.Namespace) -> object:
    if result.status is Status.TIMED_OUT:
        return TIMED_OUT
    if result.solution is None:
        return NOT_SOLVEABLE
    if args.unique and result.count > 1:
        return NOT_UNIQUE
    if isinstance(puzzle, Candidates):
        return Candidates.from_grid(result.solution)
    return result.solution


def _batch_answers(puzzles: list, limit: int, jobs: int, device: str) -> list[object] | None:
    """Answers from the batch engine, when every puzzle is a Grid of one shape; else None."""
    if len(puzzles) < _batch_min(device) or any(not isinstance(p, Grid) for p in puzzles):
        return None
    shape = puzzles[0].shape
    if any(p.shape != shape for p in puzzles):
        return None
    import numpy as np

    array = np.array([p.cells for p in puzzles], dtype=np.uint8)
    solutions, counts = _solve_array(array, shape, limit, jobs, device)
    answers: list[object] = []
    for row, count in zip(solutions.tolist(), counts.tolist(), strict=True):
        if count == 0:
            answers.append(NOT_SOLVEABLE)
        elif limit == 2 and count > 1:
            answers.append(NOT_UNIQUE)
        else:
            answers.append(Grid._trusted(tuple(row), shape))
    return answers


def _batch_min(device: str) -> int:
    """The fewest puzzles worth the batch engine: any number when the GPU is asked for by
    name, else enough to pay for NumPy's start."""
    return 1 if device == "gpu" else BATCH_MIN


def _solve_array(puzzles: np.ndarray, shape: Shape, limit: int, jobs: int, device: str
                 ) -> tuple[np.ndarray, np.ndarray]:
    """(solutions, counts) of a (B, N*N) array of puzzles from the batch engine (on
    ``device`` for 9x9), every solution checked against the rules and the givens."""
    if device != "cpu" and shape.box_rows == shape.box_cols == 3:
        from ..gpu import solve_grids_on_device

        return solve_grids_on_device(puzzles, limit=limit, device=device, jobs=jobs)
    from ..batch import solve_array
    from ..verify import check_solutions

    result = solve_array(puzzles, limit=limit, jobs=jobs, box=(shape.box_rows, shape.box_cols))
    check_solutions(puzzles, result.solutions, result.counts, shape)
    return result.solutions, result.counts
