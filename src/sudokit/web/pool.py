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
import collections
import contextlib
import os
import pickle
import struct
import subprocess
import sys
from collections.abc import Callable
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


class _Job:
    """A request for a worker: its pickled message, its time limit and the future its
    caller awaits; ``worker`` once one has taken it."""

    __slots__ = ("data", "time_limit", "future", "worker", "timer")

    def __init__(self, data: bytes, time_limit: float, future: asyncio.Future[Any]) -> None:
        self.data = data
        self.time_limit = time_limit
        self.future = future
        self.worker: _Worker | None = None
        self.timer: asyncio.TimerHandle | None = None


class _Channel(asyncio.SubprocessProtocol):
    """The server's end of a worker's pipes: frames answers out of what arrives on the
    worker's standard output and hands each to ``on_answer`` as it arrives, in the callback
    of the pipe itself (a protocol rather than streams: a request costs a few callbacks,
    not a chain of awaits, and the next request can go to the worker at once)."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.on_answer: Callable[[Any], None] = lambda reply: None
        self.on_lost: Callable[[], None] = lambda: None
        self.exited: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def pipe_data_received(self, fd: int, data: bytes | bytearray) -> None:
        self.buffer += data
        while len(self.buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self.buffer)
            if len(self.buffer) < HEADER.size + size:
                return
            frame = bytes(self.buffer[HEADER.size:HEADER.size + size])
            del self.buffer[:HEADER.size + size]
            self.on_answer(pickle.loads(frame))

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        self.on_lost()

    def process_exited(self) -> None:
        self.on_lost()
        if not self.exited.done():
            self.exited.set_result(None)


class _Worker:
    """One worker process (``python -m sudokit.web.worker``) and the pipes to it. A process
    of its own rather than multiprocessing's: nothing of the server's main module is
    imported again in it."""

    def __init__(self, transport: asyncio.SubprocessTransport, channel: _Channel) -> None:
        self.transport = transport
        self.channel = channel
        self.pid = transport.get_pid()
        self.job: _Job | None = None

    @classmethod
    async def start(cls) -> _Worker:
        loop = asyncio.get_running_loop()
        transport, channel = await loop.subprocess_exec(
            _Channel, sys.executable, "-m", "sudokit.web.worker",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None,
        )
        return cls(transport, channel)

    def send(self, job: _Job) -> bool:
        """Hand ``job`` to the process; False if it has ended."""
        stdin = self.transport.get_pipe_transport(0)
        if stdin is None or stdin.is_closing() or self.transport.get_returncode() is not None:
            return False
        self.job = job
        job.worker = self
        stdin.write(HEADER.pack(len(job.data)) + job.data)  # type: ignore[attr-defined]
        return True

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

    Requests wait in one queue, first come first served, and a worker takes the next one
    the moment it answers, in the callback that reads its answer: the hand-over never waits
    for a turn of the event loop, however much other work (solves answered in the server
    itself) fills those turns.
    """

    def __init__(self, workers: int, queue: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.workers = workers
        self.queue = queue
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._jobs: collections.deque[_Job] = collections.deque()
        self._started = False
        self._spawning: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Start the worker processes."""
        self._started = True
        for _ in range(self.workers):
            self._idle.append(await self._spawn())

    async def _spawn(self) -> _Worker:
        worker = await _Worker.start()
        worker.channel.on_answer = lambda reply: self._answered(worker, reply)
        worker.channel.on_lost = lambda: self._lost(worker)
        self._all.add(worker)
        return worker

    async def close(self) -> None:
        """Stop every worker."""
        self._started = False  # a worker being replaced is stopped, and none started
        await asyncio.gather(*self._spawning, return_exceptions=True)
        for worker in list(self._all):
            await worker.stop()
        self._all.clear()
        self._idle.clear()

    def pids(self) -> list[int]:
        """The process ids of the workers now running."""
        return [w.pid for w in self._all]

    @property
    def waiting(self) -> int:
        """Requests waiting for a worker now."""
        return len(self._jobs)

    async def run(self, op: str, kwargs: dict[str, Any], time_limit: float) -> Any:
        """Run operation ``op`` in a worker, within ``time_limit`` seconds of work."""
        if not self._started:
            raise RuntimeError("the worker pool is not started")
        if not self._idle and len(self._jobs) >= self.queue:
            raise Busy()
        data = pickle.dumps((op, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
        job = _Job(data, time_limit, asyncio.get_running_loop().create_future())
        self._jobs.append(job)
        self._dispatch()
        try:
            reply = await job.future
        except asyncio.CancelledError:  # the request was given up: its worker too
            if job.worker is None:
                with contextlib.suppress(ValueError):
                    self._jobs.remove(job)
            elif job.worker.job is job:
                _settle(job)
                self._replace(job.worker)
            raise
        except TimeoutError:  # past its time: a fresh worker takes over
            raise TooLong() from None
        except EOFError:  # it died under us
            raise WorkerDied() from None
        if reply[0] == "error":
            raise WorkFailed(reply[1], reply[2])
        return reply[1]

    def _dispatch(self) -> None:
        """Hand waiting requests to idle workers."""
        while self._idle and self._jobs:
            worker = self._idle.pop()
            job = self._jobs.popleft()
            if not worker.send(job):  # ended while idle: the request waits for another
                self._jobs.appendleft(job)
                self._replace(worker)
                continue
            job.timer = asyncio.get_running_loop().call_later(
                job.time_limit, self._expired, worker, job)

    def _answered(self, worker: _Worker, reply: Any) -> None:
        job = worker.job
        if job is None:  # an answer nobody waits for (its request timed out)
            return
        worker.job = None
        _settle(job, result=reply)
        self._idle.append(worker)
        self._dispatch()

    def _expired(self, worker: _Worker, job: _Job) -> None:
        if worker.job is job:
            _settle(job, error=TimeoutError())
            self._replace(worker)

    def _lost(self, worker: _Worker) -> None:
        job = worker.job
        if job is not None and worker in self._all:
            _settle(job, error=EOFError("the worker ended"))
            self._replace(worker)

    def _replace(self, worker: _Worker) -> None:
        """Stop a worker whose state is unknown (stopped mid-work) and start another."""
        if worker not in self._all:
            return
        self._all.discard(worker)
        worker.job = None
        with contextlib.suppress(ValueError):
            self._idle.remove(worker)
        task = asyncio.get_running_loop().create_task(self._respawn(worker))
        self._spawning.add(task)
        task.add_done_callback(self._spawning.discard)

    async def _respawn(self, old: _Worker) -> None:
        await old.stop()
        if self._started:
            self._idle.append(await self._spawn())
            self._dispatch()


def _settle(job: _Job, result: Any = None, error: BaseException | None = None) -> None:
    """Give ``job``'s caller its answer or error (once), and stop its timer."""
    if job.timer is not None:
        job.timer.cancel()
        job.timer = None
    if job.future.done():
        return
    if error is not None:
        job.future.set_exception(error)
    else:
        job.future.set_result(result)


def default_workers() -> int:
    """One worker per core this process may use, at most 8."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, 8))
