"""Making puzzles: random, minimal, symmetric, of a difficulty, or made for a technique.
This package owns the puzzle maker (:mod:`.make`, its options checked in :mod:`.options`),
the choices ``sudoku create`` offers (:mod:`.choices`, light enough to list without loading
the maker), the search for puzzles that need a technique (:mod:`.targeted`,
:mod:`.targeted_search`), puzzles to a pattern of givens (:mod:`.pattern`), puzzles under a
variant's rules (:mod:`.variants`, jigsaw regions in :mod:`.regions`), puzzles of
overlapping grids such as samurai (:mod:`.sheets`) and their compiled
engines (``_gen``, ``_gen9``, ``_gen_search``, ``_singles9``). It may import the logic, the
formats, the solver and the engine, and the values under them; nothing here imports the
streams, the pictures, the command line or the web server. The names below are loaded on first use.
"""

from .. import _lazy

TYPE_CHECKING = False  # (typing.TYPE_CHECKING, without importing typing)
if TYPE_CHECKING:
    from .make import (
        MAX_RATED_SIZE,
        MAX_SIZE,
        Generated,
        Seed,
        fewest_clues,
        generate,
        generate_many,
        generate_solution_grid,
        iter_generate,
        minimal_cells,
        minimal_digs,
        puzzle_maker,
        random_minimal,
        stream_key,
        symmetry_orbits,
    )
    from .sheets import generate_sheet, iter_generate_sheets
    from .targeted import generate_for, iter_generate_for

#: The names served from the maker's modules, each loaded when first asked for.
_LAZY = {
    **dict.fromkeys(
        ("MAX_RATED_SIZE", "MAX_SIZE", "Generated", "Seed", "fewest_clues", "generate",
         "generate_many", "generate_solution_grid", "iter_generate", "minimal_cells",
         "minimal_digs", "puzzle_maker", "random_minimal", "stream_key", "symmetry_orbits"),
        "make"),
    "generate_for": "targeted",
    "generate_sheet": "sheets",
    "iter_generate_sheets": "sheets",
    "iter_generate_for": "targeted",
}


__getattr__, __dir__ = _lazy.serve(__name__, _LAZY, globals())


__all__ = [
    "Generated",
    "MAX_RATED_SIZE",
    "MAX_SIZE",
    "Seed",
    "fewest_clues",
    "generate",
    "generate_for",
    "generate_many",
    "generate_sheet",
    "generate_solution_grid",
    "iter_generate",
    "iter_generate_for",
    "iter_generate_sheets",
    "minimal_cells",
    "minimal_digs",
    "puzzle_maker",
    "random_minimal",
    "stream_key",
    "symmetry_orbits",
]
