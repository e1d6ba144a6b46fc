"""Pieces of work on a Dask cluster: an executor for :mod:`sudokit.stream`.

:class:`DaskExecutor` has the face of every executor of :mod:`sudokit.executors`
(``map(fn, pieces)`` giving the results back in the order of the pieces, ``close()``,
``jobs``, a context manager), so the stream service runs on a cluster unchanged: each piece
(a list of records or an array of puzzles) becomes one Dask task, at most ``ahead`` tasks
are in flight, and the results are taken in order as they come back.

:func:`connect` opens the cluster an address names:

- ``local`` or ``local:N``: a ``LocalCluster`` of N worker processes on this machine (one
  per core when N is not given), started now and stopped with the executor;
- anything else: the address of a running scheduler (``tcp://10.0.0.5:8786``); an address
  where no scheduler has answered within :data:`CONNECT_TIMEOUT` seconds (connected,
  greeted and registered: a socket that accepts and stays silent is no answer) raises
  ClusterError.

Nothing is lost when a worker dies: the scheduler gives its tasks to the other workers
(Dask's ``distributed.scheduler.allowed-failures`` times at most; the work is deterministic,
so a task run twice gives the same answer), and the results still come back in order.

Dask (the ``dask`` extra: ``pip install '.[dask]'`` in the source folder) is imported when an
executor is made, not before.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from types import TracebackType
from typing import Any, TypeVar

from ..errors import ClusterError
from ..extras import install_hint

T = TypeVar("T")
R = TypeVar("R")

#: Seconds to wait for a scheduler to answer before saying it does not.
CONNECT_TIMEOUT = 3.0

#: Seconds to wait for a scheduler that has no worker yet to get one.
WORKERS_TIMEOUT = 30.0

#: The name of a cluster started here, on this machine.
LOCAL = "local"

#: Times a task that raised is tried again (a worker that dies is another matter: the
#: scheduler moves its tasks on by itself).
RETRIES = 1

#: Seconds of work a task is given when pieces are small, at least, and per worker thread
#: of the cluster: the scheduler handles a task in about a millisecond (several on a busy
#: machine), so that many workers finishing a task each every TASK_SECONDS + 0.02 s per
#: worker keep it well under full load (see docs/scale.md).
TASK_SECONDS = 0.25
TASK_SECONDS_PER_WORKER = 0.02

#: The most pieces one task takes, and the most in flight at once: they bound the memory
#: the pieces and their answers hold here.
MOST_PIECES = 64
MOST_IN_FLIGHT = 4096


def local_workers(address: str) -> int | None:
    """N for ``local:N`` (the cores of this machine for ``local``); None for the address
    of a scheduler. ClusterError for ``local:`` with something that is not a number from 1
    to the cores this process may run on (more workers than cores only take turns, and
    starting thousands of processes would not end), and for an empty address."""
    if not address.strip():
        raise ClusterError("--cluster needs an address: a scheduler's (tcp://host:8786), "
                           "'local' or 'local:N'")
    if address != LOCAL and not address.startswith(LOCAL + ":"):
        return None
    count = address[len(LOCAL) + 1:]
    cores = usable_cores()
    if not count:
        return cores
    if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= cores:
        raise ClusterError(f"--cluster {address}: local:N needs a number of workers N from 1 "
                           f"to {cores}, the cores this machine has")
    return int(count)


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class DaskExecutor:
    """Runs each piece as a task on a Dask cluster, the results in the pieces' order.

    ``client`` is a ``distributed.Client``; ``ahead`` the tasks kept in flight (default
    four per worker thread: enough to keep every worker busy while the results are read);
    ``owned`` what ``close`` also shuts (a LocalCluster started for this executor)."""

    def __init__(self, client: Any, *, ahead: int | None = None, owned: Any = None) -> None:
        self.client = client
        threads = sum(client.nthreads().values()) if client.scheduler_info() else 0
        #: worker threads of the cluster when it was joined
        self.jobs = max(1, threads)
        self.ahead = ahead if ahead is not None else 4 * self.jobs
        #: pieces sent in one task, set from how long the pieces take on the workers
        self.group = 1
        self._seconds = max(TASK_SECONDS, TASK_SECONDS_PER_WORKER * self.jobs)
        self._most = max(1, min(MOST_PIECES, MOST_IN_FLIGHT // (self.ahead + 1)))
        self._owned = owned
        #: pieces finished on the cluster, for a progress bar or a benchmark
        self.done = 0

    def map(self, fn: Callable[[T], R], pieces: Iterable[T]) -> Iterator[R]:
        """``fn(piece)`` for each piece, in order, as tasks on the cluster; the pieces are
        sent as the results are taken, so memory stays bounded however long the stream.
        Small pieces are sent several to a task, as many as about :data:`TASK_SECONDS` of
        work (more on a large cluster; timed on the workers), so that the scheduler's cost
        per task stays small."""
        return self._ordered(fn, iter(pieces))

    def _ordered(self, fn: Callable[[T], R], pieces: Iterator[T]) -> Iterator[R]:
        pending: deque[Any] = deque()
        try:
            while group := list(islice(pieces, self.group)):
                # pure=False: two equal pieces are still two tasks, each answered in place
                pending.append(self.client.submit(run_pieces, fn, group, pure=False,
                                                  retries=RETRIES))
                if len(pending) > self.ahead:
                    yield from self._results(pending.popleft())
            while pending:
                yield from self._results(pending.popleft())
        finally:
            if pending:  # the consumer stopped early, or a piece failed
                self.client.cancel(list(pending))

    def _results(self, future: Any) -> list[Any]:
        try:
            results, seconds = future.result()
        except ImportError as e:  # raised on a worker: it has no (or another) sudokit
            raise ClusterError(f"the cluster's workers cannot run sudokit ({e}): install "
                               "this version of sudokit on them") from None
        except Exception as e:
            if type(e).__name__ == "KilledWorker":  # the scheduler gave up on a task
                raise ClusterError(f"workers died running the same task again and again "
                                   f"(out of memory?): {e}") from None
            raise
        self.done += len(results)
        each = seconds / len(results)
        self.group = max(1, min(self._most, int(self._seconds / each) if each > 0 else 1))
        return results

    def close(self) -> None:
        """Leave the cluster (and stop it when it was started here)."""
        try:
            self.client.close()
        finally:
            if self._owned is not None:
                self._owned.close()

    def __enter__(self) -> DaskExecutor:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def run_pieces(fn: Callable[[T], R], pieces: list[T]) -> tuple[list[R], float]:
    """``fn`` on each of a task's pieces, and the seconds that took (on the worker)."""
    started = time.perf_counter()
    results = [fn(piece) for piece in pieces]
    return results, time.perf_counter() - started


def connect(address: str, *, timeout: float = CONNECT_TIMEOUT,
            ahead: int | None = None) -> DaskExecutor:
    """An executor on the cluster ``address`` names (see the module's help): ``local``,
    ``local:N`` or a scheduler's address. ClusterError when Dask is not installed, the
    cluster cannot start, or the scheduler does not answer within ``timeout`` seconds."""
    workers = local_workers(address)
    try:  # an optional dependency, and slow to import: only when a cluster is asked for
        import distributed  # an optional extra, imported when used
    except ImportError:
        raise ClusterError(f"--cluster {address} needs Dask: {install_hint('dask')}"
                           ) from None
    if workers is not None:
        try:
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR)
        except Exception as e:  # any failure to start is the same to the user
            raise ClusterError(f"cannot start a local cluster of {workers} workers: {e}"
                               ) from None
        return DaskExecutor(distributed.Client(cluster), ahead=ahead, owned=cluster)
    client = _join(distributed, address, timeout)
    try:  # a scheduler with no workers would hold the tasks for ever
        client.wait_for_workers(1, timeout=WORKERS_TIMEOUT)
    except (OSError, TimeoutError) as e:
        client.close()
        raise ClusterError(f"the Dask scheduler at {address} has no workers (waited "
                           f"{WORKERS_TIMEOUT:g} s)") from e
    return DaskExecutor(client, ahead=ahead)


def _join(distributed: Any, address: str, timeout: float) -> Any:
    """A client of the scheduler at ``address``, or ClusterError when it has not joined
    within ``timeout`` seconds. Dask bounds only the connect: a socket that accepts and
    never speaks would hold its handshake for ever, so the whole join runs on a thread of
    its own and is given up at the deadline (a client that joins after it is closed)."""
    joined: dict[str, Any] = {}
    lock = threading.Lock()

    def join() -> None:
        try:
            client = distributed.Client(address, timeout=timeout)
        except BaseException as e:  # handed to the caller below
            joined["error"] = e
            return
        with lock:
            if joined.get("abandoned"):
                client.close()
            else:
                joined["client"] = client

    thread = threading.Thread(target=join, name="sudokit-cluster-join", daemon=True)
    thread.start()
    thread.join(timeout)
    with lock:
        if "client" in joined:
            return joined["client"]
        joined["abandoned"] = True
    error = joined.get("error")
    if error is not None and not isinstance(error, OSError | TimeoutError | ValueError):
        raise error
    why = (str(error).splitlines()[0] if str(error) else type(error).__name__) if error \
        else "it took the connection but did not answer"
    raise ClusterError(f"no Dask scheduler answers at {address} (waited {timeout:g} s): {why}")
