"""The words printed in place of an answer (a module of their own: the line path of ``sudoku
solve`` writes them without loading the rest of the package)."""

NOT_SOLVEABLE = "ERROR: Puzzle not solveable"
NOT_UNIQUE = "ERROR: Puzzle has more than one solution"
TIMED_OUT = "ERROR: Puzzle ran out of time"

#: The note on standard error, once a run, when a count reached ``sudoku count --limit``.
LIMIT_NOTE = "counts stop at --limit {limit}; a count of {limit} means {limit} or more"
