"""A budget of work done in the server's own event loop, per turn of that loop.

The server answers 9x9 solves and checks itself, in its event loop, because that is quicker
than a trip to a worker. But every turn of the loop runs whatever is ready, so under a flood
of such requests a turn grows long, and between turns nothing reads the sockets or the
workers' pipes: a request for a worker (a hint) needs a few turns to go there and come back,
and would wait behind every solve of each of them. :class:`TurnBudget` lets a few pieces of
such work run in a turn and has the rest wait for later turns, first come first served, so
that a turn stays short whatever the flood, and a request that needs a worker waits behind a
few solves only.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib


class TurnBudget:
    """At most ``per_turn`` pieces of inline work start in one turn of the event loop;
    ``await budget.wait()`` before each."""

    def __init__(self, per_turn: int) -> None:
        if isinstance(per_turn, bool) or not isinstance(per_turn, int) or per_turn < 1:
            raise ValueError(f"per_turn must be a whole number of at least 1, got {per_turn!r}")
        self.per_turn = per_turn
        self.used = 0
        self.waiters: collections.deque[asyncio.Future[None]] = collections.deque()
        self.armed = False

    async def wait(self) -> None:
        """Return when this turn may do one more piece of work (at once, when it may)."""
        if self.used < self.per_turn and not self.waiters:
            self.used += 1
            self._arm()
            return
        waiter = asyncio.get_running_loop().create_future()
        self.waiters.append(waiter)
        self._arm()
        try:
            await waiter
        except asyncio.CancelledError:
            if not waiter.done() or waiter.cancelled():
                with contextlib.suppress(ValueError):
                    self.waiters.remove(waiter)
            raise

    def _arm(self) -> None:
        """Have the next turn start afresh (a callback scheduled now runs in the next turn)."""
        if not self.armed:
            self.armed = True
            asyncio.get_running_loop().call_soon(self._next_turn)

    def _next_turn(self) -> None:
        self.armed = False
        self.used = 0
        while self.waiters and self.used < self.per_turn:
            waiter = self.waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                self.used += 1
        if self.used:
            self._arm()
