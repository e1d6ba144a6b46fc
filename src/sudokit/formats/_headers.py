"""The one-line tests by which detection knows a format from its first line: a CSV header
that names a puzzle column, an sdk header line, a HoDoKu library line.

They live here, apart from their format modules, so that detecting the format of an input
loads none of those modules: ``sudoku`` starts faster. Each format module uses them too.
"""

from __future__ import annotations

#: Header names of the CSV column that holds the puzzles, as public data sets name it.
PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "question", "sudoku", "board", "grid")

#: sdk header letters and the field each one fills.
SDK_HEADERS = {
    "A": "author",
    "D": "description",
    "C": "comment",
    "B": "date",
    "S": "source",
    "L": "difficulty",
    "U": "url",
}


def header_names(line: str) -> list[str]:
    """The column names of a CSV header line, as compared: stripped, unquoted, lower case."""
    return [f.strip().strip('"').strip().lower() for f in line.split(",")]


def is_csv_header(line: str, alone: bool = False) -> bool:
    """Does ``line`` name a puzzle column (``quizzes,solutions``, ``id,puzzle,...``; with
    ``alone``, a column by itself too)?"""
    names = header_names(line)
    return ("," in line or alone) and any(name in PUZZLE_COLUMNS for name in names)


def is_sdk_header(line: str) -> bool:
    """An sdk header line: ``#`` and one of the header letters."""
    return len(line) >= 2 and line[0] == "#" and line[1] in SDK_HEADERS


def is_library_line(line: str) -> bool:
    """Does ``line`` look like a HoDoKu library line (``:code:digits:grid:...``)?"""
    return line.startswith(":") and line.count(":") >= 4
