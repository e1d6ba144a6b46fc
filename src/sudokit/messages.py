"""The words printed in place of an answer (a module of their own: the line path of ``sudoku
solve`` writes them without loading the rest of the package)."""

NOT_SOLVEABLE = "ERROR: Puzzle not solveable"
NOT_UNIQUE = "ERROR: Puzzle has more than one solution"
TIMED_OUT = "ERROR: Puzzle ran out of time"
