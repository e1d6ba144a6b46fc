"""sudokit: solve, count, check, convert, create, rate and explain sudoku puzzles.

The core needs nothing beyond this package; formats live in ``sudokit.formats`` and are
imported when used.
"""

from ._version import __version__
from .errors import (
    CellCountError,
    ConflictError,
    MixedSizeError,
    ParseError,
    ShapeError,
    SudokuError,
    SymbolError,
)
from .grid import Grid, is_solution
from .shape import Shape
from .solver import SolveResult, Status, count_solutions, has_unique_solution, search, solve

__all__ = [
    "CellCountError",
    "ConflictError",
    "Grid",
    "MixedSizeError",
    "ParseError",
    "Shape",
    "ShapeError",
    "SolveResult",
    "Status",
    "SudokuError",
    "SymbolError",
    "__version__",
    "count_solutions",
    "has_unique_solution",
    "is_solution",
    "search",
    "solve",
]
