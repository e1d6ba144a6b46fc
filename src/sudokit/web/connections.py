"""The server's connections: how long a client may take to send a request, and how many
connections one client, and all together, may hold.

uvicorn's own HTTP protocol (httptools) times a connection out only between requests, and
counts idle connections against its concurrency limit, so sockets that never send a byte, or
send a request a byte at a time, could hold every slot for ever. :func:`server` runs the
application under uvicorn with that protocol extended (:class:`Guarded`):

- a connection that sends nothing for ``idle_timeout`` seconds (a new one before its first
  byte, or a kept-alive one between requests) is closed;
- a request (headers and body) must arrive whole within ``request_timeout`` seconds of its
  first byte, or it is answered 408 and the connection closed (work that has begun, such as
  making a puzzle, has its own time limits and is not cut by this);
- a client that stops reading its answers (the server's buffers for it full) for
  ``unread_timeout`` seconds has its connection dropped;
- at most ``max_connections`` connections at once, and ``per_client`` from one address: past
  either, the connection that has been idle longest (of that address, for the second) is
  closed to make room, so idle sockets can never shut anyone out; only when none is idle is
  the new connection answered 503 and closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import struct
from dataclasses import dataclass
from typing import Any, cast

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle


@dataclass(frozen=True)
class ConnectionLimits:
    """How long a client may keep a connection waiting, and how many it may hold."""

    #: connections held at once (past that, the longest idle one is closed to make room)
    max_connections: int = 1000
    #: connections one client address may hold at once (all of loopback is one address)
    per_client: int = 256
    #: seconds a connection may send nothing: a new one, or one between requests
    idle_timeout: float = 5.0
    #: seconds a request's headers and body may take to arrive, from its first byte
    request_timeout: float = 10.0
    #: seconds an answer may wait for a client that has stopped reading it
    unread_timeout: float = 10.0

    def __post_init__(self) -> None:
        for name in ("max_connections", "per_client"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
        for name in ("idle_timeout", "request_timeout", "unread_timeout"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
                raise ValueError(f"{name} must be a positive number of seconds, got {value!r}")


#: Seconds a connection answered with an error is read from before it is closed.
LINGER = 1.0


def server(app: Any, limits: ConnectionLimits | None = None, **config: Any) -> uvicorn.Server:
    """A uvicorn server of ``app`` whose connections keep to ``limits``; ``config``: more
    options of :class:`uvicorn.Config` (``log_level``, ``lifespan``...)."""
    limits = limits or ConnectionLimits()
    return uvicorn.Server(uvicorn.Config(
        app, http=guarded(limits), limit_concurrency=None,
        timeout_keep_alive=max(1, round(limits.idle_timeout)), **config))


def guarded(limits: ConnectionLimits) -> type[Guarded]:
    """The protocol class for one server: its connections share one :class:`Door`."""
    return cast("type[Guarded]", type("GuardedHttpTools", (Guarded,), {"door": Door(limits)}))


def _answer(status: bytes, message: str) -> bytes:
    """A whole HTTP response with ``{"error": message}``, closing the connection."""
    body = json.dumps({"error": message}).encode()
    return (b"HTTP/1.1 " + status + b"\r\ncontent-type: application/json\r\n"
            b"connection: close\r\ncontent-length: " + str(len(body)).encode() + b"\r\n"
            + (b"retry-after: 1\r\n" if status.startswith(b"503") else b"") + b"\r\n" + body)


class Door:
    """The connections of one server: how many each address holds, and which are idle
    (oldest first), so that a new connection can make room."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.open: set[Guarded] = set()
        self.per_client: dict[str, int] = {}
        #: idle connections, longest idle first (a dict keeps its order)
        self.idle: dict[Guarded, None] = {}

    def admit(self, conn: Guarded) -> bool:
        """Let ``conn`` in, closing an idle connection when it needs the room; False when
        there is no room (every connection, or every one of its address, is busy)."""
        address = conn.address
        if (self.per_client.get(address, 0) >= self.limits.per_client
                and not self._evict(address)):
            return False
        if len(self.open) >= self.limits.max_connections and not self._evict(None):
            return False
        self.open.add(conn)
        self.per_client[address] = self.per_client.get(address, 0) + 1
        return True

    def leave(self, conn: Guarded) -> None:
        """Forget ``conn`` (closed); once only."""
        self.idle.pop(conn, None)
        if conn not in self.open:
            return
        self.open.discard(conn)
        left = self.per_client[conn.address] - 1
        if left:
            self.per_client[conn.address] = left
        else:
            del self.per_client[conn.address]

    def _evict(self, address: str | None) -> bool:
        """Close the longest idle connection (of ``address``, unless None); whether there
        was one."""
        for conn in self.idle:
            if address is None or conn.address == address:
                self.leave(conn)
                conn.transport.close()
                return True
        return False


class Guarded(HttpToolsProtocol):
    """uvicorn's httptools protocol with deadlines for the client's side of a request and
    a place in its server's :class:`Door`."""

    door: Door  # set by :func:`guarded`, one per server

    timer: asyncio.TimerHandle | None = None
    #: runs while the client is not reading what the server writes
    unread_timer: asyncio.TimerHandle | None = None
    #: the request the application is answering now
    running: RequestResponseCycle | None = None
    #: answered and closing: what the client still sends is read and dropped
    lingering = False
    #: a request has begun to arrive and has not arrived whole
    receiving = False
    #: the headers of the request now arriving are in (``cycle`` is its own)
    headers_in = False

    @property
    def address(self) -> str:
        """The client's address ("" where the transport does not say)."""
        return self.client[0] if self.client else ""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self.door.admit(self):
            self._answer_and_close(b"503 Service Unavailable", "the server holds as many "
                                   "connections as it may; try again in a moment")
            return
        self._idle()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disconnect()
        self._stop_timer()
        if self.unread_timer is not None:
            self.unread_timer.cancel()
        self.door.leave(self)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.lingering:
            return
        if self in self.door.idle:  # a request begins
            del self.door.idle[self]
            self._start_timer(self.door.limits.request_timeout, self._too_slow)
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.receiving = True
        self.headers_in = False
        if self.timer is None:  # a request sent right behind another
            self._start_timer(self.door.limits.request_timeout, self._too_slow)

    def _start_asgi_task(self, cycle: RequestResponseCycle, app: Any) -> None:
        self.running = cycle
        super()._start_asgi_task(cycle, app)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self.headers_in = True

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self.receiving = False
        self._stop_timer()
        if self.cycle is None or self.cycle.response_complete:
            # answered before its body was read (413): now it has been
            self._after_response()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._after_response()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self.unread_timer is None:
            self.unread_timer = self.loop.call_later(self.door.limits.unread_timeout,
                                                     self._drop)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.unread_timer is not None:
            self.unread_timer.cancel()
            self.unread_timer = None

    def _drop(self) -> None:
        """The client has not read its answer in time: drop the connection and what it
        was sent (closing would wait for the client to read it)."""
        self.unread_timer = None
        self.door.leave(self)
        self._disconnect()
        sock = self.transport.get_extra_info("socket")
        with contextlib.suppress(OSError, AttributeError, TypeError):
            # closed at once with a reset, not once the client has read what it was sent
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.transport.abort()

    def _disconnect(self) -> None:
        """Tell every request of this connection, the one at work and any sent behind it
        (uvicorn tells only the last one read), that the client is gone, so that what
        they still send goes nowhere."""
        for cycle in (self.running, self.cycle, *(c for c, _ in self.pipeline)):
            if cycle is not None and not cycle.response_complete:
                cycle.disconnected = True
                cycle.message_event.set()

    def _after_response(self) -> None:
        # a request sent right behind the one answered may be running now (uvicorn has
        # started it): the connection is idle only when nothing is on its way or at work
        working = self.cycle is not None and not self.cycle.response_complete
        if not (self.receiving or working or self.pipeline or self.lingering
                or self.transport.is_closing()):
            self._idle()

    def _idle(self) -> None:
        self.door.idle[self] = None
        self._start_timer(self.door.limits.idle_timeout, self._close)

    def _start_timer(self, seconds: float, then: Any) -> None:
        self._stop_timer()
        self.timer = self.loop.call_later(seconds, then)

    def _stop_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _close(self) -> None:
        self.timer = None
        self.door.leave(self)
        if not self.transport.is_closing():
            self.transport.close()

    def _too_slow(self) -> None:
        """The request did not arrive in time: 408 (unless an answer has begun), closed."""
        self.timer = None
        answered = self.headers_in and self.cycle is not None and self.cycle.response_started
        if answered or self.transport.is_closing():
            self._close()
            return
        self.door.leave(self)
        seconds = self.door.limits.request_timeout
        self._answer_and_close(b"408 Request Timeout", "the request did not arrive whole "
                               f"within {seconds:g} seconds")

    def _answer_and_close(self, status: bytes, message: str) -> None:
        """Send an error and close, reading (and dropping) what the client still sends for
        a moment: closed with unread bytes, the connection would be reset, and the client
        might never see the answer."""
        self.transport.write(_answer(status, message))
        self.lingering = True
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self._start_timer(LINGER, self._close)
