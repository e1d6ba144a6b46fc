"""What kind of picture a file holds, told by its first bytes: cheap, and without OpenCV
(every input a command reads is asked, through :func:`sudokit.image.kind_of`)."""

from __future__ import annotations


def kind_of(head: bytes) -> str | None:
    """'jpeg', 'png' or 'webp' when ``head`` (a file's first 12 bytes or more) starts like
    one of them, else None."""
    if not isinstance(head, bytes | bytearray | memoryview):
        raise TypeError(f"kind_of: head must be bytes (a file's first bytes), not "
                        f"{type(head).__name__}")
    head = bytes(head[:12])
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    return None
