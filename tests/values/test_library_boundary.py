"""The library checks its arguments where they come in: a wrong kind of value is a
TypeError, a value out of range a ValueError (sudokit's errors are ValueErrors too), each
saying what was expected; and the result classes read well and turn into plain data."""

from __future__ import annotations

import math
import pydoc

import numpy as np
import pytest

import sudokit
from sudokit import Grid, count_solutions, has_unique_solution, is_solution, search, solve
from sudokit.batch import count_array, solve_array
from sudokit.shape import Shape

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
G = Grid(PUZZLE)
ARRAY = np.array([list(G.cells)], dtype=np.uint8)


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: Grid(None), TypeError, "Grid.from_rows"),
    (lambda: Grid(1.5), TypeError, "Grid.from_rows"),
    (lambda: Grid([[1.5] * 4] * 4), TypeError, "integers"),
    (lambda: Grid.from_cells([0.5] * 81), TypeError, "whole number"),
    (lambda: solve(None), TypeError, "a Grid"),
    (lambda: solve(PUZZLE[:4]), TypeError, "Grid("),
    (lambda: count_solutions(None), TypeError, "a Grid"),
    (lambda: has_unique_solution("..."), TypeError, "a Grid"),
    (lambda: is_solution(None, G), TypeError, "a Grid"),
    (lambda: is_solution(G, PUZZLE), TypeError, "a Grid"),
    (lambda: search(G, time_limit=-1), ValueError, "positive"),
    (lambda: search(G, time_limit=math.nan), ValueError, "positive"),
    (lambda: search(G, time_limit="1"), TypeError, "seconds"),
    (lambda: search(G, limit=1.5), TypeError, "whole number"),
    (lambda: search(G, limit=0), ValueError, "from 1"),
    (lambda: count_solutions(G, 10**20), ValueError, "2147483647"),
    (lambda: count_array(ARRAY, limit=10**20), ValueError, "2147483647"),
    (lambda: solve_array(ARRAY, jobs=1.5), TypeError, "whole number"),
    (lambda: solve_array(ARRAY, jobs=-1), ValueError, "at least 1"),
    (lambda: Shape(1.5, 2), TypeError, "whole numbers"),
    (lambda: Shape.for_size(9.0), TypeError, "whole number"),
    (lambda: G[(0, 9)], IndexError, "0 to 8"),
    (lambda: G[(-1, 0)], IndexError, "0 to 8"),
    (lambda: G[1.5], TypeError, "r1c1"),
    (lambda: G.with_digit("r1c2", 1.5), TypeError, "whole number"),
    (lambda: G.with_digit((9, 0), 1), IndexError, "0 to 8"),
])
def test_bad_arguments_say_what_was_expected(call, error, words) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)


def test_grid_from_what_people_have() -> None:
    rows = G.rows()
    assert Grid(rows) == G
    assert Grid([list(r) for r in rows]) == G
    assert Grid(np.array(rows)) == G
    assert Grid(np.array(G.cells)) == G
    assert Grid(list(G.cells)) == G
    assert Grid(str(G)) == G  # the drawing reads back
    assert Grid(G) == G


def test_cells_are_named_alike_everywhere() -> None:
    assert G["r1c5"] == G[0, 4] == G[4] == 3
    changed = G.with_digit("r1c2", 6)
    assert changed["r1c2"] == 6 and changed.with_digit((0, 1), 0) == G


def test_help_of_the_logic_functions_is_short() -> None:
    for name in ("hint", "next_step", "solve_path"):
        text = pydoc.render_doc(getattr(sudokit, name), renderer=pydoc.plaintext)
        assert len(text) < 2500, (name, len(text))
        assert "Technique(" not in text


def test_hint_path_and_rating_read_well_and_are_data() -> None:
    import json

    found = sudokit.hint(G)
    assert str(found) == str(found.step) and "Hint(" not in str(found)
    path = sudokit.solve_path(G, guess=True)
    assert str(path).startswith(f"solved after {len(path)} steps (hardest: ")
    rating = sudokit.rate(G)
    for value in (found, path, rating):
        data = value.to_dict()
        assert json.loads(json.dumps(data)) == data
    assert found.to_dict()["step"]["technique"] == found.step.technique
    assert len(path.to_dict()["steps"]) == len(path)
    assert str(sudokit.hint(sudokit.solve(G))) == "solved: no step left"
