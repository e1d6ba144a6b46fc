"""Is there a GPU to solve on? Answered without ever raising, importing numba only here."""

from __future__ import annotations

import functools
import warnings
from typing import Any

from ..errors import SudokuError
from ..extras import install_hint

INSTALL_HINT = f"install it with: {install_hint('gpu')}"


class GpuUnavailable(SudokuError):
    """A GPU solve was asked for where none can run: numba-cuda is missing, or no CUDA GPU
    (or driver) is found. The message says which, in one line; the CLI reports it and exits
    with status 2."""


@functools.cache
def unavailable_reason() -> str | None:
    """None when numba-cuda can run kernels here (on a CUDA GPU, or in numba's simulator
    when ``NUMBA_ENABLE_CUDASIM=1``); otherwise why not, in words. Cached per process."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from numba import cuda  # an optional extra: asked for only when a GPU is
    except ImportError:
        return f"numba-cuda is not installed ({INSTALL_HINT})"
    except Exception as e:  # a broken install, e.g. numba built for another NumPy
        return f"numba could not be imported ({type(e).__name__}: {e})"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if cuda.is_available():
                return None
    except Exception as e:  # a driver that is there but fails
        return f"the CUDA driver could not be used ({type(e).__name__}: {e})"
    return "no CUDA GPU was found (numba-cuda sees no usable GPU or driver)"


def gpu_available() -> bool:
    """True when ``solve_array_gpu`` can run here. Never raises; imports numba (lazily,
    once) to find out, and nothing when ``sudokit.gpu`` is merely imported."""
    try:
        return unavailable_reason() is None
    except Exception:  # pragma: no cover - unavailable_reason already catches
        return False


def is_simulator() -> bool:
    """True when numba runs CUDA kernels in its Python simulator (``NUMBA_ENABLE_CUDASIM``):
    correct but thousands of times slower than a GPU, so never chosen by ``device='auto'``."""
    if unavailable_reason() is not None:
        return False
    try:  # numba-cuda keeps its own copy of the setting
        from numba.cuda.core import config  # an optional extra: asked for only when a GPU is
    except ImportError:  # pragma: no cover - numba's bundled CUDA target
        from numba import config  # an optional extra: asked for only when a GPU is
    return bool(getattr(config, "ENABLE_CUDASIM", False))


def require_cuda() -> Any:
    """``numba.cuda``, or GpuUnavailable saying why it cannot be used."""
    reason = unavailable_reason()
    if reason is not None:
        raise GpuUnavailable(f"cannot solve on the GPU: {reason}")
    from numba import cuda  # an optional extra: asked for only when a GPU is

    return cuda
