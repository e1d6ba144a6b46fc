from __future__ import annotations

import pytest

from sudokit import CellCountError, ConflictError, Grid, ShapeError, SymbolError

LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_repr_evaluates_back() -> None:
    for g in [Grid(LINE), Grid.empty(6), Grid.empty(12), Grid.empty(8, box=(4, 2)), Grid.empty(36)]:
        assert eval(repr(g)) == g


def test_indexing_three_ways() -> None:
    g = Grid(LINE)
    assert g[1] == 3 and g[0, 1] == 3 and g["r1c2"] == 3 and g["R2C1"] == 6


def test_value_semantics() -> None:
    a, b = Grid(LINE), Grid(LINE.replace(".", "0"))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.with_digit(2, 4) != a and a[2] == 0


def test_bad_lines_say_what_is_wrong() -> None:
    with pytest.raises(ShapeError, match="80 cells"):
        Grid(LINE[:-1])
    with pytest.raises(SymbolError, match="'x'.*character 3"):
        Grid("53x" + LINE[3:])
    with pytest.raises(CellCountError):
        Grid("")


def test_conflicts_are_found_and_named() -> None:
    g = Grid("55" + "." * 79)
    assert not g.is_valid()
    with pytest.raises(ConflictError, match="digit 5 appears twice in row 1"):
        g.raise_on_conflict()


def test_natural_box_shapes() -> None:
    assert [Grid.empty(n).box for n in (4, 6, 8, 9, 12, 16, 25)] == [
        (2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)
    ]
    with pytest.raises(ShapeError, match="natural box"):
        Grid.empty(7)
    assert Grid.empty(7, box=(1, 7)).n == 7
