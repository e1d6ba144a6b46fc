"""Turning the bytes of a JPEG, PNG or WebP file into a grey picture of bounded size.

The header is read first, by hand, so that a huge picture is refused (or, for JPEG, decoded
at a fraction of its size by the JPEG decoder itself) before any pixel memory is taken, and a
file cut short is named as such instead of being decoded into a half-grey picture.
"""

from __future__ import annotations

import struct

import cv2
import numpy as np

from ..errors import ImageError
from .kinds import kind_of

#: Pictures with more pixels than this are refused (a 20,000 x 20,000 PNG would need more
#: than a gigabyte to decode). JPEGs are decoded at 1/2, 1/4 or 1/8 scale by the decoder
#: itself, so only their reduced size counts.
MAX_PIXELS = 100_000_000

#: The long side a photo is reduced to before the grid is looked for: enough for 40-pixel
#: cells when the puzzle fills half the photo, and it bounds the time of every later step.
WORK_SIDE = 1600


def dimensions(data: bytes) -> tuple[str, int, int]:
    """(kind, width, height) from the header of ``data``; ImageError when the bytes are no
    picture of a known kind, or are cut short."""
    kind = kind_of(data[:16])
    if kind == "jpeg":
        width, height = _jpeg_size(data)
    elif kind == "png":
        width, height = _png_size(data)
    elif kind == "webp":
        width, height = _webp_size(data)
    else:
        raise ImageError("not a JPEG, PNG or WebP picture")
    if width <= 0 or height <= 0:
        raise ImageError(f"the {kind.upper()} header gives an empty picture ({width} x {height})")
    return kind, width, height


def decode(data: bytes) -> tuple[np.ndarray, float]:
    """(grey, scale): the picture in ``data`` as a 2-D uint8 array, its long side at most
    WORK_SIDE, and how many of the photo's pixels one of its pixels spans."""
    kind, width, height = dimensions(data)
    flag, scale = cv2.IMREAD_GRAYSCALE, 1
    if kind == "jpeg":
        for scale, reduced in ((8, cv2.IMREAD_REDUCED_GRAYSCALE_8),
                               (4, cv2.IMREAD_REDUCED_GRAYSCALE_4),
                               (2, cv2.IMREAD_REDUCED_GRAYSCALE_2)):
            if max(width, height) >= 2 * WORK_SIDE * scale:
                flag = reduced
                break
        else:
            scale = 1
    pixels = (width // scale) * (height // scale)
    if pixels > MAX_PIXELS:
        raise ImageError(
            f"the picture is {width} x {height} pixels; the most this reads is "
            f"{MAX_PIXELS // 1_000_000} megapixels (make it smaller first)"
        )
    gray = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), flag)
    if gray is None or gray.size == 0:
        raise ImageError(f"the {kind.upper()} data cannot be decoded (damaged file)")
    gray = reduce(gray)
    return gray, width / gray.shape[1]


def reduce(gray: np.ndarray) -> np.ndarray:
    """``gray`` with its long side brought down to WORK_SIDE when longer."""
    long_side = max(gray.shape)
    if long_side > WORK_SIDE:
        f = WORK_SIDE / long_side
        size = (max(1, round(gray.shape[1] * f)), max(1, round(gray.shape[0] * f)))
        gray = cv2.resize(gray, size, interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(gray)


def _jpeg_size(data: bytes) -> tuple[int, int]:
    # Walk the marker segments up to the start of the image data (SOS). Entropy-coded data
    # never holds 0xFFD9 except as the end-of-image marker, so its absence after SOS means
    # the file was cut short.
    i, size = 2, None
    n = len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            raise ImageError("damaged JPEG: bad marker in the header")
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        if marker == 0x01 or 0xD0 <= marker <= 0xD8:
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if i + 9 > n:
                break
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            size = (width, height)
        if marker == 0xDA:
            if size is None:
                raise ImageError("damaged JPEG: no frame header before the image data")
            if data.find(b"\xff\xd9", i + 2 + length) < 0:
                raise ImageError("truncated JPEG: the file ends before the picture does")
            return size
        i += 2 + length
    raise ImageError("truncated JPEG: the file ends inside its header")


def _png_size(data: bytes) -> tuple[int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ImageError("truncated PNG: the file ends inside its header")
    width, height = struct.unpack(">II", data[16:24])
    if data.rfind(b"IEND", max(0, len(data) - 64)) < 0:
        raise ImageError("truncated PNG: the file ends before the picture does")
    return width, height


def _webp_size(data: bytes) -> tuple[int, int]:
    (riff_size,) = struct.unpack("<I", data[4:8])
    if len(data) < riff_size + 8 or len(data) < 30:
        raise ImageError("truncated WebP: the file ends before the picture does")
    chunk = data[12:16]
    if chunk == b"VP8 ":
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L":
        b = data[21:25]
        width = 1 + (((b[1] & 0x3F) << 8) | b[0])
        height = 1 + (((b[3] & 0xF) << 10) | (b[2] << 2) | ((b[1] & 0xC0) >> 6))
        return width, height
    if chunk == b"VP8X":
        width = 1 + int.from_bytes(data[24:27], "little")
        height = 1 + int.from_bytes(data[27:30], "little")
        return width, height
    raise ImageError("damaged WebP: unknown image chunk")
