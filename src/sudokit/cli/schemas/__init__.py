"""JSON Schemas (draft 2020-12) of every JSON output of the ``sudoku`` command, shipped with
the package so that other programs can check what they read:

==========  ==========================================================================
``hint``    ``sudoku hint --json``, one object per puzzle
``explain`` ``sudoku explain --json``
``rate``    ``sudoku rate --json``
``scale``   ``sudoku rate --scale --json``
``count``   ``sudoku count --json``
``check``   ``sudoku check --json``
``puzzle``  the json puzzle format (``--to json``), one object per line
==========  ==========================================================================

>>> schema("count")["title"]
'sudoku count --json: one object per puzzle'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

#: The schemas shipped, by name.
NAMES = ("hint", "explain", "rate", "scale", "count", "check", "puzzle")


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema called ``name`` (one of :data:`NAMES`), as a dict."""
    if name not in NAMES:
        raise ValueError(f"no schema {name!r} (one of: {', '.join(NAMES)})")
    text = resources.files(__name__).joinpath(f"{name}.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
