"""Which modules are compiled when the package is installed (setup.py reads this file).

Each is ordinary Python; the compiled extension shadows the .py of the same name, and
``SUDOKIT_PURE_PYTHON=1`` makes every one of them run from its source instead.
"""

#: The engine, in Cython's pure-Python mode: typed, and compiled without bounds checks.
ENGINE_MODULES = (
    "sudokit._core", "sudokit._kernel9", "sudokit.engine._rules", "sudokit.engine._propagators",
    "sudokit.generator._gen_search",
    "sudokit.generator._gen9", "sudokit.generator._gen", "sudokit._lines9",
    "sudokit.generator._singles9", "sudokit.logic.graphs.dense_nodes",
    "sudokit.logic.graphs.als_table", "sudokit.logic.graphs.als_links",
    "sudokit.logic.graphs.x_chain_gate", "sudokit.symmetry._minlex",
    "sudokit.logic.graphs.static9", "sudokit.logic.graphs.basic9",
    "sudokit.logic.graphs.sweep9",
)

#: The human-style solver's hot modules: plain Python, compiled as they are, with Python's
#: own semantics (bounds checks, negative indices) kept. A few type the locals of their
#: hottest loops in Cython's pure-Python mode (the fish: line masks of at most 64 bits).
PLAIN_MODULES = (
    "sudokit.logic.board",
    "sudokit.logic.techniques.aic",
    "sudokit.logic.techniques.aligned_exclusion",
    "sudokit.logic.graphs.als",
    "sudokit.logic.techniques.als_chain",
    "sudokit.logic.techniques.als_xy_wing",
    "sudokit.logic.techniques.als_xz",
    "sudokit.logic.techniques.bug",
    "sudokit.logic.graphs.chains",
    "sudokit.logic.techniques.death_blossom",
    "sudokit.logic.techniques.empty_rectangle",
    "sudokit.logic.techniques.finned_fish",
    "sudokit.logic.techniques.fish",
    "sudokit.logic.techniques.forcing_chains",
    "sudokit.logic.techniques.franken_fish",
    "sudokit.logic.techniques.full_house",
    "sudokit.logic.techniques.grouped_chains",
    "sudokit.logic.techniques.hidden_rectangles",
    "sudokit.logic.techniques.hidden_single",
    "sudokit.logic.graphs.hypothesis",
    "sudokit.logic.graphs.agreement",
    "sudokit.logic.graphs.tracked",
    "sudokit.logic.graphs.ancestry",
    "sudokit.logic.graphs.static_links",
    "sudokit.logic.se_chains",
    "sudokit.logic.techniques.locked_candidates",
    "sudokit.logic.techniques.medusa",
    "sudokit.logic.techniques.multi_colouring",
    "sudokit.logic.techniques.naked_single",
    "sudokit.logic.techniques.simple_colouring",
    "sudokit.logic.techniques.skyscraper",
    "sudokit.logic.techniques.static_chains",
    "sudokit.logic.graphs.strong_links",
    "sudokit.logic.techniques.subsets",
    "sudokit.logic.techniques.sue_de_coq",
    "sudokit.logic.techniques.two_string_kite",
    "sudokit.logic.techniques.unique_rectangle5",
    "sudokit.logic.techniques.unique_rectangles",
    "sudokit.logic.techniques.unique_loops",
    "sudokit.logic.techniques.w_wing",
    "sudokit.logic.techniques.xy_wing",
    "sudokit.logic.techniques.xyz_wing",
    "sudokit.generator.targeted_search",
    "sudokit.engine.innies",
)

#: The modules that may pass CONTRIBUTING.md's 600 lines: compiled kernels whose typed loops
#: must stay in one module (a call across modules is a Python call). tests/project/test_layout.py
#: holds every other module under the limit, and each listed one over it.
LONG_MODULES: dict[str, str] = {
    "sudokit._kernel9": "the 9x9 band solver: propagation and search inlined in typed loops",
    "sudokit.logic.graphs.dense_nodes": "the dense node tables and the chain walks over them",
    "sudokit.logic.graphs.als_links": "the ALS tables, restricted commons and the chain search",
    "sudokit.logic.graphs.als_table": "the ALS listing and ALS-XZ's pair search, doubly linked too",
    "sudokit._lines9": "reading, solving and writing a block of lines without the GIL",
    "sudokit.gpu._kernel": "numba CUDA kernels: device code written inline, one per launch",
    "sudokit.generator._singles9": "the singles fixpoint of the targeted search, inlined",
    "sudokit.generator._gen": "the generator's fill and clue removal, without the GIL",
    "sudokit.engine._propagators": "the cages', lines' and signs' propagation, without the GIL",
    "sudokit.engine._rules": "the rules engine: houses looked at again only where they changed",
    "sudokit.logic.graphs.static9": "the static links, their reach and walks, in typed loops",
}
