"""The cages, lines, dots and signs of a puzzle's rules as JSON, both ways, as the page gets
them and sends them back: ``{"kind": "Cage", "cells": [0, 1, 9], "total": 10, "repeat":
false}``, the class's name and its parameters by name, as its constructor takes them. Every
constraint of :mod:`sudokit.constraints` travels so with no code of its own here; a kind
that sudokit does not define is refused by name.
"""

from __future__ import annotations

from typing import Any

from .. import constraints
from ..constraints import Constraint
from ..errors import SudokuError

#: Every kind of constraint by its class's name ("Cage", "Thermo", ...): the classes of
#: :mod:`sudokit.constraints` with a family (the shared bases have none).
KINDS: dict[str, type[Constraint]] = {
    name: kind for name in constraints.__all__
    if isinstance(kind := getattr(constraints, name), type) and issubclass(kind, Constraint)
    and kind.family
}


def to_json(constraint: Constraint) -> dict[str, Any]:
    """A constraint as JSON: ``kind`` (its class's name) and its parameters by name."""
    out: dict[str, Any] = {"kind": type(constraint).__name__}
    for name, value in zip(constraint.names(), constraint.values(), strict=True):
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def from_json(item: object) -> Constraint:
    """The constraint that :func:`to_json` wrote. ValueError, in words, for an item that is
    no object, a kind sudokit does not know, or parameters its constructor refuses."""
    if not isinstance(item, dict):
        raise ValueError(f"a constraint is an object such as {{\"kind\": \"Cage\", \"cells\": "
                         f"[0, 1], \"total\": 3}}, not {type(item).__name__}")
    args = dict(item)
    kind = args.pop("kind", None)
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"unknown kind of constraint {kind!r}: known are "
                         f"{', '.join(KINDS)}")
    cls = KINDS[kind]
    try:
        return cls(**args)
    except (SudokuError, TypeError) as e:
        raise ValueError(f"{kind}: {e}") from None
