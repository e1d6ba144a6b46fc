"""``sudoku serve``'s connections, on a real server on 127.0.0.1: idle and slow clients are cut
off and never shut others out, a client that leaves mid-request leaves no traceback, and a
request must say once which host it is for. The deadlines are made short here; every wait
of these tests is bounded by a count of steps, never asserted on."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("uvicorn")

from sudokit.web import Limits, create_app  # noqa: E402
from sudokit.web.connections import ConnectionLimits, server  # noqa: E402

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SHORT = ConnectionLimits(max_connections=20, per_client=20, idle_timeout=0.5,
                         request_timeout=1.0, unread_timeout=1.0)


class Log(logging.Handler):
    """The records the server logs."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self) -> list[str]:
        return [line for r in self.records for line in self.format(r).splitlines()]


@contextlib.contextmanager
def serving(limits: ConnectionLimits = SHORT) -> Iterator[tuple[int, Log]]:
    """A server in a thread of this process: its port and its log."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    port = sock.getsockname()[1]
    app = create_app(Limits(workers=1), allowed_hosts=("127.0.0.1",))
    srv = server(app, limits, log_level="warning", access_log=False, lifespan="on")
    log = Log()
    logger = logging.getLogger("uvicorn.error")
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(600):  # the workers start
            if srv.started:
                break
            time.sleep(0.05)
        assert srv.started
        logger.addHandler(log)
        yield port, log
    finally:
        logger.removeHandler(log)
        srv.should_exit = True
        thread.join(30)
        sock.close()


def connect(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(20)  # a bound on a test that goes wrong, not a measurement
    return s


def solve_request(port: int, close: bool = True, host: bytes | None = None) -> bytes:
    body = json.dumps({"puzzle": EASY}).encode()
    head = b"POST /api/solve HTTP/1.1\r\n"
    head += b"Host: 127.0.0.1:%d\r\n" % port if host is None else host
    head += b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(body)
    head += b"Connection: close\r\n\r\n" if close else b"\r\n"
    return head + body


def answer(s: socket.socket) -> tuple[int, bytes]:
    """Read a whole response of a connection the server closes: its status and body."""
    data = b""
    while chunk := s.recv(65536):
        data += chunk
    if not data:
        return 0, b""
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def ask(port: int, request: bytes | None = None) -> tuple[int, bytes]:
    with connect(port) as s:
        s.sendall(request or solve_request(port))
        return answer(s)


def closed(s: socket.socket) -> bool:
    """Whether the server has closed ``s`` (waiting for it at most the socket's timeout)."""
    try:
        return s.recv(1) == b""
    except ConnectionResetError:
        return True


# -- idle and slow connections --------------------------------------------------------------
def test_idle_sockets_do_not_lock_others_out_and_are_closed():
    with serving() as (port, _):
        idle = [connect(port) for _ in range(SHORT.max_connections)]
        try:
            status, body = ask(port)  # every slot was taken by a socket that said nothing
            assert status == 200 and json.loads(body)["status"] == "solved"
            assert all(closed(s) for s in idle)
            assert ask(port)[0] == 200
        finally:
            for s in idle:
                s.close()


def test_a_request_sent_right_behind_another_is_answered_however_long_it_takes():
    empty = "\n".join(" ".join(["0"] * 64) for _ in range(64))
    # a count that runs 1.5 s, past the idle deadline of 0.5 s
    body = json.dumps({"puzzle": empty, "limit": 100_000, "time_limit": 1.5}).encode()
    count = (b"POST /api/count HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
             b"\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
    with serving() as (port, _), connect(port) as s:
        s.sendall(solve_request(port, close=False) + count)  # both at once (pipelined)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    # the solve, then the count: stopped by its own clock, or by the server's a second
    # later on a machine too busy to look at the clock in time; answered either way
    assert data.startswith(b"HTTP/1.1 200 OK") and data.count(b"HTTP/1.1 ") == 2
    assert (b'"status":"timed out"' in data
            or b"count took longer than this server's limit" in data)


def trickle(s: socket.socket, data: bytes) -> int:
    """Send ``data`` a byte at a time, 20 a second, until the server answers or the bytes
    run out; how many were sent."""
    s.setblocking(False)
    sent = 0
    while sent < len(data):
        try:
            if s.recv(1, socket.MSG_PEEK):
                break
        except BlockingIOError:
            pass
        except ConnectionResetError:
            break
        try:
            sent += s.send(data[sent:sent + 1])
        except OSError:
            break
        time.sleep(0.05)
    s.settimeout(20)
    return sent


@pytest.mark.parametrize("part", ["headers", "body"])
def test_a_request_sent_a_byte_at_a_time_is_cut_off_with_408(part):
    request = solve_request(0, host=b"Host: 127.0.0.1\r\n")  # 5 s at 20 bytes a second
    head, _, body = request.partition(b"\r\n\r\n")
    with serving() as (port, log), connect(port) as s:
        if part == "body":
            s.sendall(head + b"\r\n\r\n")
            slow = body
        else:
            slow = request
        sent = trickle(s, slow)
        assert sent < len(slow)  # stopped before the request was whole
        status, text = answer(s)
        assert status == 408
        assert json.loads(text) == {"error": "the request did not arrive whole within 1 "
                                             "seconds"}
        assert ask(port)[0] == 200
        assert not log.lines()


@pytest.mark.skipif(not hasattr(socket, "TCP_INFO"), reason="reads Linux's TCP state")
def test_a_client_that_stops_reading_its_answers_is_dropped():
    with serving() as (port, _):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.settimeout(20)
        with s:
            # 200 copies of the page's script asked for at once, none of them read
            s.sendall(b"GET /static/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 200)
            assert any(dropped(s) for _ in range(100))
        assert ask(port)[0] == 200


def dropped(s: socket.socket) -> bool:
    """Whether the server has closed ``s`` (its TCP state, looked at without reading what
    is waiting there, after 0.2 s)."""
    time.sleep(0.2)
    state = s.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)[0]
    return state in (7, 8)  # TCP_CLOSE (reset) or TCP_CLOSE_WAIT (closed)


def test_one_client_gets_no_more_than_its_share_of_busy_connections():
    limits = ConnectionLimits(max_connections=20, per_client=3, idle_timeout=5,
                              request_timeout=5)
    with serving(limits) as (port, _):
        busy = [connect(port) for _ in range(3)]
        try:
            for s in busy:  # each has begun a request
                s.sendall(b"POST /api/solve HTTP/1.1\r\n")
            status, body = ask(port)
            assert status == 503
            assert "as many connections as it may" in json.loads(body)["error"]
        finally:
            for s in busy:
                s.close()
        idle = [connect(port) for _ in range(3)]
        try:
            assert ask(port)[0] == 200  # idle ones give way
        finally:
            for s in idle:
                s.close()


# -- a client that leaves ---------------------------------------------------------------------
def test_a_client_that_leaves_mid_body_leaves_no_traceback():
    with serving() as (port, log):
        for _ in range(3):
            with connect(port) as s:
                s.sendall(solve_request(port)[:-20])
                time.sleep(0.1)
        assert ask(port)[0] == 200  # served after the three have gone
        assert not [r for r in log.records if r.exc_info]
        assert not log.lines()


# -- Host -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("host", "named"), [
    (b"Host: 127.0.0.1\r\nHost: 127.0.0.1\r\n", "its host twice"),
    (b"Host: 127.0.0.1\r\nHost: evil.example\r\n", "its host twice"),
    (b"", "no host")])
def test_two_host_headers_or_none_are_refused(host, named):
    with serving() as (port, _):
        status, body = ask(port, solve_request(port, host=host))
    assert status == 400
    assert json.loads(body) == {"error": f"the request names {named}: HTTP/1.1 asks for one "
                                         "Host header"}


# -- a flood of solves next to hints ------------------------------------------------------------
async def _flood(port: int, solvers: int, solves: int, hints_wanted: int) -> list[str]:
    """``solvers`` connections each send ``solves`` solves one after the other, while one
    other connection sends hints until ``hints_wanted`` are answered or the solves end; the
    answers in the order they came ("solve" or "hint")."""
    import asyncio

    order: list[str] = []
    flood_over = asyncio.Event()

    async def one(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                  request: bytes) -> int:
        writer.write(request)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
        await reader.readexactly(length)
        return int(head.split(b" ", 2)[1])

    async def solver() -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for _ in range(solves):
            assert await one(reader, writer, solve_request(port, close=False)) == 200
            order.append("solve")
        writer.close()

    async def hinter() -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        hint = solve_request(port, close=False).replace(b"/api/solve", b"/api/hint")
        while not flood_over.is_set() and order.count("hint") < hints_wanted:
            assert await one(reader, writer, hint) == 200
            order.append("hint")
        writer.close()

    async def flood() -> None:
        await asyncio.gather(*(solver() for _ in range(solvers)))
        flood_over.set()

    await asyncio.wait_for(asyncio.gather(flood(), hinter()), 300)
    return order


def test_hints_are_answered_while_a_flood_of_solves_goes_on():
    import asyncio
    import re
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "sudokit", "serve", "--port", "0",
                             "--workers", "1"], stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stderr.readline())
        assert found
        port = int(found.group(1))
        hint = solve_request(port).replace(b"/api/solve", b"/api/hint")
        assert ask(port, hint)[0] == 200  # the server is up, its worker warm
        # (in a thread of its own: a browser test's Playwright may hold this thread's loop)
        with ThreadPoolExecutor(1) as apart:
            order = apart.submit(asyncio.run, _flood(port, solvers=40, solves=50,
                                                     hints_wanted=10)).result()
    finally:
        proc.terminate()
        proc.wait(20)
    # each of the 40 connections has a solve waiting at every moment; a hint waits behind
    # a few of them (about 30 here), not behind all 40 several times over (about 100, as it
    # did when the server answered every waiting solve in each turn of its loop)
    assert order.count("hint") == 10
    tenth = [i for i, kind in enumerate(order) if kind == "hint"][-1]
    assert order[:tenth].count("solve") < 600, f"{order[:tenth].count('solve')} solves first"
