"""The techniques, one small module each, and the ladder that orders them.

The ladder goes level by level (all easy techniques before any medium one, and so on), and
within a level roughly from the lowest score up, so the first step found is always one of
the easiest available. A puzzle's level is then the level of the hardest step it needed.
(Skyscraper and 2-String Kite come before the finned X-Wing: most skyscrapers are also
sashimi X-Wings, and the simpler name is the one a solver looks for first.) W-Wing, the
highest score of its level, comes last in it: tried before the unique rectangles, it took the
place of the rectangles and fish that Sudoku Explainer finds first.
"""

from __future__ import annotations

from ..step import Technique
from . import (
    aic,
    aligned_exclusion,
    als_chain,
    als_nodes_chains,
    als_xy_wing,
    als_xz,
    avoidable_rectangles,
    bug,
    bug_types,
    death_blossom,
    direct,
    empty_rectangle,
    finned_fish,
    fish,
    forcing_chains,
    franken_fish,
    full_house,
    grouped_chains,
    hidden_rectangles,
    hidden_single,
    locked_candidates,
    locked_subsets,
    medusa,
    multi_colouring,
    naked_single,
    nested_chains,
    nice_loops,
    remote_pairs,
    simple_colouring,
    skyscraper,
    static_chains,
    strong_link_chains,
    subsets,
    sue_de_coq,
    templates,
    two_string_kite,
    unique_loops,
    unique_rectangle5,
    unique_rectangles,
    w_wing,
    wings,
    xy_wing,
    xyz_wing,
)

LADDER: tuple[Technique, ...] = (
    # easy
    full_house.FULL_HOUSE,
    hidden_single.HIDDEN_SINGLE,
    naked_single.NAKED_SINGLE,
    # medium
    locked_candidates.POINTING,
    locked_candidates.CLAIMING,
    subsets.NAKED_PAIR,
    subsets.HIDDEN_PAIR,
    subsets.NAKED_TRIPLE,
    subsets.HIDDEN_TRIPLE,
    # hard
    fish.X_WING,
    skyscraper.SKYSCRAPER,
    two_string_kite.TWO_STRING_KITE,
    finned_fish.FINNED[2],
    fish.SWORDFISH,
    xy_wing.XY_WING,
    xyz_wing.XYZ_WING,
    empty_rectangle.EMPTY_RECTANGLE,
    unique_rectangles.UR_TYPE1,
    unique_rectangles.UR_TYPE2,
    unique_rectangle5.UR_TYPE5,
    simple_colouring.SIMPLE_COLOURING,
    multi_colouring.MULTI_COLOURING,
    unique_rectangles.UR_TYPE4,
    unique_rectangles.UR_TYPE3,
    hidden_rectangles.UR_TYPE6,
    hidden_rectangles.HIDDEN_RECTANGLE,
    subsets.NAKED_QUAD,
    fish.JELLYFISH,
    subsets.HIDDEN_QUAD,
    bug.BUG_PLUS_1,
    w_wing.W_WING,
    # expert
    finned_fish.FINNED[3],
    finned_fish.FINNED[4],
    sue_de_coq.SUE_DE_COQ,
    aligned_exclusion.ALIGNED_PAIR,
    aic.X_CHAIN,
    aic.XY_CHAIN,
    aic.AIC,
    grouped_chains.GROUPED_X_CHAIN,
    grouped_chains.GROUPED_AIC,
    medusa.MEDUSA,
    als_xz.ALS_XZ,
    als_xy_wing.ALS_XY_WING,
    death_blossom.DEATH_BLOSSOM,
    als_chain.ALS_XY_CHAIN,
    static_chains.NISHIO,
    static_chains.MULTIPLE,
    # extreme
    forcing_chains.FORCING_CHAIN,
    *nested_chains.TECHNIQUES,
    nested_chains.DEEP,
)

#: Techniques the library has but the default ladder leaves out, because they cost the rater
#: far more than they find. A ladder chosen by name (``--techniques``, see
#: :mod:`sudokit.logic.select`) may include them; each then takes its place among the ladder's
#: techniques by level and score.
OPTIONAL: tuple[Technique, ...] = (
    franken_fish.FRANKEN,
    franken_fish.FINNED_FRANKEN,
    franken_fish.MUTANT,
    franken_fish.FINNED_MUTANT,
    franken_fish.FRANKEN_JELLYFISH,
    franken_fish.FINNED_FRANKEN_JELLYFISH,
    franken_fish.MUTANT_JELLYFISH,
    franken_fish.FINNED_MUTANT_JELLYFISH,
    franken_fish.FINNED_MUTANT_SQUIRMBAG,
    franken_fish.FINNED_MUTANT_WHALE,
    *fish.BIG_FISH.values(),
    aligned_exclusion.ALIGNED_TRIPLE,
    *wings.WINGS.values(),
    bug_types.BUG_TYPE2,
    bug_types.BUG_TYPE3,
    bug_types.BUG_TYPE4,
    avoidable_rectangles.AR_TYPE1,
    avoidable_rectangles.AR_TYPE2,
    *direct.TECHNIQUES,
    *unique_loops.TECHNIQUES,
    als_xz.DOUBLY_LINKED_ALS_XZ,
    als_xy_wing.LARGE_ALS_XY_WING,
    death_blossom.LARGE_DEATH_BLOSSOM,
    als_chain.LARGE_ALS_XY_CHAIN,
    locked_subsets.LOCKED_PAIR,
    locked_subsets.LOCKED_TRIPLE,
    remote_pairs.REMOTE_PAIR,
    sue_de_coq.LARGE_SUE_DE_COQ,
    nice_loops.CONTINUOUS_NICE_LOOP,
    nice_loops.GROUPED_CONTINUOUS_NICE_LOOP,
    templates.TEMPLATE_SET,
    templates.TEMPLATE_DELETE,
    *strong_link_chains.TECHNIQUES.values(),
    als_nodes_chains.ALS_NODE_AIC,
)

#: Every technique by key: the ladder's, the sashimi fish (found by the finned fish search)
#: and the optional ones.
BY_KEY: dict[str, Technique] = {
    t.key: t for t in LADDER + tuple(finned_fish.SASHIMI.values()) + OPTIONAL
}
