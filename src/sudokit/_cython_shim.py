"""Stand-in for the ``cython`` module when the engine runs uncompiled without Cython.

It defines exactly the names the pure-mode modules use, each doing nothing, so that the
same source runs as plain Python.
"""

from typing import Any

compiled = False

int = int  # noqa: A001 - shadows on purpose, as the real module does
uint = int
size_t = int
longlong = int
ulonglong = int
uchar = int
char = int
bint = bool
double = float
Py_ssize_t = int
void = None


def _identity(func: Any = None, *args: Any, **kwargs: Any) -> Any:
    if callable(func) and not args and not kwargs:
        return func
    return lambda f: f


cclass = cfunc = ccall = inline = final = locals = exceptval = _identity
boundscheck = wraparound = cdivision = initializedcheck = _identity


class _NoGil:
    """Both a decorator (``@cython.nogil``) and a context manager (``with cython.nogil:``)."""

    def __call__(self, func: Any) -> Any:
        return func

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


nogil = _NoGil()
gil = _NoGil()


def declare(kind: Any = None, value: Any = None, **kwargs: Any) -> Any:
    return value


def cast(kind: Any, value: Any, typecheck: bool = False) -> Any:
    return value
