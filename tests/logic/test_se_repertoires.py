"""The techniques named ``se`` and ``sukaku``: Sudoku Explainer 1.2.1.3's and Sukaku
Explainer's repertoires, with which ratings come closest to theirs. Each puzzle here is rated
by that program as pinned (run on it), where the default ladder rates it otherwise."""

from __future__ import annotations

import pytest

from sudokit import Grid
from sudokit.logic import rate
from sudokit.logic.select import choose
from support.clirunner import sudoku

# (puzzle, names, the program's ER, its hardest step here, the default ladder's ER)
RATED = [
    # SE 1.2.1.3 has no turbot fish: it needs a BUG (5.6) where a Skyscraper (4.0) does here
    (".3...694............9453.867.4..........8..........13582.5....1..76...5.3..2.....",
     "se", 5.6, "BUG+1", 4.0),
    # nor W-Wing (5.8 here): an AIC (7.1)
    ("..9......3...4.5.6....5....57.8..3...942.175......9.1....39.4..74..8..9...5......",
     "se", 7.1, "AIC", 5.8),
    # nor a BUG Type 2 before it in the default ladder
    ("169.........4.759......8...4...9..288.2...1..........3.3.7.....7..8..9.......3..5",
     "se", 5.7, "BUG Type 2", 4.2),
    # Sukaku Explainer's WXYZ-Wing (5.5) where an XY-Chain (6.8) does here
    ("2.......58.5..2....4..9.8..3...4.....5.....1.....2..43.8...7....19.8.2.......19.7",
     "sukaku", 5.5, "WXYZ-Wing", 6.8),
    # its VWXYZ-Wing (6.4) where a W-Wing (5.8) does here
    ("...4..6...52.....3...56.1.2.75.......4.....8..3912......4.1...6...27..........75.",
     "sukaku", 6.4, "VWXYZ-Wing", 5.8),
]


@pytest.mark.parametrize(("puzzle", "names", "er", "hardest", "default"), RATED)
def test_each_repertoire_rates_as_its_program(
    pure: bool, puzzle: str, names: str, er: float, hardest: str, default: float
) -> None:
    r = rate(Grid(puzzle), techniques=choose(names))
    assert (r.er, r.hardest) == (er, hardest)
    assert rate(Grid(puzzle)).er == default


def test_the_repertoires_leave_out_what_the_programs_lack() -> None:
    se = {t.key for t in choose("se")}
    sukaku = {t.key for t in choose("sukaku")}
    lacking = {"w-wing", "finned-x-wing", "sue-de-coq", "grouped-aic", "als-xz", "3d-medusa",
               "hidden-rectangle"}
    assert not (se | sukaku) & lacking
    # Sukaku Explainer's skyscrapers, kites and empty rectangles are its chains of strong links
    assert {"strong-links-2", "strong-links-3", "strong-links-4", "wxyz-wing"} <= sukaku - se
    assert not {"skyscraper", "2-string-kite", "empty-rectangle"} & (se | sukaku)
    assert {"bug-2", "bug-3", "bug-4", "aligned-pair-exclusion", "nested-forcing-chain"} <= se


def test_rate_takes_the_names_on_the_command_line() -> None:
    puzzle = RATED[0][0]
    out = sudoku("rate", "--techniques", "se", stdin=(puzzle + "\n").encode())
    assert out.status == 0 and out.out.startswith("hard 5.6 (BUG+1)")
