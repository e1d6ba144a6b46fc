"""Which modules are compiled when the package is installed (setup.py reads this file).

Each is ordinary Python; the compiled extension shadows the .py of the same name, and
``SUDOKIT_PURE_PYTHON=1`` makes every one of them run from its source instead.
"""

#: The engine, in Cython's pure-Python mode: typed, and compiled without bounds checks.
ENGINE_MODULES = (
    "sudokit._core", "sudokit._kernel9", "sudokit._gen_search", "sudokit._gen9", "sudokit._gen",
    "sudokit._lines9",
)

#: The human-style solver's hot modules: plain Python, compiled as they are, with Python's
#: own semantics (bounds checks, negative indices) kept.
PLAIN_MODULES = (
    "sudokit.logic.board",
    "sudokit.logic.techniques.als_xz",
    "sudokit.logic.techniques.chains",
    "sudokit.logic.techniques.fish",
    "sudokit.logic.techniques.finned_fish",
    "sudokit.logic.techniques.forcing_chains",
    "sudokit.logic.techniques.hidden_rectangles",
    "sudokit.logic.techniques.hidden_single",
    "sudokit.logic.techniques.hypothesis",
    "sudokit.logic.techniques.locked_candidates",
    "sudokit.logic.techniques.static_chains",
    "sudokit.logic.techniques.subsets",
)
