"""Read a text and write every record back in its own style: the round trip the format
tests compare with the original bytes."""

from __future__ import annotations

import io

from sudokit import formats, solve


def rewrite(data: bytes, fmt: str | None = None, box: tuple[int, int] | None = None,
            solve_them: bool = False) -> bytes:
    """``data`` read (format detected when not given) and written back record by record
    with each record's style; the solutions instead when ``solve_them``."""
    reader = formats.read(io.BytesIO(data), fmt, box=box)
    out = io.BytesIO()
    with formats.Writer(reader.fmt, out) as writer:
        for record in reader:
            assert record.error is None, record.error
            assert record.item is not None
            writer.write(solve(record.item) if solve_them else record.item,  # type: ignore[arg-type]
                         record.style)
    return out.getvalue()
