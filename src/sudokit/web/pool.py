"""Worker processes for the heavy requests, with a hard time limit and a bounded queue.

The engine's search can stop itself at a deadline, but the logic (hints, explanations,
ratings) and the generator cannot, and a thread cannot be stopped from outside. So each heavy
request runs in a worker process: when it is not done in time the worker is killed and a
fresh one takes its place, and the server goes on. At most ``workers`` requests run at once;
at most ``queue`` more wait for a worker, and any beyond that are turned away at once (the
server answers 503), so a flood costs memory for the queue and nothing else.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import struct
import sys
from typing import Any


class Busy(Exception):
    """Every worker is busy and the queue is full."""


class TooLong(Exception):
    """A request ran past its time limit (its worker was stopped)."""


class WorkerDied(Exception):
    """The worker process ended in the middle of a request (killed from outside, or out of
    memory); a fresh one has taken its place."""


class WorkFailed(Exception):
    """The work raised an exception: the worker sends back its type and message."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


#: Each message between server and worker: its length (4 bytes, little-endian), then a pickle.
HEADER = struct.Struct("<I")


class _Worker:
    """One worker process (``python -m sudokit.web.worker``) and the pipes to it. A process
    of its own rather than multiprocessing's: nothing of the server's main module is
    imported again in it."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls) -> _Worker:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "sudokit.web.worker",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )
        return cls(process)

    async def call(self, message: Any) -> Any:
        stdin, stdout = self.process.stdin, self.process.stdout
        if stdin is None or stdout is None:
            raise EOFError("the worker has no pipes")
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        stdin.write(HEADER.pack(len(data)) + data)
        await stdin.drain()
        (size,) = HEADER.unpack(await stdout.readexactly(HEADER.size))
        return pickle.loads(await stdout.readexactly(size))

    async def stop(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


class WorkerPool:
    """``workers`` processes that run the operations of :mod:`sudokit.web.work`.

    ``await pool.run(op, kwargs, time_limit)`` returns the operation's result, or raises
    Busy (queue full), TooLong (past ``time_limit`` seconds: the worker was replaced),
    WorkerDied (the worker ended mid-request: replaced too) or WorkFailed (the operation
    raised). Start with :meth:`start`, end with :meth:`close`.
    """

    def __init__(self, workers: int, queue: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.workers = workers
        self.queue = queue
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: set[_Worker] = set()
        self._waiting = 0

    async def start(self) -> None:
        """Start the worker processes."""
        self._idle = asyncio.Queue()
        for _ in range(self.workers):
            self._idle.put_nowait(await self._spawn())

    async def _spawn(self) -> _Worker:
        worker = await _Worker.start()
        self._all.add(worker)
        return worker

    async def close(self) -> None:
        """Stop every worker."""
        for worker in list(self._all):
            await worker.stop()
        self._all.clear()

    def pids(self) -> list[int]:
        """The process ids of the workers now running."""
        return [w.process.pid for w in self._all]

    @property
    def waiting(self) -> int:
        """Requests waiting for a worker now."""
        return self._waiting

    async def run(self, op: str, kwargs: dict[str, Any], time_limit: float) -> Any:
        """Run operation ``op`` in a worker, within ``time_limit`` seconds of work."""
        if self._idle is None:
            raise RuntimeError("the worker pool is not started")
        if self._idle.empty() and self._waiting >= self.queue:
            raise Busy()
        self._waiting += 1
        try:
            worker = await self._idle.get()
        finally:
            self._waiting -= 1
        try:
            reply = await asyncio.wait_for(worker.call((op, kwargs)), time_limit)
        except asyncio.CancelledError:  # the request was given up: its worker too
            await self._replace(worker)
            raise
        except TimeoutError:  # past its time: a fresh worker takes over
            await self._replace(worker)
            raise TooLong() from None
        except (OSError, EOFError, asyncio.IncompleteReadError):  # it died under us
            await self._replace(worker)
            raise WorkerDied() from None
        self._idle.put_nowait(worker)
        if reply[0] == "error":
            raise WorkFailed(reply[1], reply[2])
        return reply[1]

    async def _replace(self, worker: _Worker) -> None:
        """Stop a worker whose state is unknown (stopped mid-work) and start another."""
        self._all.discard(worker)
        await worker.stop()
        if self._idle is not None:
            self._idle.put_nowait(await self._spawn())


def default_workers() -> int:
    """One worker per core this process may use, at most 8."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, 8))
