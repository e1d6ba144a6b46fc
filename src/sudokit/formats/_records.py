"""The values readers yield and writers take: a puzzle's *style* (how it was laid out), the
*record* of one puzzle read, and the *batch* of many well-formed lines read at once.

A style carries what a writer needs to give back the bytes a puzzle was read from: the
blank character, the line ending, the text before the puzzle (comments, blank lines) and
after the last one, and, for a puzzle laid out in a way the writer would not produce by
itself, a *template*: the original text cut around its cell tokens.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from ..candidates import Candidates
from ..errors import SudokuError
from ..grid import Grid
from ..shape import Shape

if TYPE_CHECKING:
    import numpy as np

Item = Grid | Candidates

#: What a format reads: grids, boards, or either.
ItemT = TypeVar("ItemT", bound=Item)


class Template(NamedTuple):
    """A puzzle's original text cut around its cells: ``parts[0] tokens[0] parts[1] ...
    tokens[-1] parts[-1]``. ``values[i]`` is what ``tokens[i]`` stood for (a digit, or a
    candidate mask), so a cell whose value is unchanged is written back as it was read."""

    parts: tuple[str, ...]
    tokens: tuple[str, ...]
    values: tuple[int, ...]

    def fill(self, values: Sequence[int], token: Callable[[int], str]) -> str:
        """The template's text with ``values`` in its cells (``token(v)`` for a new value)."""
        parts, tokens, old = self.parts, self.tokens, self.values
        out = [parts[0]]
        for i, v in enumerate(values):
            out.append(tokens[i] if v == old[i] else token(v))
            out.append(parts[i + 1])
        return "".join(out)


class Style(NamedTuple):
    """How one puzzle is laid out in its format.

    ``blank``: the character (or token) of a blank cell; ``eol``: the line ending;
    ``lead``: the exact text before the puzzle (None: the format's usual separator);
    ``tail``: text after the last puzzle of an input; ``form``: a variant of the format
    (candidates: ``"line"`` or ``"board"``); ``template``: the original text of a puzzle laid
    out in a way the writer would not produce by itself.
    """

    fmt: str
    blank: str = "."
    eol: str = "\n"
    lead: str | None = None
    tail: str = ""
    form: str = ""
    template: Template | None = None


def template_fits(style: Style, ncells: int) -> Template | None:
    """The style's template, if it has one for a puzzle of this many cells."""
    t = style.template
    return t if t is not None and len(t.tokens) == ncells else None


#: The ``fields`` of a record that carries none (shared, read-only).
NO_FIELDS: Mapping[str, str] = MappingProxyType({})


def fields_of(pairs: Iterable[tuple[str, str]]) -> Mapping[str, str]:
    """A record's ``fields`` from (name, text) pairs (read-only; the first of a name wins)."""
    out: dict[str, str] = {}
    for name, value in pairs:
        out.setdefault(name, value)
    return MappingProxyType(out) if out else NO_FIELDS


class Record(NamedTuple):
    """One puzzle read from an input: ``item``, or ``error`` saying why it could not be read.

    ``line`` is the 1-based line where the puzzle starts; ``style`` is what a writer of the
    same format needs to give back the same bytes (pass it to :meth:`Writer.write`).
    ``fields`` holds what the input says about the puzzle besides its cells, as text by
    name (``rating``, ``comment``, ``name``, ``solution``...; the names are listed in
    ``docs/formats.md``), in the order the input gives them; empty for most formats.
    """

    item: Grid | Candidates | None
    line: int
    error: SudokuError | None = None
    style: Style | None = None
    fields: Mapping[str, str] = NO_FIELDS


class Batch(NamedTuple):
    """Consecutive puzzles read at once: ``rows`` lines of one style, from line ``line``
    on, with nothing between them. ``cells`` holds their digits, ``shape.ncells`` bytes per
    puzzle (0 for a blank): the form a batch solver takes (``array()``). ``style`` is the
    style of each of them, except that its ``lead`` goes before the first only and its
    ``tail`` after the last only. ``records()`` gives the same puzzles one Record each."""

    cells: bytes
    line: int
    rows: int
    shape: Shape
    style: Style

    def records(self) -> Iterator[Record]:
        """One Record per puzzle, in order, as a reader of single records gives them."""
        style = self.style
        inner = style._replace(lead=None, tail="")
        styles = [inner] * self.rows
        styles[0] = styles[0]._replace(lead=style.lead)
        styles[-1] = styles[-1]._replace(tail=style.tail)
        make = record_maker()
        trusted = Grid.unchecked
        shape = self.shape
        unpack = _unpacker(shape.ncells)
        for i, cells in enumerate(unpack(self.cells)):
            yield make(trusted(cells, shape), self.line + i, styles[i])

    def array(self) -> np.ndarray:
        """The puzzles as a read-only (rows, N*N) uint8 NumPy array."""
        import numpy as np  # deferred: reading lines does not load NumPy until asked

        return np.frombuffer(self.cells, dtype=np.uint8).reshape(self.rows, self.shape.ncells)


@functools.cache
def _unpacker(ncells: int) -> Callable[[bytes], Iterator[tuple[int, ...]]]:
    return struct.Struct(f"{ncells}B").iter_unpack


def expand(items: Iterable[Record | Batch]) -> Iterator[Record]:
    """Records one by one, each Batch among ``items`` turned into its records."""
    for item in items:
        if type(item) is Batch:
            yield from item.records()
        else:
            yield item  # type: ignore[misc]


#: What a reader yields: records, or records and batches.
ChunkT = TypeVar("ChunkT", bound=Record | Batch)


def record_maker() -> Callable[[Item, int, Style], Record]:
    """A fast ``lambda item, line, style: Record(item, line, None, style)`` for hot loops: it
    builds the tuple directly, skipping the generated ``__new__`` with its defaults."""
    new = tuple.__new__

    def make(item: Item, line: int, style: Style) -> Record:
        return new(Record, (item, line, None, style, NO_FIELDS))

    return make
