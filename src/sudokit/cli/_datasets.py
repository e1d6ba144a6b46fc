"""``--to jsonl`` and ``--to parquet``: a dataset record per puzzle (:mod:`sudokit.stream.dataset`)
from ``rate``, ``explain`` and ``create``, to standard output, ``-o FILE``, or ``-o DIR/`` with
one file per partition (``--resume`` keeps the partitions already there)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..errors import SudokuError
from ._inputs import positive_int
from .env import Env, printable
from .status import ExitStatus

if TYPE_CHECKING:
    from ..executors import Executor
    from ..stream.dataset import Item, PartitionedWriter
    from ._inputs import Tally

#: The dataset formats ``--to`` takes, beside the puzzle formats.
DATASETS = ("jsonl", "parquet")

#: Records per file of ``-o DIR/`` unless --partition-size says otherwise.
PARTITION = 10_000


def add_to_argument(parser: argparse.ArgumentParser, formats: Iterable[str], help_text: str
                    ) -> None:
    """``--to FORMAT``: one of ``formats`` (puzzle formats, for ``create``) or a dataset."""
    choices = sorted({*formats, *DATASETS})
    parser.add_argument("--to", dest="to_format", choices=choices, metavar="FORMAT",
                        help=help_text + "; one of " + ", ".join(choices))


def add_dataset_arguments(parser: argparse.ArgumentParser, *, to: bool) -> None:
    """``--steps``, ``--partition-size`` and ``--resume`` (and ``--to jsonl|parquet`` when
    ``to``: a command with no ``--to`` of its own)."""
    if to:
        parser.add_argument(
            "--to", dest="to_format", choices=DATASETS, metavar="FORMAT",
            help="a dataset: one record per puzzle (puzzle, solution, rating, ...) as JSON "
            "Lines (jsonl) or Parquet (parquet); see docs/scale.md for the schema")
    parser.add_argument("--steps", action="store_true",
                        help="with --to jsonl/parquet: each record also holds the solving "
                        "steps, in order, as structured data")
    parser.add_argument("--partition-size", type=positive_int, metavar="N",
                        help=f"with -o DIR/: records per file (default {PARTITION})")
    parser.add_argument("--resume", action="store_true",
                        help="go on where a stopped run stopped: with -o DIR/, keep the "
                        "partition files already there; with rate's text or --json lines "
                        "and -o FILE, keep FILE's complete lines; only the rest is made")


def wants_dataset(args: argparse.Namespace) -> bool:
    """Whether ``--to`` asks for a dataset."""
    return getattr(args, "to_format", None) in DATASETS


def one_grid(source: str, record: Any) -> Any:
    """``record``, or a SudokuError (one line) when its puzzle is one of overlapping grids:
    a dataset record holds one grid."""
    sheet = getattr(getattr(record, "item", None), "sheet", None)
    if sheet is not None:
        raise SudokuError(f"{source}, line {record.line}: a dataset record holds one grid, "
                          f"not {sheet.describe()} puzzles (leave out --to for text)")
    return record


def partitioned(args: argparse.Namespace) -> str | None:
    """The directory of a dataset's ``-o DIR/`` (a name ending in a slash, or a directory),
    else None."""
    output = getattr(args, "output", None)
    if not wants_dataset(args) or not output or output == "-":
        return None
    if output.endswith(("/", os.sep)) or os.path.isdir(output):
        return str(output)
    return None


def write_dataset(args: argparse.Namespace, env: Env, tally: Tally,
                  items: Iterable[Item], executor: Executor | None, *, jobs: int = 1,
                  steps: bool | None = None, guess: bool = True,
                  keys: tuple[str, ...] | None = None) -> int:
    """Make and write the record of each of ``items`` (see :data:`sudokit.stream.dataset.Item`),
    in order, on ``executor`` when there is one (else on ``jobs`` processes), solving with
    the techniques of ``keys`` (None: the whole ladder); the exit status (1 when a puzzle
    has no solution, else what ``tally`` holds)."""
    if executor is None and jobs > 1:
        # imported when needed: the command's start-up stays fast
        from ..executors import make_executor

        with make_executor("processes", jobs) as pool:
            return write_dataset(args, env, tally, items, pool, steps=steps, guess=guess,
                                 keys=keys)
    from ..stream import dataset  # here: most runs write no dataset

    steps = args.steps if steps is None else steps
    directory = partitioned(args)
    if args.resume and directory is None:
        env.error("--resume needs -o DIR/ (a directory of partition files)")
        return ExitStatus.USAGE
    writer: dataset.Writer | dataset.PartitionedWriter
    if directory is not None:
        opened = _open_partitions(args, env, directory, steps)
        if opened is None:
            return ExitStatus.USAGE
        writer, skip, kept_unsolvable = opened
        if kept_unsolvable:
            tally.note(ExitStatus.FAILURE)
    else:
        writer = dataset.open_writer(args.to_format, env.stdout, steps)
        skip = 0
    todo = (item for item in items if item[0] >= skip)
    for rec in dataset.records_on(executor, todo, steps=steps, guess=guess, keys=keys):
        if rec["solutions"] == 0:
            tally.note(ExitStatus.FAILURE)
        writer.write(rec)
    # closed only when every record is in: a partition cut short is not written as whole
    writer.close()
    return tally.status


def _open_partitions(args: argparse.Namespace, env: Env, directory: str, steps: bool
                     ) -> tuple[PartitionedWriter, int, bool] | None:
    """The writer of ``-o DIR/``, how many records the partitions kept there hold (with
    --resume), and whether one of those has no solution; None (reported) when the
    directory cannot be made or a kept partition cannot be read."""
    from ..stream import dataset  # imported when needed: the command's start-up stays fast

    try:
        size = args.partition_size or PARTITION
        writer = dataset.PartitionedWriter(directory, args.to_format, size,
                                           steps=steps, resume=args.resume)
        return writer, writer.done, bool(writer.done) and writer.kept_unsolvable()
    except OSError as e:
        env.error(f"cannot write {printable(directory)!r}: {e.strerror or e}")
    except (ValueError, KeyError, TypeError) as e:  # a file there this command did not write
        env.error(f"--resume: {printable(directory)!r} holds a partition file that is not a "
                  f"{args.to_format} partition written by sudoku ({type(e).__name__}: {e}); "
                  "move it away or start again without --resume")
    return None


def resumed_lines(args: argparse.Namespace, env: Env,
                  complete: Callable[[bytes], bytes] | None = None) -> bytes | None:
    """``--resume`` with ``-o FILE`` for output of one line per puzzle: FILE's complete
    lines (what a stopped run wrote; ``complete`` cuts it to its whole records instead),
    written to the output again; the caller skips as many puzzles. None (reported) when
    there is no file to go on from."""
    output = getattr(args, "output", None)
    if output in (None, "-") or partitioned(args) is not None:
        env.error("--resume needs -o FILE (the output of the stopped run) or, for a dataset, "
                  "-o DIR/")
        return None
    try:
        with open(output, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        data = b""
    kept = data[: data.rfind(b"\n") + 1] if complete is None else complete(data)
    env.stdout.write(kept)
    return kept


def no_text_resume(args: argparse.Namespace, env: Env) -> bool:
    """True (reported) when ``--resume`` is asked for an output it cannot go on with."""
    if getattr(args, "resume", False) and not wants_dataset(args):
        env.error("--resume goes on with a dataset's -o DIR/ (--to jsonl or parquet)")
        return True
    return unused_dataset_options(args, env)


def unused_dataset_options(args: argparse.Namespace, env: Env) -> bool:
    """True (reported) when ``--steps`` or ``--partition-size`` is given for an output that
    has no use for it (they shape a dataset, and a partitioned one)."""
    if args.steps and not wants_dataset(args):
        env.error("--steps puts the solving steps in a dataset's records: give --to jsonl or "
                  "parquet")
        return True
    if args.partition_size is not None and partitioned(args) is None:
        env.error("--partition-size is the records of each file of a dataset's -o DIR/: "
                  "give --to jsonl or parquet and -o DIR/")
        return True
    return False
