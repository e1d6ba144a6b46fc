"""The old import paths of modules that moved, kept working for one release.

``import sudokit.svg`` (and every other old path here) gives the module at its new path,
with a DeprecationWarning that names it. The finder sits last on ``sys.meta_path``: it is
asked only for a name no other finder knows, so it costs nothing to any other import.
"""

from __future__ import annotations

import sys

#: Old path -> new path. A package's old path covers its modules too.
MOVED = {
    "sudokit.verify": "sudokit.engine.arrays",
    "sudokit.generate_choices": "sudokit.generator.choices",
    "sudokit.targeted": "sudokit.generator.targeted",
    "sudokit.targeted_search": "sudokit.generator.targeted_search",
    "sudokit.svg": "sudokit.pictures.svg",
    "sudokit.drawing": "sudokit.pictures.drawing",
    "sudokit.walkthrough": "sudokit.pictures.walkthrough",
    "sudokit.printing": "sudokit.pictures",
    "sudokit.dataset": "sudokit.stream.dataset",
    "sudokit.bench": "sudokit.stream.bench",
    "sudokit.cluster": "sudokit.dask.cluster",
    **{f"sudokit.logic.techniques.{name}": f"sudokit.logic.graphs.{name}"
       for name in ("als", "als_links", "als_table", "chains", "dense_nodes", "hypothesis",
                    "strong_links", "x_chain_gate")},
}


def new_path(name: str) -> str | None:
    """Where the module once imported as ``name`` lives now (None: it did not move)."""
    if name in MOVED:
        return MOVED[name]
    head, _, tail = name.rpartition(".")
    while head:
        if head in MOVED:
            return MOVED[head] + "." + tail
        head, _, rest = head.rpartition(".")
        tail = rest + "." + tail
    return None


class _Alias:
    """Finder and loader of the old paths: the module is the one at the new path."""

    @classmethod
    def find_spec(cls, name: str, path: object = None, target: object = None) -> object:
        new = new_path(name)
        if new is None:
            return None
        import importlib.util  # only when an old import path is used

        return importlib.util.spec_from_loader(name, cls())  # type: ignore[arg-type]

    def create_module(self, spec: object) -> object:
        # only when an old import path is used
        import importlib
        import warnings

        name: str = spec.name  # type: ignore[attr-defined]
        new = new_path(name)
        warnings.warn(f"{name} has moved to {new}; the old path goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return importlib.import_module(str(new))

    def exec_module(self, module: object) -> None:
        """Nothing to run: the module at the new path ran when it was imported."""


def install() -> None:
    """Put the finder of the old paths last on ``sys.meta_path`` (once)."""
    if not any(finder is _Alias for finder in sys.meta_path):
        sys.meta_path.append(_Alias)  # type: ignore[arg-type]
