"""rate, hint and explain on the command line under a variant's rules (--variant)."""

from __future__ import annotations

from test_logic_variants import variant_puzzles

from sudokit.logic import rate
from support.clirunner import sudoku


def line_of(preset: str, seed: int) -> bytes:
    """One puzzle of ``preset`` as a line of 81 characters."""
    (puzzle, _), = variant_puzzles(preset, 1, 22, seed)
    return ("".join(str(d or ".") for d in puzzle.cells) + "\n").encode()


def test_rate_hint_and_explain_honour_a_variant() -> None:
    text = line_of("anti-knight", 4)
    rated = sudoku("rate", "--variant", "anti-knight", stdin=text)
    assert rated.status == 0, rated.stderr
    (puzzle, _), = variant_puzzles("anti-knight", 1, 22, 4)
    rating = rate(puzzle)
    assert f"{rating.level} {rating.score:.1f} ({rating.hardest})" in rated.out
    hinted = sudoku("hint", "--why", "--variant", "anti-knight", stdin=text)
    assert hinted.status == 0, hinted.stderr
    assert hinted.out.startswith("Anti-Knight [") and "a knight's move away" in hinted.out
    explained = sudoku("explain", "--variant", "anti-knight", stdin=text)
    assert explained.status == 0 and "a knight's move away" in explained.out


def test_a_variant_is_rated_under_its_rules_not_as_classic() -> None:
    text = line_of("x", 5)
    as_x = sudoku("rate", "--variant", "x", stdin=text)
    assert as_x.status == 0
    assert "(no solution)" not in as_x.out
    assert sudoku("rate", stdin=text).out != as_x.out  # several solutions without the diagonals
