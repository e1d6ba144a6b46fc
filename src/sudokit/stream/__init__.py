"""Many puzzles from files and streams, answered in order. This package owns the records
road of the commands (:mod:`.records`: read, solve, count, rate and check puzzles in order,
on threads or processes), the line road (:mod:`.lines`: plain 9x9 puzzle lines solved or
counted in compiled code, no Python object per puzzle), the dataset records
(:mod:`.dataset`) and the timing of ``sudoku bench`` (:mod:`.bench`). It may import the
generator, the pictures, the logic, the formats, the solver, the batch and the engine, and
the values under them; nothing here imports the command line, the web server or Dask. The
names of :mod:`.records` are served from here, loaded on first use.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (importing typing would cost the line road's start-up)
if TYPE_CHECKING:
    from typing import Any


def __getattr__(name: str) -> Any:
    """A name of :mod:`.records`, loaded on first use."""
    if name.startswith("_") or name in ("records", "lines", "dataset", "bench"):  # (modules)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib  # only when a name is first used: start-up

    records = importlib.import_module(f"{__name__}.records")

    try:
        return getattr(records, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
