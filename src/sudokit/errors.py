"""The exceptions sudokit raises. All are ``ValueError`` subclasses, so ``except ValueError``
keeps working; each message says what is wrong and where (file, line, cell)."""

from __future__ import annotations


class SudokuError(ValueError):
    """Base class: something about a puzzle or its input is wrong.

    ``source`` (a file name or ``<stdin>``), ``line`` (1-based) and ``cell`` (r1c1 notation)
    say where, when known; ``str()`` puts them in front of the message.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        cell: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.cell = cell

    def located(self, *, source: str | None = None, line: int | None = None) -> SudokuError:
        """Fill in where the error happened, keeping what is already known."""
        if self.source is None:
            self.source = source
        if self.line is None:
            self.line = line
        return self

    def __str__(self) -> str:
        where = ""
        if self.source is not None:
            where = self.source
            if self.line is not None:
                where += f", line {self.line}"
            where += ": "
        elif self.line is not None:
            where = f"line {self.line}: "
        return where + self.message


class ParseError(SudokuError):
    """The input cannot be read as a puzzle in the expected format."""


class CellCountError(ParseError):
    """Too few or too many cells for the puzzle's size."""


class SymbolError(ParseError):
    """A character or value that is not a digit of this size, nor a blank."""


class ShapeError(SudokuError):
    """A size or box shape that sudokit cannot use (e.g. 7x7, or a box that does not tile)."""


class ConflictError(SudokuError):
    """Two givens clash: the same digit twice in a row, column or box."""


class MixedSizeError(ParseError):
    """One file holds puzzles of different sizes."""


class GenerateError(SudokuError):
    """The options ask for a puzzle that cannot exist (e.g. 16 clues on a 9x9 grid)."""


class GenerateGaveUp(GenerateError):
    """The options can be met in principle, but the bounded effort found no such puzzle."""


class ClusterError(SudokuError):
    """A cluster to run the work on cannot be reached or started (a wrong or silent
    scheduler address, a missing optional dependency)."""


class ImageError(ParseError):
    """A photo that cannot be read as a puzzle: not a picture, damaged, too large, no grid."""


class RulesError(SudokuError):
    """Rules that cannot be: regions of the wrong size or count, a cell both odd and even,
    a rule the grid's size cannot have, an unknown rules name."""


class UnsupportedRulesError(RulesError):
    """Rules sudokit knows of but cannot honour yet (overlapping grids such as samurai, or
    a command that cannot yet work under a variant's rules)."""


class SolveTimeout(SudokuError, TimeoutError):
    """A search that found no answer within its time limit (``solve(..., time_limit=)``).
    Also a ``TimeoutError``, as it was before it had a name of its own."""
