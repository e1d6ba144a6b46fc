"""sudokit: solve, count, check, convert, create, rate and explain sudoku puzzles.

The core needs nothing beyond this package; formats live in ``sudokit.formats`` and are
imported when used.
"""

import os as _os

from . import _lazy, _moved
from ._version import __version__
from .errors import (
    CellCountError,
    ConflictError,
    GenerateError,
    GenerateGaveUp,
    MixedSizeError,
    ParseError,
    RulesError,
    ShapeError,
    SudokuError,
    SymbolError,
    UnsupportedRulesError,
)

TYPE_CHECKING = False  # (typing.TYPE_CHECKING, without importing typing)
if TYPE_CHECKING:  # what a type checker sees of the names _LAZY loads on first use
    from .analysis import minimize, why
    from .batch import count_array, solve_array
    from .generator.make import (
        Generated,
        generate,
        generate_many,
        generate_solution_grid,
        iter_generate,
    )
    from .grid import Grid, is_solution
    from .logic import hint, next_step, rate, solve_path
    from .rules import Rules
    from .shape import Shape
    from .sheets import Sheet, SheetGrid
    from .solver import (
        SearchStatus,
        SolveResult,
        Status,
        count_solutions,
        has_unique_solution,
        search,
        solve,
    )
    from .symmetry import Transform, canonical, same

# The old paths of modules that moved (sudokit.svg, ...) keep working for one release.
_moved.install()

# SUDOKIT_PURE_PYTHON=1 at start-up runs every compiled module from its source: the engine
# module installs that switch (and is imported here only then, to keep start-up light). The
# modules above import none of the compiled ones: the engine is loaded when first used.
if _os.environ.get("SUDOKIT_PURE_PYTHON", "") not in ("", "0"):
    from . import engine as _engine

    _engine.install_pure_switch()

#: Names served from modules that are imported only when first used, to keep
#: ``import sudokit`` (and so every ``sudoku`` command) quick to start.
_LAZY = {
    # the core: loaded on first use too, so that a command that needs none of it (the
    # line path of `sudoku solve`) starts without it
    "Grid": "grid",
    "is_solution": "grid",
    "Shape": "shape",
    "Rules": "rules",
    "Sheet": "sheets",
    "SheetGrid": "sheets",
    "SolveResult": "solver",
    "SearchStatus": "solver",
    "Status": "solver",
    "count_solutions": "solver",
    "has_unique_solution": "solver",
    "search": "solver",
    "solve": "solver",
    "generate": "generator.make",
    "generate_many": "generator.make",
    "generate_solution_grid": "generator.make",
    "iter_generate": "generator.make",
    "Generated": "generator.make",
    "rate": "logic",
    "hint": "logic",
    "next_step": "logic",
    "solve_path": "logic",
    "solve_array": "batch",
    "count_array": "batch",
    "canonical": "symmetry",
    "same": "symmetry",
    "Transform": "symmetry",
    "why": "analysis",
    "minimize": "analysis",
}


__getattr__, __dir__ = _lazy.serve(__name__, _LAZY, globals())


__all__ = [
    "CellCountError",
    "GenerateError",
    "GenerateGaveUp",
    "Generated",
    "ConflictError",
    "Grid",
    "MixedSizeError",
    "ParseError",
    "Rules",
    "RulesError",
    "Shape",
    "ShapeError",
    "Sheet",
    "SheetGrid",
    "SearchStatus",
    "SolveResult",
    "Status",
    "SudokuError",
    "SymbolError",
    "Transform",
    "UnsupportedRulesError",
    "__version__",
    "canonical",
    "count_array",
    "count_solutions",
    "generate",
    "generate_many",
    "generate_solution_grid",
    "has_unique_solution",
    "hint",
    "is_solution",
    "iter_generate",
    "minimize",
    "next_step",
    "rate",
    "same",
    "search",
    "solve",
    "solve_array",
    "solve_path",
    "why",
]
