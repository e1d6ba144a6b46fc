"""The lz-string codec that puzzle links carry their data in (f-puzzles ``?load=``, SudokuPad):
an LZW-style compression of a JavaScript string, written as base64 text or in its URI-safe
alphabet, made here from the algorithm's public description.

The stream is a run of codes, each written low bit first in as many bits as the dictionary
needs at that point (2 at the start, one more whenever the dictionary doubles): code 0 is a
new 8-bit character, 1 a new 16-bit character, 2 the end, and any other code a dictionary
entry. A string is handled as JavaScript does, in UTF-16 code units, so that a link made by
a page decodes to the same text here and back.

:func:`decompress_from_base64` and :func:`decompress_from_uri` raise :class:`ParseError`
for text that is not such a stream (a character outside the alphabet, a code that names no
entry, a stream that stops before its end code), and for one that would unpack past
:data:`MAX_TEXT` characters: a short link cannot make the reader build gigabytes.
"""

from __future__ import annotations

from ..errors import ParseError

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"

#: The longest text a compressed string may unpack to (characters).
MAX_TEXT = 4_000_000

_BASE64_VALUES = {ch: i for i, ch in enumerate(BASE64[:64])}
_URI_VALUES = {ch: i for i, ch in enumerate(URI_SAFE)}


class _Bits:
    """Codes packed low bit first into characters of ``width`` bits each."""

    def __init__(self, width: int, alphabet: str) -> None:
        self.width = width
        self.alphabet = alphabet
        self.out: list[str] = []
        self.value = 0
        self.filled = 0

    def put(self, code: int, nbits: int) -> None:
        """Write ``code`` in ``nbits`` bits, its lowest bit first."""
        for _ in range(nbits):
            self.value = (self.value << 1) | (code & 1)
            code >>= 1
            self.filled += 1
            if self.filled == self.width:
                self.out.append(self.alphabet[self.value])
                self.value = 0
                self.filled = 0

    def text(self) -> str:
        """What was written, the last character filled up with zero bits."""
        if self.filled:
            self.out.append(self.alphabet[self.value << (self.width - self.filled)])
            self.value = self.filled = 0
        return "".join(self.out)


def _units(text: str) -> list[str]:
    """``text`` as JavaScript holds it: one item per UTF-16 code unit."""
    if text.isascii():
        return list(text)
    raw = text.encode("utf-16-le", "surrogatepass")
    return [chr(raw[i] | raw[i + 1] << 8) for i in range(0, len(raw), 2)]


def _compress(text: str, width: int, alphabet: str) -> str:
    bits = _Bits(width, alphabet)
    codes: dict[str, int] = {}
    fresh: set[str] = set()  # characters entered but not yet written out
    size = 3  # the next code: 0, 1 and 2 are taken
    nbits = 2
    room = 2  # codes left before the width grows

    def emit(w: str) -> None:
        nonlocal room, nbits
        if w in fresh:
            code = ord(w)
            wide = code >= 256
            bits.put(1 if wide else 0, nbits)
            bits.put(code, 16 if wide else 8)
            room -= 1
            if room == 0:
                room, nbits = 1 << nbits, nbits + 1
            fresh.discard(w)
        else:
            bits.put(codes[w], nbits)
        room -= 1
        if room == 0:
            room, nbits = 1 << nbits, nbits + 1

    w = ""
    for c in _units(text):
        if c not in codes:
            codes[c] = size
            size += 1
            fresh.add(c)
        wc = w + c
        if wc in codes:
            w = wc
            continue
        emit(w)
        codes[wc] = size
        size += 1
        w = c
    if w:
        emit(w)
    bits.put(2, nbits)
    return bits.text()


def compress_to_base64(text: str) -> str:
    """``text`` compressed and written in base64 (padded with ``=`` to a multiple of 4)."""
    out = _compress(_checked(text), 6, BASE64)
    return out + "=" * (-len(out) % 4)


def compress_to_uri(text: str) -> str:
    """``text`` compressed and written in the URI-safe alphabet (``+``, ``-``, ``$``)."""
    return _compress(_checked(text), 6, URI_SAFE)


def _checked(text: object) -> str:
    if not isinstance(text, str):
        raise TypeError(f"text must be a string, not {type(text).__name__}")
    return text


def _values(data: str, table: dict[str, int], what: str) -> list[int]:
    out = []
    for i, ch in enumerate(data):
        v = table.get(ch)
        if v is None:
            shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
            raise ParseError(f"not lz-string {what} text: character {i + 1} is {shown}")
        out.append(v)
    return out


class _Reader:
    """The bits of 6-bit ``values``, read low bit first (bits past the end are zeros, as the
    JavaScript decoder reads them)."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.pos = 0
        self.total = len(values) * 6

    def read(self, n: int) -> int:
        """The next ``n`` bits as a number."""
        out = 0
        values, pos, total = self.values, self.pos, self.total
        for k in range(n):
            if pos < total and values[pos // 6] >> (5 - pos % 6) & 1:
                out |= 1 << k
            pos += 1
        self.pos = pos
        return out


def _decompress(values: list[int]) -> str:
    if not values:
        return ""
    bits = _Reader(values)
    read = bits.read
    entries: list[str] = ["", "", ""]
    first = read(2)
    if first == 2:
        return ""
    if first == 3:
        raise ParseError("not lz-string data: it does not start with a character")
    w = chr(read(16 if first else 8))
    entries.append(w)
    out = [w]
    length = len(w)
    nbits = 3
    room = 4
    while True:
        if bits.pos >= bits.total:
            raise ParseError("the lz-string text stops before its end")
        code = read(nbits)
        if code == 2:
            return _joined(out)
        if code < 2:
            entries.append(chr(read(16 if code else 8)))
            code = len(entries) - 1
            room -= 1
            if room == 0:
                room, nbits = 1 << nbits, nbits + 1
        if code < len(entries):
            entry = entries[code]
        elif code == len(entries):
            entry = w + w[0]
        else:
            raise ParseError("not lz-string data: a code names no entry of its dictionary")
        length += len(entry)
        if length > MAX_TEXT:
            raise ParseError(f"lz-string data that unpacks to more than {MAX_TEXT} "
                             "characters: not read")
        out.append(entry)
        entries.append(w + entry[0])
        w = entry
        room -= 1
        if room == 0:
            room, nbits = 1 << nbits, nbits + 1


def _joined(units: list[str]) -> str:
    """The UTF-16 code units as a Python string (a lone half of a pair is an error)."""
    text = "".join(units)
    if text.isascii():
        return text
    try:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    except UnicodeDecodeError:
        raise ParseError("lz-string data holding half of a UTF-16 pair, not text") from None


def decompress_from_base64(data: str) -> str:
    """The text ``data`` (base64 lz-string, ``=`` padding optional) was compressed from."""
    body = _checked(data).strip().rstrip("=")
    return _decompress(_values(body, _BASE64_VALUES, "base64"))


def decompress_from_uri(data: str) -> str:
    """The text ``data`` (URI-safe lz-string) was compressed from; a space, which a URL
    decoder makes of ``+``, is read as ``+``."""
    body = _checked(data).strip().replace(" ", "+")
    return _decompress(_values(body, _URI_VALUES, "URI-safe"))
