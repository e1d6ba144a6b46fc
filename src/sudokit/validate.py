"""The checks public functions make of their arguments, in one place: each raises a
``TypeError`` (wrong kind of value) or a ``ValueError`` (right kind, out of range) whose
message says what was expected. Strings are not grids: ``solve("53..7...")`` is refused
with a pointer to ``Grid(...)``, so that a typo in a puzzle is never read as some other
puzzle."""

from __future__ import annotations

import math
import operator

from .candidates import Candidates
from .grid import Grid

#: The largest ``limit`` a search takes: the engines count in 32 bits, and a count this
#: high does not end in a lifetime anyway.
MAX_LIMIT = 2**31 - 1


def puzzle(value: object, function: str, name: str = "puzzle") -> Grid | Candidates:
    """``value`` when it is a Grid or a Candidates board."""
    if isinstance(value, Grid | Candidates):
        return value
    hint = (f"; for a line of digits use {function}(Grid({value[:12]!r}...))"
            if isinstance(value, str) else "")
    raise TypeError(f"{function}: {name} must be a Grid or a Candidates board, not "
                    f"{type(value).__name__}{hint}")


def whole(value: object, function: str, name: str) -> int:
    """``value`` as an int when it is a whole number (a Python or NumPy integer)."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        raise TypeError(f"{function}: {name} must be a whole number, not a bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{function}: {name} must be a whole number, not "
                        f"{type(value).__name__} {value!r}") from None


def limit(value: object, function: str) -> int:
    """A count limit: a whole number from 1 to :data:`MAX_LIMIT`."""
    n = whole(value, function, "limit")
    if not 1 <= n <= MAX_LIMIT:
        raise ValueError(f"{function}: limit must be from 1 to {MAX_LIMIT}, got {n}")
    return n


def seconds(value: object, function: str, name: str = "time_limit") -> float | None:
    """None (no limit) or a number of seconds greater than 0 and finite."""
    if value is None:
        return None
    try:
        if isinstance(value, bool | str | bytes):
            raise TypeError
        s = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise TypeError(f"{function}: {name} must be a number of seconds or None, not "
                        f"{type(value).__name__}") from None
    if not 0 < s < math.inf:
        raise ValueError(f"{function}: {name} must be a positive, finite number of seconds, "
                         f"got {value!r}")
    return s


def jobs(value: object, function: str) -> int | None:
    """None or 0 (one per core), or a whole number of workers of at least 1."""
    if value is None:
        return None
    n = whole(value, function, "jobs")
    if n < 0:
        raise ValueError(f"{function}: jobs must be at least 1 (or 0 for every core), got {n}")
    return n
