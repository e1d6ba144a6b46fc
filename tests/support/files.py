"""The repository's files as the tests see them: public puzzle data, examples, benchmarks."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
#: files the tests read (tests/data)
TEST_DATA = ROOT / "tests" / "data"

# Public puzzle collections shipped in the repository (data/README.md says where they come from).
DATA = ROOT / "data"
EXAMPLES = ROOT / "examples"


def load_benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` as a module (the benchmarks are not a package)."""
    path = ROOT / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def data_file(name: str) -> Path:
    return DATA / name


def read_lines(path: Path) -> list[str]:
    return [s.strip() for s in path.read_text().splitlines() if s.strip() and s[0] != "#"]
