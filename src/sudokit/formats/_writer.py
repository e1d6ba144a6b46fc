"""Writing puzzles one after another in one format, with the format's separators."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import BinaryIO

from ..errors import SudokuError, UnsupportedRulesError
from ..rules import PRESETS
from ..sheets import SheetGrid
from ._records import Item, Style
from ._spec import Format
from ._symbols import as_items


class FormatWriter:
    """Writes puzzles of one :class:`Format` to a binary stream (see
    ``sudokit.formats.Writer``)."""

    def __init__(self, spec: Format, stream: BinaryIO, style: Style | None = None) -> None:
        if not callable(getattr(stream, "write", None)):
            raise TypeError(
                f"a Writer writes to a binary stream (an object with write()), not "
                f"{type(stream).__name__}"
            )
        if style is not None and not isinstance(style, Style):
            raise TypeError(f"style must be a Style or None, not {type(style).__name__}")
        self._spec = spec
        self._stream = stream
        self._style: Style = style if style is not None and self._fits(style) else spec.default
        self._count = 0
        self._items = 0
        self._tail = ""
        self._opened = False
        self.closed = False

    def _fits(self, style: Style) -> bool:
        return isinstance(style, Style) and style.fmt == self._spec.name

    def _pick(self, style: Style | None) -> Style:
        return style if style is not None and self._fits(style) else self._style

    def write(self, item: Item, style: Style | None = None) -> None:
        """Write one puzzle (a Grid or a Candidates board), laid out as ``style`` says."""
        (item,) = as_items(item)
        held_or_refused(self._spec, item)
        st = self._pick(style)
        if self._items and self._spec.one_per_input:
            raise SudokuError(
                f"the {self._spec.name} format holds one puzzle per file; "
                "write the others to other files or choose another format"
            )
        self._emit(st, self._spec.encode(item, st))
        self._items += 1

    def write_message(self, text: str, style: Style | None = None) -> None:
        """Write ``text`` in place of a puzzle (e.g. ``ERROR: Puzzle not solveable``), as its
        own line(s), with the same separators a puzzle would have."""
        st = self._pick(style)
        self._emit(st, self._spec.encode_message(text, st))

    def write_encoded(self, data: bytes, style: Style | None = None, items: int = 1) -> None:
        """Write ``items`` puzzles (or messages) already encoded in this writer's format,
        such as the answers to a Batch, with ``style``'s lead before them and its tail
        kept for ``close``."""
        self._emit(self._pick(style), data)
        self._items += items

    def _emit(self, st: Style, data: bytes) -> None:
        lead = st.lead
        if lead is None and not self._count and self._spec.opening:
            self._stream.write(self._spec.opening.encode())
            self._opened = True
        if lead is None:
            lead = self._spec.separator(st) if self._count else ""
        if lead:
            self._stream.write(lead.encode())
        self._stream.write(data)
        self._count += 1
        self._tail = st.tail

    def close(self) -> None:
        """Finish the output: write the text that followed the last puzzle read, if any, and
        flush. The stream itself stays open."""
        if self.closed:
            return
        self.closed = True
        if self._tail:
            self._stream.write(self._tail.encode())
        if self._opened:
            self._stream.write(self._spec.closing.encode())
        flush = getattr(self._stream, "flush", None)  # any object with write() will do
        if flush is not None:
            flush()

    def __enter__(self) -> FormatWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def held_or_refused(spec: Format, item: Item) -> None:
    """Refuse, by name, to write a puzzle whose rules ``spec`` cannot hold (its rules would
    be dropped, and the puzzle read back as another)."""
    if isinstance(item, SheetGrid) and "overlapping" not in spec.rules:
        sheet = item.sheet
        raise UnsupportedRulesError(
            f"the {spec.name} format cannot hold {_a(sheet.name or 'overlapping-grids')} "
            f"puzzle ({len(sheet.grids)} overlapping {sheet.size}x{sheet.size} grids): write "
            f"it --to samurai")
    rules = getattr(item, "rules", None)
    if rules is None or rules.is_classic:
        return
    missing = [name for name in rules.names if name not in spec.rules]
    if not missing:
        return
    from ._registry import FORMATS  # deferred: the other formats matter only for this message

    able = [name for name in FORMATS if set(rules.names) <= FORMATS[name].FORMAT.rules]
    what = "jigsaw regions" if missing[0] == "jigsaw" else f"the {PRESETS[missing[0]]} rules"
    raise UnsupportedRulesError(
        f"the {spec.name} format cannot hold {what} ({rules.describe()}): write it "
        f"--to {' or '.join(able)}"
    )


def _a(word: str) -> str:
    """``word`` with its article."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def dump_items(spec: Format, items: Item | Iterable[Item], style: Style | None) -> bytes:
    """Every item written one after another, as the writer would."""
    listed = as_items(items)
    if spec.one_per_input and len(listed) != 1:
        raise SudokuError(
            f"the {spec.name} format holds exactly one puzzle, got {len(listed)}"
        )
    out = io.BytesIO()
    writer = FormatWriter(spec, out, style)
    for item in listed:
        writer.write(item)
    writer.close()
    return out.getvalue()


def dumps_with(spec: Format, items: Item | Iterable[Item], **style: str) -> str:
    """What a text format's ``dumps`` returns: the items written in the style its keyword
    options give (checked by :meth:`Format.style`)."""
    return dump_items(spec, items, spec.style(**style)).decode()
