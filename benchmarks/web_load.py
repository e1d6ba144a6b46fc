"""Load test of ``sudoku serve``: many concurrent hint and solve requests against a local
server, for a bounded time and a bounded number of requests, on 127.0.0.1 only.

    python benchmarks/web_load.py [--clients 200] [--seconds 30] [--max-requests 200000]
                                  [--mix hint,solve] [--data data/puzzles2_17_clue.txt]
                                  [--server-cores 0] [--client-cores 1] [--workers 1]
                                  [--server-nice -10]

It starts ``sudoku serve --port 0`` itself (pinned with taskset to --server-cores when
given: "0" is one core, for the server and its workers together), opens --clients
keep-alive connections from one asyncio client (pinned to --client-cores), and has each send
its next request as soon as the last is answered: hint and solve in turn, each on a puzzle
of the data file (taken in order, wrapping around). At the end it prints, for each call, the
requests answered, their rate, the latency percentiles (p50, p95, p99, max) and the errors
(any answer but 200, or a broken connection), as a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def request(port: int, op: str, puzzle: str) -> bytes:
    body = json.dumps({"puzzle": puzzle}).encode()
    head = (f"POST /api/{op} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
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


async def client(port: int, ops: list[str], data: list[str], start: int, stop_at: float,
                 budget: list[int], lat: dict[str, list[float]],
                 errors: dict[str, int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    i = start
    try:
        while time.perf_counter() < stop_at and budget[0] > 0:
            budget[0] -= 1
            op = ops[i % len(ops)]
            payload = request(port, op, data[i % len(data)])
            i += 1
            t0 = time.perf_counter()
            try:
                writer.write(payload)
                await writer.drain()
                status = await read_response(reader)
            except (OSError, asyncio.IncompleteReadError, ConnectionError):
                errors[f"{op}: connection"] += 1
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                continue
            if status == 200:
                lat[op].append(time.perf_counter() - t0)
            else:
                errors[f"{op}: HTTP {status}"] += 1
    finally:
        writer.close()


async def load(port: int, args: argparse.Namespace, data: list[str]) -> tuple[
        dict[str, list[float]], dict[str, int], float]:
    ops = args.mix.split(",")
    lat: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    budget = [args.max_requests]
    t0 = time.perf_counter()
    stop_at = t0 + args.seconds
    await asyncio.gather(*(client(port, ops, data, k * 7919, stop_at, budget, lat, errors)
                           for k in range(args.clients)))
    return lat, errors, time.perf_counter() - t0


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clients", type=int, default=200)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--max-requests", type=int, default=200_000)
    p.add_argument("--mix", default="hint,solve")
    p.add_argument("--data", type=Path, default=ROOT / "data" / "puzzles2_17_clue.txt")
    p.add_argument("--server-cores", default=None, help="taskset list for the server")
    p.add_argument("--client-cores", default=None, help="taskset list for this client")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--server-nice", type=int, default=None,
                   help="run the server at this niceness (negative, as root: ahead of other "
                   "work on a shared machine, nearer to a core of its own)")
    args = p.parse_args()
    if args.client_cores is not None:
        os.sched_setaffinity(0, {int(c) for c in args.client_cores.split(",")})
    data = puzzles(args.data)
    proc, port = start_server(args.server_cores, args.workers, args.server_nice)
    try:
        time.sleep(1.0)  # the worker processes start
        cpu0, main0 = cpu_seconds(proc.pid), cpu_seconds(proc.pid, children=False)
        lat, errors, took = asyncio.run(load(port, args, data))
        cpu = cpu_seconds(proc.pid) - cpu0
        main_cpu = cpu_seconds(proc.pid, children=False) - main0
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print(f"{args.clients} clients, {took:.1f} s, server on cores {args.server_cores or 'any'} "
          f"with {args.workers} worker(s), puzzles from {args.data.name}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print()
    print("| call | answered | per second | p50 ms | p95 ms | p99 ms | max ms | errors |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for op in args.mix.split(","):
        values = lat.get(op, [])
        bad = sum(v for k, v in errors.items() if k.startswith(f"{op}:"))
        print(f"| {op} | {len(values)} | {len(values) / took:.0f} | {pct(values, 0.5):.1f} | "
              f"{pct(values, 0.95):.1f} | {pct(values, 0.99):.1f} | "
              f"{max(values, default=0) * 1000:.1f} | {bad} |")
    if errors:
        print()
        print("errors: " + ", ".join(f"{k} x{v}" for k, v in sorted(errors.items())))
    every = [v for values in lat.values() for v in values]
    if every:
        per = cpu / len(every)
        print(f"\nall calls: mean {statistics.mean(every) * 1000:.1f} ms; server CPU time "
              f"{cpu:.1f} s ({main_cpu:.1f} s in the server process, the rest in its "
              f"workers), {per * 1000:.2f} ms a request: one core to itself would answer "
              f"about {1 / per:.0f} a second")


if __name__ == "__main__":
    main()
