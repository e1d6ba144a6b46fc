"""The named choices a generated puzzle can be asked for: clue symmetries and rated levels.

Their own small module so that the ``sudoku create`` options and the web API can list them
without loading the generator (which ``sudoku`` would then import at every start).
:mod:`sudokit.generator` exports them too.
"""

from __future__ import annotations

#: The clue patterns ``symmetry=`` accepts: name -> what stays the same.
SYMMETRIES: dict[str, str] = {
    "none": "no symmetry",
    "rot180": "turning the grid half a turn (180 degrees)",
    "rot90": "turning the grid a quarter turn (90 degrees)",
    "mirror": "mirroring left to right (about the middle column)",
    "flip": "flipping top to bottom (about the middle row)",
    "diagonal": "reflecting in the main diagonal (top left to bottom right)",
    "antidiagonal": "reflecting in the anti-diagonal (top right to bottom left)",
    "dihedral": "all eight turns and reflections of the square (also: full)",
}

#: The levels ``difficulty=`` accepts, easiest first (sudokit.logic's scale).
DIFFICULTIES = ("easy", "medium", "hard", "expert", "extreme")
