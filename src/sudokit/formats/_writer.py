"""Writing puzzles one after another in one format, with the format's separators."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import BinaryIO

from ..errors import SudokuError
from ._common import Item, Style, as_items


class ModuleWriter:
    """Writes items of one format module to a binary stream (see ``sudokit.formats.Writer``)."""

    def __init__(self, module: ModuleType, stream: BinaryIO, style: Style | None = None) -> None:
        self._module = module
        self._stream = stream
        self._style: Style = style if self._fits(style) else module.DEFAULT  # type: ignore[assignment]
        self._count = 0
        self._items = 0
        self._tail = ""
        self.closed = False

    def _fits(self, style: Style | None) -> bool:
        return style is not None and style.fmt == self._module.NAME

    def _pick(self, style: Style | None) -> Style:
        return style if style is not None and self._fits(style) else self._style

    def write(self, item: Item, style: Style | None = None) -> None:
        """Write one puzzle (a Grid or a Candidates board), laid out as ``style`` says."""
        st = self._pick(style)
        if self._items and getattr(self._module, "ONE_PER_INPUT", False):
            raise SudokuError(
                f"the {self._module.NAME} format holds one puzzle per file; "
                "write the others to other files or choose another format"
            )
        self._emit(st, self._module.encode(item, st))
        self._items += 1

    def write_message(self, text: str, style: Style | None = None) -> None:
        """Write ``text`` in place of a puzzle (e.g. ``ERROR: Puzzle not solveable``), as its
        own line(s), with the same separators a puzzle would have."""
        st = self._pick(style)
        encode_message = getattr(self._module, "encode_message", None)
        if encode_message is not None:
            data = encode_message(text, st)
        else:
            data = (text + (st.eol or "\n")).encode()
        self._emit(st, data)

    def write_encoded(self, data: bytes, style: Style | None = None, items: int = 1) -> None:
        """Write ``items`` puzzles (or messages) already encoded in this writer's format,
        such as the answers to a Batch, with ``style``'s lead before them and its tail
        kept for ``close``."""
        self._emit(self._pick(style), data)
        self._items += items

    def _emit(self, st: Style, data: bytes) -> None:
        lead = st.lead
        if lead is None:
            lead = self._module.separator(st) if self._count else ""
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
        flush = getattr(self._stream, "flush", None)
        if flush is not None:
            flush()

    def __enter__(self) -> ModuleWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def dump_items(module: ModuleType, items: Item | Iterable[Item], style: Style | None) -> bytes:
    """Every item written one after another, as the writer would."""
    out = io.BytesIO()
    writer = ModuleWriter(module, out, style)
    for item in as_items(items):
        writer.write(item)
    writer.close()
    return out.getvalue()


def make_style(module: ModuleType, blanks: tuple[str, ...], **options: str) -> Style:
    """A style of ``module`` from keyword options (``blank``, ``eol``, ``form``), checked."""
    base: Style = module.DEFAULT
    unknown = set(options) - {"blank", "eol", "form"}
    if unknown:
        raise TypeError(f"unknown style option(s) for {module.NAME}: {', '.join(sorted(unknown))}")
    blank = options.get("blank", base.blank)
    if blanks and blank not in blanks:
        raise ValueError(
            f"the {module.NAME} format writes a blank as one of {', '.join(map(repr, blanks))}, "
            f"not {blank!r}"
        )
    eol = options.get("eol", base.eol)
    if eol not in ("\n", "\r\n"):
        raise ValueError(f"line ending must be '\\n' or '\\r\\n', not {eol!r}")
    return Style(module.NAME, blank=blank, eol=eol, form=options.get("form", base.form))


def make_encode(
    format_item: Callable[[Item, Style], str], default: Style, doc: str = "One puzzle as bytes."
) -> Callable[[Item, Style], bytes]:
    """The ``encode`` function of a text format: ``format_item``'s text as UTF-8 bytes,
    ``default`` the style when none is given."""

    def encode(item: Item, style: Style = default) -> bytes:
        return format_item(item, style).encode()

    encode.__doc__ = doc
    encode.__module__ = format_item.__module__
    return encode


def make_dumps(module: ModuleType, doc: str) -> Callable[..., str]:
    """The ``dumps`` function of format ``module`` (documented as ``doc``): items written one
    after another, in the style its keyword options give (checked against the module's
    ``BLANKS`` and, where it has them, ``FORMS``)."""

    def dumps(items: Item | Iterable[Item], **style: str) -> str:
        st = make_style(module, module.BLANKS, **style)
        forms: tuple[str, ...] = getattr(module, "FORMS", ())
        if forms and st.form not in forms:
            raise ValueError(
                f"the {module.NAME} form is {' or '.join(map(repr, forms))}, not {st.form!r}"
            )
        return dump_items(module, items, st).decode()

    dumps.__doc__ = doc
    dumps.__module__ = module.__name__
    return dumps
