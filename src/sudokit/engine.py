"""Which engine runs: the compiled extension when it was built, else the same source as
plain Python. Setting ``SUDOKIT_PURE_PYTHON=1`` forces the pure-Python core."""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType

PURE_ENV = "SUDOKIT_PURE_PYTHON"


def load_pure(name: str) -> ModuleType:
    """Load ``sudokit.<name>`` from its .py source even when a compiled module shadows it."""
    import importlib.util  # only the pure path needs it: keep start-up light

    qualified = f"sudokit.{name}_pure"
    if qualified in sys.modules:
        return sys.modules[qualified]
    path = os.path.join(os.path.dirname(__file__), name + ".py")
    spec = importlib.util.spec_from_file_location(qualified, path)
    if spec is None or spec.loader is None:  # pragma: no cover - the source ships with us
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module
    spec.loader.exec_module(module)
    return module


def load(name: str, pure: bool | None = None) -> ModuleType:
    """The engine module ``name``: compiled unless ``pure`` (or the environment) says not."""
    if pure is None:
        pure = os.environ.get(PURE_ENV, "") not in ("", "0")
    if pure:
        return load_pure(name)
    return importlib.import_module(f"sudokit.{name}")


def forced_pure() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def core_name() -> str:
    """'compiled' or 'pure-Python': what ``sudoku --version`` reports."""
    return "compiled" if load("_core").is_compiled() else "pure-Python"


class _SourceFirst:
    """A meta path finder that loads the compiled modules of :mod:`sudokit._compiled` from
    their .py source, so that the pure-Python switch covers every one of them."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(self, name: str, path: object, target: object = None) -> object:
        if name not in self.names:
            return None
        import importlib.util

        parts = name.split(".")[1:]
        source = os.path.join(os.path.dirname(__file__), *parts[:-1], parts[-1] + ".py")
        return importlib.util.spec_from_file_location(name, source)


def install_pure_switch() -> None:
    """When SUDOKIT_PURE_PYTHON is set, make every compiled module load from its source."""
    if forced_pure() and not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        from ._compiled import ENGINE_MODULES, PLAIN_MODULES

        sys.meta_path.insert(0, _SourceFirst(frozenset(ENGINE_MODULES + PLAIN_MODULES)))  # type: ignore[arg-type]
