"""Whether the GPU solves a batch (``--device cpu|gpu|auto``): :func:`choose_device`, which
``sudokit.batch.device_for`` asks for arrays of 9x9 puzzles."""

from __future__ import annotations

import os

from ._availability import GpuUnavailable, is_simulator, unavailable_reason

DEVICES = ("cpu", "gpu", "auto")

#: ``device='auto'`` uses the GPU for batches of at least this many 9x9 puzzles: below it,
#: the fixed cost of a launch and the copies exceeds what the GPU saves over the CPU engine.
#: An estimate; ``benchmarks/gpu_bench.py --crossover`` measures it on a given machine.
#: ``SUDOKIT_GPU_MIN_ROWS`` overrides it.
AUTO_MIN_ROWS = 20_000


def auto_min_rows() -> int:
    """The batch size from which ``device='auto'`` picks the GPU (``SUDOKIT_GPU_MIN_ROWS``
    when set to an integer, else AUTO_MIN_ROWS)."""
    text = os.environ.get("SUDOKIT_GPU_MIN_ROWS", "")
    try:
        return max(0, int(text))
    except ValueError:
        return AUTO_MIN_ROWS


def check_device(device: str) -> None:
    """Fail early, before any input is read: ValueError for a device name not in DEVICES,
    GpuUnavailable (one line, the reason) for 'gpu' where no GPU can run."""
    choose_device(device, 0)


def choose_device(device: str, rows: int, cells: int = 81) -> str:
    """'cpu' or 'gpu': where a batch of ``rows`` puzzles of ``cells`` cells is solved.

    'cpu' and 'gpu' are taken as said ('gpu' raises GpuUnavailable, with the reason, where
    no GPU can run, or for puzzles other than 9x9). 'auto' picks the GPU when one is there
    (a real one, not numba's simulator), the puzzles are 9x9 and the batch has at least
    ``auto_min_rows()`` rows; the CPU engine otherwise.
    """
    if device not in DEVICES:
        raise ValueError(f"device must be one of {', '.join(DEVICES)}; got {device!r}")
    if device == "cpu":
        return "cpu"
    if device == "gpu":
        reason = unavailable_reason()
        if reason is not None:
            raise GpuUnavailable(f"--device gpu: {reason}")
        if cells != 81:
            raise GpuUnavailable("--device gpu: the GPU solver takes 9x9 puzzles only "
                                 "(use --device cpu or auto for other sizes)")
        return "gpu"
    if (cells == 81 and rows >= auto_min_rows() and unavailable_reason() is None
            and not is_simulator()):
        return "gpu"
    return "cpu"
