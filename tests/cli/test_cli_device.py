"""``sudoku solve --device``: the same answers, order and exit status on every device."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.clirunner import sudoku
from support.files import data_file

UNSOLVABLE = "11" + "." * 79


def _without_simulator() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "NUMBA_ENABLE_CUDASIM"}


def test_gpu_without_one_is_one_line_and_status_2(tmp_path: Path) -> None:
    probe = subprocess.run(
        [sys.executable, "-c", "from sudokit.gpu import gpu_available; print(gpu_available())"],
        capture_output=True, text=True, env=_without_simulator(), timeout=120,
    )
    if probe.stdout.strip() == "True":
        pytest.skip("this machine has a GPU")
    (tmp_path / "p.txt").write_text(UNSOLVABLE + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "sudokit", "solve", "--device", "gpu", str(tmp_path / "p.txt")],
        capture_output=True, text=True, env=_without_simulator(), timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sudoku: error: --device gpu: ")


def test_auto_without_a_gpu_answers_like_the_cpu(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    lines = data_file("puzzles3_magictour_top1465.txt").read_text().splitlines()[:40]
    path.write_text("\n".join([*lines, UNSOLVABLE]) + "\n")
    cpu = sudoku("solve", str(path))
    auto = sudoku("solve", "--device", "auto", str(path))
    assert auto.status == cpu.status == 1 and auto.stdout == cpu.stdout


def test_gpu_kernel_in_the_simulator_answers_like_the_cpu(tmp_path: Path) -> None:
    pytest.importorskip("numba")
    path = tmp_path / "p.txt"
    # (two comment lines, then four of the hardest puzzles)
    lines = data_file("puzzles6_forum_hardest_1106.txt").read_text().splitlines()[:6]
    path.write_text("\n".join([*lines, UNSOLVABLE]) + "\n")
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    results = [
        subprocess.run(
            [sys.executable, "-m", "sudokit", "solve", *extra, str(path)],
            capture_output=True, env=env, timeout=300,
        )
        for extra in ([], ["--device", "gpu"], ["--device", "gpu", "--unique"])
    ]
    cpu, gpu, unique = results
    assert cpu.returncode == gpu.returncode == unique.returncode == 1
    assert gpu.stdout == cpu.stdout == unique.stdout
