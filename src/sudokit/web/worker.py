"""A worker process of the web server (``python -m sudokit.web.worker``): reads requests
from standard input and writes answers to standard output, each framed as the pool frames
them (a 4-byte length, then a pickle), until standard input ends.

A request is ``(operation, kwargs)`` for :func:`sudokit.web.sheets.call` (which hands
all but the sheets' own to :func:`sudokit.web.work.call`); the answer is
``("ok", result)`` or ``("error", exception type name, message)``.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import sys
from typing import Any, BinaryIO

from .pool import HEADER
from .sheets import call


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """Answer requests until the input ends."""
    while True:
        head = requests.read(HEADER.size)
        if len(head) < HEADER.size:
            return
        (size,) = HEADER.unpack(head)
        op, kwargs = pickle.loads(requests.read(size))
        try:
            reply: tuple[Any, ...] = ("ok", call(op, kwargs))
        except Exception as e:  # sent back and reported by the server, never lost
            reply = ("error", type(e).__name__, str(e))
        data = pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
        answers.write(HEADER.pack(len(data)) + data)
        answers.flush()


def main() -> None:
    """Serve on standard input and output; anything else printed goes to standard error,
    so that it cannot break the framing."""
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    with contextlib.suppress(KeyboardInterrupt):
        serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
