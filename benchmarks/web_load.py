"""Load test of ``sudoku serve`` on 127.0.0.1: a flood of one kind of request next to another
kind, each from connections of its own; or idle sockets held while others ask.

    python benchmarks/web_load.py [--solve-clients 100] [--hint-clients 100] [--seconds 20]
                                  [--max-requests 200000] [--data data/puzzles2_17_clue.txt]
                                  [--server-cores 0] [--client-cores 1] [--workers 2]
                                  [--server-nice -10]
    python benchmarks/web_load.py --idle 1000 [--solve-clients 20] [--seconds 20]

It starts ``sudoku serve --port 0`` itself (pinned with taskset to --server-cores when
given). The default mode is a flood: --solve-clients keep-alive connections each send a 9x9
solve as soon as the last is answered (the server answers those itself), while
--hint-clients other connections, in another client process, do the same with hints (which
go to the worker processes). Each kind runs on its own connections, so neither paces the
other: what it measures is whether the heavy calls still get through while the cheap ones
keep the server busy. It prints, for each call, the requests answered, their rate, the
latency percentiles (p50, p95, p99, max) and the errors (any answer but 200, or a broken
connection), as a Markdown table, and the server's CPU time.

With --idle N it first opens N sockets that never send a byte and holds them, then runs the
solve clients for --seconds (each on a fresh connection per request, as a browser coming
back later would) and counts the requests answered, refused (503) and failed (connection
closed or refused), and how many of the idle sockets the server had closed by the end.
Puzzles are taken from the data file in order, wrapping around.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Seconds a client waits for a connection or an answer before it counts the request lost.
TIMEOUT = 10.0


def puzzles(path: Path, limit: int = 20_000) -> list[str]:
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line)
                if len(out) == limit:
                    break
    return out


def start_server(cores: str | None, workers: int,
                 nice: int | None) -> tuple[subprocess.Popen[str], int]:
    cmd = [sys.executable, "-m", "sudokit", "serve", "--port", "0", "--workers", str(workers)]
    if cores is not None and shutil.which("taskset"):
        cmd = ["taskset", "-c", cores, *cmd]
    if nice is not None:
        cmd = ["nice", "-n", str(nice), *cmd]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not found:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, int(found.group(1))


def cpu_seconds(pid: int, children: bool = True) -> float:
    """CPU time (user + system) of a process and its children now alive (Linux /proc)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / tick
        for task in Path(f"/proc/{pid}/task").iterdir() if children else ():
            for child in (task / "children").read_text().split():
                total += cpu_seconds(int(child))
    except (OSError, IndexError, ValueError):
        pass
    return total


def request(port: int, op: str, puzzle: str, close: bool = False) -> bytes:
    body = json.dumps({"puzzle": puzzle}).encode()
    head = (f"POST /api/{op} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            + ("Connection: close\r\n" if close else "") + "\r\n")
    return head.encode() + body


async def read_response(reader: asyncio.StreamReader) -> int:
    """Read one HTTP/1.1 response; its status."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    found = re.search(rb"(?i)content-length:\s*(\d+)", head)
    if found is None:
        raise ConnectionError("a response without Content-Length")
    await reader.readexactly(int(found.group(1)))
    return status


class Tally:
    """What one kind of client saw: latencies of the answers (200) and counts of the rest."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.latencies: list[float] = []
        self.outcomes: Counter[str] = Counter()


async def keep_alive_client(port: int, op: str, data: list[str], start: int, stop_at: float,
                            tally: Tally) -> None:
    """Send ``op`` requests one after the other on one connection until the time or the
    budget is spent (reconnecting after a broken connection)."""
    i = start
    reader = writer = None
    try:
        while time.perf_counter() < stop_at and tally.budget > 0:
            tally.budget -= 1
            payload = request(port, op, data[i % len(data)])
            i += 1
            t0 = time.perf_counter()
            try:
                if writer is None:
                    reader, writer = await asyncio.wait_for(
                        asyncio.open_connection("127.0.0.1", port), TIMEOUT)
                assert reader is not None
                writer.write(payload)
                await writer.drain()
                status = await asyncio.wait_for(read_response(reader), TIMEOUT)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ConnectionError) as e:
                tally.outcomes["no answer in 10 s" if isinstance(e, TimeoutError)
                               else "connection"] += 1
                if writer is not None:
                    writer.close()
                reader = writer = None
                continue
            if status == 200:
                tally.latencies.append(time.perf_counter() - t0)
            tally.outcomes[str(status)] += 1
    finally:
        if writer is not None:
            writer.close()


async def fresh_connection_client(port: int, op: str, data: list[str], start: int,
                                  stop_at: float, tally: Tally) -> None:
    """Send ``op`` requests, each on a connection of its own."""
    i = start
    while time.perf_counter() < stop_at and tally.budget > 0:
        tally.budget -= 1
        payload = request(port, op, data[i % len(data)], close=True)
        i += 1
        t0 = time.perf_counter()
        writer = None
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port), TIMEOUT)
            writer.write(payload)
            await writer.drain()
            status = await asyncio.wait_for(read_response(reader), TIMEOUT)
        except TimeoutError:
            tally.outcomes["no answer in 10 s"] += 1
            continue
        except (OSError, asyncio.IncompleteReadError, ConnectionError):
            tally.outcomes["connection"] += 1
            await asyncio.sleep(0.01)  # a refused connection is answered at once
            continue
        finally:
            if writer is not None:
                writer.close()
        if status == 200:
            tally.latencies.append(time.perf_counter() - t0)
        tally.outcomes[str(status)] += 1


def run_clients(port: int, op: str, clients: int, fresh: bool, data: list[str],
                seconds: float, budget: int, results: multiprocessing.Queue) -> None:
    """One client process: ``clients`` connections asking ``op`` for ``seconds``."""
    async def main() -> Tally:
        tally = Tally(budget)
        stop_at = time.perf_counter() + seconds
        each = fresh_connection_client if fresh else keep_alive_client
        await asyncio.gather(*(each(port, op, data, k * 7919, stop_at, tally)
                               for k in range(clients)))
        return tally

    tally = asyncio.run(main())
    results.put((op, tally.latencies, dict(tally.outcomes)))


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def hold_idle(port: int, count: int) -> list[socket.socket]:
    """``count`` connections that send nothing (fewer if the server refuses some)."""
    held = []
    for _ in range(count):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError:
            break
    return held


def closed_by_server(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--solve-clients", type=int, default=100)
    p.add_argument("--hint-clients", type=int, default=100)
    p.add_argument("--idle", type=int, default=0, metavar="N",
                   help="hold N idle sockets, then count the solves answered")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--max-requests", type=int, default=200_000,
                   help="at most this many requests of each kind")
    p.add_argument("--data", type=Path, default=ROOT / "data" / "puzzles2_17_clue.txt")
    p.add_argument("--server-cores", default=None, help="taskset list for the server")
    p.add_argument("--client-cores", default=None, help="taskset list for the clients")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--server-nice", type=int, default=None,
                   help="run the server at this niceness (negative, as root: ahead of other "
                   "work on a shared machine, nearer to a core of its own)")
    args = p.parse_args()
    if args.client_cores is not None:
        os.sched_setaffinity(0, {int(c) for c in args.client_cores.split(",")})
    data = puzzles(args.data)
    proc, port = start_server(args.server_cores, args.workers, args.server_nice)
    idle: list[socket.socket] = []
    kinds = [("solve", args.solve_clients)]
    if not args.idle:
        kinds.append(("hint", args.hint_clients))
    kinds = [(op, n) for op, n in kinds if n > 0]
    try:
        time.sleep(1.0)  # the worker processes start
        idle = hold_idle(port, args.idle)
        if args.idle:
            time.sleep(1.0)  # the server has seen them all
        cpu0, main0 = cpu_seconds(proc.pid), cpu_seconds(proc.pid, children=False)
        results: multiprocessing.Queue = multiprocessing.Queue()
        t0 = time.perf_counter()
        clients = [multiprocessing.Process(target=run_clients, args=(
            port, op, n, bool(args.idle), data, args.seconds, args.max_requests, results))
            for op, n in kinds]
        for c in clients:
            c.start()
        tallies = [results.get() for _ in clients]
        for c in clients:
            c.join()
        took = time.perf_counter() - t0
        cpu = cpu_seconds(proc.pid) - cpu0
        main_cpu = cpu_seconds(proc.pid, children=False) - main0
        closed = sum(closed_by_server(s) for s in idle)
    finally:
        for s in idle:
            s.close()
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            print("the server did not stop within 10 s of SIGTERM: killed")
            proc.kill()
    print(f"{' and '.join(f'{n} {op}' for op, n in kinds)} clients, {took:.1f} s, server on "
          f"cores {args.server_cores or 'any'} with {args.workers} worker(s), puzzles from "
          f"{args.data.name}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.idle:
        print(f"\n{args.idle} idle sockets asked for, {len(idle)} opened; by the end the "
              f"server had closed {closed} of them")
    print()
    print("| call | answered | per second | p50 ms | p95 ms | p99 ms | max ms | other answers |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for op, values, outcomes in sorted(tallies):
        other = ", ".join(f"{k} x{v}" for k, v in sorted(outcomes.items()) if k != "200")
        print(f"| {op} | {len(values)} | {len(values) / took:.0f} | {pct(values, 0.5):.1f} | "
              f"{pct(values, 0.95):.1f} | {pct(values, 0.99):.1f} | "
              f"{max(values, default=0) * 1000:.1f} | {other or 'none'} |")
    answered = sum(len(values) for _, values, _ in tallies)
    if answered:
        per = cpu / answered
        print(f"\nserver CPU time {cpu:.1f} s ({main_cpu:.1f} s in the server process, the "
              f"rest in its workers), {per * 1000:.2f} ms a request")


if __name__ == "__main__":
    main()
