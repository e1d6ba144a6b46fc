"""The rating scales by name: sudokit's own, the two Sudoku Explainer flavours and HoDoKu's.

A scale is a ladder (the techniques, in the order they are tried) and a way of reading the
path it makes: ``se`` (the hardest step's score, Sudoku Explainer's ER/EP/ED: sudokit, se,
sukaku) or ``hodoku`` (HoDoKu 2.2's level word and score: the sum of every step's points,
the level raised while that sum is over the level's most). ``sudoku rate --scale NAME`` and
``sudokit.logic.rate(..., scale=NAME)`` take these names.

>>> [s.name for s in SCALES.values()]
['sudokit', 'se', 'sukaku', 'hodoku']
>>> scale_named("HoDoKu").reading
'hodoku'
>>> hodoku_level([("easy", 14), ("hard", 140)] + [("easy", 4)] * 400)
'unfair'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from .hodoku import (
    HODOKU_CLAIMING,
    HODOKU_FULL_HOUSE,
    HODOKU_HIDDEN_SINGLE,
    HODOKU_LOCKED_PAIR,
    HODOKU_LOCKED_TRIPLE,
    HODOKU_NAKED_SINGLE,
    HODOKU_POINTING,
    HODOKU_SUE_DE_COQ,
    HODOKU_W_WING,
    HODOKU_XY_WING,
    HODOKU_XYZ_WING,
    REMOTE_PAIR,
    TURBOT_FISH,
    eliminating,
    subsets_in_order,
)
from .hodoku_chains import widest, widest_grouped
from .hodoku_patterns import HODOKU_KITE, HODOKU_SKYSCRAPER
from .select import choose
from .step import Level, Technique
from .techniques import BY_KEY, LADDER

#: HoDoKu 2.2's level words and the highest total score each allows (its defaults).
HODOKU_LEVELS: tuple[tuple[str, int | None], ...] = (
    ("easy", 800),
    ("medium", 1000),
    ("hard", 1600),
    ("unfair", 1800),
    ("extreme", None),
)

#: The techniques of HoDoKu's default solving order that sudokit has, in that order, with
#: HoDoKu's level and score for each (its documented defaults). Locked candidates come
#: before the subsets, the quads and fish before the wings, the uniqueness techniques before
#: the finned fish, the single-digit patterns and colouring before the chains, the static
#: forcing chains last but the dynamic ones (HoDoKu's forcing nets).
HODOKU: dict[str, tuple[str, int]] = {
    "full-house": ("easy", 4),
    "naked-single": ("easy", 4),
    "hidden-single": ("easy", 14),
    "locked-pair": ("medium", 40),
    "locked-triple": ("medium", 60),
    "pointing": ("medium", 50),
    "claiming": ("medium", 50),
    "naked-pair": ("medium", 60),
    "naked-triple": ("medium", 80),
    "hidden-pair": ("medium", 70),
    "hidden-triple": ("medium", 100),
    "naked-quad": ("hard", 120),
    "hidden-quad": ("hard", 150),
    "x-wing": ("hard", 140),
    "swordfish": ("hard", 150),
    "jellyfish": ("hard", 160),
    "remote-pair": ("hard", 110),
    "bug+1": ("hard", 100),
    "skyscraper": ("hard", 130),
    "2-string-kite": ("hard", 150),
    "turbot-fish": ("hard", 120),
    "empty-rectangle": ("hard", 120),
    "w-wing": ("hard", 150),
    "xy-wing": ("hard", 160),
    "xyz-wing": ("hard", 180),
    "unique-rectangle-1": ("hard", 100),
    "unique-rectangle-2": ("hard", 100),
    "unique-rectangle-3": ("hard", 100),
    "unique-rectangle-4": ("hard", 100),
    "unique-rectangle-5": ("hard", 100),
    "unique-rectangle-6": ("hard", 100),
    "hidden-rectangle": ("hard", 100),
    "avoidable-rectangle-1": ("hard", 100),
    "avoidable-rectangle-2": ("hard", 100),
    "finned-x-wing": ("hard", 130),
    "sashimi-x-wing": ("hard", 150),
    "finned-swordfish": ("unfair", 200),
    "sashimi-swordfish": ("unfair", 240),
    "finned-jellyfish": ("unfair", 250),
    "sashimi-jellyfish": ("unfair", 260),
    "simple-colouring": ("hard", 150),
    "multi-colouring": ("hard", 200),
    "large-sue-de-coq": ("unfair", 250),
    "sue-de-coq": ("unfair", 250),
    "x-chain": ("unfair", 260),
    "xy-chain": ("unfair", 260),
    "aic": ("unfair", 280),
    "grouped-x-chain": ("unfair", 300),
    "grouped-aic": ("unfair", 300),
    "doubly-linked-als-xz": ("unfair", 300),
    "als-xz": ("unfair", 300),
    "large-als-xy-wing": ("unfair", 320),
    "als-xy-wing": ("unfair", 320),
    "large-als-xy-chain": ("unfair", 340),
    "als-xy-chain": ("unfair", 340),
    "nishio": ("extreme", 500),
    "cell-unit-forcing-chain": ("extreme", 500),
    "forcing-chain": ("extreme", 700),
    "forcing-chain-plus": ("extreme", 700),
    "nested-forcing-chain": ("extreme", 700),
    "nested-multiple-chain": ("extreme", 700),
    "nested-dynamic-chain": ("extreme", 700),
    "nested-deep-chain": ("extreme", 700),
    "brute-force": ("extreme", 10000),
}

#: HoDoKu's own steps, which sudokit's ladder finds otherwise (see :mod:`.hodoku`)
_HODOKU_STEPS = {t.key: t for t in (
    HODOKU_LOCKED_PAIR, HODOKU_LOCKED_TRIPLE, REMOTE_PAIR, HODOKU_FULL_HOUSE,
    HODOKU_HIDDEN_SINGLE, HODOKU_NAKED_SINGLE,
    HODOKU_POINTING, HODOKU_CLAIMING, HODOKU_W_WING, TURBOT_FISH, HODOKU_SUE_DE_COQ,
    HODOKU_XY_WING, HODOKU_XYZ_WING, HODOKU_SKYSCRAPER, HODOKU_KITE)}
#: the subsets HoDoKu looks for box by box first
_SUBSETS = frozenset(f"{kind}-{size}" for kind in ("naked", "hidden")
                     for size in ("pair", "triple", "quad"))
#: the chains of which HoDoKu takes the one that removes the most
_WIDEST = ("x-chain", "xy-chain", "aic")


def _hodoku_ladder() -> tuple[Technique, ...]:
    """HoDoKu's default ladder: the techniques of :data:`HODOKU` in order (the sashimi fish
    are found by the finned fish searches, and brute force ends any rating)."""
    out = []
    for key in HODOKU:
        tech = _HODOKU_STEPS.get(key) or BY_KEY.get(key)
        if tech is None or key.startswith("sashimi-"):
            continue
        if key in _SUBSETS:
            tech = subsets_in_order(tech)
        if key in _WIDEST:
            tech = widest(tech)
        elif key == "grouped-x-chain" or f"large-{key}" in HODOKU:
            # HoDoKu's grouped nice loops are one search, of any digits; its ALS-XY-Wing
            # and ALS-Chain take sets of any size (the large forms, tried first, find these)
            continue
        elif key == "grouped-aic":
            tech = widest_grouped(tech)
        out.append(tech if tech.level == Level.EASY else eliminating(tech))
    return tuple(out)

@dataclass(frozen=True)
class Scale:
    """A rating scale: ``name`` and ``version``; ``ladder`` the techniques in the order
    tried; ``reading`` how a path is read (``se``: the hardest step's score; ``hodoku``:
    HoDoKu's level word and total score); ``about`` one line saying what it follows."""

    name: str
    version: int
    about: str
    reading: str
    ladder: tuple[Technique, ...] = field(repr=False)

    @property
    def id(self) -> str:
        """``hodoku-1/1a2b3c4d``: the name, the version and a digest of the ladder."""
        return _scale_id(self)

    def cut(self, techniques: Iterable[Technique]) -> tuple[Technique, ...]:
        """This scale's ladder kept to ``techniques`` (its own order kept)."""
        wanted = set(techniques)
        return tuple(t for t in self.ladder if t in wanted)


@lru_cache(maxsize=8)
def _scale_id(scale: Scale) -> str:
    table = [(t.key, str(t.level), t.score, t.effort) for t in scale.ladder]
    if scale.reading == "hodoku":
        table += [(k, level, score, 0) for k, (level, score) in HODOKU.items()]
    digest = hashlib.sha256(json.dumps(table).encode()).hexdigest()
    return f"{scale.name}-{scale.version}/{digest[:8]}"


SUDOKIT = Scale("sudokit", 0, "sudokit's own scale (the default; docs/rating.md)", "se", LADDER)

#: Every scale by name, sudokit's first.
SCALES: dict[str, Scale] = {
    "sudokit": SUDOKIT,
    "se": Scale("se", 4, "Sudoku Explainer 1.2.1.3's techniques, tried by score alone",
                "se", choose("se")),
    "sukaku": Scale("sukaku", 4, "Sukaku Explainer's techniques, tried by score alone",
                    "se", choose("sukaku")),
    "hodoku": Scale("hodoku", 9, "HoDoKu 2.2's default solving order, level word and score",
                    "hodoku", _hodoku_ladder()),
}


def scale_named(name: object) -> Scale:
    """The scale called ``name`` (compared without case); ValueError naming the known
    scales otherwise, TypeError for a name that is not a string."""
    if isinstance(name, Scale):
        return name
    if not isinstance(name, str):
        raise TypeError(f"scale must be a scale's name such as 'hodoku', not "
                        f"{type(name).__name__}")
    found = SCALES.get(name.strip().lower())
    if found is None:
        raise ValueError(f"unknown scale {name!r} (known: {', '.join(SCALES)})")
    return found


def hodoku_points(key: str, level: Level) -> tuple[str, int]:
    """HoDoKu's level word and score for a step of technique ``key`` (a technique HoDoKu
    lacks counts at its own level, expert read as unfair, with no points)."""
    found = HODOKU.get(key)
    if found is not None:
        return found
    return ("unfair" if level == Level.EXPERT else str(level)), 0


def hodoku_level(steps: Iterable[tuple[str, int]]) -> str:
    """HoDoKu's level of a path given as (level word, score) a step: the hardest step's
    level, raised while the total score is over that level's most."""
    words = [name for name, _ in HODOKU_LEVELS]
    steps = list(steps)
    i = max((words.index(word) for word, _ in steps), default=0)
    total = sum(score for _, score in steps)
    while (most := HODOKU_LEVELS[i][1]) is not None and total > most:
        i += 1
    return words[i]
