"""The plainest ``sudoku solve`` command lines, read without building the parser.

Building the whole parser (every option of the command, with argparse behind it) costs a
good part of a one-puzzle solve. The command lines a script most often runs are read here
instead: ``sudoku solve`` (or ``sudoku FILE``) with at most one input and only the options
``--to line``, ``--from line``, ``--unique``, ``--jobs N``, ``-o FILE`` and
``--no-progress``, each spelled out in full. Anything else (another option, an
abbreviation, a value argparse would refuse, ``--``) is left to the parser, which also
gives every error message; so what is read here is read as the parser would read it (a
test compares the two on many command lines).
"""

from __future__ import annotations

from types import SimpleNamespace

#: What the parser gives ``sudoku solve`` for every option not on the command line.
SOLVE_DEFAULTS: dict[str, object] = {
    "command": "solve", "files": [], "from_format": None, "box": None, "column": None,
    "to_format": None, "theme": "light", "unique": False, "jobs": 1, "device": "cpu",
    "time_limit": None, "method": "search", "cluster": None, "template": None,
    "output": None, "no_progress": False,
}

#: Options that take a value: option -> (attribute, the values read here, None for any).
_VALUED = {
    "--to": ("to_format", ("line",)), "--from": ("from_format", ("line",)),
    "--jobs": ("jobs", None), "-j": ("jobs", None),
    "--output": ("output", None), "-o": ("output", None),
}
_FLAGS = {"--unique": "unique", "--no-progress": "no_progress"}


def quick_solve(words: list[str]) -> SimpleNamespace | None:
    """The options of ``words`` (a command line that starts with ``solve``), as the parser
    would give them, when they are among the plainest; else None."""
    if not words or words[0] != "solve":
        return None
    values: dict[str, object] = dict(SOLVE_DEFAULTS)
    files: list[str] = []
    rest = iter(words[1:])
    for word in rest:
        if word in _FLAGS:
            values[_FLAGS[word]] = True
            continue
        option, eq, value = word.partition("=")
        if word.startswith("-j") and len(word) > 2 and not eq:
            option, value, eq = "-j", word[2:], "="
        if option in _VALUED and (eq or option == word):
            if not eq:
                value = next(rest, "")
            name, allowed = _VALUED[option]
            if not value or value.startswith("-") and value != "-":
                return None
            if allowed is not None and value not in allowed:
                return None
            if name == "jobs":
                if not (value.isascii() and value.isdigit()) or int(value) < 1:
                    return None
                values[name] = int(value)
            else:
                values[name] = value
            continue
        if word.startswith("-") and word != "-":
            return None
        files.append(word)
    if len(files) > 1:
        return None
    values["files"] = files
    return SimpleNamespace(**values)
