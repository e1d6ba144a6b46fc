"""sudokit.gpu without a GPU: importing it is free, asking for the GPU where there is none
fails in one clear line, and 'auto' falls back to the CPU engine with the same answers.

These tests need neither numba nor a GPU; the kernel itself is tested in
test_gpu_simulator.py (numba's CUDA simulator) and test_gpu_device.py (a real GPU)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from sudokit import SudokuError, gpu
from sudokit.batch import solve_array, solve_checked
from sudokit.gpu import _availability, _select
from sudokit.shape import Shape
from support.files import data_file, read_lines


def as_array(lines: list[str]) -> np.ndarray:
    return np.array([[0 if c in ".0" else int(c) for c in line] for line in lines],
                    dtype=np.uint8)


@pytest.fixture
def no_gpu(monkeypatch: pytest.MonkeyPatch) -> str:
    """A process where numba-cuda is missing, whatever this machine has."""
    reason = f"numba-cuda is not installed ({_availability.INSTALL_HINT})"
    monkeypatch.setattr(_availability, "unavailable_reason", lambda: reason)
    monkeypatch.setattr(_select, "unavailable_reason", lambda: reason)
    return reason


def test_importing_sudokit_gpu_imports_no_numba() -> None:
    code = "import sys, sudokit.gpu; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_gpu_available_answers_a_bool_and_never_raises() -> None:
    assert isinstance(gpu.gpu_available(), bool)
    reason = gpu.unavailable_reason()
    assert (reason is None) == gpu.gpu_available()
    assert reason is None or (reason and "\n" not in reason)


def test_gpu_available_is_false_without_numba(no_gpu: str) -> None:
    assert gpu.gpu_available() is False
    assert gpu.is_simulator() is False


def test_solve_array_gpu_without_a_gpu_says_why_in_one_line(no_gpu: str) -> None:
    with pytest.raises(gpu.GpuUnavailable) as caught:
        gpu.solve_array_gpu(np.zeros((1, 81), dtype=np.uint8))
    message = str(caught.value)
    assert "numba-cuda is not installed" in message and "sudokit[gpu]" in message
    assert "\n" not in message
    assert isinstance(caught.value, SudokuError)  # the CLI turns it into exit status 2


def test_device_gpu_without_a_gpu_is_refused(no_gpu: str) -> None:
    with pytest.raises(gpu.GpuUnavailable, match=r"^--device gpu: numba-cuda is not"):
        gpu.choose_device("gpu", 10_000_000)
    with pytest.raises(gpu.GpuUnavailable):
        solve_checked(np.zeros((1, 81), dtype=np.uint8), Shape(3, 3), device="gpu")


def test_check_device_fails_early_only_for_gpu(no_gpu: str) -> None:
    gpu.check_device("cpu")
    gpu.check_device("auto")
    with pytest.raises(gpu.GpuUnavailable, match=r"^--device gpu: numba-cuda is not"):
        gpu.check_device("gpu")
    with pytest.raises(ValueError, match="device must be one of"):
        gpu.check_device("npu")


def test_auto_and_cpu_pick_the_cpu_without_a_gpu(no_gpu: str) -> None:
    assert gpu.choose_device("auto", 10_000_000) == "cpu"
    assert gpu.choose_device("cpu", 10_000_000) == "cpu"


def test_auto_picks_the_gpu_only_for_large_9x9_batches(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    monkeypatch.setattr(_select, "unavailable_reason", lambda: None)
    monkeypatch.setattr(_select, "is_simulator", lambda: False)
    monkeypatch.delenv("SUDOKIT_GPU_MIN_ROWS", raising=False)
    assert gpu.choose_device("auto", gpu.AUTO_MIN_ROWS) == "gpu"
    assert gpu.choose_device("auto", gpu.AUTO_MIN_ROWS - 1) == "cpu"
    assert gpu.choose_device("auto", 10 * gpu.AUTO_MIN_ROWS, cells=256) == "cpu"
    monkeypatch.setenv("SUDOKIT_GPU_MIN_ROWS", "5")
    assert gpu.choose_device("auto", 5) == "gpu"
    monkeypatch.setattr(_select, "is_simulator", lambda: True)
    assert gpu.choose_device("auto", 10 * gpu.AUTO_MIN_ROWS) == "cpu"


def test_device_gpu_refuses_other_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_select, "unavailable_reason", lambda: None)
    with pytest.raises(gpu.GpuUnavailable, match="9x9 puzzles only"):
        gpu.choose_device("gpu", 100, cells=16)


def test_unknown_device_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="device must be one of cpu, gpu, auto"):
        gpu.choose_device("tpu", 1)


def test_min_rows_ignores_a_bad_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKIT_GPU_MIN_ROWS", "many")
    assert gpu.auto_min_rows() == gpu.AUTO_MIN_ROWS


def test_auto_on_the_cpu_gives_the_cpu_engines_answers(no_gpu: str) -> None:
    lines = read_lines(data_file("puzzles7_serg_benchmark.txt"))[:30] + ["11" + "." * 79]
    array = as_array(lines)
    solutions, counts = solve_checked(array, Shape(3, 3), 2, device="auto")
    expected = solve_array(array, limit=2)
    assert counts.tolist() == expected.counts.tolist()
    assert solutions.tolist() == expected.solutions.tolist()


@pytest.mark.parametrize(("rows", "requested", "free", "expected"), [
    (10, None, float("inf"), 10),  # small batch: one chunk
    (5_000_000, None, float("inf"), gpu.DEFAULT_CHUNK_ROWS),
    (100, 7, float("inf"), 7),
    (5_000_000, None, 1_000_000.0, 1_000_000 // 4 // (2 * 171)),  # what the memory allows
    (5_000_000, None, 10.0, 1),  # never zero
])
def test_chunks_fit_the_device_memory(rows: int, requested: int | None, free: float,
                                      expected: int) -> None:
    from sudokit.gpu._host import chunk_rows_for

    assert chunk_rows_for(rows, requested, free) == expected
