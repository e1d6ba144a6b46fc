"""Budgets for work that has no limit of its own: a step of the logical solver on a
large empty grid can run for minutes, and nothing inside it looks at a clock. A time budget
(``--time-limit``), and a budget of technique searches (``--max-searches``, hidden: it bounds
the work the same way on a fast machine and a busy one, which is what tests need)."""

from __future__ import annotations

import argparse
import contextlib
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from types import FrameType
from typing import TYPE_CHECKING

from ._inputs import positive_int

if TYPE_CHECKING:
    from ..logic.board import Board
    from ..logic.step import Step, Technique


#: The longest time limit the interval timer takes (it overflows past about 10^9 s on some
#: platforms); a longer one is no limit in any lifetime.
LONGEST_TIMER = 10.0**8


class OverBudget(Exception):
    """The work took longer than its budget."""


@contextlib.contextmanager
def within(seconds: float | None) -> Iterator[None]:
    """Raise OverBudget in the block when it runs longer than ``seconds`` (None: no limit).

    The clock is the process's real-time interval timer (SIGALRM), so the block is stopped
    wherever it is in Python code; where there is no such timer (Windows) or off the main
    thread, or past :data:`LONGEST_TIMER`, the block runs unbounded."""
    usable = (hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if seconds is None or not usable or seconds > LONGEST_TIMER:
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


def add_search_budget_argument(p: argparse.ArgumentParser) -> None:
    """Add the hidden ``--max-searches N`` to a subcommand of the logical solver."""
    p.add_argument("--max-searches", type=positive_int, default=None, help=argparse.SUPPRESS)


def searches_at_most(ladder: Iterable[Technique], searches: int | None) -> tuple[Technique, ...]:
    """The ``ladder``'s techniques, each search of one on a board counted: the search after
    the first ``searches`` raises OverBudget (None: the ladder as it is, no limit)."""
    ladder = tuple(ladder)
    if searches is None:
        return ladder
    left = [searches]

    def counted(find: Callable[[Board], Step | None]) -> Callable[[Board], Step | None]:
        def search(board: Board) -> Step | None:
            if left[0] <= 0:
                raise OverBudget(f"gave up after {searches} technique search"
                                 f"{'es' * (searches != 1)} (--max-searches)")
            left[0] -= 1
            return find(board)
        return search

    return tuple(replace(t, find=counted(t.find), applies=None) for t in ladder)
