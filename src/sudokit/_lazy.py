"""Names of a package loaded from its modules on first use (PEP 562): the faces of
``sudokit``, ``sudokit.generator`` and ``sudokit.stream`` serve their names this way, so
that importing a face costs almost nothing and a command loads only what it uses.

>>> import sudokit
>>> "solve" in dir(sudokit)
True
"""

from __future__ import annotations

TYPE_CHECKING = False  # (typing.TYPE_CHECKING, without importing typing: start-up)
if TYPE_CHECKING:
    from collections.abc import Callable


def serve(package: str, names: dict[str, str], namespace: dict[str, object],
          rest: str | None = None, submodules: tuple[str, ...] = (),
          ) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each name of ``names`` is loaded
    from the module it maps to (relative to ``package``) when first asked for, then kept in
    ``namespace`` (the package's globals) as an ordinary global. Any other public name is
    looked up in the module ``rest``, when given, but for the package's ``submodules``
    (``from package import submodule`` asks for them first, and must not load ``rest``)."""

    def __getattr__(name: str) -> object:
        private = name.startswith("_") or name in submodules
        module = names.get(name, None if private else rest)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        import importlib  # here: importing it (and the warnings module it loads) costs start-up

        try:
            value = getattr(importlib.import_module(f"{package}.{module}"), name)
        except AttributeError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *names})

    return __getattr__, __dir__
