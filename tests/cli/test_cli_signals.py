"""Ctrl-C and SIGTERM stop a command at once, whatever its workers are doing: the worker
processes are gone, ``-o FILE`` is left as it was (no hidden ``.FILE.*.part`` beside it),
and the status says how it ended (130 for Ctrl-C, 143 for SIGTERM).

Each command here is given work that does not end in any time a test could wait for (a
rating of empty 16x16 grids with no time limit to speak of, a count of an empty 9x9 grid to
two billion), so that a command that waited for its pieces in flight would never stop."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

#: Seconds a stopped command is given to end, and its workers to be gone (generous for a
#: loaded machine: a command that waits for its pieces takes hours).
PATIENCE = 60

EMPTY_16 = "." * 256
EMPTY_9 = "." * 81


def start(*args: str, pure: bool = False) -> subprocess.Popen:
    """``sudoku ARGS`` in a process of its own, standard error kept in a file (a pipe would
    be held open by any worker left behind)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if pure:
        env["SUDOKIT_PURE_PYTHON"] = "1"
    err = tempfile.TemporaryFile()  # noqa: SIM115 - read and closed with the process
    process = subprocess.Popen([sys.executable, "-m", "sudokit", *args], env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    process.err = err  # type: ignore[attr-defined]
    return process


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def threads(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


def wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"never saw {what}")
        time.sleep(0.05)


def stopped(process: subprocess.Popen, how: int) -> tuple[int, str]:
    """Send ``how`` and give back (status, standard error); fails when the command does not
    end (it is then killed)."""
    process.send_signal(how)
    try:
        process.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        pytest.fail(f"still running {PATIENCE} s after signal {how}")
    err = process.err  # type: ignore[attr-defined]
    err.seek(0)
    return process.returncode, err.read().decode()


def gone(pids: list[int]) -> bool:
    deadline = time.monotonic() + PATIENCE
    while any(running(p) for p in pids):
        if time.monotonic() > deadline:
            for p in pids:  # leave nothing behind, but fail
                if running(p):
                    os.kill(p, signal.SIGKILL)
            return False
        time.sleep(0.05)
    return True


@pytest.fixture
def workers() -> Iterator[list[int]]:
    """The worker processes a test saw: any still running at its end is killed (a failing
    test leaves nothing behind)."""
    seen: list[int] = []
    yield seen
    for pid in seen:
        if running(pid):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture
def empty_16(tmp_path: Path) -> Path:
    path = tmp_path / "empty16.txt"
    path.write_text((EMPTY_16 + "\n") * 4)
    return path


@pytest.mark.parametrize("how, status, said", [(signal.SIGTERM, 143, "terminated"),
                                              (signal.SIGINT, 130, "interrupted")])
def test_a_stopped_rate_with_jobs_leaves_no_worker_and_the_old_file(
        tmp_path: Path, empty_16: Path, how: int, status: int, said: str,
        workers: list[int]) -> None:
    out = tmp_path / "ratings.txt"
    out.write_text("the old ratings\n")
    process = start("rate", str(empty_16), "--jobs", "2", "--time-limit", "1000000",
                    "-o", str(out))
    wait_for(lambda: len(children(process.pid)) >= 2, "two worker processes")
    workers += children(process.pid)
    assert stopped(process, how) == (status, f"sudoku: error: {said}\n")
    assert gone(workers), "worker processes left running"
    assert out.read_text() == "the old ratings\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty16.txt", "ratings.txt"]


def test_sigterm_during_create_with_jobs_leaves_no_worker(tmp_path: Path, workers: list[int]
                                                          ) -> None:
    process = start("create", "--jobs", "2", "--count", "100000", "--difficulty", "hard",
                    "-o", str(tmp_path / "made.txt"))
    wait_for(lambda: len(children(process.pid)) >= 2, "two worker processes")
    workers += children(process.pid)
    assert stopped(process, signal.SIGTERM) == (143, "sudoku: error: terminated\n")
    assert gone(workers), "worker processes left running"
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_stops_a_count_with_jobs_on_the_pure_python_core(tmp_path: Path) -> None:
    path = tmp_path / "empty9.txt"
    path.write_text((EMPTY_9 + "\n") * 2000)  # several pieces: both threads count one
    process = start("count", str(path), "--jobs", "2", "--limit", "2000000000", pure=True)
    wait_for(lambda: threads(process.pid) >= 2, "a second thread")
    time.sleep(1)  # both threads in a count that never ends
    assert stopped(process, signal.SIGINT) == (130, "sudoku: error: interrupted\n")


def test_sigterm_during_a_solve_to_a_file_leaves_the_old_file_alone(tmp_path: Path) -> None:
    puzzles = tmp_path / "many.txt"
    puzzles.write_text((EMPTY_16 + "\n") * 50_000)  # seconds to read and answer
    out = tmp_path / "solved.txt"
    out.write_text("the old solutions\n")
    process = start("solve", str(puzzles), "-o", str(out))
    wait_for(lambda: any(p.name.endswith(".part") for p in tmp_path.iterdir()),
             "the temporary file beside solved.txt")
    status, err = stopped(process, signal.SIGTERM)
    if status == 0:  # it finished first: nothing to check on this machine
        pytest.skip("the solve ended before the signal came")
    assert (status, err) == (143, "sudoku: error: terminated\n")
    assert out.read_text() == "the old solutions\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.txt", "solved.txt"]
