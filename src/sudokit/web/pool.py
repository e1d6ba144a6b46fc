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
import contextlib
import os
import pickle
import struct
import subprocess
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


class _Channel(asyncio.SubprocessProtocol):
    """The server's end of a worker's pipes: frames answers out of what arrives on the
    worker's standard output and hands each to the call waiting for it (a protocol rather
    than streams: a request costs a few callbacks, not a chain of awaits)."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.waiter: asyncio.Future[Any] | None = None
        self.exited: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def pipe_data_received(self, fd: int, data: bytes | bytearray) -> None:
        self.buffer += data
        while len(self.buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self.buffer)
            if len(self.buffer) < HEADER.size + size:
                return
            frame = bytes(self.buffer[HEADER.size:HEADER.size + size])
            del self.buffer[:HEADER.size + size]
            if self.waiter is not None and not self.waiter.done():
                self.waiter.set_result(pickle.loads(frame))

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        self._lost()

    def process_exited(self) -> None:
        self._lost()
        if not self.exited.done():
            self.exited.set_result(None)

    def _lost(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(EOFError("the worker ended"))


class _Worker:
    """One worker process (``python -m sudokit.web.worker``) and the pipes to it. A process
    of its own rather than multiprocessing's: nothing of the server's main module is
    imported again in it."""

    def __init__(self, transport: asyncio.SubprocessTransport, channel: _Channel) -> None:
        self.transport = transport
        self.channel = channel
        self.pid = transport.get_pid()

    @classmethod
    async def start(cls) -> _Worker:
        loop = asyncio.get_running_loop()
        transport, channel = await loop.subprocess_exec(
            _Channel, sys.executable, "-m", "sudokit.web.worker",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None,
        )
        return cls(transport, channel)

    async def call(self, message: Any, time_limit: float) -> Any:
        """Send a request and wait for its answer, at most ``time_limit`` seconds
        (TimeoutError past that; EOFError if the worker ends)."""
        loop = asyncio.get_running_loop()
        waiter = self.channel.waiter = loop.create_future()
        stdin = self.transport.get_pipe_transport(0)
        if stdin is None or stdin.is_closing() or self.transport.get_returncode() is not None:
            raise EOFError("the worker has ended")
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        stdin.write(HEADER.pack(len(data)) + data)  # type: ignore[attr-defined]

        def expire() -> None:
            if not waiter.done():
                waiter.set_exception(TimeoutError())

        timer = loop.call_later(time_limit, expire)
        try:
            return await waiter
        finally:
            timer.cancel()
            self.channel.waiter = None

    async def stop(self) -> None:
        if self.transport.get_returncode() is None:
            with contextlib.suppress(ProcessLookupError):
                self.transport.kill()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.channel.exited), 5)
        self.transport.close()


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
        return [w.pid for w in self._all]

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
            reply = await worker.call((op, kwargs), time_limit)
        except asyncio.CancelledError:  # the request was given up: its worker too
            await self._replace(worker)
            raise
        except TimeoutError:  # past its time: a fresh worker takes over
            await self._replace(worker)
            raise TooLong() from None
        except (OSError, EOFError):  # it died under us
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
