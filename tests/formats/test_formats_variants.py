"""Puzzles whose rules a classic format cannot hold: an ipuz sudoku without its standard
boxes, or with cages, is refused by name (it was solved as a classic puzzle), at the
command line in one line with status 2; and the jigsaw text layout (a clue grid, then a
grid of region letters) reads and writes a puzzle with its regions."""

from __future__ import annotations

import json

import pytest

from sudokit import formats as F
from sudokit.errors import UnsupportedRulesError
from support.clirunner import sudoku

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _ipuz(**extra: object) -> str:
    rows = [[int(ch) if ch != "." else 0 for ch in PUZZLE[r * 9:r * 9 + 9]] for r in range(9)]
    doc = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"],
           "puzzle": rows, **extra}
    return json.dumps(doc)


@pytest.mark.parametrize(("extra", "words"), [
    ({"boxes": False}, '"boxes": false (no standard boxes: irregular regions)'),
    ({"cages": [{"cells": [[1, 1], [1, 2]], "value": 12}]}, '"cages" (cages'),
    ({"zones": [{"cells": [[1, 1]]}]}, '"zones" (extra regions)'),
    ({"showoperators": True}, '"showoperators"'),
])
def test_an_ipuz_sudoku_with_other_rules_is_refused_by_name(extra: dict[str, object],
                                                            words: str) -> None:
    with pytest.raises(UnsupportedRulesError, match="is not supported yet") as e:
        F.loads(_ipuz(**extra), "ipuz")
    assert words in str(e.value)
    done = sudoku("solve", "-", "--from", "ipuz", stdin=_ipuz(**extra).encode())
    assert done.status == 2
    assert done.stderr.count("\n") == 1 and words in done.stderr


def test_an_ipuz_sudoku_with_its_boxes_is_read_as_before() -> None:
    for extra in ({}, {"boxes": True}, {"cages": [], "showoperators": False}):
        (grid,) = F.loads(_ipuz(**extra), "ipuz")
        assert grid.to_line() == PUZZLE and grid.rules.is_classic
