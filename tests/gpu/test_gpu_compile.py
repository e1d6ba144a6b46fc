"""The kernels compile for an H100 (sm_90) without a GPU: numba types them and NVVM and
ptxas build them. The simulator runs the kernels as plain Python and would not notice code
that numba cannot compile; this test does.

Skipped where numba-cuda or the CUDA toolkit wheels (NVVM) are not installed.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

INSPECT = Path(__file__).resolve().parents[2] / "benchmarks" / "gpu_inspect.py"

if importlib.util.find_spec("numba_cuda") is None:
    pytest.skip("numba-cuda is not installed (pip install .[gpu])", allow_module_level=True)


def _toolkit_libraries_found() -> bool:
    """Are NVVM and NVRTC (the CUDA toolkit wheels of the gpu extra) loadable?"""
    try:
        from cuda.pathfinder import load_nvidia_dynamic_lib

        load_nvidia_dynamic_lib("nvvm")
        load_nvidia_dynamic_lib("nvrtc")
    except Exception:  # any failure to find or load them means: not installed here
        return False
    return True


if not _toolkit_libraries_found():
    pytest.skip(
        "the CUDA toolkit wheels (NVVM, NVRTC) are not installed (pip install .[gpu])",
        allow_module_level=True,
    )


def test_every_kernel_compiles_for_sm90_without_spills() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_ENABLE_CUDASIM"}
    run = subprocess.run([sys.executable, str(INSPECT), "9.0"],
                         capture_output=True, text=True, env=env, timeout=300)
    if run.returncode and ("NVVM" in run.stderr or "libnvvm" in run.stderr):
        pytest.skip("NVVM (the CUDA toolkit wheels of the gpu extra) is not installed")
    assert run.returncode == 0, run.stderr[-2000:]
    # the rows (round 0) and task-round kernels, and the finalize kernel
    kernels = ["rows", "tasks", "finalize"]
    headers = [line.split(":")[0] for line in run.stdout.splitlines()
               if line.startswith("sm_")]
    assert headers == [f"sm_90 {kernel}" for kernel in kernels]
    if " registers, " in run.stdout:  # ptxas was found
        assert run.stdout.count(" 0 bytes spilled") == len(kernels), run.stdout
