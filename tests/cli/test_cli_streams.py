"""Every subcommand, as a real process, when its output cannot be written or it is stopped:
a full disk, ``--help`` into a full disk, a closed standard output, a reader that went away
(``| head -1``), and Ctrl-C. Each ends with one line (or none, for the closed pipe) and its
documented status, never a traceback or a hang.

Every command meets a full disk and ``--help`` into one: a command that wrote around the
shared output would show there. The other ways of failing are answered by that same shared
output, so they are met by one command of each way of writing (or of reading)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudokit.cli import COMMANDS
from support.files import EXAMPLES, data_file

CLASSIC = str(EXAMPLES / "classic.grid")
LINES = str(EXAMPLES / "puzzles.txt")

#: one short run of each subcommand that writes results
RUNS = {
    "solve": ["solve", CLASSIC],
    "count": ["count", CLASSIC],
    "check": ["check", CLASSIC],
    "convert": ["convert", CLASSIC, "--to", "line"],
    "create": ["create", "--seed", "1"],
    "hint": ["hint", CLASSIC],
    "explain": ["explain", CLASSIC],
    "rate": ["rate", CLASSIC],
    "bench": ["bench", LINES, "--runs", "1", "--jobs", "1", "--limit", "1"],
    "help": ["help"],
    "completion": ["completion", "bash"],
    "read": ["read", str(EXAMPLES / "photo.jpg")],
    "print": ["print", CLASSIC],
    "minimize": ["minimize", CLASSIC],
    "backdoor": ["backdoor", CLASSIC],
    "canon": ["canon", CLASSIC],
    "same": ["same", CLASSIC, CLASSIC],
    "transform": ["transform", CLASSIC, "--op", "rotate"],
    "dedupe": ["dedupe", CLASSIC],
}

#: one command of each way of writing: lines, long text, a PDF, a timed table, a text of its
#: own, made puzzles
WRITERS = ["solve", "explain", "print", "bench", "help", "create"]

#: subcommands that read puzzles from standard input when given no file: the plainest solve
#: (no parser), a rater, a timed bench and dedupe
READERS = ["solve", "rate", "bench", "dedupe"]

NEEDS = {"completion": "shtab", "read": "cv2", "print": "reportlab"}

#: Commands whose results are not a stream of lines, left out of RUNS: ``serve`` answers
#: HTTP requests (its --help is still tested here).
NOT_RUN = {"serve"}


def test_every_command_is_run_here() -> None:
    assert set(COMMANDS) - set(RUNS) <= NOT_RUN
    assert set(WRITERS) <= set(RUNS) and set(READERS) <= set(RUNS)


def _skip_without(command: str) -> None:
    if command in NEEDS:
        pytest.importorskip(NEEDS[command])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONUNBUFFERED", None)  # buffered, as a user's shell runs it
    return env


def _sudoku(args: list[str], shell_redirect: str = "", **kwargs: object
            ) -> subprocess.CompletedProcess[bytes]:
    """``python -m sudokit ARGS REDIRECT`` through sh, so that ``>&-`` and ``> /dev/full``
    are set up exactly as a shell does."""
    command = ["sh", "-c", f'"$0" -m sudokit "$@" {shell_redirect}', sys.executable, *args]
    return subprocess.run(command, capture_output="stdout" not in kwargs, env=_env(),
                          timeout=120, **kwargs)  # type: ignore[call-overload]


def _one_line(stderr: bytes, *words: str) -> None:
    text = stderr.decode()
    assert "Traceback" not in text and "Exception ignored" not in text, text
    lines = text.splitlines()
    assert len(lines) == 1, text
    for word in words:
        assert word in lines[0], text


needs_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")


@needs_full
@pytest.mark.parametrize("command", sorted(RUNS))
def test_a_full_disk_is_one_line_and_status_2(command: str) -> None:
    _skip_without(command)
    done = _sudoku(RUNS[command], "> /dev/full")
    assert done.returncode == 2
    _one_line(done.stderr, "sudoku: error: cannot write standard output",
              "No space left on device")


@needs_full
@pytest.mark.parametrize("command", COMMANDS)
def test_help_into_a_full_disk_is_one_line_and_status_2(command: str) -> None:
    done = _sudoku([command, "--help"], "> /dev/full")
    assert done.returncode == 2
    _one_line(done.stderr, "cannot write standard output", "No space left on device")


@pytest.mark.parametrize("command", WRITERS)
def test_a_closed_standard_output_is_one_line_and_status_2(command: str) -> None:
    _skip_without(command)
    done = _sudoku(RUNS[command], ">&-")
    assert done.returncode == 2
    _one_line(done.stderr, "cannot write standard output")


@pytest.mark.parametrize("command", WRITERS)
def test_a_reader_that_went_away_ends_the_command_quietly(command: str) -> None:
    _skip_without(command)
    read_end, write_end = os.pipe()
    os.close(read_end)  # as `| head -1` after its line: every write now fails with EPIPE
    try:
        done = _sudoku(RUNS[command], stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    assert done.returncode == 0
    assert done.stderr == b""


def test_convert_of_a_big_file_into_head_prints_one_line_and_nothing_else() -> None:
    big = str(data_file("puzzles7_serg_benchmark.txt"))
    command = f'"{sys.executable}" -m sudokit convert "{big}" --to grid | head -1'
    done = subprocess.run(["sh", "-c", command], capture_output=True, env=_env(), timeout=120)
    assert done.stdout.count(b"\n") == 1
    assert done.stderr == b""


def _blocked_reading_stdin(pid: int) -> bool:
    """Is the process waiting in read(0, ...)? (Linux: /proc/PID/syscall.)"""
    try:
        fields = Path(f"/proc/{pid}/syscall").read_text().split()
    except OSError:
        return False
    return len(fields) > 1 and fields[0] == "0" and int(fields[1], 16) == 0


needs_proc = pytest.mark.skipif(not Path("/proc/self/syscall").exists(),
                                reason="needs Linux's /proc/PID/syscall")


def _interrupt_when(process: subprocess.Popen[bytes], ready: object) -> tuple[int, bytes]:
    deadline = time.monotonic() + 60
    while not ready(process.pid) and time.monotonic() < deadline:  # type: ignore[operator]
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=30)  # a hang fails here
    finally:
        process.kill()
    return process.returncode, err


@needs_proc
@pytest.mark.parametrize("command", READERS)
def test_ctrl_c_while_reading_ends_with_status_130(command: str) -> None:
    args = [command, "-"] if command != "bench" else ["bench", "-", "--runs", "1"]
    process = subprocess.Popen([sys.executable, "-m", "sudokit", *args], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env())
    status, err = _interrupt_when(process, _blocked_reading_stdin)
    assert status == 130, err.decode(errors="replace")[-2000:]
    _one_line(err, "sudoku: error: interrupted")


def _gen_loaded(pid: int) -> bool:
    try:
        return "_gen" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


@needs_proc
def test_ctrl_c_while_creating_ends_with_status_130() -> None:
    import sudokit

    if not list(Path(sudokit.__file__).parent.glob("generator/_gen.*.so")):
        pytest.skip("waits for the compiled generator to be loaded")
    env = _env()
    env.pop("SUDOKIT_PURE_PYTHON", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "sudokit", "create", "--count", "100000", "--to", "line"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    status, err = _interrupt_when(process, _gen_loaded)
    assert status == 130, err.decode(errors="replace")[-2000:]
    _one_line(err, "sudoku: error: interrupted")


@needs_proc
def test_ctrl_c_during_count_on_several_threads_of_the_pure_core_ends() -> None:
    """The pure core holds the interpreter while it counts: the threads must stop too."""
    import threading

    env = _env() | {"SUDOKIT_PURE_PYTHON": "1"}
    text = data_file("puzzles2_17_clue.txt").read_bytes()
    puzzles = text[: text.rindex(b"\n", 0, 1 << 20) + 1]  # whole lines: no error at the end
    process = subprocess.Popen(
        [sys.executable, "-m", "sudokit", "count", "--jobs", "2", "--limit", "2"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 60
    # first waiting for its input: the command is running (not starting up) from then on
    while not _blocked_reading_stdin(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert process.stdin is not None
    feeder = threading.Thread(target=_feed, args=(process.stdin, puzzles), daemon=True)
    feeder.start()  # standard input stays open: the count cannot end by itself

    def counting(pid: int) -> bool:  # threads started: more than one task in /proc
        try:
            return len(os.listdir(f"/proc/{pid}/task")) > 1
        except OSError:
            return False

    status, err = _interrupt_when(process, counting)
    assert status == 130, err.decode(errors="replace")[-2000:]
    _one_line(err, "sudoku: error: interrupted")


def _feed(stream: object, data: bytes) -> None:
    try:
        stream.write(data)  # type: ignore[attr-defined]
        stream.flush()  # type: ignore[attr-defined]
    except OSError:  # the command ended first
        pass
