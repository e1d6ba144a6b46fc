"""Which techniques a variant's rules allow, and the steps its rules add.

On a classic grid the ladder is used as it is. Under a variant's rules (see
:class:`sudokit.rules.Rules`) a ladder becomes:

- first the steps each rule gives once a digit is placed (a knight's or king's move away,
  a consecutive neighbour), so that no later step sees a placed digit's consequence missing;
- then the techniques that are sound there: those that reason from houses, peers and
  candidates work on every house; those that read the shape of the standard boxes (finned
  fish, the empty rectangle, Franken fish) only where the boxes are houses; uniqueness
  techniques never (a pattern that is deadly on a classic grid need not be one when other
  rules hold, so it proves nothing);
- and, beside the locked candidates, those of the extra houses and of non-consecutive
  candidates;
- where cages, lines, dots or signs are drawn (:mod:`sudokit.constraints`), the technique
  of each family, each at its place by level and score (a cage's combinations and a
  line's or dot's eliminations among the singles, the rule of 45, hidden cages and cage
  pointing among the locked candidates). Rules with a constraint of a family no technique
  reads are refused by name: a hint that ignored it could be wrong.
"""

from __future__ import annotations

from functools import lru_cache

from ..errors import UnsupportedRulesError
from .board import Geometry
from .step import Level, Technique
from .techniques.cage_houses import HOUSE_COMBINATIONS
from .techniques.cages import CAGE_CLAIMING, CAGE_COMBINATION, CAGE_POINTING
from .techniques.innies import HIDDEN_CAGE, INNIES_MINUS_OUTIES, RULE_OF_45
from .techniques.killer_forcing import COMBINATION_CONTRADICTION
from .techniques.killer_virtual import (
    VIRTUAL_CAGE_CLAIMING,
    VIRTUAL_CAGE_HOUSE,
    VIRTUAL_CAGE_POINTING,
)
from .techniques.lines import LINE_TECHNIQUES
from .techniques.locked_houses import LOCKED_HOUSES
from .techniques.non_consecutive import NEIGHBOUR_TECHNIQUES, NON_CONSECUTIVE
from .techniques.rule_moves import ANTI_KING, ANTI_KNIGHT, LOCKED_BY_MOVES
from .techniques.sheet_fish import SHEET_FINNED, SHEET_FISH, SHEET_SASHIMI
from .techniques.sheet_kites import SHEET_KITE, SHEET_SKYSCRAPER
from .techniques.signs import NO_SIGN, SIGN_TECHNIQUES

#: The techniques that read the shape of the standard boxes (bands, a box's rows and
#: columns): sound wherever the boxes are houses, refused where regions replace them.
BOX_SHAPED = frozenset({
    "finned-x-wing", "finned-swordfish", "finned-jellyfish", "sashimi-x-wing",
    "sashimi-swordfish", "sashimi-jellyfish", "empty-rectangle", "franken-fish",
    "finned-franken-fish", "mutant-fish", "finned-mutant-fish", "franken-jellyfish",
    "finned-franken-jellyfish", "mutant-jellyfish", "finned-mutant-jellyfish",
})

#: The techniques that place or eliminate what a rule says of a placed digit.
RULE_STEPS: tuple[Technique, ...] = (ANTI_KNIGHT, ANTI_KING, NON_CONSECUTIVE)

#: The technique that reads each family of constraints, besides those of killer cages.
FAMILY_TECHNIQUES: dict[str, Technique] = {**LINE_TECHNIQUES, **SIGN_TECHNIQUES}

#: The killer techniques: a cage's combinations always, the others where the ladder has
#: medium techniques (the trial of combinations where it has hard ones).
KILLER_TECHNIQUES: tuple[Technique, ...] = (CAGE_COMBINATION, RULE_OF_45, HIDDEN_CAGE,
                                            CAGE_POINTING, CAGE_CLAIMING,
                                            INNIES_MINUS_OUTIES, HOUSE_COMBINATIONS,
                                            VIRTUAL_CAGE_POINTING, VIRTUAL_CAGE_CLAIMING,
                                            VIRTUAL_CAGE_HOUSE, COMBINATION_CONTRADICTION)

#: Every technique that only a variant's ladder holds.
VARIANT_TECHNIQUES: tuple[Technique, ...] = RULE_STEPS + (
    LOCKED_HOUSES, LOCKED_BY_MOVES, *NEIGHBOUR_TECHNIQUES, *KILLER_TECHNIQUES,
    *FAMILY_TECHNIQUES.values(), NO_SIGN)


#: The techniques that run on overlapping grids (a samurai sheet): those that read houses,
#: peers and candidates alone, on any house and any cell, and box-and-line crossings in
#: each grid. The others are left out there: they read one grid's rows and columns by
#: number (empty rectangle, Franken fish, the direct techniques), or assume a deadly pattern
#: of one grid that a grid sharing its boxes need not keep (uniqueness), or cost too much
#: on a sheet's many lines (finned Swordfish and Jellyfish: seconds a step). The basic
#: fish, the finned and sashimi X-Wing, the Skyscraper and the 2-String Kite run as
#: :mod:`.techniques.sheet_fish` and :mod:`.techniques.sheet_kites` find them, on any
#: grid's lines.
SHEET_TECHNIQUES = frozenset({
    "full-house", "hidden-single", "naked-single", "pointing", "claiming",
    "x-wing", "swordfish", "jellyfish", "skyscraper", "2-string-kite",
    "finned-x-wing", "sashimi-x-wing",
    "naked-pair", "hidden-pair", "naked-triple", "hidden-triple", "naked-quad", "hidden-quad",
    "xy-wing", "xyz-wing", "w-wing", "simple-colouring", "multi-colouring",
    "x-chain", "xy-chain", "aic", "grouped-x-chain", "grouped-aic", "3d-medusa",
    "als-xz", "als-xy-wing", "death-blossom", "als-xy-chain", "aligned-pair-exclusion",
    "sue-de-coq", "nishio", "cell-unit-forcing-chain", "forcing-chain", "forcing-chain-plus",
    "nested-forcing-chain", "nested-multiple-chain", "nested-dynamic-chain",
    "nested-deep-chain", "aligned-triple-exclusion", "wxyz-wing", "vwxyz-wing", "uvwxyz-wing",
    "tuvwxyz-wing",
})


#: The techniques that take the place of one of the same key on a sheet.
SHEET_STAND_INS: dict[str, Technique] = {
    t.key: t for t in (*SHEET_FISH.values(), SHEET_FINNED[2], SHEET_SASHIMI[2],
                       SHEET_SKYSCRAPER, SHEET_KITE)}


def allowed(tech: Technique, geo: Geometry) -> bool:
    """Is ``tech`` sound under the rules of ``geo``?"""
    if geo.classic:
        return True
    if geo.sheet is not None:
        return (tech.key in SHEET_TECHNIQUES and tech is SHEET_STAND_INS.get(tech.key, tech)
                or tech is LOCKED_HOUSES)
    if tech.uniqueness:
        return False
    return not (geo.rules.is_jigsaw and tech.key in BOX_SHAPED)


def ladder_for(geo: Geometry, techniques: tuple[Technique, ...]) -> tuple[Technique, ...]:
    """``techniques`` as they run under the rules of ``geo`` (themselves on a classic grid)."""
    if geo.classic:
        return techniques
    if geo.sheet is not None:
        return _sheet_ladder(techniques)
    families = frozenset(c.family for c in geo.rules.constraints)
    unknown = sorted(families - set(FAMILY_TECHNIQUES) - {"killer"})
    if unknown:
        raise UnsupportedRulesError(
            f"solving {geo.rules.describe()} puzzles by logic is not supported yet: no "
            f"technique reads {', '.join(unknown)} constraints")
    return _variant_ladder(techniques, bool(geo.differ_bits), bool(geo.neighbour_bits),
                           bool(geo.more_intersections), geo.rules.is_jigsaw, families,
                           bool(geo.rules.negative_pairs))


@lru_cache(maxsize=64)
def _variant_ladder(techniques: tuple[Technique, ...], differ: bool, neighbours: bool,
                    crossings: bool, jigsaw: bool, families: frozenset[str] = frozenset(),
                    negative: bool = False) -> tuple[Technique, ...]:
    keys = {t.key for t in techniques}
    first = [t for t in RULE_STEPS if t is not NON_CONSECUTIVE or neighbours]
    if not differ:
        first = [t for t in first if t not in (ANTI_KNIGHT, ANTI_KING)]
    out = [t for t in techniques if not t.uniqueness
           and not (jigsaw and t.key in BOX_SHAPED) and t not in first]
    more = []
    if crossings and keys & {"pointing", "claiming"}:
        more.append(LOCKED_HOUSES)
    if differ and keys & {"pointing", "claiming"}:
        more.append(LOCKED_BY_MOVES)
    medium = any(t.level >= Level.MEDIUM for t in techniques)
    hard = any(t.level >= Level.HARD for t in techniques)
    if neighbours:
        top = max((t.level for t in techniques), default=Level.EASY)
        more += [t for t in NEIGHBOUR_TECHNIQUES if t.level <= top and t not in techniques]
    more += _constraint_techniques(families, negative, medium, hard)
    for tech in more:
        at = next((i for i, t in enumerate(out) if (t.level, t.score) > (tech.level, tech.score)),
                  len(out))
        out.insert(at, tech)
    return tuple(first) + tuple(out)


@lru_cache(maxsize=16)
def _sheet_ladder(techniques: tuple[Technique, ...]) -> tuple[Technique, ...]:
    """``techniques`` as they run on overlapping grids: those of :data:`SHEET_TECHNIQUES`,
    and Locked Candidates (where two grids' lines cross) beside Pointing and Claiming."""
    out = [SHEET_STAND_INS.get(t.key, t) for t in techniques if t.key in SHEET_TECHNIQUES]
    if {t.key for t in out} & {"pointing", "claiming"}:
        at = next((i for i, t in enumerate(out)
                   if (t.level, t.score) > (LOCKED_HOUSES.level, LOCKED_HOUSES.score)), len(out))
        out.insert(at, LOCKED_HOUSES)
    return tuple(out)


def _constraint_techniques(families: frozenset[str], negative: bool,
                           medium: bool, hard: bool) -> list[Technique]:
    """The techniques of the constraints of ``families`` (and of the signs not drawn where
    all are given): each family's own, and the killer techniques where cages are drawn
    (beyond a cage's combinations only when the ladder goes past the easy techniques, and
    a trial of a cage's combinations only when it holds hard ones)."""
    out = [tech for family, tech in FAMILY_TECHNIQUES.items() if family in families]
    if "killer" in families:
        out += [t for t in KILLER_TECHNIQUES if t.level == Level.EASY
                or (medium and t.level == Level.MEDIUM) or (hard and t.level == Level.HARD)]
    if negative:
        out.append(NO_SIGN)
    return out
