"""What the kernel compiles to, found without a GPU: PTX from numba-cuda's NVVM, then
registers, stack and spills from ``ptxas``, both shipped in the CUDA toolkit wheels that
the ``gpu`` extra installs.

``python benchmarks/gpu_inspect.py [MAJOR.MINOR]`` prints the report of each kernel (rows,
tasks, then finalize) for that compute capability (default 9.0, the
H100). It checks that numba can type and compile the kernels, which the
simulator does not; it shows where the state lives (a stack frame beyond the search stack
means candidate words in local memory, not registers) and how much code there is (the
instruction cache's concern). See docs/gpu.md.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The types the host side launches each kernel with (C-contiguous arrays, int64 scalars).
SIGNATURES = {
    # puzzles, solutions, counts, guesses, flags, control, tasks_out, limit, max_guesses,
    # split_after, digits
    "rows": ("void(uint8[:, ::1], uint8[:, ::1], int32[::1], int32[::1], int32[::1], "
             "int64[::1], int32[::1], int64, int64, int64, int64)"),
    # solutions, counts, guesses, flags, control, round, tasks_in, tasks_out, limit,
    # split_after, digits
    "tasks": ("void(uint8[:, ::1], int32[::1], int32[::1], int32[::1], int64[::1], int64, "
              "int32[::1], int32[::1], int64, int64, int64)"),
    # solutions, counts, status, flags, limit
    "finalize": "void(uint8[:, ::1], int32[::1], uint8[::1], int32[::1], int64)",
}

#: The kernels ``main`` reports on: round 0 (rows), the task rounds, and finalize.
KERNEL_PARTS = ("rows", "tasks", "finalize")

#: PTX instructions worth counting: 64-bit logic (numba widens integer arithmetic to
#: 64 bits, which costs two 32-bit operations each) and local-memory traffic.
_COUNTED = ("and.b64", "and.b32", "or.b64", "or.b32", "xor.b64", "xor.b32", "shl.b64",
            "shr.u64", "shr.s64", "ld.local", "st.local")


@dataclass(frozen=True)
class KernelReport:
    """A compiled kernel (``kernel``: which one) for one compute capability.
    ``registers``, ``stack_bytes``, ``spill_bytes`` and ``sass_bytes`` (machine code, the
    instruction cache's concern) are None when ptxas was not found."""

    cc: tuple[int, int]
    kernel: str
    ptx_lines: int
    instructions: dict[str, int]
    registers: int | None
    stack_bytes: int | None
    spill_bytes: int | None
    sass_bytes: int | None

    def __str__(self) -> str:
        lines = [f"sm_{self.cc[0]}{self.cc[1]} {self.kernel}: {self.ptx_lines} PTX lines"]
        if self.registers is not None:
            lines.append(f"{self.registers} registers, {self.stack_bytes} bytes stack frame, "
                         f"{self.spill_bytes} bytes spilled, {self.sass_bytes} bytes of code")
        lines.append(", ".join(f"{k} {v}" for k, v in self.instructions.items()))
        return "\n".join(lines)


@contextlib.contextmanager
def _without_a_device(cc: tuple[int, int]) -> Iterator[None]:
    """Device functions ask the current device for its compute capability when they are
    compiled; where there is none, answer ``cc`` (only while compiling here)."""
    from numba import cuda
    from numba.cuda import dispatcher

    if cuda.is_available():
        yield
        return

    class _Device:
        compute_capability = cc

    original = dispatcher.get_current_device
    dispatcher.get_current_device = lambda: _Device()
    try:
        yield
    finally:
        dispatcher.get_current_device = original


def ptx(cc: tuple[int, int] = (9, 0), part: str = "rows") -> str:
    """The PTX of one kernel for compute capability ``cc``: ``part`` 'rows', 'tasks' or
    'finalize'. Needs numba-cuda and NVVM (the ``gpu`` extra), not a GPU; not in the
    simulator."""
    from numba import cuda

    # the kernel module is the package's private business; this tool reads what it compiles
    from sudokit.gpu import _kernel

    function = {"rows": _kernel.solve_rows_kernel, "tasks": _kernel.solve_tasks_kernel,
                "finalize": _kernel.finalize_kernel}[part]
    with _without_a_device(cc):
        text, _ = cuda.compile_ptx(function.py_func, SIGNATURES[part], cc=cc)
    return str(text)


def _ptxas() -> str | None:
    try:
        from cuda.pathfinder import find_nvidia_binary_utility

        found: Any = find_nvidia_binary_utility("ptxas")
    except Exception:  # an older cuda-pathfinder, or no toolkit wheels
        return None
    return str(found) if found else None


def compile_report(cc: tuple[int, int] = (9, 0), part: str = "rows") -> KernelReport:
    """Compile a kernel (as ``ptx`` names it) for ``cc`` and say what it became (see
    KernelReport)."""
    text = ptx(cc, part)
    counts = {op: len(re.findall(r"\b" + re.escape(op) + r"\b", text)) for op in _COUNTED}
    registers = stack = spill = size = None
    ptxas = _ptxas()
    if ptxas is not None:
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp, "kernel.ptx")
            cubin = Path(tmp, "kernel.cubin")
            source.write_text(text)
            run = subprocess.run([ptxas, "-v", f"-arch=sm_{cc[0]}{cc[1]}", "-O3", str(source),
                                  "-o", str(cubin)], capture_output=True, text=True,
                                 check=True)
            info = run.stderr + run.stdout
            registers = _number(r"Used (\d+) registers", info)
            stack = _number(r"(\d+) bytes stack frame", info)
            stores = _number(r"(\d+) bytes spill stores", info) or 0
            loads = _number(r"(\d+) bytes spill loads", info) or 0
            spill = stores + loads
            size = _code_bytes(cubin.read_bytes())
    return KernelReport(cc, part, text.count("\n"), counts, registers, stack, spill, size)


def _code_bytes(elf: bytes) -> int:
    """The size of the machine code in a cubin: its ``.text.*`` sections (ELF64)."""
    import struct

    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    sections = [struct.unpack_from("<IIQQQQ", elf, shoff + i * shentsize)
                for i in range(shnum)]
    names = sections[shstrndx][4]  # offset of the section-name table
    total = 0
    for name, _type, _flags, _addr, _offset, size in sections:
        end = elf.index(b"\0", names + name)
        if elf[names + name:end].startswith(b".text"):
            total += size
    return total


def _number(pattern: str, text: str) -> int | None:
    found = re.search(pattern, text)
    return int(found.group(1)) if found else None


def main(argv: list[str]) -> int:
    """Print the reports of every kernel for the compute capability in ``argv``
    (default 9.0)."""
    major, minor = (int(x) for x in (argv[0] if argv else "9.0").split("."))
    for part in KERNEL_PARTS:
        sys.stdout.write(f"{compile_report((major, minor), part)}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
