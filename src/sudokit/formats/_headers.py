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


def csv_fields(record: str, sep: str = ",") -> list[tuple[int, int]] | None:
    """Where each field of a CSV record stands (``record`` without its line ending), by
    RFC 4180: a field in double quotes may hold commas, line breaks and ``""`` for a quote.
    None when a quoted field is still open at the end of ``record``. ``sep``: what
    separates fields (``;`` where a spreadsheet writes the decimal point as a comma)."""
    if '"' not in record:  # the usual record: no field is quoted
        spans, start = [], 0
        for field in record.split(sep):
            spans.append((start, start + len(field)))
            start += len(field) + 1
        return spans
    spans, start, n = [], 0, len(record)
    while True:
        at = start
        while at < n and record[at] == " ":
            at += 1
        if at < n and record[at] == '"':
            at += 1
            while True:
                at = record.find('"', at)
                if at < 0:
                    return None
                if record.startswith('""', at):
                    at += 2
                    continue
                break
        comma = record.find(sep, at)
        if comma < 0:
            spans.append((start, n))
            return spans
        spans.append((start, comma))
        start = comma + 1


def csv_value(field: str) -> str:
    """A CSV field's value: stripped, and unquoted when quoted (``""`` is a quote)."""
    value = field.strip()
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        return value[1:-1].replace('""', '"')
    return value.strip('"').strip()


def split_csv(record: str, sep: str = ",") -> list[str]:
    """The fields of a CSV record as text (unquoted); an open quote reads to the end."""
    spans = csv_fields(record, sep)
    if spans is None:
        return [csv_value(f) for f in record.split(sep)]
    return [csv_value(record[a:b]) for a, b in spans]


def header_names(line: str, sep: str = ",") -> list[str]:
    """The column names of a CSV header line, as compared: stripped, unquoted, lower case."""
    return [name.strip().lower() for name in split_csv(line, sep)]


def is_csv_header(line: str, alone: bool = False, sep: str = ",") -> bool:
    """Does ``line`` name a puzzle column (``quizzes,solutions``, ``id,puzzle,...``; with
    ``alone``, a column by itself too)?"""
    names = header_names(line, sep)
    return (sep in line or alone) and any(name in PUZZLE_COLUMNS for name in names)


def is_sdk_header(line: str) -> bool:
    """An sdk header line: ``#`` and one of the header letters."""
    return len(line) >= 2 and line[0] == "#" and line[1] in SDK_HEADERS


def is_library_line(line: str) -> bool:
    """Does ``line`` look like a HoDoKu library line (``:code:digits:grid:...``)?"""
    return line.startswith(":") and line.count(":") >= 4
