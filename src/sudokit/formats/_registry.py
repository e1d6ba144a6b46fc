"""The registry: one line per format (its name, the file extensions that stand for it, and
whether such an extension decides the format when reading). Adding a format is one module
``sudokit/formats/<name>.py`` defining ``FORMAT`` (see ``_spec``) and one line here."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator, Mapping
from typing import NamedTuple, cast

from ..errors import SudokuError
from ._spec import Format, FormatModule


class Entry(NamedTuple):
    """One format in the registry: ``extensions`` stand for it (what ``--to`` defaults to
    for ``-o FILE``); with ``decides``, such an extension decides the format when reading,
    whatever the content looks like."""

    name: str
    extensions: tuple[str, ...] = ()
    decides: bool = False


TABLE: tuple[Entry, ...] = (
    Entry("line", (".txt", ".sdm", ".line")),
    Entry("grid", (".grid",)),
    Entry("csv", (".csv",), decides=True),
    Entry("table", (".table",)),
    Entry("text", (".text",)),
    Entry("pretty", (".pretty",)),
    Entry("binary", (".bin",), decides=True),
    Entry("candidates", (".cand",)),
    Entry("json", (".json", ".jsonl"), decides=True),
    Entry("tsv", (".tsv",), decides=True),
    Entry("sdk", (".sdk",), decides=True),
    Entry("opensudoku", (".opensudoku",), decides=True),
    Entry("ipuz", (".ipuz",), decides=True),
    Entry("hodoku", (".hdk",)),
    Entry("fpuzzles", (".fpuzzles", ".fpuz"), decides=True),
    Entry("sudokupad", (".sudokupad",), decides=True),
    Entry("jigsaw", (".jigsaw",), decides=True),
    Entry("killer", (".killer",), decides=True),
    Entry("samurai", (".samurai",), decides=True),
)


class _Registry(Mapping[str, FormatModule]):
    """Format name -> module, each module imported the first time it is asked for (a
    program that reads lines need not load the JSON or pencilmark readers)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names

    def __getitem__(self, name: str) -> FormatModule:
        if name not in self._names:
            raise KeyError(name)
        return cast(FormatModule, importlib.import_module(f"{__package__}.{name}"))

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __repr__(self) -> str:
        return f"<sudokit formats: {', '.join(self._names)}>"


#: Every format, by name: each module defines ``FORMAT``, ``loads`` and ``dumps``.
FORMATS: Mapping[str, FormatModule] = _Registry(tuple(e.name for e in TABLE))

#: The format a file name's extension stands for (what ``--to`` defaults to for ``-o FILE``).
EXTENSIONS: dict[str, str] = {ext: e.name for e in TABLE for ext in e.extensions}

#: Extensions that decide the format when reading, whatever the content looks like.
DECIDING_EXTENSIONS: frozenset[str] = frozenset(
    ext for e in TABLE if e.decides for ext in e.extensions
)


def format_for_path(path: str | os.PathLike[str] | None) -> str | None:
    """The format a file name's extension stands for, or None."""
    if path is None:
        return None
    return EXTENSIONS.get(os.path.splitext(os.fspath(path))[1].lower())


def spec(name: str) -> Format:
    """The contract of format ``name``; an unknown name is a SudokuError listing them."""
    if not isinstance(name, str):
        raise TypeError(f"a format is named by a string, not {type(name).__name__}")
    if name not in FORMATS:
        raise SudokuError(f"unknown format {name!r}; the formats are: {', '.join(FORMATS)}")
    return FORMATS[name].FORMAT
