"""The web application: the page, its assets and the JSON API, with the server's limits.

:func:`create_app` builds a Starlette (ASGI) application; ``sudoku serve`` runs it under
uvicorn, and any ASGI server can. What keeps it safe by default:

- requests bodies are read up to ``Limits.max_body`` bytes (413 past that);
- puzzles are bounded in size (``max_size`` for solve, count, check and convert,
  ``logic_max_size`` for hint, explain, rate and create);
- every heavy request runs in a worker process under a hard time limit (see
  :mod:`sudokit.web.pool`), at most ``workers`` at once with ``queue`` more waiting, and is
  turned away with 503 beyond that;
- the Host header must name the machine itself when the server listens on loopback (so a
  web page elsewhere cannot reach it through DNS rebinding), and be given once;
- an API call must come from the page itself: a request whose ``Origin`` or
  ``Sec-Fetch-Site`` says another site sent it is refused (403), and so is a body not
  declared ``application/json`` (415), which is all a form elsewhere could send;
- the page runs only its own scripts (a Content-Security-Policy of 'self'; pictures also from the
  page's own blobs, a photo it scaled down), and nothing is
  written to disk: the page keeps its state in the browser.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import api
from .pool import WorkerPool, default_workers
from .turns import TurnBudget

STATIC = Path(__file__).parent / "static"

#: Host names that stand for this machine (the Host header's name, port left out).
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")


@dataclass(frozen=True)
class Limits:
    """How much one request, and all of them together, may ask of the server."""

    #: largest request body, in bytes
    max_body: int = 64 * 1024
    #: largest side of a puzzle for solve, count, check and convert (64x64 has 4096 cells)
    max_size: int = 64
    #: largest side for hint, explain, rate and create (the logic is Python: slower)
    logic_max_size: int = 25
    #: seconds of work one request may take (search stops itself then; other work is
    #: stopped from outside a moment later)
    time_limit: float = 5.0
    #: seconds for making a puzzle (a rated level may take several tries)
    create_time_limit: float = 20.0
    #: highest ``limit`` a count may ask for
    max_count: int = 100_000
    #: worker processes, so heavy requests that run at once (None: one per core, up to 8)
    workers: int | None = None
    #: heavy requests that may wait for a worker; more are answered 503 at once
    queue: int = 512


class BodyLimit:
    """Answers 413 before reading a body its Content-Length says is too large, and stops
    one that grows past the limit as it arrives (a body without a length)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    length = -1
                if length < 0 or length > self.limit:
                    await _too_large(self.limit)(scope, receive, send)
                    return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise api.BadRequest(_too_large_text(self.limit), status=413)
            return message

        await self.app(scope, counted, send)


def _too_large_text(limit: int) -> str:
    return f"the request body is larger than this server's limit of {limit} bytes"


def _too_large(limit: int) -> Response:
    return JSONResponse({"error": _too_large_text(limit)}, status_code=413)


class HostCheck:
    """Starlette's check of the Host header (:class:`TrustedHostMiddleware`), answering a
    refused request as every other error is, ``{"error": message}`` with 400, rather than
    in plain text."""

    def __init__(self, app: ASGIApp, allowed_hosts: Sequence[str]) -> None:
        self.app = app
        self.check = TrustedHostMiddleware(_host_allowed, allowed_hosts=list(allowed_hosts))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def refused(message: Message) -> None:  # the plain-text answer is dropped
            pass

        await self.check(scope, receive, refused)
        if scope.get(_HOST_ALLOWED):
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host", "")
        await JSONResponse({"error": f"the Host header {json.dumps(host)} does not name this "
                                     "server (it answers only requests addressed to it)"},
                           status_code=400)(scope, receive, send)


#: Set in a request's scope once its Host header is found allowed.
_HOST_ALLOWED = "sudokit.host_allowed"


async def _host_allowed(scope: Scope, receive: Receive, send: Send) -> None:
    scope[_HOST_ALLOWED] = True


class OneHost:
    """Answers 400 to a request that names its host twice, or (in HTTP/1.1) not at all, as
    HTTP asks: two Host headers could be read one way here and another by a proxy."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            hosts = sum(name == b"host" for name, _ in scope["headers"])
            if hosts > 1 or (hosts == 0 and scope.get("http_version") == "1.1"):
                named = "names its host twice" if hosts else "names no host"
                await JSONResponse({"error": f"the request {named}: HTTP/1.1 asks for one "
                                             "Host header"}, status_code=400)(
                    scope, receive, send)
                return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """Headers that keep the page to its own scripts and styles, on every response."""

    HEADERS = [
        (b"content-security-policy",
         b"default-src 'self'; img-src 'self' data: blob:; object-src 'none'; "
         b"frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"cache-control", b"no-cache"),
    ]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + self.HEADERS
            await send(message)

        await self.app(scope, receive, with_headers)


async def _index(request: Request) -> Response:
    return Response((STATIC / "index.html").read_bytes(), media_type="text/html; charset=utf-8")


async def _service_worker(request: Request) -> Response:
    # served from the root, so that it may keep the page ("/") as well as /static/
    return Response((STATIC / "sw.js").read_bytes(), media_type="text/javascript; charset=utf-8")


async def _not_found(request: Request, exc: Exception) -> Response:
    if request.url.path.startswith("/api"):
        return JSONResponse({"error": f"no such API call: {request.url.path}"}, status_code=404)
    return JSONResponse({"error": "not found"}, status_code=404)


async def _not_allowed(request: Request, exc: Exception) -> Response:
    # the route says what it takes ("GET, HEAD" or "POST"), and the answer keeps its Allow
    allow = getattr(exc, "headers", None) or {}
    methods = allow.get("Allow", "GET")
    takes = "POST" if "POST" in methods.split(", ") else "GET"
    return JSONResponse({"error": f"{request.url.path} takes {takes}, not {request.method}"},
                        status_code=405, headers={"Allow": methods})


def create_app(
    limits: Limits | None = None,
    allowed_hosts: Sequence[str] | None = None,
) -> Starlette:
    """The application. ``allowed_hosts``: the names the Host header may carry (None: any;
    ``sudoku serve`` passes the loopback names when it listens on loopback)."""
    limits = limits or Limits()
    pool = WorkerPool(limits.workers or default_workers(), limits.queue)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await pool.start()
        try:
            yield
        finally:
            await pool.close()

    middleware = [Middleware(SecurityHeaders), Middleware(BodyLimit, limit=limits.max_body)]
    if allowed_hosts is not None:
        middleware.insert(0, Middleware(HostCheck, allowed_hosts=list(allowed_hosts)))
    middleware.insert(0, Middleware(OneHost))
    routes: list[Route | Mount] = [Route("/", _index), Route("/sw.js", _service_worker)]
    routes += api.routes()
    routes.append(Mount("/static", StaticFiles(directory=STATIC), name="static"))
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={404: _not_found, 405: _not_allowed,
                            api.BadRequest: api.bad_request},
    )
    app.state.limits = limits
    app.state.pool = pool
    app.state.turns = TurnBudget(api.INLINE_PER_TURN)
    return app

