"""A time budget for work that has no limit of its own: a step of the logical solver on a
large empty grid can run for minutes, and nothing inside it looks at a clock."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType


class OverBudget(Exception):
    """The work took longer than its budget."""


@contextlib.contextmanager
def within(seconds: float | None) -> Iterator[None]:
    """Raise OverBudget in the block when it runs longer than ``seconds`` (None: no limit).

    The clock is the process's real-time interval timer (SIGALRM), so the block is stopped
    wherever it is in Python code; where there is no such timer (Windows) or off the main
    thread, the block runs unbounded."""
    usable = (hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if seconds is None or not usable:
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise OverBudget(f"gave up after {seconds:g} s (--time-limit)")

    before = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
