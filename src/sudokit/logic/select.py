"""Choosing the techniques a solve may use, by name: ``--techniques`` and ``--exclude``.

Names are technique keys (``x-wing``) or names (``X-Wing``), compared without case, spaces,
hyphens or underscores; ``singles``, a level word (``easy`` .. ``extreme``) and ``default``
stand for every technique of that group of the default ladder; ``se`` and ``sukaku`` for the
techniques Sudoku Explainer 1.2.1.3 and Sukaku Explainer have, which rate closest to them
(in its order: by score alone; the ladders of the ``se`` and ``sukaku`` scales,
:mod:`sudokit.logic.scales`). The optional techniques
(:data:`sudokit.logic.techniques.OPTIONAL`, not in the default ladder) are chosen only by
their own names (or those two), and then take their place in the ladder by level and score.

>>> [t.key for t in choose("singles,x-wing")]
['full-house', 'hidden-single', 'naked-single', 'x-wing']
>>> "x-wing" in [t.key for t in choose(exclude="x wing")]
False
>>> "w-wing" in [t.key for t in choose("se")], "bug-2" in [t.key for t in choose("se")]
(False, True)
>>> keys = [t.key for t in choose("default,franken-fish")]
>>> keys[keys.index("franken-fish") - 1 : keys.index("franken-fish") + 2]
['aligned-pair-exclusion', 'franken-fish', 'x-chain']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .se_chains import se_chains
from .step import Level, Technique
from .techniques import BY_KEY, LADDER, OPTIONAL

#: The default ladder's techniques that Sudoku Explainer (1.2.1.3 and Sukaku Explainer
#: alike) does not have: its ratings of the puzzles they solve come from other techniques.
_NOT_IN_SE = frozenset({
    "w-wing", "empty-rectangle", "finned-x-wing", "finned-swordfish", "finned-jellyfish",
    "simple-colouring", "multi-colouring", "unique-rectangle-5", "unique-rectangle-6",
    "hidden-rectangle", "sue-de-coq", "grouped-x-chain", "grouped-aic", "3d-medusa", "als-xz",
    "als-xy-wing", "death-blossom", "als-xy-chain",
})
_BUG_TYPES = ("bug-2", "bug-3", "bug-4")
#: Sudoku Explainer's direct techniques, which both flavours have
_DIRECT = ("direct-pointing", "direct-claiming", "direct-hidden-pair", "direct-hidden-triple")
_LOOPS = ("unique-loop-1", "unique-loop-2", "unique-loop-4")
_DEFAULT = tuple(t.key for t in LADDER)

_GROUPS = {
    "singles": ("full-house", "hidden-single", "naked-single"),
    "default": _DEFAULT,
    # Sudoku Explainer 1.2.1.3's repertoire (the forum's scale; skfr's): no turbot fish
    "se": tuple(k for k in _DEFAULT + _BUG_TYPES + _DIRECT + _LOOPS
                if k not in _NOT_IN_SE | {"skyscraper", "2-string-kite"}),
    # Sukaku Explainer's (the scale of the Sudoku Exchange bank): SE's with its chains of
    # two to four strong links, plain and grouped (its skyscrapers, kites, turbot fish and
    # empty rectangles), and the WXYZ- to TUVWXYZ-Wings
    "sukaku": tuple(k for k in _DEFAULT + _BUG_TYPES + _DIRECT + _LOOPS
                    + ("strong-links-2", "strong-links-3", "strong-links-4")
                    + ("wxyz-wing", "vwxyz-wing", "uvwxyz-wing", "tuvwxyz-wing")
                    if k not in _NOT_IN_SE | {"skyscraper", "2-string-kite"}),
}


#: The names whose ladder goes by score alone, as their program's does
_BY_SCORE = frozenset({"se", "sukaku"})


def _norm(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum() or ch in "+/")


_INDEX: dict[str, tuple[str, ...]] = {_norm(k): (k,) for k in BY_KEY}
_INDEX.update({_norm(t.name): (t.key,) for t in BY_KEY.values()})
_INDEX.update({g: keys for g, keys in _GROUPS.items()})
_INDEX.update({str(lv): tuple(t.key for t in LADDER if t.level == lv) for lv in Level})


def _in_place(ladder: tuple[Technique, ...], extra: tuple[Technique, ...]) -> tuple[Technique, ...]:
    """``ladder`` with each of ``extra`` put before the first technique of a higher level, or
    of its level with a higher score (the ladder's own order is kept)."""
    out = list(ladder)
    for tech in sorted(extra, key=lambda t: (t.level, t.score)):
        at = next((i for i, t in enumerate(out) if t not in extra and (
            t.level > tech.level or (t.level == tech.level and t.score > tech.score))),
            len(out))
        out.insert(at, tech)
    return tuple(out)


#: The default ladder with the optional techniques in their places: the order of any choice.
ORDER: tuple[Technique, ...] = _in_place(LADDER, OPTIONAL)


def keys_of(names: str) -> list[str]:
    """The technique keys a comma-separated list of names stands for (ValueError on an
    unknown name, listing the known keys)."""
    if not isinstance(names, str):
        raise TypeError(f"technique names are a comma-separated string, not "
                        f"{type(names).__name__}")
    out: list[str] = []
    for raw in names.split(","):
        if not raw.strip():
            continue
        found = _INDEX.get(_norm(raw))
        if found is None:
            raise ValueError(
                f"unknown technique {raw.strip()!r} (known: {', '.join(t.key for t in LADDER)}; "
                f"not in the default ladder: {', '.join(t.key for t in OPTIONAL)})"
            )
        out.extend(k for k in found if k not in out)
    return out


def choose(include: str | None = None, exclude: str | None = None) -> tuple[Technique, ...]:
    """The techniques named in ``include`` (the default ladder when None), less those named
    in ``exclude``, in ladder order (:data:`ORDER`); by score alone where ``include`` names
    ``se`` or ``sukaku``, as Sudoku Explainer orders them."""
    wanted = set(keys_of(include)) if include else {t.key for t in LADDER}
    # a finned fish search also finds the sashimi ones: naming either keeps the search
    wanted |= {k.replace("sashimi-", "finned-") for k in wanted}
    unwanted = set(keys_of(exclude)) if exclude else set()
    chosen = tuple(t for t in ORDER if t.key in wanted and t.key not in unwanted)
    if include and any(_norm(raw) in _BY_SCORE for raw in include.split(",")):
        # Sudoku Explainer tries its techniques by score alone (an X-Wing, 3.2, before a
        # hidden pair, 3.4): so do its repertoires (a stable sort keeps ties in ladder order)
        # and scores its chains by its own rules, taking the least-scored of all kinds
        # (Sukaku Explainer's chains of strong links come after the techniques of their
        # base score)
        chosen = se_chains(tuple(sorted(
            chosen, key=lambda t: (t.score, t.key.startswith("strong-links-")))))
    return chosen


def place_of(tech: Technique) -> str | None:
    """The key of the default ladder's technique that an optional one comes after when
    chosen (None when it would come first)."""
    before = [t for t in ORDER[: ORDER.index(tech)] if t not in OPTIONAL]
    return before[-1].key if before else None


def ladder_of(keys: Iterable[str] | None, function: str) -> list[Technique] | None:
    """The techniques of ``keys`` (technique keys such as ``x-wing``; None for the whole
    ladder, given back as None), or an error naming the key that is not one."""
    if keys is None:
        return None
    if isinstance(keys, str | bytes) or not hasattr(keys, "__iter__"):
        raise TypeError(f"{function}: keys must be technique keys (such as ['x-wing']), not "
                        f"{type(keys).__name__}")
    out = []
    for key in keys:
        tech = BY_KEY.get(key) if isinstance(key, str) else None
        if tech is None:
            raise ValueError(f"{function}: {key!r} is not a technique key (known: "
                             f"{', '.join(BY_KEY)})")
        out.append(tech)
    # the keys of Sudoku Explainer's repertoires, as ``choose`` gave them, stand for those
    # ladders whole (their chains scored by its rules)
    return list(_by_score_ladders().get(tuple(t.key for t in out), out))


@lru_cache(maxsize=1)
def _by_score_ladders() -> dict[tuple[str, ...], tuple[Technique, ...]]:
    return {tuple(t.key for t in ladder): ladder
            for ladder in (choose(name) for name in sorted(_BY_SCORE))}
