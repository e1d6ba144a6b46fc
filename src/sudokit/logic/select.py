"""Choosing the techniques a solve may use, by name: ``--techniques`` and ``--exclude``.

Names are technique keys (``x-wing``) or names (``X-Wing``), compared without case, spaces,
hyphens or underscores; ``singles`` and a level word (``easy`` .. ``extreme``) stand for every
technique of that group.

>>> [t.key for t in choose("singles,x-wing")]
['full-house', 'hidden-single', 'naked-single', 'x-wing']
>>> "x-wing" in [t.key for t in choose(exclude="x wing")]
False
"""

from __future__ import annotations

from .step import Level, Technique
from .techniques import BY_KEY, LADDER

_GROUPS = {"singles": ("full-house", "hidden-single", "naked-single")}


def _norm(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum() or ch in "+/")


_INDEX: dict[str, tuple[str, ...]] = {_norm(k): (k,) for k in BY_KEY}
_INDEX.update({_norm(t.name): (t.key,) for t in BY_KEY.values()})
_INDEX.update({g: keys for g, keys in _GROUPS.items()})
_INDEX.update({str(lv): tuple(t.key for t in LADDER if t.level == lv) for lv in Level})


def keys_of(names: str) -> list[str]:
    """The technique keys a comma-separated list of names stands for (ValueError on an
    unknown name, listing the known keys)."""
    out: list[str] = []
    for raw in names.split(","):
        if not raw.strip():
            continue
        found = _INDEX.get(_norm(raw))
        if found is None:
            raise ValueError(
                f"unknown technique {raw.strip()!r} (known: {', '.join(t.key for t in LADDER)})"
            )
        out.extend(k for k in found if k not in out)
    return out


def choose(include: str | None = None, exclude: str | None = None) -> tuple[Technique, ...]:
    """The ladder's techniques named in ``include`` (all when None), less those named in
    ``exclude``, in ladder order."""
    wanted = set(keys_of(include)) if include else {t.key for t in LADDER}
    # a finned fish search also finds the sashimi ones: naming either keeps the search
    wanted |= {k.replace("sashimi-", "finned-") for k in wanted}
    unwanted = set(keys_of(exclude)) if exclude else set()
    return tuple(t for t in LADDER if t.key in wanted and t.key not in unwanted)
