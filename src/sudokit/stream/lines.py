r"""The line road: an input of plain 9x9 puzzle lines solved (or counted) into lines, block
by block in compiled code (:mod:`sudokit._lines9`), with no Python object per puzzle and
without NumPy: the fastest way through many puzzles, for the library and for ``sudoku
solve`` and ``sudoku count``, which take it when it is sure to give the bytes of the
records road (:mod:`.records`).

>>> import io
>>> from sudokit.stream import lines
>>> puzzle = b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
>>> out = io.BytesIO()
>>> lines.solve_lines(io.BytesIO(b"# a puzzle\n" + puzzle), out)
LinesResult(failed=False, unreadable=0, at_limit=False)
>>> out.getvalue().decode().splitlines()[1][:18]
'483921657967345821'

It takes an input whose first 64 KiB hold nothing but 9x9 puzzle lines, comments and blank
lines (so that the format detected, and the size every line is measured against, are
certain); anything else is declined (``None``) before a byte is read for good, and the
records road answers it.

Along the way, a line of another form (fields around the puzzle, a mistake, text that is not
UTF-8...) is read by the line format's own reader, in its place, and answered or reported
as the ordinary path would; standard error says what it says in the order the ordinary path
says it (the reports of unreadable lines as pieces of work are gathered, the clashes of
unsolvable puzzles as their piece is answered: see ``_Reports``). This module imports no
more than the compiled line reader and the kernel: the command line's start-up on one
puzzle depends on it.
"""

from __future__ import annotations

import _thread  # what `threading` wraps, loaded with the interpreter: see Pool
import io
import os

from ..messages import NOT_SOLVEABLE, NOT_UNIQUE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from types import ModuleType
    from typing import Any, BinaryIO

    from .._lines9 import LineBlock, Pieces
    from ..errors import SudokuError
    from ..formats import Writer

#: Bytes looked at before the format is decided (``sudokit.formats``' head).
HEAD_SIZE = 1 << 16

#: Bytes per block of lines (the line reader's own block size).
BLOCK_BYTES = 1 << 18

#: Bytes per block when several threads share the work: small enough that a few hard
#: puzzles in one block do not leave the other threads idle at the end.
SHARE_BYTES = 1 << 15

#: Pieces handed out per thread ahead of the one being written. A piece with a few hard
#: puzzles takes many times as long as its neighbours: with only two a thread, the other
#: threads answered their share and then sat idle until it was written (milliseconds a
#: run on two cores); eight keep them busy, at a few MiB at most.
AHEAD = 8

#: How the line reader and ``sudokit.stream`` group puzzle lines into work: runs of at most
#: this many lines, pieces of at least this many puzzles (tests check both against theirs).
RUN_ROWS = 4096
PIECE_ROWS = 4096

#: File name extensions that decide how a file is read whatever it holds (the formats'
#: ``formats._registry.DECIDING_EXTENSIONS`` and the photos' ``_inputs.PHOTO_EXTENSIONS``; a
#: test compares them): such a file takes the ordinary path. Any other name (``.txt``,
#: ``.dat``, none) is read as lines when its content looks like lines, as detection reads it.
DECIDING_EXTENSIONS = frozenset({".bin", ".csv", ".ipuz", ".json", ".jsonl", ".opensudoku",
                                 ".sdk", ".tsv", ".fpuzzles", ".fpuz", ".sudokupad", ".jigsaw",
                                 ".killer", ".samurai",
                                 ".jpg", ".jpeg", ".png", ".webp"})

#: A line the reader is sure is a 9x9 puzzle line, read before a line of another form so
#: that the reader measures that line against the 9x9 size, as in its input.
_NINE_BY_NINE = b"." * 81 + b"\n"

#: The bytes of a comment that detection reads as text and passes over.
_PRINTABLE = bytes(range(32, 127)) + b"\t"


def engine_modules() -> tuple[ModuleType, ModuleType]:
    """(_lines9, _kernel9): compiled, unless the pure-Python switch is on. (``engine.load``
    says the same; asked here first because importing ``engine`` costs start-up time.)"""
    if os.environ.get("SUDOKIT_PURE_PYTHON", "") not in ("", "0"):
        from .. import engine  # only off the plain road: the line road's start-up

        return engine.load("_lines9"), engine.load("_kernel9")
    from .. import _kernel9, _lines9  # only off the plain road: the line road's start-up

    return _lines9, _kernel9


def plain_head(head: bytes) -> bool:
    """Whether ``head`` (an input's first bytes) is lines of 9x9 puzzles, comments and
    blank lines only, each plain enough that detection must call it the line format and
    the line reader must measure every line against 81 cells."""
    lines9 = engine_modules()[0]
    if head.startswith(b"\xef\xbb\xbf") or b"\n" not in head and b"\r" in head:
        return False
    block = lines9.LineBlock(head, b"", b"")
    block.scan()
    n = block.lines
    if len(head) >= HEAD_SIZE and not head.endswith(b"\n"):
        n -= 1  # cut short: the blocks read it whole
    puzzles = False
    for i in range(n):
        kind = block.kind(i)
        if kind == lines9.LEAD:
            # what detection passes over: printable text (three tabs make a table row)
            text = block.line(i).rstrip(b"\r\n")
            if text.count(b"\t") >= 3 or text.translate(None, _PRINTABLE):
                return False
        elif kind == lines9.OTHER:
            return False
        else:
            puzzles = True
    return puzzles


#: The longest line the line reader reads whole (``formats._input.MAX_LINE``): a longer one
#: is cut there, the rest dropped.
MAX_LINE = 1 << 22


def blocks_of(head: bytes, rest: object, size: int) -> Iterator[bytes]:
    """An input (``head``, already read, then the rest of the stream ``rest``) in blocks of
    about ``size`` bytes of whole lines, cut exactly as the line reader cuts it
    (``formats._input.Input.blocks``: ``size`` bytes, then the rest of the last line, a line
    longer than MAX_LINE cut there). Written again here because importing the formats
    package costs more start-up time than a file of thousands of puzzles takes to read."""
    if len(head) < HEAD_SIZE:  # the whole input
        if head:
            yield head
        return
    reader = io.BufferedReader(_Rest(head, rest), buffer_size=HEAD_SIZE)
    limit = MAX_LINE + 1

    def line_ends() -> Iterator[bytes]:
        while raw := reader.readline(limit):
            if len(raw) == limit and raw[-1] != 10:  # cut: the rest of the line is dropped
                while (more := reader.readline(limit)) and more[-1] != 10:
                    pass
            yield raw

    ends = line_ends()
    while data := reader.read(size):
        if data[-1] != 10:
            data += next(ends, b"")
        yield data


class _Rest(io.RawIOBase):
    """A raw stream that gives ``head`` and then the rest of ``stream``."""

    def __init__(self, head: bytes, stream: object) -> None:
        super().__init__()
        self.head = memoryview(head)
        self.stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int | None:  # type: ignore[override]
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        into = getattr(self.stream, "readinto1", None)
        if into is not None:  # straight into the reader's buffer, not through a copy
            return into(buffer)
        read = getattr(self.stream, "read1", None) or self.stream.read  # type: ignore[attr-defined]
        data = read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _pieces_of(blocks: Iterator[bytes], size: int) -> Iterator[bytes]:
    """The blocks cut again, at line ends, into pieces of about ``size`` bytes."""
    for data in blocks:
        at = 0
        while len(data) - at > size:
            end = data.find(b"\n", at + size)
            if end < 0:
                break
            yield data[at:end + 1]
            at = end + 1
        if at < len(data):
            yield data[at:]


class Pool:
    """``jobs`` threads answering pieces of the input, the answers given back in the order
    of the pieces, at most ``AHEAD * jobs`` pieces ahead of the one being written (so memory
    stays bounded). The pieces run in compiled code that lets go of the GIL.

    The calling thread is one of the ``jobs``: while the piece it must write next is not
    answered yet, it answers the next piece not yet started itself, and only waits when
    none is left. So ``jobs - 1`` threads are started, and no thread sits idle waiting
    for another to hand it work or take its answer.

    Built on ``_thread`` and ``_queue``, the C modules that ``threading`` and ``queue`` wrap:
    ``concurrent.futures`` (with the ``threading``, ``logging`` and ``typing`` it loads)
    takes about 15 ms to import, as long as answering thousands of puzzles."""

    def __init__(self, answer: Callable[[bytes], LineBlock], jobs: int) -> None:
        from _queue import Empty, SimpleQueue  # only several cores need them

        self.answer = answer
        self.ahead = AHEAD * jobs
        self.empty = Empty
        self.tasks: SimpleQueue[list[Any] | None] = SimpleQueue()
        self.stopped = False  # pieces not yet started are dropped
        self.exited: list[Any] = []  # a lock per thread, released as it ends
        for _ in range(jobs - 1):
            exited = _thread.allocate_lock()
            exited.acquire()
            self.exited.append(exited)
            _thread.start_new_thread(self._work, (exited,))

    def _work(self, exited: Any) -> None:
        try:
            while (task := self.tasks.get()) is not None:
                if not self.stopped:
                    try:
                        task[1] = self.answer(task[1])
                    except BaseException as error:  # noqa: BLE001 - raised in its place
                        task[2] = error
                task[0].release()
        finally:
            exited.release()

    def map(self, pieces: Iterator[bytes]) -> Iterator[LineBlock]:
        """The answered block of each piece, in order."""
        pending: list[list[Any]] = []
        for piece in pieces:
            done = _thread.allocate_lock()
            done.acquire()  # released by the thread that answers the piece
            task = [done, piece, None]
            pending.append(task)
            self.tasks.put(task)
            if len(pending) > self.ahead:
                yield self._result(pending.pop(0))
        while pending:
            yield self._result(pending.pop(0))

    def _result(self, task: list[Any]) -> LineBlock:
        while not task[0].acquire(False):
            try:
                other = self.tasks.get_nowait()
            except self.empty:  # every piece is being answered: wait for this one
                task[0].acquire()
                break
            # (never the end mark: it is put only by close)
            try:
                other[1] = self.answer(other[1])  # type: ignore[index]
            except Exception as error:  # noqa: BLE001 - raised in its place
                other[2] = error  # type: ignore[index]
            other[0].release()  # type: ignore[index]
        if task[2] is not None:
            raise task[2]
        block: LineBlock = task[1]
        return block

    def close(self, wait: bool = True) -> None:
        """Stop the threads, once each has finished the piece it is answering (without
        waiting for that: ``wait=False``)."""
        if self.stopped:
            return
        self.stopped = True
        for _ in self.exited:
            self.tasks.put(None)
        for exited in self.exited if wait else ():
            exited.acquire()

class _Reports:
    """Standard error in the ordinary path's order. It gathers pieces of work (about
    PIECE_ROWS puzzles) and reports an unreadable line as it gathers it; the clash of an
    unsolvable puzzle is said as its piece is answered: at once on one core, ``ahead``
    pieces later on several (the pieces in flight). So a clash waits here until a report
    of a later piece, or the end, says its piece has been answered."""

    def __init__(self, say: Callable[[str], None], ahead: int) -> None:
        self.say = say
        self.ahead = ahead
        self.waiting: list[tuple[int, str]] = []

    def clash(self, piece: int, message: str) -> None:
        self.waiting.append((piece, message))

    def answered_before(self, piece: int) -> None:
        """Say the clashes of the pieces answered before piece ``piece`` is gathered."""
        last = piece - 1 - self.ahead
        while self.waiting and self.waiting[0][0] <= last:
            self.say(self.waiting.pop(0)[1])

    def rest(self) -> None:
        for _, message in self.waiting:
            self.say(message)
        self.waiting.clear()


class LinesResult:
    """How an input went on the line road: ``failed``, some puzzle has no solution (or, in
    a count, none); ``unreadable``, lines that were not puzzles (each handed to the
    ``unreadable`` callback); ``at_limit``, some count reached its limit."""

    __slots__ = ("failed", "unreadable", "at_limit")

    def __init__(self, failed: bool = False, unreadable: int = 0,
                 at_limit: bool = False) -> None:
        self.failed = failed
        self.unreadable = unreadable
        self.at_limit = at_limit

    def __repr__(self) -> str:
        return (f"LinesResult(failed={self.failed}, unreadable={self.unreadable}, "
                f"at_limit={self.at_limit})")


def _ignore(_: object) -> None:
    """A report nobody asked for."""


class _Answering:
    """One input on the line road: its blocks answered in order, on ``jobs`` threads,
    written to ``out``; the clashes of unsolvable puzzles handed to ``say`` and unreadable
    lines to ``unreadable``, in the records road's order."""

    def __init__(self, stream: object, out: BinaryIO, *, source: str = "<stdin>",
                 unique: bool = False, jobs: int = 1, limit: int = 2,
                 say: Callable[[str], None] = _ignore,
                 unreadable: Callable[[SudokuError], None] = _ignore,
                 ended: Callable[[], None] = lambda: None) -> None:
        self.out = out
        self.source = source
        self.stream = stream
        self.unique = unique
        self.jobs = max(1, jobs)
        self.limit = limit
        self.lines9, kernel9 = engine_modules()
        self.solve_rows = kernel9.solve_rows
        self.pieces: Pieces = self.lines9.Pieces(RUN_ROWS, PIECE_ROWS)
        self.reports = _Reports(say, 0 if self.jobs == 1 else 2 * self.jobs)
        self.result = LinesResult()
        self._unreadable = unreadable
        self._ended = ended
        self.line = 0  # lines of the input answered so far
        self._writer: Writer | None = None
        #: blocks written out, to be loaded again (their arrays reused, not made anew)
        self._spare: list[LineBlock] = []
        #: answers written from the blocks' own memory, uncopied (a terminal is given
        #: bytes, which it checks for NULs: the line path writes none)
        self._uncopied = not getattr(out, "isatty", True)

    def run(self, head: bytes) -> LinesResult:
        blocks = self._blocks(head)
        if self.jobs == 1:
            for data in blocks:
                self._emit(self._answer(data))
        else:
            pool = Pool(self._answer, self.jobs)
            try:
                for block in pool.map(_pieces_of(blocks, SHARE_BYTES)):
                    self._emit(block)
            except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the pieces in flight are dropped
                pool.close(wait=False)
                raise
            finally:
                pool.close()
        self._end()
        return self.result

    def _blocks(self, head: bytes) -> Iterator[bytes]:
        return blocks_of(head, self.stream, BLOCK_BYTES)

    def _answer(self, data: bytes) -> LineBlock:
        try:
            block = self._spare.pop()  # (atomic: the threads share the list)
        except IndexError:
            block = self.lines9.LineBlock(data, NOT_SOLVEABLE.encode(), NOT_UNIQUE.encode())
        else:
            block.load(data)
        block.run(self.solve_rows, self.unique)
        return block

    def _emit(self, block: LineBlock) -> None:
        if block.wrong_row >= 0:  # never handed out: a bug of the engine
            raise AssertionError(f"the 9x9 kernel returned a wrong solution for line "
                                 f"{self.line + self._line_of_row(block, block.wrong_row) + 1}"
                                 f" of {self.source}")
        write = self.out.write
        output = block.view if self._uncopied else block.output
        pieces = self.pieces
        at = 0
        first = 0
        for line, offset, kind, row in block.events():
            if kind == self.lines9.OTHER_LINE:
                write(output(at, offset))
                at = offset
                pieces.advance(block, first, line)
                self._other(block.line(line), self.line + line + 1)
            else:  # a puzzle with no solution: its message is written already
                pieces.advance(block, first, line + 1)
                self._no_solution(block.puzzle(row), self.line + line + 1)
            first = line + 1
        write(output(at, block.written))
        pieces.advance(block, first, block.lines)
        if block.failed:
            self.result.failed = True
        self.line += block.lines
        self._spare.append(block)

    def _line_of_row(self, block: LineBlock, row: int) -> int:
        seen = -1
        for i in range(block.lines):
            if block.kind(i) in (self.lines9.PLAIN, self.lines9.LAST):
                seen += 1
                if seen == row:
                    return i
        return 0

    def _no_solution(self, cells: list[int], line: int) -> None:
        # only off the plain road: the line road's start-up
        from ..grid import Grid
        from ..stream import records as stream

        clash = stream.clash(Grid.from_cells(cells, (3, 3)))
        if clash:
            self.reports.clash(self.pieces.piece, f"{self.source}, line {line}: {clash}")

    def _other(self, raw: bytes, line: int) -> None:
        """A line of another form, read by the line reader as it would read it here."""
        # only off the plain road: the line road's start-up
        from .. import formats
        from ..stream import records as stream

        records = list(formats.read(io.BytesIO(_NINE_BY_NINE + raw), "line",
                                    source=self.source))
        if len(records) == 1:  # a blank line or a comment after all: kept as it is
            self.pieces.note_lead()
            style = records[0].style
            self.out.write(style.tail.encode() if style is not None else raw)
            return
        record = records[1]._replace(line=line)
        self.pieces.record()
        writer = self._line_writer()
        if record.error is not None:
            record.error.line = line
            self.reports.answered_before(self.pieces.piece)
            self._unreadable_line(record.error)
            writer.write_message(f"ERROR: {record.error}", record.style)
            return
        options = stream.SolveOptions(unique=self.unique)
        answer = next(iter(stream.solve([record], options, source=self.source)))
        assert isinstance(answer, stream.Answer)  # a record is answered by an Answer
        if answer.value is None:
            clash = answer.outcome is stream.Outcome.NO_SOLUTION and stream.clash(
                record.item)  # type: ignore[arg-type]
            if clash:
                self.reports.clash(self.pieces.piece, f"{self.source}, line {line}: {clash}")
            writer.write_message(answer.message, record.style)
            self.result.failed = True
        else:
            writer.write(answer.value, record.style)

    def _line_writer(self) -> Writer:
        if self._writer is None:
            from .. import formats  # only off the plain road: the line road's start-up

            self._writer = formats.Writer("line", self.out)
        return self._writer

    def _unreadable_line(self, error: SudokuError) -> None:
        self.result.unreadable += 1
        self._unreadable(error)

    def _end(self) -> None:
        """What the ordinary path says when the input ends: the clashes of the pieces
        answered before the last one is gathered, the summary of unreadable lines, the
        rest."""
        pieces = self.pieces
        self.reports.answered_before(pieces.piece + (1 if pieces.full else 0))
        self._ended()
        self.reports.rest()


class _Counting(_Answering):
    """``sudoku count`` on the line path: a count a puzzle line, blank and comment lines
    left out; a line of another form read by the line reader in its place."""

    def __init__(self, stream: object, out: BinaryIO, **options: Any) -> None:
        super().__init__(stream, out, **options)
        self._at_limit = b"\n%d\n" % self.limit

    def _answer(self, data: bytes) -> LineBlock:
        try:
            block = self._spare.pop()  # (atomic: the threads share the list)
        except IndexError:
            block = self.lines9.LineBlock(data, b"", b"")
        else:
            block.load(data)
        block.count(self.solve_rows, self.limit)
        return block

    def _emit(self, block: LineBlock) -> None:
        write = self.out.write
        output = block.view if self._uncopied else block.output
        at = 0
        for line, offset, _, _ in block.events():  # lines of other forms only
            write(output(at, offset))
            at = offset
            self._other(block.line(line), self.line + line + 1)
        write(output(at, block.written))
        if not self.result.at_limit and (b"\n" + bytes(output(0, block.written))).find(
                self._at_limit) >= 0:
            self.result.at_limit = True
        if block.failed:
            self.result.failed = True
        self.line += block.lines
        self._spare.append(block)

    def _other(self, raw: bytes, line: int) -> None:
        """A line of another form, read by the line reader as it would read it here."""
        # only off the plain road: the line road's start-up
        from .. import formats
        from ..solver import search

        records = list(formats.read(io.BytesIO(_NINE_BY_NINE + raw), "line",
                                    source=self.source))
        if len(records) == 1:  # a blank line or a comment after all: no count
            return
        record = records[1]
        if record.error is not None:
            record.error.line = line
            self._unreadable_line(record.error)
            self.out.write(f"ERROR: {record.error}\n".encode())
            return
        count = search(record.item, limit=self.limit).count  # type: ignore[arg-type]
        self.out.write(f"{count}\n".encode())
        if count == 0:
            self.result.failed = True
        elif count >= self.limit:
            self.result.at_limit = True

    def _end(self) -> None:
        self._ended()  # the counts are written as they come: nothing else waits


def answer(stream: object, out: BinaryIO, *, count: bool = False, head: bytes | None = None,
           **options: Any) -> LinesResult | None:
    """Answer the puzzle lines of ``stream`` (a binary file) into ``out`` on the line road:
    a solution a line (``count=False``) or a count of solutions up to ``limit`` a line.
    ``head`` is the input's first bytes when they were read already (up to HEAD_SIZE); the
    options are those of the road: ``source`` (the input's name in messages), ``unique``
    (a puzzle with several solutions is answered as one with none), ``jobs`` (threads),
    ``limit`` (of a count), and the reports, each said in the records road's order: ``say``
    (a message: the clashing givens of a puzzle with no solution), ``unreadable`` (a line
    that is not a puzzle, as the SudokuError that says why) and ``ended`` (the input has
    ended; the clashes still waiting are said after it). None, with nothing written, when
    the input is not plain puzzle lines (then only ``head`` has been read)."""
    if head is None:
        head = stream.read(HEAD_SIZE)  # type: ignore[attr-defined]
    if not plain_head(head):
        return None
    answering = _Counting if count else _Answering
    return answering(stream, out, **options).run(head)


def solve_lines(stream: object, out: BinaryIO, **options: Any) -> LinesResult | None:
    """The solution of each puzzle line of ``stream`` written to ``out`` (see
    :func:`answer`); None when the input is not plain puzzle lines."""
    return answer(stream, out, **options)


def count_lines(stream: object, out: BinaryIO, **options: Any) -> LinesResult | None:
    """The count of solutions (up to ``limit``, 2 unless said) of each puzzle line of
    ``stream`` written to ``out``; None when the input is not plain puzzle lines."""
    return answer(stream, out, count=True, **options)
