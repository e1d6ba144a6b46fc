"""The singles of an assumption that tracks ancestry, with the ancestry gathered inline,
draw exactly what the plain singles draw: the same board, the same placements in the same
order, the same ancestors for each deduction and the same contradiction (its text and the
ancestors of its two sides), for every candidate assumed on boards that hard puzzles reach
(classic and X-sudoku), at the root and inside an outer assumption."""

from __future__ import annotations

from sudokit.logic.board import Contradiction, bits
from sudokit.logic.graphs.hypothesis import Hypothesis
from sudokit.rules import Rules
from support.hypotheses import X_PUZZLE, hypothesis_layers

# hard puzzles (Sudoku Explainer 11 and up): their assumptions reach every kind of board
PUZZLES = [
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..3......4...8..36..8...1...4..6..73...9...1......2.....4.7..686........7..6..5..",
]


def _run(layer: Hypothesis, cell: int, d0: int, inline: bool, chain: int) -> object:
    """Everything an assumption of ``d0`` in ``cell`` on a copy of ``layer`` draws (with
    ``chain``, the assumption rests on an inner chain of that length, as an applied nested
    deduction does)."""
    h = layer.copy()
    if chain:
        i = cell * h.geo.n + d0
        h.on_anc[i] = 1 << i | 1 << (2 * len(h.masks) * h.geo.n + len(h.chains))  # type: ignore[index]
    placed: list[tuple[int, int]] = []
    try:
        h.singles([(cell, d0)], placed, inline=inline)
        end: object = None
    except Contradiction as e:
        end = (str(e), h.clash)
    return (end, placed, h.masks, h.dcells, h.placed_in, h.unsolved, h.count, h.on_anc,
            h.off_anc)


def test_inline_ancestry_singles_are_the_plain_ones(pure: bool) -> None:
    layers = [h for p in PUZZLES for h in hypothesis_layers(p, None, 3)]
    layers += hypothesis_layers(X_PUZZLE, Rules.preset("x"), 3)
    assert len(layers) >= 12
    contradictions = 0
    for k, layer in enumerate(layers):
        for cell in bits(layer.unsolved):
            for d0 in bits(layer.masks[cell]):
                chain = 7 if (cell + k) % 3 == 0 else 0
                plain = _run(layer, cell, d0, False, chain)
                assert _run(layer, cell, d0, True, chain) == plain, (k, cell, d0)
                contradictions += plain[0] is not None  # type: ignore[index]
    assert contradictions > 50  # both ends are covered: contradictions and settled boards
