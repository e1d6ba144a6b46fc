"""The format contract: the :class:`Format` value every format module defines as
``FORMAT``, holding every hook the readers, writers and the command line use.

A format module is ``sudokit/formats/<name>.py`` with:

- ``FORMAT``: a :class:`Format` (name, default style, blanks and forms it writes, whether
  a file holds one puzzle, and the functions that write a puzzle, a separator and a message
  and that read an input);
- ``loads(data, box=None)`` and ``dumps(items, **style)``: the module's face, each one
  line over ``FORMAT`` (:meth:`Format.loads`, ``_writer.dumps_with``).

:class:`FormatModule` says the same for a type checker. The registry (``_registry.py``)
holds one line per format: its name, file extensions, and whether an extension decides.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, Protocol

from ..errors import ParseError
from ._input import Input, with_bom
from ._reading import ReadOptions, items_or_first_error
from ._records import Batch, Item, Record, Style

#: ``read_records(inp, options)``: the records of an input, in order.
ReadRecords = Callable[[Input, ReadOptions], Iterator[Record]]
#: ``read_chunks(inp, options)``: the same puzzles, runs of lines as Batches.
ReadChunks = Callable[[Input, ReadOptions], Iterator[Record | Batch]]


def no_separator(style: Style) -> str:
    """Nothing goes between two puzzles (each ends its own line)."""
    return ""


def blank_line(style: Style) -> str:
    """A blank line goes between two puzzles."""
    return style.eol or "\n"


def message_line(text: str, style: Style) -> bytes:
    """A message in place of a puzzle: a line of text."""
    return (text + (style.eol or "\n")).encode()


# A NamedTuple, not a dataclass: as immutable, and importing dataclasses (with inspect)
# would be a good part of the time `sudoku` takes to start.
class Format(NamedTuple):
    """Everything sudokit needs to read and write one format.

    ``name``: what ``--from``/``--to`` call it; ``default``: the style of a puzzle written
    without one; ``encode(item, style)``: one puzzle as bytes; ``read_records(inp,
    options)``: an input's records in order (a bad puzzle is a record with an error, and
    reading goes on). Optional, with their defaults: ``blanks`` (the blanks ``dumps``
    accepts; empty: no choice), ``forms`` (the variants ``dumps(form=...)`` accepts),
    ``one_per_input`` (a file holds one puzzle), ``separator(style)`` (between two
    puzzles), ``encode_message(text, style)`` (a message in place of a puzzle),
    ``read_chunks`` (records and Batches; None: the records), ``binary`` (reads bytes
    that are not text), ``opening`` and ``closing`` (the text around the puzzles of a
    document, such as an XML root element, written when the puzzles were not read from
    one).
    """

    name: str
    default: Style
    encode: Callable[[Item, Style], bytes]
    read_records: ReadRecords
    blanks: tuple[str, ...] = ()
    forms: tuple[str, ...] = ()
    one_per_input: bool = False
    separator: Callable[[Style], str] = no_separator
    encode_message: Callable[[str, Style], bytes] = message_line
    read_chunks: ReadChunks | None = None
    binary: bool = False
    opening: str = ""
    closing: str = ""
    rules: frozenset[str] = frozenset()

    def chunks(self, inp: Input, options: ReadOptions) -> Iterator[Record | Batch]:
        """The puzzles of ``inp`` as records and batches (records only, for most formats)."""
        if self.read_chunks is not None:
            return self.read_chunks(inp, options)
        return self.read_records(inp, options)

    def style(self, **options: str) -> Style:
        """A style of this format from keyword options (``blank``, ``eol``, ``form``),
        checked: a TypeError for an unknown option, a ValueError for a value not taken."""
        base = self.default
        unknown = set(options) - {"blank", "eol", "form"}
        if unknown:
            raise TypeError(
                f"unknown style option(s) for {self.name}: {', '.join(sorted(unknown))}"
            )
        blank = options.get("blank", base.blank)
        if self.blanks and blank not in self.blanks:
            raise ValueError(
                f"the {self.name} format writes a blank as one of "
                f"{', '.join(map(repr, self.blanks))}, not {blank!r}"
            )
        eol = options.get("eol", base.eol)
        if "eol" in options and eol not in ("\n", "\r\n"):
            raise ValueError(f"line ending must be '\\n' or '\\r\\n', not {eol!r}")
        form = options.get("form", base.form)
        if self.forms and form not in self.forms:
            raise ValueError(
                f"the {self.name} form is {' or '.join(map(repr, self.forms))}, not {form!r}"
            )
        return Style(self.name, blank=blank, eol=eol, form=form)

    def loads(self, data: str | bytes, box: tuple[int, int] | None = None) -> list[Item]:
        """Every puzzle of ``data`` in this format; the first error is raised."""
        raw = data_bytes(data)
        inp = Input(io.BytesIO(raw), None)
        return items_or_first_error(with_bom(inp, self.read_records(inp, ReadOptions(box))))


def data_bytes(data: Any) -> bytes:
    """``data`` (text or bytes) as bytes; anything else is a TypeError, text with half of a
    UTF-16 pair (a lone surrogate, which no file can hold) a ParseError."""
    if isinstance(data, str):
        try:
            return data.encode()
        except UnicodeEncodeError as e:
            bad = data[e.start]
            raise ParseError(f"character {e.start + 1} of the text, U+{ord(bad):04X}, is half "
                             "of a UTF-16 pair, not a character") from None
    if isinstance(data, bytes | bytearray | memoryview):
        return bytes(data)
    raise TypeError(f"expected the text of puzzles (str or bytes), not {type(data).__name__}")


class FormatModule(Protocol):
    """What a format module offers (``sudokit.formats.FORMATS[name]``)."""

    FORMAT: Format

    def loads(self, data: str | bytes, box: tuple[int, int] | None = None) -> list[Any]: ...

    def dumps(self, items: Any, **style: str) -> str | bytes: ...
