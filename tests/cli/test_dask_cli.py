"""``--cluster``: the commands on a Dask cluster of two worker processes give the bytes and
exit status of a run on one machine, lose nothing when a worker dies, and say in one line
when no scheduler answers."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.clirunner import sudoku, sudoku_process
from support.files import data_file

distributed = pytest.importorskip("distributed")

#: A few hundred puzzles: hard ones (rating takes a while), easy ones, one with no solution
#: and one that cannot be read, so that every kind of answer crosses the cluster.
HARD = [line for line in data_file("puzzles3_magictour_top1465.txt").read_text().splitlines()
        if line and not line.startswith("#")][:120]
EASY = [line for line in data_file("puzzles2_17_clue.txt").read_text().splitlines()
        if line and not line.startswith("#")][:300]
NO_SOLUTION = "11" + "." * 79
UNREADABLE = "12345"


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of a LocalCluster of two single-threaded worker processes."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address="127.0.0.1:0", silence_logs=50) as local:
        yield local.scheduler_address


@pytest.fixture
def puzzles(tmp_path: Path) -> Path:
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(HARD[:60] + [NO_SOLUTION] + EASY + [UNREADABLE] + HARD[60:]) + "\n")
    return path


def test_solve_on_the_cluster_is_byte_for_byte_the_one_machine_run(cluster: str,
                                                                    puzzles: Path) -> None:
    alone = sudoku("solve", str(puzzles))
    spread = sudoku("solve", str(puzzles), "--cluster", cluster)
    assert alone.status == 2  # the unreadable line
    assert (spread.status, spread.stdout, spread.stderr) == (alone.status, alone.stdout,
                                                             alone.stderr)
    assert spread.out.count("\n") == len(HARD) + len(EASY) + 2


def test_solve_in_another_format_also_goes_to_the_cluster(cluster: str, puzzles: Path) -> None:
    alone = sudoku("solve", str(puzzles), "--to", "grid", "--unique")
    spread = sudoku("solve", str(puzzles), "--to", "grid", "--unique", "--cluster", cluster)
    assert (spread.status, spread.stdout) == (alone.status, alone.stdout)


def test_rate_on_the_cluster_is_byte_for_byte_the_one_machine_run(cluster: str,
                                                                   tmp_path: Path) -> None:
    path = tmp_path / "some.txt"  # three pieces of work of 16 lines (RATE_CHUNK) or fewer
    path.write_text("\n".join(HARD[:16] + [NO_SOLUTION, UNREADABLE] + EASY[:16]) + "\n")
    alone = sudoku("rate", str(path))
    spread = sudoku("rate", str(path), "--cluster", cluster)
    assert (spread.status, spread.stdout, spread.stderr) == (alone.status, alone.stdout,
                                                             alone.stderr)
    lines = spread.out.splitlines()
    assert lines[16] == f"{NO_SOLUTION} invalid 0.0 (no solution)"  # in its place
    assert lines[17].startswith("ERROR: ")
    json_alone = sudoku("rate", "--json", str(path))
    assert sudoku("rate", "--json", str(path), "--cluster", cluster).stdout == json_alone.stdout


def test_create_on_the_cluster_makes_the_same_puzzles_for_the_same_seed(cluster: str) -> None:
    alone = sudoku("create", "--count", "300", "--seed", "cluster", "--with-solution")
    spread = sudoku("create", "--count", "300", "--seed", "cluster", "--with-solution",
                    "--cluster", cluster)
    assert alone.status == spread.status == 0
    assert spread.stdout == alone.stdout
    assert spread.out.count("\n\n") == 599  # 600 grids, a blank line between two


def test_a_worker_killed_mid_job_loses_nothing_and_keeps_the_order(cluster: str,
                                                                   tmp_path: Path) -> None:
    path = tmp_path / "hard.txt"  # four pieces of work of 16 lines (RATE_CHUNK)
    path.write_text("\n".join(HARD[:64]) + "\n")
    alone = sudoku("rate", str(path))
    client = distributed.Client(cluster)
    try:
        pids = client.run(os.getpid)
        killed: list[int] = []
        running = threading.Event()

        def kill_one_when_busy() -> None:
            while not killed and running.is_set():
                busy = [w for w, tasks in client.processing().items() if tasks]
                if busy:  # killed while it holds a piece of work, well before the last
                    if running.is_set():
                        os.kill(pids[busy[0]], signal.SIGKILL)
                        killed.append(pids[busy[0]])
                    return
                time.sleep(0.05)

        running.set()
        killer = threading.Thread(target=kill_one_when_busy)
        killer.start()
        spread = sudoku("rate", str(path), "--cluster", cluster)
        running.clear()
        killer.join()
        assert killed, "the job ended before a worker could be killed"
        assert (spread.status, spread.stdout) == (alone.status, alone.stdout)
        client.wait_for_workers(2, timeout=60)  # the nanny starts a new one
    finally:
        client.close()


def test_a_scheduler_that_does_not_answer_is_one_line_and_status_2() -> None:
    # a hang fails through sudoku_process's own bound; how long the refusal takes is the
    # benchmarks' business, not a test's
    done = sudoku_process("solve", "--cluster", "tcp://127.0.0.1:9",
                          stdin=(HARD[0] + "\n").encode())
    assert done.status == 2
    assert done.stdout == b""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "tcp://127.0.0.1:9" in lines[0], done.stderr
    assert "Traceback" not in done.stderr


def test_a_bad_local_worker_count_is_bad_usage() -> None:
    done = sudoku("solve", "--cluster", "local:none", stdin=(HARD[0] + "\n").encode())
    assert done.status == 2
    assert "local:N" in done.stderr


def test_local_starts_and_stops_its_own_cluster(tmp_path: Path) -> None:
    path = tmp_path / "few.txt"
    path.write_text("\n".join(EASY[:100]) + "\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    done = subprocess.run([sys.executable, "-m", "sudokit", "solve", str(path),
                           "--cluster", "local:2"], capture_output=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == sudoku("solve", str(path)).stdout


def test_explain_on_the_cluster_is_byte_for_byte_the_one_machine_run(cluster: str,
                                                                      tmp_path: Path) -> None:
    path = tmp_path / "few.txt"
    path.write_text("\n".join(HARD[:12] + [UNREADABLE, NO_SOLUTION] + EASY[:12]) + "\n")
    for extra in ([], ["--json", "--guess"]):
        alone = sudoku("explain", str(path), *extra)
        spread = sudoku("explain", str(path), *extra, "--cluster", cluster)
        assert (spread.status, spread.stdout, spread.stderr) == (alone.status, alone.stdout,
                                                                 alone.stderr)


def test_resume_after_a_stopped_run_gives_the_files_of_an_uninterrupted_one(
        cluster: str, tmp_path: Path) -> None:
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(HARD[:2] + [NO_SOLUTION] + HARD[2:] + EASY[:79]) + "\n")
    args = ["rate", str(path), "--to", "parquet", "--partition-size", "20"]
    whole = tmp_path / "whole"
    assert sudoku(*args, "-o", f"{whole}/").status == 1  # the puzzle with no solution
    parts = tmp_path / "parts"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    run = subprocess.Popen([sys.executable, "-m", "sudokit", *args, "-o", f"{parts}/",
                            "--cluster", cluster], env=env, stderr=subprocess.DEVNULL)
    try:
        while run.poll() is None and not (parts / "part-00002.parquet").exists():
            time.sleep(0.02)
        run.kill()  # stopped as hard as can be
    finally:
        run.wait()
    kept = {p.name: p.stat().st_mtime_ns for p in parts.glob("part-*.parquet")}
    assert 3 <= len(kept) < 10, "the run was not stopped in the middle"
    resumed = sudoku(*args, "-o", f"{parts}/", "--resume", "--cluster", cluster)
    assert resumed.status == 1, resumed.stderr  # its partition was kept: still said
    for name, mtime in kept.items():  # kept, not made again
        assert (parts / name).stat().st_mtime_ns == mtime
    names = sorted(p.name for p in whole.iterdir())
    assert names == sorted(p.name for p in parts.iterdir()) and len(names) == 10
    for name in names:
        assert (parts / name).read_bytes() == (whole / name).read_bytes(), name


def test_resume_needs_a_directory_of_partitions() -> None:
    done = sudoku("rate", "--to", "jsonl", "--resume", stdin=(HARD[0] + "\n").encode())
    assert done.status == 2 and "-o DIR/" in done.stderr


def test_count_on_the_cluster_is_byte_for_byte_the_one_machine_run(cluster: str,
                                                                    puzzles: Path) -> None:
    for extra in ([], ["--json", "--limit", "3"]):
        alone = sudoku("count", str(puzzles), *extra)
        spread = sudoku("count", str(puzzles), *extra, "--cluster", cluster)
        assert (spread.status, spread.stdout, spread.stderr) == (alone.status, alone.stdout,
                                                                 alone.stderr)


def test_check_on_the_cluster_is_byte_for_byte_the_one_machine_run(cluster: str,
                                                                    puzzles: Path,
                                                                    tmp_path: Path) -> None:
    solved = tmp_path / "solved.txt"
    solved.write_bytes(sudoku("solve", str(puzzles)).stdout)
    for extra in ([], ["--json"], ["--solution", str(solved)]):
        alone = sudoku("check", str(puzzles), *extra)
        spread = sudoku("check", str(puzzles), *extra, "--cluster", cluster)
        assert (spread.status, spread.stdout, spread.stderr) == (alone.status, alone.stdout,
                                                                 alone.stderr)


def test_rate_resume_keeps_the_complete_lines_of_a_stopped_run(cluster: str,
                                                               tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    # stopped some 30 lines in (4000 bytes), with about 30 hard puzzles still to rate
    path.write_text("\n".join(HARD[:3] + [NO_SOLUTION] + HARD[3:60] + EASY[:100]) + "\n")
    whole = sudoku("rate", str(path))
    assert whole.status == 1  # the puzzle with no solution (-o FILE is then still written)
    out = tmp_path / "ratings.txt"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    with out.open("wb") as sink:  # a run writing straight into the file, then stopped
        run = subprocess.Popen([sys.executable, "-m", "sudokit", "rate", str(path),
                                "--cluster", cluster], stdout=sink, stderr=subprocess.DEVNULL,
                               env=env)
        try:
            while run.poll() is None and out.stat().st_size < 4000:
                time.sleep(0.02)
            run.kill()
        finally:
            run.wait()
    stopped = out.read_bytes()
    assert 0 < stopped.count(b"\n") < whole.out.count("\n"), "not stopped in the middle"
    resumed = sudoku("rate", str(path), "-o", str(out), "--resume", "--cluster", cluster)
    assert out.read_bytes() == whole.stdout
    assert (resumed.status, resumed.stderr) == (whole.status, whole.stderr)
    assert out.read_bytes().startswith(stopped[: stopped.rfind(b"\n") + 1])


def test_resume_of_a_text_output_other_than_rate_is_refused() -> None:
    done = sudoku("explain", "--resume", "-o", "x.txt", stdin=(HARD[0] + "\n").encode())
    assert done.status == 2 and "--resume" in done.stderr


def test_workers_that_cannot_import_what_a_task_needs_are_one_clear_error(cluster: str) -> None:
    from sudokit.dask.cluster import DaskExecutor
    from sudokit.errors import ClusterError

    def needs_a_missing_module(piece: int) -> int:
        import a_module_no_worker_has  # noqa: F401

        return piece

    with DaskExecutor(distributed.Client(cluster)) as executor:
        assert list(executor.map(lambda k: k * k, range(30))) == [k * k for k in range(30)]
        with pytest.raises(ClusterError, match="cannot run sudokit"):
            list(executor.map(needs_a_missing_module, range(3)))


def test_a_scheduler_without_workers_is_one_line_not_a_hang(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    from sudokit.dask import cluster as sc

    monkeypatch.setattr(sc, "WORKERS_TIMEOUT", 1.0)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address="127.0.0.1:0",
                                  silence_logs=50) as empty:
        done = sudoku("solve", "--cluster", empty.scheduler_address,
                      stdin=(HARD[0] + "\n").encode())
    assert done.status == 2 and "has no workers" in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_a_scheduler_that_takes_the_connection_and_never_answers_is_one_line_and_status_2(
        ) -> None:
    # a listening socket nobody reads from: the kernel accepts the connection, and then
    # nothing is ever said
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        done = sudoku_process("solve", "--cluster", address, stdin=(HARD[0] + "\n").encode())
    assert done.status == 2
    assert done.stdout == b""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"sudoku: error: no Dask scheduler answers at {address}")


def test_an_empty_cluster_address_is_bad_usage_not_a_run_without_one() -> None:
    done = sudoku("solve", "--cluster", "", stdin=(HARD[0] + "\n").encode())
    assert done.status == 2
    assert done.stdout == b""
    assert len(done.stderr.splitlines()) == 1 and "--cluster" in done.stderr


def test_more_local_workers_than_cores_are_cut_to_the_cores(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    from sudokit.dask import cluster as sc
    from sudokit.errors import ClusterError

    asked: list[str] = []

    def connect(address: str) -> None:
        asked.append(address)
        raise ClusterError("not started in this test")

    monkeypatch.setattr(sc, "connect", connect)
    done = sudoku("solve", "--cluster", "local:100000", stdin=(HARD[0] + "\n").encode())
    cores = sc.usable_cores()
    assert asked == [f"local:{cores}"]
    assert f"--cluster local:100000: using local:{cores}" in done.stderr


def test_the_library_refuses_more_local_workers_than_cores() -> None:
    from sudokit.dask.cluster import connect, local_workers
    from sudokit.errors import ClusterError

    with pytest.raises(ClusterError, match="local:100000"):
        connect("local:100000")
    with pytest.raises(ClusterError, match="needs an address"):
        local_workers("")
