"""``sudoku canon``: each puzzle's canonical (minlex) form, in input order."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from ..errors import ConflictError, ShapeError
from ._inputs import Tally, add_input_arguments, add_jobs_argument, each_chunk
from .env import Env
from .status import ExitStatus

#: Puzzles whose forms are searched as one piece of work (on one thread, with --jobs).
PIECE = 4096


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku canon`` and its options."""
    from .. import formats  # imported when needed: the command's start-up stays fast

    p = sub.add_parser(
        "canon",
        help="write each 9x9 puzzle's canonical (minlex) form",
        description="Write each 9x9 puzzle (or grid) in its canonical form: the smallest "
        "string of 81 digits, blanks as 0, that any symmetry of sudoku gives (row and column "
        "orders within bands and stacks, band and stack orders, transposition), the digits "
        "relabelled in order of first appearance ('minlex'). Two puzzles are the same up to "
        "symmetry exactly when their forms are equal. Records keep their layout and fields "
        "in the input's format. A puzzle whose givens clash has no form: an ERROR line "
        "stands in its place and the exit status is 1; puzzles of other sizes are refused "
        "(status 2). See docs/symmetry.md.",
    )
    add_input_arguments(p)
    p.add_argument("--to", dest="to_format", choices=sorted(formats.FORMATS),
                   metavar="FORMAT", help="output format (default: the input's)")
    p.add_argument("--transform", action="store_true",
                   help="write each form as a line followed by the symmetry that maps the "
                   "puzzle to it (t to transpose first, r + the nine rows, c + the nine "
                   "columns, d + what digits 1 to 9 become; see docs/symmetry.md)")
    add_jobs_argument(p)


def run(args: argparse.Namespace, env: Env) -> int:
    """Write each record's canonical form, in order; the exit status."""
    from .. import formats  # imported when needed: the command's start-up stays fast

    if args.transform and args.to_format not in (None, "line"):
        env.error("--transform writes lines (the form, then the symmetry): leave out --to")
        return ExitStatus.USAGE
    tally = _Tally()
    writer: Any = None
    try:
        for opened, piece in pieces(each_chunk(args, env, tally), args.jobs):
            out_format = "line" if args.transform else args.to_format or opened.format
            if writer is None or writer.fmt != out_format:  # each input answers in its format
                if writer is not None:
                    writer.close()
                writer = formats.Writer(out_format, env.stdout)
            for items, forms, transforms in _forms(piece, args.jobs):
                _write(items, forms, transforms, writer, opened.source, args, env, tally)
    finally:
        if writer is not None:
            writer.close()
    return tally.status


class _Tally(Tally):
    """The exit status, and whether the note on solution fields was said (once a run)."""

    def __init__(self) -> None:
        super().__init__()
        self.stale_said = False


def pieces(pairs: Iterator[tuple[Any, Any]], jobs: int = 1
           ) -> Iterator[tuple[Any, list[Any]]]:
    """The items of each input in pieces of about ``PIECE`` puzzles for each of ``jobs``
    threads (a run of lines read as one batch stays whole), with the input they come
    from."""
    current: Any = None
    piece: list[Any] = []
    size = 0
    for opened, item in pairs:
        if opened is not current or size >= PIECE * jobs:
            if piece:
                yield current, piece
            current, piece, size = opened, [], 0
        piece.append(item)
        size += getattr(item, "rows", 1)
    if piece:
        yield current, piece


def _forms(piece: list[Any], jobs: int) -> Iterator[tuple[list[Any], bytes, bytes]]:
    """(items, forms, transforms) for the items of ``piece``, cut in up to ``jobs`` parts
    searched on as many threads (the search lets go of the GIL)."""
    # imported when needed: the command's start-up stays fast
    from ..symmetry.canon import forms_of_parts

    parts = split_piece(piece, jobs)
    cells = [b"".join(cells_of(item) for item in part) for part in parts]
    for part, (forms, transforms) in zip(parts, forms_of_parts(cells, jobs), strict=True):
        yield part, bytes(forms), bytes(transforms)


def split_piece(piece: list[Any], jobs: int) -> list[list[Any]]:
    """``piece`` in up to ``jobs`` consecutive parts of about the same number of puzzles."""
    if jobs <= 1 or len(piece) < 2:
        return [piece]
    total = sum(getattr(item, "rows", 1) for item in piece)
    parts: list[list[Any]] = [[]]
    done = 0
    for item in piece:
        if done >= total * len(parts) / jobs and len(parts) < jobs:
            parts.append([])
        parts[-1].append(item)
        done += getattr(item, "rows", 1)
    return [part for part in parts if part]


def cells_of(item: Any) -> bytes:
    """The 81 bytes of each 9x9 puzzle of a batch or record (none for one that cannot be
    read; zeros stand for one of another size, whose form is found, or which is refused,
    when it is written)."""
    # imported when needed: the command's start-up stays fast
    from ..formats import Batch
    from ..grid import Grid
    from ..symmetry.canon import SHAPE

    if isinstance(item, Batch):
        return item.cells if item.shape == SHAPE else bytes(81 * item.rows)
    if item.error is not None:
        return b""
    if isinstance(item.item, Grid) and item.item.shape == SHAPE:
        return bytes(item.item.cells)
    return bytes(81)


def _write(items: list[Any], forms: bytes, transforms: bytes, writer: Any, source: str,
           args: argparse.Namespace, env: Env, tally: _Tally) -> None:
    """Write the forms of ``items`` (their records' layouts kept), in order."""
    # imported when needed: the command's start-up stays fast
    from ..formats import Batch
    from ..symmetry.canon import SHAPE

    at = 0
    for item in items:
        if isinstance(item, Batch):
            _check_shape(item.shape, source, item.line, args.transform)
            if item.shape == SHAPE and writer.fmt == "line" and not args.transform and \
                    b"\xff" not in \
                    transforms[28 * at:28 * (at + item.rows):28]:
                writer.write_encoded(_lines(forms[81 * at:81 * (at + item.rows)], item.style),
                                     item.style, item.rows)
                at += item.rows
                continue
            records: Any = item.records()
        else:
            records = [item]
        for record in records:
            at = _write_record(record, at, forms, transforms, writer, source, args, env,
                               tally)


def _write_record(record: Any, at: int, forms: bytes, transforms: bytes, writer: Any,
                  source: str, args: argparse.Namespace, env: Env, tally: _Tally) -> int:
    """Write one record's form (or what stands in its place); the index of the next."""
    # imported when needed: the command's start-up stays fast
    from ..grid import Grid
    from ..symmetry.canon import SHAPE, canonical, checked, transform_at

    if record.error is not None:  # already reported by each_chunk
        writer.write_message(f"ERROR: {record.error}", record.style)
        return at
    item = record.item
    if not isinstance(item, Grid):
        raise _refused(source, record.line, "a board of pencil marks: canon takes puzzles "
                       "of digits")
    _check_shape(item.shape, source, record.line, args.transform)
    how = transform_at(transforms, at)
    try:  # a smaller size tries every symmetry here; a clash is said in the puzzle's place
        form = checked(item, "canon", small=True)
        if how is None or item.shape != SHAPE:
            form = canonical(item)
        else:
            form = Grid.unchecked(tuple(forms[81 * at:81 * (at + 1)]), SHAPE)
    except ConflictError as e:
        message = str(e).removeprefix("canon: ")
        env.error(f"{source}, line {record.line}: {message}")
        writer.write_message(f"ERROR: {message}", record.style)
        tally.note(ExitStatus.FAILURE)
        return at + 1
    if "solution" in record.fields and not tally.stale_said:
        env.warn(f"{source}: the solution field is written as it was read, not in the "
                 "canonical form's order")
        tally.stale_said = True
    if args.transform:
        writer.write_message(f"{form.to_line()} {how}", record.style)
    else:
        writer.write(form, record.style)
    return at + 1


def _check_shape(shape: Any, source: str, line: int, transform: bool) -> None:
    """Refuse a size with no canonical form here (or, with --transform, other than 9x9)."""
    # imported when needed: the command's start-up stays fast
    from ..symmetry.canon import SHAPE
    from ..symmetry.small import LARGEST

    if shape == SHAPE:
        return
    if transform:
        raise _refused(source, line, f"a {shape.n}x{shape.n} puzzle: --transform is for "
                       "9x9 puzzles with 3x3 boxes")
    if shape.n > LARGEST:
        raise _refused(source, line, f"a {shape.n}x{shape.n} puzzle: canonical forms are "
                       f"of 9x9 puzzles with 3x3 boxes and of puzzles up to "
                       f"{LARGEST}x{LARGEST}")


def _refused(source: str, line: int, what: str) -> ShapeError:
    return ShapeError(f"{source}, line {line}: {what}")


def _lines(forms: bytes, style: Any) -> bytes:
    """Forms (81 bytes each) as lines in ``style``'s blank and line ending."""
    table = bytes.maketrans(bytes(range(10)), (style.blank[:1] or ".").encode() + b"123456789")
    eol = style.eol.encode()
    return b"".join(forms[i:i + 81].translate(table) + eol for i in range(0, len(forms), 81))
