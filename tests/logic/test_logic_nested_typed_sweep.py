"""The typed singles of a tracked sweep's assumptions draw exactly what the plain singles of
a copy of the sweep's root draw: the same contradiction (its text, the ancestors of its two
sides and the deductions made), else the same candidates, digits' cells and unplaced cells,
with the same ancestors for every placement and elimination; and a sweep of dynamic forcing
chains finds the same deduction, with the same lengths and ancestors, either way. Boards
that hard puzzles reach (classic and X-sudoku), at the root and inside outer assumptions."""

from __future__ import annotations

import pytest

from sudokit import Grid
from sudokit.logic.board import Board, Contradiction, bits
from sudokit.logic.graphs import sweep9
from sudokit.logic.graphs.agreement import Settled, agree
from sudokit.logic.graphs.hypothesis import Hypothesis, deductions
from sudokit.rules import Rules
from support.hypotheses import X_PUZZLE, hypothesis_layers

# hard puzzles (Sudoku Explainer 11 and up): their assumptions reach every kind of board
PUZZLES = [
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "..3......4...8..36..8...1...4..6..73...9...1......2.....4.7..686........7..6..5..",
]


def _plain(layer: Hypothesis, cell: int, d0: int) -> tuple[object, ...]:
    h = layer.copy()
    try:
        h.singles([(cell, d0)], inline=False)
    except Contradiction as e:
        return (str(e), h.clash, h.count)
    return ("", h.masks, h.dcells, h.unsolved, h.count, _ancestors(h, layer.masks))


def _typed(typed: sweep9.Sweep9, layer: Hypothesis, cell: int, d0: int) -> tuple[object, ...]:
    b = typed.branch(cell, d0)
    try:
        b.check()
    except Contradiction as e:
        return (str(e), b.clash, b.count)
    return ("", b.masks, b.dcells, b.unsolved, b.count, _ancestors(b, layer.masks))


def _ancestors(h: Hypothesis | sweep9.Branch, masks: list[int]) -> list[int]:
    """The ancestors of every placement and elimination of the layer's candidates."""
    return [f(c, d0) for c in range(81) for d0 in bits(masks[c])
            for f in (h.on_ancestors, h.off_ancestors)]


def test_typed_sweep_singles_are_the_plain_ones(pure: bool) -> None:
    layers = [h for p in PUZZLES for h in hypothesis_layers(p, None, 2)]
    layers += hypothesis_layers(X_PUZZLE, Rules.preset("x"), 2)
    assert len(layers) >= 7
    contradictions = settled = 0
    for k, layer in enumerate(layers):
        typed = sweep9.sweep(layer, typed=True)
        assert typed is not None
        for cell in bits(layer.unsolved):
            for d0 in bits(layer.masks[cell]):
                plain = _plain(layer, cell, d0)
                assert _typed(typed, layer, cell, d0) == plain, (k, cell, d0)
                contradictions += plain[0] != ""
                settled += plain[0] == ""
    assert contradictions > 50 and settled > 50  # both ends are covered


def _found(layer: Hypothesis, monkeypatch: pytest.MonkeyPatch, typed: bool) -> object:
    monkeypatch.setattr(sweep9, "sweep", lambda root: sweep9.Sweep9(
        root.geo, root.masks, root.dcells, root.placed_in, root.unsolved, root.source)
        if typed else None)
    found = deductions(layer, 0, every=True)
    return None if found is None else (found.kind, found.place, found.elim, found.sources,
                                       found.length, found.reason, found.where, found.total,
                                       found.why)


def test_a_dynamic_sweep_finds_the_same_deduction_typed(pure: bool,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    layers = [h for p in PUZZLES for h in hypothesis_layers(p, None, 3)]
    found = 0
    for layer in layers:
        plain = _found(layer, monkeypatch, False)
        assert _found(layer, monkeypatch, True) == plain
        found += plain is not None
    assert found >= 3


def _outcomes(layer: Hypothesis, typed: bool) -> dict[tuple[int, int], Settled]:
    """Every assumption on ``layer`` that settles without a contradiction."""
    sweep = sweep9.sweep(layer, typed=True)
    assert sweep is not None
    out: dict[tuple[int, int], Settled] = {}
    for cell in bits(layer.unsolved):
        for d0 in bits(layer.masks[cell]):
            h = layer.copy()
            try:
                if typed:
                    b = sweep.branch(cell, d0)
                    b.check()
                    out[(cell, d0)] = b
                else:
                    h.singles([(cell, d0)], inline=False)
                    out[(cell, d0)] = h
            except Contradiction:
                continue
    return out


def test_typed_branches_agree_where_the_plain_ones_do(pure: bool) -> None:
    layers = [h for p in PUZZLES for h in hypothesis_layers(p, None, 2)]
    layers += hypothesis_layers(X_PUZZLE, Rules.preset("x"), 2)
    agreed = 0
    for layer in layers:
        plain = _outcomes(layer, False)
        typed = _outcomes(layer, True)
        outer = layer.outer()
        groups = [("cell", -1, [(c, d0) for d0 in bits(layer.masks[c])])
                  for c in bits(layer.unsolved)]
        groups += [("unit", u, [(c, d0) for c in bits(layer.dcells[d0] & ub)])
                   for u, ub in enumerate(layer.geo.unit_bits) for d0 in range(9)
                   if (layer.dcells[d0] & ub).bit_count() >= 2]
        for kind, u, group in groups:
            want = agree(layer, group, plain, kind, u, outer)
            got = agree(layer, group, typed, kind, u, outer)
            assert (got is None) == (want is None), (kind, u, group)
            if want is not None and got is not None:
                assert (got.place, got.elim, got.length, got.total, got.why) == \
                    (want.place, want.elim, want.length, want.total, want.why)
                agreed += 1
    assert agreed > 20


def test_boards_the_typed_sweep_does_not_take() -> None:
    small = Hypothesis.of(Board.from_grid(Grid("." * 16)), track=True)
    assert sweep9.sweep(small, typed=True) is None
    with pytest.raises(ValueError, match="geo"):
        sweep9.Sweep9(small.geo, small.masks, small.dcells, small.placed_in, small.unsolved,
                      small.masks)
