"""The symmetries of sudoku: canonical forms, the test of two puzzles being the same up to
symmetry, named transforms, and removing isomorphs from collections. It may import the
values, the engine, the formats, the streams of records and the parallel map; never the
command line or the web app.

- ``canon``: the canonical (minlex) form of a 9x9 puzzle or grid, with the transform that
  maps the puzzle to it (the search itself is the compiled ``_minlex``), and ``same``;
- ``transform``: ``Transform``, a symmetry as a value, and the named ones;
- ``dedupe``: the first puzzle of each class of a collection, in order, in bounded memory.
"""

from .canon import canonical, canonical_with_transform, forms_of, same
from .dedupe import first_of_each
from .transform import Transform

__all__ = ["Transform", "canonical", "canonical_with_transform", "first_of_each", "forms_of",
           "same"]
