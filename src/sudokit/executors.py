"""Where pieces of work run: one ordered parallel map, behind a small interface.

An *executor* applies a function to each piece of a stream of work and gives the results
back **in the order of the pieces**, whatever order they finish in, keeping only a bounded
number of pieces in flight so that a stream of millions of puzzles runs in constant memory.
Every parallel loop of sudokit (answering a file of puzzles, rating, making puzzles, the
batch engine's rows) is this one map, but for the line path of ``sudoku solve`` and
``sudoku count``, whose threads are a lighter pool of its own (``stream.lines``: this module
and ``concurrent.futures`` take longer to import than that path spends on thousands of
puzzles).

The interface (:class:`Executor`) is two methods and a context manager:

- ``map(fn, pieces)``: an iterator over ``fn(piece)`` for each piece, in input order. It
  may run ahead of the consumer by a bounded number of pieces; an exception raised by
  ``fn`` comes out of the iterator at that piece's place.
- ``close()``: stop the workers; pieces not yet started are dropped. Using the executor
  as a context manager closes it on exit.

A program that is interrupted (Ctrl-C, SIGTERM) wants none of the results in flight:
:func:`stop_all` stops every pool of the process at once, killing its worker processes
rather than waiting for their pieces. Worker processes leave SIGINT to the program that
started them (a Ctrl-C at a terminal reaches every process of the group).
- ``jobs``: how many pieces run at once.

Which executor runs is a name, looked up in :data:`EXECUTORS` by :func:`make_executor`:

- ``"inline"``: the caller's thread, one piece after another (what ``jobs=1`` means);
- ``"threads"``: a pool of threads, for work in compiled code that lets go of the GIL
  (the engines do);
- ``"processes"``: a pool of processes, for work in Python (the logic rater). ``fn`` and
  the pieces must then pickle: module-level functions, :func:`functools.partial` of them,
  and plain data.

Another backend (a cluster, say) is a class with the same face registered under a new
name with :func:`register_executor`, or named in :data:`PLUGINS` as ``"module:attribute"``
so that its module is imported only when it is asked for.

>>> from sudokit.executors import make_executor
>>> with make_executor("threads", 2) as ex:
...     list(ex.map(lambda k: k * k, range(5)))
[0, 1, 4, 9, 16]
"""

from __future__ import annotations

import contextlib
import importlib
import operator
import os
import signal
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:  # the pools themselves are imported when one is made: see thread_executor
    from concurrent.futures import Executor as _PoolExecutor
    from concurrent.futures import Future

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    """Runs a function over pieces of work, giving the results back in order."""

    jobs: int

    def map(self, fn: Callable[[T], R], pieces: Iterable[T]) -> Iterator[R]:
        """``fn(piece)`` for each piece, in the order of ``pieces``."""
        ...

    def close(self) -> None:
        """Stop the workers; pieces not yet started are dropped."""
        ...

    def __enter__(self) -> Executor: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...


class _Closing:
    """The context manager face shared by the executors here."""

    def close(self) -> None:
        """Nothing to stop."""

    def __enter__(self) -> Executor:
        return self  # type: ignore[return-value]  # every subclass is an Executor

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


class InlineExecutor(_Closing):
    """Each piece on the caller's thread, when the consumer asks for it."""

    jobs = 1

    def __init__(self, jobs: int = 1) -> None:
        del jobs  # one at a time, whatever was asked

    def map(self, fn: Callable[[T], R], pieces: Iterable[T]) -> Iterator[R]:
        """``fn(piece)`` for each piece, in order, computed lazily."""
        return map(fn, pieces)


class PoolExecutor(_Closing):
    """Pieces on a ``concurrent.futures`` pool, at most ``ahead`` of them in flight
    (default twice ``jobs``: enough to keep every worker busy while the consumer reads)."""

    def __init__(self, pool: _PoolExecutor, jobs: int, ahead: int | None = None) -> None:
        self.jobs = jobs
        self.ahead = ahead if ahead is not None else 2 * jobs
        self._pool = pool
        #: set by stop: the results are not wanted any more
        self.stopped = False
        _RUNNING.add(self)

    def map(self, fn: Callable[[T], R], pieces: Iterable[T]) -> Iterator[R]:
        """``fn(piece)`` for each piece, in order; the pieces are submitted as the results
        are taken, so memory stays bounded however long the stream is."""
        return self._ordered(fn, pieces)

    def _ordered(self, fn: Callable[[T], R], pieces: Iterable[T]) -> Iterator[R]:
        pending: deque[Future[R]] = deque()
        try:
            for piece in pieces:
                pending.append(self._pool.submit(fn, piece))
                if len(pending) > self.ahead:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        except (KeyboardInterrupt, SystemExit):  # interrupted while waiting: stop at once
            self.stop()
            raise
        finally:
            for future in pending:  # the consumer stopped early, or a piece failed
                future.cancel()

    def stop(self) -> None:
        """Drop every piece, those in flight too: worker processes are killed now, and
        :meth:`close` no longer waits for the threads' pieces. Only sets a flag and sends
        signals, so a signal handler may call it."""
        self.stopped = True
        processes = getattr(self._pool, "_processes", None)  # a process pool's, by pid
        for _ in range(3):  # (the pool's own thread may change the dict meanwhile)
            try:
                pids = list(processes or ())
                break
            except RuntimeError:
                continue
        else:
            pids = []
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)

    def close(self) -> None:
        """Shut the pool down, dropping the pieces not yet started (and, once stopped, the
        pieces in flight: see :meth:`stop`)."""
        _RUNNING.discard(self)
        self._pool.shutdown(wait=not self.stopped, cancel_futures=True)


#: The pools not yet closed, for stop_all.
_RUNNING: weakref.WeakSet[PoolExecutor] = weakref.WeakSet()


def stop_all() -> None:
    """Stop every pool of this process that is not closed yet (see
    :meth:`PoolExecutor.stop`): for a program interrupted, that wants no more results."""
    for executor in list(_RUNNING):
        executor.stop()


def _leave_interrupts_to_the_parent() -> None:
    """A worker process's start: Ctrl-C is for the program that started it, which stops
    its workers itself; SIGTERM ends the worker at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def thread_executor(jobs: int, ahead: int | None = None) -> PoolExecutor:
    """``jobs`` threads: for work that lets go of the GIL (the compiled engines do)."""
    # imported here, like ProcessPoolExecutor below: most commands run no pool, and
    # concurrent.futures' process half costs start-up time
    from concurrent.futures import ThreadPoolExecutor

    jobs = _checked_jobs(jobs, "thread_executor")
    return PoolExecutor(ThreadPoolExecutor(jobs), jobs, ahead)


def process_executor(jobs: int, ahead: int | None = None) -> PoolExecutor:
    """``jobs`` processes: for work in Python; the function and pieces must pickle."""
    from concurrent.futures import ProcessPoolExecutor  # only process pools need it: start-up

    jobs = _checked_jobs(jobs, "process_executor")
    return PoolExecutor(ProcessPoolExecutor(jobs, initializer=_leave_interrupts_to_the_parent),
                        jobs, ahead)


#: The most workers an executor may be asked for (a pool is sized by a C int).
MAX_JOBS = 2**31 - 1

def _checked_jobs(jobs: object, function: str) -> int:
    """``jobs`` as an int from 1 to :data:`MAX_JOBS` (TypeError or ValueError naming it)."""
    if isinstance(jobs, bool):
        raise TypeError(f"{function}: jobs must be a whole number, not a bool")
    try:
        n = operator.index(jobs)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{function}: jobs must be a whole number, not {jobs!r}") from None
    if not 1 <= n <= MAX_JOBS:
        raise ValueError(f"{function}: jobs must be from 1 to {MAX_JOBS}, got {n}")
    return n


#: Executors by name: each takes the number of jobs and returns an Executor.
EXECUTORS: dict[str, Callable[[int], Executor]] = {
    "inline": InlineExecutor,
    "threads": thread_executor,
    "processes": process_executor,
}

#: Executors whose module is imported only when asked for: name -> "module:attribute",
#: the attribute being a callable like those of EXECUTORS.
PLUGINS: dict[str, str] = {}


def register_executor(name: str, factory: Callable[[int], Executor]) -> None:
    """Make ``make_executor(name, jobs)`` call ``factory(jobs)``."""
    if not isinstance(name, str) or not callable(factory):
        raise TypeError(f"register_executor takes a name (a string) and a factory (callable), "
                        f"not {type(name).__name__} and {type(factory).__name__}")
    EXECUTORS[name] = factory


def executor_names() -> list[str]:
    """Every name make_executor takes."""
    return sorted({*EXECUTORS, *PLUGINS})


def make_executor(name: str, jobs: int) -> Executor:
    """The executor called ``name`` with ``jobs`` workers. ``jobs=1`` with the threads or
    processes runs inline: a pool of one only adds its cost. ValueError for an unknown
    name or fewer than one job."""
    jobs = _checked_jobs(jobs, "make_executor")
    if not isinstance(name, str):
        raise TypeError(f"make_executor: name must be a string, not {type(name).__name__}")
    factory = EXECUTORS.get(name)
    if factory is None and name in PLUGINS:
        module, _, attribute = PLUGINS[name].partition(":")
        factory = getattr(importlib.import_module(module), attribute)
        EXECUTORS[name] = factory
    if factory is None:
        raise ValueError(f"unknown executor {name!r} (one of: {', '.join(executor_names())})")
    if jobs == 1 and name in ("threads", "processes"):
        return InlineExecutor()
    return factory(jobs)
