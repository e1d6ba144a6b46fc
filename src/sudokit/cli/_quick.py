"""The plainest ``sudoku solve`` and ``sudoku count`` command lines, read without building
the parser.

Building the whole parser (every option of the command, with argparse behind it) costs a
good part of a one-puzzle solve. The command lines a script most often runs are read here
instead: ``sudoku solve`` (or ``sudoku FILE``) with at most one input and only the options
``--to line``, ``--from line``, ``--unique``, ``--jobs N``, ``-o FILE`` and
``--no-progress``, each spelled out in full; ``sudoku count`` with ``--limit N`` in place of
``--to`` and ``--unique``. Anything else (another option, an abbreviation, a value argparse
would refuse, ``--``) is left to the parser, which also gives every error message; so what
is read here is read as the parser would read it (a test compares the two on many command
lines).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Options:
    """The options of a command line, one attribute each, as the parser's namespace holds
    them. (Not ``types.SimpleNamespace``: importing ``types`` costs more start-up time than
    this class.)"""

    def __init__(self, values: dict[str, object]) -> None:
        self.__dict__.update(values)

    def __repr__(self) -> str:
        return f"Options({self.__dict__!r})"

    if TYPE_CHECKING:  # any option, as the type checker sees it

        def __getattr__(self, name: str) -> Any: ...

#: What the parser gives ``sudoku solve`` for every option not on the command line.
SOLVE_DEFAULTS: dict[str, object] = {
    "command": "solve", "files": [], "from_format": None, "box": None, "column": None,
    "to_format": None, "theme": "light", "unique": False, "jobs": 1, "device": "cpu",
    "time_limit": None, "method": "search", "cluster": None, "template": None,
    "output": None, "no_progress": False,
}

#: The same for ``sudoku count``.
COUNT_DEFAULTS: dict[str, object] = {
    "command": "count", "files": [], "from_format": None, "box": None, "column": None,
    "limit": 1000, "jobs": 1, "json": False, "template": None, "cluster": None,
    "time_limit": None, "output": None, "no_progress": False,
}

#: The largest --limit the parser takes (``_inputs.MAX_LIMIT``; a test compares them).
MAX_LIMIT = 2**31 - 1

#: Options that take a value, by command: option -> (attribute, the values read here, None
#: for a whole number of at least 1, "" for any).
_COMMON = {
    "--from": ("from_format", ("line",)), "--jobs": ("jobs", None), "-j": ("jobs", None),
    "--output": ("output", ""), "-o": ("output", ""),
}
_VALUED: dict[str, dict[str, tuple[str, tuple[str, ...] | str | None]]] = {
    "solve": {**_COMMON, "--to": ("to_format", ("line",))},
    "count": {**_COMMON, "--limit": ("limit", None)},
}
_FLAGS = {"solve": {"--unique": "unique", "--no-progress": "no_progress"},
          "count": {"--no-progress": "no_progress"}}
_DEFAULTS = {"solve": SOLVE_DEFAULTS, "count": COUNT_DEFAULTS}


def quick_parse(words: list[str]) -> Options | None:
    """The options of ``words`` (a command line that starts with ``solve`` or ``count``),
    as the parser would give them, when they are among the plainest; else None."""
    if not words or words[0] not in _DEFAULTS:
        return None
    command = words[0]
    valued, flags = _VALUED[command], _FLAGS[command]
    values: dict[str, object] = dict(_DEFAULTS[command])
    files: list[str] = []
    rest = iter(words[1:])
    for word in rest:
        if word in flags:
            values[flags[word]] = True
            continue
        option, eq, value = word.partition("=")
        if word.startswith("-j") and len(word) > 2 and not eq:
            option, value, eq = "-j", word[2:], "="
        if option in valued and (eq or option == word):
            if not eq:
                value = next(rest, "")
            name, allowed = valued[option]
            if not value or value.startswith("-") and value != "-":
                return None
            if allowed is None:  # a whole number, at least 1
                if not (value.isascii() and value.isdigit()) or not (
                        1 <= int(value) <= (MAX_LIMIT if name == "limit" else int(value))):
                    return None
                values[name] = int(value)
            elif allowed and value not in allowed:
                return None
            else:
                values[name] = value
            continue
        if word.startswith("-") and word != "-":
            return None
        files.append(word)
    if len(files) > 1:
        return None
    values["files"] = files
    return Options(values)
