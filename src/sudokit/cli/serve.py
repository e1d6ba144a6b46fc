"""``sudoku serve``: the local web page (and its JSON API) to play, check, hint and explain."""

from __future__ import annotations

import argparse
import contextlib
from typing import TYPE_CHECKING

from ..extras import install_hint
from ._inputs import positive_int
from .env import Env
from .status import ExitStatus

if TYPE_CHECKING:
    import socket


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``sudoku serve`` and its options."""
    p = sub.add_parser(
        "serve",
        help="a local web page to enter, make, play, check, hint, explain and rate puzzles",
        description="Serve a web page where puzzles can be typed, pasted, opened or made, "
        "played with pencil marks, checked, hinted, explained step by step and rated, and the "
        "JSON API under /api/ that it uses (GET /api lists it). It listens on this machine "
        "only unless --host says otherwise, and writes nothing to disk. Needs the web extra: "
        f"{install_hint('web')}. Ctrl+C stops it.",
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; "
                   "0.0.0.0 lets the network in)")
    p.add_argument("--port", type=int, default=8000,
                   help="port (default 8000; 0 picks a free one)")
    p.add_argument("--open", action="store_true", help="open the page in a web browser")
    p.add_argument("--workers", type=positive_int, metavar="N",
                   help="processes for the heavy requests (default: one per core, up to 8; "
                   "more than the machine has are cut to what it has)")
    p.add_argument("--time-limit", type=float, default=5.0, metavar="SECONDS",
                   help="seconds of work one request may take (default 5)")


def run(args: argparse.Namespace, env: Env) -> int:
    """Serve until interrupted; the exit status."""
    try:
        # deferred: the web extra is optional, and no other command needs it
        from ..web import Limits, create_app
        from ..web.app import LOOPBACK_HOSTS
        from ..web.connections import server as make_server
    except ImportError as e:
        env.error(f"sudoku serve needs the web extra ({e.name} is missing): "
                  f"{install_hint('web')}")
        return ExitStatus.USAGE
    if not args.host.strip():  # an empty host would listen on every interface
        env.error("--host is empty: give an address to listen on (127.0.0.1: this machine "
                  "only; 0.0.0.0: the network)")
        return ExitStatus.USAGE
    if not 0 <= args.port <= 65535:
        env.error(f"--port must be from 0 to 65535, got {args.port}")
        return ExitStatus.USAGE
    if not args.time_limit > 0:
        env.error(f"--time-limit must be positive, got {args.time_limit}")
        return ExitStatus.USAGE
    try:
        sock = _listen(args.host, args.port)
    except OSError as e:
        env.error(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}")
        return ExitStatus.USAGE
    port = sock.getsockname()[1]
    loopback = _is_loopback(args.host)
    limits = Limits(time_limit=args.time_limit, workers=args.workers)
    app = create_app(limits, allowed_hosts=LOOPBACK_HOSTS if loopback else None)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if shown in ('0.0.0.0', '[::]') else shown}:{port}/"
    env.warn(f"serving on {url} (Ctrl+C stops)")
    if not loopback:
        env.warn(f"listening on {args.host}: anyone who can reach this machine can use the page")
    server = make_server(app, log_level="warning", access_log=False, lifespan="on")
    if args.open:
        import threading  # deferred to keep `sudoku` start-up fast: only --open needs it

        threading.Thread(target=_open_when_started, args=(server, url), daemon=True).start()
    # Ctrl+C is how a server is meant to stop: not an error
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    return ExitStatus.OK


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to (host, port), so the port is known (and taken) before serving."""
    import socket  # deferred to keep `sudoku` start-up fast: only serve listens

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named outright: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on
    # sockets that say they are TCP, and with it on, a keep-alive answer can wait 40 ms
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(2048)
    return sock


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    import ipaddress  # deferred to keep `sudoku` start-up fast: only serve needs it

    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _open_when_started(server: object, url: str) -> None:
    # deferred to keep `sudoku` start-up fast: webbrowser brings subprocess and shlex
    import time
    import webbrowser

    for _ in range(100):
        if getattr(server, "started", False):
            webbrowser.open(url)
            return
        time.sleep(0.1)
