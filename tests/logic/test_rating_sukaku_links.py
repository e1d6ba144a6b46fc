"""The ``sukaku`` scale's chains of two to four strong links on one digit, plain and grouped,
rated as Sukaku Explainer rates them (4.0 for two links, 5.4 for three, 5.8 for four; a
grouped link 0.3 more, else a box link and lines of both directions 0.1 each) and tried where
it tries them (two links before the XY-Wing, three before the WXYZ-Wing); and its wings, the
least-scored taken, doubly linked ones too. The expected ratings are Sukaku Explainer's own
(run on these puzzles, ER)."""

from __future__ import annotations

import pytest

from sudokit import Grid
from sudokit.logic import rate, solve_path
from sudokit.logic.select import choose

#: (puzzle, Sukaku Explainer's ER, the hardest step's technique, sudokit's own scale's rating,
#: which stays as it is); each comment says what the sukaku scale gave before
RATED = [
    # a turbot fish (a box link and a row link): 4.1, where an empty rectangle of 4.5 was
    ("......1..4...91..816..3.72.51....246.9..4.5.......8.............2.3..97.....8..35",
     4.1, "2 Strong Links", 4.1),
    # a grouped 2-String Kite, 4.3 (a Nishio chain of 7.8 before)
    ("....2.5....9.8.7..3..5..1..........2..3...6...87.9..5..2..67..48.......1..62.....",
     4.3, "2 Strong Links", 5.8),
    # a grouped skyscraper of 4.3 comes before the XY-Wing of 4.2
    (".4.....3.1.3.8..4...2...8.5...6.8.1.4...9......8.43...2.156.....3....192.........",
     4.3, "2 Strong Links", 4.2),
    # three skyscrapers, 5.4 (an X-Chain of 6.7 before)
    ("8...3.24..2.7.............1..51.8..2....9.....76..3.5..9..4..6.6.7...9....1......",
     5.4, "3 Strong Links", 5.5),
    # three grouped links, 5.7, tried before the WXYZ-Wing of 5.5
    ("..7......2.8....4.639...5.......2713....73..8........4.9.72.....2..51..97.49...6.",
     5.7, "3 Strong Links", 7.3),
    # a loop of four links (a box, a row and two columns): 6.0 (a TUVWXYZ-Wing of 7.0 before)
    ("..5..2..6..9...5..1......2.3.....7..24.5.6..8....9.4......5.3...5.8...1..3.2.9...",
     6.0, "4 Strong Links", 5.8),
    # a doubly linked UVWXYZ-Wing, 6.6 (an AIC of 7.2 before)
    ("2..9....839.41....5.6.2..4......37..........2..56....4....49.214..8....6....7....",
     6.6, "UVWXYZ-Wing", 7.3),
    # of the WXYZ-Wings the least-scored: all its cells bivalue, 5.5 (one of 5.6 before)
    ("....1..3...946....3..........4..58...3.7..16...762.95.4.62.....9......8.58......7",
     5.5, "WXYZ-Wing", 6.8),
]


@pytest.mark.parametrize(("puzzle", "er", "hardest", "own"), RATED)
def test_links_and_wings_rate_as_sukaku_explainer_rates_them(
        pure: bool, puzzle: str, er: float, hardest: str, own: float) -> None:
    rating = rate(Grid(puzzle), scale="sukaku")
    assert (rating.score, rating.hardest) == (er, hardest)
    assert rate(Grid(puzzle)).score == own  # sudokit's own scale is not changed


def _solution(puzzle: str) -> list[int]:
    """The puzzle's solution, by plain backtracking on the cell of fewest digits (these
    puzzles have one)."""
    cells = [int(ch) if ch.isdigit() else 0 for ch in puzzle]
    peers = [{9 * (i // 9) + k for k in range(9)} | {9 * k + i % 9 for k in range(9)}
             | {27 * (i // 27) + 3 * (i % 9 // 3) + 9 * (k // 3) + k % 3 for k in range(9)}
             for i in range(81)]

    def fill() -> bool:
        open_cells = [(set(range(1, 10)) - {cells[p] for p in peers[i]}, i)
                      for i in range(81) if not cells[i]]
        if not open_cells:
            return True
        digits, i = min(open_cells, key=lambda x: len(x[0]))
        for d in digits:
            cells[i] = d
            if fill():
                return True
        cells[i] = 0
        return False

    assert fill()
    return cells


@pytest.mark.parametrize("puzzle", [p for p, *_ in RATED])
def test_link_and_wing_steps_remove_no_solution_digit(pure: bool, puzzle: str) -> None:
    solution = _solution(puzzle)
    path = solve_path(Grid(puzzle), techniques=choose("sukaku"))
    assert path.solved
    steps = [s for s in path.steps if s.key.startswith("strong-links-")
             or s.key.endswith("xyz-wing") and s.key != "xyz-wing"]
    assert steps
    for step in steps:
        for gone in step.eliminations:
            r, c = int(gone.cell[1]) - 1, int(gone.cell[3]) - 1
            assert solution[9 * r + c] != gone.digit, (step.text, gone)
