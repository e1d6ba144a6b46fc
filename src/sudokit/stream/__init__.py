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

from .. import _lazy

__getattr__, __dir__ = _lazy.serve(__name__, {}, globals(), rest="records",
                                   submodules=("records", "lines", "dataset", "bench"))
