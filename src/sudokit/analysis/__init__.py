"""What a puzzle's givens do: why a puzzle has several solutions or none (two solutions and
an unavoidable set where they differ, the fewest clues that make it unique, the smallest
set of givens with no solution), which givens are redundant, a minimal puzzle, the smallest
singles backdoor. It may import the values, the search (``solver``, ``engine``), the logic
and the formats; never the command line or the web app.

Modules: ``solutions`` (the searches they share: another solution, unavoidable sets),
``uniqueness`` (fewest clues to be unique, redundant givens, minimize), ``clash`` (the
smallest set of givens with no solution), ``verdict`` (all of it for one puzzle, in words,
drawn and as JSON fields), ``backdoor`` (singles backdoors).
"""

from __future__ import annotations

from .backdoor import Backdoor, singles_backdoor
from .clash import Core, unsolvable_core
from .uniqueness import Completion, is_minimal, minimize, redundant_givens, unique_with
from .verdict import Why, why

__all__ = ["Backdoor", "Completion", "Core", "Why", "is_minimal", "minimize", "redundant_givens",
           "singles_backdoor", "unique_with", "unsolvable_core", "why"]
